//! The measures that need no joint chain, for any number of players: the
//! pieces move independently, so the chance that every seat is racing on
//! given states is a product of one piece's chances, and the sums over the
//! other seats' positions factor seat by seat (order statistics, as the
//! seat odds).
//!
//! Seats `0..N` move in order, seat 0 first, one roll a turn. At the end of
//! round `h` a piece is on `x` with `d_h(x)` (games it has not finished). A
//! seat `i` on `x` then wins if it finishes on its `t`-th roll from there,
//! `f_x(t)`, while the seats before it are still racing after `t` rolls and
//! those after it after `t − 1`:
//!
//! - **comeback** (the eventual winner alone last at the end of round `h`):
//!   `Σ_x d_h(x) Σ_t f_x(t) Σ_i U(x, t)^i U(x, t − 1)^(N−1−i)`, with
//!   `U(x, s) = Σ_{y ahead of x} d_h(y) S_y(s)`;
//! - **photo finish** (another seat one roll from the goal when the winner
//!   finishes): with `F_k`, `R_k` and `G_k` one piece's chance to finish
//!   on roll `k + 1`, to be racing after `k` rolls, and to be racing one
//!   roll from the goal, `Σ_k F_k Σ_i (R_{k+1}^i R_k^(N−1−i) − (R_{k+1} −
//!   G_{k+1})^i (R_k − G_k)^(N−1−i))`.
//!
//! For two players these are the joint chain's figures (a test holds them
//! equal). Each is worked out by `race`'s passes, seat by seat, with the
//! leader changes (and, at two seats, the lead changes) beside them.

use ladderkit_core::work::{Meter, pause};
use ladderkit_core::{CompiledBoard, Seats};

use super::race::{self, Reach};
use super::race_unsupported;
use super::turn_chain::TurnChain;
use crate::chain::{RollChain, Scope};
use crate::{AnalysisError, Options};

/// The excitement measures of a table of any size that need no joint chain.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableMeasures {
    pub seats: Seats,
    /// The round half-way through a median game at this table.
    pub half_way_round: u32,
    /// The chance that the game runs on past `half_way_round` with its
    /// eventual winner alone last then.
    pub comeback: f64,
    /// The chance that the winner finishes while another seat is one roll
    /// from the goal.
    pub photo_finish: f64,
    /// Changes of the set of seats furthest along per game, on average
    /// (`race`: joining or leaving a tie counts; nobody leads while every
    /// piece is on the start).
    pub leader_changes: f64,
    /// Two seats: changes of the piece alone in front per game, on average
    /// (`Measures::lead_changes`' mean, by positions alone).
    pub lead_changes: Option<f64>,
    /// Rounds the passes followed (their cost).
    pub rounds: usize,
}

/// The measures at a table of `seats` on `board` (seat 1 opens).
pub fn table_measures(board: &CompiledBoard, seats: Seats, options: &Options) -> Result<TableMeasures, AnalysisError> {
    ladderkit_core::work::run(table_measures_stepped(board, seats, options, &Meter::default()))
}

/// `table_measures` as work that pauses after every round, its progress on
/// `meter` (`ladderkit_core::work`).
pub async fn table_measures_stepped(
    board: &CompiledBoard,
    seats: Seats,
    options: &Options,
    meter: &Meter,
) -> Result<TableMeasures, AnalysisError> {
    if let Some(why) = race_unsupported(board) {
        return Err(AnalysisError::NotExact(why));
    }
    // Each part of the setup is a few milliseconds on the largest boards:
    // a pause between them keeps every step within a frame.
    let chain = RollChain::new(board, Scope::FromStart);
    chain.check_finishes()?;
    pause().await;
    let turns = TurnChain::stepped(&chain).await?;
    pause().await;
    let pass = race::forward(&chain, &turns, seats, options, Reach::Everything, meter, (0.0, 0.7)).await?;
    let comeback = race::comeback(&turns, seats, &pass.half, options, meter, (0.7, 1.0)).await?;
    Ok(TableMeasures {
        seats,
        half_way_round: pass.half_way_round,
        comeback,
        photo_finish: pass.photo_finish.unwrap_or_default(),
        leader_changes: pass.leader_changes.unwrap_or_default(),
        lead_changes: pass.lead_changes,
        rounds: pass.rounds,
    })
}

/// `TableMeasures::comeback` alone (the tuner's), with its half-way round.
pub(crate) fn comeback(chain: &RollChain<'_>, seats: Seats, options: &Options) -> Result<(u32, f64), AnalysisError> {
    let (meter, turns) = (Meter::default(), TurnChain::new(chain)?);
    ladderkit_core::work::run(async {
        let pass = race::forward(chain, &turns, seats, options, Reach::HalfWay, &meter, (0.0, 0.0)).await?;
        let comeback = race::comeback(&turns, seats, &pass.half, options, &meter, (0.0, 0.0)).await?;
        Ok((pass.half_way_round, comeback))
    })
}

/// `TableMeasures::lead_changes` at two seats alone (the tuner's).
pub(crate) fn lead_changes(chain: &RollChain<'_>, options: &Options) -> Result<f64, AnalysisError> {
    let (meter, turns) = (Meter::default(), TurnChain::new(chain)?);
    let pass = ladderkit_core::work::run(race::forward(
        chain,
        &turns,
        Seats::TWO,
        options,
        Reach::LeadChanges,
        &meter,
        (0.0, 0.0),
    ))?;
    Ok(pass.lead_changes.unwrap_or_default())
}

/// `TableMeasures::photo_finish` alone (the tuner's).
pub(crate) fn photo_finish(chain: &RollChain<'_>, seats: Seats, options: &Options) -> Result<f64, AnalysisError> {
    let (meter, turns) = (Meter::default(), TurnChain::new(chain)?);
    let work = race::forward(chain, &turns, seats, options, Reach::PhotoFinish, &meter, (0.0, 0.0));
    let pass = ladderkit_core::work::run(work)?;
    Ok(pass.photo_finish.unwrap_or_default())
}

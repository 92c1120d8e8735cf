//! What a search needs to know about a board, and nothing more. A tuner
//! judges thousands of boards a second, so each figure is computed the
//! cheapest exact way and only when asked for: expected turns and rides
//! from one solve, the fewest rolls by a breadth-first search, a
//! percentile by iterating only until it is passed, the seat edge from the
//! turn distribution to 1e-10. `Metrics::of` reads the same figures off a
//! full `Analysis`; a test holds the two equal.

use ladderkit_core::work::{Meter, pause, run};
use ladderkit_core::{CompiledBoard, Playable, Seats};

use crate::chain::{RollChain, Scope};
use crate::seats::SeatOdds;
use crate::tail::Until;
use crate::{Analysis, AnalysisError, rolls, shortest, turns};

/// Which figures to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wanted {
    pub turns: bool,
    pub rides: bool,
    pub fewest: bool,
    /// This percentile (1..=99) of game length in rolls.
    pub percentile: Option<u32>,
    /// The seat edge at this table.
    pub seat_edge: Option<Seats>,
    /// Expected lead changes in a two-player game.
    pub lead_changes: bool,
    /// The chance of a comeback at this table.
    pub comeback: Option<Seats>,
    /// The chance of a photo finish at this table.
    pub photo_finish: Option<Seats>,
}

/// Figures of one board; `None` where not asked for.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Metrics {
    /// Expected turns of one player.
    pub expected_turns: Option<f64>,
    /// Expected snakes and ladders one piece rides in a game.
    pub expected_rides: Option<f64>,
    /// The fastest possible game, in rolls.
    pub fewest_rolls: Option<u32>,
    /// The asked-for percentile of game length, in rolls.
    pub percentile: Option<u32>,
    /// How much more than a fair share the best seat wins: `max win − 1/n`.
    pub seat_edge: Option<f64>,
    /// Expected lead changes in a two-player game, by position
    /// (`docs/analysis.md`, "Excitement").
    pub lead_changes: Option<f64>,
    /// The chance that the winner was alone last half-way through a median
    /// game (`Wanted::comeback`'s table; for two players: behind).
    pub comeback: Option<f64>,
    /// The chance that a game is won with another seat one roll from
    /// winning (decided late; `Wanted::photo_finish`'s table).
    pub photo_finish: Option<f64>,
}

/// Seat odds are compared to this precision in a search.
const SEAT_PRECISION: f64 = 1e-10;

impl Metrics {
    /// Computes what `wanted` asks for on a board the checks passed.
    pub fn compute(board: &Playable, wanted: &Wanted) -> Result<Self, AnalysisError> {
        run(Self::compute_stepped(board, wanted, &Meter::default()))
    }

    /// `compute` as work that pauses now and then while it follows the
    /// game's course (a percentile, the seat edge), so that a long one on
    /// a huge board can be stopped (`ladderkit_core::work`).
    pub async fn compute_stepped(board: &Playable, wanted: &Wanted, meter: &Meter) -> Result<Self, AnalysisError> {
        let board: &CompiledBoard = board;
        if let Some(e) = crate::interacting(board) {
            return Err(e);
        }
        let chain = RollChain::new(board, Scope::FromStart);
        chain.check_finishes()?;
        // Each figure below can take a while on a huge board: pause
        // between them, so whoever runs this may stop it there.
        pause().await;
        let mut out = Self::default();
        if wanted.turns || wanted.rides {
            let visits = rolls::visits(&chain, meter).await?;
            if wanted.turns {
                out.expected_turns = Some(turns::expected(&chain, &visits.per_state));
            }
            if wanted.rides {
                out.expected_rides = Some(rides(visits.jump_uses.iter().copied()));
            }
        }
        pause().await;
        if wanted.fewest {
            out.fewest_rolls = Some(shortest::shortest_game(board).0);
        }
        pause().await;
        let max_steps = crate::Options::default().max_steps;
        if let Some(p) = wanted.percentile {
            let q = f64::from(p.clamp(1, 99)) / 100.0;
            // Stop as soon as the share is passed (or the tail is known).
            let until = Until { tail: 1.0 - q + 1e-12, bound: 1e-12, max_steps };
            out.percentile = Some(rolls::story(&chain, until, meter).await?.quantile(q, max_steps));
        }
        if let Some(players) = wanted.seat_edge {
            let until = Until { tail: SEAT_PRECISION, bound: SEAT_PRECISION, max_steps };
            let story = turns::story(&chain, None, until, meter).await?;
            out.seat_edge = Some(edge(&SeatOdds::new(&story, players)));
        }
        if (wanted.lead_changes || wanted.comeback.is_some() || wanted.photo_finish.is_some())
            && let Some(why) = crate::excitement::race_unsupported(board)
        {
            return Err(AnalysisError::NotExact(why));
        }
        if wanted.lead_changes {
            // Seat by seat, as `analyze` gives them: no limit on the size.
            pause().await;
            out.lead_changes = Some(crate::excitement::lead_changes(&chain, &crate::Options::default())?);
        }
        if let Some(players) = wanted.comeback {
            pause().await;
            out.comeback = Some(crate::excitement::comeback(&chain, players, &crate::Options::default())?.1);
        }
        if let Some(players) = wanted.photo_finish {
            pause().await;
            out.photo_finish = Some(crate::excitement::photo_finish(&chain, players, &crate::Options::default())?);
        }
        Ok(out)
    }

    /// The same figures read off a full analysis (made for `players` seats);
    /// lead changes, comebacks and photo finishes are not part of it
    /// (`None`: `compute` them).
    pub fn of(a: &Analysis, wanted: &Wanted) -> Self {
        let percentile = wanted.percentile.map(|p| {
            let q = f64::from(p.clamp(1, 99)) / 100.0;
            a.finish_within.iter().position(|done| *done >= q - 1e-12).unwrap_or(a.finish_within.len()) as u32
        });
        Self {
            expected_turns: wanted.turns.then_some(a.expected_turns),
            expected_rides: wanted.rides.then(|| rides(a.jumps.iter().map(|j| j.expected_uses))),
            fewest_rolls: wanted.fewest.then_some(a.min_rolls),
            percentile,
            seat_edge: wanted.seat_edge.map(|_| edge(&a.seats)),
            lead_changes: None,
            comeback: None,
            photo_finish: None,
        }
    }
}

/// Expected rides in all. Summed from +0: a float sum of nothing is -0,
/// which a board without jumps printed as "-0.00".
fn rides(uses: impl Iterator<Item = f64>) -> f64 {
    uses.fold(0.0, |sum, x| sum + x)
}

fn edge(seats: &SeatOdds) -> f64 {
    let fair = 1.0 / f64::from(seats.seats.get());
    seats.win.iter().copied().fold(f64::NEG_INFINITY, f64::max) - fair
}

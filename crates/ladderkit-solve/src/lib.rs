//! Exact odds where pieces meet. The whole game of every player at once
//! (both positions, which piece is on top, whose turn, who has started,
//! what is owed) is explored through the engine's own turn functions into
//! a graph of positions, rolls and options (`graph`). Fixed ways of
//! playing make it a Markov chain, solved exactly (`evaluate`); optimal
//! play is found by value iteration and policy improvement (`optimal`).
//!
//! Its own crate, not part of the analysis: it plays the engine's rules,
//! and the engine already depends on the analysis.

mod evaluate;
mod excitement;
mod graph;
mod key;
mod optimal;
mod perfect;
mod skill;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use ladderkit_core::spec::Win;
use ladderkit_core::work::{Pacer, pause};
use ladderkit_engine::{Engine, Policy};

pub use evaluate::{Choice, Odds, evaluate, evaluate_stepped, share};
pub use excitement::{COURSES, GameExcitement, game_excitement};
pub use graph::{FINISHED, Graph, Limits, Node, Opt, Roll};
pub use optimal::{Optimal, TOLERANCE, optimal, optimal_stepped};
pub use perfect::Perfect;
pub use skill::{Player, Skill, Solver};

/// What a long solve has done so far, for a progress bar (positions
/// explored, then sweeps over them), and a way to stop it from another
/// thread. The solve pauses where it checks (`ladderkit_core::work`), so
/// the editor can step it within its frames and drop it to stop it.
#[derive(Debug, Default)]
pub struct Progress {
    pub positions: AtomicU64,
    pub sweeps: AtomicU64,
    /// Set to stop the solve: it returns `SolveError::Cancelled` soon after.
    pub cancel: AtomicBool,
}

impl Progress {
    /// Counts a sweep and pauses; `Err` if the solve was cancelled.
    pub(crate) async fn sweep(progress: Option<&Self>) -> Result<(), SolveError> {
        if let Some(p) = progress {
            p.sweeps.fetch_add(1, Ordering::Relaxed);
        }
        Self::check(progress).await
    }

    /// Pauses; `Err` if the solve was cancelled.
    pub(crate) async fn check(progress: Option<&Self>) -> Result<(), SolveError> {
        pause().await;
        if progress.is_some_and(|p| p.cancel.load(Ordering::Relaxed)) { Err(SolveError::Cancelled) } else { Ok(()) }
    }
}

/// Paces work over the positions by what is done at each, not by their
/// count: a Treehouse position offers dozens of options where a race's
/// offers one, so a fixed count of positions between pauses was a fraction
/// of a millisecond on one game and most of a frame on another.
pub(crate) struct Pace<'a> {
    progress: Option<&'a Progress>,
    pacer: Pacer,
}

impl<'a> Pace<'a> {
    /// A pass over the solved graph: counts options (or chain entries)
    /// looked at, about half a millisecond's worth natively between pauses.
    pub(crate) fn options(progress: Option<&'a Progress>) -> Self {
        Self { progress, pacer: Pacer::every(1 << 15) }
    }

    /// Exploring through the engine: counts plans played (and rolls), each
    /// a turn of the engine and a look-up, about as long between pauses.
    pub(crate) fn plans(progress: Option<&'a Progress>) -> Self {
        Self { progress, pacer: Pacer::every(1 << 12) }
    }

    /// Counts `work` done (one at least: a position costs something even
    /// with none), and pauses once enough is; `Err` if the solve was
    /// cancelled.
    pub(crate) async fn did(&mut self, work: usize) -> Result<(), SolveError> {
        if self.pacer.due(work.max(1)) { Progress::check(self.progress).await } else { Ok(()) }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum SolveError {
    /// More positions than the limit allows; `estimate` is a rough count of
    /// them all (`Graph::estimate`).
    TooBig { positions: usize, estimate: f64, limits: Limits },
    /// Chips are dealt face down at random: every deal is another game.
    Chips,
    /// A turn rolls more face sequences than the solver enumerates.
    TooManyRolls { dice: u32, sides: u32 },
    /// The winner is decided by points, which grow without bound.
    Points,
    /// Played this way, the game can go on for ever from these positions.
    Endless { positions: usize },
    /// `Progress::cancel` was set.
    Cancelled,
    /// The figures did not settle to finite numbers (should not happen on
    /// a game that ends).
    Numerical,
    /// The sweeps did not settle: figures still moved by `change` after
    /// `sweeps` sweeps, on a game too big to solve directly.
    NotConverged { sweeps: usize, change: f64 },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TooBig { positions, estimate, limits } => {
                let explored = if *positions > 0 {
                    format!("more than {positions} positions (about {estimate:.1e} by a rough count)")
                } else {
                    format!("about {estimate:.1e} positions by a rough count")
                };
                write!(
                    f,
                    "the game has {explored}, over the limit of {} (about {} MB of memory); use `ladderkit \
                     simulate` for its odds",
                    limits.max_positions,
                    limits.max_positions * Graph::BYTES_PER_POSITION / 1_000_000
                )
            }
            Self::TooManyRolls { dice, sides } => write!(
                f,
                "{dice} dice of {sides} sides make more than {} face sequences a turn, and the solver goes \
                 through every one; use `ladderkit simulate` for its odds",
                Graph::MAX_SEQUENCES
            ),
            Self::Chips => f.write_str(
                "chips are dealt face down at random, so every deal is another game; \
                 use `ladderkit simulate` for its odds",
            ),
            Self::Points => f.write_str(
                "the winner is decided by points, which can grow without end; \
                 use `ladderkit simulate` for its odds",
            ),
            Self::Endless { positions } => {
                write!(f, "played this way the game can go on for ever from {positions} positions, so it has no odds")
            }
            Self::Cancelled => f.write_str("the solve was cancelled"),
            Self::Numerical => f.write_str("the figures did not settle to finite numbers"),
            Self::NotConverged { sweeps, change } => write!(
                f,
                "the figures had not settled after {sweeps} sweeps (they still moved by {change:.1e} a sweep), so they \
                 would not be exact; use `ladderkit simulate` for its odds"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Whether the solver covers this engine's game.
pub(crate) fn supported(engine: &Engine) -> Result<(), SolveError> {
    let extras = &engine.board().extras;
    if extras.chips.is_some() {
        return Err(SolveError::Chips);
    }
    if !matches!(extras.win, Win::FirstHome) {
        return Err(SolveError::Points);
    }
    Ok(())
}

/// The bots the solver plays exactly as they choose (the perfect bot is
/// optimal play).
pub const BOTS: [Policy; 3] = [Policy::Random, Policy::Greedy, Policy::Lookahead];

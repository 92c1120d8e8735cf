//! The perfect bot's judge: solved values looked up by position.

use ladderkit_engine::bots::Judge;
use ladderkit_engine::{Engine, State};

use crate::evaluate::share;
use crate::graph::{Graph, Limits};
use crate::{Progress, SolveError, Solver};

/// Optimal play's chance to win from every position of one game, for
/// `Policy::Perfect`: on each choice it takes the plan that leads to the
/// position best for it, which is the solved strategy (up to choices the
/// values tie on, within `TOLERANCE`).
#[derive(Debug)]
pub struct Perfect {
    graph: Graph,
    values: Vec<f64>,
}

impl Perfect {
    pub(crate) fn new(graph: Graph, values: Vec<f64>) -> Self {
        Self { graph, values }
    }

    /// Solves the engine's game for the perfect bot.
    pub fn solve(engine: &Engine, limits: Limits, progress: Option<&Progress>) -> Result<Self, SolveError> {
        ladderkit_core::work::run(Self::solve_stepped(engine, limits, progress))
    }

    /// `solve` as work that pauses (`ladderkit_core::work`).
    pub async fn solve_stepped(
        engine: &Engine,
        limits: Limits,
        progress: Option<&Progress>,
    ) -> Result<Self, SolveError> {
        Solver::new_stepped(engine, limits, progress).await?.perfect_stepped().await
    }

    pub fn positions(&self) -> usize {
        self.graph.positions()
    }
}

impl Judge for Perfect {
    fn worth(&self, after: &State, me: u8) -> f64 {
        if after.is_over() {
            return share(after.winners, me);
        }
        // Every position a game reaches was explored; one that was not
        // (a state set up by hand) is worth least.
        self.graph
            .position_of(after)
            .map_or(f64::NEG_INFINITY, |x| self.values[x * self.graph.seats.count() + me as usize])
    }
}

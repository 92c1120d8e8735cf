//! The Odds tab's Excitement section: for two players on a race, how often
//! the lead changes, comebacks and uncertainty, exactly
//! (`ladderkit::analysis::excitement_stepped`). It follows every game turn
//! by turn, a hundred times the work of the race's own figures, so it runs
//! as a job of its own once they show, and a newer design drops it. With
//! the measures comes a typical game to chart, another on request.

use std::sync::Arc;

use ladderkit::analysis::{AnalysisError, Course, Excitement, Options, excitement_stepped};
use ladderkit::core::CompiledBoard;

use super::{Figures, Odds, OddsKey};
use crate::checks::Checks;
use crate::jobs::{FrameBudget, Job};

/// The measures of the latest design, and the run for a newer one.
#[derive(Default)]
pub struct Excitements {
    latest: Option<(OddsKey, Arc<Result<Excitement, String>>)>,
    running: Option<(OddsKey, Job<Result<Excitement, String>>)>,
    /// A typical game of the latest design's.
    course: Option<Course>,
}

impl Excitements {
    /// The measures of the design `key` names, once worked out (or why
    /// they are not exact there).
    pub fn current(&self, key: OddsKey) -> Option<&Result<Excitement, String>> {
        self.latest.as_ref().filter(|(k, _)| *k == key).map(|(_, e)| e.as_ref())
    }

    /// The typical game shown with the measures.
    pub fn course(&self) -> Option<&Course> {
        self.course.as_ref()
    }

    /// The next typical game after the one shown (`board`: the design the
    /// measures are of).
    pub fn another_course(&mut self, board: &CompiledBoard) {
        let Some((_, latest)) = &self.latest else { return };
        let Ok(e) = latest.as_ref() else { return };
        let next = self.course.as_ref().map_or(1, |c| c.seed + 1);
        self.course = e.typical_course(board, next);
    }
}

/// Starts the run once the design's exact figures show, steps it within
/// the frame's budget, and keeps its result.
pub(super) fn update(odds: &mut Odds, checks: &Checks, key: OddsKey, budget: &mut FrameBudget) {
    let ex = &mut odds.excitement;
    if ex.running.as_ref().is_some_and(|(k, _)| *k != key) {
        ex.running = None;
    }
    let exact = matches!(odds.latest.as_ref(), Some(r) if r.key == key && matches!(r.outcome, Ok(Figures::Exact(_))));
    if key.players != 2 || !exact || ex.current(key).is_some() {
        return;
    }
    if ex.running.is_none() {
        let Some(board) = checks.compiled.playable() else { return };
        let job = Job::new(async move {
            let meter = ladderkit::core::work::Meter::default();
            excitement_stepped(&board, &Options::default(), &meter).await.map_err(|e| match e {
                AnalysisError::NotExact(why) => why,
                e => e.to_string(),
            })
        });
        ex.running = Some((key, job));
    }
    if let Some((_, job)) = ex.running.as_mut()
        && let Some(done) = job.run(budget)
    {
        ex.running = None;
        ex.course = done.as_ref().ok().and_then(|e| e.typical_course(&checks.compiled.board, 1));
        ex.latest = Some((key, Arc::new(done)));
    }
}

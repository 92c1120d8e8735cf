//! The perfect bot's solve, as a `jobs::Job` stepped within each frame's
//! budget: started when a seat is given to it, so the window never waits;
//! its seat waits instead. Dropping it (the play-test ends, no seat has
//! the perfect bot any more, Cancel) stops it. It explores at most
//! `PERFECT_UP_TO` positions, so a game too big for it (three seats of
//! Treehouse) is refused within seconds and bounded in memory, not solved
//! for ever; a game the Odds tab solved already is not solved again.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use ladderkit::engine::Engine;
use ladderkit::engine::bots::Judge;
use ladderkit::solve::{Limits, Perfect, Progress};

use crate::jobs::{FrameBudget, Job};

type Outcome = Result<Arc<dyn Judge>, String>;

/// The most positions the play-test's perfect bot explores: the Odds tab's
/// limit, about half a gigabyte.
pub const PERFECT_UP_TO: usize = crate::odds::SOLVE_UP_TO;

pub struct PerfectBot {
    job: Option<Job<Outcome>>,
    done: Option<Outcome>,
    progress: Arc<Progress>,
}

/// Where the solve is.
pub enum Poll {
    /// Positions explored so far, of at most `PERFECT_UP_TO`.
    Solving {
        positions: u64,
    },
    Ready(Arc<dyn Judge>),
    Refused(String),
}

impl PerfectBot {
    /// Starts solving `engine`'s game, or takes the solve already done.
    pub fn start(engine: &Engine, solved: Option<Arc<dyn Judge>>) -> Self {
        let progress = Arc::new(Progress::default());
        if let Some(judge) = solved {
            return Self { job: None, done: Some(Ok(judge)), progress };
        }
        let (seen, engine) = (progress.clone(), engine.clone());
        let job = Job::new("perfect bot", async move {
            match Perfect::solve_stepped(&engine, Limits { max_positions: PERFECT_UP_TO }, Some(&seen)).await {
                Ok(p) => Ok(Arc::new(p) as Arc<dyn Judge>),
                Err(e) => Err(e.to_string()),
            }
        });
        Self { job: Some(job), done: None, progress }
    }

    /// Goes on solving within the frame's budget.
    pub fn step(&mut self, budget: &mut FrameBudget) {
        if self.done.is_none()
            && let Some(job) = &mut self.job
        {
            self.done = job.run(budget);
        }
    }

    pub fn poll(&self) -> Poll {
        match &self.done {
            None => Poll::Solving { positions: self.progress.positions.load(Ordering::Relaxed) },
            Some(Ok(judge)) => Poll::Ready(judge.clone()),
            Some(Err(why)) => Poll::Refused(why.clone()),
        }
    }
}

//! The perfect bot's solve, as a `jobs::Job` stepped within each frame's
//! budget: started when a seat is given to it, so the window never waits;
//! its seat waits instead. Dropping it (the play-test ends) stops it.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use ladderkit::engine::Engine;
use ladderkit::engine::bots::Judge;
use ladderkit::solve::{Limits, Perfect, Progress};

use crate::jobs::{FrameBudget, Job};

type Outcome = Result<Arc<dyn Judge>, String>;

pub struct PerfectBot {
    job: Job<Outcome>,
    done: Option<Outcome>,
    progress: Arc<Progress>,
}

/// Where the solve is.
pub enum Poll {
    Solving { positions: u64 },
    Ready(Arc<dyn Judge>),
    Refused(String),
}

impl PerfectBot {
    /// Starts solving `engine`'s game.
    pub fn start(engine: &Engine) -> Self {
        let progress = Arc::new(Progress::default());
        let (seen, engine) = (progress.clone(), engine.clone());
        let job = Job::new(async move {
            match Perfect::solve_stepped(&engine, Limits::default(), Some(&seen)).await {
                Ok(p) => Ok(Arc::new(p) as Arc<dyn Judge>),
                Err(e) => Err(e.to_string()),
            }
        });
        Self { job, done: None, progress }
    }

    /// Goes on solving within the frame's budget.
    pub fn step(&mut self, budget: &mut FrameBudget) {
        if self.done.is_none() {
            self.done = self.job.run(budget);
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

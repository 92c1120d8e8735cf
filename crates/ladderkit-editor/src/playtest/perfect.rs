//! The perfect bot's solve, on a worker thread: started when a seat is
//! given to it, so the window never waits; its seat waits instead.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use ladderkit::engine::Engine;
use ladderkit::engine::bots::Judge;
use ladderkit::solve::{Limits, Perfect, Progress};

type Outcome = Option<Result<Arc<dyn Judge>, String>>;

pub struct PerfectBot {
    done: Arc<Mutex<Outcome>>,
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
        let done: Arc<Mutex<Outcome>> = Arc::default();
        let progress = Arc::new(Progress::default());
        let (slot, seen, engine) = (done.clone(), progress.clone(), engine.clone());
        let spawned = std::thread::Builder::new().name("ladderkit-perfect".into()).spawn(move || {
            let outcome = match Perfect::solve(&engine, Limits::default(), Some(&seen)) {
                Ok(p) => Ok(Arc::new(p) as Arc<dyn Judge>),
                Err(e) => Err(e.to_string()),
            };
            if let Ok(mut slot) = slot.lock() {
                *slot = Some(outcome);
            }
        });
        if let Err(e) = spawned
            && let Ok(mut slot) = done.lock()
        {
            *slot = Some(Err(format!("could not start solving: {e}")));
        }
        Self { done, progress }
    }

    pub fn poll(&self) -> Poll {
        match self.done.lock().ok().and_then(|d| d.clone()) {
            None => Poll::Solving { positions: self.progress.positions.load(Ordering::Relaxed) },
            Some(Ok(judge)) => Poll::Ready(judge),
            Some(Err(why)) => Poll::Refused(why),
        }
    }
}

impl Drop for PerfectBot {
    /// A play-test closed before the solve finished stops it.
    fn drop(&mut self) {
        self.progress.cancel.store(true, Ordering::Relaxed);
    }
}

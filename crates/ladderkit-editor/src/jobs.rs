//! Background work: the odds after an edit, the tuner and the perfect
//! bot's solve are resumable work (`ladderkit::core::work`), stepped here a
//! little every frame within `FrameBudget`. The same on the desktop and in
//! the browser, which gives a page no threads: a frame never waits for more
//! than the budget, and dropping a `Job` (a newer edit, Stop, leaving the
//! play-test) cancels its work.

use std::future::Future;
use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use ladderkit::core::work::Resumable;

/// How long the frame's jobs may run, together. Every running job takes at
/// least one step a frame, so none waits for another; a step is a few
/// milliseconds at most (one pause of the work).
#[derive(Resource, Debug, Clone)]
pub struct FrameBudget {
    pub per_frame: Duration,
    deadline: Option<Instant>,
    /// What this frame's jobs took so far.
    used: Duration,
    /// Frames that ran a job, their time, and the longest.
    pub stats: JobStats,
}

/// Time the jobs took in the frames that ran one.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct JobStats {
    pub frames: u64,
    pub total: Duration,
    pub longest: Duration,
}

/// The budget a frame gives its jobs: leaves room for the interface within
/// a 60 Hz frame (16.7 ms).
pub const PER_FRAME: Duration = Duration::from_millis(10);

impl Default for FrameBudget {
    fn default() -> Self {
        Self { per_frame: PER_FRAME, deadline: None, used: Duration::ZERO, stats: JobStats::default() }
    }
}

impl FrameBudget {
    /// Whether a job ran in this frame.
    pub fn busy(&self) -> bool {
        self.used > Duration::ZERO
    }

    fn time_left(&self) -> bool {
        self.deadline.is_none_or(|d| Instant::now() < d)
    }
}

/// Resumable work and its start. `run` steps it; once done it is empty.
pub struct Job<T> {
    work: Option<Resumable<T>>,
    pub started: Instant,
}

impl<T> Job<T> {
    pub fn new(work: impl Future<Output = T> + Send + 'static) -> Self {
        Self { work: Some(Resumable::new(work)), started: Instant::now() }
    }

    /// Steps the work at least once, then while the frame has time; its
    /// result when it finishes.
    pub fn run(&mut self, budget: &mut FrameBudget) -> Option<T> {
        let work = self.work.as_mut()?;
        let began = Instant::now();
        let mut out = None;
        loop {
            if let Some(done) = work.step() {
                out = Some(done);
                break;
            }
            if !budget.time_left() {
                break;
            }
        }
        budget.used += began.elapsed();
        if out.is_some() {
            self.work = None;
        }
        out
    }
}

impl<T> std::fmt::Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("running", &self.work.is_some()).finish()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameBudget>().add_systems(First, start_frame).add_systems(Last, end_frame);
}

fn start_frame(mut budget: ResMut<FrameBudget>) {
    budget.deadline = Some(Instant::now() + budget.per_frame);
    budget.used = Duration::ZERO;
}

fn end_frame(mut budget: ResMut<FrameBudget>) {
    let used = budget.used;
    if used > Duration::ZERO {
        let stats = &mut budget.stats;
        stats.frames += 1;
        stats.total += used;
        stats.longest = stats.longest.max(used);
    }
}

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

/// How long the frame's jobs may run, together. A job steps again only
/// while its next step (as long as its longest of the last two; a job not
/// yet stepped is taken to need the whole budget) fits in what is left.
/// One step a frame is taken whatever its length: a job refused a step in
/// the last frame takes it, and room is kept for it so that the jobs that
/// ask first leave it; in a frame that owes none, the first job takes it.
/// A frame of background work is then about the budget, or one step where
/// a step is longer: never a long step on top of a budget spent, nor two
/// long steps.
#[derive(Resource, Debug, Clone)]
pub struct FrameBudget {
    pub per_frame: Duration,
    deadline: Option<Instant>,
    /// What this frame's jobs took so far.
    used: Duration,
    /// Room kept in this frame for the steps of the jobs refused one in
    /// the last.
    reserved: Duration,
    /// Jobs refused a step in this frame, and their steps.
    refused: u32,
    refused_steps: Duration,
    /// Frames that ran a job, their time, and the longest.
    pub stats: JobStats,
}

/// Time the jobs took in the frames that ran one.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct JobStats {
    pub frames: u64,
    pub total: Duration,
    pub longest: Duration,
    /// The longest single step, and whose: a frame over the budget is one
    /// step, and this names the work to shorten (or a step the machine
    /// held up: the same job's other steps are far shorter).
    pub longest_step: Duration,
    pub longest_step_of: &'static str,
}

/// The budget a frame gives its jobs: leaves room for the interface within
/// a 60 Hz frame (16.7 ms).
pub const PER_FRAME: Duration = Duration::from_millis(10);

impl Default for FrameBudget {
    fn default() -> Self {
        Self {
            per_frame: PER_FRAME,
            deadline: None,
            used: Duration::ZERO,
            reserved: Duration::ZERO,
            refused: 0,
            refused_steps: Duration::ZERO,
            stats: JobStats::default(),
        }
    }
}

impl FrameBudget {
    /// Whether a job ran in this frame, or waits for the next.
    pub fn busy(&self) -> bool {
        self.used > Duration::ZERO || self.refused > 0
    }

    /// Whether a step as long as `step` ends within the frame's budget.
    fn fits(&self, step: Duration) -> bool {
        self.deadline.is_none_or(|d| Instant::now() + step < d)
    }
}

/// Resumable work and its start. `run` steps it; once done it is empty.
pub struct Job<T> {
    /// What the work is, for the frame figures (`JobStats`).
    name: &'static str,
    work: Option<Resumable<T>>,
    pub started: Instant,
    /// Its last two steps' lengths: the next one's expected at most.
    steps: [Duration; 2],
    /// Refused a step in the last frame it asked for one.
    refused: bool,
}

impl<T> Job<T> {
    pub fn new(name: &'static str, work: impl Future<Output = T> + Send + 'static) -> Self {
        // Until it has stepped, a step may be as long as a frame's budget.
        Self { name, work: Some(Resumable::new(work)), started: Instant::now(), steps: [PER_FRAME; 2], refused: false }
    }

    /// Steps the work while its steps fit in the frame (`FrameBudget`); its
    /// result when it finishes.
    pub fn run(&mut self, budget: &mut FrameBudget) -> Option<T> {
        let work = self.work.as_mut()?;
        let began = Instant::now();
        // The frame's one step whatever its length: the refused job's, or,
        // where none is owed, the first job's.
        let owed = budget.reserved > Duration::ZERO;
        let mut first = self.refused || (budget.used == Duration::ZERO && !owed);
        let reserve = if self.refused { Duration::ZERO } else { budget.reserved };
        let mut out = None;
        let mut stepped = false;
        while first || budget.fits(self.steps[0].max(self.steps[1]) + reserve) {
            let step = Instant::now();
            let done = work.step();
            let took = step.elapsed();
            self.steps = [self.steps[1], took];
            if took > budget.stats.longest_step {
                (budget.stats.longest_step, budget.stats.longest_step_of) = (took, self.name);
            }
            (first, stepped) = (false, true);
            if done.is_some() {
                out = done;
                break;
            }
        }
        budget.used += began.elapsed();
        self.refused = !stepped;
        if self.refused {
            budget.refused += 1;
            budget.refused_steps += self.steps[0].max(self.steps[1]);
        }
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
    (budget.reserved, budget.refused, budget.refused_steps) = (budget.refused_steps, 0, Duration::ZERO);
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};

    use ladderkit::core::work::pause;

    use super::*;

    /// Work that pauses for ever, counting its steps.
    fn counting() -> (Job<()>, Arc<AtomicU32>) {
        let steps = Arc::new(AtomicU32::new(0));
        let counter = steps.clone();
        let job = Job::new("counting", async move {
            loop {
                counter.fetch_add(1, Ordering::Relaxed);
                pause().await;
            }
        });
        (job, steps)
    }

    fn frame(budget: &mut FrameBudget, jobs: &mut [&mut Job<()>]) {
        budget.deadline = Some(Instant::now() + budget.per_frame);
        budget.used = Duration::ZERO;
        (budget.reserved, budget.refused, budget.refused_steps) = (budget.refused_steps, 0, Duration::ZERO);
        for job in jobs {
            job.run(budget);
        }
    }

    fn steps_in_frame(
        budget: &mut FrameBudget,
        a: &mut Job<()>,
        b: &mut Job<()>,
        counts: [&AtomicU32; 2],
    ) -> (u32, u32) {
        let before = counts.map(|c| c.load(Ordering::Relaxed));
        frame(budget, &mut [a, b]);
        let after = counts.map(|c| c.load(Ordering::Relaxed));
        (after[0] - before[0], after[1] - before[1])
    }

    /// With no time to spare a frame takes the one step it must, the jobs
    /// taking turns: the first job's, then the one refused before.
    #[test]
    fn a_job_refused_a_step_takes_one_in_the_next_frame() {
        let mut budget = FrameBudget { per_frame: Duration::ZERO, ..FrameBudget::default() };
        let ((mut a, a_steps), (mut b, b_steps)) = (counting(), counting());
        let seen: Vec<_> = (0..6).map(|_| steps_in_frame(&mut budget, &mut a, &mut b, [&a_steps, &b_steps])).collect();
        assert_eq!(seen, [(1, 0), (0, 1), (1, 0), (0, 1), (1, 0), (0, 1)]);
        assert!(budget.busy(), "a job waits: the frames go on");
    }

    /// A job whose step does not fit is refused; in the next frame the job
    /// that asks first leaves room for it: the refused step is the frame's
    /// one step whatever its length.
    #[test]
    fn the_first_job_leaves_room_for_a_long_step_refused_before() {
        let mut budget = FrameBudget { per_frame: Duration::from_millis(50), ..FrameBudget::default() };
        let ((mut a, a_steps), (mut b, b_steps)) = (counting(), counting());
        let long = [Duration::from_secs(3600); 2];
        b.steps = long;
        let (a1, b1) = steps_in_frame(&mut budget, &mut a, &mut b, [&a_steps, &b_steps]);
        assert!(a1 > 1 && b1 == 0, "{a1} and {b1} steps");
        b.steps = long;
        let (a2, b2) = steps_in_frame(&mut budget, &mut a, &mut b, [&a_steps, &b_steps]);
        assert_eq!((a2, b2), (0, 1));
    }

    /// A job not yet stepped is taken to need the whole budget: it waits
    /// for a frame whose budget is left, not for what is left of one.
    #[test]
    fn a_new_job_does_not_start_at_the_end_of_a_frame() {
        let mut budget = FrameBudget { per_frame: Duration::from_millis(5), ..FrameBudget::default() };
        let ((mut a, a_steps), (mut b, b_steps)) = (counting(), counting());
        // `a` has stepped before, quickly, and steps until the frame is
        // spent; `b` is new.
        a.steps = [Duration::ZERO; 2];
        let (a1, b1) = steps_in_frame(&mut budget, &mut a, &mut b, [&a_steps, &b_steps]);
        assert!(a1 > 1 && b1 == 0, "{a1} and {b1} steps: the new job waits");
        // In the next frame `b` is owed its step, and takes it first.
        let (a2, b2) = steps_in_frame(&mut budget, &mut a, &mut b, [&a_steps, &b_steps]);
        assert!(b2 >= 1, "{a2} and {b2} steps");
    }
}

//! Long computations that can pause: the odds, the tuner and the solver
//! are written once as futures that stop at points where pausing is safe
//! (`pause`, `Meter::at`). Nothing here knows a clock or a thread: whoever
//! runs the work decides when to go on. The command line runs it to the
//! end at once (`run`, `run_until`); the editor polls it a little every
//! frame (`Resumable::step`), in the browser as on the desktop, so a frame
//! never waits for it and a newer edit cancels it by dropping it.

use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll, Waker};

/// A point where long work may pause: pending once, then ready.
#[derive(Debug, Default)]
#[must_use = "a pause does nothing unless awaited"]
pub struct Pause(bool);

impl Future for Pause {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            Poll::Ready(())
        } else {
            self.0 = true;
            Poll::Pending
        }
    }
}

/// Lets whoever runs the work pause it here.
pub fn pause() -> Pause {
    Pause(false)
}

/// How far a computation is, from 0 to 1, readable while it is paused.
#[derive(Debug, Default)]
pub struct Meter(AtomicU64);

impl Meter {
    pub fn get(&self) -> f64 {
        f64::from_bits(self.0.load(Ordering::Relaxed))
    }

    pub fn set(&self, progress: f64) {
        self.0.store(progress.to_bits(), Ordering::Relaxed);
    }

    /// Records the progress and pauses.
    pub async fn at(&self, progress: f64) {
        self.set(progress);
        pause().await;
    }
}

/// Counts work done since the last pause, so that long work pauses by what
/// it did rather than by a count of items that cost unequal amounts.
#[derive(Debug, Clone)]
pub struct Pacer {
    done: usize,
    every: usize,
}

impl Pacer {
    /// Due once `work` units have been done since the last pause.
    pub const fn every(work: usize) -> Self {
        Self { done: 0, every: work }
    }

    /// Adds `work` units; whether it is time to pause.
    pub fn due(&mut self, work: usize) -> bool {
        self.done += work;
        if self.done < self.every {
            return false;
        }
        self.done = 0;
        true
    }
}

/// Runs work to its end, going on at every pause.
pub fn run<F: Future>(work: F) -> F::Output {
    run_until(work, || true).unwrap_or_else(|| unreachable!("told to go on at every pause"))
}

/// Runs work, asking `go_on` at every pause; `None` once it says no.
pub fn run_until<F: Future>(work: F, mut go_on: impl FnMut() -> bool) -> Option<F::Output> {
    let mut work = std::pin::pin!(work);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        match work.as_mut().poll(&mut cx) {
            Poll::Ready(out) => return Some(out),
            Poll::Pending if go_on() => {}
            Poll::Pending => return None,
        }
    }
}

/// Work inside other work that asks `go_on` at each of its pauses and ends
/// with `None` once it says no; otherwise it pauses the outer work there
/// too. The tuner stops judging a board mid-way this way when its time is
/// up, and keeps what it found before.
pub fn cancellable<F: Future, G: FnMut() -> bool>(work: F, go_on: G) -> Cancellable<F, G> {
    Cancellable { work: Box::pin(work), go_on }
}

/// See `cancellable`.
pub struct Cancellable<F, G> {
    work: Pin<Box<F>>,
    go_on: G,
}

impl<F: Future, G: FnMut() -> bool + Unpin> Future for Cancellable<F, G> {
    type Output = Option<F::Output>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = &mut *self;
        match this.work.as_mut().poll(cx) {
            Poll::Ready(out) => Poll::Ready(Some(out)),
            Poll::Pending if (this.go_on)() => Poll::Pending,
            Poll::Pending => Poll::Ready(None),
        }
    }
}

/// Work held between steps, so it can go on later (the next frame).
/// Dropping it cancels the work.
pub struct Resumable<T> {
    /// Behind a mutex only to be `Sync` (an app keeps it in shared state);
    /// stepping takes `&mut self`, so it is never locked.
    work: Mutex<Pin<Box<dyn Future<Output = T> + Send>>>,
}

impl<T> Resumable<T> {
    pub fn new(work: impl Future<Output = T> + Send + 'static) -> Self {
        Self { work: Mutex::new(Box::pin(work)) }
    }

    /// Runs the work to its next pause; its result once it is done.
    pub fn step(&mut self) -> Option<T> {
        let work = self.work.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        match work.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(out) => Some(out),
            Poll::Pending => None,
        }
    }
}

impl<T> std::fmt::Debug for Resumable<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Resumable")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Due when the work reaches the amount, whatever the sizes of the
    /// pieces that make it up, and counting starts again after.
    #[test]
    fn a_pacer_is_due_when_its_work_is_done() {
        let mut pacer = Pacer::every(10);
        let due: Vec<bool> = [3, 3, 3, 1, 9, 1, 25, 0].into_iter().map(|w| pacer.due(w)).collect();
        assert_eq!(due, [false, false, false, true, false, true, true, false]);
    }

    async fn count(to: u32, meter: &Meter) -> u32 {
        let mut sum = 0;
        for i in 1..=to {
            sum += i;
            meter.at(f64::from(i) / f64::from(to)).await;
        }
        sum
    }

    #[test]
    fn stepped_work_ends_with_the_same_result_as_work_run_at_once() {
        let meter = std::sync::Arc::new(Meter::default());
        let seen = meter.clone();
        let mut work = Resumable::new(async move { count(10, &seen).await });
        let mut steps = 0;
        let out = loop {
            steps += 1;
            if let Some(out) = work.step() {
                break out;
            }
            assert!((meter.get() - f64::from(steps) / 10.0).abs() < 1e-12, "the meter shows the pause reached");
        };
        assert_eq!((out, steps), (55, 11), "ten pauses, then the end");
        assert_eq!(run(count(10, &Meter::default())), 55);
    }

    #[test]
    fn run_until_stops_when_told() {
        let meter = Meter::default();
        let mut asked = 0;
        let out = run_until(count(10, &meter), || {
            asked += 1;
            asked < 3
        });
        assert_eq!(out, None);
        assert_eq!(asked, 3);
        assert!((meter.get() - 0.3).abs() < 1e-12, "stopped at the third pause");
    }

    #[test]
    fn cancellable_work_pauses_its_outer_work_and_stops_when_told() {
        let meter = Meter::default();
        let mut asked = 0;
        let outer = async {
            let inner = cancellable(count(10, &meter), || {
                asked += 1;
                asked < 4
            })
            .await;
            (inner, 7)
        };
        let mut outer_pauses = 0;
        let out = run_until(outer, || {
            outer_pauses += 1;
            true
        });
        assert_eq!(out, Some((None, 7)), "the inner work stopped, the outer went on");
        assert_eq!((asked, outer_pauses), (4, 3), "each pause the inner work was let go on paused the outer");
        assert_eq!(run(cancellable(count(4, &meter), || true)), Some(10));
    }
}

//! How long a game lasts, step by step, without iterating its whole tail.
//!
//! The unfinished mass `m_t` of a transient chain (`m_{t+1} = Qᵀ m_t`) soon
//! takes the shape of the quasi-stationary distribution and from then on
//! only shrinks, by the dominant eigenvalue λ of `Q` per step. We iterate
//! until that is certified and take the rest as a geometric series.
//!
//! The certificate is Collatz–Wielandt's: if `m_{T+1} ≤ λ_hi·m_T` and
//! `Qᵀu ≥ λ_lo·u` for some `0 ≤ u ≤ m_T` componentwise, then, `Q` being
//! nonnegative, `λ_lo^k·u ≤ m_{T+k} ≤ λ_hi^k·m_T` for every `k`. So every
//! later survival `s_{T+k}` lies in `[λ_lo^k·|u|, λ_hi^k·s_T]`, and taking
//! `s_T·λ̂^k` (λ̂ = s_{T+1}/s_T) is off by at most
//! `(s_T − |u|) + s_T·max_k(λ_hi^k − λ_lo^k)`, and
//! `max_k(λ_hi^k − λ_lo^k) ≤ (λ_hi − λ_lo)/(e·λ_hi·ln(1/λ_hi))`. `u` is
//! `m_T` without the states that empty faster than the rest (the start tray
//! of a board entered on a 6, say), whose mass is then the first term. We
//! stop once the bound is below the requested tail; on chains that never
//! settle (periodic ones) the iteration simply runs until the unfinished
//! mass itself is below it, as it always did.

use ladderkit_core::work::Meter;

use crate::{AnalysisError, Options};

/// When to stop iterating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Until {
    /// Stop once the unfinished mass is at most this.
    pub tail: f64,
    /// Or once the geometric tail is certified to this.
    pub bound: f64,
    pub max_steps: usize,
}

impl Until {
    pub fn options(options: &Options) -> Self {
        Self { tail: options.tail, bound: options.tail, max_steps: options.max_steps }
    }
}

/// A per-step sequence: explicit at first, then geometric.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Geometric {
    pub head: Vec<f64>,
    /// Each value after the head is the one before times this.
    pub ratio: f64,
}

impl Geometric {
    pub fn at(&self, t: usize) -> f64 {
        match self.head.get(t) {
            Some(v) => *v,
            None => {
                let last = self.head.len() - 1;
                self.head[last] * self.ratio.powi((t - last).min(i32::MAX as usize) as i32)
            }
        }
    }
}

/// The step-by-step story of one player's game.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Story {
    /// Index t: chance the game is still running after t steps (1 at 0).
    pub survival: Geometric,
    /// Index t: chance it ends at step t (0 at 0).
    pub finished: Geometric,
    /// Index t: expected rolls made in step t (for turns; 0 at 0).
    pub rolls: Geometric,
    /// Largest possible error of any survival value (0 while explicit).
    pub bound: f64,
}

impl Story {
    /// Index n: chance the game is over within n steps, until the chance
    /// it is not is below `tail`.
    pub fn finish_within(&self, tail: f64, max_len: usize) -> Vec<f64> {
        let mut out = vec![0.0];
        let mut done = 0.0;
        let mut t = 1;
        while self.survival.at(t - 1) > tail && out.len() <= max_len {
            done += self.finished.at(t);
            out.push(f64::min(done, 1.0));
            t += 1;
        }
        out
    }

    /// The fewest steps that finish at least a share `q` of games (to
    /// 1e-12), or `cap` if that is further.
    pub fn quantile(&self, q: f64, cap: usize) -> u32 {
        let mut done = 0.0;
        for t in 0..=cap {
            done += self.finished.at(t);
            if done >= q - 1e-12 {
                return t as u32;
            }
        }
        cap as u32
    }

    /// Steps from where every sequence is geometric with `ratio`.
    pub fn settled(&self) -> usize {
        self.survival.head.len().max(self.finished.head.len()).max(self.rolls.head.len())
    }
}

/// One step: reads the unfinished mass, writes it one step later, and
/// returns (mass that finished, rolls made) during the step.
pub(crate) trait Stepper {
    fn step(&mut self, from: &[f64], to: &mut [f64]) -> (f64, f64);

    /// The unfinished mass of a step, `times` over: once for each step
    /// taken, and `1 / (1 − λ)` times for the geometric rest once the story
    /// ends, so that the counts add up to the expected visits
    /// (`rolls::story_and_visits`). Nothing by default.
    fn count(&mut self, _mass: &[f64], _times: f64) {}
}

/// How many times the rest of a geometric tail adds up to its first term.
fn rest(ratio: f64) -> f64 {
    if ratio < 1.0 { 1.0 / (1.0 - ratio) } else { 1.0 }
}

/// How often the certificate is checked (it costs a pass over the states).
const CHECK_EVERY: usize = 8;

/// States stepped between pauses (32 steps of the largest boards' roll
/// chain: a millisecond or so); a chain with more states a step, such as
/// turns with lost turns owed, pauses after fewer steps.
const PAUSE_EVERY: usize = 1 << 17;

/// Runs the chain from `start` until the tail is certified geometric to
/// `until.bound` or the unfinished mass is at most `until.tail`, pausing
/// every `PAUSE_EVERY` states stepped with its progress (from `progress.0` to
/// `progress.1` of the meter).
pub(crate) async fn story<S: Stepper>(
    start: Vec<f64>,
    stepper: &mut S,
    until: Until,
    meter: &Meter,
    progress: (f64, f64),
) -> Result<Story, AnalysisError> {
    let tail = until.tail;
    let mut mass = start;
    let mut next = vec![0.0; mass.len()];
    let mut survival = vec![mass.iter().sum::<f64>()];
    let (mut finished, mut rolls) = (vec![0.0], vec![0.0]);
    let pause_every = (PAUSE_EVERY / mass.len().max(1)).max(1);
    loop {
        let s = *survival.last().unwrap_or(&0.0);
        let t = survival.len() - 1;
        if s <= tail {
            // Iterated to the end: explicit all the way, as before.
            let ratio = if t > 0 && survival[t - 1] > 0.0 { s / survival[t - 1] } else { 0.0 };
            let ratio = ratio.clamp(0.0, 1.0);
            stepper.count(&mass, rest(ratio));
            return Ok(Story {
                survival: Geometric { head: survival, ratio },
                finished: Geometric { head: finished, ratio },
                rolls: Geometric { head: rolls, ratio },
                bound: s,
            });
        }
        if t >= until.max_steps {
            return Err(AnalysisError::TooLong { steps: until.max_steps, unfinished: share(s) });
        }
        if t.is_multiple_of(pause_every) {
            meter.at(progress.0 + (progress.1 - progress.0) * crate::progress(s, tail)).await;
        }
        stepper.count(&mass, 1.0);
        let (f, r) = stepper.step(&mass, &mut next);
        let s_next: f64 = next.iter().sum();
        finished.push(f);
        rolls.push(r);
        survival.push(s_next);
        if t > 0
            && t.is_multiple_of(CHECK_EVERY)
            && let Some(bound) = certify(&mass, &next, s, stepper)
            && bound <= until.bound
        {
            let ratio = s_next / s;
            stepper.count(&next, rest(ratio));
            return Ok(Story {
                survival: Geometric { head: survival, ratio },
                finished: Geometric { head: finished, ratio },
                rolls: Geometric { head: rolls, ratio },
                bound,
            });
        }
        std::mem::swap(&mut mass, &mut next);
    }
}

/// States whose mass shrinks slower than this much below the average are
/// the chain's slowest part; far fewer digits than the certificate needs.
const FAST: f64 = 1e-9;

/// The error bound on a geometric tail taken from `m_T = from`,
/// `m_{T+1} = to` (sum `s`), if the support does not grow and every ratio
/// is below 1. `stepper` pushes the slow part on its own when some states
/// empty faster.
fn certify<S: Stepper>(from: &[f64], to: &[f64], s: f64, stepper: &mut S) -> Option<f64> {
    let average = to.iter().sum::<f64>() / s;
    let (mut lo, mut hi, mut fast_mass) = (f64::INFINITY, 0.0f64, 0.0);
    for (&a, &b) in from.iter().zip(to) {
        if a > 0.0 {
            let r = b / a;
            hi = hi.max(r);
            if r < average - FAST {
                fast_mass += a;
            } else {
                lo = lo.min(r);
            }
        } else if b > 0.0 {
            return None;
        }
    }
    // Also refuses NaN ratios.
    if hi.partial_cmp(&1.0) != Some(std::cmp::Ordering::Less) || lo.partial_cmp(&hi).is_none_or(|o| o.is_gt()) {
        return None;
    }
    if fast_mass > 0.0 {
        // The slow part alone: its lower ratio without what the fast
        // states feed into it.
        let slow: Vec<f64> =
            from.iter().zip(to).map(|(&a, &b)| if a > 0.0 && b / a >= average - FAST { a } else { 0.0 }).collect();
        let mut pushed = vec![0.0; slow.len()];
        stepper.step(&slow, &mut pushed);
        lo = slow.iter().zip(&pushed).filter(|(u, _)| **u > 0.0).map(|(u, w)| w / u).fold(f64::INFINITY, f64::min);
        if lo.partial_cmp(&hi).is_none_or(|o| o.is_gt()) {
            return None;
        }
    }
    // max_k (hi^k − lo^k) ≤ max_k k·spread·hi^(k−1) = spread / (e·hi·ln(1/hi)).
    let spread = (hi - lo).max(0.0);
    let geometric = if hi > 0.0 { s * spread / (std::f64::consts::E * hi * -hi.ln()) } else { 0.0 };
    Some(fast_mass + geometric)
}

/// A share of games for a person: "0.125%", or "2.1e-9" where a percentage
/// with three decimals would read as none at all.
fn share(s: f64) -> String {
    if s >= 1e-5 { format!("{:.3}%", s * 100.0) } else { format!("{s:.1e}") }
}

#[cfg(test)]
mod tests {
    use ladderkit_core::work::run;

    use super::*;

    #[test]
    fn a_tiny_share_is_not_shown_as_none() {
        assert_eq!(share(0.00125), "0.125%");
        assert_eq!(share(2.1e-9), "2.1e-9", "not 0.000%");
    }

    /// A two-state chain that is exactly geometric after one step.
    struct Halving;

    impl Stepper for Halving {
        fn step(&mut self, from: &[f64], to: &mut [f64]) -> (f64, f64) {
            to[0] = from[0] * 0.25 + from[1] * 0.25;
            to[1] = from[0] * 0.25 + from[1] * 0.25;
            let before: f64 = from.iter().sum();
            (before * 0.5, before)
        }
    }

    /// The whole story of a two-state chain, from the first state.
    fn told(stepper: &mut impl Stepper) -> Story {
        let until = Until::options(&Options::default());
        run(story(vec![1.0, 0.0], stepper, until, &Meter::default(), (0.0, 1.0))).unwrap()
    }

    #[test]
    fn a_settled_chain_is_cut_short_and_extended_exactly() {
        let story = told(&mut Halving);
        assert!(story.survival.head.len() < 20, "{}", story.survival.head.len());
        for t in 0..60 {
            assert!((story.survival.at(t) - 0.5f64.powi(t as i32)).abs() < 1e-15, "t = {t}");
        }
        let within = story.finish_within(1e-12, usize::MAX);
        assert_eq!(within.len(), 41, "until 2^-t ≤ 1e-12");
        assert!((within[3] - 0.875).abs() < 1e-15);
    }

    /// A waiting room (the tray of a board entered on a 6) that empties at
    /// 5/6 a step into a slower part that loses 1/20 a step.
    struct Waiting;

    impl Stepper for Waiting {
        fn step(&mut self, from: &[f64], to: &mut [f64]) -> (f64, f64) {
            to[0] = from[0] * 5.0 / 6.0;
            to[1] = from[0] / 6.0 + from[1] * 0.95;
            let before: f64 = from.iter().sum();
            (before - to[0] - to[1], before)
        }
    }

    #[test]
    fn states_that_empty_faster_do_not_block_the_certificate() {
        let story = told(&mut Waiting);
        let steps = story.survival.head.len();
        // Iterating to 1e-12 would take ~540 steps; the waiting room is
        // negligible after ~170.
        assert!(steps < 300, "{steps}");
        // Exact: s_t = a·0.95^t + b·(5/6)^t with s_0 = 1, tray (5/6)^t.
        let exact = |t: i32| {
            let tray = (5.0f64 / 6.0).powi(t);
            let c = (1.0 / 6.0) / (0.95 - 5.0 / 6.0);
            tray + c * (0.95f64.powi(t) - tray)
        };
        for t in (0..2000).step_by(7) {
            let err = (story.survival.at(t) - exact(t as i32)).abs();
            assert!(err <= story.bound.max(1e-15) * 1.01, "t {t}: {err} > {}", story.bound);
        }
    }

    /// Period two: the mass swaps sides, so the shape never settles.
    struct Swap;

    impl Stepper for Swap {
        fn step(&mut self, from: &[f64], to: &mut [f64]) -> (f64, f64) {
            to[0] = from[1] * 0.9;
            to[1] = from[0] * 0.5;
            let before: f64 = from.iter().sum();
            (before - to[0] - to[1], before)
        }
    }

    #[test]
    fn a_periodic_chain_is_iterated_to_the_end() {
        let story =
            run(story(vec![1.0, 0.0], &mut Swap, Until::options(&Options::default()), &Meter::default(), (0.0, 1.0)))
                .unwrap();
        assert!(*story.survival.head.last().unwrap() <= 1e-12);
        assert!(story.bound <= 1e-12);
    }
}

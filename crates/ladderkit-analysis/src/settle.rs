//! When Gauss–Seidel sweeps have settled. A value's sweeps approach its
//! limit geometrically once the slowest loop of the chain dominates:
//! Aitken's Δ² reads the limit off three values, and the sweeps stop when
//! two such readings agree. Every value of the solve then takes the same
//! extrapolation (its last step times `ρ / (1 − ρ)`, `ρ` the ratio of the
//! watched value's last two steps), the dominant loop being the same for
//! all.

/// Watches one value of a solve, sweep by sweep.
pub(crate) struct Settle {
    tolerance: f64,
    last: f64,
    step: f64,
    guess: f64,
}

impl Settle {
    /// Readings of the limit must agree to `tolerance`, relative to the
    /// limit (absolute below 1).
    pub(crate) fn new(tolerance: f64) -> Self {
        Self { tolerance, last: 0.0, step: f64::NAN, guess: f64::NAN }
    }

    /// The watched value after a sweep: once settled, how many times its
    /// last step each value still has to go (0 when the sweeps stopped
    /// moving it).
    pub(crate) fn after_sweep(&mut self, now: f64) -> Option<f64> {
        let (d, ratio) = (now - self.last, (now - self.last) / self.step);
        if d == 0.0 {
            return Some(0.0);
        }
        let limit = if (0.0..1.0).contains(&ratio) { now + d * ratio / (1.0 - ratio) } else { f64::NAN };
        if (limit - self.guess).abs() <= self.tolerance * limit.abs().max(1.0) {
            return Some(ratio / (1.0 - ratio));
        }
        (self.last, self.step, self.guess) = (now, d, limit);
        None
    }
}

//! The two-player measures as expected sums over the game, each one solve
//! over the pairs of positions rather than a pass pushed forward turn by
//! turn: a pass runs until all but `1e-12` of the games are over, and its
//! time grows as the pairs times the game's length; a solve's grows as
//! the pairs times the sweeps it takes to settle.
//!
//! Seen from the seat about to roll, the game is symmetric: a state is
//! (mover's state, other's state, a tag), and after each roll the roles
//! swap. A measure summed over the game's turns is `V(s) = r(s) + Σ p
//! V(s')`, `r` what a turn at `s` adds; `V` of the start is its expected
//! sum. The tag carries what a measure remembers: who led last (lead and
//! favourite changes) or whose chance has passed 90% (decided at). A
//! count's second moment is a second solve whose turns add `c (1 + 2
//! V₁(s'))` for a roll that adds `c` (0 or 1) to a count whose first
//! moment is `V₁`.
//!
//! Gauss–Seidel sweeps go furthest pair first, so a forward roll reads a
//! value already updated in the same sweep; once the sweeps settle
//! geometrically, the last step times `ρ / (1 − ρ)` (`ρ` the ratio of the
//! last two steps) is added to every value, as Aitken's Δ² would.

use ladderkit_core::work::Meter;

use super::{A as MOVER, B as OTHER, DECIDED, NOBODY, WinChance, bits, drama, favourite, sole};
use crate::AnalysisError;
use crate::chain::RollChain;
use crate::settle::Settle;

/// Sweeps stop once two readings of the start's limit agree to this,
/// relative.
const SETTLED: f64 = 1e-11;
/// A solve that has not settled after this many sweeps is given up.
const MAX_SWEEPS: usize = 100_000;

/// The pairs of one piece's states, furthest first.
pub(super) struct Pairs<'a> {
    chain: &'a RollChain<'a>,
    win: &'a WinChance,
    n: usize,
    order: Vec<u32>,
}

impl<'a> Pairs<'a> {
    pub(super) fn new(chain: &'a RollChain<'a>, win: &'a WinChance) -> Self {
        let n = chain.states();
        // States are numbered along the board, so m + o orders the pairs
        // by how far both pieces have come.
        let mut order: Vec<u32> = (0..(n * n) as u32).collect();
        order.sort_by_key(|p| std::cmp::Reverse(*p as usize / n + *p as usize % n));
        Self { chain, win, n, order }
    }

    /// The mover's chance to win at (`m`, `o`).
    fn w(&self, m: usize, o: usize) -> f64 {
        self.win.at(m, o)
    }

    /// Solves `V = r + Q V` over the pairs with `tags` tags each: `row(m,
    /// o, tag, v)` is `r` plus `Σ p V(s')` read from `v` (indexed
    /// `(pair · tags + tag)`). Returns `V`; `start` is the state whose
    /// value says when the sweeps have settled.
    async fn solve(
        &self,
        tags: usize,
        start: usize,
        meter: &Meter,
        progress: (f64, f64),
        row: impl Fn(usize, usize, usize, &[f64]) -> f64,
    ) -> Result<Vec<f64>, AnalysisError> {
        let n = self.n;
        let mut v = vec![0.0; n * n * tags];
        let mut step = vec![0.0; n * n * tags];
        let mut settle = Settle::new(SETTLED);
        for sweep in 0..MAX_SWEEPS {
            for &pair in &self.order {
                let pair = pair as usize;
                let (m, o) = (pair / n, pair % n);
                for tag in 0..tags {
                    let i = pair * tags + tag;
                    let now = row(m, o, tag, &v);
                    step[i] = now - v[i];
                    v[i] = now;
                }
            }
            if let Some(extra) = settle.after_sweep(v[start]) {
                v.iter_mut().zip(&step).for_each(|(v, s)| *v += s * extra);
                return Ok(v);
            }
            // (The sweeps' count is not known ahead: the meter moves along
            // a curve that nears the part's end.)
            let done = 1.0 - 1.0 / (1.0 + sweep as f64 / 50.0);
            meter.at(progress.0 + done * (progress.1 - progress.0)).await;
        }
        Err(AnalysisError::NotExact(format!("the sweeps did not settle in {MAX_SWEEPS}")))
    }

    /// `Σ p v(o, to, tag(to))` over the mover's rolls from `m`.
    #[inline]
    fn next(&self, m: usize, o: usize, tags: usize, v: &[f64], tag: impl Fn(usize) -> usize) -> f64 {
        let n = self.n;
        self.chain.q.row(m).iter().map(|&(to, p)| p * v[(o * n + to as usize) * tags + tag(to as usize)]).sum()
    }

    /// Expected turns, and the sums over them of the entropy and of the
    /// drama before each turn.
    pub(super) async fn turn_sums(&self, meter: &Meter, progress: (f64, f64)) -> Result<[f64; 3], AnalysisError> {
        let n = self.n;
        let start = self.chain.start as usize * (n + 1);
        let mut out = [0.0; 3];
        let width = (progress.1 - progress.0) / 3.0;
        for (k, out) in out.iter_mut().enumerate() {
            let part = (progress.0 + k as f64 * width, progress.0 + (k + 1) as f64 * width);
            let v = self
                .solve(1, start, meter, part, |m, o, _, v| {
                    let w = self.w(m, o);
                    let r = match k {
                        0 => 1.0,
                        1 => bits(w),
                        _ => drama(w),
                    };
                    r + self.next(m, o, 1, v, |_| 0)
                })
                .await?;
            *out = v[start];
        }
        Ok(out)
    }

    /// Who leads, seen from the mover at `m`, after it rolls to `to` with
    /// the other on `o`, if anyone does alone (`by_chance`: the seat more
    /// likely to win, else the piece in front).
    #[inline]
    fn leader(&self, by_chance: bool, o: usize, to: usize) -> Option<usize> {
        if by_chance {
            // The other moves next: its chance at (o, to).
            favourite(1.0 - self.w(o, to))
        } else {
            sole(self.chain.positions[to], self.chain.positions[o])
        }
    }

    /// Lead changes per game (`by_chance`: favourite changes): mean and
    /// standard deviation.
    pub(super) async fn changes(
        &self,
        by_chance: bool,
        meter: &Meter,
        progress: (f64, f64),
    ) -> Result<super::Spread, AnalysisError> {
        let n = self.n;
        let half = (progress.0 + progress.1) / 2.0;
        let changed = |last: usize, led: usize| last != NOBODY && led != last;
        // (The tag after the roll, seen from the other seat, and whether
        // the roll changed the lead.)
        let after = |o: usize, to: usize, last: usize| {
            let led = self.leader(by_chance, o, to).unwrap_or(last);
            (swap(led), changed(last, led))
        };
        let finishing = |m: usize, last: usize| if last == OTHER { self.chain.win[m] } else { 0.0 };
        let start = (self.chain.start as usize * (n + 1)) * 3 + NOBODY;
        // A turn at (m, o, last): what it adds to the count's sum, each
        // change weighing `per_change` of the state after it.
        let turn = |m: usize, o: usize, last: usize, v: &[f64], per_change: &dyn Fn(usize) -> f64| {
            let rolls: f64 = self
                .chain
                .q
                .row(m)
                .iter()
                .map(|&(to, p)| {
                    let (tag, c) = after(o, to as usize, last);
                    let s = (o * n + to as usize) * 3 + tag;
                    p * (if c { per_change(s) } else { 0.0 } + v[s])
                })
                .sum();
            finishing(m, last) + rolls
        };
        let first =
            self.solve(3, start, meter, (progress.0, half), |m, o, last, v| turn(m, o, last, v, &|_| 1.0)).await?;
        let second = self
            .solve(3, start, meter, (half, progress.1), |m, o, last, v| turn(m, o, last, v, &|s| 1.0 + 2.0 * first[s]))
            .await?;
        let mean = first[start];
        Ok(super::Spread { mean, sd: (second[start] - mean * mean).max(0.0).sqrt() })
    }

    /// The expected turns before the eventual winner's chance first passes
    /// `DECIDED`; the tag's bits say whether the mover's (1) and the
    /// other's (2) chance has passed it yet (each seat is the eventual
    /// winner with its chance).
    pub(super) async fn undecided(&self, meter: &Meter, progress: (f64, f64)) -> Result<f64, AnalysisError> {
        let n = self.n;
        let start = (self.chain.start as usize * (n + 1)) * 4;
        let v = self
            .solve(4, start, meter, progress, |m, o, flags, v| {
                let w = self.w(m, o);
                let flags = flags | usize::from(w > DECIDED) | (usize::from(1.0 - w > DECIDED) << 1);
                let unpassed = |bit: usize| if flags & bit == 0 { 1.0 } else { 0.0 };
                // The other moves next: the bits swap.
                let next = ((flags & 1) << 1) | (flags >> 1);
                w * unpassed(1) + (1.0 - w) * unpassed(2) + self.next(m, o, 4, v, |_| next)
            })
            .await?;
        Ok(v[start])
    }
}

/// Who led last, seen from the other seat.
fn swap(last: usize) -> usize {
    match last {
        MOVER => OTHER,
        OTHER => MOVER,
        _ => NOBODY,
    }
}

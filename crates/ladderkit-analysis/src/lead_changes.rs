//! Expected lead changes of a two-player race in one solve, for the tuner
//! (the full forward pass of `excitement` gives the same mean, and much
//! more, a hundred times slower).
//!
//! Seen from the seat about to roll, the game is symmetric: a state is
//! (mover's state, other's state), and only when the two pieces are level
//! does it also need who led last (when they are not, the last sole
//! leader is the piece in front). `V(s)` is the expected changes still to
//! come: the changes a roll makes plus `V` of the state after it, with the
//! seats' roles swapped: `(I − Q) V = r`, solved by Gauss–Seidel sweeps
//! (LU, `linear`, if they settle too slowly).

use crate::chain::{RollChain, Transient};
use crate::excitement::{A as MOVER, B as OTHER, NOBODY, sole};
use crate::linear::Factored;

/// Expected lead changes per game by position (`Leader::observe`'s count),
/// both pieces from the start; `None` if the chain never finishes.
pub(crate) fn expected(chain: &RollChain<'_>) -> Option<f64> {
    let n = chain.states();
    let pos = |x: usize| chain.positions[x];
    // Unknowns: (m, o) at m·n + o for pieces apart; level pieces at
    // n² + 3m + who led last.
    let apart = |m: usize, o: usize| m * n + o;
    let level = |m: usize, last: usize| n * n + 3 * m + last;
    let states = n * n + 3 * n;
    // The sweeps go in order of both pieces' progress, furthest first, so
    // that a state's forward moves read values already updated in the same
    // sweep and only snakes (and bounces) are left for the next sweeps.
    // States are numbered in that order (`rank`), so a sweep walks the
    // rows front to back.
    let progress = |s: usize| if s < n * n { s / n + s % n } else { 2 * ((s - n * n) / 3) };
    let mut first = vec![0u32; 2 * n + 1];
    for s in 0..states {
        first[2 * n - progress(s)] += 1;
    }
    let mut at = 0;
    for f in &mut first {
        (*f, at) = (at, at + *f);
    }
    let mut rank = vec![0u32; states];
    let mut order = vec![0u32; states];
    for s in 0..states {
        let slot = &mut first[2 * n - progress(s)];
        (rank[s], order[*slot as usize]) = (*slot, s as u32);
        *slot += 1;
    }
    let mut q = Transient::with_capacity(states, 6);
    let mut reward = vec![0.0; states];
    for (i, &s) in order.iter().enumerate() {
        let s = s as usize;
        let (m, o, last) = if s < n * n {
            let (m, o) = (s / n, s % n);
            if m == o {
                // (Level pieces live in the second block: this row only
                // keeps the numbering simple.)
                q.close_row();
                continue;
            }
            (m, o, if pos(m) > pos(o) { MOVER } else { OTHER })
        } else {
            ((s - n * n) / 3, (s - n * n) / 3, (s - n * n) % 3)
        };
        // Finishing puts the mover alone in front.
        let mut r = if last == OTHER { chain.win[m] } else { 0.0 };
        for &(to, p) in chain.q.row(m) {
            let to = to as usize;
            // Who leads after the roll, seen from the mover (`sole`'s first
            // piece); level pieces leave the last leader.
            let led = sole(pos(to), pos(o)).unwrap_or(last);
            if last != NOBODY && led != last {
                r += p;
            }
            // The other seat rolls next: mover and other swap.
            let next = if to == o { level(o, swap(led)) } else { apart(o, to) };
            q.add(rank[next], p);
        }
        reward[i] = r;
        q.close_row();
    }
    let mut v = vec![0.0; states];
    let start = rank[level(chain.start as usize, NOBODY)] as usize;
    // The start's value after each sweep approaches its limit
    // geometrically once the slowest loop dominates: Aitken's Δ² reads the
    // limit off three values, and the sweeps stop when two such readings
    // agree.
    let (mut last, mut step, mut guess) = (0.0, f64::NAN, f64::NAN);
    for _ in 0..MAX_SWEEPS {
        for s in 0..states {
            v[s] = reward[s] + q.expect(s, &v);
        }
        let now = v[start];
        let (d, ratio) = (now - last, (now - last) / step);
        let limit = if (0.0..1.0).contains(&ratio) { now + d * ratio / (1.0 - ratio) } else { f64::NAN };
        if (limit - guess).abs() <= SETTLED * limit.abs().max(1.0) || d == 0.0 {
            return Some(if d == 0.0 { now } else { limit });
        }
        (last, step, guess) = (now, d, limit);
    }
    // Sweeps that settle too slowly (long loops back down the board): LU.
    let lu = Factored::new(&q)?;
    Some(lu.collect(&reward)[start])
}

/// Sweeps stop once two readings of the limit agree to this, relative.
const SETTLED: f64 = 1e-10;
/// Sweeps before the LU takes over.
const MAX_SWEEPS: usize = 2000;

/// Who led last, seen from the other seat.
fn swap(last: usize) -> usize {
    match last {
        MOVER => OTHER,
        OTHER => MOVER,
        _ => NOBODY,
    }
}

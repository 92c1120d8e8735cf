//! Lead changes of a two-player race on a compact chain (the tag of who
//! led last only where the pieces are level): their exact distribution,
//! level by level, for the report over the joint states (`--joint`; the
//! mean alone comes seat by seat, `excitement/race.rs`).
//!
//! Seen from the seat about to roll, the game is symmetric: a state is
//! (mover's state, other's state), and only when the two pieces are level
//! does it also need who led last (when they are not, the last sole
//! leader is the piece in front). A roll either changes the lead or not;
//! `Q = Q_same + Q_changed` accordingly, with the seats' roles swapped
//! after each roll.
//!
//! - **Their distribution.** `u_k(s)`, the chance of exactly `k` more
//!   changes, is the chance of finishing with `k` (0 or 1) changes, plus
//!   `Q_same u_k`, plus `Q_changed u_{k−1}`: one solve per `k`, the
//!   previous level known, until all but `tail` of the games are counted.

use ladderkit_core::work::Meter;

use super::{A as MOVER, B as OTHER, NOBODY, sole};
use crate::chain::{RollChain, Transient};

/// Walks the symmetric chain of `chain` into `rows`, row by row in sweep
/// order, returning how many states it has and the start's number (both
/// pieces on the start, nobody led yet).
fn walk(chain: &RollChain<'_>, rows: &mut Split) -> (usize, usize) {
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
    for &s in &order {
        let s = s as usize;
        let (m, o, last) = if s < n * n {
            let (m, o) = (s / n, s % n);
            if m == o {
                // (Level pieces live in the second block: this row only
                // keeps the numbering simple.)
                rows.close_row(0.0, false);
                continue;
            }
            (m, o, if pos(m) > pos(o) { MOVER } else { OTHER })
        } else {
            ((s - n * n) / 3, (s - n * n) / 3, (s - n * n) % 3)
        };
        for &(to, p) in chain.q.row(m) {
            let to = to as usize;
            // Who leads after the roll, seen from the mover (`sole`'s first
            // piece); level pieces leave the last leader.
            let led = sole(pos(to), pos(o)).unwrap_or(last);
            // The other seat rolls next: mover and other swap.
            let next = rank[if to == o { level(o, swap(led)) } else { apart(o, to) }];
            rows.add(next, p, last != NOBODY && led != last);
        }
        // Finishing puts the mover alone in front.
        rows.close_row(chain.win[m], last == OTHER);
    }
    (states, rank[level(chain.start as usize, NOBODY)] as usize)
}

/// How many times something happens in a game: the chance of each count,
/// and of more.
#[derive(Debug, Clone, PartialEq)]
pub struct Counts {
    /// `[k]`: the chance of exactly `k`.
    pub p: Vec<f64>,
    /// The chance of `p.len()` or more (below the `tail` asked for, unless
    /// `MAX_LEVELS` ran out first).
    pub more: f64,
}

impl Counts {
    /// The smallest count reached by at least `q` (0 to 1) of the games.
    pub fn percentile(&self, q: f64) -> usize {
        let mut sum = 0.0;
        for (k, p) in self.p.iter().enumerate() {
            sum += p;
            if sum >= q {
                return k;
            }
        }
        self.p.len()
    }
}

/// `Q` split into the rolls that leave the lead and those that change it,
/// and each row's finishing chance, with whether it changes the lead.
struct Split {
    same: Transient,
    changed: Transient,
    finish: Vec<(f64, bool)>,
}

impl Split {
    /// A roll to state `next` with chance `p`, changing the lead or not.
    fn add(&mut self, next: u32, p: f64, changed: bool) {
        if changed { self.changed.add(next, p) } else { self.same.add(next, p) }
    }

    /// The row ends: the mover finishes with chance `finish`, changing the
    /// lead or not.
    fn close_row(&mut self, finish: f64, changes: bool) {
        self.same.close_row();
        self.changed.close_row();
        self.finish.push((finish, changes));
    }
}

/// The distribution of lead changes per game, both pieces from the start,
/// counted until all but `tail` of the games are; `None` if a level's
/// sweeps do not settle (`MAX_SWEEPS`). Pauses after each count, the
/// share of the games counted so far on `meter` between `progress`' ends.
pub(crate) async fn distribution(
    chain: &RollChain<'_>,
    tail: f64,
    meter: &Meter,
    progress: (f64, f64),
) -> Option<Counts> {
    let n = chain.states();
    let states = n * n + 3 * n;
    let mut split = Split {
        same: Transient::with_capacity(states, 6),
        changed: Transient::with_capacity(states, 1),
        finish: Vec::with_capacity(states),
    };
    let (states, start) = walk(chain, &mut split);
    let (mut before, mut u, mut c) = (vec![0.0; states], vec![0.0; states], vec![0.0; states]);
    let (mut p, mut counted) = (Vec::new(), 0.0);
    for k in 0..MAX_LEVELS {
        // The part of `u_k` that does not depend on itself: finishing with
        // `k` changes, and a changing roll into level `k − 1`.
        for (s, c) in c.iter_mut().enumerate() {
            let (finish, changes) = split.finish[s];
            let finishing = if usize::from(changes) == k { finish } else { 0.0 };
            *c = finishing + if k == 0 { 0.0 } else { split.changed.expect(s, &before) };
        }
        u.iter_mut().for_each(|x| *x = 0.0);
        // (Every roll that changes the lead leaves the level: its sweeps
        // settle fast, and plainly.)
        let mut settled = false;
        for _ in 0..MAX_SWEEPS {
            let mut moved = 0.0f64;
            for s in 0..states {
                let next = c[s] + split.same.expect(s, &u);
                moved = moved.max((next - u[s]).abs());
                u[s] = next;
            }
            if moved <= LEVEL_SETTLED {
                settled = true;
                break;
            }
        }
        if !settled {
            return None;
        }
        p.push(u[start]);
        counted += u[start];
        if 1.0 - counted < tail {
            break;
        }
        meter.at(progress.0 + counted.clamp(0.0, 1.0) * (progress.1 - progress.0)).await;
        std::mem::swap(&mut before, &mut u);
    }
    Some(Counts { p, more: (1.0 - counted).max(0.0) })
}

/// A level's sweeps stop once no chance moves by more than this.
const LEVEL_SETTLED: f64 = 1e-15;
/// Sweeps before a level gives up.
const MAX_SWEEPS: usize = 2000;
/// Counts of lead changes followed one by one, at most.
const MAX_LEVELS: usize = 5000;

/// Who led last, seen from the other seat.
fn swap(last: usize) -> usize {
    match last {
        MOVER => OTHER,
        OTHER => MOVER,
        _ => NOBODY,
    }
}

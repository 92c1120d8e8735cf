//! The distribution of leader changes at a table of any size, over every
//! seat's joint state (`analyze --joint` at three or more seats; the mean
//! comes seat by seat in `race.rs`, at any size, and this is held to it).
//!
//! The leaders are the seats whose pieces are furthest along, nobody
//! while every piece is on the start, and a roll changes them when the set
//! after it is not the set before it (`race.rs` says it in the same
//! words). That set is a function of where the pieces stand, so unlike the
//! two-seat lead it needs no memory: a state is where each piece stands,
//! seen from the seat about to roll (the mover first, then the seats in
//! turn order), and each roll moves to the state seen from the next seat.
//! `u_k(s)`, the chance of exactly `k` more changes, is the chance of
//! finishing with `k` (0 or 1) changes, plus the rolls that keep the set
//! into `u_k`, plus those that change it into `u_{k−1}`: one solve per
//! `k` by Gauss–Seidel sweeps, the states in order of the pieces'
//! progress, furthest first, so that forward moves read values of the same
//! sweep. Rows are read off one piece's chain as they are needed: the
//! joint chain is never stored, only two levels of `n^N` chances.
//!
//! Lost and extra turns make a turn more than one roll, which this chain
//! does not follow; such boards are refused, as are tables whose joint
//! states pass the budget (`MAX_STATES`).

use ladderkit_core::work::{Meter, pause};
use ladderkit_core::{CompiledBoard, Seats};

use super::excitement_unsupported;
use super::lead_changes::Counts;
use crate::chain::{RollChain, Scope};
use crate::{AnalysisError, Options};

/// Joint states held at most: three levels of chances and the sweep
/// order, about 28 bytes a state (112 MiB here).
pub const MAX_STATES: usize = 1 << 22;

/// The distribution of leader changes per game at a table of `seats`,
/// every piece from the start, seat 1 first.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderCounts {
    pub seats: Seats,
    /// The joint states the solve walked (one piece's places to the
    /// power of the seats).
    pub states: usize,
    /// The chance of each count, and of more: until all but the `tail`
    /// asked for are counted, or as far as the work got when it was
    /// stopped (`cut`); either way the counts given are exact and `more`
    /// is the rest.
    pub counts: Counts,
    /// Stopped before all but the `tail` were counted.
    pub cut: bool,
}

impl LeaderCounts {
    /// The mean, the games past the last count taken at that count.
    pub fn mean(&self) -> f64 {
        self.counts.p.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }
}

/// The joint states of `seats` pieces on `board`, or why they are not
/// followed here.
pub fn leader_states(board: &CompiledBoard, seats: Seats) -> Result<usize, AnalysisError> {
    if let Some(why) = excitement_unsupported(board) {
        return Err(AnalysisError::NotExact(why));
    }
    let n = RollChain::new(board, Scope::FromStart).states();
    joint_states(n, seats)
}

fn joint_states(n: usize, seats: Seats) -> Result<usize, AnalysisError> {
    match n.checked_pow(seats.get()).filter(|s| *s <= MAX_STATES) {
        Some(states) => Ok(states),
        None => Err(AnalysisError::NotExact(format!(
            "{n} places a piece can rest on make {n}^{} joint states at {seats}, more than the {MAX_STATES} \
             the distribution of leader changes holds; their mean is exact seat by seat",
            seats.get()
        ))),
    }
}

/// `LeaderCounts` of `board` at a table of `seats`, counted until all but
/// `options.tail` of the games are, or until `stop` says so (asked at
/// every pause: between sweeps, and every `SWEEP_PAUSE` states on large
/// tables), the counts finished by then given. The share of the games
/// counted goes on `meter`.
pub async fn leader_counts_stepped(
    board: &CompiledBoard,
    seats: Seats,
    options: &Options,
    meter: &Meter,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<LeaderCounts, AnalysisError> {
    if let Some(why) = excitement_unsupported(board) {
        return Err(AnalysisError::NotExact(why));
    }
    if seats < Seats::TWO {
        return Err(AnalysisError::NotExact("one player alone has nobody to lead".into()));
    }
    let chain = RollChain::new(board, Scope::FromStart);
    chain.check_finishes()?;
    let n = chain.states();
    let states = joint_states(n, seats)?;
    let others = states / n;
    let s0 = chain.start as usize;
    // Per state of the other seats (the mover's digit dropped): the
    // furthest of them, and whether every one is on the start.
    let (mut furthest, mut unled) = (vec![0u32; others], vec![false; others]);
    for rest in 0..others {
        let (mut max, mut all_start, mut r) = (0, true, rest);
        for _ in 1..seats.count() {
            let x = r % n;
            r /= n;
            max = max.max(x);
            all_start &= x == s0;
        }
        (furthest[rest], unled[rest]) = (max as u32, all_start);
    }
    let order = progress_order(n, seats, states);
    // The mover's place in each state swept, so a sweep divides nothing.
    let movers: Vec<u16> = order.iter().map(|&s| (s as usize / others) as u16).collect();
    pause().await;
    let start = (0..seats.count()).fold(0, |s, _| s * n + s0);
    let (mut before, mut u, mut c) = (vec![0.0; states], vec![0.0; states], vec![0.0; states]);
    let (mut p, mut counted): (Vec<f64>, f64) = (Vec::new(), 0.0);
    for k in 0..MAX_LEVELS {
        // The part of `u_k` that does not depend on itself: finishing with
        // `k` changes, and a changing roll into level `k − 1`.
        for (s, c) in c.iter_mut().enumerate() {
            let (x, rest) = (s / others, s % others);
            let (m, first) = (furthest[rest] as usize, x == s0 && unled[rest]);
            let finishing = usize::from(m >= x && !first) == k;
            let mut part = if finishing { chain.win[x] } else { 0.0 };
            if k > 0 {
                for &(y, q) in chain.q.row(x) {
                    let y = y as usize;
                    if changes(x, y, m, first) {
                        part += q * before[rest * n + y];
                    }
                }
            }
            *c = part;
        }
        // Far out, each level is nearly the one before times the ratio of
        // the last two counts' chances: the sweeps start there, and have
        // only the difference left to settle.
        let ratio = match p[..] {
            [.., a, b] if a > 0.0 => (b / a).min(1.0),
            _ => 0.0,
        };
        for (u, b) in u.iter_mut().zip(&before) {
            *u = ratio * b;
        }
        let mut settled = false;
        let mut stopped = false;
        'sweeps: for _ in 0..MAX_SWEEPS {
            let mut moved = 0.0f64;
            for (i, (&s, &x)) in order.iter().zip(&movers).enumerate() {
                let (s, x) = (s as usize, usize::from(x));
                let rest = s - x * others;
                let (m, first) = (furthest[rest] as usize, x == s0 && unled[rest]);
                let mut next = c[s];
                for &(y, q) in chain.q.row(x) {
                    let y = y as usize;
                    if !changes(x, y, m, first) {
                        next += q * u[rest * n + y];
                    }
                }
                moved = moved.max((next - u[s]).abs());
                u[s] = next;
                if i % SWEEP_PAUSE == SWEEP_PAUSE - 1 {
                    pause().await;
                    if stop() {
                        stopped = true;
                        break 'sweeps;
                    }
                }
            }
            if moved <= LEVEL_SETTLED {
                settled = true;
                break;
            }
            pause().await;
            if stop() {
                stopped = true;
                break;
            }
        }
        if stopped {
            return Ok(LeaderCounts { seats, states, counts: Counts { p, more: (1.0 - counted).max(0.0) }, cut: true });
        }
        if !settled {
            return Err(AnalysisError::TooLong { steps: MAX_SWEEPS, unfinished: format!("{:.2e}", 1.0 - counted) });
        }
        p.push(u[start]);
        counted += u[start];
        if 1.0 - counted < options.tail {
            break;
        }
        meter.at(counted.clamp(0.0, 1.0)).await;
        std::mem::swap(&mut before, &mut u);
    }
    Ok(LeaderCounts { seats, states, counts: Counts { p, more: (1.0 - counted).max(0.0) }, cut: false })
}

/// Whether the mover's roll from `x` to `y` changes the leaders, the other
/// seats' furthest on `m` (roll-chain states are in position order),
/// `first` when every piece is on the start: moving off it changes
/// nothing (nobody led, and the first to move is not a change).
fn changes(x: usize, y: usize, m: usize, first: bool) -> bool {
    y != x && x.min(y) <= m && m <= x.max(y) && !first
}

/// The joint states in order of the pieces' progress (their states'
/// sum), furthest first.
fn progress_order(n: usize, seats: Seats, states: usize) -> Vec<u32> {
    let seats = seats.count();
    let most = seats * (n - 1);
    let progress = |mut s: usize| {
        let mut sum = 0;
        for _ in 0..seats {
            sum += s % n;
            s /= n;
        }
        sum
    };
    let mut first = vec![0u32; most + 2];
    for s in 0..states {
        first[most - progress(s) + 1] += 1;
    }
    for i in 1..first.len() {
        first[i] += first[i - 1];
    }
    let mut order = vec![0u32; states];
    for s in 0..states {
        let slot = &mut first[most - progress(s)];
        order[*slot as usize] = s as u32;
        *slot += 1;
    }
    order
}

/// A level's sweeps stop once no chance moves by more than this.
const LEVEL_SETTLED: f64 = 1e-15;
/// Sweeps before a level gives up.
const MAX_SWEEPS: usize = 2000;
/// Counts of leader changes followed one by one, at most.
const MAX_LEVELS: usize = 5000;
/// States swept between pauses (a few milliseconds of work).
const SWEEP_PAUSE: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_order_holds_every_state_once_furthest_first() {
        let n = 5;
        let order = progress_order(n, Seats::new(3).unwrap(), n.pow(3));
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..125).collect::<Vec<u32>>());
        let sum = |s: u32| (s % 5) + (s / 5 % 5) + (s / 25);
        assert!(order.windows(2).all(|w| sum(w[0]) >= sum(w[1])));
        assert_eq!(order[0], 124);
    }
}

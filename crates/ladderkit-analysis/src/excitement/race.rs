//! The race's measures at a table of any size, seat by seat: the pieces
//! never meet, so every seat is an independent copy of one piece's chain
//! and any question about the other seats factors into one piece's
//! distribution. Nothing here walks joint states: time grows as the seats
//! times the chain's moves times the rounds, memory as a few vectors of one
//! piece's states.
//!
//! Seats `0..N` move in order, one roll a turn. After `k` rolls a piece is
//! on state `x` with `d_k(x)` (mass of games it has not finished). When
//! seat `i` takes its `h`-th roll the seats before it have rolled `h` times
//! and those after it `h − 1`, so "every other seat racing, the furthest
//! of them behind `m`" is `Φ_i(m) = C_h(m)^i C_{h−1}(m)^(N−1−i)`, `C_k(m)`
//! one piece's mass behind `m` (`cumulate`).
//!
//! - **Leader changes** (any table): the leaders are the seats furthest
//!   along (nobody while every piece is on the start); a turn changes
//!   them when the set after it is not the set before it (joining a tie
//!   counts, as does leaving one). A roll from `a` to `b` changes the set
//!   exactly when the other seats' furthest `M` is between them,
//!   `min(a, b) ≤ M ≤ max(a, b)`; finishing from `a` when `M ≥ a`.
//! - **Lead changes** (two seats, `Measures::lead_changes`' count): a new
//!   piece alone in front where the last piece alone in front was the
//!   other. Rolls that pass the other piece, and finishing from behind,
//!   change the lead by positions alone. The rest happen when pieces part
//!   after being level: level pieces stay level until one of them leaves
//!   their square, so the chance that parting changes the lead has a
//!   closed form in the square's own rolls (stay `r`, go ahead `α`, go back
//!   `β` of those that leave), counted when the pieces meet: `(β + rα) /
//!   (1 + r)` when the mover caught up, `(α + rβ) / (1 + r)` when it fell
//!   back onto the other.
//! - **Photo finish** and **comeback**: `table`'s formulas, with the
//!   comeback's backward vectors kept one step at a time.
//!
//! A pass stops once what it leaves out is below `Options::tail`, or
//! sooner, once one piece's distribution has settled into its lasting
//! shape: from then on every sum's term is the one before times the
//! game's decay `ρ` (one piece's, to the power of the seats), so the rest
//! is the last term times `ρ / (1 − ρ)`. That is taken once the terms have
//! followed `ρ` for `SETTLED_ROUNDS` rounds closely enough that the rest
//! so taken is off by less than the tail (`Series::doubt`).

use ladderkit_core::work::Meter;

use crate::AnalysisError;
use crate::Options;
use crate::chain::RollChain;

/// What the forward pass gives.
pub(super) struct Forward {
    pub half_way_round: u32,
    /// One piece's distribution at the end of `half_way_round`.
    pub half: Vec<f64>,
    /// The rest only when the pass was asked to go on to the game's end.
    pub photo_finish: Option<f64>,
    /// Expected changes of the set of leaders per game.
    pub leader_changes: Option<f64>,
    /// Two seats: expected changes of the piece alone in front.
    pub lead_changes: Option<f64>,
    /// Rounds followed.
    pub rounds: usize,
}

/// A sum over rounds (or rolls) whose terms, once one piece's
/// distribution has settled into its lasting shape, are each the one
/// before times the game's decay `ρ`: then the rest is the last term
/// times `ρ / (1 − ρ)`.
#[derive(Default)]
struct Series {
    total: f64,
    last: f64,
    before: f64,
}

impl Series {
    fn add(&mut self, term: f64) {
        (self.total, self.before, self.last) = (self.total + term, self.last, term);
    }

    /// How far the rest taken as geometric could be off: the last term's
    /// departure from the one before times `rho`, carried through the rest.
    fn doubt(&self, rho: f64) -> f64 {
        (self.last - rho * self.before).abs() / (1.0 - rho).powi(2)
    }

    fn settled(&self, rho: f64, tail: f64) -> bool {
        rho < 1.0 && self.doubt(rho) <= tail * self.total.abs().max(1.0)
    }

    /// The whole sum, the rest taken as geometric.
    fn with_rest(&self, rho: f64) -> f64 {
        self.total + self.last * rho / (1.0 - rho)
    }
}

/// Whether every one of `sums` has settled at `rho`, this round and the
/// one before (`streak` counts such rounds).
fn all_settled(sums: &[&Series], rho: f64, tail: f64, streak: &mut u32) -> bool {
    if sums.iter().all(|s| s.settled(rho, tail)) {
        *streak += 1;
    } else {
        *streak = 0;
    }
    *streak >= SETTLED_ROUNDS
}

/// Rounds in a row a sum must look settled before its rest is taken as
/// geometric.
const SETTLED_ROUNDS: u32 = 3;

/// Moves of one piece's chain looked at between pauses: a round is the
/// chain's moves times the seats, so a small board pauses every few
/// hundred rounds and the 100 × 100 board every round or two (a
/// millisecond or so of work).
const PAUSE_EVERY: usize = 200_000;

/// Counts work done since the last pause.
struct Pacer {
    done: usize,
}

impl Pacer {
    /// Adds `work` moves; whether it is time to pause.
    fn due(&mut self, work: usize) -> bool {
        self.done += work;
        if self.done < PAUSE_EVERY {
            return false;
        }
        self.done = 0;
        true
    }
}

/// `Σ_i a^i b^(m−i)` for `i` in `0..=m`.
pub(super) fn mixed(a: f64, b: f64, m: u32) -> f64 {
    (0..=m).map(|i| a.powi(i as i32) * b.powi((m - i) as i32)).sum()
}

/// One piece's distribution: its mass on the states below `k` (`cum[k]`),
/// for `k` from 0 to the states' count. States are numbered in position
/// order, one a position, so "below state `k`" is "behind its position".
fn cumulate(d: &[f64], cum: &mut [f64]) {
    let mut sum = 0.0;
    for (c, m) in cum.iter_mut().zip(d) {
        *c = sum;
        sum += m;
    }
    cum[d.len()] = sum;
}

/// Per state, for two level pieces there: the chance that their parting
/// changes the lead when the mover caught up with the other (`.0`) and
/// when it fell back onto it (`.1`).
fn parting(chain: &RollChain<'_>) -> Vec<(f64, f64)> {
    (0..chain.states())
        .map(|x| {
            let here = chain.positions[x];
            let (mut stay, mut back) = (0.0, 0.0);
            for &(y, p) in chain.q.row(x) {
                match chain.positions[y as usize].cmp(&here) {
                    std::cmp::Ordering::Equal => stay += p,
                    std::cmp::Ordering::Less => back += p,
                    std::cmp::Ordering::Greater => {}
                }
            }
            let leave = 1.0 - stay;
            if leave <= 0.0 {
                return (0.0, 0.0);
            }
            let (ahead, back) = ((leave - back) / leave, back / leave);
            ((back + stay * ahead) / (1.0 + stay), (ahead + stay * back) / (1.0 + stay))
        })
        .collect()
}

/// How far the forward pass goes, and what it counts on the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reach {
    /// To the median game's end: the half-way round and its distribution
    /// (all the comeback needs).
    HalfWay,
    /// To the game's end: the photo finish too.
    PhotoFinish,
    /// To the game's end, with the leader (and lead) changes.
    Everything,
}

/// The pass forward over the rounds, at a table of `players`, as far as
/// `reach`. Pauses every `PAUSE_EVERY` moves looked at.
pub(super) async fn forward(
    chain: &RollChain<'_>,
    players: u32,
    options: &Options,
    reach: Reach,
    meter: &Meter,
    progress: (f64, f64),
) -> Result<Forward, AnalysisError> {
    let n = chain.states();
    // (Positions compare as their states do: `cumulate`.)
    let places = n + 1;
    let s0 = chain.start as usize;
    let others = players - 1;
    let (mut prev, mut cur) = (vec![0.0; n], vec![0.0; n]);
    prev[s0] = 1.0;
    let (mut half, mut scratch) = (prev.clone(), vec![0.0; n]);
    let mut half_at = 0u32;
    let (mut cum_prev, mut cum_cur) = (vec![0.0; places], vec![0.0; places]);
    cumulate(&prev, &mut cum_cur);
    let mut own_phi = vec![0.0; places];
    let full = reach != Reach::HalfWay;
    let changes = reach == Reach::Everything && players > 1;
    let parting = if changes && players == 2 { parting(chain) } else { Vec::new() };
    let (mut leader, mut lead, mut photo) = (Series::default(), Series::default(), Series::default());
    let mut streak = 0;
    let mut median: Option<u32> = None;
    let (moves, mut pacer) = (chain.q.entries.len() + n, Pacer { done: 0 });
    let sums = |d: &[f64]| {
        let finish: f64 = d.iter().zip(&chain.win).map(|(m, w)| m * w).sum();
        let racing: f64 = d.iter().sum();
        let close: f64 = d.iter().zip(&chain.win).filter(|(_, w)| **w > 0.0).map(|(m, _)| m).sum();
        (finish, racing, close)
    };
    let (mut f, mut r, mut g) = sums(&prev);
    for round in 1..=options.max_steps {
        chain.q.push(&prev, &mut cur);
        let (f1, r1, g1) = sums(&cur);
        photo.add(f * (mixed(r1, r, others) - mixed(r1 - g1, r - g, others)));
        let (mut leader_now, mut lead_now) = (0.0, 0.0);
        if changes {
            // This round's `cur` is the next one's `prev`.
            std::mem::swap(&mut cum_prev, &mut cum_cur);
            cumulate(&cur, &mut cum_cur);
            for seat in 0..players {
                // The other seats: rolled once more than this one if they
                // move earlier in the round, as often if later.
                let (ahead, behind) = (seat as i32, (others - seat) as i32);
                let phi: &[f64] = if players == 2 {
                    if seat == 0 { &cum_prev } else { &cum_cur }
                } else {
                    for (k, phi) in own_phi.iter_mut().enumerate() {
                        *phi = cum_cur[k].powi(ahead) * cum_prev[k].powi(behind);
                    }
                    &own_phi
                };
                // At two seats, the other piece itself.
                let other = if seat == 0 { &prev } else { &cur };
                let all = phi[places - 1];
                // Every other piece still on the start: nobody leads yet.
                let unled = cur[s0].powi(ahead) * prev[s0].powi(behind);
                for (x, &m) in prev.iter().enumerate().filter(|(_, m)| **m != 0.0) {
                    let unled = if x == s0 { unled } else { 0.0 };
                    let (mut set, mut sole) = (chain.win[x] * (all - phi[x] - unled), 0.0);
                    for &(y, p) in chain.q.row(x) {
                        let y = y as usize;
                        if y != x {
                            set += p * (phi[x.max(y) + 1] - phi[x.min(y)] - unled);
                        }
                        if players == 2 {
                            // Passing the other piece, or meeting it.
                            let (caught, fell) = parting[y];
                            if y > x {
                                sole += p * (phi[y] - phi[x + 1] + other[y] * caught);
                            } else if y < x {
                                sole += p * (phi[x] - phi[y + 1] + other[y] * fell);
                            }
                        }
                    }
                    leader_now += m * set;
                    if players == 2 {
                        // Finishing from behind.
                        lead_now += m * (sole + chain.win[x] * (all - phi[x + 1]));
                    }
                }
            }
        }
        leader.add(leader_now);
        lead.add(lead_now);
        let rho = if r > 0.0 { (r1 / r).powi(players as i32) } else { 0.0 };
        std::mem::swap(&mut prev, &mut cur);
        (f, r, g) = (f1, r1, g1);
        let game = r.powi(players as i32);
        // The end of the half-way round of a game whose median ends now.
        let round = round as u32;
        if median.is_none() {
            let target = super::half_way_round(round);
            while half_at < target {
                chain.q.push(&half, &mut scratch);
                std::mem::swap(&mut half, &mut scratch);
                half_at += 1;
            }
            if game <= 0.5 {
                median = Some(round);
            }
        }
        let geometric = all_settled(&[&photo, &leader, &lead], rho, options.tail, &mut streak);
        let done = median.is_some() && (!full || game < options.tail || geometric);
        if done {
            let sum = |s: &Series| if geometric { s.with_rest(rho) } else { s.total };
            return Ok(Forward {
                half_way_round: half_at,
                half,
                photo_finish: full.then(|| sum(&photo)),
                leader_changes: changes.then(|| sum(&leader)),
                lead_changes: (changes && players == 2).then(|| sum(&lead)),
                rounds: round as usize,
            });
        }
        if pacer.due(moves * if changes { players as usize + 1 } else { 1 }) {
            let at = if game >= 1.0 { 0.0 } else { (game.ln() / options.tail.ln()).clamp(0.0, 1.0) };
            meter.at(progress.0 + at * (progress.1 - progress.0)).await;
        }
    }
    Err(AnalysisError::TooLong { steps: options.max_steps, unfinished: format!("{:.2e}", r.powi(players as i32)) })
}

/// The chance that the game runs on past the end of the half-way round
/// (one piece then on `half`) and is won by a seat alone last then: `Σ_x
/// d(x) Σ_t f_x(t) Σ_i U(x, t)^i U(x, t − 1)^(N−1−i)`, `U(x, s)` the mass of
/// `d` strictly ahead of `x` still racing after `s` more rolls, with the
/// backward vector `S_t` one step at a time.
pub(super) async fn comeback(
    chain: &RollChain<'_>,
    players: u32,
    half: &[f64],
    options: &Options,
    meter: &Meter,
    progress: (f64, f64),
) -> Result<f64, AnalysisError> {
    let n = chain.states();
    let others = players - 1;
    // States are in position order: "ahead" is a higher state. A piece
    // finishes on roll `t` exactly when it was racing after `t − 1` rolls
    // and is not after `t`: `f_t = S_{t−1} − S_t`.
    let (mut s, mut s_next) = (vec![1.0; n], vec![0.0; n]);
    let (mut before, mut now) = (vec![0.0; n], vec![0.0; n]);
    let ahead = |s: &[f64], u: &mut [f64]| {
        let mut sum = 0.0;
        for x in (0..n).rev() {
            u[x] = sum;
            sum += half[x] * s[x];
        }
        sum
    };
    let mut racing = ahead(&s, &mut before);
    let start = racing;
    let mut pacer = Pacer { done: 0 };
    let (mut total, mut streak) = (Series::default(), 0);
    for _ in 1..=options.max_steps {
        // S_t from S_{t−1}, U(·, t), and the winners on roll t.
        chain.q.times(&s, &mut s_next);
        let now_racing = ahead(&s_next, &mut now);
        let mut term = 0.0;
        for x in 0..n {
            let finish = s[x] - s_next[x];
            if half[x] != 0.0 && finish != 0.0 {
                term += half[x] * finish * mixed(now[x], before[x], others);
            }
        }
        std::mem::swap(&mut s, &mut s_next);
        total.add(term);
        std::mem::swap(&mut before, &mut now);
        let rho = if racing > 0.0 { (now_racing / racing).powi(players as i32) } else { 0.0 };
        racing = now_racing;
        if all_settled(&[&total], rho, options.tail, &mut streak) {
            return Ok(total.with_rest(rho));
        }
        // Every later winner finishes from this mass, each other seat
        // racing too.
        let left = f64::from(players) * racing.powi(players as i32);
        if left < options.tail {
            return Ok(total.total);
        }
        if pacer.due(chain.q.entries.len() + n) {
            let at = if racing >= start { 0.0 } else { (left.ln() / options.tail.ln()).clamp(0.0, 1.0) };
            meter.at(progress.0 + at * (progress.1 - progress.0)).await;
        }
    }
    Err(AnalysisError::TooLong { steps: options.max_steps, unfinished: format!("{racing:.2e}") })
}

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
//! followed `ρ`, and the sum so estimated has stopped moving, for
//! `SETTLED_ROUNDS` rounds closely enough that it is off by less than the
//! tail (`Series::doubt`).

use ladderkit_core::Seats;
use ladderkit_core::work::{Meter, Pacer};

use super::parting::Parting;
use super::turn_chain::TurnChain;
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
    /// The whole sum as the last two rounds estimated it (`with_rest`),
    /// and how much it moved between them.
    estimate: f64,
    moved: f64,
    moved_before: f64,
}

impl Series {
    /// This round's term, and the decay `ρ` it is taken to follow on.
    fn add(&mut self, term: f64, rho: f64) {
        (self.total, self.before, self.last) = (self.total + term, self.last, term);
        let estimate = self.with_rest(rho);
        (self.moved_before, self.moved) = (self.moved, estimate - self.estimate);
        self.estimate = estimate;
    }

    /// How far the rest taken as geometric could be off. Two ways:
    /// - the last term's departure from the one before times `ρ`, carried
    ///   through the rest;
    /// - `ρ` itself still moving (it is a ratio of one piece's masses a
    ///   round apart, tending to the chain's leading eigenvalue): then the
    ///   estimate moves from round to round, by steps that shrink by a
    ///   ratio of their own, and what is left of its move is the last
    ///   step times that ratio over one less it. A board whose two leading
    ///   eigenvalues are close took its rest a few 1e-12 off before this
    ///   was counted.
    fn doubt(&self, rho: f64) -> f64 {
        let off_rho = (self.last - rho * self.before).abs() / (1.0 - rho).powi(2);
        let (moved, ratio) = (self.moved.abs(), (self.moved / self.moved_before).abs());
        // `ρ` is a ratio of sums of many terms, known to a few roundings:
        // the estimate's moves within what that leaves open are noise.
        let noise = self.last * ROUNDING * rho / (1.0 - rho).powi(2);
        let moving = if moved <= noise {
            noise
        } else if ratio < 1.0 {
            moved * ratio / (1.0 - ratio)
        } else {
            f64::INFINITY
        };
        off_rho.max(moving)
    }

    /// Terms of nothing follow any decay: a sum whose terms have not begun
    /// (nobody can finish yet from where the pass began) has not settled.
    ///
    /// The doubt is held to the tail, or to what the terms' own rounding
    /// leaves knowable where that is more: the doubt reads the last term's
    /// departure from the one before times `ρ`, a difference of two terms
    /// each a sum of many rounded products, over `(1 − ρ)²`. Where the game
    /// decays slowly that rounding alone came to about the tail, so the
    /// pass ran on until it happened to look small for a few rounds in a
    /// row, a fifth more rounds on the 100 × 100 boards, without knowing
    /// the sum any better.
    fn settled(&self, rho: f64, tail: f64) -> bool {
        let begun = self.last > 0.0 && self.before > 0.0;
        let knowable = tail.max(TERM_ROUNDING / (1.0 - rho));
        begun && rho < 1.0 && self.doubt(rho) <= knowable * self.total.abs().max(1.0)
    }

    /// The whole sum, the rest taken as geometric.
    fn with_rest(&self, rho: f64) -> f64 {
        self.total + self.last * rho / (1.0 - rho)
    }
}

/// How well `ρ` is known, relative to it.
const ROUNDING: f64 = 1e-15;

/// How well a round's term is known, relative to it: a sum over every
/// square of products of masses, each a few roundings off (once settled,
/// the 100 × 100 boards' terms depart from the decay by up to about this
/// much of a term, from round to round, at random).
const TERM_ROUNDING: f64 = 1e-14;

/// Whether every one of `sums` followed (`Some`) has settled at `rho`, this
/// round and the rounds before (`streak` counts such rounds).
fn all_settled(sums: &[Option<&Series>], rho: f64, tail: f64, streak: &mut u32) -> bool {
    if sums.iter().flatten().all(|s| s.settled(rho, tail)) {
        *streak += 1;
    } else {
        *streak = 0;
    }
    *streak >= SETTLED_ROUNDS
}

/// A pass whose sums never settle into a geometric rest (a decay that
/// swings from round to round) stops once the games left are below the
/// tail times this: each of them would still add a few changes.
const LEFT_OUT: f64 = 1e-2;

/// Rounds in a row a sum must look settled before its rest is taken as
/// geometric.
const SETTLED_ROUNDS: u32 = 3;

/// Moves of one piece's chain looked at between pauses: a round is the
/// chain's moves times the seats, so a small board pauses every few
/// hundred rounds and the 100 × 100 board every round or two (a
/// millisecond or so of work).
const PAUSE_EVERY: usize = 100_000;

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
    /// To the game's end, with the two-seat lead changes alone (the
    /// tuner's).
    LeadChanges,
}

/// The pass forward over the rounds, at a table of `seats`, as far as
/// `reach`. Pauses every `PAUSE_EVERY` moves looked at.
pub(super) async fn forward(
    chain: &RollChain<'_>,
    turns: &TurnChain<'_>,
    seats: Seats,
    options: &Options,
    reach: Reach,
    meter: &Meter,
    progress: (f64, f64),
) -> Result<Forward, AnalysisError> {
    let players = seats.get();
    let (n, states) = (chain.states(), turns.states());
    // (Positions compare as their roll-chain states do: `cumulate`.)
    let places = n + 1;
    let s0 = chain.start as usize;
    let others = players - 1;
    let (mut prev, mut cur) = (vec![0.0; states], vec![0.0; states]);
    prev[s0 * turns.levels] = 1.0;
    let (mut half, mut scratch) = (prev.clone(), vec![0.0; states]);
    let mut half_at = 0u32;
    let (mut prev_at, mut cur_at, mut rolled) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let mut per_roll = vec![vec![0.0; n]; turns.rolls.len()];
    let (mut cum_prev, mut cum_cur) = (vec![0.0; places], vec![0.0; places]);
    cumulate(turns.by_position(&prev, &mut prev_at), &mut cum_cur);
    let mut phi = vec![0.0; places];
    let full = reach != Reach::HalfWay;
    let leaders = reach == Reach::Everything && players > 1;
    let changes = leaders || (reach == Reach::LeadChanges && players == 2);
    let mut lead_pass = if changes && players == 2 { Some(LeadPass::new(turns).await) } else { None };
    if lead_pass.is_some() {
        meter.at(progress.0).await;
    }
    let (mut leader, mut lead, mut photo) = (Series::default(), Series::default(), Series::default());
    let mut streak = 0;
    let mut median: Option<u32> = None;
    let rolls: usize = turns.rolls.iter().map(|k| k.entries.len()).sum();
    let (moves, mut pacer) = (turns.turn.entries.len() + rolls + states, Pacer::every(PAUSE_EVERY));
    let sums = |d: &[f64]| {
        let finish: f64 = d.iter().zip(&turns.win).map(|(m, w)| m * w).sum();
        let racing: f64 = d.iter().sum();
        let close: f64 = d.iter().zip(&turns.ready).filter(|(_, r)| **r).map(|(m, _)| m).sum();
        (finish, racing, close)
    };
    let (mut f, mut r, mut g) = sums(&prev);
    for round in 1..=options.max_steps {
        turns.turn.push(&prev, &mut cur);
        let (f1, r1, g1) = sums(&cur);
        // (`1 − f / r`, not `r1 / r`: the two sums of many terms are each
        // a few roundings off, the share that finishes is not.)
        let rho = if r > 0.0 { (1.0 - f / r).powi(players as i32) } else { 0.0 };
        photo.add(f * (mixed(r1, r, others) - mixed(r1 - g1, r - g, others)), rho);
        let (mut leader_now, mut lead_now) = (0.0, 0.0);
        if changes {
            // This round's `cur` is the next one's `prev`.
            std::mem::swap(&mut cum_prev, &mut cum_cur);
            let (prev_at, cur_at) = (turns.by_position(&prev, &mut prev_at), turns.by_position(&cur, &mut cur_at));
            cumulate(cur_at, &mut cum_cur);
            // Every seat's turn begins on `prev`, so every seat rolls from
            // the same squares, and each roll's chance to change the
            // leaders is linear in the other seats' standing: summed over
            // the seats first (`phi`, `unled`), the rolls are read once.
            phi.iter_mut().for_each(|f| *f = 0.0);
            let mut unled = 0.0;
            for seat in 0..players {
                // The other seats: rolled once more than this one if they
                // move earlier in the round, as often if later.
                let (ahead, behind) = (seat as i32, (others - seat) as i32);
                for (k, f) in phi.iter_mut().enumerate() {
                    *f += cum_cur[k].powi(ahead) * cum_prev[k].powi(behind);
                }
                // Every other piece still on the start: nobody leads yet.
                unled += cur_at[s0].powi(ahead) * prev_at[s0].powi(behind);
            }
            let all = phi[places - 1];
            let rolled = turns.rolls_from(&prev, &mut per_roll, &mut rolled);
            if leaders {
                for (x, &m) in rolled.iter().enumerate().filter(|(_, m)| **m != 0.0) {
                    let unled = if x == s0 { unled } else { 0.0 };
                    let mut set = chain.win[x] * (all - phi[x] - unled);
                    for &(y, p) in chain.q.row(x) {
                        let y = y as usize;
                        if y != x {
                            set += p * (phi[x.max(y) + 1] - phi[x.min(y)] - unled);
                        }
                    }
                    leader_now += m * set;
                }
            }
            // At two seats `phi` is both other pieces' mass behind each
            // place, seat 1 on `prev` and seat 0 on `cur`.
            if let Some(pass) = lead_pass.as_mut() {
                lead_now = pass.round(turns, [&prev, &cur], &per_roll, &phi);
            }
        }
        leader.add(leader_now, rho);
        lead.add(lead_now, rho);
        std::mem::swap(&mut prev, &mut cur);
        (f, r, g) = (f1, r1, g1);
        let game = r.powi(players as i32);
        // The end of the half-way round of a game whose median ends now.
        let round = round as u32;
        if median.is_none() {
            let target = super::half_way_round(round);
            while half_at < target {
                turns.turn.push(&half, &mut scratch);
                std::mem::swap(&mut half, &mut scratch);
                half_at += 1;
            }
            if game <= 0.5 {
                median = Some(round);
            }
        }
        let followed = [(&photo, full && players > 1), (&leader, leaders), (&lead, lead_pass.is_some())];
        let geometric = all_settled(&followed.map(|(s, on)| on.then_some(s)), rho, options.tail, &mut streak);
        let done = median.is_some() && (!full || game < options.tail * LEFT_OUT || geometric);
        if done {
            let sum = |s: &Series| if geometric { s.with_rest(rho) } else { s.total };
            return Ok(Forward {
                half_way_round: half_at,
                half,
                photo_finish: full.then(|| sum(&photo)),
                leader_changes: leaders.then(|| sum(&leader)),
                lead_changes: lead_pass.is_some().then(|| sum(&lead)),
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

/// Two seats: the lead changes of a round, roll by roll. Rolls that pass
/// the other piece, and finishing from behind, change the lead by
/// positions alone; rolls onto the other piece count the chance that the
/// pieces' parting will (`Parting`), and rolls from a square the pieces
/// share count nothing.
struct LeadPass {
    parting: Parting,
    /// Per turn state: its place and the situation of a mover whose turn
    /// ended there (`Parting::situations`).
    ends: Vec<(u32, u32)>,
    /// Per roll of a turn: the situation of a mover that rolls again after
    /// it, or `None` where the cap ends the turn with it.
    rolls_on: Vec<Option<usize>>,
    /// Both pieces, each where it stands when the other moves: per turn
    /// state, by position, and `Parting::meeting` of them.
    both: Vec<f64>,
    both_at: Vec<f64>,
    meet: Vec<f64>,
}

impl LeadPass {
    async fn new(turns: &TurnChain<'_>) -> Self {
        let parting = Parting::new(turns).await;
        let levels = turns.levels;
        let ends = (0..turns.states()).map(|d| ((d / levels) as u32, (d % levels) as u32)).collect();
        let rolls_on = (1..=turns.rolls.len().max(1) as u32)
            .map(|k| turns.rolls_of.board.allows_another_turn(k).then(|| parting.rolling_on(k as usize + 1)))
            .collect();
        let places = turns.states() / levels;
        let meet = vec![0.0; places * parting.situations()];
        let (both, both_at) = (vec![0.0; turns.states()], vec![0.0; places]);
        Self { parting, ends, rolls_on, both, both_at, meet }
    }

    /// The round's lead changes. Each seat's turn begins on `prev`; seat 0
    /// moves while seat 1 is on `prev`, seat 1 while seat 0 is on `cur`;
    /// `per_roll` is where each roll of the turn is rolled from
    /// (`TurnChain::rolls_from`), `phi` the two pieces' mass behind each
    /// place, summed. What a roll does to the lead is linear in the other
    /// piece's standing, so both seats' rolls are read at once against the
    /// two standings summed; and the rolls of a turn that end it by the
    /// same rows (all but the cap's) are read at once, their mass summed.
    fn round(&mut self, turns: &TurnChain<'_>, [prev, cur]: [&[f64]; 2], per_roll: &[Vec<f64>], phi: &[f64]) -> f64 {
        for ((b, p), c) in self.both.iter_mut().zip(prev).zip(cur) {
            *b = p + c;
        }
        self.parting.meeting(&self.both, &mut self.meet);
        let per = self.parting.situations();
        let other = Other { at: turns.by_position(&self.both, &mut self.both_at), phi, meet: &self.meet, per };
        let rows = &turns.rolls_of;
        let rolling = |k: usize| per_roll.get(k).map_or(prev, |r| &r[..]);
        let all = phi[phi.len() - 1];
        let mut changes = 0.0;
        for x in 0..rolling(0).len() {
            // The turn's rolls from `x`: those after which another may
            // follow (`free`), and those the cap ends the turn with.
            let (mut free, mut capped, mut sole) = (0.0, 0.0, 0.0);
            for (k, on) in self.rolls_on.iter().enumerate() {
                let m = rolling(k)[x];
                if m == 0.0 {
                    continue;
                }
                let Some(on) = *on else {
                    capped += m;
                    continue;
                };
                free += m;
                for &(y, p) in rows.again.row(x) {
                    sole += m * p * other.passed(x, y as usize, on);
                }
            }
            for (m, ending) in [(free, &rows.end), (capped, &rows.capped)] {
                if m != 0.0 {
                    let mut passed = 0.0;
                    for &(d, p) in ending.row(x) {
                        let (y, situation) = self.ends[d as usize];
                        passed += p * other.passed(x, y as usize, situation as usize);
                    }
                    sole += m * passed;
                }
            }
            // Finishing from behind.
            changes += sole + (free + capped) * rows.wins[x] * (all - phi[x + 1]);
        }
        changes
    }
}

/// The other piece, as a roll's lead changes need it: by position, its
/// mass behind each place (`cumulate`), and where it meets the mover
/// (`Parting::meeting`, `per` situations a square).
struct Other<'a> {
    at: &'a [f64],
    phi: &'a [f64],
    meet: &'a [f64],
    per: usize,
}

impl Other<'_> {
    /// The chance that a roll from `x` to `y`, leaving the mover in
    /// `situation`, changes the lead: passing the other piece, or meeting
    /// it and their parting changing it.
    #[inline(always)] // reason: called per roll, in the pass's inner loop
    fn passed(&self, x: usize, y: usize, situation: usize) -> f64 {
        let meet = || self.meet[y * self.per + situation];
        match y.cmp(&x) {
            std::cmp::Ordering::Greater => self.phi[y] - self.phi[x + 1] + meet(),
            std::cmp::Ordering::Less => self.phi[x] - self.phi[y + 1] + self.at[y] - meet(),
            std::cmp::Ordering::Equal => 0.0,
        }
    }
}

/// The chance that the game runs on past the end of the half-way round
/// (one piece then on `half`) and is won by a seat alone last then: `Σ_x
/// d(x) Σ_t f_x(t) Σ_i U(x, t)^i U(x, t − 1)^(N−1−i)`, `U(x, s)` the mass of
/// `d` strictly ahead of `x` still racing after `s` more rolls, with the
/// backward vector `S_t` one step at a time.
pub(super) async fn comeback(
    turns: &TurnChain<'_>,
    seats: Seats,
    half: &[f64],
    options: &Options,
    meter: &Meter,
    progress: (f64, f64),
) -> Result<f64, AnalysisError> {
    let players = seats.get();
    let (n, levels) = (turns.states(), turns.levels);
    let others = players - 1;
    // Turn states are in position order, a position's together: "ahead" is
    // a later position. A piece finishes on turn `t` exactly when it was
    // racing after `t − 1` turns and is not after `t`: `f_t = S_{t−1} − S_t`.
    let (mut s, mut s_next) = (vec![1.0; n], vec![0.0; n]);
    let (mut before, mut now) = (vec![0.0; n], vec![0.0; n]);
    let ahead = |s: &[f64], u: &mut [f64]| {
        let mut sum = 0.0;
        for place in (0..n / levels).rev() {
            let here = place * levels..(place + 1) * levels;
            u[here.clone()].iter_mut().for_each(|u| *u = sum);
            sum += here.map(|x| half[x] * s[x]).sum::<f64>();
        }
        sum
    };
    let mut racing = ahead(&s, &mut before);
    let start = racing;
    let mut pacer = Pacer::every(PAUSE_EVERY);
    let (mut total, mut streak) = (Series::default(), 0);
    for _ in 1..=options.max_steps {
        // S_t from S_{t−1}, U(·, t), and the winners on turn t.
        turns.turn.times(&s, &mut s_next);
        let now_racing = ahead(&s_next, &mut now);
        let (mut term, mut finished) = (0.0, 0.0);
        for x in 0..n {
            let finish = s[x] - s_next[x];
            if half[x] != 0.0 && finish != 0.0 {
                finished += half[x] * finish;
                term += half[x] * finish * mixed(now[x], before[x], others);
            }
        }
        std::mem::swap(&mut s, &mut s_next);
        let rho = if racing > 0.0 { (1.0 - finished / racing).powi(players as i32) } else { 0.0 };
        total.add(term, rho);
        std::mem::swap(&mut before, &mut now);
        racing = now_racing;
        if all_settled(&[Some(&total)], rho, options.tail, &mut streak) {
            return Ok(total.with_rest(rho));
        }
        // Every later winner finishes from this mass, each other seat
        // racing too.
        let left = f64::from(players) * racing.powi(players as i32);
        if left < options.tail * LEFT_OUT {
            return Ok(total.total);
        }
        if pacer.due(turns.turn.entries.len() + n) {
            let at = if racing >= start { 0.0 } else { (left.ln() / options.tail.ln()).clamp(0.0, 1.0) };
            meter.at(progress.0 + at * (progress.1 - progress.0)).await;
        }
    }
    Err(AnalysisError::TooLong { steps: options.max_steps, unfinished: format!("{racing:.2e}") })
}

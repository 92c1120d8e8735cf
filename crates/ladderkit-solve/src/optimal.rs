//! Optimal play: every player takes, on every roll, the option that gives
//! them the best chance to win (a shared win counts as a share) against
//! opponents who play against them. With two players that is the game's
//! one solution: shares add up to one, so one's gain is the other's loss.
//! With more, each seat plays its security strategy: the most it can be
//! sure of whatever the others do. (Letting every player maximise their
//! own chance at once, "maxⁿ", has no such guarantee, and value iteration
//! on it can cycle for ever: it does on a 30-space Treehouse board with
//! three players.)
//!
//! Each seat's game against the rest is solved by value iteration over the
//! positions (Gauss–Seidel, later positions first) until no value moves by
//! more than `SWEEP_TOLERANCE`, then policy improvement: the strategies
//! found are evaluated as a chain to full precision (`evaluate`), and any
//! choice some option beats by more than `TOLERANCE` is switched, until
//! none is.

use ladderkit_core::Seats;
use ladderkit_core::work::run;

use crate::evaluate::{Choice, Odds, Solved, Wanted, share, solve_chain};
use crate::graph::{FINISHED, Graph};
use crate::{Pace, Progress, SolveError};

/// The optimality equations hold to this (in win chance) at every choice.
pub const TOLERANCE: f64 = 1e-12;
/// Value iteration stops when a sweep moves no value by more than this; the
/// evaluated rounds after it take the rest of the way.
const SWEEP_TOLERANCE: f64 = 1e-9;
const MAX_SWEEPS: usize = 100_000;
const MAX_ROUNDS: usize = 50;

/// The solved strategy and how it was found.
#[derive(Debug, Clone)]
pub struct Optimal {
    /// Per roll: the option optimal play takes.
    pub picks: Vec<u16>,
    /// Per position and seat: the chance the seat can be sure of from
    /// there, playing optimally (`values[x * players + seat]`; with two
    /// players, the chance under optimal play on both sides).
    pub values: Vec<f64>,
    /// Every seat playing optimally, from the start.
    pub odds: Odds,
    /// Value-iteration sweeps, over all seats solved.
    pub sweeps: usize,
    /// Policy-improvement rounds on evaluated values, over all seats.
    pub rounds: usize,
    /// The most any option beats the chosen one by, at the end.
    pub residual: f64,
}

impl Optimal {
    /// The chance `seat` can be sure of from position `x`.
    pub fn value(&self, x: usize, seat: u8, seats: Seats) -> f64 {
        self.values[x * seats.count() + seat as usize]
    }
}

pub fn optimal(graph: &Graph, progress: Option<&Progress>) -> Result<Optimal, SolveError> {
    run(optimal_stepped(graph, progress))
}

/// `optimal` as work that pauses at every sweep.
pub async fn optimal_stepped(graph: &Graph, progress: Option<&Progress>) -> Result<Optimal, SolveError> {
    let n = graph.positions();
    let p = graph.seats.count();
    // With two players, seat 1's best is seat 0's worst: one solve.
    let mut solved: Vec<Security> = Vec::new();
    for seat in 0..if p == 2 { 1 } else { p } {
        solved.push(security(graph, seat, progress).await?);
    }
    let mut picks = vec![0u16; graph.size().0];
    let mut values = vec![0.0; n * p];
    for x in 0..n {
        let me = graph.node(x).current as usize;
        let own = &solved[if p == 2 { 0 } else { me }];
        for r in graph.rolls_of(x) {
            picks[r] = own.picks[r];
        }
        for (seat, v) in values[x * p..(x + 1) * p].iter_mut().enumerate() {
            *v = match p {
                2 if seat == 0 => solved[0].values[x],
                2 => 1.0 - solved[0].values[x],
                _ => solved[seat].values[x],
            };
        }
    }
    // With two players the one solve already evaluated these very picks.
    let odds = match &solved[..] {
        [one] => one.evaluated.odds_at(0),
        _ => solve_chain(graph, &vec![Choice::Picks(&picks); p], Wanted::All, progress).await?.odds_at(0),
    };
    Ok(Optimal {
        picks,
        values,
        odds,
        sweeps: solved.iter().map(|s| s.sweeps).sum(),
        rounds: solved.iter().map(|s| s.rounds).sum(),
        residual: solved.iter().map(|s| s.residual).fold(0.0, f64::max),
    })
}

/// One seat's game against everyone else.
struct Security {
    /// Per roll: the seat's best option where it chooses, its opponents'
    /// worst-for-it where they do.
    picks: Vec<u16>,
    /// Per position: the seat's chance, both sides playing so.
    values: Vec<f64>,
    sweeps: usize,
    rounds: usize,
    residual: f64,
    /// The game played by `picks` (every figure with two players).
    evaluated: Solved,
}

/// Seat `seat` maximises its chance, every other seat minimises it.
async fn security(graph: &Graph, seat: usize, progress: Option<&Progress>) -> Result<Security, SolveError> {
    let n = graph.positions();
    let p = graph.seats.count();
    let mut values = vec![0.0; n];
    let mut sweeps = 0;
    let mut pace = Pace::options(progress);
    loop {
        sweeps += 1;
        Progress::sweep(progress).await?;
        let mut moved: f64 = 0.0;
        for x in (0..n).rev() {
            pace.did(graph.options_at(x)).await?;
            let maximise = graph.node(x).current as usize == seat;
            let mut v = 0.0;
            for r in graph.rolls_of(x) {
                let i = best(graph, r, seat, maximise, &values);
                v += graph.roll(r).p * worth(graph.options_of(r)[i].next, seat, &values);
            }
            moved = moved.max((values[x] - v).abs());
            values[x] = v;
        }
        if moved < SWEEP_TOLERANCE || sweeps >= MAX_SWEEPS {
            break;
        }
    }
    let mut picks = vec![0u16; graph.size().0];
    for x in 0..n {
        pace.did(graph.options_at(x)).await?;
        let maximise = graph.node(x).current as usize == seat;
        for r in graph.rolls_of(x) {
            picks[r] = best(graph, r, seat, maximise, &values) as u16;
        }
    }
    let mut rounds = 0;
    loop {
        rounds += 1;
        // Two players: the figures of the game itself, reused; more: this
        // seat's chance is all the rounds need.
        let wanted = if p == 2 { Wanted::All } else { Wanted::ValueOf(seat, &values) };
        let solved = solve_chain(graph, &vec![Choice::Picks(&picks); p], wanted, progress).await?;
        for (x, v) in values.iter_mut().enumerate() {
            *v = solved.value(x, seat);
        }
        // At the last round the switches are not kept, so the figures stay
        // those of `picks` and the residual says how far from optimal.
        let mut next = picks.clone();
        let (changed, residual) = improve(graph, seat, &values, &picks, &mut next, progress).await?;
        if changed == 0 || rounds >= MAX_ROUNDS {
            let residual =
                if changed == 0 { residual } else { largest_gap(graph, seat, &values, &picks, progress).await? };
            return Ok(Security { picks, values, sweeps, rounds, residual, evaluated: solved });
        }
        picks = next;
    }
}

/// Switches (in `next`) every choice of `picks` some option beats by more
/// than `TOLERANCE` (for whoever chooses there); returns how many switched and the largest gap
/// left unswitched.
async fn improve(
    graph: &Graph,
    seat: usize,
    values: &[f64],
    picks: &[u16],
    next: &mut [u16],
    progress: Option<&Progress>,
) -> Result<(usize, f64), SolveError> {
    let (mut changed, mut residual) = (0, 0.0_f64);
    for_each_gap(graph, seat, values, picks, progress, |r, better, gap| {
        if gap > TOLERANCE {
            next[r] = better as u16;
            changed += 1;
        } else {
            residual = residual.max(gap);
        }
    })
    .await?;
    Ok((changed, residual))
}

/// The most any option beats the chosen one by, for whoever chooses.
async fn largest_gap(
    graph: &Graph,
    seat: usize,
    values: &[f64],
    picks: &[u16],
    progress: Option<&Progress>,
) -> Result<f64, SolveError> {
    let mut largest: f64 = 0.0;
    for_each_gap(graph, seat, values, picks, progress, |_, _, gap| largest = largest.max(gap)).await?;
    Ok(largest)
}

/// Per roll: the best option for whoever chooses there, and how much it
/// beats the picked one by.
async fn for_each_gap(
    graph: &Graph,
    seat: usize,
    values: &[f64],
    picks: &[u16],
    progress: Option<&Progress>,
    mut found: impl FnMut(usize, usize, f64),
) -> Result<(), SolveError> {
    let mut pace = Pace::options(progress);
    for x in 0..graph.positions() {
        pace.did(graph.options_at(x)).await?;
        let maximise = graph.node(x).current as usize == seat;
        let sign = if maximise { 1.0 } else { -1.0 };
        for r in graph.rolls_of(x) {
            let options = graph.options_of(r);
            let chosen = worth(options[picks[r] as usize].next, seat, values);
            let i = best(graph, r, seat, maximise, values);
            found(r, i, sign * (worth(options[i].next, seat, values) - chosen));
        }
    }
    Ok(())
}

/// The first option of roll `r` best for seat `seat` (`maximise`) or worst
/// for it.
fn best(graph: &Graph, r: usize, seat: usize, maximise: bool, values: &[f64]) -> usize {
    let sign = if maximise { 1.0 } else { -1.0 };
    let mut best = (0, f64::NEG_INFINITY);
    for (i, o) in graph.options_of(r).iter().enumerate() {
        let v = sign * worth(o.next, seat, values);
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
}

/// What `next` is worth to `seat`: its share of a finished game, or the
/// position's current value.
fn worth(next: u32, seat: usize, values: &[f64]) -> f64 {
    if next >= FINISHED { share(next & !FINISHED, seat as u8) } else { values[next as usize] }
}

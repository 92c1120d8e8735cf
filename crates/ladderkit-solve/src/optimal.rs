//! Optimal play: every player takes, on every roll, the option that gives
//! them the best chance to win (a shared win counts as a share, so with
//! two players one's gain is the other's loss). Value iteration over the
//! positions (Gauss–Seidel, later positions first) until no value moves by
//! more than `SWEEP_TOLERANCE`, then policy improvement: the strategies
//! found are evaluated as a chain to full precision (`evaluate`), and any
//! choice some option beats by more than `TOLERANCE` is switched, until
//! none is.

use crate::evaluate::{Choice, Odds, Solved, share, solve_chain};
use crate::graph::{FINISHED, Graph};
use crate::{Progress, SolveError};

/// The optimality equations hold to this (in win chance) at every choice.
pub const TOLERANCE: f64 = 1e-12;
/// Value iteration stops when a sweep moves no value by more than this; the
/// exact rounds after it take the rest of the way.
const SWEEP_TOLERANCE: f64 = 1e-9;
const MAX_SWEEPS: usize = 100_000;
const MAX_ROUNDS: usize = 50;

/// The solved strategy and how it was found.
#[derive(Debug, Clone)]
pub struct Optimal {
    /// Per roll: the option optimal play takes.
    pub picks: Vec<u16>,
    /// Per position and seat: the chance to win under optimal play
    /// (`values[x * players + seat]`).
    pub values: Vec<f64>,
    pub odds: Odds,
    pub sweeps: usize,
    /// Policy-improvement rounds on evaluated values.
    pub rounds: usize,
    /// The most any option beats the chosen one by, at the end.
    pub residual: f64,
}

impl Optimal {
    /// The chance `seat` wins from position `x` under optimal play.
    pub fn value(&self, x: usize, seat: u8, players: u8) -> f64 {
        self.values[x * players as usize + seat as usize]
    }
}

pub fn optimal(graph: &Graph, progress: Option<&Progress>) -> Result<Optimal, SolveError> {
    let n = graph.positions();
    let p = graph.players as usize;
    let mut values = vec![0.0; n * p];
    let mut sweeps = 0;
    let mut here = vec![0.0; p];
    loop {
        sweeps += 1;
        Progress::sweep(progress)?;
        let mut moved: f64 = 0.0;
        for x in (0..n).rev() {
            let me = graph.node(x).current as usize;
            here.iter_mut().for_each(|v| *v = 0.0);
            for r in graph.rolls_of(x) {
                let i = best(graph, r, me, &values);
                let next = graph.options_of(r)[i].next;
                let chance = graph.roll(r).p;
                for (s, v) in here.iter_mut().enumerate() {
                    *v += chance * worth(next, s, &values, p);
                }
            }
            for (s, v) in here.iter().enumerate() {
                moved = moved.max((values[x * p + s] - v).abs());
                values[x * p + s] = *v;
            }
        }
        if moved < SWEEP_TOLERANCE || sweeps >= MAX_SWEEPS {
            break;
        }
    }
    let mut picks: Vec<u16> = (0..graph.size().0).map(|_| 0).collect();
    for x in 0..n {
        let me = graph.node(x).current as usize;
        for r in graph.rolls_of(x) {
            picks[r] = best(graph, r, me, &values) as u16;
        }
    }
    let mut rounds = 0;
    loop {
        rounds += 1;
        let solved = solve_chain(graph, &vec![Choice::Picks(&picks); p], progress)?;
        copy_values(&solved, &mut values, p);
        let (changed, residual) = improve(graph, &values, &mut picks);
        if changed == 0 || rounds >= MAX_ROUNDS {
            return Ok(Optimal { picks, values, odds: solved.odds_at(0), sweeps, rounds, residual });
        }
    }
}

fn copy_values(solved: &Solved, values: &mut [f64], p: usize) {
    for (i, v) in values.iter_mut().enumerate() {
        *v = solved.value(i / p, i % p);
    }
}

/// Switches every choice some option beats by more than `TOLERANCE`;
/// returns how many switched and the largest gap left unswitched.
fn improve(graph: &Graph, values: &[f64], picks: &mut [u16]) -> (usize, f64) {
    let p = graph.players as usize;
    let (mut changed, mut residual) = (0, 0.0_f64);
    for x in 0..graph.positions() {
        let me = graph.node(x).current as usize;
        for r in graph.rolls_of(x) {
            let options = graph.options_of(r);
            let chosen = worth(options[picks[r] as usize].next, me, values, p);
            let i = best(graph, r, me, values);
            let gap = worth(options[i].next, me, values, p) - chosen;
            if gap > TOLERANCE {
                picks[r] = i as u16;
                changed += 1;
            } else {
                residual = residual.max(gap);
            }
        }
    }
    (changed, residual)
}

/// The first option of roll `r` best for seat `me`.
fn best(graph: &Graph, r: usize, me: usize, values: &[f64]) -> usize {
    let p = graph.players as usize;
    let mut best = (0, f64::NEG_INFINITY);
    for (i, o) in graph.options_of(r).iter().enumerate() {
        let v = worth(o.next, me, values, p);
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
}

/// What `next` is worth to `seat`: its share of a finished game, or the
/// position's current value.
fn worth(next: u32, seat: usize, values: &[f64], p: usize) -> f64 {
    if next >= FINISHED { share(next & !FINISHED, seat as u8) } else { values[next as usize * p + seat] }
}

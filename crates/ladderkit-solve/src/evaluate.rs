//! Exact odds for fixed ways of playing: the joint game under them is a
//! Markov chain over positions, and every figure (each seat's chance, the
//! game's length) is its first-step equations, solved by Gauss–Seidel
//! sweeps, later positions first, until a sweep changes no figure by more
//! than `PRECISION` of its size. (The analysis crate's LU solves these
//! chains exactly, but on the joint game its factors fill in: 1 s and
//! 380 MB for the 12,000 positions of two-player Treehouse, against
//! 0.2 s and a few MB here.)

use ladderkit_analysis::{Factored, Transient};
use ladderkit_core::Seats;
use ladderkit_core::work::run;

use crate::graph::{FINISHED, Graph, Opt};
use crate::{Pace, Progress, SolveError};

/// How one seat chooses.
#[derive(Debug, Clone, Copy)]
pub enum Choice<'a> {
    /// Each legal plan alike.
    Random,
    /// Per roll, the index of the option taken (`Graph::picks`, or optimal).
    Picks(&'a [u16]),
}

impl Choice<'_> {
    /// The chance of option `i` of `options` (roll `r`).
    pub(crate) fn chance(&self, r: usize, i: usize, options: &[Opt]) -> f64 {
        match self {
            Self::Random => {
                let plans: u32 = options.iter().map(|o| u32::from(o.plans)).sum();
                f64::from(options[i].plans) / f64::from(plans)
            }
            Self::Picks(picks) => f64::from(u8::from(picks[r] as usize == i)),
        }
    }
}

/// A shared win is worth an equal share to each winner, so the seats'
/// values add up to one.
pub fn share(winners: u32, seat: u8) -> f64 {
    if winners & (1 << seat) == 0 { 0.0 } else { 1.0 / f64::from(winners.count_ones()) }
}

/// The figures of the game from one position under fixed play.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    /// Per seat: chance of winning, a shared win counted as a share.
    pub value: Vec<f64>,
    /// Per seat: chance of winning alone.
    pub alone: Vec<f64>,
    /// Chance the game ends in a shared win.
    pub shared: f64,
    /// Expected turns (all seats together) and dice rolls per game.
    pub turns: f64,
    pub rolls: f64,
}

impl Odds {
    /// The opener's chance to win less the average of the others' (with two
    /// players, P(seat 1) − P(seat 2)).
    pub fn first_mover_edge(&self) -> f64 {
        let others = &self.value[1..];
        self.value[0] - others.iter().sum::<f64>() / others.len().max(1) as f64
    }

    /// The chance that nobody wins (every piece left waiting for another:
    /// the shares of a won game add up to one).
    pub fn no_winner(&self) -> f64 {
        (1.0 - self.value.iter().sum::<f64>()).max(0.0)
    }
}

/// Sweeps stop when no figure moved by more than this, relative to its
/// size (at least one); the error left is a few times that.
pub const PRECISION: f64 = 1e-14;
const MAX_SWEEPS: usize = 1_000_000;
/// A chain whose sweeps have not settled after this many is solved
/// directly (LU), when it is no bigger than `EXACT_UP_TO` positions: a
/// board where almost every move is sent back (snakes to the start but
/// at a few spaces) settles by sweeps a tiny step at a time.
const SWEEPS_BEFORE_EXACT: usize = 2_000;
const EXACT_UP_TO: usize = 20_000;

/// Which figures to solve for: all of them, or one seat's chance only (a
/// third of the work with three players, for the rounds that need no more),
/// starting from a guess at it (value iteration's values: the sweeps then
/// only take the last digits).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Wanted<'a> {
    All,
    ValueOf(usize, &'a [f64]),
}

/// Every position's figures, row by row: per seat the chance to win (a
/// share of shared wins), per seat the chance to win alone, the chance of a
/// shared win, expected turns and rolls to the end (`Wanted::All`); or one
/// seat's chance per position.
pub(crate) struct Solved {
    figures: Vec<f64>,
    seats: Seats,
    /// Only this seat's chance was solved, if only one's was.
    only: Option<usize>,
}

impl Solved {
    fn columns(seats: Seats) -> usize {
        2 * seats.count() + 3
    }

    /// Seat `seat`'s chance to win from position `x`.
    pub fn value(&self, x: usize, seat: usize) -> f64 {
        match self.only {
            None => self.figures[x * Self::columns(self.seats) + seat],
            Some(only) => {
                debug_assert_eq!(only, seat, "only seat {only}'s chance was solved");
                self.figures[x]
            }
        }
    }

    pub fn odds_at(&self, x: usize) -> Odds {
        assert!(self.only.is_none(), "only one seat's chance was solved");
        let (p, columns) = (self.seats.count(), Self::columns(self.seats));
        let row = &self.figures[x * columns..(x + 1) * columns];
        Odds {
            value: row[..p].to_vec(),
            alone: row[p..2 * p].to_vec(),
            shared: row[2 * p],
            turns: row[2 * p + 1],
            rolls: row[2 * p + 2],
        }
    }
}

/// The game from its start with each seat playing as `seats` says.
pub fn evaluate(graph: &Graph, seats: &[Choice<'_>], progress: Option<&Progress>) -> Result<Odds, SolveError> {
    run(evaluate_stepped(graph, seats, progress))
}

/// `evaluate` as work that pauses at every sweep.
pub async fn evaluate_stepped(
    graph: &Graph,
    seats: &[Choice<'_>],
    progress: Option<&Progress>,
) -> Result<Odds, SolveError> {
    Ok(solve_chain(graph, seats, Wanted::All, progress).await?.odds_at(0))
}

pub(crate) async fn solve_chain(
    graph: &Graph,
    seats: &[Choice<'_>],
    wanted: Wanted<'_>,
    progress: Option<&Progress>,
) -> Result<Solved, SolveError> {
    solve_chain_with(graph, seats, wanted, progress, SWEEPS_BEFORE_EXACT).await
}

/// `solve_chain`, turning to the direct solve after `sweeps_before_exact`
/// sweeps (the tests hold the two ways to each other).
async fn solve_chain_with(
    graph: &Graph,
    seats: &[Choice<'_>],
    wanted: Wanted<'_>,
    progress: Option<&Progress>,
    sweeps_before_exact: usize,
) -> Result<Solved, SolveError> {
    let n = graph.positions();
    let p = graph.seats.count();
    let (_, options) = graph.size();
    let mut q = Transient::with_capacity(n, options / n.max(1) + 1);
    let all = Solved::columns(graph.seats);
    let cols = if wanted == Wanted::All { all } else { 1 };
    // Per position: what one turn collects (the finishing chances, one turn
    // and its rolls), then the chain's rows carry the rest.
    let mut collect = vec![0.0; n * cols];
    let mut here = vec![0.0; all];
    let mut pace = Pace::options(progress);
    for x in 0..n {
        pace.did(graph.options_at(x)).await?;
        let node = graph.node(x);
        let seat = seats[node.current as usize];
        here.iter_mut().for_each(|v| *v = 0.0);
        for r in graph.rolls_of(x) {
            let roll = graph.roll(r);
            let opts = graph.options_of(r);
            for (i, o) in opts.iter().enumerate() {
                let chance = roll.p * seat.chance(r, i, opts);
                if chance == 0.0 {
                    continue;
                }
                if o.next < FINISHED {
                    q.add(o.next, chance);
                    continue;
                }
                let winners = o.next & !FINISHED;
                for s in 0..p {
                    here[s] += chance * share(winners, s as u8);
                    if winners == 1 << s {
                        here[p + s] += chance;
                    }
                }
                if winners.count_ones() > 1 {
                    here[2 * p] += chance;
                }
            }
        }
        q.close_row();
        here[2 * p + 1] = f64::from(node.turns);
        here[2 * p + 2] = f64::from(node.rolls);
        match wanted {
            Wanted::All => collect[x * cols..(x + 1) * cols].copy_from_slice(&here),
            Wanted::ValueOf(seat, _) => collect[x] = here[seat],
        }
    }
    let endless = never_ends(&q);
    if endless > 0 {
        return Err(SolveError::Endless { positions: endless });
    }
    let mut figures = match wanted {
        Wanted::All => vec![0.0; n * cols],
        Wanted::ValueOf(_, guess) => guess.to_vec(),
    };
    let mut acc = vec![0.0; cols];
    let mut sweeps = 0;
    let mut moved: f64;
    loop {
        sweeps += 1;
        Progress::sweep(progress).await?;
        moved = 0.0;
        for x in (0..n).rev() {
            pace.did(q.row(x).len()).await?;
            acc.copy_from_slice(&collect[x * cols..(x + 1) * cols]);
            let mut stay = 0.0;
            for &(y, chance) in q.row(x) {
                if y as usize == x {
                    stay += chance;
                    continue;
                }
                let there = &figures[y as usize * cols..(y as usize + 1) * cols];
                for (a, v) in acc.iter_mut().zip(there) {
                    *a += chance * v;
                }
            }
            let row = &mut figures[x * cols..(x + 1) * cols];
            for (v, a) in row.iter_mut().zip(&acc) {
                let new = a / (1.0 - stay);
                moved = moved.max((new - *v).abs() / new.abs().max(1.0));
                *v = new;
            }
        }
        if moved <= PRECISION || sweeps >= MAX_SWEEPS || (sweeps >= sweeps_before_exact && n <= EXACT_UP_TO) {
            break;
        }
    }
    if moved > PRECISION {
        if n > EXACT_UP_TO {
            return Err(SolveError::NotConverged { sweeps, change: moved });
        }
        Progress::check(progress).await?;
        figures = exactly(&q, &collect, cols).ok_or(SolveError::NotConverged { sweeps, change: moved })?;
    }
    if figures.iter().any(|v| !v.is_finite()) {
        return Err(SolveError::Numerical);
    }
    let only = match wanted {
        Wanted::All => None,
        Wanted::ValueOf(seat, _) => Some(seat),
    };
    Ok(Solved { figures, seats: graph.seats, only })
}

/// The chain's figures solved directly: `(I − Q) x = collect`, column by
/// column (`collect` holds `cols` figures per position).
fn exactly(q: &Transient, collect: &[f64], cols: usize) -> Option<Vec<f64>> {
    Some(Factored::new(q)?.collect_rows(collect, cols))
}

/// Positions from which the game, played this way, never ends: those with
/// no path to a row that finishes some of the time.
fn never_ends(q: &Transient) -> usize {
    let n = q.states();
    let mut into: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut ends = vec![false; n];
    let mut stack = Vec::new();
    for (x, end) in ends.iter_mut().enumerate() {
        let stay: f64 = q.row(x).iter().map(|(_, p)| p).sum();
        if stay < 1.0 - 1e-12 {
            *end = true;
            stack.push(x as u32);
        }
        for &(y, _) in q.row(x) {
            into[y as usize].push(x as u32);
        }
    }
    while let Some(y) = stack.pop() {
        for &x in &into[y as usize] {
            if !ends[x as usize] {
                ends[x as usize] = true;
                stack.push(x);
            }
        }
    }
    ends.iter().filter(|e| !**e).count()
}

#[cfg(test)]
mod tests {
    use ladderkit_core::{Seats, check_source, compile};
    use ladderkit_engine::Engine;

    use super::*;
    use crate::Limits;

    /// The direct solve a slow chain turns to gives the sweeps' figures:
    /// every seat's chances, the shared wins, turns and rolls, from every
    /// position, on a race and on a game where pieces meet.
    #[test]
    fn the_direct_solve_gives_the_sweeps_figures() {
        let sources = [
            include_str!("../../../variants/gameweave-small.ron"),
            include_str!("../../../variants/milton-bradley-stomp.ron"),
        ];
        let mut held = 0;
        for (source, players) in sources.into_iter().flat_map(|s| [(s, 2), (s, 3)]) {
            let spec = check_source(source).spec.unwrap();
            let engine = Engine::new(&compile(&spec), Seats::new(players).unwrap())
                .unwrap()
                .with_first_player(spec.rules.first_player);
            let graph = Graph::explore(&engine, Limits::default(), None).unwrap();
            if graph.positions() > EXACT_UP_TO {
                continue;
            }
            let seats = vec![Choice::Random; players as usize];
            let swept = run(solve_chain_with(&graph, &seats, Wanted::All, None, usize::MAX)).unwrap();
            // One sweep leaves the figures far from settled: the rest is LU.
            let direct = run(solve_chain_with(&graph, &seats, Wanted::All, None, 1)).unwrap();
            for (i, (a, b)) in swept.figures.iter().zip(&direct.figures).enumerate() {
                assert!(
                    (a - b).abs() <= 1e-11 * a.abs().max(1.0),
                    "{} figure {i}: swept {a}, direct {b}",
                    spec.meta.name
                );
            }
            held += 1;
        }
        assert!(held >= 2, "only {held} games small enough for the direct solve");
    }
}

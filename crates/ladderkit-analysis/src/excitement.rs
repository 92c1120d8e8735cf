//! What a two-player race feels like, exactly: how often the lead changes
//! hands, whether the player behind at half-way still wins, how uncertain
//! the outcome stays. `docs/analysis.md` ("Excitement") gives each measure's
//! formula and source.
//!
//! The pieces never meet and every turn is one roll, so each seat is the
//! same one-piece chain (`RollChain`) and the seats are independent:
//!
//! - **The win chance.** The seat to move at state `x`, the other at `y`,
//!   wins with `Σₜ fₓ(t) S_y(t−1)`: it finishes on its `t`-th roll
//!   (`fₓ(t)`) before the other has finished in `t − 1` (`S_y`, the chance
//!   a piece at `y` is still racing after that many rolls). Order
//!   statistics, as the seat odds (`seats.rs`).
//! - **The game.** Each measure summed over the game's turns is an
//!   expected sum over the pairs of positions, one Gauss–Seidel solve each
//!   (`pairs`); those that depend on who wins in the end use the win
//!   chance of the state (by the Markov property, the chance that a seat
//!   is the eventual winner given the state is its win chance there). The
//!   trailing table pushes both pieces forward a round at a time while at
//!   least `TRAILING_FROM` of the games run on; the comeback and the photo
//!   finish are the any-table formulas (`table`) at two players.

use ladderkit_core::work::Meter;
use ladderkit_core::{CompiledBoard, Seats};

use crate::chain::{RollChain, Scope};
use crate::{AnalysisError, Options};
use lead_changes::Counts;

pub(crate) mod lead_changes;
mod leaders;
mod pairs;
mod parting;
mod played;
mod race;
mod table;
mod turn_chain;

pub use leaders::{LeaderCounts, MAX_STATES as LEADER_STATES, leader_counts_stepped, leader_states};
pub use played::{Estimate, PlayedMeasures, TableWinChance, played_measures, played_measures_stepped};
pub use table::{TableMeasures, table_measures, table_measures_stepped};
pub(crate) use table::{comeback, lead_changes, photo_finish};

/// The measures take boards of up to this many resting places: their
/// solves are over the pairs of positions (a million at the limit, a few
/// numbers each), and their time grows as the pairs times the sweeps.
pub(crate) const MAX_STATES: usize = 1000;

/// The distribution of lead changes, one solve per count, is worked out
/// for boards of up to this many resting places (on larger boards it takes
/// longer than all the other measures together).
const COUNTS_STATES: usize = 400;

/// Why a board whose piece rests on `states` places is too large for a
/// computation over pairs of positions that holds `max` places, if it is.
pub(crate) fn too_many_states(states: usize, max: usize) -> Option<String> {
    (states > max).then(|| {
        format!(
            "the board has {states} places a piece can rest on; the two pieces together would have {} states, more than the {} the exact measures hold",
            states * states,
            max * max
        )
    })
}

/// The round half-way through a game of `median_rounds` rounds, rounded up
/// (at least the first): where every comeback is taken, exactly, from the
/// solved game or from played games.
pub fn half_way_round(median_rounds: u32) -> u32 {
    median_rounds.div_ceil(2).max(1)
}

/// The distribution of lead changes is followed count by count until all
/// but this share of the games are counted.
const COUNTS_TAIL: f64 = 1e-10;

/// The eventual winner's chance that counts as the game decided.
pub const DECIDED: f64 = 0.9;

/// The win chance takes the first of this many parts of the meter.
const PARTS: f64 = 4.0;

/// The trailing table has a row for each round at whose end at least this
/// share of the games is still running.
pub const TRAILING_FROM: f64 = 0.01;

/// Who led last: nobody yet, seat A (the first to move) or seat B; `sole`
/// names the first of its two pieces `A` (`lead_changes` calls it the
/// mover).
pub(crate) const NOBODY: usize = 0;
pub(crate) const A: usize = 1;
pub(crate) const B: usize = 2;

/// The chance to win of the seat to move, for every pair of positions of
/// the two pieces.
#[derive(Debug, Clone, PartialEq)]
pub struct WinChance {
    /// States of the one-piece chain.
    n: usize,
    /// Position → state (`u32::MAX` for positions no piece rests on).
    state_of: Vec<u32>,
    /// `[x * n + y]`: the mover at state `x` wins against the other at `y`.
    mover_wins: Vec<f64>,
}

impl WinChance {
    /// The chance that the seat about to roll, its piece on `mover`, wins
    /// against the other seat's piece on `other`; `None` for positions a
    /// piece cannot rest on coming from the start.
    pub fn of_mover(&self, mover: u32, other: u32) -> Option<f64> {
        let state = |p: u32| self.state_of.get(p as usize).copied().filter(|x| *x != u32::MAX);
        let (x, y) = (state(mover)?, state(other)?);
        Some(self.at(x as usize, y as usize))
    }

    fn at(&self, x: usize, y: usize) -> f64 {
        self.mover_wins[x * self.n + y]
    }

    /// Seat A's chance to win at (`x`, `y`), `a_moves` saying whose turn.
    fn of_a(&self, x: usize, y: usize, a_moves: bool) -> f64 {
        if a_moves { self.at(x, y) } else { 1.0 - self.at(y, x) }
    }
}

/// A count per game: its mean and standard deviation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    pub mean: f64,
    pub sd: f64,
}

/// The measures every exact method gives for two players: the race's
/// chain (`Excitement`) and the solved game
/// (`ladderkit_solve::game_excitement`).
#[derive(Debug, Clone, PartialEq)]
pub struct Measures {
    /// Lead changes per game, by position: after a turn one piece is
    /// alone furthest along, and the last piece alone furthest was the
    /// other (what `ladderkit simulate` counts).
    pub lead_changes: Spread,
    /// Lead changes per game by win chance: after a turn the seat more
    /// likely to win is not the one that was before (Ludii's `LeadChange`,
    /// with the win chance as the evaluation).
    pub favourite_changes: Spread,
    /// The round half-way through a median game.
    pub half_way_round: u32,
    /// The chance that the eventual winner was behind (strictly, by
    /// position) at the end of `half_way_round`.
    pub comeback: f64,
    /// Mean over the game's turns of the entropy (bits, 0 to 1) of the two
    /// seats' win chances before the turn: 1 when the game is a coin toss.
    pub uncertainty: f64,
    /// Ludii's `Drama` with the win chance as the evaluation: before each
    /// turn, how far the eventual winner's chance is below the best seat's
    /// (0 when the winner is the favourite), averaged over the game's
    /// turns.
    pub drama: f64,
    /// The chance that the loser could have won with its next roll when
    /// the winner finished.
    pub photo_finish: f64,
    /// How many games have each count of lead changes (by position),
    /// exactly, where it is worked out (the race's chain).
    pub lead_change_counts: Option<Counts>,
    /// The share of the game's turns played before the eventual winner's
    /// chance first passed 90% (`DECIDED`): low when the winner is known
    /// early.
    pub decided_at: f64,
    /// Chance to win when trailing, by round and by how far behind.
    pub trailing: Trailing,
}

/// The excitement measures of a two-player race, exact; `Measures`' fields
/// read through it (`e.lead_changes`).
#[derive(Debug, Clone, PartialEq)]
pub struct Excitement {
    pub measures: Measures,
    /// The win-chance function the measures were taken with.
    pub win_chance: WinChance,
}

impl std::ops::Deref for Excitement {
    type Target = Measures;

    fn deref(&self) -> &Measures {
        &self.measures
    }
}

impl Measures {
    /// The trailing table's rows at a quarter, a half, three quarters and
    /// the whole of a median game: the ones a report shows.
    pub fn quarter_rows(&self) -> Vec<&TrailingRow> {
        let median = 2 * self.half_way_round;
        let mut rounds: Vec<u32> = (1..=4).map(|k| (median * k).div_ceil(4).max(1)).collect();
        rounds.dedup();
        rounds.iter().filter_map(|r| self.trailing.rows.iter().find(|row| row.round == *r)).collect()
    }
}

/// "Chance to win when trailing by d squares at the end of round r": one
/// row per round, one column per band of `squares` squares behind (the
/// first band is 1 to `squares` behind); `None` where no game is.
#[derive(Debug, Clone, PartialEq)]
pub struct Trailing {
    pub squares: u32,
    pub rows: Vec<TrailingRow>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TrailingRow {
    pub round: u32,
    pub chance: Vec<Option<f64>>,
}

impl Trailing {
    /// An empty table for a race to `goal`: ten bands across the board.
    pub fn new(goal: u32) -> Self {
        Self { squares: (goal / 10).max(1), rows: Vec::new() }
    }

    /// Adds the row of `round` from the running games: `(mass, squares
    /// behind, the trailing seat's chance to win)` for each state in which
    /// one seat is behind (`behind` ≥ 1) on a race to `goal`.
    pub fn push_row(&mut self, round: u32, goal: u32, cells: impl IntoIterator<Item = (f64, u32, f64)>) {
        let bands = (goal / self.squares + 1) as usize;
        let (mut won, mut mass) = (vec![0.0; bands], vec![0.0; bands]);
        for (m, behind, chance) in cells {
            let b = (((behind.max(1) - 1) / self.squares) as usize).min(bands - 1);
            won[b] += m * chance;
            mass[b] += m;
        }
        let chance = won.iter().zip(&mass).map(|(w, m)| (*m > 0.0).then(|| w / m)).collect();
        self.rows.push(TrailingRow { round, chance });
    }
}

/// Why a board's excitement over the race's joint chain (two seats, roll
/// by roll: `excitement`) is not computed exactly here, if it is not.
pub fn excitement_unsupported(board: &CompiledBoard) -> Option<String> {
    if let Some(why) = race_unsupported(board) {
        return Some(why);
    }
    if !crate::turns::turns_are_rolls(board) {
        return Some(
            "lost and extra turns make a turn more than one roll, which the joint chain does not follow; \
             the seat-by-seat measures do, and `ladderkit solve` gives the rest for two players"
                .into(),
        );
    }
    None
}

/// Why the race's measures seat by seat (`table_measures`) are not exact
/// on a board, if they are not: the pieces meet.
pub fn race_unsupported(board: &CompiledBoard) -> Option<String> {
    if let Some(e) = crate::interacting(board) {
        return Some(e.to_string());
    }
    crate::interaction(board)
}

/// Refuses, with the reason, a board whose two-player measures are not
/// exact here (`excitement_unsupported`, or `chain`'s states more than the
/// `max` the computation holds).
pub(crate) fn check_exact(board: &CompiledBoard, chain: &RollChain<'_>, max: usize) -> Result<(), AnalysisError> {
    match excitement_unsupported(board).or_else(|| too_many_states(chain.states(), max)) {
        Some(why) => Err(AnalysisError::NotExact(why)),
        None => Ok(()),
    }
}

/// The excitement of a two-player race on `board`; `stop` is told how far
/// it got (0 to 1) and gives up with `AnalysisError::Cancelled` when it
/// returns true.
pub fn excitement(
    board: &CompiledBoard,
    options: &Options,
    stop: &dyn Fn(f64) -> bool,
) -> Result<Excitement, AnalysisError> {
    let meter = Meter::default();
    crate::until_stopped(excitement_stepped(board, options, &meter), &meter, stop)
}

/// `excitement` as work that pauses after every row of the win chance,
/// every sweep of a solve and every round of the trailing table, with its
/// progress on `meter` (`ladderkit_core::work`), for the editor.
pub async fn excitement_stepped(
    board: &CompiledBoard,
    options: &Options,
    meter: &Meter,
) -> Result<Excitement, AnalysisError> {
    let chain = RollChain::new(board, Scope::FromStart);
    check_exact(board, &chain, MAX_STATES)?;
    chain.check_finishes()?;
    let racing = Racing::new(&chain, options)?;
    let win_chance = racing.win_chance(&chain, meter).await;
    // The comeback and the photo finish are the any-table passes', the
    // very figures `table_measures` gives (they pause without moving the
    // meter).
    let quiet = Meter::default();
    let turns = turn_chain::TurnChain::stepped(&chain).await?;
    let race = race::forward(&chain, &turns, Seats::TWO, options, race::Reach::Everything, &quiet, (0.0, 0.0)).await?;
    let comeback = race::comeback(&turns, Seats::TWO, &race.half, options, &quiet, (0.0, 0.0)).await?;
    let half_way_round = race.half_way_round;
    // The win chance took the first quarter of the meter.
    let pairs = pairs::Pairs::new(&chain, &win_chance);
    let [turns, entropy, drama] = pairs.turn_sums(meter, (0.25, 0.4)).await?;
    let lead_changes = pairs.changes(false, meter, (0.4, 0.55)).await?;
    let favourite_changes = pairs.changes(true, meter, (0.55, 0.7)).await?;
    let undecided = pairs.undecided(meter, (0.7, 0.8)).await?;
    let trailing = trailing(&chain, &win_chance, options, meter, (0.8, 0.9)).await?;
    let lead_change_counts = if chain.states() <= COUNTS_STATES {
        lead_changes::distribution(&chain, COUNTS_TAIL, meter, (0.9, 1.0)).await
    } else {
        None
    };
    Ok(Excitement {
        measures: Measures {
            lead_changes,
            favourite_changes,
            half_way_round,
            comeback,
            uncertainty: entropy / turns,
            drama: drama / turns,
            photo_finish: race.photo_finish.unwrap_or_default(),
            lead_change_counts,
            decided_at: undecided / turns,
            trailing,
        },
        win_chance,
    })
}

/// The chance to win when behind at the end of each round while at least
/// `TRAILING_FROM` of the games run on: the two pieces (A's state, B's
/// state) pushed forward a turn at a time.
async fn trailing(
    chain: &RollChain<'_>,
    win: &WinChance,
    options: &Options,
    meter: &Meter,
    progress: (f64, f64),
) -> Result<Trailing, AnalysisError> {
    let n = chain.states();
    let pos = |x: usize| chain.positions[x];
    let (mut d, mut next) = (vec![0.0; n * n], vec![0.0; n * n]);
    let s0 = chain.start as usize;
    d[s0 * n + s0] = 1.0;
    let mut trailing = Trailing::new(chain.board.goal);
    for round in 1..=options.max_steps as u32 {
        for a_moves in [true, false] {
            next.iter_mut().for_each(|m| *m = 0.0);
            for (xy, &m) in d.iter().enumerate().filter(|(_, m)| **m != 0.0) {
                let (x, y) = (xy / n, xy % n);
                for &(to, p) in chain.q.row(if a_moves { x } else { y }) {
                    let to = to as usize;
                    next[if a_moves { to * n + y } else { x * n + to }] += m * p;
                }
            }
            std::mem::swap(&mut d, &mut next);
        }
        let running: f64 = d.iter().sum();
        if running < TRAILING_FROM {
            return Ok(trailing);
        }
        let cells = d.iter().enumerate().filter(|(xy, m)| **m != 0.0 && pos(xy / n) != pos(xy % n)).map(|(xy, &m)| {
            let (x, y) = (xy / n, xy % n);
            let a_wins = win.of_a(x, y, true);
            if pos(x) < pos(y) { (m, pos(y) - pos(x), a_wins) } else { (m, pos(x) - pos(y), 1.0 - a_wins) }
        });
        trailing.push_row(round, chain.board.goal, cells);
        // (How many rounds is not known ahead: the meter nears the part's end.)
        let done = 1.0 - 1.0 / (1.0 + f64::from(round) / 20.0);
        meter.at(progress.0 + done * (progress.1 - progress.0)).await;
    }
    Err(AnalysisError::TooLong { steps: options.max_steps, unfinished: "over 1%".into() })
}

/// Ludii's drama of one turn over the seats' chances: how far the eventual
/// winner's chance is below the best seat's, each seat being the eventual
/// winner with its chance. The one formula the race's measures, the
/// solved game's and the played ones use.
pub fn turn_drama(chances: &[f64]) -> f64 {
    let best = chances.iter().copied().fold(0.0, f64::max);
    chances.iter().map(|&c| c * (best - c)).sum()
}

/// The uncertainty of one turn: the entropy in bits of the seats' chances
/// (a chance that nobody wins is left out).
pub fn entropy_bits(chances: &[f64]) -> f64 {
    chances.iter().map(|&q| if q > 0.0 { -q * q.log2() } else { 0.0 }).sum()
}

/// `turn_drama` of a two-player race, given seat A's chance.
fn drama(p: f64) -> f64 {
    turn_drama(&[p, 1.0 - p])
}

/// One piece alone: the chance it is still racing after `t` rolls, and
/// the chance it finishes on roll `t`, from every state.
struct Racing {
    /// `[t][x]`, t from 0 (`survival[0]` is all ones).
    survival: Vec<Vec<f64>>,
    /// `[t][x]`, t from 1 (`finish[0]` is all zeros).
    finish: Vec<Vec<f64>>,
}

impl Racing {
    fn new(chain: &RollChain<'_>, options: &Options) -> Result<Self, AnalysisError> {
        let n = chain.states();
        let mut survival = vec![vec![1.0; n]];
        let mut finish = vec![vec![0.0; n]];
        loop {
            let (s, f) = (survival.last().expect("one"), finish.last().expect("one"));
            let step = |v: &[f64]| -> Vec<f64> { (0..n).map(|x| chain.q.expect(x, v)).collect() };
            // Finishing on roll 1 is the row's winning mass; on roll t > 1,
            // a move and then finishing on roll t − 1 from there.
            let next_f = if finish.len() == 1 { chain.win.clone() } else { step(f) };
            let next_s = step(s);
            let worst = next_s.iter().copied().fold(0.0, f64::max);
            survival.push(next_s);
            finish.push(next_f);
            if worst < options.tail {
                break;
            }
            if survival.len() > options.max_steps {
                return Err(AnalysisError::TooLong { steps: options.max_steps, unfinished: format!("{:.2e}", worst) });
            }
        }
        Ok(Self { survival, finish })
    }

    /// `WinChance` from these tables.
    pub(super) async fn win_chance(&self, chain: &RollChain<'_>, meter: &Meter) -> WinChance {
        let n = chain.states();
        let mut mover_wins = vec![0.0; n * n];
        for x in 0..n {
            meter.at(x as f64 / n as f64 / PARTS).await;
            for t in 1..self.finish.len() {
                let (f, s) = (self.finish[t][x], &self.survival[t - 1]);
                if f == 0.0 {
                    continue;
                }
                for (w, s) in mover_wins[x * n..(x + 1) * n].iter_mut().zip(s) {
                    *w += f * s;
                }
            }
        }
        WinChance { n, state_of: chain.state_of.clone(), mover_wins }
    }
}

/// The seat alone furthest along, if one is: `A` for the piece on `a`.
pub(crate) fn sole(a: u32, b: u32) -> Option<usize> {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(A),
        std::cmp::Ordering::Less => Some(B),
        std::cmp::Ordering::Equal => None,
    }
}

/// The seat more likely to win, given seat A's chance, if one is.
fn favourite(a: f64) -> Option<usize> {
    const EVEN: f64 = 1e-12;
    if a > 0.5 + EVEN {
        Some(A)
    } else if a < 0.5 - EVEN {
        Some(B)
    } else {
        None
    }
}

/// `entropy_bits` of a two-player race, given seat A's chance.
fn bits(p: f64) -> f64 {
    entropy_bits(&[p, 1.0 - p])
}

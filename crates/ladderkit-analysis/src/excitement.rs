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
//! - **The game.** The joint chain (A's state, B's state, who led last) is
//!   pushed forward a turn at a time from both pieces on the start until
//!   less than `Options::tail` of the games are still running. Each
//!   measure is a sum over that forward distribution; those that depend on
//!   who wins in the end use the win chance of the state (by the Markov
//!   property, the chance that a seat is the eventual winner given the
//!   state is its win chance there).

use ladderkit_core::CompiledBoard;
use ladderkit_core::work::Meter;

use crate::chain::{RollChain, Scope};
use crate::lead_changes::Counts;
use crate::{AnalysisError, Options};

mod table;

pub use table::{TableMeasures, table_measures};
pub(crate) use table::{comeback, photo_finish};

/// The full pass pushes the joint chain of two pieces, at most this many
/// states squared (nine numbers each, twice over: about 50 MB), forward a
/// turn at a time: on a board near the limit it takes seconds, and its
/// time grows as the states squared times the game's length.
pub(crate) const MAX_STATES: usize = 600;

/// The expected lead changes alone are one sparse solve over the states
/// squared (`lead_changes`): boards up to this many resting places (about
/// 100 MB at the limit).
pub(crate) const MAX_LEAD_CHANGE_STATES: usize = 1000;

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

/// The parts of the work, for the meter: the win chance and three passes.
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

/// Why a board's excitement is not computed exactly here, if it is not.
pub fn excitement_unsupported(board: &CompiledBoard) -> Option<String> {
    if let Some(e) = crate::interacting(board) {
        return Some(e.to_string());
    }
    if let Some(why) = crate::interaction(board) {
        return Some(why);
    }
    if !crate::turns::turns_are_rolls(board) {
        return Some(
            "lost and extra turns make a turn more than one roll, which the exact measures do not follow yet".into(),
        );
    }
    None
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

/// `excitement` as work that pauses after every turn of the game it follows
/// with its progress on `meter` (`ladderkit_core::work`), for the editor.
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
    let half_way_round = racing.half_way_round(2);
    let game = Game::new(&chain, &win_chance, half_way_round);
    let by_position = game.play(Leader::Position, options, meter, 1.0).await?;
    let by_chance = game.play(Leader::Favourite, options, meter, 2.0).await?;
    let undecided = game.undecided(options, meter, 3.0).await?;
    let lead_change_counts = crate::lead_changes::distribution(&chain, COUNTS_TAIL);
    Ok(Excitement {
        measures: Measures {
            lead_changes: by_position.changes,
            favourite_changes: by_chance.changes,
            half_way_round,
            comeback: by_position.comeback,
            uncertainty: by_position.entropy / by_position.turns,
            drama: by_position.drama / by_position.turns,
            photo_finish: by_position.photo_finish,
            lead_change_counts,
            decided_at: undecided / by_position.turns,
            trailing: by_position.trailing,
        },
        win_chance,
    })
}

/// One piece alone: the chance it is still racing after `t` rolls, and
/// the chance it finishes on roll `t`, from every state.
struct Racing {
    /// `[t][x]`, t from 0 (`survival[0]` is all ones).
    survival: Vec<Vec<f64>>,
    /// `[t][x]`, t from 1 (`finish[0]` is all zeros).
    finish: Vec<Vec<f64>>,
    start: usize,
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
        Ok(Self { survival, finish, start: chain.start as usize })
    }

    /// `WinChance` from these tables.
    async fn win_chance(&self, chain: &RollChain<'_>, meter: &Meter) -> WinChance {
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

    /// Half the first round by whose end at least half the games at a
    /// table of `players` are over, rounded up (every piece from the start;
    /// a game is over once one has finished): the round half-way through a
    /// median game.
    fn half_way_round(&self, players: u32) -> u32 {
        let still = |r: usize| self.survival[r][self.start].powi(players as i32);
        let median = (1..self.survival.len()).find(|r| still(*r) <= 0.5).unwrap_or(self.survival.len()) as u32;
        half_way_round(median)
    }
}

/// Who leads after a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leader {
    /// The piece alone furthest along (`ladderkit simulate`'s count).
    Position,
    /// The seat more likely to win.
    Favourite,
}

/// What one pass over the game sums.
struct Sums {
    changes: Spread,
    comeback: f64,
    /// Σ over turns of the mass of running games times the entropy before
    /// the turn, and Σ of that mass alone (the expected turns).
    entropy: f64,
    turns: f64,
    trailing: Trailing,
    /// Σ over turns of the mass times the drama before the turn.
    drama: f64,
    /// The chance the game ends with the loser one roll from winning.
    photo_finish: f64,
}

/// The forward pass over the joint chain.
struct Game<'a> {
    chain: &'a RollChain<'a>,
    win: &'a WinChance,
    half_way_round: u32,
}

/// Per joint state (A's state, B's state, who led last): the mass of
/// running games, and the sums over them of the changes so far and of
/// their squares.
#[derive(Clone)]
struct Mass {
    m: Vec<f64>,
    c1: Vec<f64>,
    c2: Vec<f64>,
}

impl Mass {
    fn zero(len: usize) -> Self {
        Self { m: vec![0.0; len], c1: vec![0.0; len], c2: vec![0.0; len] }
    }

    fn clear(&mut self) {
        for v in [&mut self.m, &mut self.c1, &mut self.c2] {
            v.iter_mut().for_each(|x| *x = 0.0);
        }
    }

    /// State `at`'s mass and its sums of changes and of their squares,
    /// with one more change for every game in it if `changed`.
    #[inline]
    fn counts(&self, at: usize, changed: bool) -> (f64, f64, f64) {
        let (m, c1, c2) = (self.m[at], self.c1[at], self.c2[at]);
        if changed { (m, c1 + m, c2 + 2.0 * c1 + m) } else { (m, c1, c2) }
    }

    /// Adds `p` of state `from` of `src` to `to`, with one more change if
    /// `changed`.
    #[inline]
    fn add(&mut self, to: usize, src: &Mass, from: usize, p: f64, changed: bool) {
        let (m, c1, c2) = src.counts(from, changed);
        self.m[to] += p * m;
        self.c1[to] += p * c1;
        self.c2[to] += p * c2;
    }
}

impl<'a> Game<'a> {
    fn new(chain: &'a RollChain<'a>, win: &'a WinChance, half_way_round: u32) -> Self {
        Self { chain, win, half_way_round }
    }

    /// One pass; `part` is how many parts of the work came before it (for
    /// `meter`).
    async fn play(&self, leader: Leader, options: &Options, meter: &Meter, part: f64) -> Result<Sums, AnalysisError> {
        let chain = self.chain;
        let n = chain.states();
        let pos = |x: usize| chain.positions[x];
        let index = |x: usize, y: usize, l: usize| (x * n + y) * 3 + l;
        let mut now = Mass::zero(n * n * 3);
        let mut next = now.clone();
        let s0 = chain.start as usize;
        now.m[index(s0, s0, NOBODY)] = 1.0;
        // (mass, Σ changes, Σ changes²) of games over.
        let (mut over_m, mut over_c1, mut over_c2) = (0.0, 0.0, 0.0);
        let (mut comeback, mut entropy, mut turns) = (0.0, 0.0, 0.0);
        let (mut drama, mut photo_finish) = (0.0, 0.0);
        let mut trailing = Trailing::new(chain.board.goal);
        let mut turn = 0usize;
        let (mut running, mut done) = (1.0, 0.0f64);
        while running >= options.tail {
            turn_starts(turn, running, &mut done, options, meter, part).await?;
            let a_moves = turn.is_multiple_of(2);
            if a_moves && turn > 0 && leader == Leader::Position {
                if running >= TRAILING_FROM {
                    self.trailing_row(&mut trailing, &now, (turn / 2) as u32);
                }
                if turn / 2 == self.half_way_round as usize {
                    comeback = self.comeback(&now);
                }
            }
            next.clear();
            for x in 0..n {
                for y in 0..n {
                    let total: f64 = (0..3).map(|l| now.m[index(x, y, l)]).sum();
                    if total == 0.0 {
                        continue;
                    }
                    let (mover, other) = if a_moves { (x, y) } else { (y, x) };
                    if leader == Leader::Position {
                        let p = self.win.of_a(x, y, a_moves);
                        entropy += total * bits(p);
                        turns += total;
                        // Each seat is the eventual winner with its chance.
                        drama += total * (p * (1.0 - 2.0 * p).max(0.0) + (1.0 - p) * (2.0 * p - 1.0).max(0.0));
                        if chain.win[other] > 0.0 {
                            photo_finish += total * chain.win[mover];
                        }
                    }
                    let me = if a_moves { A } else { B };
                    for l in 0..3 {
                        let from = index(x, y, l);
                        if now.m[from] == 0.0 {
                            continue;
                        }
                        // The mover finishes: alone furthest, and sure to win.
                        let w = chain.win[mover];
                        if w > 0.0 {
                            let (m, c1, c2) = now.counts(from, l != NOBODY && l != me);
                            over_m += w * m;
                            over_c1 += w * c1;
                            over_c2 += w * c2;
                        }
                        for &(to, p) in chain.q.row(mover) {
                            let to = to as usize;
                            let (nx, ny) = if a_moves { (to, other) } else { (other, to) };
                            let led = match leader {
                                Leader::Position => sole(pos(nx), pos(ny)),
                                Leader::Favourite => favourite(self.win.of_a(nx, ny, !a_moves)),
                            }
                            .unwrap_or(l);
                            let changed = l != NOBODY && led != l;
                            next.add(index(nx, ny, led), &now, from, p, changed);
                        }
                    }
                }
            }
            std::mem::swap(&mut now, &mut next);
            running = now.m.iter().sum();
            turn += 1;
        }
        // The few games still running count with the changes they have.
        over_m += running;
        over_c1 += now.c1.iter().sum::<f64>();
        over_c2 += now.c2.iter().sum::<f64>();
        let mean = over_c1 / over_m;
        let sd = (over_c2 / over_m - mean * mean).max(0.0).sqrt();
        Ok(Sums { changes: Spread { mean, sd }, comeback, entropy, turns, trailing, drama, photo_finish })
    }

    /// The expected turns before the eventual winner's chance first passes
    /// `DECIDED`: the joint chain with, for each seat, whether its chance
    /// has passed it yet (`P(T > t)` summed over turns; each seat is the
    /// eventual winner with its chance).
    async fn undecided(&self, options: &Options, meter: &Meter, part: f64) -> Result<f64, AnalysisError> {
        let chain = self.chain;
        let n = chain.states();
        let index = |x: usize, y: usize, f: usize| (x * n + y) * 4 + f;
        let mut now = vec![0.0; n * n * 4];
        let mut next = now.clone();
        let s0 = chain.start as usize;
        now[index(s0, s0, 0)] = 1.0;
        let (mut undecided, mut turn, mut running, mut done) = (0.0, 0usize, 1.0, 0.0f64);
        while running >= options.tail {
            turn_starts(turn, running, &mut done, options, meter, part).await?;
            let a_moves = turn.is_multiple_of(2);
            next.iter_mut().for_each(|m| *m = 0.0);
            for x in 0..n {
                for y in 0..n {
                    let a = self.win.of_a(x, y, a_moves);
                    // Bit 0: A's chance has passed it; bit 1: B's.
                    let passed = usize::from(a > DECIDED) | (usize::from(1.0 - a > DECIDED) << 1);
                    let mover = if a_moves { x } else { y };
                    for f in 0..4 {
                        let m = now[index(x, y, f)];
                        if m == 0.0 {
                            continue;
                        }
                        let f = f | passed;
                        let unpassed = |bit: usize| if f & bit == 0 { 1.0 } else { 0.0 };
                        undecided += m * (a * unpassed(1) + (1.0 - a) * unpassed(2));
                        for &(to, p) in chain.q.row(mover) {
                            let (nx, ny) = if a_moves { (to as usize, y) } else { (x, to as usize) };
                            next[index(nx, ny, f)] += m * p;
                        }
                    }
                }
            }
            std::mem::swap(&mut now, &mut next);
            running = now.iter().sum();
            turn += 1;
        }
        Ok(undecided)
    }

    /// The chance that the game runs on at this round's end with the
    /// eventual winner behind.
    fn comeback(&self, now: &Mass) -> f64 {
        let n = self.chain.states();
        comeback_at(self.chain, self.win, |x, y| now.m[(x * n + y) * 3..(x * n + y) * 3 + 3].iter().sum())
    }

    /// The trailing seat's chance to win at this round's end, by how far
    /// behind it is: `trailing`'s row for `round`.
    fn trailing_row(&self, trailing: &mut Trailing, now: &Mass, round: u32) {
        let n = self.chain.states();
        let pos = |x: usize| self.chain.positions[x];
        let cells = (0..n).flat_map(|x| (0..n).map(move |y| (x, y))).filter_map(|(x, y)| {
            let m: f64 = now.m[(x * n + y) * 3..(x * n + y) * 3 + 3].iter().sum();
            if m == 0.0 || pos(x) == pos(y) {
                return None;
            }
            let a_wins = self.win.of_a(x, y, true);
            Some(if pos(x) < pos(y) { (m, pos(y) - pos(x), a_wins) } else { (m, pos(x) - pos(y), 1.0 - a_wins) })
        });
        trailing.push_row(round, self.chain.board.goal, cells);
    }
}

/// The chance that the game runs on with the eventual winner behind, seat
/// A to move and `mass(x, y)` of the games with the pieces on `x` and `y`.
fn comeback_at(chain: &RollChain<'_>, win: &WinChance, mass: impl Fn(usize, usize) -> f64) -> f64 {
    let n = chain.states();
    let pos = |x: usize| chain.positions[x];
    let mut sum = 0.0;
    for x in 0..n {
        for y in 0..n {
            let a_wins = win.of_a(x, y, true);
            if pos(x) < pos(y) {
                sum += mass(x, y) * a_wins;
            } else if pos(y) < pos(x) {
                sum += mass(x, y) * (1.0 - a_wins);
            }
        }
    }
    sum
}

/// A pass's turn begins with `running` of the games still on: too long a
/// game is refused, and the progress is recorded with a pause.
async fn turn_starts(
    turn: usize,
    running: f64,
    done: &mut f64,
    options: &Options,
    meter: &Meter,
    part: f64,
) -> Result<(), AnalysisError> {
    if turn > 2 * options.max_steps {
        return Err(AnalysisError::TooLong { steps: options.max_steps, unfinished: format!("{running:.2e}") });
    }
    // (The running mass, summed afresh each turn, may rise in its last
    // bits on a turn nobody can finish: progress never goes back.)
    *done = done.max((running.ln() / options.tail.ln()).clamp(0.0, 1.0));
    meter.at((part + *done) / PARTS).await;
    Ok(())
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

/// The entropy in bits of a two-way chance.
fn bits(p: f64) -> f64 {
    let h = |q: f64| if q > 0.0 { -q * q.log2() } else { 0.0 };
    h(p) + h(1.0 - p)
}

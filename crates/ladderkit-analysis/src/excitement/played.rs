//! At a table of three or more, the measures that ask each seat's chance
//! to win at every turn (uncertainty, drama, favourite changes, decided
//! at) have no exact formulation here: the joint chain grows as positions
//! to the power of the players. They are estimated from games played on
//! the one-piece chain, seeded (`GameRng`), with each turn's chances
//! exact: the seats move independently, so seat `i` on `x_i` wins with
//! `Σ_t f_{x_i}(t) Π_{j before i} S_{x_j}(t) Π_{j after i} S_{x_j}(t − 1)`,
//! "before" the seats that roll ahead of it from the seat to move (order
//! statistics, as the seat odds).

use ladderkit_core::rng::GameRng;
use ladderkit_core::work::Meter;
use ladderkit_core::{CompiledBoard, Seats};

use super::{DECIDED, Racing, entropy_bits, excitement_unsupported};
use crate::chain::{RollChain, Scope};
use crate::{AnalysisError, Options};

/// Games between pauses.
const BATCH: u64 = 64;

/// A game this long is given up (one that never ends has no measures).
const MAX_TURNS: usize = 1_000_000;
/// A seat's sum stops once what its terms could still add is below this.
const NEGLIGIBLE: f64 = 1e-13;

/// An estimate from played games: its value and standard error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub se: f64,
}

/// The win-chance measures at a table, from played games.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedMeasures {
    pub seats: Seats,
    pub games: u64,
    pub seed: u64,
    /// Mean over the game's turns of the entropy of the seats' chances,
    /// in units of `log₂ N` bits: 1 when every seat is as likely to win.
    pub uncertainty: Estimate,
    /// Mean over the game's turns of the best seat's chance minus the
    /// eventual winner's.
    pub drama: Estimate,
    /// Changes of the sole favourite per game.
    pub favourite_changes: Estimate,
    /// The share of the game's turns played before the winner's chance
    /// first passed 90%.
    pub decided_at: Estimate,
}

/// Each seat's chance to win, every piece on a state of one piece's chain.
pub struct TableWinChance<'a> {
    racing: Racing,
    chain: RollChain<'a>,
}

impl<'a> TableWinChance<'a> {
    /// For races whose pieces never meet and whose turns are single rolls.
    pub fn new(board: &'a CompiledBoard, options: &Options) -> Result<Self, AnalysisError> {
        if let Some(why) = excitement_unsupported(board) {
            return Err(AnalysisError::NotExact(why));
        }
        let chain = RollChain::new(board, Scope::FromStart);
        chain.check_finishes()?;
        Ok(Self { racing: Racing::new(&chain, options)?, chain })
    }

    /// Into `out`, each seat's chance to win with its piece on chain state
    /// `at[seat]` and seat `mover` about to roll. `ahead` is a buffer (for
    /// each seat, the chance that the seats rolling before it are racing).
    pub fn chances(&self, at: &[usize], mover: usize, out: &mut [f64], ahead: &mut Vec<f64>) {
        let n = at.len();
        let (s, f) = (&self.racing.survival, &self.racing.finish);
        // Seat `mover + k` is k-th in turn order: it finishes on its t-th
        // roll from here before the seats ahead of it have finished in t
        // rolls and those behind it in t − 1.
        let seat = |k: usize| (mover + k) % n;
        out.iter_mut().for_each(|o| *o = 0.0);
        ahead.resize(n, 0.0);
        for t in 1..f.len() {
            let (now, before) = (&s[t], &s[t - 1]);
            let mut product = 1.0;
            for (k, a) in ahead.iter_mut().enumerate() {
                *a = product;
                product *= now[at[seat(k)]];
            }
            // From the last in turn order back: the seats behind.
            let (mut behind, mut left) = (1.0, 0.0f64);
            for k in (0..n).rev() {
                let x = at[seat(k)];
                let others = ahead[k] * behind;
                out[seat(k)] += f[t][x] * others;
                left = left.max(before[x] * others);
                behind *= before[x];
            }
            if left < NEGLIGIBLE {
                break;
            }
        }
    }

    /// The state of the start.
    pub fn start(&self) -> usize {
        self.chain.start as usize
    }
}

/// Running sums over played games of a per-game ratio `a / b` (`b` the
/// game's turns, or 1 for a count).
#[derive(Default)]
struct Sums {
    a: f64,
    b: f64,
    aa: f64,
    bb: f64,
    ab: f64,
}

impl Sums {
    fn add(&mut self, a: f64, b: f64) {
        (self.a, self.b, self.aa, self.bb, self.ab) =
            (self.a + a, self.b + b, self.aa + a * a, self.bb + b * b, self.ab + a * b);
    }

    /// `Σa / Σb` and its standard error over `games` (the delta method).
    fn estimate(&self, games: f64) -> Estimate {
        let r = self.a / self.b;
        let mean_b = self.b / games;
        // Var(a − r b) per game.
        let var = (self.aa - 2.0 * r * self.ab + r * r * self.bb) / games;
        Estimate { value: r, se: (var.max(0.0) / games).sqrt() / mean_b }
    }
}

/// `games` games at a table of `seats` on `board` from `seed`, seat 1
/// opening, random rolls (the race has no choices); `stop` is told how far
/// it got and ends the run early when it returns true (the games played by
/// then count).
pub fn played_measures(
    board: &CompiledBoard,
    seats: Seats,
    games: u64,
    seed: u64,
    options: &Options,
    stop: &(dyn Fn(f64) -> bool + Sync),
) -> Result<PlayedMeasures, AnalysisError> {
    let meter = Meter::default();
    ladderkit_core::work::run(played_measures_stepped(board, seats, games, seed, options, &meter, stop))
}

/// `played_measures` as work that pauses every `BATCH` games with its
/// progress on `meter` (`ladderkit_core::work`), for the editor.
pub async fn played_measures_stepped(
    board: &CompiledBoard,
    seats: Seats,
    games: u64,
    seed: u64,
    options: &Options,
    meter: &Meter,
    stop: &(dyn Fn(f64) -> bool + Sync),
) -> Result<PlayedMeasures, AnalysisError> {
    let win = TableWinChance::new(board, options)?;
    let chain = &win.chain;
    let n = seats.count();
    let (mut uncertainty, mut drama, mut changes, mut decided) =
        (Sums::default(), Sums::default(), Sums::default(), Sums::default());
    let scale = if n > 1 { (n as f64).log2() } else { 1.0 };
    let (mut chances, mut ahead) = (vec![0.0; n], Vec::new());
    // Where each seat's piece is, reset for every game.
    let mut at = vec![win.start(); n];
    // Before each turn of a game: every seat's chance.
    let mut course: Vec<f64> = Vec::new();
    let mut played = 0;
    for game in 0..games {
        if game % BATCH == 0 {
            let done = game as f64 / games as f64;
            if stop(done) {
                break;
            }
            meter.at(done).await;
        }
        let mut rng = GameRng::for_game(seed, game);
        at.fill(win.start());
        course.clear();
        let (mut led, mut favourite_changes) = (None, 0u32);
        let mut winner = None;
        win.chances(&at, 0, &mut chances, &mut ahead);
        for turn in 0..MAX_TURNS {
            let mover = turn % n;
            course.extend_from_slice(&chances);
            let mut u = rng.unit();
            let x = at[mover];
            if u < chain.win[x] {
                winner = Some(mover);
                favourite_changes += u32::from(led.is_some_and(|l| l != mover));
                break;
            }
            u -= chain.win[x];
            let row = chain.q.row(x);
            let mut to = row.last().map_or(x, |(y, _)| *y as usize);
            for &(y, p) in row {
                if u < p {
                    to = y as usize;
                    break;
                }
                u -= p;
            }
            at[mover] = to;
            win.chances(&at, (mover + 1) % n, &mut chances, &mut ahead);
            if let Some(now) = sole_favourite(&chances) {
                favourite_changes += u32::from(led.is_some_and(|l| l != now));
                led = Some(now);
            }
        }
        let Some(winner) = winner else {
            return Err(AnalysisError::TooLong { steps: MAX_TURNS, unfinished: "a played game".into() });
        };
        let turns = (course.len() / n) as f64;
        let (mut entropy, mut lag, mut undecided, mut passed) = (0.0, 0.0, 0.0, false);
        for c in course.chunks(n) {
            entropy += entropy_bits(c) / scale;
            lag += c.iter().copied().fold(0.0, f64::max) - c[winner];
            passed |= c[winner] > DECIDED;
            undecided += f64::from(u8::from(!passed));
        }
        uncertainty.add(entropy, turns);
        drama.add(lag, turns);
        decided.add(undecided, turns);
        changes.add(f64::from(favourite_changes), 1.0);
        played += 1;
    }
    let g = played as f64;
    Ok(PlayedMeasures {
        seats,
        games: played,
        seed,
        uncertainty: uncertainty.estimate(g),
        drama: drama.estimate(g),
        favourite_changes: changes.estimate(g),
        decided_at: decided.estimate(g),
    })
}

/// The seat whose chance is the highest, if it alone has it.
fn sole_favourite(chances: &[f64]) -> Option<usize> {
    const EVEN: f64 = 1e-12;
    let best = chances.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut at_best = chances.iter().enumerate().filter(|(_, p)| **p > best - EVEN);
    let first = at_best.next()?.0;
    at_best.next().is_none().then_some(first)
}

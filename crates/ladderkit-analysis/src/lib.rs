//! Exact odds for a variant, by treating one player's piece as an absorbing
//! Markov chain over the compiled board.
//!
//! Two clocks matter: rolls (where the piece goes depends only on the dice)
//! and turns (lost turns and extra turns change how rolls fall into turns).
//! Seat odds for several players whose pieces do not interact follow from
//! the per-turn finishing distribution by order statistics.

mod linear;
mod rolls;
mod seats;
mod shortest;
mod turns;

use ladderkit_core::{Compiled, CompiledBoard};

pub use seats::Seats;

/// Percentiles reported for game length, in percent.
pub const PERCENTILES: [u32; 7] = [10, 25, 50, 75, 90, 95, 99];

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Number of players for the seat odds.
    pub players: u32,
    /// Stop iterating once the chance of an unfinished game is below this.
    pub tail: f64,
    /// Give up after this many rolls (or turns) of iteration.
    pub max_steps: usize,
    /// Compute "probability a jump is used at least once" only while
    /// positions × outcomes × jumps stays under this.
    pub jump_odds_budget: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self { players: 2, tail: 1e-12, max_steps: 1_000_000, jump_odds_budget: 5_000_000 }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct JumpUse {
    /// Index into `CompiledBoard::jumps`.
    pub jump: usize,
    /// Expected number of times one piece rides it in a game.
    pub expected_uses: f64,
    /// Chance one piece rides it at least once; `None` when over budget.
    pub probability: Option<f64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    pub expected_rolls: f64,
    /// Turns of one player: a turn with extra rolls counts once, a lost
    /// turn counts.
    pub expected_turns: f64,
    pub min_rolls: u32,
    /// Dice totals of one fastest game.
    pub shortest_rolls: Vec<u32>,
    pub median_rolls: u32,
    /// (percent, rolls): the fewest rolls that finish that share of games.
    pub percentiles: Vec<(u32, u32)>,
    /// Index n: chance one piece has finished within n rolls.
    pub finish_within: Vec<f64>,
    /// Index n: chance one player has finished within n turns.
    pub finish_within_turns: Vec<f64>,
    /// Per position: expected times one piece comes to rest there after
    /// moving (a forfeited roll is not a landing).
    pub heat: Vec<f64>,
    pub jumps: Vec<JumpUse>,
    pub seats: Seats,
    /// Why the seat odds are not exact (pieces interact), if they are not.
    pub interaction: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// The variant has errors; fix them first.
    HasErrors,
    /// Some reachable position never finishes, so expectations are infinite.
    NeverFinishes(Vec<u32>),
    /// Pieces move each other, so one piece's chain is not the game.
    Interacting(String),
    /// The game is so long the tail did not vanish within `max_steps`.
    TooLong { steps: usize, unfinished: String },
    /// The caller's `stop` said to give up.
    Cancelled,
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::HasErrors => f.write_str("the variant has errors; fix them before analysing"),
            Self::NeverFinishes(spaces) => {
                write!(f, "pieces can get stuck forever (positions {spaces:?}), so games may never end")
            }
            Self::Interacting(why) => write!(f, "{why}; use `ladderkit simulate` for this variant"),
            Self::Cancelled => f.write_str("the analysis was cancelled"),
            Self::TooLong { steps, unfinished } => {
                write!(
                    f,
                    "after {steps} steps {unfinished} of games are still running; the game is too long to solve exactly"
                )
            }
        }
    }
}

impl std::error::Error for AnalysisError {}

/// How far an iteration is: the unfinished share falls geometrically from
/// 1 to `tail`, so its logarithm moves evenly.
fn progress(unfinished: f64, tail: f64) -> f64 {
    if unfinished >= 1.0 { 0.0 } else { (unfinished.ln() / tail.ln()).clamp(0.0, 1.0) }
}

/// Expected rolls (moves, in Treehouse play: single dice) for one piece to
/// finish from each position; bots use it to judge positions.
pub fn expected_rolls_from_each(board: &CompiledBoard) -> Vec<f64> {
    rolls::RollChain::new(board).expected_from_each()
}

/// Analyses a compiled variant.
pub fn analyze(compiled: &Compiled, options: &Options) -> Result<Analysis, AnalysisError> {
    if compiled.has_errors() {
        return Err(AnalysisError::HasErrors);
    }
    analyze_board(&compiled.board, options)
}

/// Analyses a board the caller knows to be free of errors.
pub fn analyze_board(board: &CompiledBoard, options: &Options) -> Result<Analysis, AnalysisError> {
    analyze_board_until(board, options, &|_| false)
}

/// `analyze_board` that tells `stop` how far it got (0 to 1) now and then,
/// and gives up with `AnalysisError::Cancelled` when it returns true (an
/// editor whose board changed while a long analysis was running).
pub fn analyze_board_until(
    board: &CompiledBoard,
    options: &Options,
    stop: &dyn Fn(f64) -> bool,
) -> Result<Analysis, AnalysisError> {
    match board.play {
        ladderkit_core::spec::Play::Classic if board.extras.any() => {
            return Err(AnalysisError::Interacting(
                "arrows, chips and points-based wins depend on where the other pieces are and on the chips drawn"
                    .into(),
            ));
        }
        ladderkit_core::spec::Play::Classic => {}
        ladderkit_core::spec::Play::Treehouse(_) => {
            return Err(AnalysisError::Interacting("in Treehouse play pieces move each other and stack".into()));
        }
        ladderkit_core::spec::Play::ScoreTrack(_) => {
            return Err(AnalysisError::Interacting(
                "on a score track pieces move by points, not dice, so there is no race to solve".into(),
            ));
        }
    }
    let roll_chain = rolls::RollChain::new(board);
    roll_chain.check_finishes()?;
    let by_rolls = roll_chain.iterate(options, stop)?;
    let expected_rolls = roll_chain.expected_rolls().unwrap_or(by_rolls.expected);
    let (min_rolls, shortest_rolls) = shortest::shortest_game(board);
    let by_turns = turns::iterate(board, options, stop)?;
    let seats = seats::Seats::new(&by_turns, options.players.max(1));
    let jumps = (0..board.jumps.len())
        .map(|j| JumpUse {
            jump: j,
            expected_uses: by_rolls.jump_uses[j],
            probability: roll_chain.within_budget(options).then(|| roll_chain.jump_probability(j, options)),
        })
        .collect();
    let interaction = (!board.shared_squares).then(|| {
        "pieces cannot share squares, so they interact: seat odds assume they do not; simulate for the real figures"
            .to_owned()
    });
    let quantile = |q: f64| {
        by_rolls.finish_within.iter().position(|p| *p >= q - 1e-12).unwrap_or(by_rolls.finish_within.len()) as u32
    };
    Ok(Analysis {
        expected_rolls,
        expected_turns: by_turns.expected,
        min_rolls,
        shortest_rolls,
        median_rolls: quantile(0.5),
        percentiles: PERCENTILES.iter().map(|p| (*p, quantile(f64::from(*p) / 100.0))).collect(),
        finish_within: by_rolls.finish_within,
        finish_within_turns: by_turns.finish_within(),
        heat: by_rolls.heat,
        jumps,
        seats,
        interaction,
    })
}

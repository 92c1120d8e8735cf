//! Exact odds for a variant, by treating one player's piece as an absorbing
//! Markov chain over the compiled board.
//!
//! Two clocks matter: rolls (where the piece goes depends only on the dice)
//! and turns (lost turns and extra turns change how rolls fall into turns).
//! Expectations (rolls, turns, heat, rides) come from sparse solves with
//! the chain's fundamental matrix; the game-length distribution is iterated
//! until its tail is certified geometric (`tail`). Seat odds for several
//! players whose pieces do not interact follow from the per-turn finishing
//! distribution by order statistics.

mod chain;
mod course;
mod excitement;
mod linear;
mod metrics;
mod rolls;
mod seats;
mod settle;
mod shortest;
mod tail;
mod turns;

use ladderkit_core::work::{Meter, pause, run_until};
use ladderkit_core::{Compiled, CompiledBoard, Playable, Seats};

/// A transient chain's rows, built row by row (the joint-state solver
/// builds its own).
pub use chain::Transient;
pub use course::{Course, CourseStep, TRIES as TYPICAL_TRIES};
pub use excitement::lead_changes::Counts;
pub use excitement::{
    DECIDED, Estimate, Excitement, LEADER_STATES, LeaderCounts, Measures, PlayedMeasures, Spread, TRAILING_FROM,
    TableMeasures, TableWinChance, Trailing, TrailingRow, WinChance, entropy_bits, excitement, excitement_stepped,
    excitement_unsupported, half_way_round, leader_counts_stepped, leader_states, played_measures,
    played_measures_stepped, table_measures, table_measures_stepped, turn_drama,
};
/// `I − Q` factored (LU), for chains whose sweeps settle too slowly.
pub use linear::Factored;
pub use metrics::{Metrics, Wanted};
pub use seats::SeatOdds;

/// Percentiles reported for game length, in percent.
pub const PERCENTILES: [u32; 7] = [10, 25, 50, 75, 90, 95, 99];

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// The table the seat odds are for.
    pub seats: Seats,
    /// Distributions are reported until the chance of an unfinished game
    /// is below this, and their geometric tails are certified to it.
    pub tail: f64,
    /// Give up after this many rolls (or turns) of iteration.
    pub max_steps: usize,
    /// Also compute each jump's chance to be ridden at least once (one
    /// solve per square a ride can leave a piece on).
    pub jump_probabilities: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self { seats: Seats::TWO, tail: 1e-12, max_steps: 1_000_000, jump_probabilities: true }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct JumpUse {
    /// Index into `CompiledBoard::jumps`.
    pub jump: usize,
    /// Expected number of times one piece rides it in a game.
    pub expected_uses: f64,
    /// Chance one piece rides it at least once; `None` when not asked for
    /// (`Options::jump_probabilities`).
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
    pub seats: SeatOdds,
    /// Why the seat odds are not exact (pieces interact), if they are not.
    pub interaction: Option<String>,
    /// How much more likely a game is to go on for another roll, once its
    /// shape has settled: the dominant eigenvalue of the chain, so the
    /// chance a game lasts past n rolls falls like `decay^n`.
    pub decay: f64,
    /// Largest possible error of any `finish_within` value taken from the
    /// geometric tail (see `tail`); below `Options::tail`.
    pub tail_bound: f64,
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
    /// This figure is not computed exactly for this board (why).
    NotExact(String),
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::HasErrors => f.write_str("the variant has errors; fix them before analysing"),
            Self::NeverFinishes(spaces) => {
                write!(f, "pieces can get stuck forever (positions {spaces:?}), so games may never end")
            }
            Self::Interacting(why) => write!(
                f,
                "{why}; `ladderkit solve` gives exact odds for two players, `ladderkit simulate` for any table"
            ),
            Self::Cancelled => f.write_str("the analysis was cancelled"),
            Self::NotExact(why) => write!(f, "not computed exactly here: {why}"),
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
/// finish from each position; bots use it to judge positions. Positions
/// from which a piece can get stuck get `f64::INFINITY`, the goal 0.
pub fn expected_rolls_from_each(board: &CompiledBoard) -> Vec<f64> {
    let mut out = vec![f64::INFINITY; board.points.len()];
    if let Some(goal) = out.get_mut(board.goal as usize) {
        *goal = 0.0;
    }
    let all = chain::RollChain::new(board, chain::Scope::Everywhere);
    // Keep the positions that surely finish: those that cannot reach a
    // position that never does.
    let risky = all.reaching(&all.cannot_finish());
    let mut sure = chain::Transient { offsets: vec![0], entries: Vec::new() };
    let mut index = vec![chain::NONE; all.states()];
    let kept: Vec<usize> = (0..all.states()).filter(|x| !risky[*x]).collect();
    for (i, &x) in kept.iter().enumerate() {
        index[x] = i as u32;
    }
    for &x in &kept {
        sure.entries.extend(all.q.row(x).iter().map(|&(y, p)| (index[y as usize], p)));
        sure.close_row();
    }
    if let Some(lu) = linear::Factored::new(&sure) {
        for (i, e) in lu.collect(&vec![1.0; sure.states()]).into_iter().enumerate() {
            out[all.positions[kept[i]] as usize] = e;
        }
    }
    out
}

/// Analyses a compiled variant.
pub fn analyze(compiled: &Compiled, options: &Options) -> Result<Analysis, AnalysisError> {
    let board = compiled.playable().ok_or(AnalysisError::HasErrors)?;
    analyze_board(&board, options)
}

/// Positions from which a piece can never finish, found on the analysis's
/// own chain. The checks find them on petgraph's graph and make them an
/// error, so a `Playable` board has none; a test holds the two equal.
pub fn stuck_positions(board: &CompiledBoard) -> Vec<u32> {
    match chain::RollChain::new(board, chain::Scope::FromStart).check_finishes() {
        Err(AnalysisError::NeverFinishes(stuck)) => stuck,
        _ => Vec::new(),
    }
}

/// Analyses a board the checks passed.
pub fn analyze_board(board: &Playable, options: &Options) -> Result<Analysis, AnalysisError> {
    analyze_board_until(board, options, &|_| false)
}

/// Why a board has no exact odds for one piece alone, if it has none.
fn interacting(board: &CompiledBoard) -> Option<AnalysisError> {
    let why = match board.play {
        ladderkit_core::spec::Play::Classic if board.extras.any() => {
            "arrows, chips and points-based wins depend on where the other pieces are and on the chips drawn"
        }
        ladderkit_core::spec::Play::Classic => return None,
        ladderkit_core::spec::Play::Treehouse(_) => "in Treehouse play pieces move each other and stack",
        ladderkit_core::spec::Play::ScoreTrack(_) => {
            "on a score track pieces move by points, not dice, so there is no race to solve"
        }
    };
    Some(AnalysisError::Interacting(why.into()))
}

/// `analyze_board` that tells `stop` how far it got (0 to 1) now and then,
/// and gives up with `AnalysisError::Cancelled` when it returns true (the
/// command line's time limit).
pub fn analyze_board_until(
    board: &Playable,
    options: &Options,
    stop: &dyn Fn(f64) -> bool,
) -> Result<Analysis, AnalysisError> {
    let meter = Meter::default();
    until_stopped(analyze_board_stepped(board, options, &meter), &meter, stop)
}

/// Runs stepped work at once, asking `stop` with the progress on `meter`
/// at every pause; `AnalysisError::Cancelled` once it says to.
fn until_stopped<T>(
    work: impl Future<Output = Result<T, AnalysisError>>,
    meter: &Meter,
    stop: &dyn Fn(f64) -> bool,
) -> Result<T, AnalysisError> {
    run_until(work, || !stop(meter.get())).unwrap_or(Err(AnalysisError::Cancelled))
}

/// The analysis as work that pauses every few milliseconds with its
/// progress on `meter` (`ladderkit_core::work`): the editor steps it within
/// each frame's time, and drops it when the design changes.
pub async fn analyze_board_stepped(
    board: &Playable,
    options: &Options,
    meter: &Meter,
) -> Result<Analysis, AnalysisError> {
    let board: &CompiledBoard = board;
    if let Some(e) = interacting(board) {
        return Err(e);
    }
    let chain = chain::RollChain::new(board, chain::Scope::FromStart);
    chain.check_finishes()?;
    meter.at(0.0).await;
    let until = tail::Until::options(options);
    // With each jump's chance to be ridden, one factorisation gives the
    // visits and every landing square's row; without, the story counts
    // the visits as it goes, in steps a frame can hold.
    let (by_rolls, visits, lu) = if options.jump_probabilities {
        let lu = linear::Factored::new(&chain.q).ok_or(AnalysisError::NeverFinishes(Vec::new()))?;
        (rolls::story(&chain, until, meter).await?, rolls::Visits::new(&chain, &lu), Some(lu))
    } else {
        let (story, visits) = rolls::story_and_visits(&chain, until, meter).await?;
        (story, visits, None)
    };
    // Each part below is a few milliseconds on the largest boards: a pause
    // between them keeps every step within a frame.
    pause().await;
    let (min_rolls, shortest_rolls) = shortest::shortest_game(board);
    pause().await;
    let turn_story = turns::story(&chain, Some(&by_rolls), until, meter).await?;
    pause().await;
    let by_turns = turns::ByTurns { expected: turns::expected(&chain, &visits.per_state), story: turn_story };
    pause().await;
    let seats = SeatOdds::new(&by_turns.story, options.seats);
    let probabilities = match &lu {
        Some(lu) => Some(rolls::jump_probabilities(&chain, lu, &visits.jump_uses, meter).await),
        None => None,
    };
    let jumps = (0..board.jumps.len())
        .map(|j| JumpUse {
            jump: j,
            expected_uses: visits.jump_uses[j],
            probability: probabilities.as_ref().map(|p| p[j]),
        })
        .collect();
    let interaction = interaction(board);
    // The tables of games finished run for as long as the games do (tens
    // of thousands of rolls on the largest boards): a step each.
    pause().await;
    let finish_within = by_rolls.finish_within(options.tail, options.max_steps);
    pause().await;
    let finish_within_turns = by_turns.finish_within(options);
    pause().await;
    let quantile = |q: f64| by_rolls.quantile(q, options.max_steps);
    Ok(Analysis {
        expected_rolls: visits.expected_rolls,
        expected_turns: by_turns.expected,
        min_rolls,
        shortest_rolls,
        median_rolls: quantile(0.5),
        percentiles: PERCENTILES.iter().map(|p| (*p, quantile(f64::from(*p) / 100.0))).collect(),
        finish_within_turns,
        finish_within,
        heat: visits.heat,
        jumps,
        seats,
        interaction,
        decay: by_rolls.survival.ratio,
        tail_bound: by_rolls.bound.max(by_turns.story.bound),
    })
}

/// Why the figures for one piece are not the whole game's, if pieces meet.
pub fn interaction(board: &CompiledBoard) -> Option<String> {
    let why: Vec<String> = interaction_reasons(board)
        .into_iter()
        .map(|reason| match reason {
            Meeting::NoSharing => "pieces cannot share squares, so they interact: seat odds assume they do not".into(),
            Meeting::Waits(text) => format!("{text}: these figures let it go on as if freed at once"),
        })
        .collect();
    (!why.is_empty()).then(|| {
        format!(
            "{}; `ladderkit solve` gives the real odds for two players, `ladderkit simulate` for any table",
            why.join("; ")
        )
    })
}

/// How pieces meet on a classic board, which one piece's chain leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Meeting {
    /// A piece landing on another bumps it.
    NoSharing,
    /// "a piece on 31 waits until another arrives".
    Waits(String),
}

impl std::fmt::Display for Meeting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoSharing => f.write_str("pieces cannot share squares"),
            Self::Waits(text) => f.write_str(text),
        }
    }
}

/// Every way pieces meet on this board (none: one piece's figures are the
/// game's).
pub fn interaction_reasons(board: &CompiledBoard) -> Vec<Meeting> {
    let mut why = Vec::new();
    if !board.shared_squares {
        why.push(Meeting::NoSharing);
    }
    let waits: Vec<u32> = (0..board.points.len() as u32).filter(|p| board.is_wait(*p)).collect();
    if !waits.is_empty() {
        why.push(Meeting::Waits(format!(
            "a piece on {}{} waits until another arrives",
            if waits.len() > 1 { "any of " } else { "" },
            ladderkit_core::space_list(board, &waits)
        )));
    }
    why
}

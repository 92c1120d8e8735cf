//! Live odds: the exact analysis of the design, rerun after every change
//! as a `jobs::Job`, stepped within each frame's budget so the frame never
//! waits for it. Where pieces meet (Treehouse play, bumping, a well, arrows
//! or chips), a two-player design is solved as a whole game instead (exact odds for
//! the panel's greedy bots and for optimal play, and the skill figure),
//! and bigger tables are simulated. A newer change cancels the run in
//! progress; numbers for an older design are kept on screen but never
//! reported as current.

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use ladderkit::analysis::{Analysis, AnalysisError, Options, analyze_board_stepped, interaction_reasons};

use ladderkit::core::spec::{FirstPlayer, Play};
use ladderkit::core::work::Meter;
use ladderkit::core::{Playable, Seats};
use ladderkit::engine::bots::Judge;
use ladderkit::engine::{Engine, Lineup, Policy};
use ladderkit::sim::{Report, Tally, simulate};
use ladderkit::solve::{Limits, Odds as Exact, Player, Progress, Skill, SolveError, Solver};

use crate::EditorSet;
use crate::checks::Checks;
use crate::intents::Intent;
use crate::jobs::{FrameBudget, Job};

mod excitement;

pub use self::excitement::{Excitements, LEADERS_BUDGET, PLAYED_SEED};

/// What a result was computed for: a document generation and a table size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OddsKey {
    pub generation: u64,
    pub players: Seats,
    /// The bots in every seat where pieces meet (races ignore it).
    pub bots: Policy,
}

/// The odds of a design: exact where pieces do not interact, exact for
/// the whole game where two players' pieces do, otherwise measured by
/// simulating games with bots.
#[derive(Debug, Clone, PartialEq)]
pub enum Figures {
    Exact(Arc<Analysis>),
    Solved(Arc<Solved>),
    Simulated(Arc<Simulated>),
}

/// A two-player game with interacting pieces, solved.
#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    pub positions: usize,
    /// The chosen bots in both seats (the bots the simulation uses), exactly.
    pub bots: Exact,
    pub optimal: Exact,
    pub skill: Skill,
    /// Game length and heat, which the solve does not give.
    pub simulated: Simulated,
    /// Optimal play, for a play-test's perfect bot: solved once here.
    pub perfect: PerfectJudge,
}

/// The perfect bot's judge, shared (compared by identity).
#[derive(Clone)]
pub struct PerfectJudge(pub Arc<dyn Judge>);

impl std::fmt::Debug for PerfectJudge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PerfectJudge")
    }
}

impl PartialEq for PerfectJudge {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The editor solves games up to this size (about 0.4 s and 40 MB per
/// 12,000 positions); bigger ones are simulated.
pub const SOLVE_UP_TO: usize = 200_000;

#[derive(Debug, Clone, PartialEq)]
pub struct Simulated {
    pub games: u64,
    /// The bot in every seat.
    pub bots: Policy,
    /// Why there are no exact odds.
    pub why: String,
    pub report: Report,
}

impl Figures {
    /// Expected landings per position, for the heat overlay.
    pub fn heat(&self) -> &[f64] {
        match self {
            Self::Exact(a) => &a.heat,
            Self::Solved(s) => &s.simulated.report.heat_per_game,
            Self::Simulated(s) => &s.report.heat_per_game,
        }
    }
}

/// Games simulated for a design without exact odds: seat odds within about
/// ±1 percentage point, in a second or two.
pub const SIMULATED_GAMES: u64 = 10_000;
/// Games between pauses: each chunk is a seed of its own. Lookahead bots
/// think for about a millisecond a game, the others far less.
const SIMULATION_CHUNK: u64 = 500;
const THINKING_CHUNK: u64 = 10;

#[derive(Debug, Clone)]
pub struct OddsResult {
    pub key: OddsKey,
    pub outcome: Result<Figures, String>,
    /// From the edit to the result.
    pub took: Duration,
}

/// The run for one design: dropped (and so stopped) by a newer one.
struct Running {
    key: OddsKey,
    job: Job<Result<Figures, String>>,
    meter: Arc<Meter>,
}

#[derive(Resource, Default)]
pub struct Odds {
    /// The table for the seat odds (`None`: the variant's smallest, at
    /// least two).
    pub players: Option<Seats>,
    /// The bots that play where pieces meet (greedy unless chosen).
    pub bots: Option<Policy>,
    /// The latest finished result, maybe for an older design.
    pub latest: Option<OddsResult>,
    running: Option<Running>,
    /// How exciting a two-player race is, worked out after its figures.
    pub excitement: Excitements,
}

impl Odds {
    /// The result for exactly this design and table, if it is ready.
    pub fn current(&self, key: OddsKey) -> Option<&OddsResult> {
        self.latest.as_ref().filter(|r| r.key == key)
    }

    /// The perfect bot the panel solved for exactly this design, with two
    /// players whose first game opens with seat 1 (the solve's own game).
    pub fn perfect_for(&self, generation: u64) -> Option<Arc<dyn Judge>> {
        let latest = self.latest.as_ref().filter(|r| r.key.generation == generation && r.key.players == Seats::TWO)?;
        match &latest.outcome {
            Ok(Figures::Solved(s)) => Some(s.perfect.0.clone()),
            _ => None,
        }
    }

    /// How far the running analysis is (0 to 1), if one is running.
    pub fn progress(&self) -> Option<f64> {
        self.running.as_ref().map(|r| r.meter.get())
    }
}

/// One line of the odds panel's figures, as it prints it (the report gives
/// the same text, so a test compares what a person reads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    pub value: String,
    pub tip: &'static str,
}

/// The exact figures the panel lists, in its order and precision.
pub fn exact_rows(a: &Analysis, players: Seats) -> Vec<Row> {
    let p = |q: u32| a.percentiles.iter().find(|(k, _)| *k == q).map_or(0, |(_, v)| *v);
    let row = |name: &str, value: String, tip| Row { name: name.into(), value, tip };
    vec![
        row("Expected rolls", format!("{:.2}", a.expected_rolls), "Rolls one piece needs to finish, on average"),
        row(
            "Expected turns",
            format!("{:.2}", a.expected_turns),
            "Turns of one player: extra rolls are part of a turn, lost turns count",
        ),
        row("Fewest rolls", a.min_rolls.to_string(), "The fastest possible game"),
        row("Median rolls", a.median_rolls.to_string(), "Half of all games are over by then"),
        row("p10 – p90", format!("{} – {}", p(10), p(90)), "Four games in five end between these"),
        row(&format!("Rounds ({players})"), format!("{:.2}", a.seats.expected_rounds), "Rounds until someone wins"),
    ]
}

/// A seat's chance to win, as the panel prints it.
pub fn seat_percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// What the panel's analysis computes: everything `ladderkit analyze` does
/// but the per-jump "ridden at least once" chances, which it does not show
/// (skipping their solves keeps a 100 × 100 board well under a second).
pub fn options(players: Seats) -> Options {
    Options { seats: players, jump_probabilities: false, ..Options::default() }
}

/// What the panel shows for this document generation.
pub fn key_for(odds: &Odds, generation: u64, min_players: u32) -> OddsKey {
    OddsKey { generation, players: players_for(odds, min_players), bots: odds.bots.unwrap_or(Policy::Greedy) }
}

/// Players the seat odds are for: the chosen number, or the variant's
/// smallest table (at least two).
pub fn players_for(odds: &Odds, min_players: u32) -> Seats {
    odds.players.unwrap_or_else(|| Seats::new(min_players.max(2)).unwrap_or(Seats::TWO))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Odds>().add_systems(Update, (set_players, update).chain().in_set(EditorSet::Odds));
}

fn set_players(
    mut intents: MessageReader<Intent>,
    mut odds: ResMut<Odds>,
    checks: Res<Checks>,
    doc: Res<crate::document::Document>,
) {
    for intent in intents.read() {
        match intent {
            Intent::AnotherCourse => odds.excitement.another_course(checks.generation, &checks.compiled.board),
            Intent::MoreExcitement => {
                let key = key_for(&odds, checks.generation, doc.spec().rules.players.min);
                odds.excitement.ask(key);
            }
            Intent::OddsPlayers(n) => odds.players = Some(*n),
            // The perfect bot is optimal play, which the panel always shows.
            Intent::OddsBots(bots) if *bots != Policy::Perfect => odds.bots = Some(*bots),
            _ => {}
        }
    }
}

fn update(
    checks: Res<Checks>,
    doc: Res<crate::document::Document>,
    mut odds: ResMut<Odds>,
    mut budget: ResMut<FrameBudget>,
) {
    let key = key_for(&odds, checks.generation, doc.spec().rules.players.min);
    if odds.running.as_ref().is_some_and(|r| r.key != key) {
        // The design changed: drop the old run (that stops it).
        odds.running = None;
    }
    if odds.running.is_none() && odds.current(key).is_none() {
        start(&mut odds, &checks, key);
    }
    if let Some(running) = odds.running.as_mut()
        && let Some(outcome) = running.job.run(&mut budget)
    {
        let took = running.job.started.elapsed();
        odds.running = None;
        odds.latest = Some(OddsResult { key, outcome, took });
    }
    excitement::update(&mut odds, &checks, key, &mut budget);
}

/// Starts the run for this design, or says why there is none.
fn start(odds: &mut Odds, checks: &Checks, key: OddsKey) {
    let Some(board) = checks.compiled.playable() else {
        odds.latest = Some(OddsResult {
            key,
            outcome: Err("the design has errors; fix them to see the odds".into()),
            took: Duration::ZERO,
        });
        return;
    };
    let meter = Arc::new(Meter::default());
    let seen = meter.clone();
    let job = Job::new("odds", async move {
        // A well or bumping: one piece's figures are not the game's, so the
        // game itself is solved or simulated.
        let meeting = interaction_reasons(&board);
        if !meeting.is_empty() && key.players >= Seats::TWO {
            let why = meeting.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
            return Ok(interacting(board, key, why, &seen).await);
        }
        let options = options(key.players);
        match analyze_board_stepped(&board, &options, &seen).await {
            Ok(a) => Ok(Figures::Exact(Arc::new(a))),
            Err(AnalysisError::Interacting(why)) if !matches!(board.play, Play::ScoreTrack(_)) => {
                Ok(interacting(board, key, why, &seen).await)
            }
            Err(e) => Err(e.to_string()),
        }
    });
    odds.running = Some(Running { key, job, meter });
}

/// Pieces meet: a two-player game is solved, then simulated for what the
/// solve does not give; a bigger game only simulated.
async fn interacting(board: Playable, key: OddsKey, why: String, meter: &Meter) -> Figures {
    let players = key.players;
    let engine = Engine::from_board(board.clone(), players, FirstPlayer::Seat1);
    let solved = if players == Seats::TWO { Some(solve(&engine, key.bots).await) } else { None };
    let why = match &solved {
        Some(Err(e)) => format!("{why}; not solved: {e}"),
        _ => why,
    };
    // The solve took the first half of the bar.
    let from = if solved.is_some() { 0.5 } else { 0.0 };
    let simulated = simulated(board, players, key.bots, why, meter, from).await;
    match solved {
        Some(Ok((positions, bots, optimal, skill, perfect))) => {
            Figures::Solved(Arc::new(Solved { positions, bots, optimal, skill, simulated, perfect }))
        }
        _ => Figures::Simulated(Arc::new(simulated)),
    }
}

type SolvedGame = (usize, Exact, Exact, Skill, PerfectJudge);

async fn solve(engine: &Engine, bots: Policy) -> Result<SolvedGame, SolveError> {
    let progress = Progress::default();
    let mut solver = Solver::new_stepped(engine, Limits { max_positions: SOLVE_UP_TO }, Some(&progress)).await?;
    let bots = solver.odds_stepped(&[Player::Bot(bots); 2]).await?;
    let optimal = solver.optimal_stepped().await?.odds.clone();
    let skill = solver.skill_stepped(|_, _| {}).await?;
    let positions = solver.graph().positions();
    // Optimal play is solved already: this only hands it over.
    let perfect = PerfectJudge(Arc::new(solver.perfect_stepped().await?));
    Ok((positions, bots, optimal, skill, perfect))
}

/// The chosen bots play `SIMULATED_GAMES` games in chunks, pausing between
/// them with the progress (from `from` to 1 on the meter).
async fn simulated(board: Playable, players: Seats, bots: Policy, why: String, meter: &Meter, from: f64) -> Simulated {
    let engine = Engine::from_board(board, players, FirstPlayer::Seat1);
    let mut tally = Tally::new(&engine);
    let chunk_games = if bots == Policy::Lookahead { THINKING_CHUNK } else { SIMULATION_CHUNK };
    for chunk in 0..SIMULATED_GAMES / chunk_games {
        meter.at(from + (1.0 - from) * (chunk * chunk_games) as f64 / SIMULATED_GAMES as f64).await;
        let options = ladderkit::sim::Options {
            threads: 1,
            ..ladderkit::sim::Options::new(chunk_games, Lineup::all(players, bots), chunk)
        };
        match simulate(&engine, &options, None) {
            Ok(more) => tally = tally.merge(more),
            // The lineup is the engine's table: never refused.
            Err(_) => break,
        }
    }
    Simulated { games: tally.games, bots, why, report: tally.report() }
}

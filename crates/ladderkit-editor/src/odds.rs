//! Live odds: the exact analysis of the design, rerun on a worker thread
//! after every change so the frame never waits for it. Where pieces meet,
//! a two-player design is solved as a whole game instead (exact odds for
//! the panel's greedy bots and for optimal play, and the skill figure),
//! and bigger tables are simulated. A newer change cancels the run in
//! progress; numbers for an older design are kept on screen but never
//! reported as current.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use ladderkit::analysis::{Analysis, AnalysisError, Options, analyze_board_until};
use ladderkit::core::Playable;
use ladderkit::core::compile::MAX_PLAYERS;
use ladderkit::core::spec::{FirstPlayer, Play};
use ladderkit::engine::{Engine, Policy};
use ladderkit::sim::{Report, Tally, simulate};
use ladderkit::solve::{Limits, Odds as Exact, Player, Progress, Skill, SolveError, Solver};

use crate::EditorSet;
use crate::checks::Checks;
use crate::intents::Intent;

/// What a result was computed for: a document generation and a table size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OddsKey {
    pub generation: u64,
    pub players: u32,
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
const SIMULATION_CHUNK: u64 = 500;

#[derive(Debug, Clone)]
pub struct OddsResult {
    pub key: OddsKey,
    pub outcome: Result<Figures, String>,
    /// From the edit to the result.
    pub took: Duration,
}

struct Job {
    key: OddsKey,
    cancel: Arc<AtomicBool>,
    /// The whole-game solve's own progress and stop flag.
    solving: Arc<Progress>,
    /// Progress 0..1 as f64 bits.
    progress: Arc<AtomicU64>,
    /// Filled by the worker when it finishes.
    done: Arc<Mutex<Option<OddsResult>>>,
}

#[derive(Resource, Default)]
pub struct Odds {
    /// Players for the seat odds (0: the variant's minimum, at least 2).
    pub players: u32,
    /// The bots that play where pieces meet (greedy unless chosen).
    pub bots: Option<Policy>,
    /// The latest finished result, maybe for an older design.
    pub latest: Option<OddsResult>,
    job: Option<Job>,
}

impl Odds {
    /// The result for exactly this design and table, if it is ready.
    pub fn current(&self, key: OddsKey) -> Option<&OddsResult> {
        self.latest.as_ref().filter(|r| r.key == key)
    }

    /// How far the running analysis is (0 to 1), if one is running.
    pub fn progress(&self) -> Option<f64> {
        self.job.as_ref().map(|j| f64::from_bits(j.progress.load(Ordering::Relaxed)))
    }
}

/// What the panel's analysis computes: everything `ladderkit analyze` does
/// but the per-jump "ridden at least once" chances, which it does not show
/// (skipping their solves keeps a 100 × 100 board well under a second).
pub fn options(players: u32) -> Options {
    Options { players, jump_probabilities: false, ..Options::default() }
}

/// What the panel shows for this document generation.
pub fn key_for(odds: &Odds, generation: u64, min_players: u32) -> OddsKey {
    OddsKey { generation, players: players_for(odds, min_players), bots: odds.bots.unwrap_or(Policy::Greedy) }
}

/// Players the seat odds are for: the chosen number, or the variant's
/// smallest table (at least two).
pub fn players_for(odds: &Odds, min_players: u32) -> u32 {
    if odds.players == 0 { min_players.max(2) } else { odds.players }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Odds>().add_systems(Update, (set_players, update).chain().in_set(EditorSet::Odds));
}

fn set_players(mut intents: MessageReader<Intent>, mut odds: ResMut<Odds>) {
    for intent in intents.read() {
        match intent {
            Intent::OddsPlayers(n) => odds.players = (*n).clamp(1, MAX_PLAYERS),
            // The perfect bot is optimal play, which the panel always shows.
            Intent::OddsBots(bots) if *bots != Policy::Perfect => odds.bots = Some(*bots),
            _ => {}
        }
    }
}

fn update(checks: Res<Checks>, doc: Res<crate::document::Document>, mut odds: ResMut<Odds>) {
    let key = key_for(&odds, checks.generation, doc.spec.rules.players.min);
    // Collect a finished run.
    let finished = odds.job.as_ref().and_then(|job| job.done.lock().ok()?.take());
    if let Some(result) = finished {
        odds.job = None;
        odds.latest = Some(result);
    }
    let wanted_running = odds.job.as_ref().is_some_and(|j| j.key == key);
    if wanted_running || odds.current(key).is_some() {
        return;
    }
    // The design changed: stop the old run, start one for this design.
    if let Some(old) = odds.job.take() {
        old.cancel.store(true, Ordering::Relaxed);
        old.solving.cancel.store(true, Ordering::Relaxed);
    }
    let Some(board) = checks.compiled.playable() else {
        odds.latest = Some(OddsResult {
            key,
            outcome: Err("the design has errors; fix them to see the odds".into()),
            took: Duration::ZERO,
        });
        return;
    };
    let (cancel, progress) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
    let done: Arc<Mutex<Option<OddsResult>>> = Arc::default();
    let slot = done.clone();
    let (stop, seen) = (cancel.clone(), progress.clone());
    let solving = Arc::new(Progress::default());
    let solve_progress = solving.clone();
    let started = Instant::now();
    let spawned = std::thread::Builder::new().name("ladderkit-odds".into()).spawn(move || {
        let report = |p: f64| {
            seen.store(p.to_bits(), Ordering::Relaxed);
            stop.load(Ordering::Relaxed)
        };
        let options = options(key.players);
        let outcome = match analyze_board_until(&board, &options, &report) {
            Ok(a) => Ok(Figures::Exact(Arc::new(a))),
            Err(AnalysisError::Cancelled) => return,
            Err(AnalysisError::Interacting(why)) if matches!(board.play, Play::Treehouse(_)) => {
                match interacting(board, key, why, &report, &solve_progress) {
                    Some(figures) => Ok(figures),
                    None => return,
                }
            }
            Err(e) => Err(e.to_string()),
        };
        if let Ok(mut slot) = slot.lock() {
            *slot = Some(OddsResult { key, outcome, took: started.elapsed() });
        }
    });
    match spawned {
        Ok(_) => odds.job = Some(Job { key, cancel, solving, progress, done }),
        Err(e) => {
            odds.latest = Some(OddsResult { key, outcome: Err(format!("could not start: {e}")), took: Duration::ZERO })
        }
    }
}

/// Pieces meet: a two-player game is solved, then simulated for what the
/// solve does not give; a bigger game only simulated. `None` when stopped.
fn interacting(
    board: Playable,
    key: OddsKey,
    why: String,
    stop: &dyn Fn(f64) -> bool,
    progress: &Progress,
) -> Option<Figures> {
    let players = key.players;
    let engine = Engine::from_board(board.clone(), players.clamp(1, MAX_PLAYERS) as u8, FirstPlayer::Seat1);
    let solved = (players == 2).then(|| solve(&engine, key.bots, progress));
    let why = match &solved {
        Some(Err(SolveError::Cancelled)) => return None,
        Some(Err(e)) => format!("{why}; not solved: {e}"),
        _ => why,
    };
    // The solve took the first half of the bar.
    let half = |p: f64| stop(if solved.is_some() { 0.5 + p / 2.0 } else { p });
    let simulated = simulated(board, players, key.bots, why, &half)?;
    Some(match solved {
        Some(Ok((positions, bots, optimal, skill))) => {
            Figures::Solved(Arc::new(Solved { positions, bots, optimal, skill, simulated }))
        }
        _ => Figures::Simulated(Arc::new(simulated)),
    })
}

fn solve(engine: &Engine, bots: Policy, progress: &Progress) -> Result<(usize, Exact, Exact, Skill), SolveError> {
    let mut solver = Solver::new(engine, Limits { max_positions: SOLVE_UP_TO }, Some(progress))?;
    let bots = solver.odds(&[Player::Bot(bots); 2])?;
    let optimal = solver.optimal()?.odds.clone();
    let skill = solver.skill(|_, _| {})?;
    Ok((solver.graph().positions(), bots, optimal, skill))
}

/// The chosen bots play `SIMULATED_GAMES` games in chunks, so progress
/// shows and a newer edit can stop it; `None` when stopped.
fn simulated(
    board: Playable,
    players: u32,
    bots: Policy,
    why: String,
    stop: &dyn Fn(f64) -> bool,
) -> Option<Simulated> {
    let engine = Engine::from_board(board, players.clamp(1, MAX_PLAYERS) as u8, FirstPlayer::Seat1);
    let mut tally = Tally::new(&engine);
    for chunk in 0..SIMULATED_GAMES / SIMULATION_CHUNK {
        if stop(chunk as f64 * SIMULATION_CHUNK as f64 / SIMULATED_GAMES as f64) {
            return None;
        }
        let options = ladderkit::sim::Options {
            games: SIMULATION_CHUNK,
            seats: vec![bots; players as usize],
            seed: chunk,
            threads: 1,
            engine_only: false,
            shard: ladderkit::sim::Shard::WHOLE,
            judge: None,
            deal: None,
        };
        tally = tally.merge(simulate(&engine, &options, None));
    }
    Some(Simulated { games: tally.games, bots, why, report: tally.report() })
}

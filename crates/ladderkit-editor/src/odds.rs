//! Live odds: the exact analysis of the design, rerun on a worker thread
//! after every change so the frame never waits for it. A newer change
//! cancels the run in progress; numbers for an older design are kept on
//! screen but never reported as current.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use ladderkit::analysis::{Analysis, Options, analyze_board_until};

use crate::EditorSet;
use crate::checks::Checks;
use crate::intents::Intent;

/// What a result was computed for: a document generation and a table size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OddsKey {
    pub generation: u64,
    pub players: u32,
}

#[derive(Debug, Clone)]
pub struct OddsResult {
    pub key: OddsKey,
    pub outcome: Result<Arc<Analysis>, String>,
    /// From the edit to the result.
    pub took: Duration,
}

struct Job {
    key: OddsKey,
    cancel: Arc<AtomicBool>,
    /// Progress 0..1 as f64 bits.
    progress: Arc<AtomicU64>,
    /// Filled by the worker when it finishes.
    done: Arc<Mutex<Option<OddsResult>>>,
}

#[derive(Resource, Default)]
pub struct Odds {
    /// Players for the seat odds (0: the variant's minimum, at least 2).
    pub players: u32,
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

    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }
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
        if let Intent::OddsPlayers(n) = intent {
            odds.players = (*n).clamp(1, 16);
        }
    }
}

fn update(checks: Res<Checks>, doc: Res<crate::document::Document>, mut odds: ResMut<Odds>) {
    let key = OddsKey { generation: checks.generation, players: players_for(&odds, doc.spec.rules.players.min) };
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
    }
    if checks.compiled.has_errors() {
        odds.latest = Some(OddsResult {
            key,
            outcome: Err("the design has errors; fix them to see the odds".into()),
            took: Duration::ZERO,
        });
        return;
    }
    let board = checks.compiled.board.clone();
    let (cancel, progress) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
    let done: Arc<Mutex<Option<OddsResult>>> = Arc::default();
    let slot = done.clone();
    let (stop, seen) = (cancel.clone(), progress.clone());
    let started = Instant::now();
    let spawned = std::thread::Builder::new().name("ladderkit-odds".into()).spawn(move || {
        let options = Options { players: key.players, ..Options::default() };
        let outcome = analyze_board_until(&board, &options, &|p| {
            seen.store(p.to_bits(), Ordering::Relaxed);
            stop.load(Ordering::Relaxed)
        });
        if matches!(outcome, Err(ladderkit::analysis::AnalysisError::Cancelled)) {
            return;
        }
        let outcome = outcome.map(Arc::new).map_err(|e| e.to_string());
        if let Ok(mut slot) = slot.lock() {
            *slot = Some(OddsResult { key, outcome, took: started.elapsed() });
        }
    });
    match spawned {
        Ok(_) => odds.job = Some(Job { key, cancel, progress, done }),
        Err(e) => {
            odds.latest = Some(OddsResult { key, outcome: Err(format!("could not start: {e}")), took: Duration::ZERO })
        }
    }
}

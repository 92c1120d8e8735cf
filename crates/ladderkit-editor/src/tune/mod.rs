//! The Tune panel's search: the tuner on a worker thread, for the design as
//! it stands, so a frame never waits for it. An edit to the design cancels
//! the search and drops its proposal; a proposal stays on the board until
//! the person accepts it (one undoable command) or discards it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use ladderkit::analysis::{Metrics, Options, analyze};
use ladderkit::core::compile;
use ladderkit::core::spec::{Jump, VariantSpec};
use ladderkit::tune::{Goal, Limits, Progress, Settings, Tuned, tune};

use crate::EditorSet;
use crate::checks::Checks;
use crate::document::Document;
use crate::intents::Intent;

mod form;
pub use form::TuneForm;

/// What the panel asks for: targets, limits and how long to look.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub goal: Goal,
    /// Limits; `None` counts keep the board's.
    pub ladders: Option<(u32, u32)>,
    pub snakes: Option<(u32, u32)>,
    pub min_length: u32,
    pub no_chains: bool,
    pub free: Option<(u32, u32)>,
    pub keep: Vec<(u32, u32)>,
    pub seed: u64,
    pub seconds: f64,
    /// Players the before/after seat odds are for.
    pub players: u32,
}

impl Request {
    pub fn limits(&self, jumps: &[Jump]) -> Limits {
        let mut limits = Limits::keeping_counts(jumps);
        if let Some((a, b)) = self.ladders {
            limits.ladders = a..=b;
        }
        if let Some((a, b)) = self.snakes {
            limits.snakes = a..=b;
        }
        limits.min_length = self.min_length;
        limits.no_chains = self.no_chains;
        limits.free = self.free.map(|(a, b)| vec![a..=b]).unwrap_or_default();
        limits.keep = self.keep.clone();
        limits
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum TuneIntent {
    Run(Box<Request>),
    /// Stop the search and propose the best board so far.
    Stop,
    Discard,
}

/// A finished search, for the design of `generation`.
#[derive(Debug, Clone, PartialEq)]
pub struct Proposal {
    pub generation: u64,
    pub tuned: Tuned,
    pub goal: Goal,
    /// The full analysis' figures of the design and of the proposal.
    pub before: Metrics,
    pub after: Metrics,
    pub took: Duration,
    /// The design's jumps the proposal does not have.
    pub removed: Vec<Jump>,
    /// The table the seat edge is for.
    pub players: u32,
}

impl Proposal {
    /// Whether the proposal's jump `j` is not on the design.
    pub fn changed(&self, j: &Jump, design: &[Jump]) -> bool {
        !design.iter().any(|d| d.from == j.from && d.to == j.to)
    }

    /// The undo history's name for accepting it: "Tune: 4 edits".
    pub fn label(&self) -> String {
        match self.tuned.edits.len() {
            1 => "Tune: 1 edit".into(),
            n => format!("Tune: {n} edits"),
        }
    }
}

struct Job {
    generation: u64,
    cancel: Arc<AtomicBool>,
    progress: Arc<Mutex<Option<Progress>>>,
    done: Arc<Mutex<Option<Result<Proposal, String>>>>,
    started: Instant,
    seconds: f64,
}

#[derive(Resource, Default)]
pub struct Tuning {
    job: Option<Job>,
    pub proposal: Option<Proposal>,
    /// Why the last search could not run.
    pub error: Option<String>,
}

impl Tuning {
    /// How the running search is doing: its latest progress and the share
    /// of its time used.
    pub fn running(&self) -> Option<(Option<Progress>, f64)> {
        let job = self.job.as_ref()?;
        let progress = job.progress.lock().ok().and_then(|p| *p);
        Some((progress, (job.started.elapsed().as_secs_f64() / job.seconds).min(1.0)))
    }
}

/// `--tune`: fill the form with this and run it once the file is open and
/// checked.
#[derive(Resource, Debug, Clone)]
pub struct StartTune(pub TuneForm);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tuning>()
        .add_systems(Update, (start_on_launch, handle, follow).chain().in_set(EditorSet::Odds));
}

fn start_on_launch(
    start: Option<Res<StartTune>>,
    checks: Res<Checks>,
    doc: Res<Document>,
    mut started: Local<bool>,
    mut intents: MessageWriter<Intent>,
) {
    // Wait for the opened file's checks (its generation is past the blank
    // document's).
    if let Some(start) = start
        && !*started
        && checks.generation == doc.generation
        && doc.path.is_some()
        && let Ok(request) = start.0.request()
    {
        intents.write(Intent::Tune(TuneIntent::Run(Box::new(request))));
        *started = true;
    }
}

fn handle(mut intents: MessageReader<Intent>, mut tuning: ResMut<Tuning>, checks: Res<Checks>, doc: Res<Document>) {
    for intent in intents.read() {
        let Intent::Tune(intent) = intent else { continue };
        match intent {
            TuneIntent::Run(request) => {
                stop(&mut tuning);
                tuning.proposal = None;
                tuning.error = None;
                if checks.compiled.has_errors() || checks.generation != doc.generation {
                    tuning.error = Some("the design has errors; fix them before tuning".into());
                    continue;
                }
                tuning.job = Some(spawn(doc.spec.clone(), checks.generation, request));
            }
            TuneIntent::Stop => {
                if let Some(job) = &tuning.job {
                    job.cancel.store(true, Ordering::Relaxed);
                }
            }
            TuneIntent::Discard => tuning.proposal = None,
        }
    }
}

/// Collects a finished search; an edit to the design drops what was for
/// the design before it.
fn follow(mut tuning: ResMut<Tuning>, checks: Res<Checks>) {
    if tuning.proposal.as_ref().is_some_and(|p| p.generation != checks.generation) {
        tuning.proposal = None;
    }
    let Some(job) = &tuning.job else { return };
    if job.generation != checks.generation {
        stop(&mut tuning);
        return;
    }
    let finished = job.done.lock().ok().and_then(|mut d| d.take());
    if let Some(result) = finished {
        tuning.job = None;
        match result {
            Ok(proposal) => tuning.proposal = Some(proposal),
            Err(e) => tuning.error = Some(e),
        }
    }
}

fn stop(tuning: &mut Tuning) {
    if let Some(job) = tuning.job.take() {
        job.cancel.store(true, Ordering::Relaxed);
    }
}

fn spawn(spec: VariantSpec, generation: u64, request: &Request) -> Job {
    let cancel = Arc::new(AtomicBool::new(false));
    let progress: Arc<Mutex<Option<Progress>>> = Arc::default();
    let done: Arc<Mutex<Option<Result<Proposal, String>>>> = Arc::default();
    let seconds = request.seconds.max(0.1);
    let job = Job {
        generation,
        cancel: cancel.clone(),
        progress: progress.clone(),
        done: done.clone(),
        started: Instant::now(),
        seconds,
    };
    let request = request.clone();
    let started = job.started;
    let spawned = std::thread::Builder::new().name("ladderkit-tune".into()).spawn(move || {
        let limits = request.limits(&spec.jumps);
        let settings = Settings { seed: request.seed, fresh: false };
        let mut control = |p: &Progress| {
            if let Ok(mut slot) = progress.lock() {
                *slot = Some(*p);
            }
            let used = started.elapsed().as_secs_f64() / seconds;
            (!cancel.load(Ordering::Relaxed) && used < 1.0).then_some(used)
        };
        let result = tune(&spec, &request.goal, &limits, &settings, &mut control).map_err(|e| e.to_string());
        let outcome = result.map(|tuned| {
            let figures = |s: &VariantSpec| {
                let options = Options { players: request.players, jump_probabilities: false, ..Options::default() };
                analyze(&compile(s), &options)
                    .map(|a| Metrics::of(&a, &request.goal.reported(request.players)))
                    .unwrap_or_default()
            };
            let removed = spec
                .jumps
                .iter()
                .filter(|d| !tuned.spec.jumps.iter().any(|j| (j.from, j.to) == (d.from, d.to)))
                .copied()
                .collect();
            Proposal {
                generation,
                before: figures(&spec),
                after: figures(&tuned.spec),
                goal: request.goal.clone(),
                took: started.elapsed(),
                removed,
                players: request.players,
                tuned,
            }
        });
        if let Ok(mut slot) = done.lock() {
            *slot = Some(outcome);
        }
    });
    if let Err(e) = spawned
        && let Ok(mut slot) = job.done.lock()
    {
        *slot = Some(Err(format!("could not start the search: {e}")));
    }
    job
}

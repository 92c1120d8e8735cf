//! The Tune panel's search: the tuner as a `jobs::Job` for the design as it
//! stands, stepped within each frame's budget so a frame never waits for
//! it. An edit to the design cancels the search and drops its proposal; a
//! proposal stays on the board until the person accepts it (one undoable
//! command) or discards it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use ladderkit::analysis::{Metrics, Options, analyze_board_stepped};
use ladderkit::core::spec::{Jump, SpaceEffect, VariantSpec};
use ladderkit::core::work::Meter;
use ladderkit::core::{Seats, compile};
use ladderkit::tune::{Goal, Progress, Settings, Tuned, tune_stepped};

use crate::EditorSet;
use crate::checks::Checks;
use crate::document::Document;
use crate::history::EditCommand;
use crate::intents::Intent;
use crate::jobs::{FrameBudget, Job};

mod form;
pub use form::TuneForm;

pub use crate::intents::tune::{Request, TuneIntent};

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
    /// The design's jumps and effects the proposal does not have.
    pub removed: Vec<Jump>,
    pub removed_effects: Vec<SpaceEffect>,
    /// The table the seat edge is for.
    pub players: Seats,
}

impl Proposal {
    /// Whether the proposal's jump `j` is not on the design.
    pub fn changed(&self, j: &Jump, design: &[Jump]) -> bool {
        !design.iter().any(|d| d.from == j.from && d.to == j.to)
    }

    /// Accepting it: the proposal's jumps and effects as one undoable
    /// command.
    pub fn accept(&self) -> EditCommand {
        let spec = &self.tuned.spec;
        EditCommand::SetLayout(spec.jumps.clone(), spec.effects.clone(), self.label())
    }

    /// The undo history's name for accepting it, which the status bar
    /// shows after Accept: "Tune: 4 edits (expected turns 39.23 → 30.00)".
    pub fn label(&self) -> String {
        let edits = match self.tuned.edits.len() {
            1 => "1 edit".to_owned(),
            n => format!("{n} edits"),
        };
        let figures: Vec<String> = self
            .goal
            .targets
            .iter()
            .map(|t| {
                let digits = if matches!(t, ladderkit::tune::Target::SeatEdge { .. }) { 4 } else { 2 };
                format!("{} {:.digits$} → {:.digits$}", t.name(), t.value(&self.before), t.value(&self.after))
            })
            .collect();
        format!("Tune: {edits} ({})", figures.join(", "))
    }
}

/// A search for one design: dropped (and so stopped) by an edit.
struct Search {
    generation: u64,
    /// Stop and propose the best board so far.
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Option<Progress>>>,
    job: Job<Result<Proposal, String>>,
    seconds: f64,
}

#[derive(Resource, Default)]
pub struct Tuning {
    job: Option<Search>,
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
        Some((progress, (job.job.started.elapsed().as_secs_f64() / job.seconds).min(1.0)))
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
        && checks.generation == doc.generation()
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
                if checks.compiled.has_errors() || checks.generation != doc.generation() {
                    tuning.error = Some("the design has errors; fix them before tuning".into());
                    continue;
                }
                tuning.job = Some(spawn(doc.spec().clone(), checks.generation, request));
            }
            TuneIntent::Stop => {
                if let Some(job) = &tuning.job {
                    job.stop.store(true, Ordering::Relaxed);
                }
            }
            TuneIntent::Discard => tuning.proposal = None,
        }
    }
}

/// Steps the search and collects it once finished; an edit to the design
/// drops what was for the design before it.
fn follow(mut tuning: ResMut<Tuning>, checks: Res<Checks>, mut budget: ResMut<FrameBudget>) {
    if tuning.proposal.as_ref().is_some_and(|p| p.generation != checks.generation) {
        tuning.proposal = None;
    }
    let Some(job) = &mut tuning.job else { return };
    if job.generation != checks.generation {
        stop(&mut tuning);
        return;
    }
    if let Some(result) = job.job.run(&mut budget) {
        tuning.job = None;
        match result {
            Ok(proposal) => tuning.proposal = Some(proposal),
            Err(e) => tuning.error = Some(e),
        }
    }
}

/// Drops the search, which stops it.
fn stop(tuning: &mut Tuning) {
    tuning.job = None;
}

fn spawn(spec: VariantSpec, generation: u64, request: &Request) -> Search {
    let stop = Arc::new(AtomicBool::new(false));
    let progress: Arc<Mutex<Option<Progress>>> = Arc::default();
    let seconds = request.seconds.max(0.1);
    let request = request.clone();
    let (stopped, seen) = (stop.clone(), progress.clone());
    let started = Instant::now();
    let job = Job::new("tuner", async move {
        let limits = request.limits(&spec);
        let settings = Settings { seed: request.seed, fresh: false, keep_layout: request.keep_layout };
        let mut control = |p: &Progress| {
            if let Ok(mut slot) = seen.lock() {
                *slot = Some(*p);
            }
            let used = started.elapsed().as_secs_f64() / seconds;
            if stopped.load(Ordering::Relaxed) { None } else { p.by_clock(used) }
        };
        let tuned =
            tune_stepped(&spec, &request.goal, &limits, &settings, &mut control).await.map_err(|e| e.to_string())?;
        let wanted = request.goal.reported(request.players);
        let options = Options { seats: request.players, jump_probabilities: false, ..Options::default() };
        let before = figures(&spec, &options, &wanted).await;
        let after = figures(&tuned.spec, &options, &wanted).await;
        let removed = spec
            .jumps
            .iter()
            .filter(|d| !tuned.spec.jumps.iter().any(|j| (j.from, j.to) == (d.from, d.to)))
            .copied()
            .collect();
        let removed_effects = spec.effects.iter().filter(|d| !tuned.spec.effects.contains(d)).copied().collect();
        Ok(Proposal {
            generation,
            before,
            after,
            goal: request.goal.clone(),
            took: started.elapsed(),
            removed,
            removed_effects,
            players: request.players,
            tuned,
        })
    });
    Search { generation, stop, progress, job, seconds }
}

/// The full analysis' figures of a design (none where it has no odds).
async fn figures(spec: &VariantSpec, options: &Options, wanted: &ladderkit::analysis::Wanted) -> Metrics {
    let Some(board) = compile(spec).into_playable() else { return Metrics::default() };
    let mut figures = match analyze_board_stepped(&board, options, &Meter::default()).await {
        Ok(a) => Metrics::of(&a, wanted),
        Err(_) => return Metrics::default(),
    };
    if wanted.lead_changes || wanted.comeback.is_some() || wanted.photo_finish.is_some() {
        // Not part of the full analysis: worked out on their own.
        let excitement = ladderkit::analysis::Wanted {
            lead_changes: wanted.lead_changes,
            comeback: wanted.comeback,
            photo_finish: wanted.photo_finish,
            ..Default::default()
        };
        if let Ok(m) = Metrics::compute_stepped(&board, &excitement, &Meter::default()).await {
            (figures.lead_changes, figures.comeback, figures.photo_finish) =
                (m.lead_changes, m.comeback, m.photo_finish);
        }
    }
    figures
}

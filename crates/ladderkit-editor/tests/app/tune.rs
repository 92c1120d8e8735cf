//! The Tune panel's search without a window: it runs a little every frame,
//! its proposal is accepted as one undoable command, and an edit to the
//! design cancels it.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use ladderkit::analysis::{Options, analyze};
use ladderkit::core::compile;
use ladderkit::core::spec::{Effect, Jump};
use ladderkit_editor::history::{EditCommand, History};
use ladderkit_editor::intents::Intent;
use ladderkit_editor::tune::{TuneForm, TuneIntent, Tuning};

use crate::common::{app_with, bundled, doc, edit, send};

fn run(app: &mut App, targets: &str) {
    let request = TuneForm::parse(targets).unwrap().request().unwrap();
    send(app, Intent::Tune(TuneIntent::Run(Box::new(request))));
}

/// Frames until the search is over (or the deadline).
fn wait(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while app.world().resource::<Tuning>().running().is_some() {
        assert!(Instant::now() < deadline, "the search never finished");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
}

#[test]
fn a_proposal_is_accepted_as_one_undoable_edit() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    let design = doc(&app).spec().clone();
    run(&mut app, "turns=30,seconds=30,seed=7");
    // (An easy target can be met within the first frame's budget, so
    // whether it is still running here depends on the machine's speed;
    // `an_edit_cancels_the_search_and_drops_its_proposal` holds that a
    // search runs across frames.)
    wait(&mut app);
    let proposal = app.world().resource::<Tuning>().proposal.clone().expect("a proposal");
    assert!(proposal.tuned.met);
    assert_eq!(*doc(&app).spec(), design, "nothing changes before Accept");
    assert!((proposal.before.expected_turns.unwrap() - 39.2251).abs() < 1e-3);
    // Accept is the panel sending the proposal as one command.
    edit(&mut app, proposal.accept());
    assert_eq!(doc(&app).spec().jumps, proposal.tuned.spec.jumps);
    let label = app.world().resource::<History>().undo_label().unwrap().to_owned();
    assert!(label.starts_with("Tune: ") && label.contains("edits (expected turns 39.23 → 30."), "{label}");
    let turns = analyze(&compile(doc(&app).spec()), &Options::default()).unwrap().expected_turns;
    assert!((turns - 30.0).abs() <= 0.3, "{turns}");
    assert!(app.world().resource::<Tuning>().proposal.is_none(), "the accepted proposal is gone");
    send(&mut app, Intent::Undo);
    assert_eq!(*doc(&app).spec(), design, "one undo restores the design");
}

#[test]
fn an_edit_cancels_the_search_and_drops_its_proposal() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    // Unreachable (nine ladders cannot make the fastest game 60 rolls): it
    // would run for the whole minute.
    run(&mut app, "min-rolls=60,seconds=60");
    app.update();
    assert!(app.world().resource::<Tuning>().running().is_some());
    edit(&mut app, EditCommand::AddJump(Jump::new(2, 12)));
    app.update();
    assert!(app.world().resource::<Tuning>().running().is_none(), "the edit stopped it");
    assert!(app.world().resource::<Tuning>().proposal.is_none());
    // A proposal for the old design is dropped when the design changes.
    run(&mut app, "turns=30,seconds=30,seed=3");
    wait(&mut app);
    assert!(app.world().resource::<Tuning>().proposal.is_some());
    edit(&mut app, EditCommand::AddJump(Jump::new(3, 13)));
    assert!(app.world().resource::<Tuning>().proposal.is_none());
}

#[test]
fn stop_proposes_the_best_board_so_far_and_errors_are_refused() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    run(&mut app, "min-rolls=60,seconds=60");
    // The search runs in the frames: let it judge candidates until it has
    // found a board better than the start (counted, not timed, so a busy
    // machine gives the same test; with a minute to search it is still
    // hot, and wanders a while).
    let start_miss = (60.0 - 7.0) / 60.0;
    loop {
        app.update();
        let running = app.world().resource::<Tuning>().running().expect("an unreachable target keeps it running");
        let progress = running.0;
        assert!(progress.is_none_or(|p| p.evaluated < 200_000), "nothing better in 200,000 candidates");
        if progress.is_some_and(|p| p.best_score < start_miss - 1e-9) {
            break;
        }
    }
    send(&mut app, Intent::Tune(TuneIntent::Stop));
    wait(&mut app);
    let tuning = app.world().resource::<Tuning>();
    let proposal = tuning.proposal.as_ref().expect("the best so far");
    assert!(!proposal.tuned.met);
    assert!(
        proposal.after.fewest_rolls.unwrap() > 7,
        "better than the start's 7: {:?} after {:?}",
        proposal.after.fewest_rolls,
        proposal.tuned
    );
    // A design with errors is not tuned.
    edit(&mut app, EditCommand::AddJump(Jump::new(50, 50)));
    run(&mut app, "turns=30");
    let tuning = app.world().resource::<Tuning>();
    assert!(tuning.running().is_none());
    assert!(tuning.error.as_deref().unwrap().contains("errors"));
}

/// The panel's effect limits (issue 52): Milton Bradley, every jump kept,
/// made 48 turns long by spaces that lose turns; the proposal removes no
/// jump, adds only such effects, and Accept takes the jumps and effects
/// as one undoable edit.
#[test]
fn a_proposal_of_space_effects_is_accepted_as_one_undoable_edit() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    let design = doc(&app).spec().clone();
    let keep: Vec<String> = design.jumps.iter().map(|j| format!("{}-{}", j.from, j.to)).collect();
    run(&mut app, &format!("turns=48,lose-turns=1..8,seconds=60,seed=1,keep={}", keep.join(" ")));
    wait(&mut app);
    let proposal = app.world().resource::<Tuning>().proposal.clone().expect("a proposal");
    assert!(proposal.tuned.met, "{:?}", proposal.tuned.best);
    assert!(proposal.removed.is_empty() && proposal.removed_effects.is_empty());
    let effects = &proposal.tuned.spec.effects;
    assert!(!effects.is_empty() && effects.iter().all(|e| matches!(e.effect, Effect::LoseTurns(_))), "{effects:?}");
    edit(&mut app, proposal.accept());
    assert_eq!((&doc(&app).spec().jumps, &doc(&app).spec().effects), (&design.jumps, effects));
    let turns = analyze(&compile(doc(&app).spec()), &Options::default()).unwrap().expected_turns;
    assert!((turns - 48.0).abs() <= 0.48, "{turns}");
    send(&mut app, Intent::Undo);
    assert_eq!(*doc(&app).spec(), design, "one undo restores the design");
}

//! The tuner stepped one pause at a time, as the editor runs it within its
//! frames, finds the very board the tuner run at once finds, given the
//! same answers from its control.

use ladderkit_core::check_source;
use ladderkit_core::work::Resumable;
use ladderkit_tune::{Goal, Limits, Progress, Settings, Target, tune, tune_stepped};

#[test]
fn stepped_search_finds_the_board_of_the_whole_one() {
    let spec = check_source(include_str!("../../../variants/milton-bradley.ron")).spec.unwrap();
    // Out of reach in 2,000 candidates, so both runs judge them all.
    let goal = Goal { targets: vec![Target::Turns(12.0)], tolerance: 0.0001 };
    let limits = Limits::keeping_counts(&spec.jumps);
    let settings = Settings { seed: 5, fresh: false, keep_layout: 0 };
    // Time is the candidates judged, so both runs get the same answers.
    let control = |p: &Progress| (p.evaluated < 2_000).then(|| p.evaluated as f64 / 2_000.0);
    let at_once = tune(&spec, &goal, &limits, &settings, &mut { control }).unwrap();
    let (s, g, l) = (spec.clone(), goal.clone(), limits.clone());
    let mut work = Resumable::new(async move { tune_stepped(&s, &g, &l, &settings, &mut { control }).await });
    let mut pauses = 0u64;
    let stepped = loop {
        if let Some(done) = work.step() {
            break done.unwrap();
        }
        pauses += 1;
    };
    assert_eq!(stepped, at_once);
    assert!(pauses >= at_once.evaluated, "a pause a candidate: {pauses} for {}", at_once.evaluated);
}

/// A board whose every judgement takes many pauses: the 90th percentile of
/// a long track is followed roll by roll.
fn long_track() -> ladderkit_core::spec::VariantSpec {
    let text = "Variant(format: 1, meta: Meta(name: \"long\", description: \"\", author: \"\"), \
                board: Track(spaces: 4000, looped: false, first: 1), start: Tray, goal: Last, \
                jumps: [(from: 500, to: 900), (from: 2500, to: 1200)], effects: [])";
    check_source(text).spec.unwrap()
}

#[test]
fn a_search_told_to_stop_while_judging_the_first_board_stops_there() {
    let spec = long_track();
    let goal = Goal { targets: vec![Target::Percentile { percent: 90, rolls: 100 }], tolerance: 0.01 };
    let limits = Limits::keeping_counts(&spec.jumps);
    let settings = Settings { seed: 1, fresh: false, keep_layout: 0 };
    let mut asked = 0u32;
    let mut control = |_: &Progress| {
        asked += 1;
        (asked < 3).then_some(0.0)
    };
    let out = tune(&spec, &goal, &limits, &settings, &mut control);
    assert!(
        matches!(&out, Err(ladderkit_tune::TuneError::NoBoard(why)) if why.contains("time ran out")),
        "stopped before the start board was judged: {out:?}"
    );
    assert_eq!(asked, 3, "asked at the judgement's pauses, and no more once told to stop");
}

#[test]
fn taking_back_edits_stops_when_told_and_keeps_the_search_result() {
    let spec = check_source(include_str!("../../../variants/milton-bradley.ron")).spec.unwrap();
    let goal = Goal { targets: vec![Target::Turns(20.0)], tolerance: 0.01 };
    let limits = Limits::keeping_counts(&spec.jumps);
    let settings = Settings { seed: 3, fresh: false, keep_layout: 0 };
    let whole =
        tune(&spec, &goal, &limits, &settings, &mut |p: &Progress| (p.tidying || p.evaluated < 5_000).then_some(0.5))
            .unwrap();
    let mut tidy_calls = 0;
    let untidied = tune(&spec, &goal, &limits, &settings, &mut |p: &Progress| {
        tidy_calls += u32::from(p.tidying);
        (!p.tidying && p.evaluated < 5_000).then_some(0.5)
    })
    .unwrap();
    assert!(whole.met && untidied.met, "both meet the target");
    assert_eq!(tidy_calls, 1, "told to stop at once, taking back edits asks once");
    assert!(
        untidied.edits.len() > whole.edits.len(),
        "taking back edits keeps fewer: {} untidied, {} tidied",
        untidied.edits.len(),
        whole.edits.len()
    );
}

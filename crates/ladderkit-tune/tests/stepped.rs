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
    let settings = Settings { seed: 5, fresh: false };
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

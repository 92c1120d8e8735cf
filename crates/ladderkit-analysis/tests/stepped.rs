//! The analysis stepped one pause at a time, as the editor runs it within
//! its frames (and the web page, which has no threads), gives the very
//! figures of the analysis run at once, and pauses often enough.

use std::sync::Arc;

use ladderkit_analysis::{Options, analyze_board, analyze_board_stepped};
use ladderkit_core::spec::{Jump, PathStyle, VariantSpec};
use ladderkit_core::work::{Meter, Resumable};
use ladderkit_core::{Seats, check_source, compile};

fn bundled(source: &str) -> VariantSpec {
    check_source(source).spec.expect("a bundled variant parses")
}

/// A 60 × 60 board with a ladder and a snake every few rows: the size the
/// editor must stay responsive on.
fn big() -> VariantSpec {
    let mut spec = VariantSpec::new_grid("big", 60, 60, PathStyle::Boustrophedon);
    for k in 1..55u32 {
        spec.jumps.push(Jump::new(k * 60 + 7, k * 60 + 50));
        spec.jumps.push(Jump::new(k * 60 + 33, k * 60 - 20));
    }
    spec
}

#[test]
fn stepped_analysis_gives_the_figures_of_the_whole_one() {
    for (name, spec) in [
        ("milton-bradley", bundled(include_str!("../../../variants/milton-bradley.ron"))),
        ("gameweave-large", bundled(include_str!("../../../variants/gameweave-large.ron"))),
        ("game-of-the-goose", bundled(include_str!("../../../variants/game-of-the-goose.ron"))),
        ("60 x 60", big()),
    ] {
        let board = compile(&spec).into_playable().expect("no errors");
        let options = Options { seats: Seats::new(3).unwrap(), ..Options::default() };
        let at_once = analyze_board(&board, &options);
        assert!(at_once.is_ok(), "{name}: {at_once:?}");
        let meter = Arc::new(Meter::default());
        let seen = meter.clone();
        let mut work = Resumable::new(async move { analyze_board_stepped(&board, &options, &seen).await });
        let (mut pauses, mut progress) = (0, 0.0);
        let stepped = loop {
            if let Some(done) = work.step() {
                break done;
            }
            pauses += 1;
            assert!(meter.get() >= progress, "{name}: progress goes forward");
            progress = meter.get();
        };
        assert_eq!(stepped, at_once, "{name}");
        assert!(pauses >= 2, "{name}: {pauses} pauses");
        println!("{name}: {pauses} pauses");
    }
}

#[test]
fn stepped_excitement_gives_the_measures_of_the_whole_one_and_pauses_every_turn() {
    let spec = bundled(include_str!("../../../variants/milton-bradley.ron"));
    let board = compile(&spec).into_playable().expect("no errors");
    let at_once = ladderkit_analysis::excitement(&board, &Options::default(), &|_| false);
    assert!(at_once.is_ok(), "{at_once:?}");
    let meter = Arc::new(Meter::default());
    let seen = meter.clone();
    let mut work =
        Resumable::new(async move { ladderkit_analysis::excitement_stepped(&board, &Options::default(), &seen).await });
    let (mut pauses, mut progress) = (0, 0.0);
    let stepped = loop {
        if let Some(done) = work.step() {
            break done;
        }
        pauses += 1;
        assert!(meter.get() >= progress, "progress goes forward");
        progress = meter.get();
    };
    assert_eq!(stepped, at_once);
    // A pause per row of the win chance and per turn of each pass.
    assert!(pauses >= 500, "{pauses} pauses");
}

//! Any simulation part's tally, as `ladderkit merge` takes it from a file:
//! read, checked, and only if the checks pass, added to a tally of this
//! board and reported. Neither the checks nor the sum nor the report may
//! panic, overflow or take memory out of proportion to the input.
#![no_main]

use ladderkit_core::check_source;
use ladderkit_engine::Engine;
use ladderkit_sim::Tally;
use libfuzzer_sys::fuzz_target;

const TREEHOUSE: &str = include_str!("../../variants/treehouse.ron");

fuzz_target!(|data: &[u8]| {
    let Ok(part) = serde_json::from_slice::<Tally>(data) else { return };
    if part.check().is_err() {
        return;
    }
    let compiled = ladderkit_core::compile(&check_source(TREEHOUSE).spec.unwrap());
    let Ok(engine) = Engine::new(&compiled, part.seats) else { return };
    let Some(sum) = Tally::new(&engine).checked_merge(&part) else { return };
    let Some(twice) = sum.clone().checked_merge(&part) else { return };
    assert_eq!(twice.games, sum.games * 2, "the games of two parts add up");
    let report = twice.report();
    assert!(report.seat_win_rate.iter().all(|r| (0.0..=1.0).contains(r)), "{:?}", report.seat_win_rate);
});

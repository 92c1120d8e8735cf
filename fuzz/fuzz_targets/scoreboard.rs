//! Any variant that compiles: the score-track simulation (refused for races).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let checked = ladderkit::core::check_source(text);
    let (Some(compiled), false) = (checked.compiled.as_ref(), checked.has_errors()) else { return };
    if compiled.board.len > 5_000 {
        return;
    }
    let _ = ladderkit::sim::scoreboard::simulate_scores(compiled, 3, 20, 7);
});

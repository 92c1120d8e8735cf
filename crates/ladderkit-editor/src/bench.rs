//! `--bench` (the desktop) and `?bench` (the web page): times the exact
//! analysis of Milton Bradley and of the 30 × 30 bench board (the boards
//! and options of `benches/analysis.rs`) with the platform's clock, so that
//! the page's figures can be set against the native ones, run for run.

use bevy::platform::time::Instant;
use ladderkit::analysis::{Options, analyze};
use ladderkit::core::{Compiled, Seats, check_source, compile, sample};
use serde_json::{Value, json};

use crate::bundled;

/// A batch lasts at least this long, so a coarse clock (a browser's
/// `performance.now()` may round to 0.1 ms) still times it well.
const BATCH_MS: f64 = 20.0;
/// Batches per board; the figure is their median.
const BATCHES: usize = 11;

/// Each board's median time for one `analyze`, in milliseconds, and its
/// expected rolls (which the caller can hold to `ladderkit analyze`).
pub fn run() -> Value {
    let milton = bundled::VARIANTS.iter().find(|(name, _)| *name == "milton-bradley.ron").map(|(_, text)| *text);
    let mut boards: Vec<(&str, Compiled)> = Vec::new();
    if let Some(spec) = milton.and_then(|text| check_source(text).spec) {
        boards.push(("milton-bradley", compile(&spec)));
    }
    boards.push(("30x30, 150 jumps", compile(&sample::random_board(30, 30, 150))));
    let options = Options { seats: Seats::new(4).unwrap(), ..Options::default() };
    let timed: Vec<Value> = boards
        .iter()
        .map(|(name, board)| {
            let once = || analyze(board, &options).map(|a| a.expected_rolls);
            let began = Instant::now();
            let expected_rolls = once();
            let first_ms = began.elapsed().as_secs_f64() * 1000.0;
            let per_batch = ((BATCH_MS / first_ms.max(0.001)).ceil() as usize).clamp(1, 10_000);
            let mut per_run: Vec<f64> = (0..BATCHES)
                .map(|_| {
                    let began = Instant::now();
                    for _ in 0..per_batch {
                        std::hint::black_box(once().ok());
                    }
                    began.elapsed().as_secs_f64() * 1000.0 / per_batch as f64
                })
                .collect();
            per_run.sort_by(f64::total_cmp);
            json!({
                "board": name,
                "ms": per_run[BATCHES / 2],
                "runs": per_batch * BATCHES,
                "expected_rolls": expected_rolls.map_err(|e| e.to_string()).ok(),
            })
        })
        .collect();
    json!({ "analyze": timed })
}

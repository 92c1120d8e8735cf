//! `--bench` (the desktop) and `?bench` (the web page): times the exact
//! analysis of Milton Bradley and of the 30 × 30 bench board (the boards
//! and options of `benches/analysis.rs`), and games of Milton Bradley
//! simulated at four seats on one thread, with the platform's clock, so
//! that the page's figures can be set against the native ones, run for run
//! (and one build of the page against another: docs/web.md).

use bevy::platform::time::Instant;
use ladderkit::analysis::{Options, analyze};
use ladderkit::core::spec::FirstPlayer;
use ladderkit::core::{Compiled, Seats, check_source, compile, sample};
use ladderkit::engine::{Engine, Lineup, Policy};
use ladderkit::sim::simulate;
use serde_json::{Value, json};

use crate::bundled;

/// A batch lasts at least this long, so a coarse clock (a browser's
/// `performance.now()` may round to 0.1 ms) still times it well.
const BATCH_MS: f64 = 20.0;
/// Batches per board; the figure is their median.
const BATCHES: usize = 11;
/// Games a simulation run plays (`ms` is for them all).
const SIM_GAMES: u64 = 20_000;

/// Each board's median time for one `analyze`, in milliseconds, and its
/// expected rolls (which the caller can hold to `ladderkit analyze`).
pub fn run() -> Value {
    let milton = bundled::VARIANTS.iter().find(|(name, _)| *name == "milton-bradley.ron").map(|(_, text)| *text);
    let mut boards: Vec<(&str, Compiled)> = Vec::new();
    if let Some(spec) = milton.and_then(|text| check_source(text).spec) {
        boards.push(("milton-bradley", compile(&spec)));
    }
    boards.push(("30x30, 150 jumps", compile(&sample::random_board(30, 30, 150))));
    let four = Seats::new(4).unwrap();
    let options = Options { seats: four, ..Options::default() };
    let timed: Vec<Value> = boards
        .iter()
        .map(|(name, board)| {
            let (ms, runs, expected_rolls) = median_ms(|| analyze(board, &options).map(|a| a.expected_rolls));
            json!({
                "board": name,
                "ms": ms,
                "runs": runs,
                "expected_rolls": expected_rolls.map_err(|e| e.to_string()).ok(),
            })
        })
        .collect();
    let simulated = boards.first().and_then(|(_, board)| board.playable()).map(|board| {
        let engine = Engine::from_board(board, four, FirstPlayer::Seat1);
        let options = ladderkit::sim::Options {
            threads: 1,
            ..ladderkit::sim::Options::new(SIM_GAMES, Lineup::all(four, Policy::Random), 1)
        };
        let (ms, runs, tally) = median_ms(|| simulate(&engine, &options, None).ok());
        json!({
            "board": "milton-bradley, 4 seats",
            "games": SIM_GAMES,
            "ms": ms,
            "runs": runs,
            // The same seed plays the same games on every build.
            "seat_wins": tally.map(|t| t.seat_wins),
        })
    });
    json!({ "analyze": timed, "simulate": simulated })
}

/// The median time of one call of `once`, in milliseconds, over `BATCHES`
/// batches of at least `BATCH_MS`; the calls made; the first call's result.
fn median_ms<T>(once: impl Fn() -> T) -> (f64, usize, T) {
    let began = Instant::now();
    let first = once();
    let first_ms = began.elapsed().as_secs_f64() * 1000.0;
    let per_batch = ((BATCH_MS / first_ms.max(0.001)).ceil() as usize).clamp(1, 10_000);
    let mut per_run: Vec<f64> = (0..BATCHES)
        .map(|_| {
            let began = Instant::now();
            for _ in 0..per_batch {
                std::hint::black_box(once());
            }
            began.elapsed().as_secs_f64() * 1000.0 / per_batch as f64
        })
        .collect();
    per_run.sort_by(f64::total_cmp);
    (per_run[BATCHES / 2], per_batch * BATCHES, first)
}

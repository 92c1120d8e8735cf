//! How long the editor's background work holds a frame: the Odds panel's
//! analysis and its excitement measures, stepped as the editor steps them
//! (`Resumable`, one step a frame at most), on a variant file; the longest
//! step of each, and their totals. The page's frame is 16 ms (issue 51).
//!
//! cargo run --release --example longest_step -- FILE [PLAYERS]

use std::sync::Arc;
use std::time::{Duration, Instant};

use ladderkit::analysis::{Options, analyze_board_stepped, table_measures_stepped};
use ladderkit::core::work::{Meter, Resumable};
use ladderkit::core::{Seats, check_source, compile};

/// A step longer than this is named, with the progress it started from.
const FRAME: Duration = Duration::from_millis(16);

/// Steps `work` to its end: (longest step, total, steps).
fn steps<T>(name: &str, mut work: Resumable<T>, meter: &Meter) -> (Duration, Duration, usize) {
    let (mut longest, mut total, mut n) = (Duration::ZERO, Duration::ZERO, 0);
    loop {
        let (started, from) = (Instant::now(), meter.get());
        let done = work.step().is_some();
        let took = started.elapsed();
        if took > FRAME {
            println!("{name}: a step of {:.1} ms from {:.0}% done", took.as_secs_f64() * 1e3, from * 100.0);
        }
        (longest, total, n) = (longest.max(took), total + took, n + 1);
        if done {
            return (longest, total, n);
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: longest_step FILE [PLAYERS]");
    let players = args
        .next()
        .map_or(Seats::TWO, |p| Seats::new(p.parse().expect("PLAYERS is a number")).expect("PLAYERS is 1 to 16"));
    let text = ladderkit::files::read_text(std::path::Path::new(&file), ladderkit::files::FileKind::Variant)
        .expect("a readable variant");
    let spec = check_source(&text).spec.expect("a variant without errors");
    let compiled = compile(&spec);
    let board = Arc::new(compiled.playable().expect("a playable board"));
    // The Odds panel's options (`crates/ladderkit-editor/src/odds.rs`).
    let options = Options { seats: players, jump_probabilities: false, ..Options::default() };
    let meters = [Arc::new(Meter::default()), Arc::new(Meter::default())];
    let (b, o, m) = (board.clone(), options, meters[0].clone());
    let analysis = Resumable::new(async move { analyze_board_stepped(&b, &o, &m).await.is_ok() });
    let (b, o, m) = (board, options, meters[1].clone());
    let excitement = Resumable::new(async move { table_measures_stepped(&b, players, &o, &m).await.is_ok() });
    for ((name, work), meter) in [("analysis", analysis), ("excitement", excitement)].into_iter().zip(&meters) {
        let (longest, total, n) = steps(name, work, meter);
        println!(
            "{name}: longest step {:.1} ms, {n} steps, {:.0} ms in all",
            longest.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3
        );
    }
}

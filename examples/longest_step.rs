//! How long the editor's background work holds a frame: the Odds panel's
//! analysis and its excitement measures, or where pieces meet its solve of
//! the game, stepped as the editor steps them (`Resumable`, one step a
//! frame at most), on a variant file; the longest step of each, the 90th
//! percentile, and their totals. The page's frame is 16 ms (issue 51).
//!
//! cargo run --release --example longest_step -- FILE [PLAYERS]

use std::sync::Arc;
use std::time::{Duration, Instant};

use ladderkit::analysis::{AnalysisError, Options, analyze_board_stepped, interaction_reasons, table_measures_stepped};
use ladderkit::core::spec::FirstPlayer;
use ladderkit::core::work::{Meter, Resumable, run};
use ladderkit::core::{Seats, check_source, compile};
use ladderkit::engine::{Engine, Policy};
use ladderkit::solve::{Limits, Player, Progress, Solver};

/// A step longer than this is named, with the progress it started from.
const FRAME: Duration = Duration::from_millis(16);

/// What stepping some work to its end took.
struct Steps {
    longest: Duration,
    p90: Duration,
    total: Duration,
    count: usize,
}

/// Steps `work` to its end, naming every step longer than a frame.
fn steps<T>(name: &str, mut work: Resumable<T>, meter: &Meter) -> Steps {
    let mut took = Vec::new();
    loop {
        let (started, from) = (Instant::now(), meter.get());
        let done = work.step().is_some();
        let step = started.elapsed();
        if step > FRAME {
            println!("{name}: a step of {:.1} ms from {:.0}% done", step.as_secs_f64() * 1e3, from * 100.0);
        }
        took.push(step);
        if done {
            let total = took.iter().sum();
            took.sort_unstable();
            let (count, longest) = (took.len(), took[took.len() - 1]);
            return Steps { longest, p90: took[count * 9 / 10], total, count };
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
    // Pieces meet (said by the board, or found by the analysis): the Odds
    // panel solves the game instead (`odds::start`).
    let meeting = !interaction_reasons(&board).is_empty()
        || matches!(
            run(analyze_board_stepped(&board, &options, &Meter::default())),
            Err(AnalysisError::Interacting(_))
        );
    let work: Vec<(&str, Resumable<bool>)> = if meeting {
        let engine = Engine::from_board((*board).clone(), players, FirstPlayer::Seat1);
        vec![("solve", Resumable::new(async move { solve(&engine).await }))]
    } else {
        let (b, o, m) = (board.clone(), options, meters[0].clone());
        let analysis = Resumable::new(async move { analyze_board_stepped(&b, &o, &m).await.is_ok() });
        let (b, o, m) = (board, options, meters[1].clone());
        let excitement = Resumable::new(async move { table_measures_stepped(&b, players, &o, &m).await.is_ok() });
        vec![("analysis", analysis), ("excitement", excitement)]
    };
    for ((name, work), meter) in work.into_iter().zip(&meters) {
        let s = steps(name, work, meter);
        println!(
            "{name}: longest step {:.1} ms, 90% of steps within {:.2} ms, {} steps, {:.0} ms in all",
            s.longest.as_secs_f64() * 1e3,
            s.p90.as_secs_f64() * 1e3,
            s.count,
            s.total.as_secs_f64() * 1e3
        );
    }
}

/// The Odds panel's solve where pieces meet: the greedy bots' odds,
/// optimal play, how much skill matters and the perfect bot.
async fn solve(engine: &Engine) -> bool {
    let progress = Progress::default();
    let Ok(mut solver) = Solver::new_stepped(engine, Limits { max_positions: 200_000 }, Some(&progress)).await else {
        return false;
    };
    let players = vec![Player::Bot(Policy::Greedy); engine.seats().count()];
    solver.odds_stepped(&players).await.is_ok()
        && solver.optimal_stepped().await.is_ok()
        && solver.skill_stepped(|_, _| {}).await.is_ok()
        && solver.perfect_stepped().await.is_ok()
}

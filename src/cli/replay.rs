//! `ladderkit replay`: a logged game, event by event.

use std::path::PathBuf;

use ladderkit::core::variant_hash;
use ladderkit::engine::replay::{GameLog, replay};
use ladderkit::engine::{Event, EventSink};

use super::setup::table;
use super::{Outcome, fail, say};
use ladderkit::engine::narrate::{narrate, positions};

/// Replay a game saved by `ladderkit play --log`.
///
/// The log holds the variant's fingerprint, the seed and every choice; the
/// engine plays the game again from them. A log whose variant has changed
/// since is refused (exit 1).
#[derive(Debug, clap::Args)]
pub struct Args {
    log: PathBuf,
    /// The variant file the game was played on.
    #[arg(long, value_name = "FILE")]
    variant: PathBuf,
    /// Print the events as JSON lines instead of text.
    #[arg(long)]
    json: bool,
}

struct Collect(Vec<Event>);

impl EventSink for Collect {
    fn push(&mut self, event: Event) {
        self.0.push(event);
    }
}

pub fn run(args: &Args) -> Outcome {
    let text = match std::fs::read_to_string(&args.log) {
        Ok(t) => t,
        Err(e) => return fail(format!("cannot read {}: {e}", args.log.display())),
    };
    let log: GameLog = match serde_json::from_str(&text) {
        Ok(l) => l,
        Err(e) => return fail(format!("{} is not a game log: {e}", args.log.display())),
    };
    let table = match table(&args.variant, log.seats.len() as u32, true) {
        Ok(t) => t,
        Err(outcome) => return outcome,
    };
    let mut events = Collect(Vec::new());
    let state = match replay(&table.engine, variant_hash(&table.spec), &log, &mut events) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return Outcome::VariantErrors;
        }
    };
    let names: Vec<String> = log.seats.iter().enumerate().map(|(i, s)| format!("Seat {} ({s})", i + 1)).collect();
    let board = table.engine.board();
    for e in &events.0 {
        if args.json {
            say!("{}", serde_json::to_string(e).unwrap_or_default());
        } else if let Some(line) = narrate(board, &names, &state, e) {
            say!("{line}");
        }
    }
    if !args.json {
        say!("{}", positions(board, &names, &state));
        say!("replayed {} events; the log matches", events.0.len());
    }
    Outcome::Ok
}

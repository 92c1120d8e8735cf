//! `ladderkit replay`: a logged game, event by event.

use std::path::PathBuf;

use ladderkit::core::variant_hash;
use ladderkit::engine::replay::{GameLog, replay};
use ladderkit::engine::{Event, EventSink};

use ladderkit::files;
use ladderkit::room::protocol::Record;

use super::setup::table;
use super::{Outcome, fail, say, tell};
use ladderkit::engine::narrate::{narrate, positions};

/// Replay a game saved by `ladderkit play --log`, or one of a play-test
/// room's games (Play together's "Export the games").
///
/// The log holds the variant's fingerprint, the seed, every choice and a
/// fingerprint of the game's events; the engine plays the game again from
/// them. A log whose variant has changed since, or whose seed or choices
/// were edited, is refused (exit 1). A game left unfinished replays up to
/// where it stopped. Logs are read up to 16 MiB.
#[derive(Debug, clap::Args)]
pub struct Args {
    log: PathBuf,
    /// The variant file the game was played on.
    #[arg(long, value_name = "FILE")]
    variant: PathBuf,
    /// Print the events as JSON lines instead of text.
    #[arg(long)]
    json: bool,
    /// Which game of a room's record, from 1: its finished games in the
    /// order played, then the one left unfinished, if any.
    #[arg(long, value_name = "N")]
    game: Option<usize>,
}

struct Collect(Vec<Event>);

impl EventSink for Collect {
    fn push(&mut self, event: Event) {
        self.0.push(event);
    }
}

pub fn run(args: &Args) -> Outcome {
    let text = match files::read_text(&args.log, files::FileKind::GameLog) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let log = match game_of(&text, args.game) {
        Ok(l) => l,
        Err(e) => return fail(format!("{}: {e}", args.log.display())),
    };
    let seats = match ladderkit::core::Seats::from_len(log.seats.len()) {
        Ok(seats) => seats,
        Err(e) => return fail(format!("{}: its seats: {e}", args.log.display())),
    };
    let table = match table(&args.variant, seats, true, log.game) {
        Ok(t) => t,
        Err(outcome) => return outcome,
    };
    let mut events = Collect(Vec::new());
    let state = match replay(&table.engine, variant_hash(&table.spec), &log, &mut events) {
        Ok(s) => s,
        Err(e) => {
            tell!("error: {e}");
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
        if state.is_over() {
            say!("replayed {} events; every event matches the log", events.0.len());
        } else {
            say!("replayed {} events up to where the log stops: the game was left unfinished", events.0.len());
        }
    }
    Outcome::Ok
}

/// The game to replay: a log's own, or game `n` of a room's record.
fn game_of(text: &str, n: Option<usize>) -> Result<GameLog, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not a game log: {e}"))?;
    if value.get("games").is_none() {
        if n.is_some() {
            return Err("`--game` picks a game of a room's record; this is a single game's log".into());
        }
        return serde_json::from_value(value).map_err(|e| format!("not a game log: {e}"));
    }
    let record: Record = serde_json::from_value(value).map_err(|e| format!("not a room's record: {e}"))?;
    let mut games = record.games;
    games.extend(record.unfinished);
    match (n, games.len()) {
        (_, 0) => Err("a room's record with no games".into()),
        (None, 1) => Ok(games.remove(0)),
        (None, count) => Err(format!("a room's record of {count} games: say which with `--game N` (1 to {count})")),
        (Some(k), count) if (1..=count).contains(&k) => Ok(games.swap_remove(k - 1)),
        (Some(k), count) => Err(format!("no game {k}: the record holds {count} (1 to {count})")),
    }
}

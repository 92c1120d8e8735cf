//! `ladderkit deal`: the board one game of a variant is played on.

use std::path::PathBuf;

use ladderkit::files;
use serde_json::json;

use super::setup::{board_of_game, clean_spec};
use super::{Outcome, fail, say};

/// Show, or write out, the snakes and ladders one game is played on.
///
/// A variant with `random_jumps` deals its snakes and ladders afresh for
/// every game, from its seed and the game's number: the same game always
/// gets the same board. This lists the jumps of game N (the variant's own
/// first, then the dealt ones) and, with `-o`, writes that board as a
/// variant of its own with the jumps drawn in, to edit, tune or print like
/// any other. `analyze`, `solve`, `render`, `play` take `--game N` too.
#[derive(Debug, clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Which game (0 is the first).
    #[arg(long, default_value_t = 0)]
    game: u64,
    /// Write game N's board to this .ron file (never over the variant
    /// itself, under any of its names).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    overwrite: super::output::Overwrite,
    /// Print JSON: game, seed, jumps [{from, to, dealt}].
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Outcome {
    let spec = match clean_spec(&args.file, "dealing") {
        Ok(spec) => spec,
        Err(outcome) => return outcome,
    };
    let Some(random) = spec.random_jumps.clone() else {
        return fail(format!(
            "{} draws one board for every game (it has no `random_jumps`): its jumps are in the file",
            args.file.display()
        ));
    };
    let own = spec.jumps.len();
    let dealt = match board_of_game(spec, args.game) {
        Ok(spec) => spec,
        Err(outcome) => return outcome,
    };
    if let Some(out) = &args.output {
        if out.extension().is_none_or(|e| !e.eq_ignore_ascii_case("ron")) {
            return fail(format!("{}: name the board a .ron file", out.display()));
        }
        if files::same_file(out, &args.file) {
            return fail(format!(
                "{} is the variant itself: writing game {}'s board over it would lose its dealing; name another file",
                out.display(),
                args.game
            ));
        }
        if let Err(e) = args.overwrite.check(out) {
            return fail(e);
        }
        let mut board = dealt.clone();
        board.meta.name = format!("{} (game {})", board.meta.name, args.game);
        if let Err(e) = files::save_variant(out, &board) {
            return fail(e);
        }
    }
    if args.json {
        let jumps: Vec<_> = dealt
            .jumps
            .iter()
            .enumerate()
            .map(|(i, j)| json!({ "from": j.from, "to": j.to, "dealt": i >= own }))
            .collect();
        say!("{}", json!({ "game": args.game, "seed": random.seed, "jumps": jumps }));
        return Outcome::Ok;
    }
    say!("game {} (seed {}):", args.game, random.seed);
    for (i, j) in dealt.jumps.iter().enumerate() {
        let kind = if j.to > j.from { "ladder" } else { "snake " };
        let own = if i < own { "  (the variant's own)" } else { "" };
        say!("  {kind} {:>4} → {:<4}{own}", j.from, j.to);
    }
    if let Some(out) = &args.output {
        say!("wrote the board of game {} to {}", args.game, out.display());
    }
    Outcome::Ok
}

//! Argument parsing and dispatch. Exit codes: 0 success, 1 the variant has
//! errors (or `solve` cannot solve the game), 2 usage or I/O problems, 3
//! `tune` did not reach every target.

mod analyze;
mod deal;
mod diagnostics;
mod fmt;
mod merge;
mod new;
mod output;
mod play;
mod print;
mod render;
mod replay;
mod room_server;
mod scoreboard;
mod setup;
mod share;
mod simulate;
mod solve;
mod tabletop;
mod terminal;
mod tune;
mod validate;

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

/// Ladderkit: design, check and analyse Snakes-and-Ladders-style race games.
///
/// A variant is one RON file: the board, its snakes and ladders, space
/// effects and rules. Start with `ladderkit new`, check with
/// `ladderkit validate`, see the exact odds with `ladderkit analyze` (and,
/// where pieces meet, `ladderkit solve`), design
/// to targets with `ladderkit tune`, play with `ladderkit play` and measure
/// with `ladderkit simulate`, print a print-and-play kit with `ladderkit
/// print`, lay it out on Tabletop Simulator for a remote play-test with
/// `ladderkit tabletop`, send it as a link that opens it in the web editor
/// with `ladderkit share`.
#[derive(Debug, Parser)]
#[command(name = "ladderkit", version, about, long_about, arg_required_else_help = true)]
#[command(
    after_help = "Examples:\n  ladderkit new --grid 8x8 -o my-board.ron\n  ladderkit validate variants/*.ron\n  ladderkit analyze variants/milton-bradley.ron --players 4\n  ladderkit tune variants/milton-bradley.ron -o shorter.ron --turns 30\n  ladderkit simulate variants/treehouse.ron --bots lookahead,greedy\n  ladderkit solve variants/treehouse.ron\n  ladderkit play variants/gameweave-large.ron --players human,bot:greedy\n  ladderkit render variants/milton-bradley.ron -o board.svg --theme ink\n  ladderkit print variants/milton-bradley.ron -o kit.pdf --board-size 40cm\n  ladderkit tabletop variants/milton-bradley.ron -o tts/milton-bradley\n  ladderkit deal variants/random-board.ron --game 3 -o game-3.ron\n  ladderkit scoreboard variants/carcassonne-scoreboard.ron --players Red,Blue,Green\n  ladderkit share my-board.ron\n  ladderkit fmt my-board.ron"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Validate(validate::Args),
    Analyze(analyze::Args),
    Simulate(simulate::Args),
    Solve(solve::Args),
    Merge(merge::Args),
    Play(play::Args),
    Replay(replay::Args),
    Render(render::Args),
    Print(print::Args),
    Tabletop(tabletop::Args),
    Deal(deal::Args),
    Scoreboard(scoreboard::Args),
    Tune(tune::Args),
    New(new::Args),
    Share(share::Args),
    Fmt(fmt::Args),
    RoomServer(room_server::Args),
}

/// What a command decided the process should exit with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    VariantErrors,
    Failed,
    /// `tune`: the closest board was written, but a target was missed.
    TargetsMissed,
    /// `solve`: the game is too big to solve, or cannot be (chips, points).
    Unsolvable,
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> Self {
        ExitCode::from(match outcome {
            Outcome::Ok => 0,
            Outcome::VariantErrors | Outcome::Unsolvable => 1,
            Outcome::Failed => 2,
            Outcome::TargetsMissed => 3,
        })
    }
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // clap's errors quote what was typed: shown through `terminal`, as
        // all else, so a control character in it is not sent raw. Help and
        // the version quote nothing typed and keep clap's colours.
        Err(e) if e.use_stderr() => {
            terminal::err(e.render().to_string().trim_end());
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
        Err(e) => e.exit(),
    };
    let outcome = match cli.command {
        Command::Validate(args) => validate::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Print(args) => print::run(&args),
        Command::Tabletop(args) => tabletop::run(&args),
        Command::Deal(args) => deal::run(&args),
        Command::Scoreboard(args) => scoreboard::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::New(args) => new::run(&args),
        Command::Share(args) => share::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::RoomServer(args) => room_server::run(&args),
    };
    outcome.into()
}

/// Prints a line to stdout like `println!`, made safe for a terminal
/// (`terminal`); a reader that goes away (`| head`) ends the program
/// quietly instead of with a panic.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::terminal::out(&format!($($arg)*))
    };
}
pub(crate) use say;

/// Prints a line to stderr like `eprintln!`, made safe for a terminal.
macro_rules! tell {
    ($($arg:tt)*) => {
        $crate::cli::terminal::err(&format!($($arg)*))
    };
}
pub(crate) use tell;

/// The longest line read from a terminal; the rest of a longer one is
/// skipped (a pasted file must not fill the memory).
const MAX_LINE: u64 = 4096;

/// One line of input, at most `MAX_LINE` bytes of it; `None` at the end.
/// Bytes that are not UTF-8 (or a character cut at the limit) are read as
/// U+FFFD, so a stray byte is a line the game can refuse, not the end.
pub fn read_line(input: &mut impl std::io::BufRead) -> Option<String> {
    use std::io::{BufRead as _, Read as _};
    let mut line = Vec::new();
    match input.by_ref().take(MAX_LINE).read_until(b'\n', &mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            if line.last() != Some(&b'\n') {
                let _ = input.skip_until(b'\n');
            }
            Some(String::from_utf8_lossy(&line).into_owned())
        }
    }
}

/// `--players N`: the table, checked as the argument is read (clap names
/// the argument in the error).
pub(crate) fn seats_arg(text: &str) -> Result<ladderkit::core::Seats, String> {
    let count: u32 = text.trim().parse().map_err(|_| format!("`{text}` is not a number of players"))?;
    ladderkit::core::Seats::new(count).map_err(|e| e.to_string())
}

/// `--players N` where a lone player has nothing to compare (solving,
/// tuning the seats' figures).
pub(crate) fn two_or_more_seats_arg(text: &str) -> Result<ladderkit::core::Seats, String> {
    let seats = seats_arg(text)?;
    if seats == ladderkit::core::Seats::ONE {
        return Err("give 2 or more players: one alone has no one to race".into());
    }
    Ok(seats)
}

/// Prints an error line the way every command does.
pub fn fail(message: impl std::fmt::Display) -> Outcome {
    tell!("error: {message}");
    Outcome::Failed
}

/// "30s", "2m", "500ms", "1h": a time limit on the command line.
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = text.split_at(text.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(text.len()));
    let value: f64 = number.parse().map_err(|_| format!("`{text}` is not a duration, for example 30s, 2m or 500ms"))?;
    let seconds = match unit {
        "" | "s" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => return Err(format!("unknown unit `{unit}`; use ms, s, m or h")),
    };
    if seconds.is_finite() && seconds > 0.0 {
        Ok(Duration::from_secs_f64(seconds.min(1e7)))
    } else {
        Err("the time must be more than zero".into())
    }
}

//! `ladderkit play`: a game in the terminal, people and bots.

use std::io::BufRead;
use std::path::PathBuf;

use ladderkit::core::variant_hash;
use ladderkit::engine::bots::BotScratch;
use ladderkit::engine::replay::{Fingerprint, GameLog};
use ladderkit::engine::{Event, GameRng, Plan, Policy, Turn, Workspace};
use ladderkit::files;

use super::setup::{parse_seats, table};
use super::{Outcome, fail, say};
use ladderkit::engine::Seat;
use ladderkit::engine::narrate::{describe_plan, narrate, positions};

/// Play a game in the terminal.
///
/// Seats are people (`human`) or bots (`bot:random`, `bot:greedy`,
/// `bot:lookahead`). People press Enter to roll, and pick a numbered option
/// when the rules give a choice (Treehouse). `q` quits. With `--log`, the
/// game is saved for `ladderkit replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Seats, comma-separated: human, bot:random, bot:greedy, bot:lookahead,
    /// bot:perfect (the solved strategy, solved before the first turn).
    #[arg(long, default_value = "human,bot:greedy")]
    players: String,
    /// Seed for the dice (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Which game of a match this is (the opener rotates if the rules say so).
    #[arg(long, default_value_t = 0)]
    game: u64,
    /// Save the game here for `ladderkit replay`.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    #[command(flatten)]
    overwrite: super::output::Overwrite,
    /// Stop a game that has not ended after this many turns (a board where
    /// every miss sends pieces back can run for ever with bots).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    max_turns: u64,
}

pub fn run(args: &Args) -> Outcome {
    if let Err(e) = args.overwrite.check_all(args.log.as_deref()) {
        return fail(e);
    }
    let seats = match parse_seats(&args.players, true) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let players = match ladderkit::core::Seats::from_len(seats.len()) {
        Ok(players) => players,
        Err(e) => return fail(format!("--players: {e}")),
    };
    let table = match table(&args.file, players, true, args.game) {
        Ok(t) => t,
        Err(outcome) => return outcome,
    };
    let (engine, spec) = (&table.engine, &table.spec);
    let board = engine.board();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    let names: Vec<String> = seats.iter().enumerate().map(|(i, s)| s.player_name(i)).collect();
    let mut log =
        GameLog::new(&spec.meta.name, variant_hash(spec), seed, args.game, seats.iter().map(|s| s.label()).collect());
    say!("{} — {players}, seed {seed}", spec.meta.name);
    let mut state = engine.new_game(args.game);
    let mut dice = GameRng::for_game(seed, args.game);
    let mut choices = dice.fork(1);
    let policies: Vec<Policy> =
        seats.iter().filter_map(|s| if let Seat::Bot(p) = s { Some(*p) } else { None }).collect();
    let judge = match super::setup::judge_for(engine, &policies) {
        Ok(j) => j,
        Err(outcome) => return outcome,
    };
    let (mut ws, mut bot) = (Workspace::default(), BotScratch::with_judge(judge));
    let mut events: Vec<Event> = Vec::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut quit = false;
    let mut turns = 0u64;
    let mut print = Fingerprint::of_seats(&log.seats);
    while !state.is_over() && !quit {
        if turns >= args.max_turns {
            say!("stopped after {} turns (--max-turns) with nobody home", args.max_turns);
            quit = true;
            continue;
        }
        let p = state.current as usize;
        if seats[p] == Seat::Human && state.pending.is_none() {
            say!("{}", positions(board, &names, &state));
            let line = prompt(&mut input, &format!("{}: press Enter to roll (q quits) ", names[p]));
            if line.is_none_or(|l| l == "q") {
                quit = true;
                continue;
            }
        }
        events.clear();
        turns += 1;
        let turn = engine.begin_turn(&mut state, &mut dice, &mut events);
        events.iter().for_each(|e| print.add(e));
        tell(board, &names, &state, &events);
        if turn != Turn::Choose {
            continue;
        }
        engine.legal_plans(&state, &mut ws);
        let pick = if ws.plans.len() == 1 {
            0
        } else if seats[p] == Seat::Human {
            match ask_plan(&mut input, engine, &names, &state, &ws.plans) {
                Some(i) => i,
                None => {
                    quit = true;
                    continue;
                }
            }
        } else {
            let Seat::Bot(policy) = seats[p] else { unreachable!() };
            policy.choose(engine, &state, &ws.plans, &mut choices, &mut bot)
        };
        if ws.plans.len() > 1 {
            log.decisions.push(pick as u32);
        }
        events.clear();
        let plan = ws.plans[pick];
        engine.apply(&mut state, &plan, &mut events);
        events.iter().for_each(|e| print.add(e));
        tell(board, &names, &state, &events);
    }
    log.winners = state.winner_seats().collect();
    log.turns = turns;
    log.fingerprint = print.hex();
    say!("{}", positions(board, &names, &state));
    if quit {
        say!("game left unfinished");
    }
    if let Some(path) = &args.log {
        let text = serde_json::to_string_pretty(&log).unwrap_or_default();
        if let Err(e) = files::save_atomic(path, &text) {
            return fail(e);
        }
        say!(
            "saved the game to {} (replay it with `ladderkit replay {} --variant {}`)",
            path.display(),
            path.display(),
            args.file.display()
        );
    }
    Outcome::Ok
}

fn tell(board: &ladderkit::core::CompiledBoard, names: &[String], state: &ladderkit::engine::State, events: &[Event]) {
    for e in events {
        if let Some(line) = narrate(board, names, state, e) {
            say!("{line}");
        }
    }
}

fn prompt(input: &mut impl BufRead, text: &str) -> Option<String> {
    super::terminal::prompt(text);
    super::read_line(input).map(|l| l.trim().to_owned())
}

/// Lists the legal plans and reads a choice; `None` to quit.
fn ask_plan(
    input: &mut impl BufRead,
    engine: &ladderkit::engine::Engine,
    names: &[String],
    state: &ladderkit::engine::State,
    plans: &[Plan],
) -> Option<usize> {
    say!("{}", positions(engine.board(), names, state));
    for (i, plan) in plans.iter().enumerate() {
        say!("  {}) {}", i + 1, describe_plan(engine, names, state, plan));
    }
    loop {
        let line = prompt(input, &format!("choose 1-{} (q quits) ", plans.len()))?;
        if line == "q" {
            return None;
        }
        match line.parse::<usize>() {
            Ok(n) if (1..=plans.len()).contains(&n) => return Some(n - 1),
            _ => say!("type a number from 1 to {}", plans.len()),
        }
    }
}

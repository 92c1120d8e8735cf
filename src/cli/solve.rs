//! `ladderkit solve`: exact odds where pieces meet, for bots and for
//! optimal play, and how much skill matters.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use ladderkit::core::Seats;
use ladderkit::solve::{Graph, Limits, Odds, Optimal, Player, Progress, Skill, SolveError, Solver};
use serde_json::json;

use super::setup::{board_of_game, clean_spec, table_for};
use super::{Outcome, fail, say, tell};

/// Solve a two-player game exactly, pieces that meet included: the odds for
/// bots and for optimal play, and how much skill matters.
///
/// Every position of the whole game (where each piece is, which is on top
/// of a stack, whose turn it is, who has started, what is owed) is
/// explored through the rules engine, with every roll and every legal
/// plan. Fixed ways of playing then make the game a Markov chain, whose
/// figures are solved to 1e-14; optimal play (each player taking the best
/// chance to win) is found by value iteration and policy improvement, and
/// no choice falls short of the best by more than 1e-12. A shared win (a
/// stack arriving together) counts as an equal share to each winner.
///
/// Policies: random (any legal plan alike), greedy, lookahead (the bots of
/// `play` and `simulate`, exactly as they choose) and optimal (the perfect
/// player, `bot:perfect`). "Does skill matter" is the perfect player's
/// chance to win against each bot, seat by seat: one in the number of
/// players means skill buys nothing. Three or more players are solved when
/// the game fits under --max-positions (each seat then plays its security
/// strategy: the most it can be sure of whatever the others do); otherwise
/// the command refuses (exit 1) and names the size. See docs/solve.md.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  ladderkit solve variants/treehouse.ron\n  ladderkit solve variants/treehouse.ron --policies random,greedy\n  ladderkit solve variants/treehouse-lose-upright.ron --json"
)]
pub struct Args {
    file: PathBuf,
    /// Players at the table.
    #[arg(long, short, default_value = "2", value_parser = super::two_or_more_seats_arg)]
    players: Seats,
    /// How each seat plays, comma-separated: random, greedy, lookahead,
    /// optimal. One name fills every seat.
    #[arg(long, default_value = "optimal")]
    policies: String,
    /// Refuse games with more positions than this (each takes about 2.8 KB
    /// while solving: the default is about 5.6 GB; two-player Treehouse has
    /// 12,189, three-player 1.5 million).
    #[arg(long, default_value_t = Limits::default().max_positions)]
    max_positions: usize,
    /// Skip the perfect player against each bot (the slowest part).
    #[arg(long, conflicts_with = "skill")]
    no_skill: bool,
    /// Play the perfect player against each bot even in a game of more
    /// than 200,000 positions (three-player Treehouse: many minutes), where
    /// it is skipped unless asked for.
    #[arg(long)]
    skill: bool,
    /// Give up after this long (30s, 10m, 1h): two-player games take
    /// seconds, three-player Treehouse minutes.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration, default_value = "10m")]
    max_time: Duration,
    /// Print JSON: positions, seconds, policies, odds {seat_win,
    /// seat_win_alone, shared_win, expected_turns, expected_rolls},
    /// optimal {the same, sweeps, rounds, residual, first_mover_edge},
    /// skill {random, greedy, lookahead: per seat}, skill_skipped_for_size.
    #[arg(long)]
    json: bool,
    /// For a variant that deals its snakes and ladders afresh each game
    /// (`random_jumps`): solve the board of this game (0 is the first).
    #[arg(long, default_value_t = 0)]
    game: u64,
}

pub fn run(args: &Args) -> Outcome {
    let players: Vec<Player> = match parse_policies(&args.policies, args.players) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let spec = match clean_spec(&args.file, "solving").and_then(|spec| board_of_game(spec, args.game)) {
        Ok(spec) => spec,
        Err(outcome) => return outcome,
    };
    if matches!(spec.rules.play, ladderkit::core::spec::Play::ScoreTrack(_)) {
        return fail("a score track moves by points, not dice; `ladderkit scoreboard` plays it");
    }
    let table = match table_for(spec, args.players, true) {
        Ok(t) => t,
        Err(outcome) => return outcome,
    };
    let limits = Limits { max_positions: args.max_positions };
    let progress = Progress::default();
    let stage = Mutex::new(String::from("exploring"));
    let start = Instant::now();
    let result = std::thread::scope(|scope| {
        let worker = scope.spawn(|| solve_all(&table.engine, limits, &players, skill_wanted(args), &progress, &stage));
        watch(&progress, &stage, &worker, Some((start, args.max_time)));
        worker.join()
    });
    let Ok(result) = result else { return fail("the solver crashed") };
    let solved = match result {
        Ok(s) => s,
        Err(
            e @ (SolveError::TooBig { .. } | SolveError::TooManyRolls { .. } | SolveError::Chips | SolveError::Points),
        ) => {
            tell!("error: {e}");
            return Outcome::Unsolvable;
        }
        Err(SolveError::Cancelled) => {
            return fail(format!(
                "the solve took longer than --max-time {:?} and was stopped; give it longer, or estimate with \
                 `ladderkit simulate`",
                args.max_time
            ));
        }
        Err(e) => return fail(e),
    };
    let seconds = start.elapsed().as_secs_f64();
    let name = &table.spec.meta.name;
    if args.json {
        say!("{}", to_json(name, &solved, &players, seconds));
    } else {
        say!("{}", readable(name, &solved, &players, seconds).trim_end());
    }
    // Figures of a search that stopped at its cap are the best found, not
    // optimal play: shown, but not passed off as exact.
    if solved.optimal.residual > ladderkit::solve::TOLERANCE {
        return fail(format!(
            "optimal play had not settled after {} rounds (a choice still gains {:.1e}); the optimal figures above \
             are the best found, not exact",
            solved.optimal.rounds, solved.optimal.residual
        ));
    }
    Outcome::Ok
}

/// One policy per seat; one name fills every seat.
fn parse_policies(text: &str, players: Seats) -> Result<Vec<Player>, String> {
    let names: Vec<&str> = text.split(',').map(|s| s.trim().trim_start_matches("bot:")).collect();
    let parsed: Vec<Player> = names
        .iter()
        .map(|n| {
            Player::parse(n).ok_or_else(|| {
                format!(
                    "unknown policy `{n}`; use random, greedy, lookahead or optimal (e.g. --policies optimal,random)"
                )
            })
        })
        .collect::<Result<_, _>>()?;
    if let [one] = parsed[..] {
        return Ok(vec![one; players.count()]);
    }
    players.check_list("policies", parsed.len()).map_err(|e| format!("--policies: {e}, or one name for every seat"))?;
    Ok(parsed)
}

struct Solved {
    positions: usize,
    rolls: usize,
    options: usize,
    odds: Odds,
    optimal: Optimal,
    skill: Option<Skill>,
    /// The skill figure was left out for the game's size.
    skipped: bool,
}

/// Games bigger than this skip the skill figure unless `--skill` asks.
const SKILL_UP_TO: usize = 200_000;

/// `--skill`, `--no-skill`, or the default: only where it is quick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SkillWanted {
    Always,
    Never,
    UpTo(usize),
}

fn skill_wanted(args: &Args) -> SkillWanted {
    match (args.skill, args.no_skill) {
        (true, _) => SkillWanted::Always,
        (_, true) => SkillWanted::Never,
        _ => SkillWanted::UpTo(SKILL_UP_TO),
    }
}

fn solve_all(
    engine: &ladderkit::engine::Engine,
    limits: Limits,
    players: &[Player],
    skill: SkillWanted,
    progress: &Progress,
    stage: &Mutex<String>,
) -> Result<Solved, SolveError> {
    let mut solver = Solver::new(engine, limits, Some(progress))?;
    let set = |text: String| *stage.lock().unwrap_or_else(|e| e.into_inner()) = text;
    set("solving optimal play".into());
    let optimal = solver.optimal()?.clone();
    set(format!("solving {}", names(players)));
    let odds = solver.odds(players)?;
    let positions = solver.graph().positions();
    let wanted = match skill {
        SkillWanted::Always => true,
        SkillWanted::Never => false,
        SkillWanted::UpTo(n) => positions <= n,
    };
    let skipped = !wanted && skill != SkillWanted::Never;
    let skill = if wanted {
        Some(solver.skill(|done, total| set(format!("perfect play against the bots: {done}/{total} solved")))?)
    } else {
        None
    };
    let (rolls, options) = solver.graph().size();
    Ok(Solved { positions, rolls, options, odds, optimal, skill, skipped })
}

fn names(players: &[Player]) -> String {
    players.iter().map(|p| p.name()).collect::<Vec<_>>().join(", ")
}

fn watch<T>(
    progress: &Progress,
    stage: &Mutex<String>,
    worker: &std::thread::ScopedJoinHandle<'_, T>,
    limit: Option<(Instant, Duration)>,
) {
    let bar = super::terminal::stderr_is_terminal().then(|| {
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
            bar.set_style(style);
        }
        bar
    });
    while !worker.is_finished() {
        if let Some((start, time)) = limit
            && start.elapsed() >= time
        {
            progress.cancel.store(true, Ordering::Relaxed);
        }
        if let Some(bar) = &bar {
            let stage = stage.lock().map(|s| s.clone()).unwrap_or_default();
            let n = progress.positions.load(Ordering::Relaxed);
            let sweeps = progress.sweeps.load(Ordering::Relaxed);
            bar.set_message(if stage == "exploring" {
                format!("exploring: {n} positions")
            } else {
                format!("{stage} ({n} positions, {sweeps} sweeps so far)")
            });
            bar.tick();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

fn readable(name: &str, s: &Solved, players: &[Player], seconds: f64) -> String {
    let p = players.len();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{name}, {p} players: {} positions, {} distinct rolls, {} options; solved in {seconds:.2} s",
        s.positions, s.rolls, s.options
    );
    let _ = writeln!(out, "Exact. Seat 1 moves first; a shared win counts as an equal share to each winner.\n");
    let o = &s.optimal;
    let _ = writeln!(
        out,
        "Optimal play: value iteration {} sweeps, {} policy round{}, every choice optimal to {:.0e}",
        o.sweeps,
        o.rounds,
        if o.rounds == 1 { "" } else { "s" },
        ladderkit::solve::TOLERANCE
    );
    if p > 2 {
        let _ = writeln!(
            out,
            "  (with {p} players each seat plays its security strategy: the most it can be sure of whatever the others do)"
        );
    }
    odds_lines(&mut out, &o.odds);
    let _ = writeln!(
        out,
        "  moving first is worth {:+.5} (seat 1's chance less the others' average)",
        o.odds.first_mover_edge()
    );
    if players.iter().any(|p| *p != Player::Optimal) {
        let _ = writeln!(out, "\nPlayed as {}:", names(players));
        odds_lines(&mut out, &s.odds);
    }
    if s.skipped {
        let _ = writeln!(
            out,
            "\nThe skill figure is left out for a game of {} positions (it plays the perfect player against every \
             bot in every seat); `--skill` computes it.",
            s.positions
        );
    }
    if let Some(skill) = &s.skill {
        let _ = writeln!(out, "\nDoes skill matter? The perfect player's chance to win, bots in the other seats:");
        let seats: String = (1..=p).map(|k| format!("{:>12}", format!("in seat {k}"))).collect();
        let _ = writeln!(out, "  {:<14}{seats}", "");
        for (bot, per_seat) in &skill.against {
            let row: String = per_seat.iter().map(|v| format!("{v:>12.5}")).collect();
            let _ = writeln!(out, "  vs {:<11}{row}", bot.name());
        }
        let fair = 1.0 / p as f64;
        let _ = writeln!(
            out,
            "  ({fair:.3} would mean skill buys nothing against that bot; the more above it, the more skill matters)"
        );
    }
    out
}

fn odds_lines(out: &mut String, odds: &Odds) {
    let seats: Vec<String> = odds
        .value
        .iter()
        .zip(&odds.alone)
        .enumerate()
        .map(|(k, (v, a))| format!("seat {} wins {v:.5} (alone {a:.5})", k + 1))
        .collect();
    let _ = writeln!(out, "  {}, shared {:.5}", seats.join(", "), odds.shared);
    if odds.no_winner() > 1e-9 {
        let _ = writeln!(out, "  nobody wins {:.5} (every piece left waiting for another)", odds.no_winner());
    }
    let _ = writeln!(out, "  {:.3} turns and {:.3} rolls per game, all seats together", odds.turns, odds.rolls);
}

fn odds_json(odds: &Odds) -> serde_json::Value {
    json!({
        "seat_win": odds.value,
        "seat_win_alone": odds.alone,
        "shared_win": odds.shared,
        "no_winner": odds.no_winner(),
        "expected_turns": odds.turns,
        "expected_rolls": odds.rolls,
    })
}

fn to_json(name: &str, s: &Solved, players: &[Player], seconds: f64) -> serde_json::Value {
    let mut optimal = odds_json(&s.optimal.odds);
    optimal["sweeps"] = json!(s.optimal.sweeps);
    optimal["rounds"] = json!(s.optimal.rounds);
    optimal["residual"] = json!(s.optimal.residual);
    optimal["first_mover_edge"] = json!(s.optimal.odds.first_mover_edge());
    let skill = s.skill.as_ref().map(|k| {
        k.against
            .iter()
            .map(|(bot, per_seat)| (bot.name().to_string(), json!(per_seat)))
            .collect::<serde_json::Map<_, _>>()
    });
    json!({
        "variant": name,
        "players": players.len(),
        "positions": s.positions,
        "distinct_rolls": s.rolls,
        "options": s.options,
        "seconds": seconds,
        "policies": players.iter().map(|p| p.name()).collect::<Vec<_>>(),
        "odds": odds_json(&s.odds),
        "optimal": optimal,
        "skill": skill,
        "skill_skipped_for_size": s.skipped,
        "bytes_per_position": Graph::BYTES_PER_POSITION,
    })
}

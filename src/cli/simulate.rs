//! `ladderkit simulate`: many games, fast, the same for a seed on any
//! number of threads.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use ladderkit::core::{CompiledBoard, Seats};
use ladderkit::engine::{Lineup, Policy};
use ladderkit::sim::{Options, Report, Runner, Shard, Tally, games_in, simulate_until};
use serde_json::json;

use super::setup::{clean_spec, parse_seats, table_for};
use super::{Outcome, fail, say};
use ladderkit::engine::Seat;

/// Simulate many games with bots and report what happened.
///
/// Every game draws its dice from the seed and its own number, so a seed
/// gives the same report on any number of threads. Classic variants whose
/// pieces never meet run on a precomputed race kernel, classic races with
/// points, chips and arrows (random and greedy bots) on an extras kernel,
/// and the basic Treehouse game with random, greedy and lookahead bots on a
/// Treehouse kernel: the very same games as the full engine, faster;
/// everything else runs the full engine. The lookahead bot remembers each
/// position it rated (long runs get faster as it meets them again).
/// Seat win rates come with 95% intervals; with a rotating first player the
/// opener changes every game, as in a match.
#[derive(Debug, clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Games to play.
    #[arg(long, short, default_value_t = 100_000)]
    games: u64,
    /// Players at the table (defaults to the number of --bots, or 2).
    #[arg(long, short, value_parser = super::seats_arg)]
    players: Option<Seats>,
    /// Bots per seat, comma-separated: random, greedy, lookahead, perfect
    /// (the solved strategy of `ladderkit solve`, solved before the first
    /// game; two-player games and others that fit). One name fills every
    /// seat.
    #[arg(long, default_value = "random")]
    bots: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0: every core). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Play every game on the full engine, even where a kernel could.
    #[arg(long)]
    engine: bool,
    /// Stop after this long (30s, 2m) and report the games played by then
    /// (huge boards can take a second a game). A stopped run is not
    /// reproducible: which games finished depends on timing.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration)]
    max_time: Option<Duration>,
    /// Play only part K of M of the run (K from 1 to M): the blocks of games
    /// K, K+M, K+2M, … of the same seeded run, for running one run on many
    /// machines. Needs --out; `ladderkit merge` adds the parts up to the
    /// whole run's report exactly.
    #[arg(long, value_name = "K/M", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Write the run's counts (the whole run, or its --shard) to this JSON
    /// file for `ladderkit merge`, instead of printing the report.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    overwrite: super::output::Overwrite,
    /// Also measure how exciting the games were: the spread of lead changes
    /// over games, the comeback (the eventual winner alone last half-way
    /// through a median game) and the photo finish (another seat could
    /// have won on its next turn), each with its 95% interval. Every game is
    /// then played by the full engine (slower). `ladderkit analyze` gives
    /// these exactly for two-player races.
    #[arg(long)]
    excitement: bool,
    /// Print JSON: games, players, mean_rolls, mean_turns, mean_rounds,
    /// mean_total_rolls, seat_wins, seat_win_rate, games_per_second, …
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Outcome {
    if let Err(e) = args.overwrite.check_all(args.out.as_deref()) {
        return fail(e);
    }
    let seats = match parse_seats(&args.bots, false) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let players = match args.players {
        Some(players) => players,
        None if seats.len() > 1 => match Seats::from_len(seats.len()) {
            Ok(players) => players,
            Err(e) => return fail(format!("--bots: {e}")),
        },
        None => Seats::TWO,
    };
    let policies = match policies_of(&seats, players) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    if args.shard.is_some() && args.out.is_none() {
        return fail(
            "a --shard is one part of a run: write it with --out part-K.json, then `ladderkit merge` the parts",
        );
    }
    if args.excitement && (args.shard.is_some() || args.out.is_some()) {
        return fail("--excitement counts a whole run in one go: parts (--shard, --out) do not carry it yet");
    }
    let spec = match clean_spec(&args.file, "simulating") {
        Ok(spec) => spec,
        Err(outcome) => return outcome,
    };
    if matches!(spec.rules.play, ladderkit::core::spec::Play::ScoreTrack(_)) {
        if args.shard.is_some() || args.out.is_some() {
            return fail("a score track's simulation runs in one go: --shard and --out are for races");
        }
        if args.excitement {
            return fail("a score track has no race to lead: --excitement is for races");
        }
        return score_track(&spec, players, args);
    }
    let table = match table_for(spec, players, false) {
        Ok(t) => t,
        Err(outcome) => return outcome,
    };
    let engine = &table.engine;
    let judge = match super::setup::judge_for(engine, &policies) {
        Ok(j) => j,
        Err(outcome) => return outcome,
    };
    let options = Options {
        threads: args.threads,
        engine_only: args.engine,
        shard: args.shard.unwrap_or(Shard::WHOLE),
        judge,
        deal: table.spec.random_jumps.is_some().then(|| std::sync::Arc::new(table.spec.clone())),
        excitement: args.excitement,
        ..Options::new(args.games, policies.clone(), args.seed)
    };
    let games = games_in(engine, &options);
    let runner = Runner::of(engine, &options);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let tally = std::thread::scope(|scope| {
        let worker = scope.spawn(|| simulate_until(engine, &options, Some(&done), &stop));
        watch(&done, games, &worker, args.max_time.map(|t| (start, t, &stop)));
        worker.join()
    });
    let tally = match tally {
        Ok(Ok(tally)) => tally,
        Ok(Err(e)) => return fail(format!("--bots: {e}")),
        Err(_) => return fail("the simulation crashed"),
    };
    let seconds = start.elapsed().as_secs_f64();
    let stopped = tally.games < games;
    if stopped && tally.games == 0 {
        return fail(format!(
            "no game finished within --max-time {:?}; give it longer (a game here takes more than that)",
            args.max_time.unwrap_or_default()
        ));
    }
    let note = if stopped {
        format!(
            "stopped after {seconds:.1} s (--max-time): {} of {} games played; the figures are of those games\n",
            tally.games, args.games
        )
    } else {
        String::new()
    };
    if let Some(out) = &args.out {
        return write_part(out, &table.spec, &options, seconds, tally, stopped);
    }
    let report = tally.report();
    let threads =
        if args.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { args.threads };
    let per_second = tally.games as f64 / seconds.max(1e-9);
    if args.json {
        let mut json = to_json(&tally, &report, engine.board(), &policies, per_second, threads, runner);
        json["games_asked"] = json!(args.games);
        json["stopped_early"] = json!(stopped);
        say!("{json}");
    } else {
        let names: Vec<&str> = policies.iter().map(|p| p.name()).collect();
        let header = format!(
            "{}: {} games, {players} ({}), seed {}\n{:.0} games/s on {threads} thread{} ({}), {seconds:.2} s\n",
            table.spec.meta.name,
            tally.games,
            names.join(", "),
            args.seed,
            per_second,
            if threads == 1 { "" } else { "s" },
            runner.label(),
        );
        say!("{header}{note}{}", readable(&tally, &report, engine.board()).trim_end());
    }
    Outcome::Ok
}

/// One policy per seat: one bot name fills every seat; a list of another
/// length than the table is refused, naming `--bots`.
pub(super) fn policies_of(seats: &[Seat], players: Seats) -> Result<Lineup, String> {
    match seats {
        [Seat::Bot(p)] => Ok(Lineup::all(players, *p)),
        many => {
            let policies = many.iter().map(|s| if let Seat::Bot(p) = s { *p } else { Policy::Random }).collect();
            Lineup::new(players, policies).map_err(|e| format!("--bots: {e}, or one name for every seat"))
        }
    }
}

/// `--shard K/M`.
fn parse_shard(text: &str) -> Result<Shard, String> {
    let hint = "write K/M with 1 ≤ K ≤ M, e.g. --shard 3/8 for the third of eight parts";
    let (k, m) = text.split_once('/').ok_or_else(|| format!("`{text}` is not K/M; {hint}"))?;
    let (Ok(k), Ok(m)) = (k.trim().parse::<u64>(), m.trim().parse::<u64>()) else {
        return Err(format!("`{text}` is not K/M; {hint}"));
    };
    if k == 0 || k > m {
        return Err(format!("there is no part {k} of {m}; {hint}"));
    }
    Ok(Shard { index: k - 1, count: m })
}

/// `--out`: the counts, for `ladderkit merge`. A run stopped by
/// --max-time is not written: which games it holds depends on timing.
fn write_part(
    out: &std::path::Path,
    spec: &ladderkit::core::VariantSpec,
    options: &Options,
    seconds: f64,
    tally: Tally,
    stopped: bool,
) -> Outcome {
    if stopped {
        return fail(format!(
            "not written: --max-time stopped the run after {} games, and a part must hold all of its games",
            tally.games
        ));
    }
    let games = tally.games;
    let part = super::merge::Part::new(spec, options, seconds, tally);
    let text = match serde_json::to_string(&part) {
        Ok(t) => t,
        Err(e) => return fail(format!("cannot write the part: {e}")),
    };
    if let Err(e) = ladderkit::files::save_atomic(out, &text) {
        return fail(e);
    }
    let [k, m] = part.shard;
    say!(
        "part {k}/{m}: {games} games in {seconds:.2} s, written to {}; `ladderkit merge` adds up the parts",
        out.display()
    );
    Outcome::Ok
}

/// Waits for the worker: a progress bar on a terminal (nothing when piped),
/// and the stop flag raised once the time limit, if any, has passed.
pub(super) fn watch<T>(
    done: &AtomicU64,
    total: u64,
    worker: &std::thread::ScopedJoinHandle<'_, T>,
    limit: Option<(Instant, Duration, &AtomicBool)>,
) {
    let bar = super::terminal::stderr_is_terminal().then(|| {
        let bar = ProgressBar::new(total);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}") {
            bar.set_style(style);
        }
        bar
    });
    while !worker.is_finished() {
        if let Some(bar) = &bar {
            bar.set_position(done.load(Ordering::Relaxed));
        }
        if let Some((start, time, stop)) = limit
            && start.elapsed() >= time
        {
            stop.store(true, Ordering::Relaxed);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

pub(super) fn to_json(
    t: &Tally,
    r: &Report,
    board: &CompiledBoard,
    policies: &[Policy],
    per_second: f64,
    threads: usize,
    runner: Runner,
) -> serde_json::Value {
    let summary = summary_json;
    let jumps: Vec<_> = board
        .jumps
        .iter()
        .zip(&r.jump_uses_per_game)
        .map(|(j, u)| json!({ "from": board.number(j.from), "to": board.number(j.to), "uses_per_game": u }))
        .collect();
    let heat: Vec<_> = (1..=board.len)
        .map(|p| json!({ "space": board.number(p), "rests_per_game": r.heat_per_game[p as usize] }))
        .collect();
    let waits: Vec<_> = (0..r.waits_per_game.len() as u32)
        .filter(|p| board.is_wait(*p))
        .map(|p| json!({ "space": board.number(p), "caught_per_game": r.waits_per_game[p as usize] }))
        .collect();
    json!({
        "games": t.games,
        "players": t.seats.get(),
        "bots": policies.iter().map(|p| p.name()).collect::<Vec<_>>(),
        "mean_rolls": r.mean_rolls,
        "mean_turns": r.mean_turns,
        "mean_rounds": r.mean_rounds,
        "mean_total_rolls": r.mean_total_rolls,
        "total_rolls": summary(&r.rolls),
        "total_turns": summary(&r.turns),
        "rounds": summary(&r.rounds),
        "seat_wins": t.seat_wins,
        "seat_win_rate": r.seat_win_rate,
        "seat_win_interval": r.seat_interval,
        "shared_wins": t.shared_wins,
        "unfinished": t.unfinished,
        "blocked": t.blocked,
        "waits": waits,
        "lead_changes_per_game": r.lead_changes_per_game,
        "jumps": jumps,
        "heat": heat,
        "games_per_second": per_second,
        "threads": threads,
        "engine": runner.key(),
        "points": r.extras.as_ref().map(|e| json!({
            "seat_points_per_game": e.seat_points,
            "chips_taken_per_game": e.chips_taken,
            "upgrades_per_game": e.upgrades,
            "powers_used_per_game": e.powers_used,
            "double_ups_per_game": e.activations[0],
            "deploys_per_game": e.activations[1],
            "arrow_extra_turns_per_game": e.activations[2],
            "arrow_points_per_game": e.arrow_points,
            "racer_lost_on_points": e.racer_lost,
        })),
        "excitement": r.excitement.as_ref().map(excitement_json),
    })
}

pub(super) fn readable(t: &Tally, r: &Report, board: &CompiledBoard) -> String {
    let mut s = String::new();
    let row = |s: &mut String, name: &str, x: &ladderkit::sim::Summary| {
        let pct: Vec<String> = x.percentiles.iter().map(|(p, v)| format!("p{p} {v}")).collect();
        let _ = writeln!(s, "  {name:<12} mean {:8.3}  sd {:7.3}  {}", x.mean, x.sd, pct.join(" · "));
    };
    let _ = writeln!(s, "Per game (all players)");
    row(&mut s, "rolls", &r.rolls);
    row(&mut s, "turns", &r.turns);
    row(&mut s, "rounds", &r.rounds);
    let _ = writeln!(s, "  per player: {:.3} rolls, {:.3} turns", r.mean_rolls, r.mean_turns);
    let _ = writeln!(s, "\nSeats (95% interval)");
    for (i, (rate, (lo, hi))) in r.seat_win_rate.iter().zip(&r.seat_interval).enumerate() {
        let _ = writeln!(
            s,
            "  seat {}  {:6.2}%  [{:.2}%, {:.2}%]  {} wins",
            i + 1,
            rate * 100.0,
            lo * 100.0,
            hi * 100.0,
            t.seat_wins[i]
        );
    }
    if t.shared_wins > 0 {
        let _ = writeln!(s, "  shared wins: {}", t.shared_wins);
    }
    if t.blocked > 0 {
        let _ = writeln!(s, "  blocked games (every piece waiting, nobody wins): {}", t.blocked);
    }
    if t.unfinished > t.blocked {
        let _ = writeln!(s, "  unfinished games (hit the turn limit): {}", t.unfinished - t.blocked);
    }
    for p in (0..r.waits_per_game.len() as u32).filter(|p| board.is_wait(*p)) {
        let caught = r.waits_per_game[p as usize];
        let _ = writeln!(s, "  caught to wait on {}: {caught:.3} per game", board.label(p));
    }
    let _ = writeln!(s, "  lead changes per game: {:.3}", r.lead_changes_per_game);
    if let Some(e) = &r.excitement {
        excitement(&mut s, e);
    }
    if let Some(e) = &r.extras {
        extras(&mut s, e);
    }
    let mut hot: Vec<u32> = (1..=board.len).filter(|p| *p != board.goal).collect();
    hot.sort_by(|a, b| r.heat_per_game[*b as usize].total_cmp(&r.heat_per_game[*a as usize]));
    let _ = writeln!(s, "\nHottest squares (rests per game)");
    for p in hot.iter().take(5) {
        let _ = writeln!(s, "  {:>5}  {:.3}", board.label(*p), r.heat_per_game[*p as usize]);
    }
    // A run that deals its jumps afresh each game counts no rides per jump.
    let mut jumps: Vec<usize> = (0..board.jumps.len().min(r.jump_uses_per_game.len())).collect();
    jumps.sort_by(|a, b| r.jump_uses_per_game[*b].total_cmp(&r.jump_uses_per_game[*a]));
    if !jumps.is_empty() {
        let _ = writeln!(s, "\nMost-used jumps (rides per game)");
    } else if !board.jumps.is_empty() {
        let _ = writeln!(s, "\nEach game dealt its own snakes and ladders: rides are not counted per jump");
    }
    for j in jumps.iter().take(5) {
        let jump = board.jumps[*j];
        let kind = format!("{:<6}", jump.noun());
        let _ = writeln!(
            s,
            "  {kind} {:>4} → {:<4}  {:.3}",
            board.label(jump.from),
            board.label(jump.to),
            r.jump_uses_per_game[*j]
        );
    }
    s
}

/// A played count's spread in JSON.
fn summary_json(s: &ladderkit::sim::Summary) -> serde_json::Value {
    let p: serde_json::Map<String, serde_json::Value> =
        s.percentiles.iter().map(|(p, v)| (format!("p{p}"), json!(v))).collect();
    json!({ "mean": s.mean, "sd": s.sd, "min": s.min, "max": s.max, "percentiles": p })
}

/// The played excitement measures in JSON (`simulate` and `analyze`).
pub(super) fn excitement_json(e: &ladderkit::sim::ExcitementReport) -> serde_json::Value {
    json!({
        "lead_changes": summary_json(&e.lead_changes),
        "lead_changes_standard_error": e.lead_changes_se,
        "half_way_round": e.half_way_round,
        "comeback": e.comeback,
        "comeback_interval": e.comeback_interval,
        "photo_finish": e.photo_finish,
        "photo_finish_interval": e.photo_finish_interval,
    })
}

fn excitement(s: &mut String, e: &ladderkit::sim::ExcitementReport) {
    let _ = writeln!(s, "\nExcitement (from the games played; 95% intervals)");
    excitement_lines(s, e);
}

/// The played excitement measures, a line each (`simulate` and `analyze`).
pub(super) fn excitement_lines(s: &mut String, e: &ladderkit::sim::ExcitementReport) {
    let pct = |(lo, hi): (f64, f64)| format!("[{:.1}%, {:.1}%]", lo * 100.0, hi * 100.0);
    let l = &e.lead_changes;
    let spread: Vec<String> =
        l.percentiles.iter().filter(|(p, _)| [10, 50, 90].contains(p)).map(|(p, v)| format!("p{p} {v}")).collect();
    let _ = writeln!(
        s,
        "  lead changes  {:.3} ± {:.3} a game (sd {:.2}; {})",
        l.mean,
        1.96 * e.lead_changes_se,
        l.sd,
        spread.join(" · ")
    );
    let _ = writeln!(
        s,
        "  comeback      {:.1}% {}  the winner was alone last at the end of round {}",
        e.comeback * 100.0,
        pct(e.comeback_interval),
        e.half_way_round
    );
    let _ = writeln!(
        s,
        "  photo finish  {:.1}% {}  another seat could have won on its next turn",
        e.photo_finish * 100.0,
        pct(e.photo_finish_interval)
    );
}

fn extras(s: &mut String, e: &ladderkit::sim::ExtrasReport) {
    let _ = writeln!(s, "\nPoints, chips and arrows (per game)");
    let points: Vec<String> = e.seat_points.iter().enumerate().map(|(i, p)| format!("seat {} {p:.2}", i + 1)).collect();
    let _ = writeln!(s, "  final points: {}", points.join(" · "));
    if e.chips_taken > 0.0 || e.upgrades > 0.0 {
        let _ = writeln!(
            s,
            "  chips taken {:.2} · upgrades bought {:.2} · powers used {:.2}",
            e.chips_taken, e.upgrades, e.powers_used
        );
    }
    let [double, deploy, extra] = e.activations;
    if double + deploy + extra + e.arrow_points > 0.0 {
        let _ = writeln!(
            s,
            "  arrows: double up {double:.2} · deploy {deploy:.2} · extra turn {extra:.2} · not activated (2 points) {:.2}",
            e.arrow_points
        );
    }
    if e.racer_lost > 0.0 {
        let _ = writeln!(s, "  the first piece home lost on points in {:.2}% of games", e.racer_lost * 100.0);
    }
}

/// Score tracks have no dice or bots: their games come from the points
/// tables (`ladderkit scoreboard --simulate`).
fn score_track(spec: &ladderkit::core::VariantSpec, players: Seats, args: &Args) -> Outcome {
    let compiled = ladderkit::core::compile(spec);
    let names: Vec<String> = (1..=players.get()).map(|i| format!("Seat {i}")).collect();
    match ladderkit::sim::scoreboard::simulate_scores(&compiled, players, args.games, args.seed) {
        Ok(r) if args.json => {
            say!("{}", super::scoreboard::report_json(&r));
            Outcome::Ok
        }
        Ok(r) => {
            say!("{}", super::scoreboard::report(&spec.meta.name, &names, &r));
            say!("(a score track: points come from the variant's tables; bots do not apply)");
            Outcome::Ok
        }
        Err(e) => fail(e),
    }
}

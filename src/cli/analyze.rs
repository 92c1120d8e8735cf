//! `ladderkit analyze`: the exact odds of a variant.

use std::cell::{Cell, OnceCell};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use ladderkit::analysis::{Analysis, AnalysisError, Options, analyze_board_until};
use ladderkit::core::spec::FirstPlayer;
use ladderkit::core::{CompiledBoard, Playable, Seats, compile};
use ladderkit::{files, render};
use serde_json::{Map, Value, json};

mod excitement;

use super::setup::{board_of_game, clean_spec};
use super::{Outcome, fail, say};

/// Solve a variant exactly: game length, seat odds, hot squares.
///
/// Treats each piece as an absorbing Markov chain, so the numbers are exact
/// (to about 12 digits), not sampled: expectations by sparse linear solves,
/// the game-length distribution by iterating the chain until its tail is
/// provably geometric. Reports expected rolls and turns, the fastest game,
/// percentiles and a histogram of game length, each seat's chance to win,
/// the squares pieces rest on most and the jumps they ride most (with the
/// chance a piece rides each at least once). A turn with extra rolls counts
/// as one turn; a lost turn counts. A 100 × 100 board with 2,000 jumps takes
/// about half a second.
///
/// It also reports, exactly and at about the analysis' own cost, how
/// exciting a race is at a table of any size, seat by seat: how often the
/// seats in front change (and, for two players, the piece alone in front),
/// the chance of a comeback from last at half-way and the photo finish.
/// The two-seat measures that walk both seats' joint states (uncertainty,
/// drama, favourite changes, the chance to win when behind; from the solved
/// game with lost and extra turns, or pieces that meet) come with --joint,
/// and at three or more seats --joint gives the distribution of leader
/// changes over every seat's joint state where it fits; played estimates
/// come with --games (docs/analysis.md, "Excitement").
#[derive(Debug, clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Players at the table, for seat odds and game length.
    #[arg(long, short, default_value = "2", value_parser = super::seats_arg)]
    players: Seats,
    /// Print JSON: expected_rolls, expected_turns, min_rolls, median_rolls,
    /// percentiles {p10..p99}, finish_within [P(done within n rolls)],
    /// seat_win_probability (seat 1 moves first; first_player_rotates says
    /// whether the variant rotates the opener between games, which evens
    /// the seats out over a match), expected_rounds, expected_total_rolls, decay
    /// (the chance a long game goes on for another roll), tail_bound (the
    /// largest error of any finish_within value), excitement_table
    /// {players, exact_by: "seat by seat", half_way_round, comeback,
    /// photo_finish, leader_changes, lead_changes (two players), rounds} at
    /// any table (or excitement_table_not_exact saying why), excitement
    /// {exact_by, lead_changes {mean, sd, distribution: [P(0 changes),
    /// P(1), …] and more (the chance of more) on the race's chain},
    /// favourite_changes, comeback, uncertainty, drama, decided_at,
    /// photo_finish, trailing} with --joint (else null, with
    /// excitement_status "not_asked", "not_two_players", "cut" or
    /// "not_exact" and excitement_not_exact saying why), excitement_played
    /// (lead changes, comeback, photo finish from played games, as
    /// simulate's excitement) and excitement_by_chance_played {uncertainty,
    /// drama, favourite_changes, decided_at: {value, standard_error}} with
    /// --games, excitement_leader_changes {exact_by: "joint states",
    /// players, states, mean, distribution, more} at three or more seats
    /// with --joint (or null, with excitement_leader_changes_not_exact
    /// saying why), and more.
    #[arg(long)]
    json: bool,
    /// Also draw the game-length distribution and seat odds to this .png or
    /// .svg file; for two players with --joint, where the excitement is
    /// exact, also the chance to win when behind (a heat map) and a typical
    /// game's swings.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Also draw the board coloured by expected landings to this .png or
    /// .svg file.
    #[arg(long, value_name = "FILE")]
    heat: Option<PathBuf>,
    #[command(flatten)]
    overwrite: super::output::Overwrite,
    /// Resolution of PNG pictures, in dots per inch (10 to 1200, as for
    /// `render`).
    #[arg(long, default_value_t = 150.0, value_parser = super::render::parse_dpi)]
    dpi: f32,
    /// Give up after this long (30s, 10m): most boards take milliseconds,
    /// a track of 250,000 spaces about a minute. An analysis that would
    /// plainly take longer stops early and says how long it would take.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration, default_value = "2m")]
    max_time: Duration,
    /// For a variant that deals its snakes and ladders afresh each game
    /// (`random_jumps`): analyse the board of this game (0 is the first).
    #[arg(long, default_value_t = 0)]
    game: u64,
    /// Also the two-seat excitement measures that walk both seats' joint
    /// states (uncertainty, drama, favourite changes, the spread and
    /// distribution of lead changes, the chance to win when behind; from
    /// the solved game where lost and extra turns or pieces that meet
    /// leave the race's chain), within this budget (`--joint=1m`; 10s if
    /// none is given);
    /// cut at it, and said so. Their cost grows as the board's places
    /// squared: milliseconds on Milton Bradley, minutes on a 30 × 30 board.
    /// At three or more seats: the distribution of leader changes over
    /// every seat's joint state, its cost the places to the power of the
    /// seats (refused past 4,194,304 joint states).
    #[arg(long, value_name = "BUDGET", num_args = 0..=1, require_equals = true, default_missing_value = "10s",
          value_parser = super::parse_duration)]
    joint: Option<Duration>,
    /// Where the excitement measures are not exact (games too large to
    /// solve, lost and extra turns, pieces that meet) or, at three or more
    /// players, need each seat's chance at every turn: play this many
    /// games with random bots and report them with 95% intervals (the
    /// win-chance measures from at most 10,000 of them). None unless asked.
    #[arg(long, default_value_t = 0)]
    games: u64,
    /// The seed of those games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: &Args) -> Outcome {
    if let Err(e) = args.overwrite.check_all(args.plot.iter().chain(&args.heat).map(|p| p.as_path())) {
        return fail(e);
    }
    let (spec, dealt) = match clean_spec(&args.file, "analysing")
        .and_then(|spec| Ok((spec.random_jumps.is_some(), board_of_game(spec, args.game)?)))
    {
        Ok((dealt, spec)) => (spec, dealt),
        Err(outcome) => return outcome,
    };
    // `clean_spec` refused a variant with errors.
    let Some(board) = compile(&spec).into_playable() else { return fail(AnalysisError::HasErrors) };
    let options = Options { seats: args.players, ..Options::default() };
    let analysis = match analyze_with_progress(&board, &options, args.max_time) {
        Ok(a) => a,
        Err(Stopped::Late) => {
            return fail(format!(
                "the analysis took longer than --max-time {:?} and was stopped; give it longer, or estimate with `ladderkit simulate`",
                args.max_time
            ));
        }
        Err(Stopped::WouldTake { total, done, after }) => {
            let suggested = total.mul_f64(1.5).as_secs_f64().ceil();
            return fail(format!(
                "at its pace so far the analysis would take about {} ({:.1}% done in {}), more than --max-time {:?}; it was stopped. \
                 Give it --max-time {suggested}s, or estimate with `ladderkit simulate`",
                minutes(total),
                done * 100.0,
                minutes(after),
                args.max_time,
            ));
        }
        Err(Stopped::Error(e)) => return fail(e),
    };
    let asked = excitement::Asked { games: args.games, seed: args.seed, joint: args.joint };
    let measures = excitement::measure(&board, args.players, args.max_time, asked);
    if let Some(path) = &args.plot {
        let exact = measures.joint.exact();
        let course = exact.and_then(|e| Some((e.measures(), e.typical_course(&board, 1)?)));
        let swings = course.as_ref().map(|(measures, course)| render::Swings { measures, course });
        let svg = render::odds_svg(&spec.meta.name, &analysis, swings, render::Theme::Classic);
        if let Err(e) = files::save_picture(path, &svg, args.dpi, None) {
            return fail(e);
        }
    }
    if let Some(path) = &args.heat {
        let options = render::BoardOptions { heat: Some(&analysis.heat), ..render::BoardOptions::default() };
        if let Err(e) = files::save_picture(
            path,
            &render::board_svg(&spec, &options),
            args.dpi,
            Some(&ladderkit::core::to_string(&spec)),
        ) {
            return fail(e);
        }
    }
    let rotates = spec.rules.first_player == FirstPlayer::Rotate;
    if args.json {
        let mut json = to_json(&board, &analysis);
        excitement::to_json(&mut json, &measures);
        json["first_player_rotates"] = json!(rotates);
        if dealt {
            json["dealt_for_game"] = json!(args.game);
        }
        say!("{json}");
    } else {
        let title = if dealt {
            format!("{}: the board of game {} (each game deals its own)", spec.meta.name, args.game)
        } else {
            spec.meta.name.clone()
        };
        let mut text = report(&title, &board, &analysis, rotates);
        excitement::report(&mut text, &measures);
        say!("{}", text.trim_end());
    }
    Outcome::Ok
}

/// Why the analysis gave no figures.
enum Stopped {
    /// It ran to `--max-time`.
    Late,
    /// Going at the pace it had, it would take `total`: `done` of it was
    /// done `after` so long.
    WouldTake {
        total: Duration,
        done: f64,
        after: Duration,
    },
    Error(AnalysisError),
}

/// Once an analysis has run this long, its pace tells how long it takes.
const JUDGED_AFTER: Duration = Duration::from_secs(5);
/// It stops early when its pace says it would take this many times its
/// time limit (the pace is a guess: a tail can settle sooner).
const PLAINLY_LONGER: u32 = 3;

/// The analysis, with a progress bar on a terminal once it has taken longer
/// than a moment (most boards are done in milliseconds), stopped once it has
/// taken `limit`, or once it has gone long enough to see it would take
/// several times that.
fn analyze_with_progress(board: &Playable, options: &Options, limit: Duration) -> Result<Analysis, Stopped> {
    let started = Instant::now();
    let terminal = super::terminal::stderr_is_terminal();
    let bar: OnceCell<ProgressBar> = OnceCell::new();
    let pace: Cell<Option<(Duration, f64, Duration)>> = Cell::new(None);
    let report = |done: f64| {
        let elapsed = started.elapsed();
        if terminal && elapsed > Duration::from_millis(300) {
            let bar = bar.get_or_init(|| {
                let bar = ProgressBar::new(1000);
                if let Ok(style) = ProgressStyle::with_template("analysing {bar:40} {percent}% {elapsed}") {
                    bar.set_style(style);
                }
                bar
            });
            bar.set_position((done * 1000.0) as u64);
        }
        if elapsed >= JUDGED_AFTER && done > 0.0 {
            let total = elapsed.div_f64(done);
            if total > limit * PLAINLY_LONGER {
                pace.set(Some((total, done, elapsed)));
                return true;
            }
        }
        elapsed >= limit
    };
    let result = analyze_board_until(board, options, &report);
    if let Some(bar) = bar.get() {
        bar.finish_and_clear();
    }
    match (result, pace.get()) {
        (Ok(a), _) => Ok(a),
        (Err(AnalysisError::Cancelled), Some((total, done, after))) => Err(Stopped::WouldTake { total, done, after }),
        (Err(AnalysisError::Cancelled), None) => Err(Stopped::Late),
        (Err(e), _) => Err(Stopped::Error(e)),
    }
}

/// "about 4 min", "40 s", "3 h" for a person.
fn minutes(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 90.0 {
        format!("{} s", s.round())
    } else if s < 90.0 * 60.0 {
        format!("{} min", (s / 60.0).ceil())
    } else {
        format!("{} h", (s / 3600.0).ceil())
    }
}

fn to_json(board: &CompiledBoard, a: &Analysis) -> Value {
    let percentiles: Map<String, Value> = a.percentiles.iter().map(|(p, n)| (format!("p{p}"), json!(n))).collect();
    let heat: Vec<Value> = (1..=board.len)
        .filter(|p| *p != board.goal)
        .map(|p| json!({ "space": board.number(p), "expected_rests": a.heat[p as usize] }))
        .collect();
    let jumps: Vec<Value> = a
        .jumps
        .iter()
        .map(|u| {
            let j = board.jumps[u.jump];
            json!({
                "from": board.number(j.from), "to": board.number(j.to), "kind": j.noun(),
                "expected_uses": u.expected_uses, "probability": u.probability,
            })
        })
        .collect();
    json!({
        "expected_rolls": a.expected_rolls,
        "expected_turns": a.expected_turns,
        "min_rolls": a.min_rolls,
        "shortest_rolls": a.shortest_rolls,
        "median_rolls": a.median_rolls,
        "percentiles": percentiles,
        "finish_within": a.finish_within,
        "finish_within_turns": a.finish_within_turns,
        "players": a.seats.seats.get(),
        "seat_win_probability": a.seats.win,
        "expected_rounds": a.seats.expected_rounds,
        "expected_total_rolls": a.seats.expected_total_rolls,
        "heat": heat,
        "jumps": jumps,
        "interaction": a.interaction,
        "decay": a.decay,
        "tail_bound": a.tail_bound,
    })
}

fn report(name: &str, board: &CompiledBoard, a: &Analysis, rotates: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{name}\n");
    let _ = writeln!(s, "One player");
    let _ = writeln!(s, "  expected rolls   {:.6}", a.expected_rolls);
    let _ = writeln!(s, "  expected turns   {:.6}", a.expected_turns);
    let mut fastest: Vec<String> = a.shortest_rolls.iter().map(u32::to_string).collect();
    // A long board's fastest game is hundreds of rolls: show its ends.
    if fastest.len() > 16 {
        let hidden = fastest.len() - 12;
        fastest.splice(8..fastest.len() - 4, [format!("… {hidden} more …")]);
    }
    let _ = writeln!(s, "  fewest rolls     {} (for example {})", a.min_rolls, fastest.join(", "));
    let _ = writeln!(s, "  median rolls     {}", a.median_rolls);
    let pct: Vec<String> = a.percentiles.iter().map(|(p, n)| format!("p{p} {n}")).collect();
    let _ = writeln!(s, "  percentiles      {}\n", pct.join(" · "));
    let _ = writeln!(s, "Game length in rolls (chance to finish on that roll)");
    s.push_str(&histogram(&a.finish_within, 12));
    let seats = &a.seats;
    let _ = writeln!(s, "\n{} (seat 1 moves first)", seats.seats);
    for (i, w) in seats.win.iter().enumerate() {
        let _ = writeln!(s, "  seat {}  wins {:6.2}%", i + 1, w * 100.0);
    }
    if rotates && seats.seats > Seats::ONE {
        let _ = writeln!(
            s,
            "  (the first player rotates: over a match of {n} games each seat moves first once and wins {:.2}%)",
            100.0 / f64::from(seats.seats.get()),
            n = seats.seats.get()
        );
    }
    let _ = writeln!(s, "  expected rounds       {:.4}", seats.expected_rounds);
    let _ = writeln!(s, "  expected total rolls  {:.4}", seats.expected_total_rolls);
    if let Some(why) = &a.interaction {
        let _ = writeln!(s, "  note: {why}");
    }
    let mut hot: Vec<u32> = (1..=board.len).filter(|p| *p != board.goal && a.heat[*p as usize] > 0.0).collect();
    hot.sort_by(|x, y| a.heat[*y as usize].total_cmp(&a.heat[*x as usize]));
    let _ = writeln!(s, "\nHottest squares (expected times a piece rests there)");
    for p in hot.iter().take(5) {
        let _ = writeln!(s, "  {:>5}  {:.3}", board.label(*p), a.heat[*p as usize]);
    }
    let mut used = a.jumps.clone();
    used.sort_by(|x, y| y.expected_uses.total_cmp(&x.expected_uses));
    if !used.is_empty() {
        let _ = writeln!(s, "\nMost-used jumps (expected rides; chance of at least one)");
    }
    for u in used.iter().take(5) {
        let j = board.jumps[u.jump];
        let kind = format!("{:<6}", j.noun());
        let chance = u.probability.map_or_else(String::new, |p| format!("  {:5.1}%", p * 100.0));
        let _ = writeln!(
            s,
            "  {kind} {:>4} → {:<4}  {:.3}{chance}",
            board.label(j.from),
            board.label(j.to),
            u.expected_uses
        );
    }
    s
}

/// A bar chart of the chance to finish on each roll, in `rows` buckets.
fn histogram(finish_within: &[f64], rows: usize) -> String {
    let last = finish_within.iter().position(|p| *p >= 0.99).unwrap_or(finish_within.len() - 1).max(1);
    let width = last.div_ceil(rows).max(1);
    let buckets: Vec<(usize, usize, f64)> = (1..=last)
        .step_by(width)
        .map(|lo| {
            let hi = (lo + width - 1).min(last);
            (lo, hi, finish_within[hi] - finish_within[lo - 1])
        })
        .collect();
    let top = buckets.iter().map(|b| b.2).fold(0.0, f64::max).max(1e-12);
    let mut s = String::new();
    for (lo, hi, p) in buckets {
        let bar = "█".repeat((p / top * 40.0).round() as usize);
        let _ = writeln!(s, "  {:>4}–{:<4} {:5.1}% {bar}", lo, hi, p * 100.0);
    }
    let _ = writeln!(s, "  (99% of games are over within {last} rolls)");
    s
}

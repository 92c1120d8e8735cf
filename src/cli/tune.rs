//! `ladderkit tune`: move, add, remove and turn round snakes and ladders
//! until the exact figures meet the targets.

use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use ladderkit::analysis::{Metrics, Wanted};
use ladderkit::core::spec::{Board, Jump, VariantSpec};
use ladderkit::core::work::{Meter, run_until};
use ladderkit::core::{Seats, compile};
use ladderkit::files;
use ladderkit::tune::{EffectKind, EffectLimits, Goal, Limits, Progress, Settings, Target, Tuned, Worse, tune};
use serde_json::{Value, json};

use super::setup::clean_spec;
use super::{Outcome, fail, say};

/// Design a board to targets: search for the snakes and ladders, and the
/// space effects if you ask, that give the exact figures you ask for.
///
/// Give one or more targets (--turns, --p90, --min-rolls, --seat-edge,
/// --rides) and, if you like, limits (how many ladders and snakes, how long,
/// which jumps to keep, where no jump may start; how many spaces lose
/// turns, give another, set back or shortcut). The search moves one end
/// of a jump, adds, removes or turns one round, places, moves, re-values
/// or removes an effect where an effect option allows it, judges every
/// candidate by the exact analysis, never keeps a board with check errors,
/// and stops when every target is met, after --time, or after
/// --candidates. It prints the figures before and after and the edits, and
/// writes the best board found to OUT (also when a target could not be
/// reached).
///
/// The search is seeded: the same --seed and --candidates give the same
/// board on any machine. With --time alone, how far it gets depends on the
/// machine's speed.
///
/// Exit codes: 0 every target met, 3 not every target met (the closest
/// board is written), 1 FILE has errors, 2 usage or I/O problems.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  ladderkit tune variants/milton-bradley.ron -o shorter.ron --turns 30\n  ladderkit tune board.ron -o out.ron --turns 25 --ladders 6..10 --snakes 6..10 --min-length 5\n  ladderkit tune board.ron -o out.ron --seat-edge 0.01 --players 4 --keep 1-38,16-6 --free 90..100\n  ladderkit tune board.ron -o out.ron --p90 60 --rides 3 --candidates 50000 --seed 7 --json\n  ladderkit tune variants/milton-bradley.ron -o longer.ron --turns 48 --keep 1-38,4-14 --ladders 9 --lose-turns 1..8"
)]
pub struct Args {
    /// The variant to start from (a classic race without errors).
    file: PathBuf,
    /// Where to write the tuned variant.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    #[command(flatten)]
    overwrite: super::output::Overwrite,
    #[command(flatten)]
    pub targets: TargetArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Print one JSON object: met, targets [{name, target, before, after,
    /// met}], before and after {expected_turns, p90_rolls, fewest_rolls,
    /// expected_rides, seat_edge, lead_changes, comeback, decided_late} (null where not asked for
    /// or not worked out within --time), worse (the figures that got worse: "fewest_rolls" for a
    /// shorter fastest game, "seat_edge" for a less fair table), edits,
    /// jumps, candidates, seconds.
    #[arg(long)]
    json: bool,
}

/// What the board should reach.
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "Targets")]
pub struct TargetArgs {
    /// Expected turns of one player.
    #[arg(long, value_name = "TURNS", value_parser = positive, allow_negative_numbers = true)]
    pub turns: Option<f64>,
    /// 90% of games are over within this many rolls of one piece.
    #[arg(long, value_name = "ROLLS", value_parser = clap::value_parser!(u32).range(1..))]
    pub p90: Option<u32>,
    /// The fastest possible game takes at least this many rolls.
    #[arg(long, value_name = "ROLLS", value_parser = clap::value_parser!(u32).range(1..))]
    pub min_rolls: Option<u32>,
    /// No seat wins more than this above a fair share (0.01: one point
    /// above 1/players), at a table of --players.
    #[arg(long, value_name = "SHARE", value_parser = share, allow_negative_numbers = true)]
    pub seat_edge: Option<f64>,
    /// Players at the table for --seat-edge, --comeback and --decided-late.
    #[arg(long, default_value = "2", value_parser = super::two_or_more_seats_arg)]
    pub players: Seats,
    /// Expected snakes and ladders one piece rides in a game.
    #[arg(long, value_name = "RIDES", value_parser = positive, allow_negative_numbers = true)]
    pub rides: Option<f64>,
    /// Expected lead changes in a two-player game: how often the piece in
    /// front changes hands (exact; races whose pieces never meet, lost and
    /// extra turns included; `analyze` shows it under Excitement).
    #[arg(long, value_name = "CHANGES", value_parser = positive, allow_negative_numbers = true)]
    pub lead_changes: Option<f64>,
    /// The chance that the winner was alone last (two players: behind)
    /// half-way through a median game at a table of --players, in percent
    /// (35%: a comeback in about one game of three); races whose pieces
    /// never meet, lost and extra turns included.
    #[arg(long, value_name = "PERCENT", value_parser = percent)]
    pub comeback: Option<f64>,
    /// The chance that a game at a table of --players is decided late, in
    /// percent: won while another seat was one roll from winning (a photo
    /// finish; 25%: one game in four goes to the wire); the same races as
    /// --comeback.
    #[arg(long, value_name = "PERCENT", value_parser = percent)]
    pub decided_late: Option<f64>,
    /// How close --turns, --p90, --rides, --lead-changes, --comeback and
    /// --decided-late must come, in percent (of the target: 1% of a 35%
    /// comeback is 0.35 points).
    #[arg(long, value_name = "PERCENT", default_value = "1%", value_parser = percent)]
    pub tolerance: f64,
}

/// What the search may change.
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "Limits")]
pub struct LimitArgs {
    /// How many ladders: a number or a range MIN..MAX (default: as many as
    /// the board has).
    #[arg(long, value_name = "N|MIN..MAX", value_parser = count_range)]
    pub ladders: Option<RangeInclusive<u32>>,
    /// How many snakes: a number or a range MIN..MAX (default: as many as
    /// the board has).
    #[arg(long, value_name = "N|MIN..MAX", value_parser = count_range)]
    pub snakes: Option<RangeInclusive<u32>>,
    /// Every jump spans at least this many spaces.
    #[arg(long, value_name = "SPACES", default_value_t = 1)]
    pub min_length: u32,
    /// Every jump spans at most this many spaces.
    #[arg(long, value_name = "SPACES")]
    pub max_length: Option<u32>,
    /// Jumps the search may not touch, as FROM-TO space numbers.
    #[arg(long, value_name = "FROM-TO,…", value_delimiter = ',', value_parser = jump)]
    pub keep: Vec<(u32, u32)>,
    /// No jump may end on another jump's foot.
    #[arg(long)]
    pub no_chains: bool,
    /// No jump may start on these spaces (ranges FIRST..LAST).
    #[arg(long, value_name = "FIRST..LAST,…", value_delimiter = ',', value_parser = space_range)]
    pub free: Vec<RangeInclusive<u32>>,
    /// How many spaces that lose turns (LoseTurns): a number or a range.
    /// Any effect option lets the search place, move, re-value and remove
    /// lost turns, extra turns, setbacks and shortcuts, each kind not
    /// named keeping its count; with none, effects stay as they are.
    #[arg(long, value_name = "N|MIN..MAX", value_parser = count_range)]
    pub lose_turns: Option<RangeInclusive<u32>>,
    /// How many spaces that give another turn (ExtraTurn).
    #[arg(long, value_name = "N|MIN..MAX", value_parser = count_range)]
    pub extra_turns: Option<RangeInclusive<u32>>,
    /// How many setbacks (MoveBy back, ToStart).
    #[arg(long, value_name = "N|MIN..MAX", value_parser = count_range)]
    pub setbacks: Option<RangeInclusive<u32>>,
    /// How many shortcuts (MoveBy forward).
    #[arg(long, value_name = "N|MIN..MAX", value_parser = count_range)]
    pub shortcuts: Option<RangeInclusive<u32>>,
    /// How many geese (MoveAgain: a piece whose move ends there moves
    /// again by the same roll).
    #[arg(long, value_name = "N|MIN..MAX", value_parser = count_range)]
    pub geese: Option<RangeInclusive<u32>>,
    /// The most turns one space may cost (default 2).
    #[arg(long, value_name = "TURNS", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_lose: Option<u32>,
    /// The furthest a setback or shortcut moves a piece (default 6).
    #[arg(long, value_name = "SPACES", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_move: Option<u32>,
    /// No effect may be placed on these spaces (ranges FIRST..LAST).
    #[arg(long, value_name = "FIRST..LAST,…", value_delimiter = ',', value_parser = space_range)]
    pub no_effect_on: Vec<RangeInclusive<u32>>,
    /// Spaces whose effects the search may not move, change or remove.
    #[arg(long, value_name = "SPACE,…", value_delimiter = ',')]
    pub keep_effects: Vec<u32>,
}

/// How long to search, and from where.
#[derive(Debug, Clone, clap::Args)]
#[command(next_help_heading = "Search")]
pub struct SearchArgs {
    /// Seed of the search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop after this long (30s, 2m, 500ms): the search has the first
    /// eight tenths, taking back edits it does not need the next tenth, and
    /// the figures before and after the last (any not worked out by then
    /// are shown as "—").
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = super::parse_duration)]
    pub time: Duration,
    /// Stop after judging this many candidate boards; with a seed, the
    /// result then depends on nothing else.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub candidates: Option<u64>,
    /// Keep my layout, 0 to 100: how much each jump moved from the design
    /// costs the search (0: an edit must buy a 0.2% gain towards the
    /// targets; 100: a 5% one). Higher keeps more of the board as drawn.
    #[arg(long, value_name = "PERCENT", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub keep_layout: u32,
}

impl TargetArgs {
    pub fn any(&self) -> bool {
        self.turns.is_some()
            || self.p90.is_some()
            || self.min_rolls.is_some()
            || self.seat_edge.is_some()
            || self.rides.is_some()
            || self.lead_changes.is_some()
            || self.comeback.is_some()
            || self.decided_late.is_some()
    }

    pub fn goal(&self) -> Goal {
        let mut targets = Vec::new();
        targets.extend(self.turns.map(Target::Turns));
        targets.extend(self.p90.map(|rolls| Target::Percentile { percent: 90, rolls }));
        targets.extend(self.min_rolls.map(Target::MinRolls));
        targets.extend(self.seat_edge.map(|edge| Target::SeatEdge { players: self.players, edge }));
        targets.extend(self.rides.map(Target::Rides));
        targets.extend(self.lead_changes.map(Target::LeadChanges));
        let players = self.players;
        targets.extend(self.comeback.map(|share| Target::Comeback { players, share }));
        targets.extend(self.decided_late.map(|share| Target::DecidedLate { players, share }));
        Goal { targets, tolerance: self.tolerance }
    }
}

impl LimitArgs {
    /// Whether any option lets the search change the space effects.
    fn tunes_effects(&self) -> bool {
        self.lose_turns.is_some()
            || self.extra_turns.is_some()
            || self.setbacks.is_some()
            || self.shortcuts.is_some()
            || self.geese.is_some()
            || self.max_lose.is_some()
            || self.max_move.is_some()
            || !self.no_effect_on.is_empty()
            || !self.keep_effects.is_empty()
    }

    pub fn limits(&self, spec: &VariantSpec) -> Limits {
        let jumps = &spec.jumps;
        let mut limits = Limits::keeping_counts(jumps);
        limits.effects = self.tunes_effects().then(|| {
            let mut e = EffectLimits::keeping_counts(&spec.effects);
            let counts = [&self.lose_turns, &self.extra_turns, &self.setbacks, &self.shortcuts, &self.geese];
            for (kind, count) in EffectKind::ALL.into_iter().zip(counts) {
                if let Some(r) = count {
                    e.set_range(kind, r.clone());
                }
            }
            e.max_lose = self.max_lose.unwrap_or(e.max_lose);
            e.max_move = self.max_move.unwrap_or(e.max_move);
            e.none_on = self.no_effect_on.clone();
            e.keep = self.keep_effects.clone();
            e
        });
        if let Some(r) = &self.ladders {
            limits.ladders = r.clone();
        }
        if let Some(r) = &self.snakes {
            limits.snakes = r.clone();
        }
        limits.min_length = self.min_length;
        limits.max_length = self.max_length;
        limits.keep = self.keep.clone();
        limits.no_chains = self.no_chains;
        limits.free = self.free.clone();
        limits
    }
}

pub fn run(args: &Args) -> Outcome {
    if !args.targets.any() {
        return fail("give at least one target: --turns, --p90, --min-rolls, --seat-edge or --rides");
    }
    if let Err(e) = args.overwrite.check(&args.output) {
        return fail(e);
    }
    let spec = match clean_spec(&args.file, "tuning") {
        Ok(spec) => spec,
        Err(outcome) => return outcome,
    };
    let limits = args.limits.limits(&spec);
    let goal = args.targets.goal();
    let settings = Settings { seed: args.search.seed, fresh: false, keep_layout: args.search.keep_layout };
    match search(&spec, &goal, &limits, &settings, &args.search) {
        Ok(searched) => {
            let out = Output { path: &args.output, json: args.json, seed: args.search.seed };
            finish(&spec, &searched, &goal, &limits, &args.targets, &out)
        }
        Err(outcome) => outcome,
    }
}

/// A search's result, how long it took, and until when the figures
/// reported around it may be worked out.
pub struct Searched {
    pub tuned: Tuned,
    pub took: Duration,
    pub deadline: Instant,
}

/// Runs the search with a progress bar on a terminal and the clock as its
/// budget: the search, taking back its unneeded edits and the figures
/// before and after all end within `--time`.
pub fn search(
    spec: &VariantSpec,
    goal: &Goal,
    limits: &Limits,
    settings: &Settings,
    budget: &SearchArgs,
) -> Result<Searched, Outcome> {
    let started = Instant::now();
    let bar = super::terminal::stderr_is_terminal().then(|| {
        let bar = ProgressBar::new(1000);
        if let Ok(style) = ProgressStyle::with_template("tuning {bar:30} {elapsed}/{msg}") {
            bar.set_style(style);
        }
        bar
    });
    let time = budget.time.as_secs_f64();
    let mut control = |p: &Progress| {
        let by_time = started.elapsed().as_secs_f64() / time;
        let by_count = budget.candidates.map_or(0.0, |n| p.evaluated as f64 / n as f64);
        // With a candidate budget the schedule follows the count alone, so
        // the result does not depend on the machine's speed.
        if let Some(bar) = &bar {
            bar.set_position((by_count.max(by_time).min(1.0) * 1000.0) as u64);
            bar.set_message(format!(
                "{:.0?} · best miss {} · {} candidates",
                budget.time,
                miss_text(p.best_score),
                p.evaluated
            ));
        }
        let by_clock = p.by_clock(by_time)?;
        match budget.candidates {
            Some(_) if !p.tidying => (by_count < 1.0).then_some(by_count),
            _ => Some(by_clock),
        }
    };
    let result = tune(spec, goal, limits, settings, &mut control);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let tuned = result.map_err(fail)?;
    Ok(Searched { tuned, took: started.elapsed(), deadline: started + budget.time })
}

fn miss_text(score: f64) -> String {
    if score.is_finite() { format!("{:.2}%", score * 100.0) } else { "—".into() }
}

/// The figures reported before and after: what the search already knows
/// (the targets'), and each of the others that can be worked out before
/// `deadline` (on a huge board some cannot, and are shown as "—").
fn figures(spec: &VariantSpec, known: &Metrics, goal: &Goal, players: Seats, deadline: Instant) -> Metrics {
    let Some(board) = compile(spec).into_playable() else { return *known };
    let all = goal.reported(players);
    let parts = [
        Wanted { turns: all.turns, rides: all.rides, ..Wanted::default() },
        Wanted { fewest: all.fewest, ..Wanted::default() },
        Wanted { percentile: all.percentile, ..Wanted::default() },
        Wanted { seat_edge: all.seat_edge, ..Wanted::default() },
        Wanted { lead_changes: all.lead_changes, ..Wanted::default() },
        Wanted { comeback: all.comeback, ..Wanted::default() },
        Wanted { photo_finish: all.photo_finish, ..Wanted::default() },
    ];
    let mut out = *known;
    for wanted in parts {
        let meter = Meter::default();
        let work = Metrics::compute_stepped(&board, &wanted, &meter);
        let Some(Ok(m)) = run_until(work, || Instant::now() < deadline) else { continue };
        out.expected_turns = out.expected_turns.or(m.expected_turns);
        out.expected_rides = out.expected_rides.or(m.expected_rides);
        out.fewest_rolls = out.fewest_rolls.or(m.fewest_rolls);
        out.percentile = out.percentile.or(m.percentile);
        out.seat_edge = out.seat_edge.or(m.seat_edge);
        out.lead_changes = out.lead_changes.or(m.lead_changes);
        out.comeback = out.comeback.or(m.comeback);
        out.photo_finish = out.photo_finish.or(m.photo_finish);
    }
    out
}

/// Where and how to report a search.
pub struct Output<'a> {
    pub path: &'a std::path::Path,
    pub json: bool,
    pub seed: u64,
}

pub fn finish(
    start: &VariantSpec,
    searched: &Searched,
    goal: &Goal,
    limits: &Limits,
    targets: &TargetArgs,
    out: &Output,
) -> Outcome {
    let Searched { tuned, took, deadline } = searched;
    let (tuned, took) = (tuned, *took);
    if let Err(e) = files::save_variant(out.path, &tuned.spec) {
        return fail(e);
    }
    let before = figures(start, &tuned.start, goal, targets.players, *deadline);
    let after = figures(&tuned.spec, &tuned.best, goal, targets.players, *deadline);
    let race_only = ladderkit::tune::race_only_note(
        &compile(&tuned.spec).board,
        "`ladderkit solve` (two players) or `ladderkit simulate`",
    );
    let per_second = tuned.evaluated as f64 / took.as_secs_f64().max(1e-9);
    if out.json {
        let rows: Vec<Value> = goal
            .targets
            .iter()
            .map(|t| {
                json!({
                    "name": t.name(), "target": t.wanted(), "before": finite(t.value(&before)),
                    "after": finite(t.value(&after)), "met": t.met(&after, goal.tolerance),
                })
            })
            .collect();
        say!(
            "{}",
            json!({
                "met": tuned.met,
                "targets": rows,
                "worse": worse_json(&before, &after),
                "note": race_only,
                "before": metrics_json(&before),
                "after": metrics_json(&after),
                "edits": tuned.edits.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "jumps": tuned.spec.jumps.iter().map(|j| json!({"from": j.from, "to": j.to})).collect::<Vec<_>>(),
                "effects": tuned.spec.effects,
                "guards": ladderkit::tune::guards(limits),
                "candidates": tuned.evaluated,
                "rejected": tuned.rejected,
                "candidates_per_second": per_second,
                "seconds": took.as_secs_f64(),
                "seed": out.seed,
                "output": out.path.display().to_string(),
            })
        );
    } else {
        say!("{}", report(start, tuned, goal, limits, &before, &after, targets.players).trim_end());
        if let Some(note) = &race_only {
            say!("\nNote: {note}.");
        }
        if limits.effects.is_some() {
            say!("\nGuards: {}.", ladderkit::tune::guards(limits).join("; "));
        }
        say!(
            "\nJudged {} candidate boards in {:.2} s ({:.0} a second), seed {}; wrote {}.",
            tuned.evaluated,
            took.as_secs_f64(),
            per_second,
            out.seed,
            out.path.display()
        );
    }
    if tuned.met { Outcome::Ok } else { Outcome::TargetsMissed }
}

fn finite(x: f64) -> Value {
    if x.is_finite() { json!(x) } else { Value::Null }
}

fn worse_json(before: &Metrics, after: &Metrics) -> Value {
    let worse = Worse::of(before, after);
    let names = [("fewest_rolls", worse.fewest_rolls), ("seat_edge", worse.seat_edge)];
    json!(names.iter().filter(|(_, w)| *w).map(|(n, _)| *n).collect::<Vec<_>>())
}

fn metrics_json(m: &Metrics) -> Value {
    json!({
        "expected_turns": m.expected_turns, "p90_rolls": m.percentile, "fewest_rolls": m.fewest_rolls,
        "expected_rides": m.expected_rides, "seat_edge": m.seat_edge, "lead_changes": m.lead_changes,
        "comeback": m.comeback, "decided_late": m.photo_finish,
    })
}

/// The before/after table, the edits, and what was missed.
pub fn report(
    start: &VariantSpec,
    tuned: &Tuned,
    goal: &Goal,
    limits: &Limits,
    before: &Metrics,
    after: &Metrics,
    players: Seats,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}\n", start.meta.name);
    let _ = writeln!(s, "  {:<24} {:>10} {:>10}   target", "", "before", "after");
    let percentile = goal.reported(players).percentile.unwrap_or(90);
    let worse = Worse::of(before, after);
    // Name, before, after, decimals, got worse.
    type Row = (String, Option<f64>, Option<f64>, usize, bool);
    let mut rows: Vec<Row> = vec![
        ("expected turns".into(), before.expected_turns, after.expected_turns, 2, false),
        (format!("p{percentile} rolls"), before.percentile.map(f64::from), after.percentile.map(f64::from), 0, false),
        (
            "fewest rolls".into(),
            before.fewest_rolls.map(f64::from),
            after.fewest_rolls.map(f64::from),
            0,
            worse.fewest_rolls,
        ),
        ("expected rides".into(), before.expected_rides, after.expected_rides, 2, false),
        (format!("seat edge ({players})"), before.seat_edge, after.seat_edge, 4, worse.seat_edge),
    ];
    if goal.wanted().lead_changes {
        rows.push(("lead changes (2 players)".into(), before.lead_changes, after.lead_changes, 2, false));
    }
    if let Some(p) = goal.wanted().comeback {
        rows.push((format!("comeback ({p})"), before.comeback, after.comeback, 4, false));
    }
    if let Some(p) = goal.wanted().photo_finish {
        rows.push((format!("decided late ({p})"), before.photo_finish, after.photo_finish, 4, false));
    }
    let cut_short = rows.iter().any(|(_, b, a, _, _)| b.is_none() || a.is_none());
    for (name, b, a, digits, got_worse) in rows {
        let cell = |v: Option<f64>| v.map_or("—".into(), |v| format!("{v:.digits$}"));
        let mut target = goal.targets.iter().find(|t| t.name() == name).map_or(String::new(), |t| {
            format!("{} {}", t.wanted(), if t.met(after, goal.tolerance) { "✓" } else { "✗" })
        });
        if got_worse {
            target.push_str(if target.is_empty() { "worse" } else { " · worse" });
        }
        let line = format!("  {name:<24} {:>10} {:>10}   {target}", cell(b), cell(a));
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let ladders = |jumps: &[Jump]| jumps.iter().filter(|j| j.to > j.from).count();
    let snakes = |jumps: &[Jump]| jumps.iter().filter(|j| j.to < j.from).count();
    let _ = writeln!(
        s,
        "  {:<24} {:>10} {:>10}",
        "ladders / snakes",
        format!("{} / {}", ladders(&start.jumps), snakes(&start.jumps)),
        format!("{} / {}", ladders(&tuned.spec.jumps), snakes(&tuned.spec.jumps))
    );
    if limits.effects.is_some() {
        let counts = |spec: &VariantSpec| {
            let n = |kind| spec.effects.iter().filter(|e| EffectKind::of(&e.effect) == Some(kind)).count();
            EffectKind::ALL.map(n).map(|n| n.to_string()).join("/")
        };
        let name = "lose/extra/back/on/geese";
        let _ = writeln!(s, "  {name:<24} {:>10} {:>10}", counts(start), counts(&tuned.spec));
    }
    if cut_short {
        let _ = writeln!(s, "\n— not worked out within --time; `ladderkit analyze` works out every figure.");
    }
    if tuned.edits.is_empty() {
        let _ = writeln!(s, "\nNo edits: the board as it was is the closest found.");
    } else {
        let _ = writeln!(s, "\nEdits ({}):", tuned.edits.len());
        for e in &tuned.edits {
            let _ = writeln!(s, "  {e}");
        }
    }
    let missed: Vec<_> = goal.targets.iter().filter(|t| !t.met(after, goal.tolerance)).collect();
    if !missed.is_empty() {
        let _ = writeln!(s, "\nNot reached:");
        for t in missed {
            let _ = writeln!(
                s,
                "  {} {} cannot be reached {}: best {} (off by {:.1}%){}",
                t.name(),
                t.wanted(),
                within(limits, start),
                format_value(t.value(after)),
                t.miss(after) * 100.0,
                hint(t, after, limits, &tuned.spec.jumps)
            );
        }
    }
    s
}

fn format_value(x: f64) -> String {
    if x.fract() == 0.0 { format!("{x:.0}") } else { format!("{x:.3}") }
}

/// The limits a missed target was searched within, in words.
fn within(limits: &Limits, spec: &VariantSpec) -> String {
    let range = |r: &RangeInclusive<u32>| {
        if r.start() == r.end() { r.start().to_string() } else { format!("{}–{}", r.start(), r.end()) }
    };
    let board = match spec.board {
        Board::Grid { cols, rows, .. } => format!("{cols} × {rows}"),
        Board::Track { spaces, .. } => format!("a track of {spaces}"),
        Board::Free { ref spaces } => format!("{} free-form spaces", spaces.len()),
    };
    let mut rules = Vec::new();
    match (limits.min_length, limits.max_length) {
        (1, None) => {}
        (min, None) => rules.push(format!("jumps of at least {min} spaces")),
        (1, Some(max)) => rules.push(format!("jumps of at most {max} spaces")),
        (min, Some(max)) => rules.push(format!("jumps of {min}–{max} spaces")),
    }
    if limits.no_chains {
        rules.push("no chains".into());
    }
    for r in &limits.free {
        rules.push(format!("no feet on {}–{}", r.start(), r.end()));
    }
    if !limits.keep.is_empty() {
        rules.push(format!("{} jumps kept", limits.keep.len()));
    }
    let rules = if rules.is_empty() { String::new() } else { format!(" ({})", rules.join(", ")) };
    format!(
        "with {} ladders and {} snakes{rules} on {board} in this search",
        range(&limits.ladders),
        range(&limits.snakes)
    )
}

/// A hint only where it is sound: more ladders shorten games and more
/// snakes lengthen them, so a count at its limit is worth raising.
fn hint(target: &Target, after: &Metrics, limits: &Limits, jumps: &[Jump]) -> String {
    let ladders = jumps.iter().filter(|j| j.to > j.from).count() as u32;
    let snakes = jumps.len() as u32 - ladders;
    let value = target.value(after);
    match *target {
        Target::Turns(t) if value > t && ladders == *limits.ladders.end() => {
            format!("; more ladders (--ladders {}..{}) would shorten games", limits.ladders.start(), ladders + 3)
        }
        Target::Turns(t) if value < t && snakes == *limits.snakes.end() => {
            format!("; more snakes (--snakes {}..{}) would lengthen games", limits.snakes.start(), snakes + 3)
        }
        Target::Rides(t) if value < t && jumps.len() as u32 == limits.ladders.end() + limits.snakes.end() => {
            "; more jumps (--ladders, --snakes) give more rides".into()
        }
        _ => String::new(),
    }
}

fn positive(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err("expected a positive number, for example 25 or 3.5".into()),
    }
}

fn share(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if (0.0..1.0).contains(&x) => Ok(x),
        _ => Err("expected a share from 0 to 1, for example 0.01 for one percentage point".into()),
    }
}

fn percent(text: &str) -> Result<f64, String> {
    let number = text.trim().trim_end_matches('%');
    match number.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=100.0).contains(&x) => Ok(x / 100.0),
        _ => Err("expected a percentage, for example 1% or 0.5%".into()),
    }
}

/// "6..10", "6..=10" or "9".
fn count_range(text: &str) -> Result<RangeInclusive<u32>, String> {
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{s}` is not a whole number; write N or MIN..MAX, for example 6..10"))
    };
    let range = match text.split_once("..") {
        Some((a, b)) => number(a)?..=number(b.trim_start_matches('='))?,
        None => {
            let n = number(text)?;
            n..=n
        }
    };
    if range.is_empty() {
        return Err(format!(
            "{}..{} is empty; write the smaller number first, for example {}..{}",
            range.start(),
            range.end(),
            range.end(),
            range.start()
        ));
    }
    Ok(range)
}

fn space_range(text: &str) -> Result<RangeInclusive<u32>, String> {
    count_range(text).map_err(|e| e.replace("N or MIN..MAX", "FIRST..LAST"))
}

/// "16-6": a jump from space 16 to space 6.
fn jump(text: &str) -> Result<(u32, u32), String> {
    let (a, b) = text.trim().split_once(['-', '>', '→']).ok_or("expected FROM-TO, for example 16-6")?;
    let number = |s: &str| s.trim_matches(['-', '>', ' ']).parse::<u32>();
    match (number(a), number(b)) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        _ => Err(format!("`{text}` is not FROM-TO space numbers, for example 16-6")),
    }
}

/// `ladderkit new` with counts or targets: a fresh random board within the
/// limits, tuned to the targets.
pub fn fresh(
    spec: &VariantSpec,
    targets: &TargetArgs,
    limits_args: &LimitArgs,
    search_args: &SearchArgs,
    out: &Output,
) -> Outcome {
    let bare = VariantSpec { jumps: Vec::new(), ..spec.clone() };
    let mut limits = limits_args.limits(&bare);
    // No counts given on a fresh board: any number up to a board's worth.
    let spaces = compile(spec).board.len;
    if limits_args.ladders.is_none() && limits_args.snakes.is_none() {
        let most = (spaces / 10).max(1);
        limits.ladders = 0..=most;
        limits.snakes = 0..=most;
    }
    let goal = targets.goal();
    let settings = Settings { seed: search_args.seed, fresh: true, keep_layout: 0 };
    match search(spec, &goal, &limits, &settings, search_args) {
        Ok(searched) => finish(spec, &searched, &goal, &limits, targets, out),
        Err(outcome) => outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_past_their_deadline_are_left_out_and_the_known_kept() {
        let spec = ladderkit::core::check_source(include_str!("../../variants/milton-bradley.ron")).spec.unwrap();
        let goal = Goal { targets: vec![Target::Turns(30.0)], tolerance: 0.01 };
        let known = Metrics { expected_turns: Some(39.0), ..Metrics::default() };
        let late = figures(&spec, &known, &goal, Seats::TWO, Instant::now());
        assert_eq!(late, known, "nothing worked out after the deadline");
        let timely = figures(&spec, &known, &goal, Seats::TWO, Instant::now() + Duration::from_secs(600));
        assert_eq!(timely.expected_turns, Some(39.0), "a known figure is kept as the search found it");
        let worked_out = [timely.expected_rides, timely.seat_edge];
        assert!(worked_out.iter().all(Option::is_some) && timely.fewest_rolls == Some(7), "{timely:?}");
        assert!(timely.percentile.is_some());
    }
}

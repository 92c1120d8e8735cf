//! `analyze`'s excitement section. By default only what costs about what
//! the analysis costs: the race's measures at any table, seat by seat
//! (`table_measures`: leader changes, lead changes at two seats, the
//! comeback and the photo finish). Only when asked, each under a time
//! budget and saying when it was cut: the two-seat measures that walk the
//! joint states (`--joint`: the race's joint chain, or the solved game
//! where that does not hold), and played games for what is not exact
//! (`--games`, as `ladderkit simulate --excitement`, with 95% intervals).
//! As text and as JSON.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

use ladderkit::analysis::{DECIDED, Estimate, LeaderCounts, PlayedMeasures, Spread, TableMeasures};
use ladderkit::core::spec::FirstPlayer;
use ladderkit::core::work::{Meter, run_until};
use ladderkit::core::{Playable, Seats};
use ladderkit::engine::{Engine, Lineup, Policy};
use ladderkit::excitement::{
    self as chooser, Plan, TwoPlayers, by_chance_stepped, leaders_stepped, seat_by_seat_stepped, two_players_stepped,
};
use ladderkit::sim::{ExcitementReport, Options as SimOptions, simulate_until};
use serde_json::{Value, json};

/// What the section reports.
pub(super) struct Measures {
    /// The race's measures at this table, seat by seat, or why there are
    /// none.
    pub table: Result<TableMeasures, String>,
    /// Two players' joint-state measures: whether asked, cut, or why not.
    pub joint: Joint,
    /// Played games, where some measures are not exact (and games were
    /// asked for).
    pub played: Option<Played>,
    /// Three or more players on a race: the measures that ask every
    /// seat's chance at every turn, from games played on the race's chain
    /// with each turn's chances exact (when games were asked for).
    pub by_chance: Option<PlayedMeasures>,
    /// Three or more players, `--joint`: the distribution of leader
    /// changes over every seat's joint state.
    pub leaders: Option<Leaders>,
}

/// The distribution of leader changes over the joint states at three or
/// more seats (as far as its budget let it go), or why not here.
pub(super) enum Leaders {
    Done { counts: LeaderCounts, budget: Duration },
    Not(String),
}

/// The two-seat measures over the joint states.
pub(super) enum Joint {
    /// Not asked for (`--joint`), at this table.
    NotAsked(Seats),
    /// Asked for at a table of other than two.
    NotTwo,
    /// Stopped at its budget, `done` of the way.
    Cut {
        budget: Duration,
        done: f64,
    },
    Done(TwoPlayers),
    /// Not exact here, or failed: why.
    Not(String),
}

impl Joint {
    pub fn exact(&self) -> Option<&TwoPlayers> {
        match self {
            Self::Done(e) => Some(e),
            _ => None,
        }
    }

    /// Why there are no joint measures, for people and for `--json`.
    fn why_not(&self) -> Option<(&'static str, String)> {
        match self {
            Self::Done(_) => None,
            Self::NotAsked(seats) if *seats == Seats::TWO => Some((
                "not_asked",
                "uncertainty, drama, favourite changes, the spread of lead changes and the chance to win when behind \
                 walk both seats' joint states: ask for them with --joint (under a time budget)"
                    .into(),
            )),
            Self::NotAsked(_) => Some((
                "not_asked",
                "uncertainty, drama, favourite changes and decided-at need every seat's chance at every turn: \
                 exact for two players (--players 2 --joint), played at a larger table (ask with --games 10000)"
                    .into(),
            )),
            Self::NotTwo => Some((
                "not_two_players",
                "uncertainty, drama, favourite changes and the rest are exact for two players (--players 2); \
                 at a larger table they are played (--games), and --joint gives the spread of leader changes"
                    .into(),
            )),
            Self::Cut { budget, done } => Some((
                "cut",
                format!(
                    "the joint-state measures were cut at their budget of {budget:?}, {:.0}% done; give --joint a longer one",
                    done * 100.0
                ),
            )),
            Self::Not(why) => Some(("not_exact", why.clone())),
        }
    }
}

/// What the command line asked of the section.
#[derive(Debug, Clone, Copy)]
pub(super) struct Asked {
    /// `--games`, `--seed`: games to play where the measures are not
    /// exact (0: none).
    pub games: u64,
    pub seed: u64,
    /// `--joint`: the joint-state measures, within this budget.
    pub joint: Option<Duration>,
}

/// The measures from played games.
pub(super) struct Played {
    pub games: u64,
    pub asked: u64,
    pub seed: u64,
    pub report: ExcitementReport,
}

/// The measures at a table of `players`, within `limit` (`--max-time`):
/// exact where they can be, and, where asked, the joint-state ones and
/// played games.
pub(super) fn measure(board: &Playable, seats: Seats, limit: Duration, asked: Asked) -> Measures {
    let started = Instant::now();
    let go_on = || started.elapsed() < limit;
    let chosen = chooser::Asked { joint: asked.joint.is_some(), games: asked.games };
    let table = match run_until(seat_by_seat_stepped(board, seats, &Meter::default()), go_on) {
        Some(table) => table,
        None => Err(format!("they took longer than --max-time {limit:?}")),
    };
    let plan = Plan::new(seats, chosen, table.is_ok());
    let joint = match (plan.joint, asked.joint) {
        (chooser::Joint::Run, Some(budget)) => {
            // Choices, where the rules give any, made at random.
            let meter = Meter::default();
            let work = two_players_stepped(board, Policy::Random, &meter);
            let joint_start = Instant::now();
            match run_until(work, || go_on() && joint_start.elapsed() < budget) {
                Some(Ok(e)) => Joint::Done(e),
                Some(Err(why)) => Joint::Not(why),
                None => {
                    Joint::Cut { budget: budget.min(limit.saturating_sub(joint_start - started)), done: meter.get() }
                }
            }
        }
        (chooser::Joint::Leaders, _) => Joint::NotTwo,
        _ => Joint::NotAsked(seats),
    };
    let leaders = match (plan.joint, asked.joint) {
        (chooser::Joint::Leaders, Some(budget)) => {
            let joint_start = Instant::now();
            let budget = budget.min(limit.saturating_sub(joint_start - started));
            let stop = || joint_start.elapsed() >= budget;
            Some(match ladderkit::core::work::run(leaders_stepped(board, seats, &Meter::default(), &stop)) {
                Ok(counts) => Leaders::Done { counts, budget },
                Err(why) => Leaders::Not(why),
            })
        }
        _ => None,
    };
    let played = Plan::played_games(chosen, joint.exact().is_some())
        .and_then(|games| play(board, seats, Asked { games, ..asked }, limit.saturating_sub(started.elapsed())));
    let by_chance = plan
        .by_chance
        .and_then(|games| {
            let (stop, meter) = (|_: f64| started.elapsed() >= limit, Meter::default());
            let work = by_chance_stepped(board, seats, games, asked.seed, &meter, &stop);
            ladderkit::core::work::run(work).ok()
        })
        .filter(|p| p.games > 0);
    Measures { table, joint, played, by_chance, leaders }
}

/// `asked.games` games with random bots on `board` (seat 1 opening, as
/// the exact measures), stopped after `limit`; `None` if none finished.
fn play(board: &Playable, seats: Seats, playing: Asked, limit: Duration) -> Option<Played> {
    let engine = Engine::from_board(board.clone(), seats, FirstPlayer::Seat1);
    let policies = Lineup::all(seats, Policy::Random);
    let options = SimOptions { excitement: true, ..SimOptions::new(playing.games, policies, playing.seed) };
    let (done, stop, start) = (AtomicU64::new(0), AtomicBool::new(false), Instant::now());
    let tally = std::thread::scope(|scope| {
        let worker = scope.spawn(|| simulate_until(&engine, &options, Some(&done), &stop).ok());
        super::super::simulate::watch(&done, playing.games, &worker, Some((start, limit, &stop)));
        worker.join()
    })
    .ok()??;
    let report = tally.report().excitement?;
    (tally.games > 0).then_some(Played { games: tally.games, asked: playing.games, seed: playing.seed, report })
}

/// The section of the report.
pub(super) fn report(s: &mut String, measures: &Measures) {
    exact_report(s, measures);
    if let Some(p) = &measures.played {
        let stopped = if p.games < p.asked { format!(" of {} asked (--max-time)", p.asked) } else { String::new() };
        let _ = writeln!(
            s,
            "\nExcitement from {} played games{stopped} (random bots, seed {}; 95% intervals), for what is not exact",
            p.games, p.seed
        );
        super::super::simulate::excitement_lines(s, &p.report);
    }
    if let Some(p) = &measures.by_chance {
        let _ = writeln!(
            s,
            "\nExcitement by win chance: from {} played games (seed {}; 95% intervals), each turn's chances exact",
            p.games, p.seed
        );
        let ci = |e: Estimate, scale: f64, digits: usize| {
            format!("{:.digits$} ± {:.digits$}", e.value * scale, 1.96 * e.se * scale)
        };
        let _ = writeln!(
            s,
            "  uncertainty        {} a turn: 1 when every seat is as likely to win",
            ci(p.uncertainty, 1.0, 3)
        );
        let _ = writeln!(
            s,
            "  drama              {} a turn: how far the eventual winner's chance lags the favourite's",
            ci(p.drama, 1.0, 3)
        );
        let _ = writeln!(
            s,
            "  favourite changes  {} a game: the seat most likely to win changes",
            ci(p.favourite_changes, 1.0, 2)
        );
        let _ = writeln!(
            s,
            "  decided at         {}% of the game: the winner's chance first passes {:.0}%",
            ci(p.decided_at, 100.0, 1),
            DECIDED * 100.0
        );
    }
}

/// The distribution of leader changes at three or more seats, or why
/// there is none.
fn leaders_report(s: &mut String, leaders: &Leaders) {
    match leaders {
        Leaders::Done { counts: l, budget } => {
            let c = &l.counts;
            let _ = writeln!(
                s,
                "  leader changes' spread, over the {} joint states (--joint): {}",
                l.states,
                chooser::leader_spread(l)
            );
            if l.cut {
                let _ = writeln!(
                    s,
                    "  (cut at its budget of {budget:?}: counted to {} changes, the chance of more is {:.1e}; give \
                     --joint a longer one for the rest)",
                    c.p.len().saturating_sub(1),
                    c.more
                );
            }
        }
        Leaders::Not(why) => {
            let _ = writeln!(s, "  (no spread of leader changes over the joint states: {why})");
        }
    }
}

/// The exact part of the section.
fn exact_report(s: &mut String, measures: &Measures) {
    if let Ok(t) = &measures.table {
        let _ = writeln!(s, "\nExcitement ({}, exact, seat by seat; docs/analysis.md)", t.seats);
        if let Some(lead) = t.lead_changes {
            let _ = writeln!(s, "  lead changes       {lead:.2} a game: the piece alone in front changes hands");
        }
        let _ = writeln!(
            s,
            "  leader changes     {:.2} a game: the seats furthest along change (joining or leaving a tie counts)",
            t.leader_changes
        );
        let _ = writeln!(
            s,
            "  comeback           {:.1}%: the winner was alone last at the end of round {}, half-way through a median game",
            t.comeback * 100.0,
            t.half_way_round
        );
        let _ =
            writeln!(s, "  photo finish       {:.1}%: another seat was one roll from winning", t.photo_finish * 100.0);
    }
    if let Some(leaders) = &measures.leaders {
        leaders_report(s, leaders);
    }
    let Some(exact) = measures.joint.exact() else {
        let why = measures.joint.why_not().map(|(_, why)| why).unwrap_or_default();
        match &measures.table {
            Ok(_) => {
                let _ = writeln!(s, "  ({why})");
            }
            Err(table_why) => {
                let _ = writeln!(s, "\nExcitement: not exact here ({table_why}); {why}");
                if measures.played.is_none() {
                    let _ = writeln!(s, "  (played games estimate them: --games 100000)");
                }
            }
        }
        return;
    };
    let e = exact.measures();
    let _ = writeln!(s, "\nExcitement over the joint states (two players, exact from {}; --joint)", exact.how());
    let (lead, fav) = (e.lead_changes, e.favourite_changes);
    let spread = e.lead_change_counts.as_ref().map_or(String::new(), |c| {
        let at = |q: f64| c.percentile(q);
        format!("; p10 {} · p50 {} · p90 {}", at(0.1), at(0.5), at(0.9))
    });
    let _ = writeln!(
        s,
        "  lead changes       {:.2} a game (sd {:.2}{spread}): the piece in front changes hands",
        lead.mean, lead.sd
    );
    let _ = writeln!(
        s,
        "  favourite changes  {:.2} a game (sd {:.2}): the seat more likely to win changes",
        fav.mean, fav.sd
    );
    if measures.table.is_err() {
        let _ = writeln!(
            s,
            "  comeback           {:.1}%: the winner was behind at the end of round {}, half-way through a median game",
            e.comeback * 100.0,
            e.half_way_round
        );
    }
    let _ = writeln!(
        s,
        "  uncertainty        {:.2} bits a turn: 1 is a coin toss all game, 0 a foregone result",
        e.uncertainty
    );
    let _ = writeln!(
        s,
        "  drama              {:.3} a turn: how far the eventual winner's chance lags the favourite's",
        e.drama
    );
    let _ = writeln!(
        s,
        "  decided at         {:.0}% of the game: the winner's chance first passes {:.0}%",
        e.decided_at * 100.0,
        DECIDED * 100.0
    );
    if measures.table.is_err() {
        let _ = writeln!(s, "  photo finish       {:.1}%: the loser was one roll from winning", e.photo_finish * 100.0);
    }
    trailing_table(s, e);
}

/// The chance to win when behind, at a quarter, a half, three quarters and
/// the whole of a median game.
fn trailing_table(s: &mut String, e: &ladderkit::analysis::Measures) {
    let rows = e.quarter_rows();
    if rows.is_empty() {
        return;
    }
    let t = &e.trailing;
    let bands = rows.iter().map(|r| r.chance.iter().rposition(Option::is_some).map_or(0, |i| i + 1)).max().unwrap_or(0);
    let _ = writeln!(s, "  chance to win when behind, by squares behind (columns) at the end of a round (rows)");
    let _ = write!(s, "  {:>9}", "");
    for b in 0..bands as u32 {
        let _ = write!(s, " {:>7}", format!("{}-{}", b * t.squares + 1, (b + 1) * t.squares));
    }
    s.push('\n');
    for row in rows {
        let _ = write!(s, "  round {:>3}", row.round);
        for c in row.chance.iter().take(bands) {
            let cell = c.map_or("—".to_string(), |c| format!("{:.1}%", c * 100.0));
            let _ = write!(s, " {cell:>7}");
        }
        s.push('\n');
    }
}

/// The JSON of the measures: `excitement_table` at any table (or
/// `excitement_table_not_exact` with why); `excitement`, the two-seat
/// joint-state measures (with `exact_by`: "race chain" or "solved game")
/// or null, with `excitement_status` ("done", "not_asked",
/// "not_two_players", "cut", "not_exact") and `excitement_not_exact`
/// saying why; `excitement_played` where games were played for what is
/// not exact, with `excitement_by_chance_played` at three or more players
/// on a race.
pub(super) fn to_json(json: &mut Value, measures: &Measures) {
    if let Some(p) = &measures.by_chance {
        let e = |e: Estimate| json!({ "value": e.value, "standard_error": e.se });
        json["excitement_by_chance_played"] = json!({
            "games": p.games,
            "seed": p.seed,
            "uncertainty": e(p.uncertainty),
            "drama": e(p.drama),
            "favourite_changes": e(p.favourite_changes),
            "decided_at": e(p.decided_at),
        });
    }
    if let Some(p) = &measures.played {
        let mut played = super::super::simulate::excitement_json(&p.report);
        played["games"] = json!(p.games);
        played["games_asked"] = json!(p.asked);
        played["seed"] = json!(p.seed);
        played["bots"] = json!("random");
        json["excitement_played"] = played;
    }
    match &measures.leaders {
        Some(Leaders::Done { counts: l, .. }) => {
            json["excitement_leader_changes"] = json!({
                "exact_by": "joint states",
                "players": l.seats.get(),
                "states": l.states,
                "distribution": l.counts.p,
                "more": l.counts.more,
                "cut": l.cut,
            });
        }
        Some(Leaders::Not(why)) => {
            json["excitement_leader_changes"] = Value::Null;
            json["excitement_leader_changes_not_exact"] = json!(why);
        }
        None => {}
    }
    match &measures.table {
        Ok(t) => {
            json["excitement_table"] = json!({
                "players": t.seats.get(),
                "exact_by": "seat by seat",
                "half_way_round": t.half_way_round,
                "comeback": t.comeback,
                "photo_finish": t.photo_finish,
                "leader_changes": t.leader_changes,
                "lead_changes": t.lead_changes,
                "rounds": t.rounds,
            });
        }
        Err(why) => json["excitement_table_not_exact"] = json!(why),
    }
    match (measures.joint.exact(), measures.joint.why_not()) {
        (Some(exact), _) => {
            let e = exact.measures();
            let spread = |s: Spread| json!({ "mean": s.mean, "sd": s.sd });
            let t = &e.trailing;
            let rows: Vec<Value> = t.rows.iter().map(|r| json!({ "round": r.round, "chance": r.chance })).collect();
            let trailing = json!({ "squares_per_column": t.squares, "rows": rows });
            let mut lead_changes = spread(e.lead_changes);
            if let Some(c) = &e.lead_change_counts {
                lead_changes["distribution"] = json!(c.p);
                lead_changes["more"] = json!(c.more);
            }
            json["excitement_status"] = json!("done");
            json["excitement"] = json!({
                "exact_by": match exact { TwoPlayers::Chain(_) => "race chain", TwoPlayers::Solved(_) => "solved game" },
                "lead_changes": lead_changes,
                "favourite_changes": spread(e.favourite_changes),
                "half_way_round": e.half_way_round,
                "comeback": e.comeback,
                "uncertainty": e.uncertainty,
                "drama": e.drama,
                "decided_at": e.decided_at,
                "photo_finish": e.photo_finish,
                "trailing": trailing,
            });
        }
        (None, why) => {
            let (status, why) = why.unwrap_or(("not_exact", String::new()));
            json["excitement"] = Value::Null;
            json["excitement_status"] = json!(status);
            json["excitement_not_exact"] = json!(why);
        }
    }
}

//! The Odds tab's Excitement section, as `ladderkit analyze` gives it: what
//! to work out and how is `ladderkit::excitement::Plan`'s choice, the
//! command line's too. At any table, once the race's figures show: the
//! measures seat by seat (leader and lead changes, the comeback, the photo
//! finish), about the analysis' own cost, as a job of its own. Only when
//! asked (`Intent::MoreExcitement`, `Asked::MORE`: what `--joint` and
//! `--games` ask): at two players the measures over both seats' joint
//! states, with a typical game to chart, another on request; at more, the
//! win-chance measures from played games and the spread of leader changes
//! over every seat's joint state (within `LEADERS_BUDGET`, as `--joint`).
//! Every job steps within the frame's budget and a newer design drops it.

use std::sync::Arc;

use ladderkit::analysis::{Course, LeaderCounts, PlayedMeasures, TableMeasures};
use ladderkit::core::work::Meter;
use ladderkit::core::{CompiledBoard, Seats};
use ladderkit::excitement::{
    Asked, Joint, Plan, TwoPlayers, by_chance_stepped, leaders_stepped, seat_by_seat_stepped, two_players_stepped,
};

use super::{Figures, Odds, OddsKey};
use crate::checks::Checks;
use crate::jobs::{FrameBudget, Job};

/// The measures of the latest design, and the run for a newer one.
#[derive(Default)]
pub struct Excitements {
    latest: Option<(OddsKey, Arc<Result<TwoPlayers, String>>)>,
    running: Option<(OddsKey, Job<Result<TwoPlayers, String>>)>,
    /// A typical game of the latest design's.
    course: Option<Course>,
    /// The latest design's measures seat by seat, and the run for a newer
    /// one.
    table: Option<(OddsKey, Result<TableMeasures, String>)>,
    tabling: Option<(OddsKey, Job<Result<TableMeasures, String>>)>,
    /// The design whose costly measures were asked for.
    asked: Option<OddsKey>,
    /// At three or more players: the win-chance measures from played
    /// games, and the run for a newer design.
    played: Option<(OddsKey, Result<PlayedMeasures, String>)>,
    playing: Option<(OddsKey, Job<Result<PlayedMeasures, String>>)>,
    /// At three or more players: the spread of leader changes over every
    /// seat's joint state, and the run for a newer design.
    leaders: Option<(OddsKey, Result<LeaderCounts, String>)>,
    leading: Option<(OddsKey, Job<Result<LeaderCounts, String>>)>,
}

/// How long the spread of leader changes may count before it shows what
/// it has (`ladderkit analyze --joint`'s default budget).
pub const LEADERS_BUDGET: std::time::Duration = std::time::Duration::from_secs(10);

/// The seed of the games played for the win-chance measures at three or
/// more players (`ladderkit analyze --players N`'s default).
pub const PLAYED_SEED: u64 = 1;

impl Excitements {
    /// The measures of the design `key` names, once worked out (or why
    /// they are not exact there).
    pub fn current(&self, key: OddsKey) -> Option<&Result<TwoPlayers, String>> {
        self.latest.as_ref().filter(|(k, _)| *k == key).map(|(_, e)| e.as_ref())
    }

    /// Asks for the costly measures of the design `key` names.
    pub fn ask(&mut self, key: OddsKey) {
        self.asked = Some(key);
    }

    /// Whether the costly measures of the design `key` names were asked for.
    pub fn asked(&self, key: OddsKey) -> bool {
        self.asked == Some(key)
    }

    /// The measures seat by seat at the table `key` names, once worked
    /// out, or why they are not exact.
    pub fn table(&self, key: OddsKey) -> Option<&Result<TableMeasures, String>> {
        self.table.as_ref().filter(|(k, _)| *k == key).map(|(_, t)| t)
    }

    /// The win-chance measures from played games at the table `key` names
    /// (three or more players), once played, or why there are none.
    pub fn played(&self, key: OddsKey) -> Option<&Result<PlayedMeasures, String>> {
        self.played.as_ref().filter(|(k, _)| *k == key).map(|(_, p)| p)
    }

    /// The spread of leader changes at the table `key` names (three or
    /// more players), once counted, or why there is none.
    pub fn leaders(&self, key: OddsKey) -> Option<&Result<LeaderCounts, String>> {
        self.leaders.as_ref().filter(|(k, _)| *k == key).map(|(_, l)| l)
    }

    /// The typical game shown with the measures.
    pub fn course(&self) -> Option<&Course> {
        self.course.as_ref()
    }

    /// The next typical game after the one shown, if the measures are of
    /// the design of `generation`, laid out as `board`.
    pub fn another_course(&mut self, generation: u64, board: &CompiledBoard) {
        let Some((key, latest)) = &self.latest else { return };
        if key.generation != generation {
            return;
        }
        let Ok(e) = latest.as_ref() else { return };
        let next = self.course.as_ref().map_or(1, |c| c.seed + 1);
        self.course = e.typical_course(board, next);
    }
}

/// Starts the runs once the design's exact figures show (the costly ones
/// once asked for), steps them within the frame's budget, and keeps their
/// results.
pub(super) fn update(odds: &mut Odds, checks: &Checks, key: OddsKey, budget: &mut FrameBudget) {
    let ex = &mut odds.excitement;
    drop_stale(&mut ex.running, key);
    drop_stale(&mut ex.playing, key);
    drop_stale(&mut ex.tabling, key);
    drop_stale(&mut ex.leading, key);
    // Exact figures for the race, or the solved game where pieces meet.
    let exact = matches!(odds.latest.as_ref(), Some(r) if r.key == key && matches!(r.outcome, Ok(Figures::Exact(_) | Figures::Solved(_))));
    if key.players >= Seats::TWO && exact && ex.table(key).is_none() {
        tabulate(ex, checks, key, budget);
    }
    let asked = if ex.asked(key) { Asked::MORE } else { Asked::default() };
    let plan = Plan::new(key.players, asked, matches!(ex.table(key), Some(Ok(_))));
    if let Some(games) = plan.by_chance
        && ex.played(key).is_none()
    {
        play(ex, checks, key, games, budget);
    }
    if plan.joint == Joint::Leaders && ex.leaders(key).is_none() {
        lead(ex, checks, key, budget);
    }
    if plan.joint != Joint::Run || !exact || ex.current(key).is_some() {
        return;
    }
    if ex.running.is_none() {
        let Some(board) = checks.compiled.playable() else { return };
        let bots = key.bots;
        let work = async move { two_players_stepped(&board, bots, &Meter::default()).await };
        let job = Job::new("excitement, two players", work);
        ex.running = Some((key, job));
    }
    if let Some((_, job)) = ex.running.as_mut()
        && let Some(done) = job.run(budget)
    {
        ex.running = None;
        ex.course = done.as_ref().ok().and_then(|e| e.typical_course(&checks.compiled.board, 1));
        ex.latest = Some((key, Arc::new(done)));
    }
}

/// Drops the run of an older design (that stops it).
fn drop_stale<T>(running: &mut Option<(OddsKey, Job<T>)>, key: OddsKey) {
    if running.as_ref().is_some_and(|(k, _)| *k != key) {
        *running = None;
    }
}

/// Starts the design's run in `running` with `start` unless one runs,
/// steps it within the frame's budget, and keeps its result in `done`.
fn step<T>(
    running: &mut Option<(OddsKey, Job<T>)>,
    done: &mut Option<(OddsKey, T)>,
    key: OddsKey,
    budget: &mut FrameBudget,
    start: impl FnOnce() -> Job<T>,
) {
    let (_, job) = running.get_or_insert_with(|| (key, start()));
    if let Some(out) = job.run(budget) {
        *running = None;
        *done = Some((key, out));
    }
}

/// Starts or steps the measures seat by seat.
fn tabulate(ex: &mut Excitements, checks: &Checks, key: OddsKey, budget: &mut FrameBudget) {
    step(&mut ex.tabling, &mut ex.table, key, budget, || {
        let board = checks.compiled.board.clone();
        Job::new("excitement, seat by seat", async move {
            seat_by_seat_stepped(&board, key.players, &Meter::default()).await
        })
    });
}

/// Starts or steps the spread of leader changes at a table of three or
/// more, which shows what it counted once `LEADERS_BUDGET` has passed.
fn lead(ex: &mut Excitements, checks: &Checks, key: OddsKey, budget: &mut FrameBudget) {
    step(&mut ex.leading, &mut ex.leaders, key, budget, || {
        let board = checks.compiled.board.clone();
        Job::new("leader changes", async move {
            let started = bevy::platform::time::Instant::now();
            let stop = move || started.elapsed() >= LEADERS_BUDGET;
            leaders_stepped(&board, key.players, &Meter::default(), &stop).await
        })
    });
}

/// Starts or steps the `games` played at a table of three or more.
fn play(ex: &mut Excitements, checks: &Checks, key: OddsKey, games: u64, budget: &mut FrameBudget) {
    step(&mut ex.playing, &mut ex.played, key, budget, || {
        let board = checks.compiled.board.clone();
        Job::new("played games", async move {
            by_chance_stepped(&board, key.players, games, PLAYED_SEED, &Meter::default(), &|_| false).await
        })
    });
}

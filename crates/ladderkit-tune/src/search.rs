//! The search: simulated annealing over the board's jumps, seeded and
//! deterministic. Every candidate is compiled (so a board with check errors
//! is never kept) and judged by `Metrics::compute`, which works out only
//! what the targets need.

use ladderkit_analysis::{AnalysisError, Metrics};
use std::collections::BTreeMap;

use ladderkit_core::diagnostic::{Code, Severity};
use ladderkit_core::spec::{Jump, SpaceEffect, VariantSpec};
use ladderkit_core::work::{Meter, cancellable, pause, run};
use ladderkit_core::{Compiled, compile};
use ladderkit_engine::GameRng;

use crate::diff::{Edit, edits, effect_edits};
use crate::edit::{Layout, propose};
use crate::effects::{Kind, first_turn_win, new_effect};
use crate::goal::Goal;
use crate::limits::Limits;
use crate::spaces::Spaces;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub seed: u64,
    /// Start from a board with no jumps but the kept ones (`ladderkit new`).
    pub fresh: bool,
    /// Keep my layout, 0 to 100: how much each jump moved from the
    /// design costs the search. At 0 an edit must buy a 0.2% gain towards
    /// the targets, at 100 a 5% one (the cost grows geometrically between).
    pub keep_layout: u32,
}

impl Settings {
    /// What one jump that differs from the start board costs, in the
    /// targets' units.
    pub fn edit_cost(&self) -> f64 {
        EDIT_COST * (MOST_EDIT_COST / EDIT_COST).powf(f64::from(self.keep_layout.min(100)) / 100.0)
    }
}

/// How the search is doing, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Candidate boards judged so far.
    pub evaluated: u64,
    /// Candidates thrown away because they had check errors.
    pub rejected: u64,
    pub best_score: f64,
    pub best: Metrics,
    /// The search is over and its unneeded edits are being taken back.
    pub tidying: bool,
}

/// Of a time budget, the share the search has before it stops; taking
/// back its unneeded edits may go on until `TIDIED`, which leaves the rest
/// for the caller's own reporting.
const SEARCHED: f64 = 0.8;
const TIDIED: f64 = 0.9;

impl Progress {
    /// What to tell the search when `used` of its time budget (0 to 1) is
    /// gone by the clock: how far the annealing has cooled, or stop.
    pub fn by_clock(&self, used: f64) -> Option<f64> {
        if self.tidying { (used < TIDIED).then_some(1.0) } else { (used < SEARCHED).then_some(used / SEARCHED) }
    }
}

/// Candidates between two calls of the caller's control.
pub const CHECK_EVERY: u64 = 64;

#[derive(Debug, Clone, PartialEq)]
pub enum TuneError {
    /// The board to start from has check errors.
    HasErrors,
    /// Pieces interact, so there are no exact odds to tune with.
    NoExactOdds(String),
    /// The limits contradict themselves or the board.
    Limits(Vec<String>),
    /// No board within the limits could be built.
    NoBoard(String),
}

impl std::fmt::Display for TuneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::HasErrors => f.write_str("the board has errors; fix them before tuning (`ladderkit validate`)"),
            Self::NoExactOdds(why) => write!(f, "tuning needs exact odds, and this variant has none: {why}"),
            Self::Limits(problems) => f.write_str(&problems.join("; ")),
            Self::NoBoard(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for TuneError {}

/// What the search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Tuned {
    /// The best board found (the start, if nothing was better).
    pub spec: VariantSpec,
    /// The start's and the best board's figures (the targets' only).
    pub start: Metrics,
    pub best: Metrics,
    /// How far the best board misses the targets beyond their tolerance
    /// (`Goal::score`), 0 when met.
    pub best_score: f64,
    pub edits: Vec<Edit>,
    /// Every target is reached.
    pub met: bool,
    pub evaluated: u64,
    pub rejected: u64,
}

/// Temperatures of the schedule, in units of relative miss: early on a
/// candidate 5% worse is taken about one time in three.
const HOT: f64 = 0.05;
const COLD: f64 = 1e-4;

/// What each jump that differs from the start board costs, in the same
/// units: the search keeps the design unless an edit buys a real gain.
const EDIT_COST: f64 = 0.002;
/// The same at "keep my layout" 100.
const MOST_EDIT_COST: f64 = 0.05;

/// How many jumps and effects differ between two boards (both ways, so a
/// moved one counts twice).
fn changes(start: &(Vec<(u32, u32)>, Vec<SpaceEffect>), layout: &Layout) -> usize {
    let mut now: Vec<(u32, u32)> = layout.jumps.iter().map(|j| (j.from, j.to)).collect();
    now.sort_unstable();
    let common = now.iter().filter(|j| start.0.binary_search(j).is_ok()).count();
    let effects_common = layout.effects.iter().filter(|e| start.1.contains(e)).count();
    (now.len() - common)
        + (start.0.len() - common)
        + (layout.effects.len() - effects_common)
        + (start.1.len() - effects_common)
}

/// Tunes `spec`'s jumps towards `goal` within `limits`. `control` is asked
/// every `CHECK_EVERY` candidates, and at every pause while one board is
/// judged, how much of the search's time is used (0 to 1, which cools the
/// annealing) or `None` to stop now; the search also stops once every
/// target is met. Then the edits the result does not need are taken back
/// (`Progress::tidying`) until `control` says stop. The same seed and the
/// same answers from `control` give the same board.
pub fn tune(
    spec: &VariantSpec,
    goal: &Goal,
    limits: &Limits,
    settings: &Settings,
    control: &mut dyn FnMut(&Progress) -> Option<f64>,
) -> Result<Tuned, TuneError> {
    run(tune_stepped(spec, goal, limits, settings, control))
}

/// `tune` as work that pauses after every candidate
/// (`ladderkit_core::work`), for the editor to step within its frames.
pub async fn tune_stepped<C: FnMut(&Progress) -> Option<f64> + ?Sized>(
    spec: &VariantSpec,
    goal: &Goal,
    limits: &Limits,
    settings: &Settings,
    control: &mut C,
) -> Result<Tuned, TuneError> {
    let compiled = compile(spec);
    if compiled.has_errors() {
        return Err(TuneError::HasErrors);
    }
    if spec.random_jumps.is_some() {
        return Err(TuneError::NoBoard(
            "this variant deals its snakes and ladders afresh each game (`random_jumps`): there is no one board to \
             tune; write one game's board out with `ladderkit deal FILE --game N -o board.ron` and tune that"
                .into(),
        ));
    }
    let mut problems = limits.problems(&spec.jumps);
    problems.extend(limits.effects.iter().flat_map(|e| e.problems(&spec.effects)));
    if !problems.is_empty() {
        return Err(TuneError::Limits(problems));
    }
    let wanted = goal.wanted();
    let spaces = Spaces::of(&compiled.board);
    let mut rng = GameRng::seed(settings.seed);
    let allowed = Allowed::of(&compiled);
    let start_layout = within_limits(spec, settings.fresh, limits, &spaces, &allowed, &mut rng).await?;
    // A seat that can win in its first turn, by extra turns, only where
    // the board could already (the guard matters where effects move).
    let first_turn_wins = limits.effects.is_none() || first_turn_win(&compiled.board);
    let mut judge = Judge { work: spec.clone(), wanted, allowed, first_roll_wins: true, first_turn_wins, fewest: None };
    let drawn = Layout { jumps: spec.jumps.clone(), effects: spec.effects.clone() };
    let mut progress =
        Progress { evaluated: 0, rejected: 0, best_score: f64::INFINITY, best: Metrics::default(), tidying: false };
    let start = match judge.judge(&drawn, || control(&progress).is_some()).await? {
        Verdict::Figures(m) => m,
        Verdict::Broken => return Err(TuneError::HasErrors),
        Verdict::Stopped => return Err(out_of_time()),
    };
    // A game won on the first roll is kept only where the board had one.
    judge.first_roll_wins = judge.fewest.is_some_and(|f| f <= 1);
    let mut original: Vec<(u32, u32)> = spec.jumps.iter().map(|j| (j.from, j.to)).collect();
    original.sort_unstable();
    let original = (original, spec.effects.clone());
    let edit_cost = settings.edit_cost();
    let score = |m: &Metrics, layout: &Layout| goal.score(m) + edit_cost * changes(&original, layout) as f64;
    let mut current = match judge.judge(&start_layout, || control(&progress).is_some()).await? {
        Verdict::Figures(m) => (start_layout.clone(), m),
        Verdict::Broken => return Err(TuneError::NoBoard("the board within the limits has check errors".into())),
        Verdict::Stopped => return Err(out_of_time()),
    };
    let mut current_score = score(&current.1, &current.0);
    let mut best = current.clone();
    let mut best_score = current_score;
    let (mut evaluated, mut rejected) = (0u64, 0u64);
    let mut temperature = HOT;
    while !goal.met(&best.1) {
        progress = Progress { evaluated, rejected, best_score: goal.score(&best.1), best: best.1, tidying: false };
        if evaluated.is_multiple_of(CHECK_EVERY) {
            match control(&progress) {
                Some(used) if used < 1.0 => temperature = HOT * (COLD / HOT).powf(used.clamp(0.0, 1.0)),
                _ => break,
            }
        }
        evaluated += 1;
        pause().await;
        let Some(change) = propose(&current.0, &spaces, limits, &mut rng) else { continue };
        let mut layout = current.0.clone();
        change.apply(&mut layout);
        let metrics = match judge.judge(&layout, || control(&progress).is_some()).await? {
            Verdict::Figures(m) => m,
            Verdict::Broken => {
                rejected += 1;
                continue;
            }
            Verdict::Stopped => break,
        };
        let candidate_score = score(&metrics, &layout);
        if goal.met(&metrics) {
            best = (layout, metrics);
            break;
        }
        let accept = candidate_score <= current_score || {
            rng.unit() < (-(candidate_score - current_score) / temperature).exp()
        };
        if accept {
            current = (layout, metrics);
            current_score = candidate_score;
            if candidate_score < best_score {
                best = current.clone();
                best_score = candidate_score;
            }
        }
    }
    progress = Progress { evaluated, rejected, best_score: goal.score(&best.1), best: best.1, tidying: true };
    let go_on = || control(&progress).is_some();
    let best = simplify(&drawn, best, (limits, &spaces), &mut judge, goal, &mut evaluated, go_on).await?;
    let met = goal.met(&best.1);
    let best_score = goal.score(&best.1);
    let mut out = spec.clone();
    (out.jumps, out.effects) = (best.0.jumps, best.0.effects);
    let mut all_edits = edits(&spec.jumps, &out.jumps);
    all_edits.extend(effect_edits(&spec.effects, &out.effects));
    Ok(Tuned { edits: all_edits, spec: out, start, best: best.1, best_score, met, evaluated, rejected })
}

/// Compiles and judges candidates on one spec kept for the purpose.
struct Judge {
    work: VariantSpec,
    wanted: ladderkit_analysis::Wanted,
    allowed: Allowed,
    /// Whether a board may be won on the first roll (only if the start
    /// board could be).
    first_roll_wins: bool,
    /// Whether a seat may win in its first turn by extra turns.
    first_turn_wins: bool,
    /// The fewest rolls of the board judged last.
    fewest: Option<u32>,
}

/// The warnings a proposal may have: those of the board it starts from,
/// as many of each kind and no more. A search must not hand back a board
/// the checks find fault with where the designer's had none (a snake that
/// lands on a ladder's foot).
struct Allowed(BTreeMap<Code, usize>);

impl Allowed {
    fn of(compiled: &Compiled) -> Self {
        Self(warnings(compiled))
    }

    fn admits(&self, compiled: &Compiled) -> bool {
        !compiled.has_errors() && warnings(compiled).iter().all(|(code, n)| self.0.get(code).is_some_and(|m| n <= m))
    }
}

fn warnings(compiled: &Compiled) -> BTreeMap<Code, usize> {
    let mut count = BTreeMap::new();
    for d in compiled.diagnostics.iter().filter(|d| d.severity == Severity::Warning) {
        *count.entry(d.code).or_insert(0) += 1;
    }
    count
}

/// What judging one board came to.
enum Verdict {
    Figures(Metrics),
    /// It has check errors (or traps).
    Broken,
    /// Told to stop before the figures were worked out.
    Stopped,
}

impl Judge {
    /// The candidate's figures, asking `go_on` at every pause on the way
    /// (a figure on a huge board can take minutes).
    async fn judge(&mut self, layout: &Layout, go_on: impl FnMut() -> bool + Unpin) -> Result<Verdict, TuneError> {
        self.work.jumps.clone_from(&layout.jumps);
        self.work.effects.clone_from(&layout.effects);
        let compiled = compile(&self.work);
        if !self.allowed.admits(&compiled) || (!self.first_turn_wins && first_turn_win(&compiled.board)) {
            return Ok(Verdict::Broken);
        }
        let Some(board) = compiled.into_playable() else { return Ok(Verdict::Broken) };
        let meter = Meter::default();
        let wanted = ladderkit_analysis::Wanted { fewest: true, ..self.wanted };
        match cancellable(Metrics::compute_stepped(&board, &wanted, &meter), go_on).await {
            None => Ok(Verdict::Stopped),
            Some(Ok(m)) => {
                self.fewest = m.fewest_rolls;
                if !self.first_roll_wins && m.fewest_rolls.is_some_and(|f| f <= 1) {
                    return Ok(Verdict::Broken);
                }
                Ok(Verdict::Figures(self.strip(m)))
            }
            Some(Err(AnalysisError::Interacting(why) | AnalysisError::NotExact(why))) => {
                Err(TuneError::NoExactOdds(why))
            }
            Some(Err(_)) => Ok(Verdict::Broken),
        }
    }
}

impl Judge {
    /// The figures the targets asked for, and no others.
    fn strip(&self, mut m: Metrics) -> Metrics {
        if !self.wanted.fewest {
            m.fewest_rolls = None;
        }
        m
    }
}

fn out_of_time() -> TuneError {
    TuneError::NoBoard(
        "the time ran out before the board's own figures were worked out: on a board this large one judgement \
         takes longer than the time given; give more time"
            .into(),
    )
}

/// Takes back every edit the result does not need: one at a time, an edit
/// is undone if the board still meets the targets (or, if it met none,
/// misses them by no more), until no undo helps or `go_on` says stop. A
/// search wanders, so this is what keeps the designer's board
/// recognisable.
async fn simplify(
    original: &Layout,
    mut best: (Layout, Metrics),
    (limits, spaces): (&Limits, &Spaces),
    judge: &mut Judge,
    goal: &Goal,
    evaluated: &mut u64,
    mut go_on: impl FnMut() -> bool,
) -> Result<(Layout, Metrics), TuneError> {
    let met = goal.met(&best.1);
    for _pass in 0..3 {
        let mut undone = false;
        let mut all = edits(&original.jumps, &best.0.jumps);
        all.extend(effect_edits(&original.effects, &best.0.effects));
        for edit in all {
            let mut layout = best.0.clone();
            let (jumps, effects) = (&mut layout.jumps, &mut layout.effects);
            match edit {
                Edit::Moved { from, to } => {
                    if let Some(j) = jumps.iter_mut().find(|j| **j == to) {
                        *j = from;
                    }
                }
                Edit::Added(j) => jumps.retain(|k| *k != j),
                Edit::Removed(j) => jumps.push(j),
                Edit::EffectMoved { from, to } => {
                    if let Some(e) = effects.iter_mut().find(|e| **e == to) {
                        *e = from;
                    }
                }
                Edit::EffectAdded(e) => effects.retain(|k| *k != e),
                Edit::EffectRemoved(e) => effects.push(e),
            }
            let effects_ok = limits.effects.as_ref().is_none_or(|e| e.allows(&layout.effects, &layout.jumps, spaces));
            if !limits.allows(&layout.jumps) || !effects_ok {
                continue;
            }
            if !go_on() {
                return Ok(best);
            }
            *evaluated += 1;
            pause().await;
            let metrics = match judge.judge(&layout, &mut go_on).await? {
                Verdict::Figures(m) => m,
                Verdict::Broken => continue,
                Verdict::Stopped => return Ok(best),
            };
            let keeps = if met { goal.met(&metrics) } else { goal.score(&metrics) <= goal.score(&best.1) };
            if keeps {
                best = (layout, metrics);
                undone = true;
            }
        }
        if !undone {
            break;
        }
    }
    Ok(best)
}

/// The jumps to start from: the board's (or none but the kept ones, when
/// fresh) with those breaking the limits taken out, then jumps added or
/// removed at random until the counts are within the limits.
async fn within_limits(
    spec: &VariantSpec,
    fresh: bool,
    limits: &Limits,
    spaces: &Spaces,
    allowed: &Allowed,
    rng: &mut GameRng,
) -> Result<Layout, TuneError> {
    let mut jumps: Vec<Jump> = Vec::new();
    for j in &spec.jumps {
        let keep = limits.is_kept(j) || (!fresh && limits.allows_jump(j));
        let mut with = jumps.clone();
        with.push(*j);
        if keep && (limits.is_kept(j) || limits.allows_layout(&with)) {
            jumps = with;
        }
    }
    let count = |jumps: &[Jump], ladder: bool| jumps.iter().filter(|j| (j.to > j.from) == ladder).count() as u32;
    let mut work = spec.clone();
    for (ladder, range) in [(true, &limits.ladders), (false, &limits.snakes)] {
        while count(&jumps, ladder) > *range.end() {
            let Some(i) = jumps.iter().rposition(|j| (j.to > j.from) == ladder && !limits.is_kept(j)) else { break };
            jumps.remove(i);
        }
        let mut tries = 0;
        while count(&jumps, ladder) < *range.start() {
            tries += 1;
            pause().await;
            if tries > 20_000 {
                let kind = if ladder { "ladders" } else { "snakes" };
                return Err(TuneError::NoBoard(format!(
                    "could not place {} {kind} on this board within the limits (length, free spaces, chains)",
                    range.start()
                )));
            }
            let (a, b) = (spaces.random(rng), spaces.random(rng));
            let j = if ladder { Jump::new(a.min(b), a.max(b)) } else { Jump::new(a.max(b), a.min(b)) };
            let mut with = jumps.clone();
            with.push(j);
            if a == b || !limits.allows_jump(&j) || j.from == spaces.goal || Some(j.from) == spaces.start {
                continue;
            }
            if !limits.allows_layout(&with) {
                continue;
            }
            work.jumps = with.clone();
            if allowed.admits(&compile(&work)) {
                jumps = with;
            }
        }
    }
    let effects = match &limits.effects {
        None => spec.effects.clone(),
        Some(e) => effects_within(spec, &jumps, e, spaces, allowed, rng).await?,
    };
    Ok(Layout { jumps, effects })
}

/// The effects to start from: the board's, those the search may not place
/// where they are taken out, the kinds beyond their counts thinned, then
/// effects placed at random until every count is within the limits.
async fn effects_within(
    spec: &VariantSpec,
    jumps: &[Jump],
    limits: &crate::effects::EffectLimits,
    spaces: &Spaces,
    allowed: &Allowed,
    rng: &mut GameRng,
) -> Result<Vec<SpaceEffect>, TuneError> {
    let mut effects: Vec<SpaceEffect> = Vec::new();
    for e in &spec.effects {
        let mut with = effects.clone();
        with.push(*e);
        if !limits.movable(e) || limits.allows_each(&with, jumps, spaces) {
            effects = with;
        }
    }
    let mut work = spec.clone();
    work.jumps = jumps.to_vec();
    for kind in Kind::ALL {
        let range = limits.range(kind);
        while crate::effects::count(&effects, kind) > *range.end() {
            let Some(i) = effects.iter().rposition(|e| Kind::of(&e.effect) == Some(kind) && limits.movable(e)) else {
                break;
            };
            effects.remove(i);
        }
        let mut tries = 0;
        while crate::effects::count(&effects, kind) < *range.start() {
            tries += 1;
            pause().await;
            if tries > 20_000 {
                return Err(TuneError::NoBoard(format!(
                    "could not place {} {kind:?} spaces on this board within the limits",
                    range.start()
                )));
            }
            let mut with = effects.clone();
            with.push(new_effect(kind, spaces.random(rng), limits, rng));
            if !limits.allows_each(&with, jumps, spaces) {
                continue;
            }
            work.effects = with.clone();
            if allowed.admits(&compile(&work)) {
                effects = with;
            }
        }
    }
    Ok(effects)
}

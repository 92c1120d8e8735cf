//! Bots choose among the legal plans through the same interface as people.

use std::sync::Arc;

use ladderkit_core::{Seats, SeatsError};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::engine::{Engine, Plan, Workspace};
use crate::rng::GameRng;
use crate::state::{State, TurnKind};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Policy {
    /// Any legal plan, uniformly.
    Random,
    /// The plan with the best race margin (spaces ahead of the best
    /// other player) right after it.
    Greedy,
    /// Expectimax two plies deep over expected values: the plan whose
    /// expected margin, in moves still needed (so the foot of a ladder is
    /// worth its top), is best after the next player rolls (every roll
    /// weighed by its chance) and answers as well as they can.
    Lookahead,
    /// The solved strategy: the plan after which its chance to win is
    /// highest, as the `Judge` in its `BotScratch` rates positions (an
    /// exact solver's values, `ladderkit_solve::Perfect`). Whoever seats
    /// it installs the judge; without one it plays as `Lookahead` does.
    Perfect,
}

/// Who plays each seat of a table: one policy per seat, checked against
/// the table when made, so a simulation cannot seat more bots or fewer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lineup {
    seats: Seats,
    policies: Vec<Policy>,
}

impl Lineup {
    /// `policies[i]` plays seat `i + 1`; refuses a list that is not one per
    /// seat.
    pub fn new(seats: Seats, policies: Vec<Policy>) -> Result<Self, SeatsError> {
        seats.check_list("bots", policies.len())?;
        Ok(Self { seats, policies })
    }

    /// `policy` in every seat.
    pub fn all(seats: Seats, policy: Policy) -> Self {
        Self { seats, policies: vec![policy; seats.count()] }
    }

    pub fn seats(&self) -> Seats {
        self.seats
    }
}

impl std::ops::Deref for Lineup {
    type Target = [Policy];
    fn deref(&self) -> &[Policy] {
        &self.policies
    }
}

/// Rates positions for the perfect bot.
pub trait Judge: std::fmt::Debug + Send + Sync {
    /// `me`'s chance to win from `after`: a position between turns, or a
    /// finished game.
    fn worth(&self, after: &State, me: u8) -> f64;
}

impl Policy {
    pub const ALL: [Policy; 4] = [Self::Random, Self::Greedy, Self::Lookahead, Self::Perfect];

    pub fn name(self) -> &'static str {
        match self {
            Self::Random => "random",
            Self::Greedy => "greedy",
            Self::Lookahead => "lookahead",
            Self::Perfect => "perfect",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == text)
    }

    /// Picks an index into `plans` for the current player of `state`.
    pub fn choose(
        self,
        engine: &Engine,
        state: &State,
        plans: &[Plan],
        rng: &mut GameRng,
        bot: &mut BotScratch,
    ) -> usize {
        if plans.len() <= 1 {
            return 0;
        }
        let me = state.current;
        if self == Self::Random {
            return rng.below(plans.len() as u32) as usize;
        }
        best(plans, |plan| {
            bot.after.clone_from(state);
            engine.apply(&mut bot.after, plan, &mut ());
            self.score_after(engine, me, bot).unwrap_or(0.0)
        })
    }

    /// How a scoring bot rates the position `after` for `me` (the state its
    /// plan leads to); `None` for `Random`, which does not score. `choose`
    /// takes the first plan with the highest score. The score reads only
    /// where pieces are and what they owe, never the counters of rolls and
    /// turns, so exact solvers can rate each position once.
    pub fn score(self, engine: &Engine, after: &State, me: u8, bot: &mut BotScratch) -> Option<f64> {
        bot.after.clone_from(after);
        self.score_after(engine, me, bot)
    }

    fn score_after(self, engine: &Engine, me: u8, bot: &mut BotScratch) -> Option<f64> {
        match self {
            Self::Random => None,
            Self::Greedy => Some(race_margin(engine, &bot.after, me)),
            Self::Perfect if bot.judge.is_some() => bot.judge.as_ref().map(|j| j.worth(&bot.after, me)),
            Self::Lookahead | Self::Perfect => Some(remembered_lookahead(engine, me, bot)),
        }
    }
}

/// Buffers bots reuse between decisions, and the perfect bot's judge.
#[derive(Debug, Clone, Default)]
pub struct BotScratch {
    after: State,
    probe: State,
    reply: State,
    answer: State,
    ws: Workspace,
    /// Lookahead: the value of each reply roll `b, a` for `a < b`, worked
    /// out with the roll `a, b` (`expected_after_reply`).
    pairs: Vec<f64>,
    memo: Memo,
    judge: Option<Arc<dyn Judge>>,
}

/// Lookahead values already worked out. A value is a function of the
/// engine, the seat and the position (`State::write_key`) alone, and games
/// meet the same positions again and again (two-player Treehouse has about
/// 12,000), so a position met before costs a lookup instead of hundreds of
/// replayed plans, with the very same value.
#[derive(Debug, Clone, Default)]
struct Memo {
    /// The `Engine::id` the values belong to.
    engine: u64,
    key: Vec<u8>,
    values: FxHashMap<Box<[u8]>, f64>,
}

/// Positions remembered before the memo starts afresh (about 100 bytes
/// each with two players: some 30 MB per thread at most).
const MEMO_LIMIT: usize = 1 << 18;

impl BotScratch {
    /// Scratch whose perfect bot plays by `judge`.
    pub fn with_judge(judge: Option<Arc<dyn Judge>>) -> Self {
        Self { judge, ..Self::default() }
    }
}

fn best(plans: &[Plan], mut score: impl FnMut(&Plan) -> f64) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, plan) in plans.iter().enumerate() {
        let s = score(plan);
        if s > best.1 {
            best = (i, s);
        }
    }
    best.0
}

/// `expected_after_reply`, looked up in the memo when the position was
/// met before.
fn remembered_lookahead(engine: &Engine, me: u8, bot: &mut BotScratch) -> f64 {
    let memo = &mut bot.memo;
    if memo.engine != engine.id() {
        memo.values.clear();
        memo.engine = engine.id();
    }
    memo.key.clear();
    memo.key.push(me);
    bot.after.write_key(&mut memo.key);
    if let Some(value) = memo.values.get(memo.key.as_slice()) {
        return *value;
    }
    let value = expected_after_reply(engine, me, bot);
    let memo = &mut bot.memo;
    if memo.values.len() >= MEMO_LIMIT {
        memo.values.clear();
    }
    memo.values.insert(memo.key.as_slice().into(), value);
    value
}

/// The expected margin for `me` once the next player has rolled and
/// answered greedily, from `bot.after`.
fn expected_after_reply(engine: &Engine, me: u8, bot: &mut BotScratch) -> f64 {
    if bot.after.is_over() || bot.after.current == me {
        return margin(engine, &bot.after, me);
    }
    let sides = engine.board().dice.sides as u8;
    bot.probe.clone_from(&bot.after);
    let Some(kind) = engine.prepare_turn(&mut bot.probe, &mut ()) else { return margin(engine, &bot.probe, me) };
    let (mut total, mut weight) = (0.0, 0.0);
    if kind != TurnKind::Split {
        // One die: its second slot stays 0.
        for a in 1..=sides {
            total += answers(engine, me, bot, kind, a, 0)[0];
            weight += 1.0;
        }
        return total / weight;
    }
    // The roll b, a lists the plans a, b lists, in another order, so one
    // pass over them answers both (`answers`); each roll's value is still
    // added in its own place, so the sum is the same to the last bit.
    let width = usize::from(sides) + 1;
    bot.pairs.clear();
    bot.pairs.resize(width * width, 0.0);
    for a in 1..=sides {
        for b in 1..=sides {
            let (i, j) = (usize::from(a), usize::from(b));
            total += if a > b {
                bot.pairs[j * width + i]
            } else {
                let [value, swapped] = answers(engine, me, bot, kind, a, b);
                bot.pairs[i * width + j] = swapped;
                value
            };
            weight += 1.0;
        }
    }
    total / weight
}

/// `me`'s margin after the next player's first best answer by their own
/// margin, to the roll `a`, `b` from `bot.probe` and to the roll `b`, `a`.
///
/// `Engine::legal_plans` lists a split turn's plans in blocks, by class
/// pairing (a first move of your own piece, then of another's) and then by
/// dice order, and within a block in the same order for either roll: the
/// roll `a`, `b` lists the blocks (own, a b), (own, b a), (other, a b),
/// (other, b a), and the roll `b`, `a` swaps the orders within each
/// pairing. The first best of a list is the first best of the first block
/// with the highest best, so each block's first best answers both rolls.
/// (Dropping repeated plans changes nothing: a repeat is worth what its
/// first listing is.)
fn answers(engine: &Engine, me: u8, bot: &mut BotScratch, kind: TurnKind, a: u8, b: u8) -> [f64; 2] {
    bot.reply.clone_from(&bot.probe);
    engine.set_dice(&mut bot.reply, kind, [a, b], &mut ());
    engine.legal_plans(&bot.reply, &mut bot.ws);
    let them = bot.reply.current;
    // [pairing][order]: the block's best for them, and its value for me.
    let mut blocks = [[(f64::NEG_INFINITY, 0.0); 2]; 2];
    for plan in &bot.ws.plans {
        let block = match plan.moves[0] {
            Some(first) => {
                let other = bot.reply.pieces[usize::from(first.piece)].owner != them;
                &mut blocks[usize::from(other)][usize::from(first.die != a)]
            }
            None => &mut blocks[0][0],
        };
        bot.answer.clone_from(&bot.reply);
        engine.apply(&mut bot.answer, plan, &mut ());
        let [theirs, mine] = margins(engine, &bot.answer, them, me);
        if theirs > block.0 {
            *block = (theirs, mine);
        }
    }
    first_bests(&blocks)
}

/// The answers to the rolls `a, b` and `b, a` from the first best of each
/// block of a split turn's plans (`answers`): `blocks[pairing][order]` is
/// the block's best score for the player answering and its value for me
/// (pairing 0: a first move of their own piece; order 0: die `a` first).
#[inline]
pub fn first_bests(blocks: &[[(f64, f64); 2]; 2]) -> [f64; 2] {
    let first_best = |order: [(usize, usize); 4]| {
        let mut best = (f64::NEG_INFINITY, 0.0);
        for (pairing, dice) in order {
            if blocks[pairing][dice].0 > best.0 {
                best = blocks[pairing][dice];
            }
        }
        best.1
    };
    [first_best([(0, 0), (0, 1), (1, 0), (1, 1)]), first_best([(0, 1), (0, 0), (1, 1), (1, 0)])]
}

/// How far `me` leads the best other player, in spaces; wins and losses
/// dwarf any margin.
pub fn race_margin(engine: &Engine, s: &State, me: u8) -> f64 {
    if s.is_over() {
        return decided(s, me);
    }
    let goal = engine.board().goal;
    let progress = |p: u8| -> f64 {
        s.pieces_of(p).map(|i| if s.pieces[i].home { f64::from(goal) } else { f64::from(s.pieces[i].pos) }).sum()
    };
    let best_other = (0..s.players.len() as u8).filter(|p| *p != me).map(progress).fold(f64::NEG_INFINITY, f64::max);
    progress(me) - if best_other.is_finite() { best_other } else { 0.0 }
}

const DECIDED: f64 = 1e6;

fn decided(s: &State, me: u8) -> f64 {
    decided_for(s.winners, me)
}

/// What a finished game is worth to `me` when `winners` (a bit per seat)
/// won: an equal share of a win, or a loss that dwarfs any margin.
pub fn decided_for(winners: u32, me: u8) -> f64 {
    let shared = f64::from(winners.count_ones());
    if winners & (1 << me) != 0 { DECIDED / shared } else { -DECIDED }
}

/// How far `me` leads the best other player, in expected moves still
/// needed (so a square at a ladder's foot is worth what the ladder gives);
/// wins and losses dwarf any margin.
pub fn margin(engine: &Engine, s: &State, me: u8) -> f64 {
    margins(engine, s, me, me)[0]
}

/// `margin` for `a` and for `b`, counting every player's moves once.
fn margins(engine: &Engine, s: &State, a: u8, b: u8) -> [f64; 2] {
    if s.is_over() {
        return [decided(s, a), decided(s, b)];
    }
    // The table once per margin: each read of it checks it was worked out.
    let remaining = engine.remaining_table();
    let needed = |p: u8| -> f64 {
        s.pieces_of(p).filter(|i| !s.pieces[*i].home).map(|i| moves_needed(remaining[s.pieces[i].pos as usize])).sum()
    };
    let (mut closest_a, mut closest_b, mut needed_a, mut needed_b) = (f64::INFINITY, f64::INFINITY, 0.0, 0.0);
    for p in 0..s.players.len() as u8 {
        let n = needed(p);
        if p == a {
            needed_a = n;
        } else {
            closest_a = closest_a.min(n);
        }
        if p == b {
            needed_b = n;
        } else {
            closest_b = closest_b.min(n);
        }
    }
    let finite = |closest: f64| if closest.is_finite() { closest } else { 0.0 };
    [finite(closest_a) - needed_a, finite(closest_b) - needed_b]
}

/// What `margin` counts for a piece `remaining` expected moves from home
/// (`Engine::remaining_table`): that, capped so that a square from which
/// the goal cannot be reached counts as a decided game, not infinity.
#[inline]
pub fn moves_needed(remaining: f64) -> f64 {
    remaining.min(DECIDED)
}

/// Who sits where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Human,
    Bot(Policy),
}

impl Seat {
    /// What games call the player in seat `index` (from 0).
    pub fn player_name(self, index: usize) -> String {
        match self {
            Self::Human => format!("Player {}", index + 1),
            Self::Bot(p) => format!("Bot {} ({})", index + 1, p.name()),
        }
    }

    pub fn label(self) -> String {
        match self {
            Self::Human => "human".into(),
            Self::Bot(p) => format!("bot:{}", p.name()),
        }
    }
}

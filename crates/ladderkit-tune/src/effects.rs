//! Space effects the search may place: lost turns, extra turns, setbacks
//! (move back, go to the start), shortcuts (move on) and geese (move again
//! by the same roll). Given no effect
//! limits the search leaves effects alone; given some, every kind it was
//! not told about keeps its count, and effects of other kinds (points,
//! geese, wells, go-to) stay where they are.

use std::ops::RangeInclusive;

use ladderkit_core::CompiledBoard;
use ladderkit_core::spec::{Effect, Jump, SpaceEffect};
use ladderkit_engine::GameRng;

use crate::spaces::Spaces;

/// The kinds of effect the search places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    LoseTurns,
    ExtraTurn,
    /// `MoveBy` back, or `ToStart`.
    Setback,
    /// `MoveBy` on.
    Shortcut,
    /// `MoveAgain`: the Goose's goose.
    Goose,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::LoseTurns, Kind::ExtraTurn, Kind::Setback, Kind::Shortcut, Kind::Goose];

    /// The kind of `effect`, if the search places such effects.
    pub fn of(effect: &Effect) -> Option<Self> {
        match effect {
            Effect::LoseTurns(_) => Some(Self::LoseTurns),
            Effect::ExtraTurn => Some(Self::ExtraTurn),
            Effect::MoveBy(n) if *n < 0 => Some(Self::Setback),
            Effect::ToStart => Some(Self::Setback),
            Effect::MoveBy(n) if *n > 0 => Some(Self::Shortcut),
            Effect::MoveAgain => Some(Self::Goose),
            _ => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// What the search may do to the board's effects.
#[derive(Debug, Clone, PartialEq)]
pub struct EffectLimits {
    /// How many spaces of each kind (`Kind::ALL`'s order).
    pub counts: [RangeInclusive<u32>; 5],
    /// The most turns one space may cost.
    pub max_lose: u32,
    /// The furthest a setback or a shortcut moves a piece.
    pub max_move: u32,
    /// No effect on these spaces.
    pub none_on: Vec<RangeInclusive<u32>>,
    /// Spaces whose effects the search may not move, change or remove.
    pub keep: Vec<u32>,
}

impl EffectLimits {
    /// Limits that keep the counts of `effects` and let them move.
    pub fn keeping_counts(effects: &[SpaceEffect]) -> Self {
        let counts = Kind::ALL.map(|kind| {
            let n = count(effects, kind);
            n..=n
        });
        Self { counts, max_lose: 2, max_move: 6, none_on: Vec::new(), keep: Vec::new() }
    }

    pub fn range(&self, kind: Kind) -> &RangeInclusive<u32> {
        &self.counts[kind.index()]
    }

    pub fn set_range(&mut self, kind: Kind, range: RangeInclusive<u32>) {
        self.counts[kind.index()] = range;
    }

    pub fn is_kept(&self, e: &SpaceEffect) -> bool {
        self.keep.contains(&e.space)
    }

    /// Whether the search may move, change or remove `e`.
    pub fn movable(&self, e: &SpaceEffect) -> bool {
        Kind::of(&e.effect).is_some() && !self.is_kept(e)
    }

    /// Whether one effect may stand where it is: not on the goal, not on
    /// the start (a piece would lose turns before it moved), not on a
    /// jump's foot, not where none may be, and no larger than allowed.
    fn allows_effect(&self, e: &SpaceEffect, spaces: &Spaces, jumps: &[Jump]) -> bool {
        let value_ok = match e.effect {
            Effect::LoseTurns(n) => (1..=self.max_lose).contains(&n),
            Effect::MoveBy(n) => n != 0 && n.unsigned_abs() <= self.max_move,
            _ => true,
        };
        value_ok
            && e.space != spaces.goal
            && Some(e.space) != spaces.start
            && (spaces.first..=spaces.last).contains(&e.space)
            && !jumps.iter().any(|j| j.from == e.space)
            && !self.none_on.iter().any(|r| r.contains(&e.space))
    }

    /// Whether the whole set of effects keeps to the limits: the counts,
    /// and `allows_each`.
    pub(crate) fn allows(&self, effects: &[SpaceEffect], jumps: &[Jump], spaces: &Spaces) -> bool {
        Kind::ALL.iter().all(|k| self.range(*k).contains(&count(effects, *k)))
            && self.allows_each(effects, jumps, spaces)
    }

    /// Whether every movable effect may stand where it is, one effect a
    /// space (the counts aside).
    pub(crate) fn allows_each(&self, effects: &[SpaceEffect], jumps: &[Jump], spaces: &Spaces) -> bool {
        let mut taken: Vec<u32> = effects.iter().map(|e| e.space).collect();
        taken.sort_unstable();
        taken.windows(2).all(|w| w[0] != w[1])
            && effects.iter().filter(|e| self.movable(e)).all(|e| self.allows_effect(e, spaces, jumps))
    }

    /// What is wrong with the limits themselves, for a usage message.
    pub fn problems(&self, effects: &[SpaceEffect]) -> Vec<String> {
        let mut out = Vec::new();
        let names = ["--lose-turns", "--extra-turns", "--setbacks", "--shortcuts", "--geese"];
        for (name, r) in names.iter().zip(&self.counts) {
            if r.is_empty() {
                out.push(format!("{name} {}..{} is empty: write the smaller number first", r.start(), r.end()));
            }
        }
        if self.max_lose == 0 {
            out.push("--max-lose must be at least 1".into());
        }
        for space in &self.keep {
            if !effects.iter().any(|e| e.space == *space) {
                out.push(format!("--keep-effects {space}: the board has no effect on space {space}"));
            }
        }
        out
    }
}

/// How many of `effects` are of `kind`.
pub fn count(effects: &[SpaceEffect], kind: Kind) -> u32 {
    effects.iter().filter(|e| Kind::of(&e.effect) == Some(kind)).count() as u32
}

/// One change to the list of effects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EffectChange {
    Set(usize, SpaceEffect),
    Add(SpaceEffect),
    Remove(usize),
}

impl EffectChange {
    pub fn apply(self, effects: &mut Vec<SpaceEffect>) {
        match self {
            Self::Set(i, e) => effects[i] = e,
            Self::Add(e) => effects.push(e),
            Self::Remove(i) => {
                effects.remove(i);
            }
        }
    }
}

/// An effect of `kind` with a value drawn within the limits.
pub(crate) fn new_effect(kind: Kind, space: u32, limits: &EffectLimits, rng: &mut GameRng) -> SpaceEffect {
    let reach = limits.max_move.clamp(1, i32::MAX as u32);
    let effect = match kind {
        Kind::LoseTurns => Effect::LoseTurns(1 + rng.below(limits.max_lose.max(1))),
        Kind::ExtraTurn => Effect::ExtraTurn,
        // One setback in four sends the piece home.
        Kind::Setback if rng.below(4) == 0 => Effect::ToStart,
        Kind::Setback => Effect::MoveBy(-(1 + rng.below(reach) as i32)),
        Kind::Shortcut => Effect::MoveBy(1 + rng.below(reach) as i32),
        Kind::Goose => Effect::MoveAgain,
    };
    SpaceEffect { space, effect }
}

/// Draws a change to the effects (not yet checked against the limits).
pub(crate) fn draw(
    effects: &[SpaceEffect],
    spaces: &Spaces,
    limits: &EffectLimits,
    rng: &mut GameRng,
) -> Option<EffectChange> {
    let movable: Vec<usize> = (0..effects.len()).filter(|i| limits.movable(&effects[*i])).collect();
    let pick = |rng: &mut GameRng| movable.get(rng.below(movable.len().max(1) as u32) as usize).copied();
    match rng.below(100) {
        // Move one to a space near by, or anywhere.
        0..40 => {
            let i = pick(rng)?;
            let mut e = effects[i];
            e.space = spaces.nudge(e.space, rng);
            Some(EffectChange::Set(i, e))
        }
        // Give one another value of its kind.
        40..60 => {
            let i = pick(rng)?;
            let kind = Kind::of(&effects[i].effect)?;
            Some(EffectChange::Set(i, new_effect(kind, effects[i].space, limits, rng)))
        }
        // Add one of a kind there may be more of.
        60..80 => {
            let open: Vec<Kind> =
                Kind::ALL.into_iter().filter(|k| count(effects, *k) < *limits.range(*k).end()).collect();
            let kind = *open.get(rng.below(open.len().max(1) as u32) as usize)?;
            Some(EffectChange::Add(new_effect(kind, spaces.random(rng), limits, rng)))
        }
        _ => pick(rng).map(EffectChange::Remove),
    }
}

/// Whether a seat can win in its first turn: from the start, rolls that
/// earn another turn (with no turn to lose, within the cap) chain until
/// one reaches the goal. A search must not make such a board where the
/// designer's was not one.
pub fn first_turn_win(board: &CompiledBoard) -> bool {
    let mut here = vec![board.start];
    let mut seen = vec![false; board.points.len()];
    for turns_in_row in 1..=board.points.len() as u32 {
        let mut next = Vec::new();
        for &pos in &here {
            for o in &board.outcomes {
                let r = board.resolve(pos, o);
                if r.won {
                    return true;
                }
                let again = r.extra_turn && r.lose_turns == 0 && board.allows_another_turn(turns_in_row);
                if again && !seen[r.step.rest as usize] {
                    seen[r.step.rest as usize] = true;
                    next.push(r.step.rest);
                }
            }
        }
        if next.is_empty() {
            return false;
        }
        here = next;
    }
    false
}

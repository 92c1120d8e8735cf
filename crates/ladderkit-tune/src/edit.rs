//! Edits the search tries: move one end of a jump, add one, remove one,
//! turn one round; and, where asked, move, re-value, add or remove a space
//! effect (`effects.rs`). Each is drawn from the seeded generator and kept
//! to the limits before the board is even compiled.

use ladderkit_core::spec::{Jump, JumpKind, SpaceEffect};
use ladderkit_engine::GameRng;

use crate::effects::{self, EffectChange};
use crate::limits::Limits;
use crate::spaces::Spaces;

/// What the search changes: the board's jumps and space effects.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Layout {
    pub jumps: Vec<Jump>,
    pub effects: Vec<SpaceEffect>,
}

/// One change to the jumps or the effects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Change {
    Set(usize, Jump),
    Add(Jump),
    Remove(usize),
    Effect(EffectChange),
}

impl Change {
    pub fn apply(self, layout: &mut Layout) {
        let jumps = &mut layout.jumps;
        match self {
            Self::Set(i, j) => jumps[i] = j,
            Self::Add(j) => jumps.push(j),
            Self::Remove(i) => {
                jumps.remove(i);
            }
            Self::Effect(change) => change.apply(&mut layout.effects),
        }
    }
}

/// Draws a change that keeps to the limits, or `None` after a few tries
/// (the board is then left as it is this round). Where effects may
/// change, half the changes are to them.
pub(crate) fn propose(layout: &Layout, spaces: &Spaces, limits: &Limits, rng: &mut GameRng) -> Option<Change> {
    for _ in 0..16 {
        let change = match &limits.effects {
            None => draw(&layout.jumps, spaces, limits, rng)?,
            // (Where every jump is kept, or no effect can move, the other
            // half's draws come to nothing: draw again.)
            Some(e) => {
                let drawn = if rng.below(2) == 0 {
                    effects::draw(&layout.effects, spaces, e, rng).map(Change::Effect)
                } else {
                    draw(&layout.jumps, spaces, limits, rng)
                };
                let Some(change) = drawn else { continue };
                change
            }
        };
        let mut after = layout.clone();
        change.apply(&mut after);
        if limits.allows(&after.jumps)
            && limits.effects.as_ref().is_none_or(|e| e.allows(&after.effects, &after.jumps, spaces))
        {
            return Some(change);
        }
    }
    None
}

fn draw(jumps: &[Jump], spaces: &Spaces, limits: &Limits, rng: &mut GameRng) -> Option<Change> {
    let movable: Vec<usize> = (0..jumps.len()).filter(|i| !limits.is_kept(&jumps[*i])).collect();
    let pick = |rng: &mut GameRng| movable.get(rng.below(movable.len().max(1) as u32) as usize).copied();
    // Mostly small moves of one end: the landscape is smooth there.
    match rng.below(100) {
        0..60 => {
            let i = pick(rng)?;
            let mut j = jumps[i];
            let end = if rng.below(2) == 0 { &mut j.from } else { &mut j.to };
            *end = spaces.nudge(*end, rng);
            j.kind = None;
            spaces.foot_ok(j.from).then_some(Change::Set(i, j))
        }
        60..75 => {
            let (from, to) = (spaces.random(rng), spaces.random(rng));
            spaces.foot_ok(from).then_some(Change::Add(Jump::new(from, to)))
        }
        75..90 => pick(rng).map(Change::Remove),
        _ => {
            let i = pick(rng)?;
            let j = jumps[i];
            let flipped = Jump { from: j.to, to: j.from, kind: None };
            spaces.foot_ok(flipped.from).then_some(Change::Set(i, flipped))
        }
    }
}

/// A jump as a designer reads it: "ladder 4 → 14".
pub fn describe(j: &Jump) -> String {
    let kind = match j.direction() {
        JumpKind::Ladder => "ladder",
        JumpKind::Snake => "snake",
    };
    format!("{kind} {} → {}", j.from, j.to)
}

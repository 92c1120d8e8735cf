//! What changed between two sets of jumps, or of space effects, as a
//! designer would say it.

use ladderkit_core::spec::{Effect, Jump, SpaceEffect};

use crate::edit::describe;
use crate::effects::Kind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// One jump became another (an end moved, or it was turned round).
    Moved {
        from: Jump,
        to: Jump,
    },
    Added(Jump),
    Removed(Jump),
    /// One space effect became another (moved, or given another value).
    EffectMoved {
        from: SpaceEffect,
        to: SpaceEffect,
    },
    EffectAdded(SpaceEffect),
    EffectRemoved(SpaceEffect),
}

impl std::fmt::Display for Edit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Moved { from, to } if from.from == to.to && from.to == to.from => {
                write!(f, "turn {} round into {}", describe(from), describe(to))
            }
            Self::Moved { from, to } => write!(f, "move {} to {}", describe(from), describe(to)),
            Self::Added(j) => write!(f, "add {}", describe(j)),
            Self::Removed(j) => write!(f, "remove {}", describe(j)),
            Self::EffectMoved { from, to } if from.space == to.space => {
                write!(f, "change {} to {}", describe_at(from), describe_effect(&to.effect))
            }
            Self::EffectMoved { from, to } if from.effect == to.effect => {
                write!(f, "move {} from {} to {}", describe_effect(&from.effect), from.space, to.space)
            }
            Self::EffectMoved { from, to } => write!(f, "move {} to {}", describe_at(from), describe_at(to)),
            Self::EffectAdded(e) => write!(f, "add {}", describe_at(e)),
            Self::EffectRemoved(e) => write!(f, "remove {}", describe_at(e)),
        }
    }
}

/// The edits that turn `before` into `after`: jumps sharing a foot, a head
/// or both ends (turned round) are moves; the rest are added or removed.
pub fn edits(before: &[Jump], after: &[Jump]) -> Vec<Edit> {
    let same = |a: &Jump, b: &Jump| a.from == b.from && a.to == b.to;
    let mut gone: Vec<Jump> = before.iter().filter(|b| !after.iter().any(|a| same(a, b))).copied().collect();
    let mut new: Vec<Jump> = after.iter().filter(|a| !before.iter().any(|b| same(a, b))).copied().collect();
    let mut out = Vec::new();
    let pairings: [fn(&Jump, &Jump) -> bool; 3] =
        [|a, b| a.from == b.from, |a, b| a.to == b.to, |a, b| a.from == b.to && a.to == b.from];
    for related in pairings {
        let mut i = 0;
        while i < gone.len() {
            match new.iter().position(|n| related(&gone[i], n)) {
                Some(k) => {
                    out.push(Edit::Moved { from: gone.remove(i), to: new.remove(k) });
                }
                None => i += 1,
            }
        }
    }
    // What is left of one kind on both sides moved both ends: pair the
    // nearest ones.
    while let Some((i, k)) = nearest_same_kind(&gone, &new) {
        out.push(Edit::Moved { from: gone.remove(i), to: new.remove(k) });
    }
    out.extend(gone.into_iter().map(Edit::Removed));
    out.extend(new.into_iter().map(Edit::Added));
    out
}

/// A space effect as a designer reads it: "lose 2 turns", "back 3",
/// "forward 4".
pub fn describe_effect(effect: &Effect) -> String {
    match effect {
        Effect::LoseTurns(1) => "lose a turn".into(),
        Effect::LoseTurns(n) => format!("lose {n} turns"),
        Effect::ExtraTurn => "extra turn".into(),
        Effect::MoveBy(n) if *n < 0 => format!("back {}", n.unsigned_abs()),
        Effect::MoveBy(n) => format!("forward {n}"),
        Effect::ToStart => "back to the start".into(),
        Effect::MoveAgain => "goose".into(),
        other => format!("{other:?}"),
    }
}

/// "lose a turn on 37".
fn describe_at(e: &SpaceEffect) -> String {
    format!("{} on {}", describe_effect(&e.effect), e.space)
}

/// The edits that turn the effects `before` into `after`: effects on one
/// space are changed, effects alike moved, the nearest of one kind moved;
/// the rest are added or removed.
pub fn effect_edits(before: &[SpaceEffect], after: &[SpaceEffect]) -> Vec<Edit> {
    let mut gone: Vec<SpaceEffect> = before.iter().filter(|b| !after.contains(b)).copied().collect();
    let mut new: Vec<SpaceEffect> = after.iter().filter(|a| !before.contains(a)).copied().collect();
    let mut out = Vec::new();
    let pairings: [fn(&SpaceEffect, &SpaceEffect) -> bool; 2] =
        [|a, b| a.space == b.space, |a, b| a.effect == b.effect];
    for related in pairings {
        let mut i = 0;
        while i < gone.len() {
            match new.iter().position(|n| related(&gone[i], n)) {
                Some(k) => out.push(Edit::EffectMoved { from: gone.remove(i), to: new.remove(k) }),
                None => i += 1,
            }
        }
    }
    loop {
        let nearest = (0..gone.len())
            .flat_map(|i| (0..new.len()).map(move |k| (i, k)))
            .filter(|&(i, k)| Kind::of(&gone[i].effect).is_some_and(|g| Kind::of(&new[k].effect) == Some(g)))
            .min_by_key(|&(i, k)| gone[i].space.abs_diff(new[k].space));
        let Some((i, k)) = nearest else { break };
        out.push(Edit::EffectMoved { from: gone.remove(i), to: new.remove(k) });
    }
    out.extend(gone.into_iter().map(Edit::EffectRemoved));
    out.extend(new.into_iter().map(Edit::EffectAdded));
    out
}

fn nearest_same_kind(gone: &[Jump], new: &[Jump]) -> Option<(usize, usize)> {
    let distance = |a: &Jump, b: &Jump| a.from.abs_diff(b.from) + a.to.abs_diff(b.to);
    (0..gone.len())
        .flat_map(|i| (0..new.len()).map(move |k| (i, k)))
        .filter(|&(i, k)| gone[i].direction() == new[k].direction())
        .min_by_key(|&(i, k)| distance(&gone[i], &new[k]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_turns_adds_and_removes() {
        let before = [Jump::new(4, 14), Jump::new(30, 8), Jump::new(50, 60), Jump::new(70, 2)];
        let after = [Jump::new(4, 14), Jump::new(30, 11), Jump::new(60, 50), Jump::new(90, 40), Jump::new(5, 9)];
        let edits = edits(&before, &after);
        let text: Vec<String> = edits.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "move snake 30 → 8 to snake 30 → 11",
                "turn ladder 50 → 60 round into snake 60 → 50",
                "move snake 70 → 2 to snake 90 → 40",
                "add ladder 5 → 9",
            ]
        );
        assert!(super::edits(&before, &before).is_empty());
    }

    #[test]
    fn effects_change_move_add_and_go() {
        let at = |space, effect| SpaceEffect { space, effect };
        let before = [at(12, Effect::LoseTurns(1)), at(19, Effect::ExtraTurn), at(40, Effect::MoveBy(-3))];
        let after = [
            at(12, Effect::LoseTurns(2)),
            at(23, Effect::ExtraTurn),
            at(44, Effect::ToStart),
            at(60, Effect::MoveBy(4)),
        ];
        let text: Vec<String> = effect_edits(&before, &after).iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "change lose a turn on 12 to lose 2 turns",
                "move extra turn from 19 to 23",
                "move back 3 on 40 to back to the start on 44",
                "add forward 4 on 60",
            ]
        );
        assert!(effect_edits(&before, &before).is_empty());
    }
}

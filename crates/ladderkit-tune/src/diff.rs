//! What changed between two sets of jumps, as a designer would say it.

use ladderkit_core::spec::Jump;

use crate::edit::describe;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// One jump became another (an end moved, or it was turned round).
    Moved {
        from: Jump,
        to: Jump,
    },
    Added(Jump),
    Removed(Jump),
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
}

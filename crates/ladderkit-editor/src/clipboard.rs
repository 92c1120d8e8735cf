//! What the editing keys and the Erase tool do to the selection: delete,
//! copy, paste, duplicate and nudge, each as a command on the history.
//! Pure: a spec and a selection in, a command out.

use ladderkit::core::CompiledBoard;
use ladderkit::core::spec::{Board, Effect, Jump, Point, VariantSpec};

use crate::history::EditCommand;
use crate::selection::Selected;

/// What Ctrl+C took.
#[derive(Debug, Clone, PartialEq)]
pub enum Copied {
    Jump(Jump),
    /// A space's effects, in the order the file lists them.
    Effects(Vec<Effect>),
}

/// A tenth of a square; Shift moves five times as far.
const NUDGE: f32 = 0.1;
const NUDGE_FAR: f32 = 0.5;

/// The Erase tool at a point: the jump drawn there; else the space's last
/// effect; else the jump that starts on the space (a snake's head, a
/// ladder's foot); else, on a free-form board, the space itself.
pub fn erase(spec: &VariantSpec, space: Option<u32>, jump: Option<usize>) -> Option<EditCommand> {
    if let Some(j) = jump {
        return Some(EditCommand::RemoveJump(j));
    }
    let n = space?;
    if let Some(i) = spec.effects.iter().rposition(|e| e.space == n) {
        return Some(EditCommand::RemoveEffect(i));
    }
    if let Some(j) = spec.jumps.iter().rposition(|j| j.from == n) {
        return Some(EditCommand::RemoveJump(j));
    }
    matches!(spec.board, Board::Free { .. }).then_some(EditCommand::RemoveSpace(n))
}

/// Delete (or Backspace): the selected jump, or what Erase takes from the
/// selected space.
pub fn delete(spec: &VariantSpec, selected: Selected) -> Option<EditCommand> {
    match selected {
        Selected::Jump(j) => (j < spec.jumps.len()).then_some(EditCommand::RemoveJump(j)),
        Selected::Space(n) => erase(spec, Some(n), None),
        Selected::Nothing => None,
    }
}

/// Delete with several things selected, as one undo step: the selected
/// jumps, and the selected spaces' effects and arrows (free-form: the
/// spaces themselves, with all that is on them).
pub fn delete_all(spec: &VariantSpec, selected: &[Selected]) -> Option<EditCommand> {
    if let [one] = selected {
        return delete(spec, *one);
    }
    let mut jumps: Vec<usize> =
        selected.iter().filter_map(|s| if let Selected::Jump(j) = *s { Some(j) } else { None }).collect();
    let mut spaces: Vec<u32> =
        selected.iter().filter_map(|s| if let Selected::Space(n) = *s { Some(n) } else { None }).collect();
    jumps.retain(|&j| j < spec.jumps.len());
    // From the end, so each index and number still means what it did.
    jumps.sort_unstable_by(|a, b| b.cmp(a));
    jumps.dedup();
    spaces.sort_unstable_by(|a, b| b.cmp(a));
    spaces.dedup();
    let mut edits: Vec<EditCommand> = jumps.iter().map(|&j| EditCommand::RemoveJump(j)).collect();
    if matches!(spec.board, Board::Free { .. }) {
        edits.extend(spaces.iter().map(|&n| EditCommand::RemoveSpace(n)));
    } else {
        let on = |n: u32| spaces.contains(&n);
        edits.extend(
            spec.effects
                .iter()
                .enumerate()
                .rev()
                .filter(|(_, e)| on(e.space))
                .map(|(i, _)| EditCommand::RemoveEffect(i)),
        );
        edits.extend(
            spec.arrows.iter().enumerate().rev().filter(|(_, a)| on(a.space)).map(|(i, _)| EditCommand::RemoveArrow(i)),
        );
    }
    (!edits.is_empty()).then(|| EditCommand::Many(edits, format!("Delete {} selected", selected.len())))
}

pub fn copy(spec: &VariantSpec, selected: Selected) -> Option<Copied> {
    match selected {
        Selected::Jump(j) => spec.jumps.get(j).copied().map(Copied::Jump),
        Selected::Space(n) => {
            let effects: Vec<Effect> = spec.effects.iter().filter(|e| e.space == n).map(|e| e.effect).collect();
            Some(Copied::Effects(effects))
        }
        Selected::Nothing => None,
    }
}

/// Paste onto the selected space: a copied jump, as long and of the same
/// kind, starts there; copied effects become the space's effects.
pub fn paste(selected: Selected, copied: &Copied) -> Option<EditCommand> {
    let Selected::Space(n) = selected else { return None };
    match copied {
        Copied::Jump(j) => {
            let to = i64::from(n) + i64::from(j.to) - i64::from(j.from);
            let to = u32::try_from(to).ok()?;
            Some(EditCommand::AddJump(Jump { from: n, to, ..*j }))
        }
        Copied::Effects(effects) => Some(EditCommand::SetSpaceEffects(n, effects.clone())),
    }
}

/// Ctrl+D: the selected jump again, one space along (or back, at the end
/// of the path), and the copy to select.
pub fn duplicate(spec: &VariantSpec, board: &CompiledBoard, selected: Selected) -> Option<(EditCommand, Selected)> {
    let Selected::Jump(i) = selected else { return None };
    let j = *spec.jumps.get(i)?;
    let on_board = |n: Option<u32>| n.filter(|n| board.position(*n).is_some());
    let shifted = |d: i64| {
        let from = on_board(u32::try_from(i64::from(j.from) + d).ok())?;
        let to = on_board(u32::try_from(i64::from(j.to) + d).ok())?;
        Some(Jump { from, to, ..j })
    };
    let copy = shifted(1).or_else(|| shifted(-1))?;
    Some((EditCommand::AddJump(copy), Selected::Jump(spec.jumps.len())))
}

/// An arrow key: the selected free-form spaces move.
pub fn nudge(spec: &VariantSpec, selected: &[Selected], dx: i8, dy: i8, far: bool) -> Option<EditCommand> {
    let step = if far { NUDGE_FAR } else { NUDGE };
    move_spaces(spec, selected, f32::from(dx) * step, f32::from(dy) * step)
}

/// The selected free-form spaces, moved by (dx, dy) board units: one
/// space's move, or several as one step.
pub fn move_spaces(spec: &VariantSpec, selected: &[Selected], dx: f32, dy: f32) -> Option<EditCommand> {
    let Board::Free { spaces } = &spec.board else { return None };
    let mut edits: Vec<EditCommand> = selected
        .iter()
        .filter_map(|s| {
            let Selected::Space(n) = *s else { return None };
            let p = spaces.get((n as usize).checked_sub(1)?)?;
            Some(EditCommand::MoveSpace(n, Point { x: p.x + dx, y: p.y + dy }))
        })
        .collect();
    match edits.len() {
        0 => None,
        1 => edits.pop(),
        n => Some(EditCommand::Many(edits, format!("Move {n} spaces"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ladderkit::core::spec::{PathStyle, SpaceEffect};

    fn grid() -> VariantSpec {
        let mut spec = VariantSpec::new_grid("t", 5, 5, PathStyle::Boustrophedon);
        spec.jumps = vec![Jump::new(4, 14), Jump::new(22, 8)];
        spec.effects = vec![SpaceEffect { space: 10, effect: Effect::ExtraTurn }];
        spec
    }

    #[test]
    fn erase_takes_a_snakes_head_when_its_space_has_no_effect() {
        let spec = grid();
        assert_eq!(erase(&spec, Some(22), None), Some(EditCommand::RemoveJump(1)));
        assert_eq!(erase(&spec, Some(10), None), Some(EditCommand::RemoveEffect(0)));
        assert_eq!(erase(&spec, Some(14), None), None, "a ladder's top is not where it starts");
    }

    #[test]
    fn a_copied_jump_pastes_as_long_from_the_selected_space() {
        let spec = grid();
        let copied = copy(&spec, Selected::Jump(1)).unwrap();
        assert_eq!(paste(Selected::Space(20), &copied), Some(EditCommand::AddJump(Jump::new(20, 6))));
        assert_eq!(paste(Selected::Space(3), &copied), None, "it would end below space 0");
        let effects = copy(&spec, Selected::Space(10)).unwrap();
        assert_eq!(paste(Selected::Space(2), &effects), Some(EditCommand::SetSpaceEffects(2, vec![Effect::ExtraTurn])));
    }

    #[test]
    fn a_duplicate_stays_on_the_board() {
        let mut spec = grid();
        let board = ladderkit::core::compile(&spec).board;
        assert_eq!(
            duplicate(&spec, &board, Selected::Jump(0)),
            Some((EditCommand::AddJump(Jump::new(5, 15)), Selected::Jump(2)))
        );
        spec.jumps.push(Jump::new(3, 25));
        assert_eq!(
            duplicate(&spec, &board, Selected::Jump(2)),
            Some((EditCommand::AddJump(Jump::new(2, 24)), Selected::Jump(3)))
        );
    }
}

//! What is selected and what is highlighted (the culprits of a diagnostic).

use bevy::prelude::*;

use ladderkit::core::Code;

use crate::checks::Checks;
use crate::intents::Intent;
use crate::{EditorSet, document::Document};

pub use crate::intents::Selected;

#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Selection {
    /// The one the inspector shows (the last clicked).
    pub selected: Selected,
    /// Everything selected when more than one thing is (shift-click, box
    /// select), `selected` among them; empty otherwise.
    pub group: Vec<Selected>,
    /// Spaces and jumps to highlight (a diagnostic's culprits).
    pub spaces: Vec<u32>,
    pub jumps: Vec<usize>,
    /// The diagnostic whose culprits are highlighted.
    pub diagnostic: Option<usize>,
    /// What that diagnostic says, to find it again after the checks rerun:
    /// its culprits go with it, and are dropped when it is gone.
    problem: Option<(Code, String)>,
    /// The checks the highlight was taken from.
    checked: u64,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>().add_systems(
        Update,
        (select.in_set(EditorSet::Select), follow_document.in_set(EditorSet::Check).after(crate::checks::recheck)),
    );
}

fn select(
    mut intents: MessageReader<Intent>,
    mut selection: ResMut<Selection>,
    checks: Res<Checks>,
    doc: Res<Document>,
    mut opened: Local<u64>,
) {
    // Another document: nothing in it is selected yet.
    if doc.opened() != *opened {
        *opened = doc.opened();
        *selection = Selection::default();
    }
    for intent in intents.read() {
        match intent {
            Intent::Select(s) => *selection = Selection { selected: *s, ..Selection::default() },
            Intent::SelectToggle(s) => selection.toggle(*s),
            Intent::SelectMany(many) => {
                let selected = many.first().copied().unwrap_or_default();
                let group = if many.len() > 1 { many.clone() } else { Vec::new() };
                *selection = Selection { selected, group, ..Selection::default() };
            }
            Intent::SelectCulprit(s) => selection.selected = *s,
            Intent::SelectDiagnostic(i) => {
                let Some(d) = checks.diagnostics.get(*i) else { continue };
                let loc = &d.location;
                let selected = match (loc.jumps.first(), loc.spaces.first()) {
                    (Some(j), _) => Selected::Jump(*j),
                    (None, Some(s)) => Selected::Space(*s),
                    _ => Selected::Nothing,
                };
                *selection = Selection {
                    selected,
                    spaces: loc.spaces.clone(),
                    jumps: loc.jumps.clone(),
                    diagnostic: Some(*i),
                    problem: Some((d.code, d.message.clone())),
                    checked: checks.generation,
                    group: Vec::new(),
                };
            }
            _ => {}
        }
    }
}

/// After the checks rerun: the highlighted problem's culprits are taken
/// afresh from the same problem (by what it says, so a jump's new number
/// follows it), or dropped with it once it is fixed. A culprit that was
/// selected is let go with them.
fn follow_document(checks: Res<Checks>, doc: Res<Document>, mut selection: ResMut<Selection>) {
    if let Some((code, message)) = selection.problem.clone()
        && selection.checked != checks.generation
    {
        follow_problem(&checks, &mut selection, code, &message);
    }
    // A selected jump or space that no longer exists is no longer selected.
    let board = &checks.compiled.board;
    let exists = |s: &Selected| match *s {
        Selected::Jump(j) => j < doc.spec().jumps.len(),
        Selected::Space(n) => board.position(n).is_some(),
        Selected::Nothing => true,
    };
    if !exists(&selection.selected) {
        selection.selected = Selected::Nothing;
    }
    if !selection.group.iter().all(exists) {
        selection.group.retain(exists);
        if selection.group.len() < 2 {
            selection.group.clear();
        }
    }
}

impl Selection {
    /// Everything selected: the group, or the one thing, or nothing.
    pub fn all(&self) -> Vec<Selected> {
        match (self.group.is_empty(), self.selected) {
            (false, _) => self.group.clone(),
            (true, Selected::Nothing) => Vec::new(),
            (true, one) => vec![one],
        }
    }

    /// Shift-click: `s` joins the selection, or leaves it if it was in.
    fn toggle(&mut self, s: Selected) {
        let mut all = self.all();
        match all.iter().position(|x| *x == s) {
            Some(i) => {
                all.remove(i);
            }
            None if s != Selected::Nothing => all.push(s),
            None => {}
        }
        let selected = if all.contains(&s) { s } else { all.last().copied().unwrap_or_default() };
        let group = if all.len() > 1 { all } else { Vec::new() };
        *self = Self { selected, group, ..Self::default() };
    }
}

fn follow_problem(checks: &Checks, selection: &mut Selection, code: Code, message: &str) {
    let found = checks.diagnostics.iter().position(|d| d.code == code && d.message == message);
    let was_culprit = matches!(selection.selected, Selected::Jump(j) if selection.jumps.contains(&j));
    match found {
        Some(i) => {
            let loc = &checks.diagnostics[i].location;
            if was_culprit && let Selected::Jump(j) = selection.selected {
                let at = selection.jumps.iter().position(|k| *k == j).unwrap_or(0);
                selection.selected = loc.jumps.get(at).map_or(Selected::Nothing, |k| Selected::Jump(*k));
            }
            selection.spaces = loc.spaces.clone();
            selection.jumps = loc.jumps.clone();
            selection.diagnostic = Some(i);
            selection.checked = checks.generation;
        }
        None => {
            let selected = if was_culprit { Selected::Nothing } else { selection.selected };
            *selection = Selection { selected, ..Selection::default() };
        }
    }
}

/// The jump a click selects among those under the pointer (nearest first):
/// the one after the selected jump if that is among them, so repeated
/// clicks go through stacked jumps; else the nearest.
pub fn next_under(under: &[usize], selected: Selected) -> Option<usize> {
    let after = match selected {
        Selected::Jump(j) => under.iter().position(|&k| k == j).map(|at| (at + 1) % under.len()),
        _ => None,
    };
    under.get(after.unwrap_or(0)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_go_round_stacked_jumps() {
        // A ladder 10→30 (#0) under a snake 30→10 (#1).
        let under = [0, 1];
        assert_eq!(next_under(&under, Selected::Nothing), Some(0));
        assert_eq!(next_under(&under, Selected::Jump(0)), Some(1), "the second click reaches the snake");
        assert_eq!(next_under(&under, Selected::Jump(1)), Some(0), "and the third goes round");
        assert_eq!(next_under(&under, Selected::Jump(7)), Some(0), "another jump selected: the nearest");
        assert_eq!(next_under(&under, Selected::Space(10)), Some(0));
        assert_eq!(next_under(&[], Selected::Jump(0)), None);
        assert_eq!(next_under(&[4], Selected::Jump(4)), Some(4), "a lone jump stays selected");
    }
}

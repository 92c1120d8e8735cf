//! What is selected and what is highlighted (the culprits of a diagnostic).

use bevy::prelude::*;

use crate::checks::Checks;
use crate::intents::Intent;
use crate::{EditorSet, document::Document};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Selected {
    #[default]
    Nothing,
    Space(u32),
    Jump(usize),
}

#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Selection {
    pub selected: Selected,
    /// Spaces and jumps to highlight (a diagnostic's culprits).
    pub spaces: Vec<u32>,
    pub jumps: Vec<usize>,
    /// The diagnostic whose culprits are highlighted.
    pub diagnostic: Option<usize>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>().add_systems(Update, select.in_set(EditorSet::Select));
}

fn select(
    mut intents: MessageReader<Intent>,
    mut selection: ResMut<Selection>,
    checks: Res<Checks>,
    doc: Res<Document>,
    mut opened: Local<u64>,
) {
    // Another document: nothing in it is selected yet.
    if doc.opened != *opened {
        *opened = doc.opened;
        *selection = Selection::default();
    }
    for intent in intents.read() {
        match intent {
            Intent::Select(s) => *selection = Selection { selected: *s, ..Selection::default() },
            Intent::SelectCulprit(s) => selection.selected = *s,
            Intent::SelectDiagnostic(i) => {
                let Some(d) = checks.diagnostics.get(*i) else { continue };
                let loc = &d.location;
                let selected = match (loc.jumps.first(), loc.spaces.first()) {
                    (Some(j), _) => Selected::Jump(*j),
                    (None, Some(s)) => Selected::Space(*s),
                    _ => Selected::Nothing,
                };
                *selection =
                    Selection { selected, spaces: loc.spaces.clone(), jumps: loc.jumps.clone(), diagnostic: Some(*i) };
            }
            _ => {}
        }
    }
    // A selected jump that no longer exists is no longer selected.
    if let Selected::Jump(j) = selection.selected
        && j >= doc.spec.jumps.len()
    {
        selection.selected = Selected::Nothing;
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

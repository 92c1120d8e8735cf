//! The keys of `crate::keys`, acted on: each pressed action becomes an
//! intent, a tool, a view change or the help overlay.

use bevy_egui::egui;

use super::board::ZOOM_STEP;
use super::{Frame, PanelState};
use crate::clipboard;
use crate::intents::{Intent, PlayIntent};
use crate::keys::{self, Action};
use crate::playtest::Waiting;
use crate::selection::Selected;
use crate::tools::Tool;
use crate::view::View;

pub(super) fn shortcuts(
    ctx: &egui::Context,
    f: &Frame,
    tool: &mut Tool,
    view: &mut View,
    panels: &mut PanelState,
) -> Vec<Intent> {
    let typing = ctx.egui_wants_keyboard_input();
    // Taken from the input, so a focused text field does not also act on
    // Ctrl+Z.
    let pressed = ctx.input_mut(|i| keys::take_pressed(i, f.in_play, typing));
    let mut out = Vec::new();
    let selected = f.selection.selected;
    let all = f.selection.all();
    let spec = &f.doc.spec();
    for (action, chord) in pressed {
        match action {
            Action::Undo => out.push(Intent::Undo),
            Action::Redo => out.push(Intent::Redo),
            Action::Save => out.push(Intent::Save),
            Action::Open => out.push(Intent::OpenDialog),
            Action::Help => panels.help = !panels.help,
            Action::PlayTest => out.push(Intent::Play(PlayIntent::Start)),
            Action::Tool(t) => *tool = t,
            Action::Fit => view.fit = true,
            Action::ZoomIn => view.zoom_by *= ZOOM_STEP,
            Action::ZoomOut => view.zoom_by /= ZOOM_STEP,
            // Esc closes the help first, then lets go of the selection.
            Action::Deselect if panels.help => panels.help = false,
            Action::Deselect => out.push(Intent::Select(Selected::Nothing)),
            Action::Delete => {
                out.extend(clipboard::delete_all(spec, &all).map(Intent::Edit));
                if all.len() > 1 {
                    out.push(Intent::Select(Selected::Nothing));
                }
            }
            Action::Copy => {
                if let Some(copied) = clipboard::copy(spec, selected) {
                    panels.copied = Some(copied);
                }
            }
            Action::Paste => {
                let command = panels.copied.as_ref().and_then(|c| clipboard::paste(selected, c));
                out.extend(command.map(Intent::Edit));
            }
            Action::Duplicate => {
                if let Some((command, copy)) = clipboard::duplicate(spec, &f.checks.compiled.board, selected) {
                    out.push(Intent::Edit(command));
                    out.push(Intent::Select(copy));
                }
            }
            Action::Nudge { dx, dy, far } => {
                out.extend(clipboard::nudge(spec, &all, dx, dy, far).map(Intent::Edit));
            }
            Action::StopPlay if panels.help => panels.help = false,
            Action::StopPlay => out.push(Intent::Play(PlayIntent::Stop)),
            Action::Roll => out.push(Intent::Play(PlayIntent::Roll)),
            Action::Restart { new_seed } => out.push(Intent::Play(PlayIntent::Restart { new_seed })),
            Action::Choose => {
                if f.playing.is_some_and(|s| matches!(s.waiting(), Waiting::Choice { .. })) {
                    out.push(Intent::Play(PlayIntent::Choose(chord)));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui::{Key, Modifiers};
    use ladderkit::core::spec::{Effect, Jump, PathStyle, Point, SpaceEffect, VariantSpec};

    use super::super::testing::Editor;
    use super::*;

    fn grid() -> VariantSpec {
        let mut spec = VariantSpec::new_grid("keys", 6, 6, PathStyle::Boustrophedon);
        spec.jumps = vec![Jump::new(4, 14), Jump::new(30, 12)];
        spec.effects = vec![SpaceEffect { space: 9, effect: Effect::ExtraTurn }];
        spec
    }

    #[test]
    fn delete_copy_paste_and_duplicate_edit_through_the_history() {
        let mut e = Editor::new(grid());
        e.send(Intent::Select(Selected::Jump(1)));
        e.ctrl(Key::C);
        e.ctrl(Key::D);
        assert_eq!(e.spec().jumps[2], Jump::new(31, 13), "Ctrl+D: the snake again, one space along");
        assert_eq!(e.selected(), Selected::Jump(2), "the copy is selected");
        e.key(Key::Delete);
        assert_eq!(e.spec().jumps.len(), 2, "Delete removes the selected copy");
        e.send(Intent::Select(Selected::Space(25)));
        e.ctrl(Key::V);
        assert_eq!(e.spec().jumps[2], Jump::new(25, 7), "Ctrl+V: the copied snake from the selected space");
        e.send(Intent::Select(Selected::Space(9)));
        e.ctrl(Key::C);
        e.send(Intent::Select(Selected::Space(20)));
        e.ctrl(Key::V);
        assert!(e.spec().effects.contains(&SpaceEffect { space: 20, effect: Effect::ExtraTurn }));
        e.key(Key::Backspace);
        assert!(!e.spec().effects.iter().any(|x| x.space == 20), "Backspace takes the space's effect off");
        for _ in 0..5 {
            e.ctrl(Key::Z);
        }
        assert_eq!(*e.spec(), grid(), "five edits, five undos");
    }

    #[test]
    fn arrows_nudge_a_free_space_and_merge_into_one_undo_step() {
        let mut spec = grid();
        spec.board =
            ladderkit::core::spec::Board::Free { spaces: (0..10).map(|i| Point { x: i as f32, y: 0.0 }).collect() };
        spec.jumps.clear();
        spec.effects.clear();
        let mut e = Editor::new(spec.clone());
        e.send(Intent::Select(Selected::Space(3)));
        e.key(Key::ArrowUp);
        e.key(Key::ArrowUp);
        e.press(Key::ArrowRight, Modifiers::SHIFT);
        let ladderkit::core::spec::Board::Free { spaces } = &e.spec().board else { unreachable!() };
        assert!((spaces[2].x - 2.5).abs() < 1e-5 && (spaces[2].y - 0.2).abs() < 1e-5, "{:?}", spaces[2]);
        e.ctrl(Key::Z);
        assert_eq!(*e.spec(), spec, "one undo takes the whole nudge back");
    }

    #[test]
    fn tool_keys_help_and_esc() {
        let mut e = Editor::new(grid());
        e.key(Key::J);
        assert_eq!(e.tool, Tool::DrawJump);
        e.key(Key::F1);
        assert!(e.panels.help);
        e.send(Intent::Select(Selected::Jump(0)));
        e.key(Key::Escape);
        assert!(!e.panels.help, "Esc closes the help first");
        assert_eq!(e.selected(), Selected::Jump(0));
        e.key(Key::Escape);
        assert_eq!(e.selected(), Selected::Nothing, "then lets go of the selection");
        e.press(Key::Questionmark, Modifiers::SHIFT);
        assert!(e.panels.help, "? is typed with Shift on many layouts");
        e.key(Key::Plus);
        assert!((e.view.zoom_by - ZOOM_STEP).abs() < 1e-6);
        // Ctrl+J is no tool key.
        e.ctrl(Key::X);
        assert_eq!(e.tool, Tool::DrawJump);
    }

    #[test]
    fn keys_in_a_text_field_type_instead() {
        let mut e = Editor::new(grid());
        // A text field has the keyboard.
        e.field = Some(String::new());
        e.send(Intent::Select(Selected::Jump(0)));
        e.key(Key::X);
        e.key(Key::Delete);
        assert_eq!(e.tool, Tool::Select);
        assert_eq!(e.spec().jumps.len(), 2);
        e.field = None;
        e.key(Key::X);
        assert_eq!(e.tool, Tool::Erase, "without the field the key picks the tool");
    }
}

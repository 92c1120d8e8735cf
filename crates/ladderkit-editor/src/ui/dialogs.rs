//! Windows that ask: New variant, a path (where no native dialog exists),
//! discard unsaved changes?, recover an autosave?

use std::path::PathBuf;

use bevy_egui::egui;
use ladderkit::core::spec::{Board, PathStyle, Point, VariantSpec};

use super::{Frame, PanelState};
use crate::intents::Intent;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Grid,
    Track,
    Free,
}

#[derive(Debug, Clone)]
pub struct NewDialog {
    pub name: String,
    pub shape: Shape,
    pub cols: u32,
    pub rows: u32,
    pub path: PathStyle,
    pub spaces: u32,
    pub looped: bool,
}

impl Default for NewDialog {
    fn default() -> Self {
        Self {
            name: "New variant".into(),
            shape: Shape::Grid,
            cols: 6,
            rows: 6,
            path: PathStyle::Boustrophedon,
            spaces: 50,
            looped: false,
        }
    }
}

impl NewDialog {
    pub fn spec(&self) -> VariantSpec {
        let board = match self.shape {
            Shape::Grid => Board::Grid { cols: self.cols, rows: self.rows, path: self.path },
            Shape::Track => {
                Board::Track { spaces: self.spaces, looped: self.looped, first: if self.looped { 0 } else { 1 } }
            }
            Shape::Free => Board::Free {
                spaces: (0..self.spaces.min(30))
                    .map(|i| Point { x: 0.5 + i as f32, y: 0.5 + (i as f32 * 0.7).sin() })
                    .collect(),
            },
        };
        VariantSpec::with_board(&self.name, board)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    Open,
    SaveAs,
    ExportPng,
    ExportBoard,
    ExportPage,
    PrintKit,
    ExportTable,
}

#[derive(Debug, Clone)]
pub struct PathPrompt {
    pub kind: PromptKind,
    pub text: String,
    /// The field has been given the keyboard once (typing must go to it,
    /// not to the board's shortcuts).
    focused: bool,
}

impl PathPrompt {
    pub fn new(kind: PromptKind, f: &Frame) -> Self {
        let text = match (kind, &f.doc.path) {
            (PromptKind::ExportPng, Some(p)) => p.with_extension("png").display().to_string(),
            (PromptKind::ExportBoard, Some(p)) => p.with_extension("svg").display().to_string(),
            (PromptKind::PrintKit, Some(p)) => p.with_extension("pdf").display().to_string(),
            (PromptKind::ExportPage, Some(p)) => p.with_extension("md").display().to_string(),
            (PromptKind::ExportTable, Some(p)) => {
                let stem = p.file_stem().map_or("variant".into(), |s| s.to_string_lossy());
                p.with_file_name(format!("{stem}-tabletop")).display().to_string()
            }
            (_, Some(p)) => p.display().to_string(),
            (PromptKind::ExportPng, None) => "board.png".into(),
            (PromptKind::ExportBoard, None) => "board.svg".into(),
            (PromptKind::PrintKit, None) => "kit.pdf".into(),
            (PromptKind::ExportPage, None) => "page.md".into(),
            (PromptKind::ExportTable, None) => "tabletop".into(),
            (_, None) => "variant.ron".into(),
        };
        Self { kind, text, focused: false }
    }
}

pub(super) fn show(ctx: &egui::Context, f: &Frame, panels: &mut PanelState) -> Vec<Intent> {
    let mut out = Vec::new();
    if let Some(dialog) = &mut panels.new_dialog {
        let mut open = true;
        let mut create = false;
        egui::Window::new("New variant").open(&mut open).collapsible(false).show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Name");
                ui.text_edit_singleline(&mut dialog.name);
            });
            ui.horizontal(|ui| {
                ui.radio_value(&mut dialog.shape, Shape::Grid, "Grid");
                ui.radio_value(&mut dialog.shape, Shape::Track, "Track");
                ui.radio_value(&mut dialog.shape, Shape::Free, "Free-form");
            });
            match dialog.shape {
                Shape::Grid => {
                    ui.horizontal(|ui| {
                        ui.add(egui::DragValue::new(&mut dialog.cols).range(1..=100).prefix("columns "));
                        ui.add(egui::DragValue::new(&mut dialog.rows).range(1..=100).prefix("rows "));
                    });
                    egui::ComboBox::from_label("Path").selected_text(dialog.path.name()).show_ui(ui, |ui| {
                        for p in PathStyle::ALL {
                            ui.selectable_value(&mut dialog.path, p, p.name());
                        }
                    });
                }
                Shape::Track => {
                    ui.add(egui::DragValue::new(&mut dialog.spaces).range(2..=1000).prefix("spaces "));
                    ui.checkbox(&mut dialog.looped, "Looped (a score track, numbered from 0)");
                }
                Shape::Free => {
                    ui.add(egui::DragValue::new(&mut dialog.spaces).range(2..=30).prefix("spaces "));
                    ui.label("Then drag spaces where you want them, or add more.");
                }
            }
            create = ui.button("Create").clicked();
        });
        if create {
            out.push(Intent::New(Box::new(dialog.spec())));
        }
        if create || !open {
            panels.new_dialog = None;
        }
    }
    if let Some(prompt) = &mut panels.path_prompt {
        let title = match prompt.kind {
            PromptKind::Open => "Open path",
            PromptKind::SaveAs => "Save as path",
            PromptKind::ExportPng => "Export screenshot to path",
            PromptKind::ExportBoard => "Export board to path (.svg or .png)",
            PromptKind::PrintKit => "Print-and-play kit to path (.pdf)",
            PromptKind::ExportPage => "Forum page to path (.md, its picture beside it as .png)",
            PromptKind::ExportTable => "Tabletop Simulator table into folder",
        };
        let (mut open, mut done, mut escaped) = (true, false, false);
        egui::Window::new(title).open(&mut open).collapsible(false).show(ctx, |ui| {
            let response = path_field(ui, prompt);
            done = ui.button("OK").clicked() || response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
        });
        let open = open && !escaped;
        if done {
            let path = PathBuf::from(prompt.text.trim());
            out.push(match prompt.kind {
                PromptKind::Open => Intent::Open(path),
                PromptKind::SaveAs => Intent::SaveAs(path),
                PromptKind::ExportPng => Intent::ExportPng(path),
                PromptKind::ExportBoard => Intent::ExportBoard(path),
                PromptKind::PrintKit => Intent::PrintKit(path),
                PromptKind::ExportPage => Intent::ExportPage(path),
                PromptKind::ExportTable => Intent::ExportTable(path),
            });
        }
        if done || !open {
            panels.path_prompt = None;
        }
    }
    if let Some(confirm) = &f.files.confirm {
        let title = if confirm.changed_on_disk { "Changed on disk" } else { "Unsaved changes" };
        egui::Window::new(title).collapsible(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
            ui.label(&confirm.message);
            out.extend(confirm_buttons(ui, f, confirm));
        });
    }
    if let Some(recovery) = &f.files.recovery {
        egui::Window::new("Recover unsaved changes?").collapsible(false).show(ctx, |ui| {
            let of = f.doc.path.as_ref().map_or("untitled work".into(), |p| p.display().to_string());
            ui.label(format!(
                "Unsaved changes to {of} (\"{}\") were kept when the editor last closed without saving: {}",
                recovery.spec.meta.name,
                recovery.from.describe()
            ));
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    out.push(Intent::Recover);
                }
                if ui.button("Discard it").clicked() {
                    out.push(Intent::DiscardRecovery);
                }
            });
        });
    }
    out.extend(problem(ctx, f));
    out.extend(share(ctx, f, panels));
    out
}

/// The choices a confirmation offers, named for what they do.
fn confirm_buttons(ui: &mut egui::Ui, f: &Frame, confirm: &crate::files::Confirm) -> Vec<Intent> {
    let mut out = Vec::new();
    let go_on = || Intent::Confirmed(Box::new(confirm.action.clone()));
    if confirm.changed_on_disk {
        ui.horizontal(|ui| {
            if ui.button("Reload from disk").on_hover_text("Undo brings your changes back").clicked() {
                out.push(go_on());
            }
            if ui.button("Keep mine").on_hover_text("Go on editing; saving writes over the file").clicked() {
                out.push(Intent::Cancel);
            }
        });
        return out;
    }
    // Saving before a revert would keep what the revert is for throwing
    // away, so Revert asks only whether to discard.
    let reverting = confirm.action == Intent::Revert;
    ui.horizontal(|ui| {
        if !reverting {
            // An untitled board is saved where the person chooses (the
            // page downloads it), then the action goes on.
            let save = match (f.doc.path.is_some(), crate::platform::WEB) {
                (true, _) => "Save",
                (false, true) => "Download",
                (false, false) => "Save as…",
            };
            if ui.button(save).on_hover_text("Save the changes, then go on").clicked() {
                out.push(Intent::SaveThen(Box::new(confirm.action.clone())));
            }
        }
        let discard = if reverting { "Revert" } else { "Discard changes" };
        if ui.button(discard).clicked() {
            out.push(go_on());
        }
        if ui.button("Cancel").clicked() {
            out.push(Intent::Cancel);
        }
    });
    out
}

/// What could not be opened (a damaged link, a file that does not parse):
/// the located diagnostic, as `ladderkit validate` would say it.
fn problem(ctx: &egui::Context, f: &Frame) -> Vec<Intent> {
    let mut out = Vec::new();
    let Some(problem) = &f.files.problem else { return out };
    let mut open = true;
    egui::Window::new(problem.title.as_str())
        .open(&mut open)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            ui.colored_label(egui::Color32::from_rgb(230, 90, 80), problem.line());
            if let Some(help) = &problem.diagnostic.help {
                ui.label(format!("Help: {help}"));
            }
            ui.label("Nothing was changed: the board behind this window is as it was.");
            if ui.button("OK").clicked() {
                out.push(Intent::DismissProblem);
            }
        });
    if !open {
        out.push(Intent::DismissProblem);
    }
    out
}

/// Share › Copy link: the link (copied), its length, and what to do when
/// it is long.
fn share(ctx: &egui::Context, f: &Frame, panels: &mut PanelState) -> Vec<Intent> {
    use ladderkit::core::link::{LONGEST, Length, SAFE_LENGTH};
    let mut out = Vec::new();
    let Some(shared) = &f.sharing.shown else { return out };
    let mut open = true;
    // Placed below the menu bar, clear of its menus (egui's own placement
    // put the window's edge over them).
    let window = egui::Window::new("Share this board").open(&mut open).collapsible(false).default_width(520.0);
    window.anchor(egui::Align2::CENTER_TOP, [0.0, 60.0]).show(ctx, |ui| {
        match &shared.url {
            Some(url) => {
                if !panels.share_copied {
                    // The page copies through the browser (`platform`).
                    ctx.copy_text(url.clone());
                    panels.share_copied = true;
                }
                ui.label(format!(
                    "Link copied: whoever opens it sees this board in the web editor, untitled. It carries the \
                     whole board ({} characters); nothing is uploaded.",
                    shared.characters
                ));
                let mut text = url.clone();
                ui.add(egui::TextEdit::multiline(&mut text).desired_rows(3).desired_width(f32::INFINITY));
                if shared.length == Length::Long {
                    ui.colored_label(
                        egui::Color32::from_rgb(226, 150, 30),
                        format!(
                            "Over {SAFE_LENGTH} characters: some mail and chat programs cut links this long. Check \
                             that it arrives whole, or send the file (File › Save)."
                        ),
                    );
                }
                if shared.generation != f.doc.generation() {
                    ui.label(
                        egui::RichText::new("The board changed since: copy the link again for the changes.").weak(),
                    );
                }
                if ui.button("Copy again").clicked() {
                    ctx.copy_text(url.clone());
                    let _ = crate::platform::copy_text(url);
                }
            }
            None => {
                ui.label(format!(
                    "This board's link would be {} characters long, more than the {LONGEST} a link may be. Send the \
                     file instead (File › Save): the web editor opens it with File › Open or by dropping it on the \
                     board.",
                    shared.characters
                ));
            }
        }
    });
    if !open {
        out.push(Intent::CloseShare);
    }
    out
}

/// The prompt's path field. The first time it is shown it takes the
/// keyboard and its prefilled path is selected, so typing replaces the
/// path (it used to append to it) and the arrow keys keep it to edit.
fn path_field(ui: &mut egui::Ui, prompt: &mut PathPrompt) -> egui::Response {
    let mut field = egui::TextEdit::singleline(&mut prompt.text).show(ui);
    let response = field.response.response.clone();
    if !prompt.focused {
        response.request_focus();
        field.state.cursor.set_char_range(Some(egui::text::CCursorRange::select_all(&field.galley)));
        field.state.store(ui.ctx(), response.id);
        prompt.focused = true;
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of the field, with these keyboard events.
    fn frame(ctx: &egui::Context, prompt: &mut PathPrompt, events: Vec<egui::Event>) {
        let input = egui::RawInput { events, ..egui::RawInput::default() };
        ctx.run_ui(input, |ui| {
            path_field(ui, prompt);
        })
        .drop_without_applying_deltas();
    }

    #[test]
    fn typing_in_a_fresh_path_prompt_replaces_the_prefilled_path() {
        let ctx = egui::Context::default();
        let mut prompt = PathPrompt { kind: PromptKind::SaveAs, text: "variants/treehouse.ron".into(), focused: false };
        frame(&ctx, &mut prompt, Vec::new());
        frame(&ctx, &mut prompt, vec![egui::Event::Text("tuned.ron".into())]);
        assert_eq!(prompt.text, "tuned.ron");
        // Once the path is replaced, typing goes on at the cursor.
        frame(&ctx, &mut prompt, vec![egui::Event::Text("x".into())]);
        assert_eq!(prompt.text, "tuned.ronx");
    }
}

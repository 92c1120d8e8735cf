//! The welcome window (no file given): the bundled variants, a new board,
//! a file or a recent one. Picking one closes it.

use bevy_egui::egui::{self, RichText};

use super::dialogs::{NewDialog, PathPrompt, PromptKind};
use super::{Frame, PanelState};
use crate::bundled;
use crate::intents::Intent;

pub(super) fn show(ctx: &egui::Context, f: &Frame, panels: &mut PanelState) -> Vec<Intent> {
    let mut out = Vec::new();
    if panels.welcome && f.doc.opened() != panels.welcome_doc {
        panels.welcome = false;
    }
    if !panels.welcome {
        return out;
    }
    let mut open = true;
    let mut picked = false;
    egui::Window::new("Welcome to Ladderkit")
        .open(&mut open)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label(if crate::platform::WEB {
                "Start from a bundled variant (it opens as an untitled copy: File › Save downloads it), draw a new \
                 board, or open a file (or drop one on the page)."
            } else {
                "Start from a bundled variant (it opens as an untitled copy: File › Save as keeps it), draw a new \
                 board, or open a file."
            });
            ui.add_space(6.0);
            egui::Grid::new("welcome-variants").num_columns(2).striped(true).show(ui, |ui| {
                for ((file, _), spec) in bundled::VARIANTS.iter().zip(bundled::specs()) {
                    let button = ui.button(spec.meta.name.as_str());
                    super::mark(&mut panels.targets, format!("welcome:{file}"), &button);
                    if button.clicked() {
                        out.push(Intent::New(Box::new(spec.clone())));
                        picked = true;
                    }
                    let about = gist(&spec.meta.description);
                    ui.label(RichText::new(format!("{file} · {about}")).small().weak())
                        .on_hover_text(spec.meta.description.as_str());
                    ui.end_row();
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("New board…").clicked() {
                    panels.new_dialog = Some(NewDialog::default());
                    picked = true;
                }
                let open_file = ui.button("Open file…");
                super::mark(&mut panels.targets, "welcome:open", &open_file);
                if open_file.clicked() {
                    out.push(Intent::OpenDialog);
                    picked = true;
                }
                // A page has no paths to type.
                if !crate::platform::WEB && ui.button("Open path…").clicked() {
                    panels.path_prompt = Some(PathPrompt::new(PromptKind::Open, f));
                    picked = true;
                }
            });
            // After a crash: the files whose changes were kept, first.
            if !panels.welcome_unsaved.is_empty() {
                ui.label(RichText::new("Unsaved changes from last time").strong());
                for path in panels.welcome_unsaved.clone() {
                    ui.horizontal(|ui| {
                        ui.label(path.display().to_string());
                        let open = ui.button("Open and recover…");
                        super::mark(&mut panels.targets, format!("welcome:recover:{}", path.display()), &open);
                        if open.on_hover_text("Opens the file and offers the changes back").clicked() {
                            out.push(Intent::Open(path.clone()));
                            picked = true;
                        }
                    });
                }
                ui.separator();
            }
            if !f.files.recent.is_empty() {
                ui.label(RichText::new("Recent files").strong());
                for path in f.files.recent.iter().take(5) {
                    if ui.link(path.display().to_string()).clicked() {
                        out.push(Intent::Open(path.clone()));
                        picked = true;
                    }
                }
            }
        });
    if picked || !open {
        panels.welcome = false;
    }
    out
}

/// The description's first clause, short enough for one line.
fn gist(description: &str) -> String {
    let first = description.split(['.', ':', '\n']).next().unwrap_or("").trim();
    match first.char_indices().nth(70) {
        Some((cut, _)) => format!("{}…", &first[..cut]),
        None => first.to_owned(),
    }
}

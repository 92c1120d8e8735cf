//! The help overlay (F1, `?`, Help › Keys and mouse): every key and gesture,
//! drawn from the table the key handling reads.

use bevy_egui::egui;

use super::PanelState;
use crate::keys::{self, GESTURES, Mode};

/// Where the format is documented: beside the page on the web (the build
/// copies the docs), in the sources on the desktop.
const FORMAT_DOCS: &str = "docs/format.md";
const EDITOR_DOCS: &str = "docs/editor.md";

pub(super) fn show(ctx: &egui::Context, panels: &mut PanelState) {
    if !panels.help {
        return;
    }
    let mut open = true;
    let window = egui::Window::new("Help: keys and mouse")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(1000.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().min_scrolled_height(ctx.content_rect().height() * 0.75).show(ui, |ui| {
                ui.columns(2, |columns| {
                    keys_table(&mut columns[0], "Editing", &[Mode::Anywhere, Mode::Editing, Mode::Both]);
                    keys_table(&mut columns[1], "Play-testing", &[Mode::Playing, Mode::Both]);
                    columns[1].add_space(8.0);
                    columns[1].heading("Mouse");
                    egui::Grid::new("gestures").striped(true).num_columns(3).show(&mut columns[1], |ui| {
                        for g in GESTURES {
                            ui.label(keys::tool_of(g));
                            ui.label(g.gesture);
                            ui.add(egui::Label::new(g.what).wrap());
                            ui.end_row();
                        }
                    });
                });
                ui.add_space(8.0);
                ui.horizontal_wrapped(|ui| {
                    ui.label("The variant file format:");
                    docs_link(ui, FORMAT_DOCS);
                    ui.label("· this list and more:");
                    docs_link(ui, EDITOR_DOCS);
                    ui.label("· Esc, F1 or ? closes this window.");
                });
            });
        });
    if let Some(window) = window {
        super::mark(&mut panels.targets, "window:help", &window.response);
    }
    if !open {
        panels.help = false;
    }
}

fn keys_table(ui: &mut egui::Ui, title: &str, modes: &[Mode]) {
    ui.heading(title);
    egui::Grid::new(title).striped(true).num_columns(2).show(ui, |ui| {
        for (keys, _, what) in keys::rows().into_iter().filter(|r| modes.contains(&r.1)) {
            ui.monospace(keys);
            ui.add(egui::Label::new(what).wrap());
            ui.end_row();
        }
    });
}

fn docs_link(ui: &mut egui::Ui, path: &str) {
    if crate::platform::WEB {
        ui.hyperlink_to(path, path);
    } else {
        ui.monospace(path).on_hover_text("In the Ladderkit sources, beside README.md");
    }
}

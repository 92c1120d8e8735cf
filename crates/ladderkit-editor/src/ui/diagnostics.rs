//! The diagnostics list: errors first; a click selects the culprits.

use bevy_egui::egui;
use ladderkit::core::Severity;

use super::Frame;
use super::paint::{ERROR, WARNING};
use crate::intents::Intent;

pub(super) fn panel(ui: &mut egui::Ui, f: &Frame) -> Vec<Intent> {
    let mut out = Vec::new();
    let n = f.checks.diagnostics.len();
    ui.horizontal(|ui| {
        ui.strong("Checks");
        if n == 0 {
            ui.colored_label(egui::Color32::from_rgb(40, 140, 60), "✔ no problems: every piece can reach the goal");
        }
    });
    egui::ScrollArea::vertical().auto_shrink([false, true]).max_height(6.0 * 22.0).show(ui, |ui| {
        for (i, d) in f.checks.diagnostics.iter().enumerate() {
            let color = if d.severity == Severity::Error { ERROR } else { WARNING };
            let selected = f.selection.diagnostic == Some(i);
            let text = egui::RichText::new(format!("{} [{}] {}", d.severity.name(), d.code, d.message)).color(color);
            let mut response = ui.selectable_label(selected, text);
            if let Some(help) = &d.help {
                response = response.on_hover_text(help);
            }
            if response.clicked() {
                out.push(Intent::SelectDiagnostic(i));
            }
        }
    });
    out
}

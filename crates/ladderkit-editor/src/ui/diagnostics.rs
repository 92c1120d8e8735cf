//! The diagnostics list: errors first; a click selects the culprits.

use bevy_egui::egui;
use ladderkit::core::Severity;

use super::Frame;
use super::paint::{ERROR, WARNING};
use crate::intents::Intent;

pub(super) fn panel(ui: &mut egui::Ui, f: &Frame) -> Vec<Intent> {
    let mut out = Vec::new();
    let n = f.checks.diagnostics.len();
    let errors = f.checks.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
    ui.horizontal(|ui| {
        ui.strong("Checks");
        if n == 0 {
            ui.colored_label(egui::Color32::from_rgb(40, 140, 60), "✔ no problems: every piece can reach the goal");
        } else {
            let plural = |k: usize, what: &str| format!("{k} {what}{}", if k == 1 { "" } else { "s" });
            ui.label(format!("{}, {}", plural(errors, "error"), plural(n - errors, "warning")));
            ui.label(egui::RichText::new("click one to light what it is about").weak());
        }
    });
    // A solid scroll bar, so a list longer than the panel says so; the
    // panel keeps its height (drag its edge), so the board never jumps.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
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

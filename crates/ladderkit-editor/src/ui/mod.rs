//! The interface: panels draw from the resources and return intents; one
//! system lays them out each frame and sends what they returned.

mod board;
mod diagnostics;
mod dialogs;
mod inspector;
mod menu;
mod paint;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::checks::Checks;
use crate::document::Document;
use crate::files::Files;
use crate::history::History;
use crate::intents::Intent;
use crate::selection::Selection;
use crate::tools::{Brush, Tool};
use crate::view::View;

/// State that belongs to the panels only.
#[derive(Resource, Debug, Default)]
pub struct PanelState {
    pub new_dialog: Option<dialogs::NewDialog>,
    pub path_prompt: Option<dialogs::PathPrompt>,
    pub board: board::BoardState,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelState>().add_systems(EguiPrimaryContextPass, draw).add_systems(Update, window_title);
}

/// Everything the panels read, in one place.
pub(crate) struct Frame<'a> {
    pub doc: &'a Document,
    pub checks: &'a Checks,
    pub selection: &'a Selection,
    pub history: &'a History,
    pub files: &'a Files,
}

#[allow(clippy::too_many_arguments)] // reason: a Bevy system's parameters are its inputs; grouping them hides what it reads
fn draw(
    mut contexts: EguiContexts,
    doc: Res<Document>,
    checks: Res<Checks>,
    selection: Res<Selection>,
    history: Res<History>,
    files: Res<Files>,
    mut tool: ResMut<Tool>,
    mut brush: ResMut<Brush>,
    mut view: ResMut<View>,
    mut panels: ResMut<PanelState>,
    mut intents: MessageWriter<Intent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let frame = Frame { doc: &doc, checks: &checks, selection: &selection, history: &history, files: &files };
    let mut out: Vec<Intent> = Vec::new();
    out.extend(menu::shortcuts(ctx, &mut tool, &mut view));
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let panels = &mut *panels;
    egui::Panel::top("menu").show(&mut root, |ui| {
        out.extend(menu::menu_bar(ui, &frame, panels, &mut view));
        menu::toolbar(ui, &frame, &mut tool, &mut brush);
    });
    egui::Panel::bottom("status").show(&mut root, |ui| menu::status_bar(ui, &frame));
    egui::Panel::bottom("diagnostics").resizable(true).default_size(140.0).show(&mut root, |ui| {
        out.extend(diagnostics::panel(ui, &frame));
    });
    egui::Panel::right("inspector").resizable(true).default_size(320.0).show(&mut root, |ui| {
        out.extend(inspector::panel(ui, &frame));
    });
    egui::CentralPanel::default().frame(egui::Frame::new().fill(paint::BACKGROUND)).show(&mut root, |ui| {
        out.extend(board::view(ui, &frame, *tool, *brush, &mut view, &mut panels.board));
    });
    out.extend(dialogs::show(ctx, &frame, panels));
    for intent in out {
        intents.write(intent);
    }
    Ok(())
}

fn window_title(doc: Res<Document>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    if !doc.is_changed() {
        return;
    }
    for mut window in &mut windows {
        let title = doc.title();
        if window.title != title {
            window.title = title;
        }
    }
}

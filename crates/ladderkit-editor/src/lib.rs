//! The Ladderkit editor: draw a board, get it checked live, tune the rules.
//!
//! A Bevy app with an egui interface. One plugin per feature file; the
//! document is a resource changed only through commands on the undo
//! history; panels and tools return `Intent`s that the feature plugins act
//! on, in one chained order of system sets. No rule of the game lives here:
//! checks, movement and odds come from the core crates.

pub mod background;
pub mod bench;
pub mod bundled;
pub mod checks;
pub mod clipboard;
pub mod document;
pub mod export;
pub mod files;
pub mod history;
pub mod intents;
pub mod jobs;
pub mod keys;
pub mod odds;
pub mod platform;
pub mod playtest;
pub mod redraw;
pub mod report;
pub mod screenshot;
pub mod selection;
pub mod share;
pub mod tools;
pub mod tune;
mod ui;
pub use ui::{OpenHelp, OpenTab, Tab, UiTiming};
pub mod view;
pub mod welcome;

use bevy::prelude::*;

/// The one order of the editor's update systems.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EditorSet {
    /// Files: open, save, autosave, reload.
    Files,
    /// Edits, undo and redo reach the document.
    Apply,
    /// Selection follows intents.
    Select,
    /// Checks rerun on a changed document.
    Check,
    /// The odds follow the checked design.
    Odds,
    /// The play-test advances.
    Play,
}

/// Editing the design, or play-testing it.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EditorMode {
    #[default]
    Edit,
    Playtest,
}

/// Everything but drawing: runs headless (`MinimalPlugins` + `StatesPlugin`).
pub fn logic_plugin(app: &mut App) {
    app.add_message::<intents::Intent>()
        .init_state::<EditorMode>()
        .configure_sets(
            Update,
            (EditorSet::Files, EditorSet::Apply, EditorSet::Select, EditorSet::Check, EditorSet::Odds, EditorSet::Play)
                .chain(),
        )
        .add_plugins((
            jobs::plugin,
            document::plugin,
            files::plugin,
            selection::plugin,
            checks::plugin,
            tools::plugin,
            view::plugin,
        ))
        .add_plugins((odds::plugin, tune::plugin, playtest::plugin, export::plugin, share::plugin, welcome::plugin))
        .add_plugins(background::plugin);
}

/// The whole editor, window and interface included.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, ui::plugin, screenshot::plugin, report::plugin, redraw::plugin));
}

//! Helpers shared by the headless test files: an editor without a window
//! or GPU, driven by intents as the panels send them.
#![allow(dead_code)] // reason: each test file uses its own subset of these helpers

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use ladderkit::core::Code;
use ladderkit_editor::checks::Checks;
use ladderkit_editor::document::Document;
use ladderkit_editor::files::{Files, StartupFile};
use ladderkit_editor::history::EditCommand;
use ladderkit_editor::intents::Intent;

pub fn app_with(file: Option<&Path>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Files::new(None));
    if let Some(f) = file {
        app.insert_resource(StartupFile(f.to_owned()));
    }
    app.add_plugins(ladderkit_editor::logic_plugin);
    app.update();
    app
}

pub fn send(app: &mut App, intent: Intent) {
    app.world_mut().write_message(intent);
    app.update();
}

pub fn edit(app: &mut App, command: EditCommand) {
    send(app, Intent::Edit(command));
}

pub fn doc(app: &App) -> &Document {
    app.world().resource::<Document>()
}

pub fn codes(app: &App) -> Vec<Code> {
    app.world().resource::<Checks>().diagnostics.iter().map(|d| d.code).collect()
}

pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ladderkit-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants").join(name)
}

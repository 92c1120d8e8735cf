//! The variant being edited: one resource, changed only by commands on the
//! history (and wholesale by opening, reverting or recovering a file),
//! through `Document::edit` and `Document::replace`.

use std::path::PathBuf;

use bevy::prelude::*;
use ladderkit::core::spec::VariantSpec;

use crate::history::History;
use crate::intents::Intent;
use crate::{EditorMode, EditorSet};

/// The design changes only through `edit` (a command, an undo, a revert
/// to the saved text) and `replace` (another file), which bump
/// `generation`; so the checks, the odds and every view that keys on it
/// see every change.
#[derive(Resource, Debug, Clone)]
pub struct Document {
    spec: VariantSpec,
    pub path: Option<PathBuf>,
    /// The name of the file an untitled document came from (a file picked
    /// or dropped in the web page): its title, and the name saving
    /// downloads it under.
    pub name: Option<String>,
    /// The spec as last loaded or saved; unsaved changes differ from it.
    saved: VariantSpec,
    /// Bumped on every change, so checks know when to rerun.
    generation: u64,
    /// The last edit that could not be applied, for the status bar.
    pub error: Option<String>,
    /// Counts whole replacements (open, new, revert): the view and the
    /// selection start afresh when it changes.
    opened: u64,
}

impl Document {
    pub fn new(spec: VariantSpec, path: Option<PathBuf>) -> Self {
        Self { saved: spec.clone(), spec, path, name: None, generation: 0, error: None, opened: 0 }
    }

    /// The design as it stands.
    pub fn spec(&self) -> &VariantSpec {
        &self.spec
    }

    /// The design as last loaded or saved.
    pub fn saved(&self) -> &VariantSpec {
        &self.saved
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn opened(&self) -> u64 {
        self.opened
    }

    /// The design changed in place (an edit, an undo or redo, a revert to
    /// the saved design): the same file, checked again.
    pub fn edit(&mut self, spec: VariantSpec) {
        self.spec = spec;
        self.generation += 1;
        self.error = None;
    }

    /// The design as it stands was saved (at `path`, or downloaded under
    /// `name`): it is the saved one now. A change of what the document
    /// is, so the generation moves on, as with every other.
    pub fn mark_saved(&mut self) {
        self.saved = self.spec.clone();
        self.generation += 1;
    }

    pub fn is_dirty(&self) -> bool {
        self.spec != self.saved
    }

    /// Replaces the whole document (open, new, revert).
    pub fn replace(&mut self, spec: VariantSpec, path: Option<PathBuf>) {
        self.saved = spec.clone();
        self.spec = spec;
        self.path = path;
        self.name = None;
        self.generation += 1;
        self.error = None;
        self.opened += 1;
    }

    /// The window title: file name, then a dot when there are unsaved changes.
    pub fn title(&self) -> String {
        let name = self
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .or_else(|| self.name.clone())
            .unwrap_or_else(|| "Untitled".into());
        format!("{}{name} — {} — Ladderkit", if self.is_dirty() { "● " } else { "" }, self.spec.meta.name)
    }

    /// The file name a save suggests: the document's own, else one made
    /// from the variant's name ("Milton Bradley" → `milton-bradley.ron`).
    pub fn file_name(&self) -> String {
        if let Some(name) = self.path.as_ref().and_then(|p| p.file_name()) {
            return name.to_string_lossy().into_owned();
        }
        if let Some(name) = &self.name {
            return name.clone();
        }
        let mut slug = String::new();
        for c in self.spec.meta.name.chars().flat_map(char::to_lowercase) {
            if c.is_ascii_alphanumeric() {
                slug.push(c);
            } else if !slug.is_empty() && !slug.ends_with('-') {
                slug.push('-');
            }
        }
        let slug = slug.trim_end_matches('-');
        format!("{}.ron", if slug.is_empty() { "variant" } else { slug })
    }
}

impl Default for Document {
    fn default() -> Self {
        Self::new(VariantSpec::new_grid("Untitled", 10, 10, ladderkit::core::spec::PathStyle::Boustrophedon), None)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Document>()
        .init_resource::<History>()
        .add_systems(Update, apply_edits.in_set(EditorSet::Apply));
}

fn apply_edits(
    mut intents: MessageReader<Intent>,
    mut doc: ResMut<Document>,
    mut history: ResMut<History>,
    mode: Res<State<EditorMode>>,
) {
    for intent in intents.read() {
        // The design is frozen while play-testing; what was asked then is
        // dropped, not kept for later.
        if *mode.get() == EditorMode::Playtest {
            continue;
        }
        match intent {
            Intent::Edit(command) => {
                let before = doc.spec().clone();
                let label = command.label(&before);
                let mut after = before.clone();
                match command.apply(&mut after) {
                    Ok(()) if after != before => {
                        doc.edit(after.clone());
                        history.record(label, before, after, command.stream());
                    }
                    Ok(()) => {}
                    Err(e) => doc.error = Some(e),
                }
            }
            Intent::Undo => {
                if let Some(entry) = history.undo() {
                    doc.edit(entry.before.clone());
                }
            }
            Intent::Redo => {
                if let Some(entry) = history.redo() {
                    doc.edit(entry.after.clone());
                }
            }
            _ => {}
        }
    }
}

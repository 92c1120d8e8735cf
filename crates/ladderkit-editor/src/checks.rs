//! Live checks: every change of the document recompiles it, which reruns
//! every board check (a few milliseconds even on a 100 × 100 board).

use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use ladderkit::core::{Compiled, Diagnostic, compile};

use crate::EditorSet;
use crate::document::Document;

#[derive(Resource, Debug, Clone)]
pub struct Checks {
    pub compiled: Compiled,
    pub diagnostics: Vec<Diagnostic>,
    /// The document generation these checks are for.
    pub generation: u64,
    /// How long the last check took.
    pub took: Duration,
}

impl FromWorld for Checks {
    fn from_world(world: &mut World) -> Self {
        let doc = world.get_resource_or_init::<Document>();
        run(&doc)
    }
}

fn run(doc: &Document) -> Checks {
    let start = Instant::now();
    let compiled = compile(doc.spec());
    let mut diagnostics = compiled.diagnostics.clone();
    // Errors first, then warnings; stable within each.
    diagnostics.sort_by_key(|d| d.severity);
    Checks { compiled, diagnostics, generation: doc.generation(), took: start.elapsed() }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Checks>().add_systems(Update, recheck.in_set(EditorSet::Check));
}

pub(crate) fn recheck(doc: Res<Document>, mut checks: ResMut<Checks>) {
    if checks.generation != doc.generation() {
        *checks = run(&doc);
    }
}

//! Started without a file: the first bundled variant shows, untitled, under
//! a welcome window that offers the others, a new board, a file or a recent
//! one. Nothing here depends on where the binary or the checkout is.

use bevy::prelude::*;

use crate::bundled;
use crate::document::Document;

/// Present while the welcome window shows (inserted when no file is given).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Welcome;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, show_a_bundled_variant);
}

fn show_a_bundled_variant(welcome: Option<Res<Welcome>>, mut doc: ResMut<Document>) {
    if welcome.is_some()
        && let Some(spec) = bundled::spec(bundled::DEFAULT)
    {
        doc.replace(spec, None);
    }
}

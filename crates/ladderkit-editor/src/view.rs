//! Pan and zoom of the board view.

use bevy::prelude::*;

#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Screen pixels per board unit (one grid square).
    pub zoom: f32,
    /// Offset of the board's centre from the view's centre, in pixels.
    pub pan: [f32; 2],
    /// Fit the board to the view on the next frame.
    pub fit: bool,
    /// Tint squares by expected landings (from the live odds).
    pub heat: bool,
}

impl Default for View {
    fn default() -> Self {
        Self { zoom: 60.0, pan: [0.0, 0.0], fit: true, heat: false }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<View>().add_systems(Update, fit_a_new_document.in_set(crate::EditorSet::Select));
}

/// A newly opened board is shown whole, not at the last one's zoom.
fn fit_a_new_document(doc: Res<crate::document::Document>, mut view: ResMut<View>, mut seen: Local<u64>) {
    if doc.opened != *seen {
        *seen = doc.opened;
        view.fit = true;
    }
}

//! Pan and zoom of the board view.

use bevy::prelude::*;
use ladderkit::core::spec::Point;

#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Screen pixels per board unit (one grid square).
    pub zoom: f32,
    /// Offset of the board's centre from the view's centre, in pixels.
    pub pan: [f32; 2],
    /// Fit the board to the view on the next frame.
    pub fit: bool,
    /// Zoom by this factor on the next frame, around the pointer if it is
    /// over the board (keys and buttons; the wheel zooms at once).
    pub zoom_by: f32,
    /// Tint squares by expected landings (from the live odds).
    pub heat: bool,
    /// The board's colours: a theme of the printed board's.
    pub theme: ladderkit::render::Theme,
    /// Where the board was drawn last frame (none before the first).
    pub drawn: Option<Placement>,
}

/// Board units ↔ window pixels (egui points) as the board is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// The window point the board's centre is drawn at.
    pub origin: [f32; 2],
    /// The board's centre, in board units.
    pub centre: Point,
    /// Pixels per board unit.
    pub zoom: f32,
}

impl Placement {
    /// Board y grows upwards, screen y downwards.
    pub fn to_screen(self, p: Point) -> [f32; 2] {
        [self.origin[0] + (p.x - self.centre.x) * self.zoom, self.origin[1] - (p.y - self.centre.y) * self.zoom]
    }

    pub fn to_board(self, s: [f32; 2]) -> Point {
        Point {
            x: (s[0] - self.origin[0]) / self.zoom + self.centre.x,
            y: -(s[1] - self.origin[1]) / self.zoom + self.centre.y,
        }
    }
}

impl Default for View {
    fn default() -> Self {
        Self {
            zoom: 60.0,
            pan: [0.0, 0.0],
            fit: true,
            zoom_by: 1.0,
            heat: false,
            theme: ladderkit::render::Theme::Classic,
            drawn: None,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<View>().add_systems(Update, fit_a_new_document.in_set(crate::EditorSet::Select));
}

/// A newly opened board is shown whole, not at the last one's zoom, and
/// without the last one's heat overlay.
fn fit_a_new_document(doc: Res<crate::document::Document>, mut view: ResMut<View>, mut seen: Local<u64>) {
    if doc.opened() != *seen {
        *seen = doc.opened();
        view.fit = true;
        view.heat = false;
    }
}

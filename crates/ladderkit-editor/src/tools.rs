//! The drawing tools and the effect brush.

use bevy::prelude::*;
use ladderkit::core::spec::Effect;

#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Click to select; drag a selected jump's end to move it; drag free
    /// spaces; drag empty board to pan.
    #[default]
    Select,
    /// Drag from one space to another: up is a ladder, down a snake.
    DrawJump,
    /// Click a jump or an effect to delete it (on free boards, a space).
    Erase,
    /// Click spaces to put the brush's effect on them.
    Paint,
    /// Free-form boards: click to add a space at the end of the path, or
    /// on the path between two spaces to insert one there.
    AddSpace,
}

impl Tool {
    pub const ALL: [Tool; 5] = [Self::Select, Self::DrawJump, Self::Erase, Self::Paint, Self::AddSpace];

    pub fn name(self) -> &'static str {
        match self {
            Self::Select => "Select",
            Self::DrawJump => "Draw jump",
            Self::Erase => "Erase",
            Self::Paint => "Paint effect",
            Self::AddSpace => "Add space",
        }
    }

    pub fn help(self) -> &'static str {
        match self {
            Self::Select => {
                "Click a space or jump to inspect it (Shift: several; Shift+drag: a box); drag a selected jump's end to \
                 move it; drag empty board to pan"
            }
            Self::DrawJump => "Drag from one space to another: upwards draws a ladder, downwards a snake",
            Self::Erase => "Click a jump to delete it, or a space to delete its effects (free boards: the space)",
            Self::Paint => "Click spaces to give them the brush's effect",
            Self::AddSpace => {
                "Free-form boards: click to add a space at the end of the path, or on the path to insert one"
            }
        }
    }
}

/// The effect the Paint tool puts down.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Brush(pub Effect);

impl Default for Brush {
    fn default() -> Self {
        Self(Effect::LoseTurns(1))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tool>().init_resource::<Brush>();
}

//! Colours: `Classic` for screens and colour printers, `Ink` black on white
//! for home printers (snakes and ladders told apart by shape, not colour).

/// The seats' colours (red, blue, yellow, violet, green, pink, charcoal,
/// coral): the editor's play-test pieces and the printed kit's.
pub const SEAT_COLOURS: [[u8; 3]; 8] = [
    [214, 48, 49],
    [9, 132, 227],
    [253, 203, 110],
    [108, 92, 231],
    [0, 184, 148],
    [232, 67, 147],
    [45, 52, 54],
    [225, 112, 85],
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Classic,
    Ink,
}

/// A theme's colours, as `#rrggbb`: the printed board's, and the editor's
/// board on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub page: &'static str,
    pub tile_a: &'static str,
    pub tile_b: &'static str,
    pub tile_edge: &'static str,
    pub ink: &'static str,
    pub goal: &'static str,
    pub tray: &'static str,
    pub ladder: &'static str,
    pub snake: &'static str,
    pub snake_edge: &'static str,
    pub badge: &'static str,
    pub badge_text: &'static str,
}

impl Palette {
    /// The cumulative curve on charts.
    pub fn goal_line(&self) -> &'static str {
        if self.ink == "#000000" { "#000000" } else { "#d2a01e" }
    }
}

impl Theme {
    pub const ALL: [Theme; 2] = [Self::Classic, Self::Ink];

    pub fn palette(self) -> Palette {
        match self {
            Self::Classic => Palette {
                page: "#ffffff",
                tile_a: "#f6eed6",
                tile_b: "#e4d6b4",
                tile_edge: "#8c7b5a",
                ink: "#3c3428",
                goal: "#f0c43c",
                tray: "#bebec4",
                ladder: "#96602a",
                snake: "#3a9646",
                snake_edge: "#185422",
                badge: "#2878c8",
                badge_text: "#ffffff",
            },
            Self::Ink => Palette {
                page: "#ffffff",
                tile_a: "#ffffff",
                tile_b: "#ffffff",
                tile_edge: "#000000",
                ink: "#000000",
                goal: "#ffffff",
                tray: "#ffffff",
                ladder: "#000000",
                snake: "#ffffff",
                snake_edge: "#000000",
                badge: "#ffffff",
                badge_text: "#000000",
            },
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Classic => "classic",
            Self::Ink => "ink",
        }
    }
}

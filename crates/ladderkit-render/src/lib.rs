//! Ladderkit's pictures: a printable board drawn from a variant alone, the
//! odds as a chart, and PNG rasterisation of either. Pure: specs and
//! analyses in, SVG text or PNG bytes out; no files, no system fonts (the
//! one font is embedded).

mod board;
pub mod carry;
mod extras;
mod kit;
mod markdown;
mod plot;
mod raster;
mod summary;
mod svg;
mod tabletop;
mod theme;

pub use board::board_svg;
pub use extras::letter as arrow_letter;
pub use kit::{
    BOARD_MM, Kit, KitOptions, OVERLAP_MM, PAGE_MARGIN_MM, SMALLEST_SPACE_MM, fits, print_kit, rule_sheet_sentences,
};
pub use markdown::{Odds, describe_md};
pub use plot::{Swings, odds_svg, trailing_colour};
pub use raster::{RenderError, png, png_layered, png_sized, rgba};
pub use summary::{rule_sentences, rules_summary};
pub use tabletop::{
    BoardPicture, MAX_TEXTURE_PX, SMALLEST_SPACE_PX, arrow_marker, board_picture, chip_back, chip_face,
};
pub use theme::{Palette, SEAT_COLOURS, Theme};

/// Paper sizes for printing, in millimetres (portrait).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Self::A4 => (210.0, 297.0),
            Self::Letter => (215.9, 279.4),
        }
    }
}

/// How to draw a board.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct BoardOptions<'a> {
    pub paper: Paper,
    pub theme: Theme,
    /// Tint spaces by these values (expected landings per position, as
    /// `Analysis::heat`); the picture becomes a heat map.
    pub heat: Option<&'a [f64]>,
    /// Leave the rules out of the footer (the legend stays): the
    /// print-and-play kit prints them on a sheet of their own.
    pub without_rules: bool,
    /// Which game's board to draw when the variant deals its jumps afresh
    /// each game (0 is the first).
    pub game: u64,
    /// Text smaller than this, in millimetres on the drawing, is left out
    /// (0 keeps all): the print-and-play kit leaves out what would print
    /// too small to read.
    pub smallest_text: f32,
}

//! Pictures for a virtual table (Tabletop Simulator): the board as one
//! texture, cropped to what it draws, with where each space's centre lies
//! on it; and the small faces of chips and arrow markers.

use ladderkit_core::spec::{ArrowKind, Direction, VariantSpec};

use crate::board::page_with_centres;
use crate::kit::{drawn_area, parse};
use crate::raster::png_sized;
use crate::svg::{Svg, n};
use crate::{BoardOptions, Paper, RenderError, Theme};

/// Tabletop Simulator loads no texture larger than this on a side.
pub const MAX_TEXTURE_PX: u32 = 4096;
/// A space drawn this wide shows its number and badges clearly.
const WANTED_SPACE_PX: f32 = 96.0;
/// No board texture is made smaller than this on its longer side.
const LEAST_TEXTURE_PX: f32 = 1024.0;
/// Below this a space's number cannot be read on the table, nor the
/// space told from its neighbours: such a board is refused.
pub const SMALLEST_SPACE_PX: f32 = 12.0;

/// The board as one PNG texture.
#[derive(Debug, Clone)]
pub struct BoardPicture {
    pub png: Vec<u8>,
    /// Width × height in pixels.
    pub size: [u32; 2],
    /// Each drawn space (and the start tray, position 0, where there is
    /// one): its position and its centre as fractions of the picture's
    /// width and height from the top left.
    pub spaces: Vec<(u32, (f32, f32))>,
    /// The position the pieces start on.
    pub start: u32,
    /// A space's width on the picture, in pixels.
    pub space_px: f32,
    /// Whether the picture is smaller than the board wants (its spaces
    /// narrower than 96 px) to stay within `MAX_TEXTURE_PX`.
    pub downscaled: bool,
}

/// Draws the board as the printed page draws it (title, spaces, jumps,
/// effects and their legend; the rules go to the rulebook), cropped to the
/// drawing and sized so a space is about 96 px wide, within 1,024 to 4,096
/// px on the longer side. A board whose spaces would be narrower than 12
/// px even at 4,096 px is refused, with the reason.
pub fn board_picture(spec: &VariantSpec, theme: Theme) -> Result<BoardPicture, RenderError> {
    let options =
        BoardOptions { paper: Paper::A4, theme, heat: None, without_rules: true, game: 0, smallest_text: 0.0 };
    let (page, centres) = page_with_centres(spec, &options);
    let (x, y, w, h) = drawn_area(&parse(&page)?);
    let longer = w.max(h);
    let wanted = if centres.space_mm > 0.0 { longer * WANTED_SPACE_PX / centres.space_mm } else { LEAST_TEXTURE_PX };
    let longest_px = wanted.clamp(LEAST_TEXTURE_PX, MAX_TEXTURE_PX as f32);
    let px_per_mm = longest_px / longer;
    let space_px = centres.space_mm * px_per_mm;
    if !centres.spaces.is_empty() && space_px < SMALLEST_SPACE_PX {
        return Err(RenderError::Table(format!(
            "its spaces would be {space_px:.1} px wide on the largest texture Tabletop Simulator loads \
             ({MAX_TEXTURE_PX} × {MAX_TEXTURE_PX} px), too small to read or to drop a piece on (at least \
             {SMALLEST_SPACE_PX} px): the board is {:.0} spaces across; play it on the print-and-play kit or split it",
            longer / centres.space_mm
        )));
    }
    // The same page, its view cut down to the drawing.
    let header_end = page.find('\n').map_or(0, |i| i + 1);
    let cropped = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="{x} {y} {w} {h}" font-family="Ubuntu, sans-serif">
{}"#,
        &page[header_end..],
        w = n(w),
        h = n(h),
        x = n(x),
        y = n(y),
    );
    // Not over the cap by rounding up a pixel.
    let dpi = (longest_px - 1.0).max(1.0) / (longer / 25.4);
    let (png, size) = png_sized(&cropped, dpi)?;
    // Fractions of the view box as written (rounded to the SVG's two
    // decimals), which is what the picture shows.
    let (x, y, w, h) = (round(x), round(y), round(w), round(h));
    let spaces = centres.spaces.iter().map(|&(pos, (cx, cy))| (pos, ((cx - x) / w, (cy - y) / h))).collect();
    Ok(BoardPicture { png, size, spaces, start: centres.start, space_px, downscaled: wanted > MAX_TEXTURE_PX as f32 })
}

fn round(v: f32) -> f32 {
    n(v).parse().unwrap_or(v)
}

/// Small faces are drawn 256 px across.
const FACE_MM: f32 = 20.0;
const FACE_DPI: f32 = 256.0 / (FACE_MM / 25.4);

/// A chip's face: its value on a gold disc.
pub fn chip_face(value: u32) -> Result<Vec<u8>, RenderError> {
    let mut svg = Svg::new(FACE_MM, FACE_MM);
    let c = FACE_MM / 2.0;
    svg.circle(c, c, c, r##"fill="#f4d03f" stroke="#7a5c00" stroke-width="0.8""##);
    svg.text(c, c + 3.6, 10.0, "middle", r##"fill="#000000""##, &value.to_string());
    face(svg)
}

/// The back every chip shares, so a chip face down tells nothing.
pub fn chip_back() -> Result<Vec<u8>, RenderError> {
    let mut svg = Svg::new(FACE_MM, FACE_MM);
    let c = FACE_MM / 2.0;
    svg.circle(c, c, c, r##"fill="#7a5c00""##);
    svg.circle(c, c, c * 0.6, r##"fill="none" stroke="#f4d03f" stroke-width="0.8""##);
    face(svg)
}

/// An arrow marker: the arrow's letter as the board prints it, an arrow
/// pointing the way it points on the board, and what it does.
pub fn arrow_marker(kind: ArrowKind, points: Direction) -> Result<Vec<u8>, RenderError> {
    let mut svg = Svg::new(FACE_MM, FACE_MM);
    let c = FACE_MM / 2.0;
    svg.rect(0.5, 0.5, FACE_MM - 1.0, FACE_MM - 1.0, 2.0, r##"fill="#ffffff" stroke="#000000" stroke-width="0.6""##);
    // An arrow pointing up, turned the way the board's arrow points (y up
    // on the board, down on the page).
    let turn = match points {
        Direction::Up => 0,
        Direction::Right => 90,
        Direction::Down => 180,
        Direction::Left => 270,
    };
    svg.path(
        &format!(
            "M {c} 3 L {} 8 L {} 8 L {} 12 L {} 12 L {} 8 L {} 8 Z",
            c + 4.0,
            c + 1.5,
            c + 1.5,
            c - 1.5,
            c - 1.5,
            c - 4.0
        ),
        &format!(r##"fill="#1f4e9c" transform="rotate({turn} {c} {})""##, n(7.5)),
    );
    svg.text(c, 16.0, 3.6, "middle", r##"fill="#000000""##, crate::extras::letter(kind));
    svg.text(c, 19.0, 2.0, "middle", r##"fill="#000000""##, &kind.describe());
    face(svg)
}

fn face(svg: Svg) -> Result<Vec<u8>, RenderError> {
    png_sized(&svg.finish(), FACE_DPI).map(|(png, _)| png)
}

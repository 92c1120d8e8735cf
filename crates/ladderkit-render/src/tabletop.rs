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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bundled variant (a test may read no file: the crate is pure).
    const BUNDLED: [(&str, &str); 14] = [
        ("anniversary-arrows.ron", include_str!("../../../variants/anniversary-arrows.ron")),
        ("carcassonne-scoreboard.ron", include_str!("../../../variants/carcassonne-scoreboard.ron")),
        ("game-of-the-goose.ron", include_str!("../../../variants/game-of-the-goose.ron")),
        ("gameweave-large.ron", include_str!("../../../variants/gameweave-large.ron")),
        ("gameweave-medium.ron", include_str!("../../../variants/gameweave-medium.ron")),
        ("gameweave-small.ron", include_str!("../../../variants/gameweave-small.ron")),
        ("milton-bradley-stomp.ron", include_str!("../../../variants/milton-bradley-stomp.ron")),
        ("milton-bradley.ron", include_str!("../../../variants/milton-bradley.ron")),
        ("random-board.ron", include_str!("../../../variants/random-board.ron")),
        ("taiwan-chips.ron", include_str!("../../../variants/taiwan-chips.ron")),
        ("treehouse-lose-sideways.ron", include_str!("../../../variants/treehouse-lose-sideways.ron")),
        ("treehouse-lose-upright.ron", include_str!("../../../variants/treehouse-lose-upright.ron")),
        ("treehouse-team.ron", include_str!("../../../variants/treehouse-team.ron")),
        ("treehouse.ron", include_str!("../../../variants/treehouse.ron")),
    ];

    fn variant(name: &str) -> VariantSpec {
        let (_, text) = BUNDLED.iter().find(|(n, _)| *n == name).expect("a bundled variant");
        ladderkit_core::check_source(text).spec.unwrap()
    }

    /// The picture's pixels, RGB rows.
    fn decode(png: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        (info, buf)
    }

    fn pixel((info, buf): &(png::OutputInfo, Vec<u8>), (u, v): (f32, f32)) -> [u8; 3] {
        let x = ((u * info.width as f32) as usize).min(info.width as usize - 1);
        let y = ((v * info.height as f32) as usize).min(info.height as usize - 1);
        let at = y * info.line_size + x * 3;
        [buf[at], buf[at + 1], buf[at + 2]]
    }

    const PAGE: [u8; 3] = [255, 255, 255];

    #[test]
    fn every_space_centre_lies_on_its_drawn_space() {
        for (name, _) in BUNDLED {
            let spec = variant(name);
            let picture = board_picture(&spec, Theme::Classic).unwrap();
            let board = ladderkit_core::compile(&spec).board;
            let tray = usize::from(spec.start == ladderkit_core::spec::Start::Tray);
            assert_eq!(picture.spaces.len(), board.goal as usize + tray, "{name}: one centre per space");
            assert!(picture.size[0] <= MAX_TEXTURE_PX && picture.size[1] <= MAX_TEXTURE_PX, "{name}");
            let pixels = decode(&picture.png);
            assert_eq!([pixels.0.width, pixels.0.height], picture.size);
            for &(pos, (u, v)) in &picture.spaces {
                assert!((0.0..=1.0).contains(&u) && (0.0..=1.0).contains(&v), "{name}: space {pos} at {u}, {v}");
                assert_ne!(pixel(&pixels, (u, v)), PAGE, "{name}: the centre of position {pos} is on the bare page");
            }
        }
    }

    /// The check above can fail: half a space to the side of each centre
    /// of a grid board is the gap between two tiles, the bare page.
    #[test]
    fn half_a_space_aside_is_the_gap_between_tiles() {
        let spec = variant("gameweave-small.ron");
        let picture = board_picture(&spec, Theme::Classic).unwrap();
        let pixels = decode(&picture.png);
        let half = 0.5 * picture.space_px / picture.size[0] as f32;
        let bare = picture.spaces.iter().filter(|(_, (u, v))| pixel(&pixels, (u + half, *v)) == PAGE).count();
        assert!(bare * 2 > picture.spaces.len(), "{bare} of {} are on the page", picture.spaces.len());
    }

    #[test]
    fn a_board_too_large_for_one_texture_is_refused_with_the_reason_and_a_large_one_downscaled() {
        let huge = VariantSpec::new_grid("Huge", 400, 400, ladderkit_core::spec::PathStyle::Boustrophedon);
        let Err(RenderError::Table(why)) = board_picture(&huge, Theme::Classic) else { panic!("not refused") };
        assert!(why.contains("too small") && why.contains("4096"), "{why}");
        let large = VariantSpec::new_grid("Large", 60, 60, ladderkit_core::spec::PathStyle::Boustrophedon);
        let picture = board_picture(&large, Theme::Classic).unwrap();
        assert!(picture.downscaled);
        assert!(picture.size.iter().any(|&s| s > 4000) && picture.size.iter().all(|&s| s <= MAX_TEXTURE_PX));
        assert!(picture.space_px >= SMALLEST_SPACE_PX && picture.space_px < WANTED_SPACE_PX);
    }
}

//! SVG to PNG with resvg (pure Rust). The one font is embedded, so the
//! picture is the same on every machine.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// The SVG did not parse (a bug here, or a hand-edited file).
    Svg(String),
    /// Width × height in pixels: too big or empty.
    Size {
        width: u32,
        height: u32,
    },
    Encode(String),
    /// The print-and-play kit was asked for a board it cannot print.
    Kit(String),
    /// A board too large to be one texture on a virtual table.
    Table(String),
    /// A PNG to draw that could not be decoded.
    Picture(String),
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Svg(e) => write!(f, "could not read the SVG: {e}"),
            Self::Size { width, height } => {
                write!(f, "a {width} × {height} pixel image is too large or empty; lower --dpi")
            }
            Self::Encode(e) => write!(f, "could not encode the PNG: {e}"),
            Self::Kit(e) | Self::Table(e) => f.write_str(e),
            Self::Picture(e) => write!(f, "could not read a picture: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Above this many pixels (about 16k × 16k) a PNG is refused.
const MAX_PIXELS: u64 = 268_435_456;

/// The font text is drawn with, for the rasteriser and the kit's PDF alike
/// (svg2pdf reads SVG with this same usvg).
pub(crate) fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
            db.set_sans_serif_family("Ubuntu");
            Arc::new(db)
        })
        .clone()
}

/// Rasterises an SVG at `dpi` dots per inch onto white; PNG bytes.
pub fn png(svg: &str, dpi: f32) -> Result<Vec<u8>, RenderError> {
    png_sized(svg, dpi).map(|(png, _)| png)
}

/// Rasterises an SVG at `dpi` dots per inch onto white: PNG bytes, and the
/// picture's width and height in pixels.
pub fn png_sized(svg: &str, dpi: f32) -> Result<(Vec<u8>, [u32; 2]), RenderError> {
    let pixmap = pixels(svg, dpi)?;
    let png = encode(&pixmap).map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok((png, [pixmap.width(), pixmap.height()]))
}

/// A picture in layers, at `dpi`: `under` (an SVG, onto white), then each
/// PNG stretched over its rectangle (x, y, width, height in the SVG's
/// millimetres), then `over` (an SVG the same size as `under`). For views
/// that show a PNG texture where it lies (the tabletop export's top view).
pub fn png_layered(under: &str, pictures: &[(&[u8], [f32; 4])], over: &str, dpi: f32) -> Result<Vec<u8>, RenderError> {
    let mut pixmap = pixels(under, dpi)?;
    let px_per_mm = dpi / 25.4;
    for (png, [x, y, w, h]) in pictures {
        let picture = tiny_skia::Pixmap::decode_png(png).map_err(|e| RenderError::Picture(e.to_string()))?;
        let (pw, ph) = (picture.width() as f32, picture.height() as f32);
        let at = tiny_skia::Transform::from_row(
            w * px_per_mm / pw,
            0.0,
            0.0,
            h * px_per_mm / ph,
            x * px_per_mm,
            y * px_per_mm,
        );
        let paint = tiny_skia::PixmapPaint { quality: tiny_skia::FilterQuality::Bilinear, ..Default::default() };
        pixmap.draw_pixmap(0, 0, picture.as_ref(), &paint, at, None);
    }
    let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(over, &options).map_err(|e| RenderError::Svg(e.to_string()))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(dpi / 96.0, dpi / 96.0), &mut pixmap.as_mut());
    encode(&pixmap).map_err(|e| RenderError::Encode(e.to_string()))
}

/// Rasterises an SVG at `dpi` dots per inch onto white: its width and
/// height, and its pixels as RGBA rows (for a clipboard).
pub fn rgba(svg: &str, dpi: f32) -> Result<([u32; 2], Vec<u8>), RenderError> {
    let pixmap = pixels(svg, dpi)?;
    // Opaque, so the premultiplied pixels are the plain ones.
    Ok(([pixmap.width(), pixmap.height()], pixmap.take()))
}

fn pixels(svg: &str, dpi: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(e.to_string()))?;
    // usvg sizes documents at 96 px per inch.
    let scale = dpi / 96.0;
    let size = tree.size();
    let (width, height) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    if width == 0 || height == 0 || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(RenderError::Size { width, height });
    }
    rasterise(&tree, scale, (width, height), STRIPES).ok_or(RenderError::Size { width, height })
}

/// Stripes rasterised on threads of their own. A fixed number, not one per
/// core, so a picture is the same on every machine.
const STRIPES: u32 = 4;

/// Draws the tree onto white in horizontal stripes rasterised side by
/// side (each draws the whole picture, shifted and clipped). Shifting moves
/// sub-pixel rounding, so a few edge pixels differ slightly from one pass.
fn rasterise(tree: &usvg::Tree, scale: f32, (width, height): (u32, u32), stripes: u32) -> Option<tiny_skia::Pixmap> {
    let mut pixmap = tiny_skia::Pixmap::new(width, height)?;
    let stripes = stripes.min(height / 16).max(1);
    let rows = height.div_ceil(stripes);
    let row_bytes = width as usize * 4;
    let draw = move |(k, chunk): (usize, &mut [u8])| {
        let height = (chunk.len() / row_bytes) as u32;
        let Some(mut stripe) = tiny_skia::PixmapMut::from_bytes(chunk, width, height) else { return };
        stripe.fill(tiny_skia::Color::WHITE);
        let top = (k as u32 * rows) as f32;
        resvg::render(tree, tiny_skia::Transform::from_scale(scale, scale).post_translate(0.0, -top), &mut stripe);
    };
    let stripes = pixmap.data_mut().chunks_mut(rows as usize * row_bytes).enumerate();
    // A web page has no threads (spawning one panics there): the same
    // stripes, one after another, give the same picture.
    #[cfg(not(target_family = "wasm"))]
    std::thread::scope(|scope| {
        for stripe in stripes {
            scope.spawn(move || draw(stripe));
        }
    });
    #[cfg(target_family = "wasm")]
    stripes.for_each(draw);
    Some(pixmap)
}

/// The page is opaque (filled white first), so its premultiplied pixels are
/// the plain ones and are written as RGB without conversion. Fast
/// compression: a print page is millions of pixels, and the default level
/// spends most of the export time for a smaller file.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_draw_under_then_pictures_then_over() {
        let page = |body: &str| {
            format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="20mm" viewBox="0 0 40 20">{body}</svg>"#
            )
        };
        let (red, _) = png_sized(&page(r##"<rect width="40" height="20" fill="#ff0000"/>"##), 20.0).unwrap();
        let under = page(r##"<rect width="40" height="20" fill="#00ff00"/>"##);
        // The picture over the left half; a blue square over the picture's
        // top left corner.
        let over = page(r##"<rect width="5" height="5" fill="#0000ff"/>"##);
        let out = png_layered(&under, &[(&red, [0.0, 0.0, 20.0, 20.0])], &over, 25.4).unwrap();
        let pixmap = tiny_skia::Pixmap::decode_png(&out).unwrap();
        let at = |x: u32, y: u32| {
            let p = pixmap.pixel(x, y).unwrap();
            [p.red(), p.green(), p.blue()]
        };
        assert_eq!((pixmap.width(), pixmap.height()), (40, 20), "a pixel a millimetre at 25.4 dpi");
        assert_eq!(at(2, 2), [0, 0, 255], "over");
        assert_eq!(at(10, 15), [255, 0, 0], "the picture");
        assert_eq!(at(30, 10), [0, 255, 0], "under");
        assert!(matches!(png_layered(&under, &[(b"not a png", [0.0; 4])], &over, 25.4), Err(RenderError::Picture(_))));
    }

    #[test]
    fn stripes_draw_the_picture_one_pass_draws_and_always_the_same() {
        let spec = ladderkit_core::check_source(include_str!("../../../variants/gameweave-small.ron")).spec.unwrap();
        let svg = crate::board_svg(&spec, &crate::BoardOptions::default());
        let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
        let tree = usvg::Tree::from_str(&svg, &options).unwrap();
        let size = (400, 566);
        let one = rasterise(&tree, 0.5, size, 1).unwrap();
        let striped = rasterise(&tree, 0.5, size, STRIPES).unwrap();
        assert_eq!(striped.data(), rasterise(&tree, 0.5, size, STRIPES).unwrap().data(), "deterministic");
        // Sub-pixel rounding moves with the shift: a few edge pixels only.
        let differ = one.data().iter().zip(striped.data()).filter(|(a, b)| a.abs_diff(**b) > 2).count();
        assert!(differ * 200 < one.data().len(), "{differ} bytes differ");
        assert!(one.pixels().iter().any(|p| p.red() != 255), "not blank");
    }
}

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
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Svg(e) => write!(f, "could not read the SVG: {e}"),
            Self::Size { width, height } => {
                write!(f, "a {width} × {height} pixel image is too large or empty; lower --dpi")
            }
            Self::Encode(e) => write!(f, "could not encode the PNG: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Above this many pixels (about 16k × 16k) a PNG is refused.
const MAX_PIXELS: u64 = 268_435_456;

fn fonts() -> Arc<usvg::fontdb::Database> {
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
    let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(e.to_string()))?;
    // usvg sizes documents at 96 px per inch.
    let scale = dpi / 96.0;
    let size = tree.size();
    let (width, height) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    if width == 0 || height == 0 || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(RenderError::Size { width, height });
    }
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Size { width, height })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| RenderError::Encode(e.to_string()))
}

//! The tracing picture under the board (`VariantSpec::background`): File ›
//! Background picture… sets it (an edit on the history), this reads and
//! decodes it whenever the document names another one, and the board view
//! draws it at the spec's opacity, scale and offset. A picture that cannot
//! be read is said on the board, never an error: the variant is whole
//! without it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use ladderkit::core::spec::Background;

use crate::EditorSet;
use crate::document::Document;
use crate::history::EditCommand;
use crate::intents::Intent;
use crate::platform::{self, Chosen, Handed};

/// A picture wider or higher than this is scaled down to it: a texture any
/// GPU (and WebGL2) takes, and at most 16 MB of pixels.
pub const MAX_SIDE: usize = 2048;
/// A JPEG wider or higher than this is refused before it is decoded (at
/// most 256 MiB of pixels while it is); PNGs keep the png crate's 64 MiB.
const LARGEST_JPEG: usize = 8192;

/// Decoded pixels, RGBA, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub rgba: Vec<u8>,
}

/// What the document's picture is now.
#[derive(Resource, Debug, Default)]
pub struct Backdrop {
    /// Where it was read from (the resolved path, or a handed file's name).
    pub source: Option<String>,
    pub picture: Option<Result<Arc<Picture>, String>>,
    /// Counts loads, so the board uploads a new texture once each.
    pub version: u64,
    /// Pictures the page was handed, by name (it has no paths to read).
    handed: Vec<(String, Arc<Picture>)>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Backdrop>()
        .add_systems(Update, (choose.in_set(EditorSet::Files), load.in_set(EditorSet::Check)));
}

/// File › Background picture… and pictures handed to the page: the
/// choice becomes an edit, so Undo takes it back.
fn choose(
    mut intents: ParamSet<(MessageReader<Intent>, MessageWriter<Intent>)>,
    doc: Res<Document>,
    mut backdrop: ResMut<Backdrop>,
) {
    let (mut edits, mut said) = (Vec::new(), Vec::new());
    let asked: Vec<Intent> = intents.p0().read().cloned().collect();
    for intent in asked {
        match intent {
            Intent::BackgroundDialog => match platform::choose_picture() {
                Chosen::Path(path) => edits.push(set_path(&doc, relative_to_variant(&path, doc.path.as_deref()))),
                Chosen::Later => {}
                Chosen::Nothing(why) => said.push(why),
            },
            Intent::BackgroundPath(path) => edits.push(set_path(&doc, relative_to_variant(&path, doc.path.as_deref()))),
            Intent::BackgroundHanded(handed) => {
                let Handed { name, bytes, .. } = &*handed;
                match decode(bytes) {
                    Ok(picture) => {
                        backdrop.handed.retain(|(n, _)| n != name);
                        backdrop.handed.push((name.clone(), Arc::new(picture)));
                        // Loaded again even under the same name.
                        backdrop.source = None;
                        edits.push(set_path(&doc, name.clone()));
                    }
                    // The design is unchanged: the status bar says why.
                    Err(why) => said.push(format!("no background picture: {name}: {why}")),
                }
            }
            _ => {}
        }
    }
    for edit in edits {
        intents.p1().write(Intent::Edit(edit));
    }
    for text in said {
        intents.p1().write(Intent::Status(text));
    }
}

/// The background with this path, keeping the opacity, scale and offset
/// set for the last one.
fn set_path(doc: &Document, path: String) -> EditCommand {
    let background = match &doc.spec().background {
        Some(b) => Background { path, ..b.clone() },
        None => Background::new(path),
    };
    EditCommand::SetBackground(Some(background))
}

/// A path inside the variant's folder is saved relative to it, so the
/// two travel together; any other stays absolute.
pub fn relative_to_variant(picture: &Path, variant: Option<&Path>) -> String {
    let folder = variant.and_then(Path::parent).map(|f| f.canonicalize().unwrap_or_else(|_| f.to_owned()));
    let picture = picture.canonicalize().unwrap_or_else(|_| picture.to_owned());
    match folder.as_deref().and_then(|f| picture.strip_prefix(f).ok()) {
        Some(inside) => inside.to_string_lossy().into_owned(),
        None => picture.to_string_lossy().into_owned(),
    }
}

/// Where the spec's path points, for this document.
pub fn resolve(path: &str, variant: Option<&Path>) -> PathBuf {
    let path = Path::new(path);
    match variant.and_then(Path::parent) {
        Some(folder) if path.is_relative() => folder.join(path),
        _ => path.to_owned(),
    }
}

/// Reads the picture the document names, when it names another one.
fn load(doc: Res<Document>, mut backdrop: ResMut<Backdrop>) {
    let wanted = doc.spec().background.as_ref().map(|b| {
        if backdrop.handed.iter().any(|(n, _)| *n == b.path) {
            b.path.clone()
        } else {
            resolve(&b.path, doc.path.as_deref()).to_string_lossy().into_owned()
        }
    });
    if wanted == backdrop.source {
        return;
    }
    backdrop.picture = wanted.as_ref().map(|source| {
        if let Some((_, p)) = backdrop.handed.iter().find(|(n, _)| n == source) {
            return Ok(p.clone());
        }
        if platform::WEB {
            return Err(format!("{source} is not loaded in this page: choose it with File › Background picture…"));
        }
        let bytes = ladderkit::files::read_bytes(Path::new(source), ladderkit::files::FileKind::Picture)
            .map_err(|e| e.to_string())?;
        decode(&bytes).map(Arc::new).map_err(|why| format!("{source}: {why}"))
    });
    backdrop.source = wanted;
    backdrop.version += 1;
}

/// PNG or JPEG bytes to RGBA pixels, scaled down to `MAX_SIDE`.
pub fn decode(bytes: &[u8]) -> Result<Picture, String> {
    let picture = if bytes.starts_with(b"\x89PNG") {
        decode_png(bytes)?
    } else if bytes.starts_with(&[0xFF, 0xD8]) {
        decode_jpeg(bytes)?
    } else {
        return Err("not a PNG or JPEG picture".into());
    };
    Ok(shrink(picture))
}

fn decode_png(bytes: &[u8]) -> Result<Picture, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| format!("not a readable PNG ({e})"))?;
    let size = reader.output_buffer_size().ok_or("the PNG is too large")?;
    let mut buffer = vec![0; size];
    let frame = reader.next_frame(&mut buffer).map_err(|e| format!("not a readable PNG ({e})"))?;
    let (width, height) = (frame.width as usize, frame.height as usize);
    let pixels = &buffer[..frame.buffer_size()];
    let rgba = match frame.color_type {
        png::ColorType::Rgba => pixels.to_vec(),
        png::ColorType::Rgb => pixels.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        png::ColorType::GrayscaleAlpha => pixels.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
        png::ColorType::Grayscale => pixels.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return Err("an indexed PNG that did not expand".into()),
    };
    Ok(Picture { width, height, rgba })
}

fn decode_jpeg(bytes: &[u8]) -> Result<Picture, String> {
    use zune_jpeg::zune_core::bytestream::ZCursor;
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::RGBA)
        .set_max_width(LARGEST_JPEG)
        .set_max_height(LARGEST_JPEG);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    let rgba = decoder.decode().map_err(|e| format!("not a readable JPEG ({e:?})"))?;
    let info = decoder.info().ok_or("a JPEG without a size")?;
    let (width, height) = (usize::from(info.width), usize::from(info.height));
    if rgba.len() != width * height * 4 {
        return Err("a JPEG whose pixels do not fill its size".into());
    }
    Ok(Picture { width, height, rgba })
}

/// Every `step`-th pixel each way, so the longer side is at most `MAX_SIDE`.
fn shrink(p: Picture) -> Picture {
    let step = p.width.max(p.height).div_ceil(MAX_SIDE);
    if step <= 1 {
        return p;
    }
    let (width, height) = (p.width.div_ceil(step), p.height.div_ceil(step));
    let mut rgba = Vec::with_capacity(width * height * 4);
    for y in (0..p.height).step_by(step) {
        for x in (0..p.width).step_by(step) {
            let at = (y * p.width + x) * 4;
            rgba.extend_from_slice(&p.rgba[at..at + 4]);
        }
    }
    Picture { width, height, rgba }
}

//! Reading and writing variant files. Writes are atomic: a temporary file
//! in the same folder is written, flushed and renamed over the target, so a
//! crash or a full disk never leaves half a variant behind.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use ladderkit_core::{Checked, Limits, check_source};

/// A variant file as read from disk, with its checks.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub path: PathBuf,
    pub text: String,
    pub checked: Checked,
}

#[derive(Debug)]
pub enum FileError {
    Read { path: PathBuf, source: io::Error },
    TooLarge { path: PathBuf, bytes: u64, limit: usize },
    NotUtf8 { path: PathBuf },
    Write { path: PathBuf, source: io::Error },
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Read { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            Self::TooLarge { path, bytes, limit } => {
                write!(f, "{} is {bytes} bytes; variant files are at most {limit} bytes", path.display())
            }
            Self::NotUtf8 { path } => write!(f, "{} is not UTF-8 text; is it a variant file?", path.display()),
            Self::Write { path, source } => write!(f, "cannot write {}: {source}", path.display()),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Read { source, .. } | Self::Write { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Reads and checks a variant file. Only I/O problems are errors here;
/// everything wrong with the content is in `checked.diagnostics`.
pub fn load(path: &Path) -> Result<Loaded, FileError> {
    let read_error = |source| FileError::Read { path: path.to_owned(), source };
    let limit = Limits::DEFAULT.max_bytes;
    let bytes = fs::metadata(path).map_err(read_error)?.len();
    if bytes > limit as u64 {
        return Err(FileError::TooLarge { path: path.to_owned(), bytes, limit });
    }
    let raw = fs::read(path).map_err(read_error)?;
    let text = String::from_utf8(raw).map_err(|_| FileError::NotUtf8 { path: path.to_owned() })?;
    let checked = check_source(&text);
    Ok(Loaded { path: path.to_owned(), text, checked })
}

/// Writes `text` to `path` atomically.
pub fn save_atomic(path: &Path, text: &str) -> Result<(), FileError> {
    save_bytes_atomic(path, text.as_bytes())
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, synced,
/// then renamed over it, so a failure never leaves half a file.
pub fn save_bytes_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let write_error = |source| FileError::Write { path: path.to_owned(), source };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "variant".into());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result.map_err(write_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_save_replaces_and_leaves_no_temp_file() {
        let dir = std::env::temp_dir().join(format!("ladderkit-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("v.ron");
        save_atomic(&path, "one").unwrap();
        save_atomic(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "{names:?}");
        assert!(save_atomic(&dir.join("missing/v.ron"), "x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// A picture's format, from its file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureFormat {
    Svg,
    Png,
}

impl PictureFormat {
    pub fn of(path: &Path) -> Option<Self> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "svg" => Some(Self::Svg),
            "png" => Some(Self::Png),
            _ => None,
        }
    }
}

/// Writes an SVG picture to `path` as SVG or, by the extension, as a PNG
/// rasterised at `dpi`.
pub fn save_picture(path: &Path, svg: &str, dpi: f32) -> Result<(), String> {
    match PictureFormat::of(path) {
        Some(PictureFormat::Svg) => save_atomic(path, svg).map_err(|e| e.to_string()),
        Some(PictureFormat::Png) => {
            let png = crate::render::png(svg, dpi).map_err(|e| e.to_string())?;
            save_bytes_atomic(path, &png).map_err(|e| e.to_string())
        }
        None => Err(format!("{}: name the picture .svg or .png", path.display())),
    }
}

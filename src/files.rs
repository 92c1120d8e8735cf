//! Reading and writing variant files. Writes are atomic: a temporary file
//! in the same folder is written, flushed and renamed over the target, so a
//! crash or a full disk never leaves half a variant behind.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use ladderkit_core::{Checked, Limits, check_source};
use ladderkit_render::carry;

/// A variant file as read from disk, with its checks.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub path: PathBuf,
    pub text: String,
    pub checked: Checked,
    /// The text came from a PNG that carries it (`render` writes them), not
    /// from a `.ron` file: saving must not write over the picture.
    pub picture: bool,
}

/// Pictures are read up to this size to find the variant they carry (a
/// large board at a high resolution); the variant itself keeps the
/// variant-file limit.
pub const MAX_PICTURE_BYTES: usize = 256 << 20;

#[derive(Debug)]
pub enum FileError {
    Read {
        path: PathBuf,
        source: io::Error,
    },
    TooLarge {
        path: PathBuf,
        bytes: u64,
        limit: usize,
    },
    NotUtf8 {
        path: PathBuf,
    },
    Write {
        path: PathBuf,
        source: io::Error,
    },
    /// A PNG without a variant, or whose variant cannot be read.
    Picture {
        path: PathBuf,
        why: String,
    },
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
            Self::Picture { path, why } => write!(f, "{}: {why}", path.display()),
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
///
/// A PNG written by `render` (or the editor's board export) carries its
/// variant: such a picture loads as if it were the `.ron` file.
pub fn load(path: &Path) -> Result<Loaded, FileError> {
    let limit = Limits::DEFAULT.max_bytes;
    // Only a picture may be larger than a variant file: look at the
    // signature before reading the rest.
    let raw = read_bytes(path, if starts_as_png(path) { MAX_PICTURE_BYTES } else { limit })?;
    load_bytes(path, raw)
}

/// `load` of a file's bytes read elsewhere (a file the web page was
/// handed), named `path` in messages; the same limits apply.
pub fn load_bytes(path: &Path, raw: Vec<u8>) -> Result<Loaded, FileError> {
    let limit = Limits::DEFAULT.max_bytes;
    let too_large = |limit: usize| FileError::TooLarge { path: path.to_owned(), bytes: raw.len() as u64, limit };
    if carry::is_png(&raw) && raw.len() > MAX_PICTURE_BYTES {
        return Err(too_large(MAX_PICTURE_BYTES));
    }
    let (text, picture) = if carry::is_png(&raw) {
        let picture = |why: String| FileError::Picture { path: path.to_owned(), why };
        match carry::embedded(&raw, limit) {
            Ok(Some(text)) => (text, true),
            Ok(None) => {
                return Err(picture(
                    "this PNG carries no variant (Ladderkit's `render` and the editor's board export write \
                     pictures that do); open the .ron file instead"
                        .into(),
                ));
            }
            Err(e) => return Err(picture(e.to_string())),
        }
    } else if raw.len() > limit {
        // Not a picture (or it stopped being one between two reads).
        return Err(too_large(limit));
    } else {
        (String::from_utf8(raw).map_err(|_| FileError::NotUtf8 { path: path.to_owned() })?, false)
    };
    let checked = check_source(&text);
    Ok(Loaded { path: path.to_owned(), text, checked, picture })
}

/// Whether the file begins with the PNG signature (unreadable: no; reading
/// it properly then says why).
fn starts_as_png(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 8];
    fs::File::open(path).and_then(|mut f| f.read_exact(&mut head)).is_ok() && carry::is_png(&head)
}

/// Reads a text file of at most `limit` bytes. Never reads more than that
/// (a file that grows while it is read is refused too).
pub fn read_text(path: &Path, limit: usize) -> Result<String, FileError> {
    let raw = read_bytes(path, limit)?;
    String::from_utf8(raw).map_err(|_| FileError::NotUtf8 { path: path.to_owned() })
}

/// Reads at most `limit` bytes of a file, refusing a larger one.
fn read_bytes(path: &Path, limit: usize) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    let read_error = |source| FileError::Read { path: path.to_owned(), source };
    let file = fs::File::open(path).map_err(read_error)?;
    let bytes = file.metadata().map_err(read_error)?.len();
    if bytes > limit as u64 {
        return Err(FileError::TooLarge { path: path.to_owned(), bytes, limit });
    }
    let mut raw = Vec::with_capacity(bytes as usize);
    file.take(limit as u64 + 1).read_to_end(&mut raw).map_err(read_error)?;
    if raw.len() > limit {
        return Err(FileError::TooLarge { path: path.to_owned(), bytes: raw.len() as u64, limit });
    }
    Ok(raw)
}

/// Writes `text` to `path` atomically.
pub fn save_atomic(path: &Path, text: &str) -> Result<(), FileError> {
    save_bytes_atomic(path, text.as_bytes())
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, synced,
/// then renamed over it, so a failure never leaves half a file. A symlink is
/// written through to its target (the link stays); the file's permissions
/// (and, where allowed, owner) are kept; the folder is synced after the
/// rename; temporary files a killed save left behind are cleared. A file
/// with other hard links is copied over in place instead, after the new text
/// is safely in the temporary file, so the links stay one file.
pub fn save_bytes_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let write_error = |source| FileError::Write { path: path.to_owned(), source };
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).map_err(write_error)?,
        _ => path.to_owned(),
    };
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "variant".into());
    clear_stale_temps(&dir, &name);
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let existing = fs::metadata(&target).ok();
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        if let Some(m) = &existing {
            fs::set_permissions(&temp, m.permissions())?;
            keep_owner(&temp, m);
        }
        file.sync_all()?;
        if existing.as_ref().is_some_and(has_other_links) {
            let mut original = fs::OpenOptions::new().write(true).truncate(true).open(&target)?;
            original.write_all(bytes)?;
            original.sync_all()?;
            fs::remove_file(&temp)?;
        } else {
            fs::rename(&temp, &target)?;
        }
        sync_dir(&dir)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result.map_err(write_error)
}

/// Temporary files of our naming (`.NAME.PID.tmp`) older than ten minutes:
/// a save that was killed left them (a running one is younger).
fn clear_stale_temps(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".tmp")) else { continue };
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > std::time::Duration::from_secs(600)));
        if !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) && old {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(unix)]
fn has_other_links(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    m.nlink() > 1
}

#[cfg(not(unix))]
fn has_other_links(_: &fs::Metadata) -> bool {
    false
}

/// Gives the new file the old one's owner; only permitted to root, so a
/// refusal is fine (the file is then the saver's, as any new file is).
#[cfg(unix)]
fn keep_owner(path: &Path, m: &fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::chown(path, Some(m.uid()), Some(m.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_: &Path, _: &fs::Metadata) {}

/// Makes the rename durable: on Unix the folder's entry must be synced too.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    fs::File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_: &Path) -> io::Result<()> {
    Ok(())
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

    #[cfg(unix)]
    #[test]
    fn a_save_keeps_the_mode_the_symlink_and_the_hard_links() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = std::env::temp_dir().join(format!("ladderkit-files-unix-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let real = dir.join("real.ron");
        save_atomic(&real, "one").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
        save_atomic(&real, "two").unwrap();
        assert_eq!(fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o600, "still private");
        // Through a symlink: the link stays a link, the target changes.
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        save_atomic(&link, "three").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "three");
        // A hard link still shares the file after a save.
        let hard = dir.join("hard.ron");
        fs::hard_link(&real, &hard).unwrap();
        save_atomic(&real, "four").unwrap();
        assert_eq!(fs::read_to_string(&hard).unwrap(), "four");
        assert_eq!(fs::metadata(&real).unwrap().ino(), fs::metadata(&hard).unwrap().ino());
        // A killed save's old temporary file is cleared; a fresh one is not.
        let stale = dir.join(".real.ron.12345.tmp");
        fs::write(&stale, "half").unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        fs::File::options().write(true).open(&stale).unwrap().set_modified(old).unwrap();
        let fresh = dir.join(".real.ron.23456.tmp");
        fs::write(&fresh, "running").unwrap();
        save_atomic(&real, "five").unwrap();
        assert!(!stale.exists() && fresh.exists());
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
/// rasterised at `dpi`; a PNG of a board carries `variant` (its canonical
/// text), so `load` can open the picture as the variant.
pub fn save_picture(path: &Path, svg: &str, dpi: f32, variant: Option<&str>) -> Result<(), String> {
    let bytes = picture_bytes(path, svg, dpi, variant)?;
    save_bytes_atomic(path, &bytes).map_err(|e| e.to_string())
}

/// The bytes `save_picture` writes (the web page downloads them).
pub fn picture_bytes(path: &Path, svg: &str, dpi: f32, variant: Option<&str>) -> Result<Vec<u8>, String> {
    match PictureFormat::of(path) {
        Some(PictureFormat::Svg) => Ok(svg.as_bytes().to_vec()),
        Some(PictureFormat::Png) => {
            let png = crate::render::png(svg, dpi).map_err(|e| e.to_string())?;
            Ok(match variant {
                Some(text) => carry::embed(&png, text),
                None => png,
            })
        }
        None => Err(format!("{}: name the picture .svg or .png", path.display())),
    }
}

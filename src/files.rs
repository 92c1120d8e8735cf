//! Reading and writing variant files. Writes are atomic: a temporary file
//! in the same folder is written, flushed and renamed over the target, so a
//! crash or a full disk never leaves half a variant behind.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use ladderkit_core::{Checked, Limits, VariantSpec, check_source, to_string};
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

/// What a file read by Ladderkit is meant to be: its size limit, and the
/// noun its messages use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Variant,
    /// A PNG that carries its variant (`render`, the editor's export).
    Picture,
    /// `play --log`, read by `replay`.
    GameLog,
    /// `simulate --shard K/M --out`, read by `merge`.
    SimulationPart,
}

impl FileKind {
    /// The most bytes read of such a file.
    pub const fn max_bytes(self) -> usize {
        match self {
            Self::Variant => Limits::DEFAULT.max_bytes,
            // A large board at a high resolution; the variant it carries
            // keeps the variant-file limit.
            Self::Picture => 256 << 20,
            // A decision is a few bytes: a game of millions of turns.
            Self::GameLog => 16 << 20,
            // The largest part a variant within the reader's limits gives
            // is about 45 MiB: its canonical text (8 MiB, escaped), the
            // rests and waits of 250,000 spaces and the rides of 100,000
            // jumps as 20-digit numbers.
            Self::SimulationPart => 64 << 20,
        }
    }

    pub fn noun(self) -> &'static str {
        match self {
            Self::Variant => "variant file",
            Self::Picture => "picture",
            Self::GameLog => "game log",
            Self::SimulationPart => "simulation part",
        }
    }
}

#[derive(Debug)]
pub enum FileError {
    Read {
        path: PathBuf,
        source: io::Error,
    },
    TooLarge {
        path: PathBuf,
        bytes: u64,
        kind: FileKind,
    },
    NotUtf8 {
        path: PathBuf,
        kind: FileKind,
    },
    Write {
        path: PathBuf,
        source: io::Error,
    },
    /// The file has other names (hard links), which a save would split
    /// from it.
    HardLinked {
        path: PathBuf,
        links: u64,
    },
    /// The text to write would be larger than Ladderkit reads back.
    Unreadable {
        path: PathBuf,
        bytes: u64,
        kind: FileKind,
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
            Self::TooLarge { path, bytes, kind } => {
                write!(
                    f,
                    "{} is {bytes} bytes; a {} is at most {} bytes",
                    path.display(),
                    kind.noun(),
                    kind.max_bytes()
                )
            }
            Self::NotUtf8 { path, kind } => {
                write!(f, "{} is not UTF-8 text; is it a {}?", path.display(), kind.noun())
            }
            Self::Write { path, source } => write!(f, "cannot write {}: {source}", path.display()),
            Self::HardLinked { path, links } => write!(
                f,
                "not saved: {} has {links} other hard link{} (another name for the same file); saving replaces the \
                 file, which would leave {} with the old text. Save under another name, or remove the other links \
                 first (`ls -li` shows them)",
                path.display(),
                if *links == 1 { "" } else { "s" },
                if *links == 1 { "it" } else { "them" },
            ),
            Self::Unreadable { path, bytes, kind } => write!(
                f,
                "not saved: {}'s text would be {bytes} bytes, and a {} is read up to {} bytes, so Ladderkit could \
                 not open it again. Nothing was written. Canonical text (one jump or effect a line) is longer \
                 than a compact file: a board this large needs fewer jumps, effects or free-form spaces",
                path.display(),
                kind.noun(),
                kind.max_bytes()
            ),
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
    // Only a picture may be larger than a variant file: look at the
    // signature before reading the rest.
    let raw = read_bytes(path, if starts_as_png(path) { FileKind::Picture } else { FileKind::Variant })?;
    load_bytes(path, raw)
}

/// `load` of a file's bytes read elsewhere (a file the web page was
/// handed), named `path` in messages; the same limits apply.
pub fn load_bytes(path: &Path, raw: Vec<u8>) -> Result<Loaded, FileError> {
    let limit = FileKind::Variant.max_bytes();
    let too_large = |kind| FileError::TooLarge { path: path.to_owned(), bytes: raw.len() as u64, kind };
    if carry::is_png(&raw) && raw.len() > FileKind::Picture.max_bytes() {
        return Err(too_large(FileKind::Picture));
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
        return Err(too_large(FileKind::Variant));
    } else {
        let not_text = |_| FileError::NotUtf8 { path: path.to_owned(), kind: FileKind::Variant };
        (String::from_utf8(raw).map_err(not_text)?, false)
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

/// Reads a text file of `kind`, of at most its `max_bytes`. Never reads
/// more than that (a file that grows while it is read is refused too).
pub fn read_text(path: &Path, kind: FileKind) -> Result<String, FileError> {
    let raw = read_bytes(path, kind)?;
    String::from_utf8(raw).map_err(|_| FileError::NotUtf8 { path: path.to_owned(), kind })
}

/// Reads at most `kind.max_bytes()` of a file, refusing a larger one.
pub fn read_bytes(path: &Path, kind: FileKind) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    let limit = kind.max_bytes();
    let read_error = |source| FileError::Read { path: path.to_owned(), source };
    let file = fs::File::open(path).map_err(read_error)?;
    let bytes = file.metadata().map_err(read_error)?.len();
    if bytes > limit as u64 {
        return Err(FileError::TooLarge { path: path.to_owned(), bytes, kind });
    }
    let mut raw = Vec::with_capacity(bytes as usize);
    file.take(limit as u64 + 1).read_to_end(&mut raw).map_err(read_error)?;
    if raw.len() > limit {
        return Err(FileError::TooLarge { path: path.to_owned(), bytes: raw.len() as u64, kind });
    }
    Ok(raw)
}

/// A variant's canonical text, refused when it is larger than Ladderkit
/// reads: whatever Ladderkit writes, it can open again.
pub fn variant_text(path: &Path, spec: &VariantSpec) -> Result<String, FileError> {
    let text = to_string(spec);
    let kind = FileKind::Variant;
    if text.len() > kind.max_bytes() {
        return Err(FileError::Unreadable { path: path.to_owned(), bytes: text.len() as u64, kind });
    }
    Ok(text)
}

/// Saves a variant's canonical text atomically (`save_atomic`), if
/// Ladderkit can read it back (`variant_text`).
pub fn save_variant(path: &Path, spec: &VariantSpec) -> Result<(), FileError> {
    save_atomic(path, &variant_text(path, spec)?)
}

/// Writes `text` to `path` atomically.
pub fn save_atomic(path: &Path, text: &str) -> Result<(), FileError> {
    save_bytes_atomic(path, text.as_bytes())
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, synced,
/// then renamed over it, so a kill or a full disk leaves the old file or the
/// new one, never a mix. The temporary file is created exclusively under a
/// random name (`tempfile`: `O_CREAT | O_EXCL`, so a link planted under
/// that name is never followed), and its mode and owner are set on the open
/// file, never by path. A symlink at `path` is written through to its
/// target (the link stays); the file's permissions (and, where allowed,
/// owner) are kept; the folder is synced after the rename; temporary files
/// of earlier saves of this file whose writer is gone are cleared. A file
/// with other hard links is refused: a rename would split it from them,
/// and rewriting it in place could leave it cut short.
pub fn save_bytes_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_atomic(path, bytes, AtTheName::FollowALink)
}

/// `save_bytes_atomic` for a file whose name Ladderkit chose itself, inside
/// a folder it writes into (`write_table`): a symlink at that name is
/// replaced by the file, never followed, so whoever can write to the
/// folder cannot choose where the file goes.
pub fn save_chosen_name(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_atomic(path, bytes, AtTheName::ReplaceALink)
}

/// What a save does with a symlink at the name it writes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AtTheName {
    /// Writes to the link's target: the user named the link.
    FollowALink,
    /// Replaces the link: Ladderkit named the file.
    ReplaceALink,
}

fn write_atomic(path: &Path, bytes: &[u8], at_the_name: AtTheName) -> Result<(), FileError> {
    let write_error = |source| FileError::Write { path: path.to_owned(), source };
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() && at_the_name == AtTheName::FollowALink => {
            fs::canonicalize(path).map_err(write_error)?
        }
        _ => path.to_owned(),
    };
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    // (A link left at `target` is one to replace: it is not read through.)
    let existing = fs::symlink_metadata(&target).ok().filter(|m| !m.file_type().is_symlink());
    if let Some(m) = &existing {
        if !m.is_file() {
            return Err(write_error(io::Error::other("it is not a regular file")));
        }
        if let Some(links) = other_links(m) {
            return Err(FileError::HardLinked { path: path.to_owned(), links });
        }
    }
    let name = temp_name(&target);
    clear_stale_temps(&dir, &name);
    let prefix = format!(".{name}.{}.", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp").rand_bytes(8);
    #[cfg(unix)]
    {
        // A new file gets the usual mode (less the umask), as
        // `File::create` would give it; tempfile's own is 0600.
        use std::os::unix::fs::PermissionsExt;
        let mode = existing.as_ref().map_or(0o666, |m| m.permissions().mode() & 0o7777);
        builder.permissions(fs::Permissions::from_mode(mode));
    }
    let result = (|| {
        let mut temp = builder.tempfile_in(&dir)?;
        temp.write_all(bytes)?;
        if let Some(m) = &existing {
            // Exactly the old mode, whatever the umask took away.
            temp.as_file().set_permissions(m.permissions())?;
            keep_owner(temp.as_file(), m);
        }
        temp.as_file().sync_all()?;
        temp.persist(&target).map_err(|e| e.error)?;
        sync_dir(&dir)
    })();
    result.map_err(write_error)
}

/// The `NAME` of this file's temporary names, `.NAME.PID.RANDOM.tmp`:
/// shortened so the whole stays within a file system's 255 bytes.
fn temp_name(target: &Path) -> String {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "variant".into());
    let mut short = name.as_str();
    while short.len() > 200 {
        let mut cut = short.len() - 1;
        while !short.is_char_boundary(cut) {
            cut -= 1;
        }
        short = &short[..cut];
    }
    short.to_owned()
}

/// Clears temporary files an earlier save of this file left behind (a
/// killed save): those named `.NAME.PID.….tmp` whose process `PID` is gone,
/// whatever their age. Where it cannot be told whether a process lives (no
/// `/proc`), those older than ten minutes. Only regular files and links are
/// removed, never what a link points to.
fn clear_stale_temps(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let proc_seen = Path::new("/proc/self").exists();
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = temporary_of(&file, name) else { continue };
        if pid == std::process::id().to_string() {
            continue;
        }
        let Ok(meta) = entry.path().symlink_metadata() else { continue };
        if meta.is_dir() {
            continue;
        }
        let gone = if proc_seen {
            !Path::new("/proc").join(pid).exists()
        } else {
            meta.modified().is_ok_and(|t| t.elapsed().is_ok_and(|age| age > std::time::Duration::from_secs(600)))
        };
        if gone {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// If `file` is a temporary file of a save whose `temp_name` is `name`,
/// the `PID` of the process that made it: `.NAME.PID.RANDOM.tmp`, or an
/// older Ladderkit's `.NAME.PID.tmp`.
fn temporary_of<'a>(file: &'a str, name: &str) -> Option<&'a str> {
    let rest = file.strip_prefix('.')?.strip_prefix(name)?.strip_prefix('.')?.strip_suffix(".tmp")?;
    let pid = rest.split('.').next()?;
    (!pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit())).then_some(pid)
}

/// How many other names the file has, if any.
#[cfg(unix)]
fn other_links(m: &fs::Metadata) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    (m.nlink() > 1).then(|| m.nlink() - 1)
}

#[cfg(not(unix))]
fn other_links(_: &fs::Metadata) -> Option<u64> {
    None
}

/// Whether two paths name the same file (the same device and inode, so a
/// hard link or a symlink of it too); `false` if either cannot be read.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(a), Ok(b)) = (fs::metadata(a), fs::metadata(b)) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (a.dev(), a.ino()) == (b.dev(), b.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

/// Gives the new file the old one's owner; only permitted to root, so a
/// refusal is fine (the file is then the saver's, as any new file is).
#[cfg(unix)]
fn keep_owner(file: &fs::File, m: &fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(m.uid()), Some(m.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_: &fs::File, _: &fs::Metadata) {}

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

    /// A symlink given as the path is the person's own: it stays a link and
    /// its target gets the text. (Planted links, hard links, modes and
    /// stale temporary files: `tests/adversarial/saves.rs`.)
    #[cfg(unix)]
    #[test]
    fn a_save_through_a_symlink_keeps_the_link() {
        let dir = std::env::temp_dir().join(format!("ladderkit-files-unix-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let real = dir.join("real.ron");
        save_atomic(&real, "one").unwrap();
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        save_atomic(&link, "two").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "two");
        assert!(same_file(&link, &real) && !same_file(&link, &dir));
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

/// Whether a Markdown page's picture may be written at `path`: nothing is
/// there, or a board picture an earlier page or `render` wrote (a PNG
/// carrying its variant). Anything else is someone's, and is kept.
pub fn page_picture_replaceable(path: &Path) -> bool {
    let Ok(meta) = std::fs::symlink_metadata(path) else { return true };
    if !meta.is_file() || meta.len() > FileKind::Picture.max_bytes() as u64 {
        return false;
    }
    std::fs::read(path).is_ok_and(|bytes| {
        carry::is_png(&bytes) && matches!(carry::embedded(&bytes, FileKind::Picture.max_bytes()), Ok(Some(_)))
    })
}

/// The bytes `save_picture` writes (the web page downloads them).
pub fn picture_bytes(path: &Path, svg: &str, dpi: f32, variant: Option<&str>) -> Result<Vec<u8>, String> {
    match PictureFormat::of(path) {
        Some(PictureFormat::Svg) => Ok(svg.as_bytes().to_vec()),
        Some(PictureFormat::Png) => {
            let limit = FileKind::Variant.max_bytes();
            if let Some(text) = variant.filter(|text| text.len() > limit) {
                return Err(format!(
                    "{}: not written: the picture would carry a variant of {} bytes, and a picture's variant is \
                     read up to {limit} bytes, so it could not be opened again; write an .svg",
                    path.display(),
                    text.len()
                ));
            }
            let png = crate::render::png(svg, dpi).map_err(|e| e.to_string())?;
            Ok(match variant {
                Some(text) => carry::embed(&png, text),
                None => png,
            })
        }
        None => Err(format!("{}: name the picture .svg or .png", path.display())),
    }
}

/// How `write_table` writes a table.
#[derive(Debug, Clone, Copy)]
pub struct TableRequest<'a> {
    /// Where the save will find its files on the web; `None`: in the
    /// folder written, on this machine (`tabletop::local_folder`).
    pub base_url: Option<&'a str>,
    pub theme: crate::render::Theme,
    /// Attach the print-and-play kit as the table's rulebook.
    pub rulebook: bool,
    /// A whole table, or a saved object to spawn on one.
    pub form: crate::tabletop::Form,
    /// Replace the files of an earlier export (`--force`).
    pub force: bool,
}

/// What `write_table` wrote.
pub struct TableWritten {
    pub table: crate::tabletop::Table,
    /// The files written, the save last.
    pub paths: Vec<PathBuf>,
    /// Where the save loads its files from.
    pub base_url: String,
    /// The table's notes, and why there is no rulebook if there is none.
    pub notes: Vec<String>,
}

/// Builds a Tabletop Simulator table for a variant without errors and
/// writes it into `dir` (made if missing): its files, each atomically,
/// then the save, so a save never names a file that is not there yet.
/// `base_url` is where the files will be on the web; `None` loads them
/// from `dir` (by their absolute paths). The rulebook is the print-and-play kit, its
/// odds within `out_of_time`. A `dir` that holds anything but the files of
/// this very export (an earlier one of the same variant) is refused unless
/// `force`. What `ladderkit tabletop` and the editor's File › Export for
/// Tabletop Simulator… share.
#[allow(clippy::too_many_arguments)]
pub fn write_table(
    spec: &VariantSpec,
    compiled: Option<&crate::core::Compiled>,
    dir: &Path,
    request: &TableRequest<'_>,
    out_of_time: &dyn Fn() -> bool,
) -> Result<TableWritten, String> {
    use crate::tabletop::{TableOptions, local_folder, rulebook, table};
    let TableRequest { base_url, theme, rulebook: with_rulebook, form, force } = *request;
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{}: not a folder; give a folder to write the table into", dir.display()));
    }
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let base_url = match base_url {
        Some(url) => url.to_owned(),
        None => {
            let absolute = fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            local_folder(&absolute.to_string_lossy())
        }
    };
    let mut notes = Vec::new();
    let pdf = if with_rulebook {
        rulebook(spec, compiled, out_of_time).map_err(|e| notes.push(format!("no rulebook: {e}"))).ok()
    } else {
        None
    };
    let options = TableOptions { base_url: &base_url, form, theme, rulebook: pdf.as_deref() };
    let table = table(spec, &options).map_err(|e| format!("could not make the table: {e}"))?;
    notes.extend(table.notes.iter().cloned());
    if !force {
        // (The rulebook too: an export without it may follow one with it.)
        let names: Vec<&str> =
            table.files.iter().map(|f| f.name.as_str()).chain([table.save_name.as_str(), "rules.pdf"]).collect();
        // Ours too: a killed save's temporary file.
        let ours =
            |file: &str| names.iter().any(|w| file == *w || temporary_of(file, &temp_name(Path::new(w))).is_some());
        let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        if let Some(other) = entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).find(|n| !ours(n))
        {
            return Err(format!(
                "{} holds {other}, which this export does not write; choose an empty folder (on the command \
                 line, --force writes into it anyway)",
                dir.display()
            ));
        }
    }
    let mut paths = Vec::new();
    // Ladderkit names these files: a link planted at a name is replaced.
    for file in &table.files {
        let path = dir.join(&file.name);
        save_chosen_name(&path, &file.bytes).map_err(|e| e.to_string())?;
        paths.push(path);
    }
    let path = dir.join(&table.save_name);
    save_chosen_name(&path, table.save.as_bytes()).map_err(|e| e.to_string())?;
    paths.push(path);
    Ok(TableWritten { table, paths, base_url, notes })
}

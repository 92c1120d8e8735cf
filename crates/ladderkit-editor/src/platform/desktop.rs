//! The desktop: native dialogs (rfd), files, and the command line's
//! `--link`.

use std::path::PathBuf;

use super::{Chosen, Destination, Handed};

pub const WEB: bool = false;

/// The desktop hands over paths, not bytes (drops come as Bevy's
/// `FileDragAndDrop`).
pub fn take_handed() -> Vec<Handed> {
    Vec::new()
}

pub fn choose_file_to_open() -> Chosen {
    match rfd::FileDialog::new()
        .add_filter("Ladderkit variant (or a board picture that carries one)", &["ron", "png"])
        .pick_file()
    {
        Some(path) => Chosen::Path(path),
        None => Chosen::Nothing("no file chosen (or no file dialog on this system: use File › Open path…)".into()),
    }
}

/// Asks for the tracing picture.
pub fn choose_picture() -> Chosen {
    match rfd::FileDialog::new().add_filter("Picture (PNG or JPEG)", &["png", "jpg", "jpeg"]).pick_file() {
        Some(path) => Chosen::Path(path),
        None => Chosen::Nothing("no picture chosen (or no file dialog on this system)".into()),
    }
}

/// Asks where to save, suggesting `name`; `refused` says what happens
/// when nothing is chosen.
pub fn choose_where_to_save(filter: (&str, &[&str]), name: &str, refused: &str) -> Destination {
    match rfd::FileDialog::new().add_filter(filter.0, filter.1).set_file_name(name).save_file() {
        Some(path) => Destination::Path(path),
        None => Destination::Nothing(refused.into()),
    }
}

/// Asks for a folder; `refused` says what happens when none is chosen.
pub fn choose_folder(refused: &str) -> Destination {
    match rfd::FileDialog::new().pick_folder() {
        Some(path) => Destination::Path(path),
        None => Destination::Nothing(refused.into()),
    }
}

pub fn download(_name: &str, _bytes: &[u8]) -> Result<(), String> {
    Err("downloads are for the web page; the desktop saves to files".into())
}

/// The browser's storage: none on the desktop (the recovery copy is a file).
pub fn stored(_key: &str) -> Option<String> {
    None
}

pub fn store(_key: &str, _text: &str) -> Result<(), String> {
    Err("no browser storage on the desktop".into())
}

pub fn unstore(_key: &str) {}

/// Whether the document has unsaved changes: the desktop asks itself
/// before quitting (`Intent::Quit`).
pub fn set_unsaved(_unsaved: bool) {}

/// The link the page was opened with: none on the desktop (`--link`).
pub fn page_link() -> Option<String> {
    None
}

/// Where links made here open: the page `web/serve.sh` serves.
pub fn page_base() -> String {
    ladderkit::core::link::DEFAULT_BASE.into()
}

/// Copies to the clipboard (through egui: `ctx.copy_text`), so nothing to
/// do here.
pub fn copy_text(_text: &str) -> Result<(), String> {
    Ok(())
}

/// A report line goes to the `--report` file (`report.rs`).
pub fn report_line(_line: &str) {}

/// Where recent files and the untitled recovery copy live.
pub fn config_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("ladderkit"))
}

/// Runs a room's message loop, on a thread of its own.
pub fn run_room(looped: ladderkit::room::MessageLoopFuture) {
    ladderkit::room::run_loop(looped);
}

/// A value in the page's address: none on the desktop.
pub fn query_value(_name: &str) -> Option<String> {
    None
}

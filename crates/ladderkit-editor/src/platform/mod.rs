//! The platform seam: the few things the desktop and the web page do
//! differently, behind one set of functions with the same names. Files come
//! from a native dialog or the browser's picker and drops; what the person
//! saves goes to a file they choose or becomes a download; untitled work is
//! kept in the config folder or the browser's storage; a link opens the
//! page. Everything else (every rule, panel and widget) is the same code
//! on both.

#[cfg(not(target_arch = "wasm32"))]
mod desktop;
#[cfg(not(target_arch = "wasm32"))]
pub use desktop::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;

/// A file handed to the editor as bytes: picked or dropped in the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handed {
    pub name: String,
    pub bytes: Vec<u8>,
    /// Handed as the tracing picture (File › Background picture…, or a
    /// JPEG dropped), not as a variant to open.
    pub picture: bool,
}

/// What asking for a file to open gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chosen {
    /// A path on this computer (the desktop's dialog).
    Path(std::path::PathBuf),
    /// The browser's picker is open; the file comes through `take_handed`.
    Later,
    /// Nothing, and why (the person cancelled, or there is no dialog).
    Nothing(String),
}

/// Where a file the person saves goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// A path they chose (the desktop's dialog).
    Path(std::path::PathBuf),
    /// A download with this name (the web page).
    Download(String),
    /// Nowhere, and why.
    Nothing(String),
}

/// The media type a download is announced with, by its extension.
pub fn media_type(name: &str) -> &'static str {
    match name.rsplit('.').next().map(str::to_ascii_lowercase).as_deref() {
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("pdf") => "application/pdf",
        _ => "text/plain;charset=utf-8",
    }
}

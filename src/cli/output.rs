//! The one overwrite rule of every command that writes a file it is told
//! to (`-o`, `--out`, `--heat`, `--plot`, `--log`): a name where something
//! already is (a file, a folder, a link, even a dangling one) is refused
//! unless `--force` is given; then the save goes through the one writer,
//! `ladderkit::files` (docs/security.md, "Saves").

use std::path::Path;

/// `--force`, flattened into each command that writes.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub(crate) struct Overwrite {
    /// Write over an output that exists (for `tabletop`, into a folder that
    /// holds other files); a symlink given as the output is written through
    /// to its target.
    #[arg(long)]
    pub(crate) force: bool,
}

impl Overwrite {
    /// Whether `path` may be written: nothing is there, or `--force`.
    pub(crate) fn check(self, path: &Path) -> Result<(), String> {
        if self.force || std::fs::symlink_metadata(path).is_err() {
            return Ok(());
        }
        Err(format!("{} exists; pass --force to overwrite it", path.display()))
    }

    /// `check` for every output given.
    pub(crate) fn check_all<'a>(self, paths: impl IntoIterator<Item = &'a Path>) -> Result<(), String> {
        paths.into_iter().try_for_each(|p| self.check(p))
    }
}

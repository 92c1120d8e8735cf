//! Ladderkit used as a hostile user would (issue 33): files planted in
//! shared folders, files and logs from others, output meant for a
//! terminal. One module per kind of attack; each test names the defect it
//! holds shut. `docs/security.md` is the threat model these tests check.

use std::path::{Path, PathBuf};

#[path = "../support/mod.rs"]
mod support;
use support::{ladderkit, ladderkit_with_input, stderr, stdout};

mod costs;
mod limits;
mod locations;
mod logs;
mod merge;
mod readback;
mod rules;
mod saves;
mod terminal;
mod writers;

/// A fresh folder, removed when the guard is dropped.
fn folder() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("ladderkit-adversarial-").tempdir().unwrap()
}

/// A bundled variant, copied into `dir`.
fn copy_of(variant: &str, dir: &Path) -> PathBuf {
    let to = dir.join(variant);
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants").join(variant), &to).unwrap();
    to
}

//! Ladderkit used as a hostile user would (issue 33): files planted in
//! shared folders, files and logs from others, output meant for a
//! terminal. One module per kind of attack; each test names the defect it
//! holds shut. `docs/security.md` is the threat model these tests check.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod limits;
mod logs;
mod rules;
mod saves;
mod terminal;

fn ladderkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladderkit")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

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

/// The command line with `input` on stdin (bytes, so not UTF-8 too).
fn ladderkit_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladderkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

//! Issue 55, item 4: every command that writes a file, under the faults
//! and plants saves were first tested under (`saves.rs`), from one table of
//! writers: a hard link at the output, links at the temporary names an
//! editor or an older save would use, a read-only output, a full disk, and
//! a kill at a random moment. Each must leave the old file whole or the new
//! one whole, and write nothing through anything planted.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{copy_of, folder, ladderkit, stderr};

/// A command that writes one file: its output's name, its arguments before
/// the output (the variant is `{v}`), and what a whole output looks like.
struct Writer {
    name: &'static str,
    args: &'static [&'static str],
    whole: fn(&[u8]) -> bool,
}

fn png(b: &[u8]) -> bool {
    b.starts_with(b"\x89PNG\r\n\x1a\n") && b.ends_with(b"IEND\xae\x42\x60\x82")
}
fn svg(b: &[u8]) -> bool {
    b.starts_with(b"<svg") && b.trim_ascii_end().ends_with(b"</svg>")
}
fn pdf(b: &[u8]) -> bool {
    b.starts_with(b"%PDF-") && b.trim_ascii_end().ends_with(b"%%EOF")
}
fn json(b: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(b).is_ok()
}
fn ron(b: &[u8]) -> bool {
    std::str::from_utf8(b).is_ok_and(|t| ladderkit::core::check_source(t).spec.is_some())
}

const WRITERS: [Writer; 9] = [
    Writer { name: "board.png", args: &["render", "{v}", "--dpi", "40", "-o"], whole: png },
    Writer { name: "board.svg", args: &["render", "{v}", "-o"], whole: svg },
    Writer { name: "kit.pdf", args: &["print", "{v}", "-o"], whole: pdf },
    Writer { name: "heat.png", args: &["analyze", "{v}", "--dpi", "40", "--heat"], whole: png },
    Writer { name: "odds.svg", args: &["analyze", "{v}", "--plot"], whole: svg },
    Writer {
        name: "part.json",
        args: &["simulate", "{v}", "--games", "2000", "--seed", "1", "--shard", "1/2", "--out"],
        whole: json,
    },
    Writer {
        name: "game.json",
        args: &["play", "{v}", "--players", "bot:random,bot:random", "--seed", "3", "--log"],
        whole: json,
    },
    Writer { name: "new.ron", args: &["new", "--grid", "6x6", "--snakes", "3", "--ladders", "3", "-o"], whole: ron },
    Writer {
        name: "tuned.ron",
        args: &["tune", "{v}", "--turns", "30", "--candidates", "50", "--seed", "1", "-o"],
        whole: ron,
    },
];

impl Writer {
    /// The command line writing to `out` over what is there.
    fn command(&self, v: &Path, out: &Path) -> Vec<String> {
        let v = v.to_str().unwrap();
        let mut args: Vec<String> = self.args.iter().map(|a| a.replace("{v}", v)).collect();
        args.extend([out.to_str().unwrap().to_owned(), "--force".to_owned()]);
        args
    }

    fn run(&self, v: &Path, out: &Path) -> std::process::Output {
        let args = self.command(v, out);
        ladderkit(&args.iter().map(String::as_str).collect::<Vec<_>>())
    }
}

const OLD: &[u8] = b"the old file, whole";

/// `w`'s output in `dir`, holding `OLD`.
fn old_output(dir: &Path, w: &Writer) -> PathBuf {
    let out = dir.join(w.name);
    fs::write(&out, OLD).unwrap();
    out
}

#[cfg(unix)]
#[test]
fn every_writer_refuses_a_hard_linked_output_and_leaves_both_names_whole() {
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    for w in &WRITERS {
        let out = old_output(dir.path(), w);
        let other = dir.path().join(format!("other-name-of-{}", w.name));
        fs::hard_link(&out, &other).unwrap();
        let o = w.run(&v, &out);
        assert_eq!(o.status.code(), Some(2), "{}: {}", w.name, stderr(&o));
        assert!(stderr(&o).contains("other hard link"), "{}: {}", w.name, stderr(&o));
        assert_eq!((fs::read(&out).unwrap(), fs::read(&other).unwrap()), (OLD.to_vec(), OLD.to_vec()), "{}", w.name);
    }
}

/// Links planted at the names a temporary file could have had (this
/// writer's are random and made exclusively): nothing is written through
/// them, and the output is written whole.
#[cfg(unix)]
#[test]
fn every_writer_leaves_links_at_temporary_names_alone() {
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    let victim = dir.path().join("victim");
    fs::write(&victim, "someone's file").unwrap();
    for w in &WRITERS {
        let out = old_output(dir.path(), w);
        let n = w.name;
        for planted in
            [format!(".{n}.tmp"), format!("{n}.tmp"), format!(".{n}.1.tmp"), format!("{n}~"), format!(".{n}.swp")]
        {
            std::os::unix::fs::symlink(&victim, dir.path().join(planted)).unwrap();
        }
        let o = w.run(&v, &out);
        assert!(matches!(o.status.code(), Some(0 | 3)), "{n}: {}", stderr(&o));
        assert!((w.whole)(&fs::read(&out).unwrap()), "{n}: not whole");
        assert_eq!(fs::read(&victim).unwrap(), b"someone's file", "{n} wrote through a planted link");
    }
}

/// `--force` over a read-only output replaces it (the folder is the
/// user's), and the file keeps its mode.
#[cfg(unix)]
#[test]
fn every_writer_keeps_a_read_only_outputs_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    for w in &WRITERS {
        let out = old_output(dir.path(), w);
        fs::set_permissions(&out, fs::Permissions::from_mode(0o444)).unwrap();
        let o = w.run(&v, &out);
        assert!(matches!(o.status.code(), Some(0 | 3)), "{}: {}", w.name, stderr(&o));
        assert!((w.whole)(&fs::read(&out).unwrap()), "{}: not whole", w.name);
        assert_eq!(fs::metadata(&out).unwrap().permissions().mode() & 0o7777, 0o444, "{}", w.name);
    }
}

/// A tmpfs of its own, unmounted when dropped.
struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// On a full disk every writer fails with a message, the old file whole
/// and no temporary file left. A small tmpfs needs root: as root this test
/// mounts one (and fails if it cannot); otherwise it says why it did not
/// run.
#[cfg(unix)]
#[test]
fn on_a_full_disk_every_writer_fails_and_keeps_the_old_file() {
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    if !root {
        eprintln!("not run: mounting a small tmpfs to fill needs root");
        return;
    }
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    let disk = dir.path().join("disk");
    fs::create_dir(&disk).unwrap();
    let mounted = Command::new("mount").args(["-t", "tmpfs", "-o", "size=256k", "tmpfs"]).arg(&disk).status();
    assert!(mounted.is_ok_and(|s| s.success()), "mount a tmpfs as root");
    let _guard = Mounted(disk.clone());
    for w in &WRITERS {
        fs::write(disk.join(w.name), OLD).unwrap();
    }
    // Filled to the last byte.
    let mut filler = fs::File::create(disk.join("filler")).unwrap();
    let block = vec![7u8; 4096];
    while std::io::Write::write_all(&mut filler, &block).is_ok() {}
    while std::io::Write::write_all(&mut filler, &[7]).is_ok() {}
    drop(filler);
    for w in &WRITERS {
        let out = disk.join(w.name);
        let o = w.run(&v, &out);
        assert_eq!(o.status.code(), Some(2), "{}: {}", w.name, stderr(&o));
        assert!(stderr(&o).contains("No space left on device"), "{}: {}", w.name, stderr(&o));
        assert_eq!(fs::read(&out).unwrap(), OLD, "{}", w.name);
    }
    let mut left: Vec<_> = fs::read_dir(&disk).unwrap().map(|e| e.unwrap().file_name()).collect();
    left.sort();
    assert_eq!(left.len(), WRITERS.len() + 1, "temporary files left behind: {left:?}");
}

/// Killed at a random moment, 100 times each: the output is the old file
/// or a whole new one, never a mix.
#[cfg(unix)]
#[test]
fn a_writer_killed_at_any_moment_leaves_the_old_file_or_the_new_one() {
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    std::thread::scope(|scope| {
        for (k, w) in WRITERS.iter().enumerate() {
            let (dir, v) = (dir.path(), &v);
            scope.spawn(move || {
                let out = dir.join(w.name);
                // How long a whole run takes here: kills fall across it.
                let started = Instant::now();
                assert!(w.run(v, &out).status.success() || w.name == "tuned.ron");
                let span = started.elapsed().as_micros().max(1_000) as u64 * 6 / 5;
                let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ k as u64;
                let (mut old, mut new) = (0, 0);
                for run in 0..100 {
                    fs::write(&out, OLD).unwrap();
                    let args = w.command(v, &out);
                    let mut child = Command::new(env!("CARGO_BIN_EXE_ladderkit"))
                        .args(&args)
                        .current_dir(env!("CARGO_MANIFEST_DIR"))
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .spawn()
                        .unwrap();
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    std::thread::sleep(Duration::from_micros(state % span));
                    let _ = child.kill();
                    let _ = child.wait();
                    let bytes = fs::read(&out).unwrap();
                    if bytes == OLD {
                        old += 1;
                    } else {
                        assert!((w.whole)(&bytes), "{}: run {run} left a torn file ({} bytes)", w.name, bytes.len());
                        new += 1;
                    }
                }
                eprintln!("{}: killed 100 times, {old} old and {new} new files left", w.name);
            });
        }
    });
}

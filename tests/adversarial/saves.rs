//! Saves in a folder others can write to (issue 33, items 1, 2 and 10).

use std::fs;

use ladderkit::files::{FileError, same_file, save_atomic};

use super::{copy_of, folder, ladderkit, stderr};

/// Item 1: a link planted under the temporary file's name is not followed
/// (the old save created `.NAME.PID.tmp` with a plain create, wrote through
/// a link there into its target, then set that target's mode by path).
#[cfg(unix)]
#[test]
fn a_save_writes_nothing_through_a_planted_link() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = folder();
    let secret = dir.path().join("secret");
    fs::write(&secret, "root's secret").unwrap();
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o600)).unwrap();
    let v = copy_of("milton-bradley.ron", dir.path());
    // Every name the old scheme, or this process's prefix, could pick.
    let pid = std::process::id();
    for name in [format!(".milton-bradley.ron.{pid}.tmp"), format!(".milton-bradley.ron.{pid}.")] {
        symlink(&secret, dir.path().join(name)).unwrap();
    }
    save_atomic(&v, "(the new text)").unwrap();
    assert_eq!(fs::read_to_string(&v).unwrap(), "(the new text)");
    assert_eq!(fs::read_to_string(&secret).unwrap(), "root's secret");
    assert_eq!(fs::metadata(&secret).unwrap().permissions().mode() & 0o7777, 0o600);
}

/// Item 2: a hard-linked file is not rewritten in place (a kill or a full
/// disk then left it cut short); the save is refused and both names keep
/// the whole old text.
#[cfg(unix)]
#[test]
fn fmt_refuses_a_hard_linked_file_and_leaves_it_whole() {
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    let before = fs::read_to_string(&v).unwrap();
    let other = dir.path().join("other-name.ron");
    fs::hard_link(&v, &other).unwrap();
    // Not canonical, so fmt has something to write.
    fs::write(&v, format!("// a comment fmt drops\n{before}")).unwrap();
    let text = fs::read_to_string(&v).unwrap();
    let o = ladderkit(&["fmt", v.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("1 other hard link"), "{}", stderr(&o));
    assert_eq!((fs::read_to_string(&v).unwrap(), fs::read_to_string(&other).unwrap()), (text.clone(), text));
    assert!(matches!(save_atomic(&v, "x"), Err(FileError::HardLinked { links: 1, .. })));
}

/// Item 2: `deal -o` compared paths, so a hard link of the variant (another
/// name for the same file) was written over, losing its dealing.
#[cfg(unix)]
#[test]
fn deal_will_not_write_over_the_variant_under_another_name() {
    let dir = folder();
    let v = copy_of("random-board.ron", dir.path());
    let before = fs::read(&v).unwrap();
    let hard = dir.path().join("hard.ron");
    fs::hard_link(&v, &hard).unwrap();
    assert!(same_file(&v, &hard));
    for force in [false, true] {
        let mut args = vec!["deal", v.to_str().unwrap(), "--game", "3", "-o", hard.to_str().unwrap()];
        if force {
            args.push("--force");
        }
        let o = ladderkit(&args);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("is the variant itself"), "{}", stderr(&o));
        assert_eq!(fs::read(&v).unwrap(), before);
    }
}

/// Item 10: `deal -o` overwrote an existing file without `--force`.
#[test]
fn deal_asks_for_force_before_overwriting() {
    let dir = folder();
    let v = copy_of("random-board.ron", dir.path());
    let out = dir.path().join("mine.ron");
    fs::write(&out, "my own work").unwrap();
    let o = ladderkit(&["deal", v.to_str().unwrap(), "--game", "3", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("pass --force"), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&out).unwrap(), "my own work");
    let o = ladderkit(&["deal", v.to_str().unwrap(), "--game", "3", "-o", out.to_str().unwrap(), "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(fs::read_to_string(&out).unwrap().contains("(game 3)"));
}

/// Item 2: temporary files of killed saves stayed for ten minutes; now the
/// next save of that file clears those whose writer is gone, at any age,
/// and leaves a live writer's alone.
#[cfg(target_os = "linux")]
#[test]
fn the_next_save_clears_a_killed_saves_temporary_files() {
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    // A save killed just now: its process is gone.
    let mut child = std::process::Command::new("sleep").arg("60").spawn().unwrap();
    let dead = child.id();
    child.kill().unwrap();
    child.wait().unwrap();
    let killed = dir.path().join(format!(".milton-bradley.ron.{dead}.q1w2e3r4.tmp"));
    fs::write(&killed, vec![b'x'; 1 << 20]).unwrap();
    let running = dir.path().join(".milton-bradley.ron.1.a1s2d3f4.tmp");
    fs::write(&running, "in progress").unwrap();
    let unrelated = dir.path().join(".notes.txt.12.tmp");
    fs::write(&unrelated, "not ours").unwrap();
    save_atomic(&v, "(saved)").unwrap();
    assert!(!killed.exists(), "a dead writer's temporary file stays");
    assert!(running.exists() && unrelated.exists());
}

/// The mode (and, for root, the owner) of the saved file is the old one's,
/// set on the open temporary file.
#[cfg(unix)]
#[test]
fn a_save_keeps_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    fs::set_permissions(&v, fs::Permissions::from_mode(0o640)).unwrap();
    save_atomic(&v, "(saved)").unwrap();
    assert_eq!(fs::metadata(&v).unwrap().permissions().mode() & 0o7777, 0o640);
    // A new file gets the mode any new file gets here (0666 less the
    // umask), not the temporary file's 0600.
    let fresh = dir.path().join("fresh.ron");
    save_atomic(&fresh, "(new)").unwrap();
    let plain = dir.path().join("plain");
    fs::File::create(&plain).unwrap();
    let mode = |p: &std::path::Path| fs::metadata(p).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode(&fresh), mode(&plain));
}

/// Item 10: `render -o page.md` wrote `page.png` beside it over whatever
/// was there. Now only a board picture an earlier render wrote is replaced.
#[test]
fn a_page_does_not_write_over_a_picture_it_did_not_draw() {
    let dir = folder();
    let page = dir.path().join("page.md");
    let photo = dir.path().join("page.png");
    fs::write(&photo, b"\x89PNG\r\n\x1a\n a holiday photo").unwrap();
    let v = "variants/milton-bradley.ron";
    let o = ladderkit(&["render", v, "-o", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is not a board Ladderkit drew"), "{}", stderr(&o));
    assert_eq!(fs::read(&photo).unwrap(), b"\x89PNG\r\n\x1a\n a holiday photo");
    assert!(!page.exists(), "nothing written");
    fs::remove_file(&photo).unwrap();
    let o = ladderkit(&["render", v, "-o", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Again: the page is there now (issue 55's one rule), so only with
    // --force; the picture is then the first render's, and replaced.
    let o = ladderkit(&["render", v, "-o", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("exists; pass --force to overwrite it"), "{}", stderr(&o));
    let o = ladderkit(&["render", v, "-o", page.to_str().unwrap(), "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Item 10: the scoreboard's `save PATH` replaced any file.
#[test]
fn the_scoreboard_saves_over_a_file_only_when_told() {
    let dir = folder();
    let mine = dir.path().join("mine.txt");
    fs::write(&mine, "my own notes").unwrap();
    let script = format!("Red 10, Blue 3\nsave {0}\nsave! {0}\nsave {0}\nq\n", mine.display());
    let o = super::ladderkit_with_input(
        &["scoreboard", "variants/carcassonne-scoreboard.ron", "--players", "Red,Blue"],
        script.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("exists; `save! "), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.matches("saved to").count(), 2, "save! replaces it, then save may again: {out}");
    assert!(fs::read_to_string(&mine).unwrap().contains("\"players\""));
}

/// Item 10: a byte that is not UTF-8 on `play`'s stdin ended the game as
/// if the input had closed; now it is a line the game does not understand.
#[test]
fn a_stray_byte_on_stdin_does_not_end_the_game() {
    let dir = folder();
    let log = dir.path().join("game.json");
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend_from_slice(&b"\n1\n".repeat(400));
    let o = super::support::play_treehouse_logged(&log, &input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let log: serde_json::Value = serde_json::from_str(&fs::read_to_string(&log).unwrap()).unwrap();
    assert!(log["decisions"].as_array().is_some_and(|d| !d.is_empty()), "the game went on after the stray byte: {log}");
}

/// Issue 55, item 3: `tabletop -o DIR` names the files in DIR itself, so a
/// link planted at one of those names (by whoever can write to DIR) is
/// replaced by the file, never written through; the user's own `-o` names
/// keep following links (`a_save_through_a_symlink_keeps_the_link`).
#[cfg(unix)]
#[test]
fn tabletop_replaces_links_planted_at_the_names_it_chooses() {
    use std::os::unix::fs::symlink;
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    let out = dir.path().join("table");
    let first = ladderkit(&["tabletop", v.to_str().unwrap(), "-o", out.to_str().unwrap(), "--no-rulebook"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let mut names: Vec<_> = fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert!(names.len() >= 2, "a save and its board picture: {names:?}");
    let victims: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let victim = dir.path().join(format!("victim-{i}"));
            fs::write(&victim, "someone's file").unwrap();
            fs::remove_file(out.join(name)).unwrap();
            symlink(&victim, out.join(name)).unwrap();
            victim
        })
        .collect();
    // A killed save's temporary file is the export's own (no --force needed).
    let killed = out.join(format!(".{}.999999999.x1y2.tmp", names[0].to_string_lossy()));
    fs::write(&killed, "half a file").unwrap();
    let again = ladderkit(&["tabletop", v.to_str().unwrap(), "-o", out.to_str().unwrap(), "--no-rulebook"]);
    assert!(again.status.success(), "{}", stderr(&again));
    for (name, victim) in names.iter().zip(&victims) {
        assert_eq!(fs::read(victim).unwrap(), b"someone's file", "{name:?} was written through");
        let meta = fs::symlink_metadata(out.join(name)).unwrap();
        assert!(meta.is_file(), "{name:?} is still a link");
    }
}

/// Issue 55, item 2: one overwrite rule for every command that writes a
/// file it is told to. With a link planted at the output (the issue's
/// attack: `ln -s victim OUT`), each refuses, names --force, and leaves
/// the victim whole; with --force it writes (through the link, the user's
/// choice). Before, `render`, `print`, `analyze --heat` and `--plot` wrote
/// through the link, exit 0.
#[cfg(unix)]
#[test]
fn every_writer_refuses_an_existing_output_without_force() {
    use std::os::unix::fs::symlink;
    let dir = folder();
    let v = copy_of("milton-bradley.ron", dir.path());
    let v = v.to_str().unwrap();
    let writers: [(&str, Vec<&str>); 9] = [
        ("board.png", vec!["render", v, "-o"]),
        ("board.svg", vec!["render", v, "-o"]),
        ("kit.pdf", vec!["print", v, "-o"]),
        ("heat.png", vec!["analyze", v, "--heat"]),
        ("odds.svg", vec!["analyze", v, "--plot"]),
        ("part.json", vec!["simulate", v, "--games", "200", "--seed", "1", "--shard", "1/2", "--out"]),
        ("game.json", vec!["play", v, "--players", "bot:random,bot:random", "--seed", "3", "--log"]),
        ("new.ron", vec!["new", "--grid", "5x5", "-o"]),
        ("tuned.ron", vec!["tune", v, "--turns", "30", "--candidates", "50", "--seed", "1", "-o"]),
    ];
    for (name, args) in writers {
        let out = dir.path().join(name);
        let victim = dir.path().join(format!("victim-of-{name}"));
        fs::write(&victim, "someone's file").unwrap();
        symlink(&victim, &out).unwrap();
        let mut refused = args.clone();
        refused.push(out.to_str().unwrap());
        let o = ladderkit(&refused);
        assert_eq!(o.status.code(), Some(2), "{refused:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("exists; pass --force to overwrite it"), "{refused:?}: {}", stderr(&o));
        assert_eq!(fs::read(&victim).unwrap(), b"someone's file", "{refused:?} wrote through the link");
        let mut forced = refused.clone();
        forced.push("--force");
        let o = ladderkit(&forced);
        assert!(matches!(o.status.code(), Some(0 | 3)), "{forced:?}: {}", stderr(&o));
        assert_ne!(fs::read(&victim).unwrap(), b"someone's file", "{forced:?} wrote nothing");
        assert!(fs::symlink_metadata(&out).unwrap().file_type().is_symlink(), "the user's link stays");
    }
    // The tabletop folder: a file of someone else's in it.
    let table = dir.path().join("table");
    fs::create_dir(&table).unwrap();
    fs::write(table.join("notes.txt"), "mine").unwrap();
    let o = ladderkit(&["tabletop", v, "-o", table.to_str().unwrap(), "--no-rulebook"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("holds notes.txt, which this export does not write"), "{}", stderr(&o));
    assert_eq!(fs::read_dir(&table).unwrap().count(), 1, "nothing written");
    let o = ladderkit(&["tabletop", v, "-o", table.to_str().unwrap(), "--no-rulebook", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(table.join("notes.txt")).unwrap(), "mine");
}

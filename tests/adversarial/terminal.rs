//! Output for a person's terminal (issue 33, item 5): a variant's name, a
//! comment, a log's seat names and a file's path may hold characters that
//! set the window's title, clear the screen or reverse the text. Every
//! command shows them escaped (`\u001B`), and `--json` stays exact.

use std::fs;
use std::path::Path;

use super::{folder, ladderkit, stderr};

/// The name: sets the title, rings, clears the screen; then a C1
/// control (CSI) and a right-to-left override.
const HOSTILE: &str = "A\u{1b}]0;pwned\u{7}B\u{1b}[2JC\u{9b}31mD\u{202e}E";

/// Bytes no terminal should get from text Ladderkit did not write itself.
fn steering(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    text.chars()
        .filter(|&c| {
            matches!(c, '\0'..='\x08' | '\x0b'..='\x1f' | '\x7f'..='\u{9f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
                && c != '\r'
        })
        .map(|c| format!("U+{:04X}", u32::from(c)))
        .collect()
}

/// Milton Bradley named `HOSTILE`, with a raw ESC in a comment, and its jumps
/// broken so the checks quote the file.
fn hostile_variant(dir: &Path, broken: bool) -> std::path::PathBuf {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gameweave-small.ron")).unwrap();
    let mut text = text.replacen("Gameweave Snakes and Ladders (Small 6×6)", HOSTILE, 1);
    text.insert_str(0, "// a comment \u{1b}[2J with an escape\n");
    if broken {
        text = text.replacen("jumps: [", "jumps: [\n        (from: 999, to: 1), // \u{1b}]0;owned\u{7}\n", 1);
    }
    let path = dir.join("hostile \u{1b}[31mname\u{202e}.ron");
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn no_command_prints_a_variants_control_characters() {
    let dir = folder();
    let v = hostile_variant(dir.path(), false);
    let v = v.to_str().unwrap();
    let out = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let (svg, kit, log) = (out("board.svg"), out("kit.pdf"), out("game.json"));
    let runs: Vec<Vec<&str>> = vec![
        vec!["validate", v],
        vec!["analyze", v],
        vec!["simulate", v, "--games", "200"],
        vec!["render", v, "-o", &svg],
        vec!["print", v, "-o", &kit],
        vec!["play", v, "--players", "bot:greedy,bot:greedy", "--log", &log],
        vec!["share", v],
    ];
    let mut shown_escaped = 0;
    for args in &runs {
        let o = ladderkit(args);
        assert!(o.status.code().is_some_and(|c| c <= 1), "{args:?}: {}", stderr(&o));
        let (so, se) = (steering(&o.stdout), steering(&o.stderr));
        assert!(so.is_empty() && se.is_empty(), "{args:?} printed {so:?} to stdout and {se:?} to stderr");
        let all = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
        if all.contains("A\\u001B]0;pwned\\u0007B") || all.contains("hostile \\u001B[31mname\\u202E") {
            shown_escaped += 1;
        }
    }
    assert!(shown_escaped >= 5, "the name or the path is shown, escaped, by most commands: {shown_escaped}");
}

#[test]
fn a_diagnostic_quotes_the_file_with_its_escapes_shown() {
    let dir = folder();
    let v = hostile_variant(dir.path(), true);
    let o = ladderkit(&["validate", v.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(steering(&o.stderr).is_empty(), "{}", stderr(&o));
    // The line is quoted, its escape made visible, and the place still
    // points at the jump (the arrow under `999`).
    let err = stderr(&o);
    assert!(err.contains("(from: 999, to: 1), // \\u001B]0;owned\\u0007"), "{err}");
    let quoted = err.lines().position(|l| l.contains("(from: 999")).unwrap();
    let column = |line: &str, what: &str| line.find(what).map(|at| line[..at].chars().count());
    let under = err.lines().skip(quoted + 1).find(|l| l.contains('┬') || l.contains('^')).unwrap_or_default();
    let mark = under.find(['┬', '^']).map(|at| under[..at].chars().count());
    let jump = column(err.lines().nth(quoted).unwrap(), "(from");
    assert!(mark >= jump, "the mark is under the jump: {err}");
}

#[test]
fn json_keeps_the_strings_exact() {
    let dir = folder();
    let broken = hostile_variant(dir.path(), true);
    let o = ladderkit(&["validate", broken.to_str().unwrap(), "--json"]);
    assert!(steering(&o.stdout).is_empty(), "{}", String::from_utf8_lossy(&o.stdout));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["file"].as_str(), broken.to_str(), "the path reads back exactly");
    let v = hostile_variant(dir.path(), false);
    let kit = dir.path().join("kit.pdf");
    let o = ladderkit(&["print", v.to_str().unwrap(), "-o", kit.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(steering(&o.stdout).is_empty(), "{}", String::from_utf8_lossy(&o.stdout));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["variant"].as_str(), Some(HOSTILE), "the name reads back exactly");
}

/// `replay` printed a log's seat names raw.
#[test]
fn replay_shows_a_logs_seat_names_escaped() {
    let dir = folder();
    let v = dir.path().join("small.ron");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gameweave-small.ron"), &v).unwrap();
    let log = dir.path().join("game.json");
    let o =
        ladderkit(&["play", v.to_str().unwrap(), "--players", "bot:greedy,bot:greedy", "--log", log.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = fs::read_to_string(&log).unwrap();
    let hostile_seat = serde_json::to_string(HOSTILE).unwrap();
    let tampered = text.replacen("\"bot:greedy\"", &hostile_seat, 1);
    assert_ne!(tampered, text, "the log names its seats");
    fs::write(&log, tampered).unwrap();
    let o = ladderkit(&["replay", "--variant", v.to_str().unwrap(), log.to_str().unwrap()]);
    assert!(
        steering(&o.stdout).is_empty() && steering(&o.stderr).is_empty(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        stderr(&o)
    );
}

/// clap's own messages quoted a mistyped argument raw: on a terminal its
/// title was set and its text reversed.
#[test]
fn a_mistyped_argument_is_quoted_safely() {
    let o = ladderkit(&["validate", "--colour\u{1b}]0;pwned\u{7}\u{202e}x", "variants/milton-bradley.ron"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("unexpected argument '--colour"), "{err}");
    assert!(steering(&o.stderr).is_empty(), "{:?} in {err}", steering(&o.stderr));
}

//! Located diagnostics on every valid RON (issue 33, item 9): after a raw
//! string, a nested comment or a raw identifier the place of a report was
//! lost (line and column `null`), and a lone carriage return or a form
//! feed made the text and `--json` disagree. Each case is Milton Bradley
//! written another valid way, its first jump broken; the report must point
//! at that jump, at the same line and column in text and JSON, counted as
//! RON counts them (lines end at a line feed, columns count characters).

use std::fs;
use std::path::Path;

use super::{folder, ladderkit, stderr, stdout};

const BROKEN: &str = "Jump(from: 1, to: 9999, kind: Ladder)";

/// Milton Bradley with its first jump leaving the board.
fn broken() -> String {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/milton-bradley.ron")).unwrap();
    text.replacen("Jump(from: 1, to: 38, kind: Ladder)", BROKEN, 1)
}

/// The same variant written with RON the scanner once lost its way in.
fn cases() -> Vec<(&'static str, String)> {
    let text = broken();
    let name = "\"Chutes and Ladders (Milton Bradley)\"";
    vec![
        ("raw string holding a quote", text.replacen(name, "r#\"a \"quoted\" name\"#", 1)),
        ("raw string ending in a backslash", text.replacen(name, r#"r"C:\""#, 1)),
        ("nested block comment", text.replacen("Variant(", "Variant( /* a /* b ) ] */ c ( */", 1)),
        ("raw identifiers", text.replacen("jumps:", "r#jumps:", 1).replacen("meta:", "r#meta:", 1)),
        (
            "vertical tab as whitespace",
            text.replacen("    format", "\u{b}format", 1).replace("        Jump", "\u{b}Jump"),
        ),
        (
            "line separator as whitespace",
            text.replace("    jumps", "\u{2028}jumps").replace("    meta", "\u{2028}meta"),
        ),
        ("lone carriage returns", text.replacen('\n', "\r", 5)),
        ("line feed then carriage return", text.replacen('\n', "\n\r", 12)),
        ("form feeds on the jump's line", text.replacen("        Jump(from: 1,", "\u{c}\u{c}Jump(from: 1,", 1)),
        (
            "an escape in a comment on the jump's line",
            text.replacen("        Jump(from: 1,", "/*\u{1b}[2J*/ Jump(from: 1,", 1),
        ),
    ]
}

/// Line and column of byte `at` as RON counts them.
fn place(text: &str, at: usize) -> (u64, u64) {
    let before = &text[..at];
    let line = 1 + before.matches('\n').count();
    let column = 1 + before.rsplit('\n').next().unwrap().chars().count();
    (line as u64, column as u64)
}

#[test]
fn every_valid_spelling_locates_the_report_alike_in_text_and_json() {
    let dir = folder();
    for (what, text) in cases() {
        let at = text.find(BROKEN).unwrap_or_else(|| panic!("{what}: the case lost its broken jump"));
        let expected = place(&text, at);
        let path = dir.path().join("case.ron");
        fs::write(&path, &text).unwrap();
        let path = path.to_str().unwrap();

        let o = ladderkit(&["validate", path, "--json"]);
        let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{what}: {e}"));
        let diagnostics = report["diagnostics"].as_array().unwrap();
        assert_eq!(diagnostics.len(), 1, "{what}: {diagnostics:?}");
        let d = &diagnostics[0];
        assert_eq!(d["code"], "jump-off-board", "{what}: the text did not read as the same variant: {d}");
        let json = (d["line"].as_u64(), d["column"].as_u64());
        assert_eq!(json, (Some(expected.0), Some(expected.1)), "{what}: --json");

        let o = ladderkit(&["validate", path]);
        let err = stderr(&o);
        let heading = format!("case.ron:{}:{} ]", expected.0, expected.1);
        assert!(err.contains(&heading), "{what}: text should say {heading}:\n{err}");
    }
}

//! Files from strangers: every reproducer in `tests/fixtures/hostile/` is
//! read by every command that reads a variant, and each answers with
//! diagnostics or a result, never a panic, an abort or a hang. The tests
//! run the debug build, where integer overflow panics.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ladderkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladderkit")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile");
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    out.sort();
    out
}

/// Exit 0, 1 or 2 with something said, and no panic.
fn answered(what: &str, o: &Output) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(matches!(o.status.code(), Some(0..=2)), "{what}: exit {:?}\n{err}", o.status.code());
    assert!(!err.contains("panicked"), "{what}: {err}");
}

#[test]
fn every_command_answers_every_hostile_file() {
    let out = std::env::temp_dir().join(format!("ladderkit-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let picture = out.join("board.svg");
    let kit = out.join("kit.pdf");
    let files = fixtures();
    assert!(files.len() >= 14);
    for file in &files {
        let f = file.to_str().unwrap();
        let name = file.file_name().unwrap().to_string_lossy();
        for args in [
            vec!["validate", f],
            vec!["validate", "--json", f],
            vec!["analyze", f],
            vec!["render", f, "-o", picture.to_str().unwrap()],
            vec!["print", f, "-o", kit.to_str().unwrap()],
            vec!["fmt", "--check", f],
            vec!["deal", f, "--game", "3"],
            vec!["simulate", f, "--games", "20"],
            vec!["simulate", f, "--games", "20", "--players", "4", "--bots", "greedy"],
            vec!["simulate", f, "--games", "3", "--players", "16"],
            vec!["scoreboard", f, "--simulate", "50"],
            vec!["solve", f, "--max-positions", "20000", "--no-skill"],
        ] {
            answered(&format!("{name}: {}", args.join(" ")), &ladderkit(&args));
        }
    }
}

#[test]
fn the_byte_order_mark_is_read_past() {
    let o = ladderkit(&["analyze", "tests/fixtures/hostile/byte-order-mark.ron", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!((v["expected_rolls"].as_f64().unwrap() - 39.2251).abs() < 1e-3);
}

#[test]
fn each_reproducer_gets_the_diagnostic_it_deserves() {
    let codes = |file: &str| {
        let o = ladderkit(&["validate", "--json", &format!("tests/fixtures/hostile/{file}")]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    assert_eq!(codes("list-closed-by-paren.ron"), ["syntax"]);
    assert!(codes("first-number-at-u32-max.ron").contains(&"limit-exceeded".to_owned()));
    for dice in ["dice-25d6.ron", "dice-100000d2.ron", "die-of-u32-max-sides.ron", "dice-2d1000000.ron"] {
        assert!(codes(dice).contains(&"dice-invalid".to_owned()), "{dice}");
    }
    assert!(codes("coordinate-1e19-with-chips.ron").contains(&"board-invalid".to_owned()));
    let text = ladderkit(&["validate", "tests/fixtures/hostile/lone-multibyte-character.ron"]);
    assert!(String::from_utf8_lossy(&text.stderr).contains("lone-multibyte-character.ron:1:1"));
}

#[test]
fn a_chain_of_eighty_thousand_jumps_is_checked() {
    let dir = std::env::temp_dir().join(format!("ladderkit-chain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("chain.ron");
    let jumps: Vec<String> = (2..80_002).map(|i| format!("(from:{i},to:{})", i + 1)).collect();
    let text = format!("Variant(format:1,meta:(name:\"chain\"),board:Track(spaces:90000),jumps:[{}])", jumps.join(","));
    std::fs::write(&file, text).unwrap();
    let o = ladderkit(&["validate", "--json", file.to_str().unwrap()]);
    answered("80,000 chained jumps", &o);
    assert_eq!(o.status.code(), Some(0), "chains are warnings");
}

/// A generated file in a fresh temporary directory.
fn generated(name: &str, text: String) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ladderkit-generated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn a_hundred_thousand_errors_on_one_line_read_as_a_short_report() {
    let jumps: Vec<String> = (1..=100_000).map(|i| format!("(from:{i},to:{i})")).collect();
    let text = format!(
        "Variant(format:1,meta:(name:\"x\"),board:Track(spaces:100002),goal:Space(100002),jumps:[{}])",
        jumps.join(",")
    );
    let line = text.chars().count();
    let file = generated("self-jumps.ron", text);
    let o = ladderkit(&["validate", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    // The first twenty in full, each with an excerpt of the 2 MB line
    // (not the line), then one report counting the rest; --json alike.
    assert_eq!(err.matches("[jump-to-self]").count(), 21, "{}", &err[..2000.min(err.len())]);
    assert!(err.contains("… and 99980 more errors like these (jump-to-self)"), "{}", &err[err.len() - 500..]);
    let head = &err[..2000.min(err.len())];
    assert!(err.contains(&format!(":1:87 (a line of {line} characters, shown in part)")), "{head}");
    assert!(err.contains("goal:Space(100002),jumps:[(from:1,to:1),(from:2,to:2),"), "{head}");
    assert!(err.contains(" ^^^^^^^^^^^^^ space 1; jump #1\n"), "{head}");
    assert!(err.len() < 100_000, "{} bytes of report", err.len());
    let json = ladderkit(&["validate", "--json", file.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["diagnostics"].as_array().unwrap().len(), 21);
}

#[test]
fn a_syntax_error_at_the_end_of_a_five_megabyte_line_is_shown_in_part() {
    let text = format!(
        "Variant(format:1,meta:(name:\"x\"),board:Track(spaces:100),jumps:[{}oops])",
        "(from:2,to:9),".repeat(350_000)
    );
    let file = generated("long-line.ron", text.clone());
    let o = ladderkit(&["validate", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("[syntax] Error: Expected struct `Jump` but found `oops`"), "{err}");
    let line = text.chars().count();
    assert!(err.contains(&format!(":1:{} (a line of {line} characters, shown in part)", line - 5)), "{err}");
    assert!(err.contains("(from:2,to:9),oops])\n"), "{err}");
    assert!(err.contains("Help: write `Jump(` here"), "{err}");
    assert!(err.len() < 2_000, "{err}");
}

#[test]
fn a_hundred_thousand_arrows_and_effects_play() {
    // A landing used to look at every arrow, and each effect at every
    // earlier one: minutes for a few games.
    let arrows: Vec<String> = (2..100_002).map(|s| format!("Arrow(space:{s},points:Up,kind:ExtraTurn)")).collect();
    let text = format!(
        "Variant(format:1,meta:(name:\"x\"),board:Grid(cols:400,rows:300,path:Boustrophedon),arrows:[{}])",
        arrows.join(",")
    );
    let file = generated("arrows.ron", text);
    let o = ladderkit(&["simulate", file.to_str().unwrap(), "--games", "4", "--players", "3", "--json"]);
    answered("100,000 arrows", &o);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"], 4);
    let effects: Vec<String> = (1..100_001).map(|s| format!("SpaceEffect(space:{s},effect:LoseTurns(1))")).collect();
    let text = format!(
        "Variant(format:1,meta:(name:\"x\"),board:Track(spaces:100002),goal:Space(100002),effects:[{}])",
        effects.join(",")
    );
    let file = generated("effects.ron", text);
    let o = ladderkit(&["validate", "--json", file.to_str().unwrap()]);
    answered("100,000 effects", &o);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
}

//! Every diagnostic code has a fixture that triggers it; the full list of
//! diagnostics for each fixture is a snapshot (`cargo insta review`).

use std::path::Path;

use ladderkit::core::{Code, Diagnostic, check_source};

fn fixtures() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/diagnostics");
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

fn render(d: &Diagnostic) -> String {
    let loc = &d.location;
    let at = loc.span.map_or_else(|| "-".to_owned(), |s| format!("{}:{}", s.line, s.column));
    let mut s = format!("{} {} @{at}: {}", d.severity.name(), d.code, d.message);
    if !loc.spaces.is_empty() {
        s += &format!(" | spaces {:?}", loc.spaces);
    }
    if !loc.jumps.is_empty() {
        s += &format!(" | jumps {:?}", loc.jumps);
    }
    if !loc.effects.is_empty() {
        s += &format!(" | effects {:?}", loc.effects);
    }
    if !loc.arrows.is_empty() {
        s += &format!(" | arrows {:?}", loc.arrows);
    }
    if let Some(help) = &d.help {
        s += &format!("\n    help: {help}");
    }
    s
}

#[test]
fn each_fixture_reports_its_code() {
    for (name, text) in fixtures() {
        let checked = check_source(&text);
        let code = name.strip_suffix("-followed").or_else(|| name.strip_suffix("-too-many")).unwrap_or(&name);
        assert!(
            checked.diagnostics.iter().any(|d| d.code.as_str() == code),
            "{name}.ron should report {code}, got {:#?}",
            checked.diagnostics
        );
        let rendered: Vec<String> = checked.diagnostics.iter().map(render).collect();
        insta::assert_snapshot!(name.clone(), rendered.join("\n"));
    }
}

#[test]
fn every_code_has_a_fixture() {
    let names: Vec<String> = fixtures().into_iter().map(|(n, _)| n).collect();
    let missing: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).filter(|c| !names.iter().any(|n| n == c)).collect();
    assert!(missing.is_empty(), "codes without a fixture: {missing:?}");
}

#[test]
fn chains_warn_when_followed_and_fail_when_not() {
    let severity = |name: &str| {
        let (_, text) = fixtures().into_iter().find(|(n, _)| n == name).unwrap();
        check_source(&text).diagnostics.iter().find(|d| d.code == Code::JumpChain).unwrap().severity
    };
    assert_eq!(severity("jump-chain"), ladderkit::core::Severity::Error);
    assert_eq!(severity("jump-chain-followed"), ladderkit::core::Severity::Warning);
}

#[test]
fn a_broken_file_still_yields_a_partial_board() {
    let (_, text) = fixtures().into_iter().find(|(n, _)| n == "jump-loop").unwrap();
    let checked = check_source(&text);
    let board = &checked.compiled.unwrap().board;
    assert_eq!(board.len, 36);
    // The loop's jumps are kept for drawing; the good ladder too.
    assert_eq!(board.jumps.len(), 3);
}

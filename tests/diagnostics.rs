//! Every diagnostic code has a fixture that triggers it; the full list of
//! diagnostics for each fixture is a snapshot (`cargo insta review`).
//! Fixtures are variant files (`.ron`) or board links (`.link`, one line:
//! what the web page opens).

use std::path::Path;

use ladderkit::core::{Code, Diagnostic, check_source, link};

/// The variant fixtures: (name, text).
fn fixtures() -> Vec<(String, String)> {
    fixtures_of("ron")
}

fn fixtures_of(extension: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/diagnostics");
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

/// Every fixture's diagnostics: a file's, or a link's as the page opens it
/// (what is wrong with the link, else the diagnostics of what it carries).
fn all_diagnostics() -> Vec<(String, Vec<Diagnostic>)> {
    let files = fixtures().into_iter().map(|(name, text)| (name, check_source(&text).diagnostics));
    let links = fixtures_of("link").into_iter().map(|(name, text)| {
        let diagnostics = match link::decode(&text) {
            Ok(text) => check_source(&text).diagnostics,
            Err(d) => vec![*d],
        };
        (name, diagnostics)
    });
    let mut out: Vec<_> = files.chain(links).collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
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
    for (name, diagnostics) in all_diagnostics() {
        // The code is the file name, or its longest code prefix
        // (`jump-chain-followed`, `start-invalid-treehouse`).
        let code =
            Code::ALL.iter().map(|c| c.as_str()).filter(|c| name.starts_with(c)).max_by_key(|c| c.len()).unwrap();
        assert!(
            diagnostics.iter().any(|d| d.code.as_str() == code),
            "{name} should report {code}, got {diagnostics:#?}"
        );
        assert!(diagnostics.iter().all(|d| d.location.span.is_some()), "{name}: every diagnostic is located");
        let rendered: Vec<String> = diagnostics.iter().map(render).collect();
        insta::assert_snapshot!(name.clone(), rendered.join("\n"));
    }
}

#[test]
fn every_code_has_a_fixture() {
    let names: Vec<String> = all_diagnostics().into_iter().map(|(n, _)| n).collect();
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

/// Every file `fmt`, `new` and the editor write starts with the `enable`
/// header: the diagnostics of a fixture keep their places under it (two
/// lines further down), and so do those of the same board in canonical form.
#[test]
fn the_header_keeps_every_location() {
    const HEADER: &str = "#![enable(implicit_some)]\n#![enable(unwrap_variant_newtypes)]\n";
    for (name, text) in fixtures() {
        if text.starts_with("#!") {
            continue;
        }
        let plain = check_source(&text).diagnostics;
        let headed = check_source(&format!("{HEADER}{text}")).diagnostics;
        assert_eq!(plain.len(), headed.len(), "{name}");
        for (a, b) in plain.iter().zip(&headed) {
            let shifted = a.location.span.map(|s| (s.line + 2, s.column));
            assert_eq!(shifted, b.location.span.map(|s| (s.line, s.column)), "{name}: {}", a.message);
        }
        // The same spec written canonically: located wherever it can be.
        let Some(spec) = check_source(&text).spec else { continue };
        let canonical = ladderkit::core::to_string(&spec);
        for d in check_source(&canonical).diagnostics {
            let locatable = !d.location.jumps.is_empty() || !d.location.effects.is_empty();
            assert!(!locatable || d.location.span.is_some(), "{name} (canonical): {} has no location", d.message);
        }
    }
}

#[test]
fn a_board_written_by_new_points_at_its_lines() {
    let mut spec =
        ladderkit::core::spec::VariantSpec::new_grid("t", 6, 6, ladderkit::core::spec::PathStyle::Boustrophedon);
    spec.jumps = vec![ladderkit::core::spec::Jump::new(10, 30), ladderkit::core::spec::Jump::new(30, 10)];
    let text = ladderkit::core::to_string(&spec);
    let looped = check_source(&text).diagnostics.into_iter().find(|d| d.code == Code::JumpLoop).unwrap();
    let span = looped.location.span.expect("located");
    assert!(text[span.start..span.end].contains("from: 10"), "{}", &text[span.start..span.end]);
}

//! Whatever Ladderkit writes, Ladderkit reads (issue 33, item 8). `fmt` of
//! a valid 5.7 MB file wrote 9.3 MB, over the 8 MiB read limit, so the
//! file could not be opened again; a name holding U+FFFE gave an SVG no
//! reader takes, with rc 0, and no PNG or PDF.

use std::fs;
use std::path::Path;

use ladderkit::core::{check_source, link, parse, to_string};
use ladderkit::files::{self, FileKind};
use ladderkit::render::{BoardOptions, board_svg};
use proptest::prelude::*;

use super::{folder, ladderkit, stderr};

/// A compact file within every limit whose canonical text is not:
/// 250,000 free-form spaces and 100,000 jumps, written without spaces.
fn compact_but_large() -> String {
    let spaces: Vec<String> = (0..250_000).map(|i| format!("(x:{}.5,y:{}.5)", i % 1000, i / 1000)).collect();
    let jumps: Vec<String> = (0..100_000).map(|i| format!("(from:{},to:{})", 2 + i, 249_000 - i)).collect();
    format!(
        "Variant(format:1,meta:(name:\"large\",description:\"\",author:\"\"),board:Free(spaces:[{}]),jumps:[{}])",
        spaces.join(","),
        jumps.join(",")
    )
}

#[test]
fn fmt_refuses_to_write_what_it_could_not_read_back() {
    let dir = folder();
    let text = compact_but_large();
    let spec = parse(&text).spec.expect("the compact file reads");
    let limit = FileKind::Variant.max_bytes();
    assert!(text.len() <= limit, "the case must be readable: {} bytes", text.len());
    assert!(to_string(&spec).len() > limit, "the case must grow past the limit");
    let path = dir.path().join("large.ron");
    fs::write(&path, &text).unwrap();

    let o = ladderkit(&["fmt", path.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("not saved") && err.contains("could not open it again"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), text, "the file is kept as it was");
}

#[test]
fn a_picture_that_could_not_carry_its_variant_is_not_written() {
    let dir = folder();
    let spec = parse(&compact_but_large()).spec.unwrap();
    let picture = dir.path().join("large.png");
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>";
    let e = files::save_picture(&picture, svg, 10.0, Some(&to_string(&spec))).unwrap_err();
    assert!(e.contains("could not be opened again"), "{e}");
    assert!(!picture.exists());
}

/// The names: noncharacters, and the controls and separators that
/// other parts of Ladderkit escape.
#[test]
fn a_name_with_noncharacters_renders_prints_and_reopens() {
    let dir = folder();
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gameweave-small.ron")).unwrap();
    let text = text.replacen("Gameweave Snakes and Ladders (Small 6×6)", "A\u{FFFE}B\u{FFFF}C\u{1b}D\u{2028}E", 1);
    let v = dir.path().join("odd.ron");
    fs::write(&v, &text).unwrap();
    let spec = check_source(&text).spec.unwrap();
    for out in ["board.svg", "board.png", "kit.pdf"] {
        let out = dir.path().join(out);
        let command = if out.extension().unwrap() == "pdf" { "print" } else { "render" };
        let o = ladderkit(&[command, v.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{command} {}: {}", out.display(), stderr(&o));
    }
    let svg = fs::read_to_string(dir.path().join("board.svg")).unwrap();
    ladderkit::render::png(&svg, 10.0).expect("the SVG is well-formed XML");
    let loaded = files::load(&dir.path().join("board.png")).unwrap();
    assert_eq!(loaded.checked.spec.as_ref(), Some(&spec), "the picture carries the variant, name and all");
}

fn bundled() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut names: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    names.retain(|p| p.extension().is_some_and(|e| e == "ron"));
    names.sort();
    names.iter().map(|p| fs::read_to_string(p).unwrap()).collect()
}

/// Any character at all, the ones XML, terminals and RON find hard most.
fn any_text(max: usize) -> impl Strategy<Value = String> {
    let hard =
        prop::sample::select(vec!['\0', '\u{1b}', '\r', '\n', '"', '\\', '\u{FFFE}', '\u{FFFF}', '\u{2028}', '<', '&']);
    prop::collection::vec(prop_oneof![any::<char>(), hard], 0..max).prop_map(|c| c.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A bundled variant under any name and description, with some of its
    /// jumps: its canonical text, its link and its picture (which carries
    /// the variant) each read back as the same variant.
    #[test]
    fn whatever_ladderkit_writes_it_reads(
        which in any::<prop::sample::Index>(),
        name in any_text(60),
        description in any_text(200),
        keep in prop::collection::vec(any::<bool>(), 0..40),
    ) {
        let all = bundled();
        let mut spec = check_source(which.get::<String>(&all)).spec.unwrap();
        spec.meta.name = name;
        spec.meta.description = description;
        let mut kept = keep.iter().chain(std::iter::repeat(&true));
        spec.jumps.retain(|_| *kept.next().unwrap());

        let text = files::variant_text(Path::new("v.ron"), &spec).unwrap();
        prop_assert_eq!(check_source(&text).spec, Some(spec.clone()), "canonical text");
        let back = link::decode(&link::url(link::DEFAULT_BASE, &text)).unwrap();
        prop_assert_eq!(check_source(&back).spec, Some(spec.clone()), "link");

        let svg = board_svg(&spec, &BoardOptions::default());
        let png = files::picture_bytes(Path::new("b.png"), &svg, 6.0, Some(&text));
        let png = png.map_err(|e| TestCaseError::fail(format!("the picture was not written: {e}")))?;
        let loaded = files::load_bytes(Path::new("b.png"), png).unwrap();
        prop_assert_eq!(loaded.checked.spec.as_ref(), Some(&spec), "picture");
    }
}

//! Any spec that parses: the printable board as SVG, which must stay
//! well-formed XML-ish text (no NaN, no control characters), and the
//! print-and-play kit, which must be a PDF (its odds card unanalysed, so a
//! run stays quick).
#![no_main]

use ladderkit::render::{BoardOptions, KitOptions, Odds, Paper, Theme, board_svg, print_kit};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let checked = ladderkit::core::check_source(text);
    let Some(spec) = &checked.spec else { return };
    if ladderkit::core::layout::space_count(&spec.board) > 5_000 {
        return;
    }
    let svg = board_svg(spec, &BoardOptions::default());
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{}", &svg[..svg.len().min(80)]);
    let size = 100.0 + f32::from(data.len() as u16 % 2900);
    let options = KitOptions { paper: Paper::Letter, board_mm: size, theme: Theme::Ink, odds: Odds::None("fuzzing") };
    let kit = print_kit(spec, &options).expect("any spec that parses prints");
    assert!(kit.pdf.starts_with(b"%PDF-") && kit.pages == 3 + (kit.columns * kit.rows) as usize);
});

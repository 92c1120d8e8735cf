//! Any spec that parses: the printable board as SVG, which must stay
//! well-formed XML-ish text (no NaN, no control characters).
#![no_main]

use ladderkit::render::{BoardOptions, board_svg};
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
});

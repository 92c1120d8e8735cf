//! The print-and-play kit: pages, sizes, vector text, for every bundled
//! variant and several board sizes and papers.

use ladderkit_core::spec::VariantSpec;
use ladderkit_core::{check_source, compile};
use ladderkit_render::{
    Kit, KitOptions, OVERLAP_MM, Odds, PAGE_MARGIN_MM, Paper, Theme, print_kit, rule_sentences, rule_sheet_sentences,
};

const BUNDLED: [(&str, &str); 12] = [
    ("gameweave-small", include_str!("../../../variants/gameweave-small.ron")),
    ("gameweave-medium", include_str!("../../../variants/gameweave-medium.ron")),
    ("gameweave-large", include_str!("../../../variants/gameweave-large.ron")),
    ("milton-bradley", include_str!("../../../variants/milton-bradley.ron")),
    ("milton-bradley-stomp", include_str!("../../../variants/milton-bradley-stomp.ron")),
    ("treehouse", include_str!("../../../variants/treehouse.ron")),
    ("treehouse-team", include_str!("../../../variants/treehouse-team.ron")),
    ("treehouse-lose-sideways", include_str!("../../../variants/treehouse-lose-sideways.ron")),
    ("treehouse-lose-upright", include_str!("../../../variants/treehouse-lose-upright.ron")),
    ("carcassonne-scoreboard", include_str!("../../../variants/carcassonne-scoreboard.ron")),
    ("taiwan-chips", include_str!("../../../variants/taiwan-chips.ron")),
    ("anniversary-arrows", include_str!("../../../variants/anniversary-arrows.ron")),
];

fn kit(spec: &VariantSpec, paper: Paper, board_mm: f32) -> Kit {
    print_kit(spec, &KitOptions { paper, board_mm, theme: Theme::Classic, odds: Odds::None("not analysed here") })
        .unwrap()
}

/// Page objects in the PDF (the page tree's `/Type /Pages` aside), and
/// their media boxes.
fn pages_of(pdf: &[u8]) -> (usize, Vec<String>) {
    let text = String::from_utf8_lossy(pdf);
    let pages = text.matches("/Type /Page\n").count()
        + text.matches("/Type /Page\r").count()
        + text.matches("/Type /Page ").count()
        + text.matches("/Type /Page/").count();
    let boxes =
        text.match_indices("/MediaBox [").map(|(i, _)| text[i..].split(']').next().unwrap_or("").to_owned()).collect();
    (pages, boxes)
}

/// Every bundled variant gets its page map, board tiles, rules sheet and
/// pieces page: vector, with the font embedded, the rules sheet saying
/// every sentence of the printed board's summary and every space effect.
#[test]
fn every_bundled_variant_prints_a_kit() {
    for (name, source) in BUNDLED {
        let spec = check_source(source).spec.unwrap();
        let kit = kit(&spec, Paper::A4, 400.0);
        let tiles = (kit.columns * kit.rows) as usize;
        assert_eq!(kit.pages, 1 + tiles + 2, "{name}");
        let (pages, boxes) = pages_of(&kit.pdf);
        assert_eq!(pages, kit.pages, "{name}: page objects");
        assert_eq!(boxes.len(), kit.pages, "{name}: a media box per page");
        for b in &boxes {
            let numbers: Vec<f32> =
                b.trim_start_matches("/MediaBox [").split_whitespace().map(|n| n.parse().unwrap()).collect();
            let (w, h) = (numbers[2] / 72.0 * 25.4, numbers[3] / 72.0 * 25.4);
            let (w, h) = (w.min(h), w.max(h));
            assert!((w - 210.0).abs() < 0.1 && (h - 297.0).abs() < 0.1, "{name}: an A4 page, not {w} × {h} mm");
        }
        let text = String::from_utf8_lossy(&kit.pdf);
        assert!(text.contains("/FontFile2"), "{name}: the font is embedded");
        assert!(!text.contains("/Subtype /Image"), "{name}: nothing is rasterised");
        assert!(kit.pdf.starts_with(b"%PDF-") && text.trim_end().ends_with("%%EOF"), "{name}");
        let board = compile(&spec).board;
        for sentence in rule_sentences(&spec) {
            assert!(kit.rules.contains(&sentence), "{name}: the rules sheet lacks {sentence:?}");
        }
        for e in &spec.effects {
            let line = format!("Space {}: {}.", e.space, e.effect.describe());
            assert!(kit.rules.contains(&line), "{name}: {line:?}");
        }
        assert_eq!(kit.rules, rule_sheet_sentences(&spec, &board), "{name}");
    }
}

/// The tiles cover the board with the overlap, and one column or row fewer
/// would not: the fewest pages, portrait or landscape. A 10 × 10 board at
/// 40 cm on A4 takes 4 (2 × 2, portrait; landscape would take 6).
#[test]
fn tiles_cover_the_board_with_the_fewest_pages() {
    let spec = check_source(BUNDLED[3].1).spec.unwrap();
    let a4_40 = kit(&spec, Paper::A4, 400.0);
    assert_eq!((a4_40.columns, a4_40.rows, a4_40.landscape), (2, 2, false));
    for paper in [Paper::A4, Paper::Letter] {
        for size in [150.0, 400.0, 600.0, 1000.0, 2500.0] {
            let k = kit(&spec, paper, size);
            assert!((k.board_mm.0.max(k.board_mm.1) - size).abs() < 0.01, "the longer side is {size} mm");
            let (w, h) = paper.size_mm();
            let page = if k.landscape { (h, w) } else { (w, h) };
            let printable = (page.0 - 2.0 * PAGE_MARGIN_MM, page.1 - 2.0 * PAGE_MARGIN_MM);
            let covers =
                |n: u32, along: f32, length: f32| n as f32 * (along - OVERLAP_MM) + OVERLAP_MM >= length - 1e-3;
            assert!(
                covers(k.columns, printable.0, k.board_mm.0) && covers(k.rows, printable.1, k.board_mm.1),
                "{size} mm on {paper:?}"
            );
            assert!(
                k.columns == 1 || !covers(k.columns - 1, printable.0, k.board_mm.0),
                "{size} mm on {paper:?}: a column too many"
            );
            assert!(
                k.rows == 1 || !covers(k.rows - 1, printable.1, k.board_mm.1),
                "{size} mm on {paper:?}: a row too many"
            );
            // The other orientation never takes fewer pages.
            let turned = (page.1 - 2.0 * PAGE_MARGIN_MM, page.0 - 2.0 * PAGE_MARGIN_MM);
            let need = |along: f32, length: f32| (1..).find(|n| covers(*n, along, length)).unwrap();
            let other = need(turned.0, k.board_mm.0) * need(turned.1, k.board_mm.1);
            assert!(
                k.columns * k.rows <= other,
                "{size} mm on {paper:?}: {} pages where {other} would do",
                k.columns * k.rows
            );
            assert_eq!(pages_of(&k.pdf).0, k.pages);
        }
    }
}

#[test]
fn sizes_outside_the_range_are_refused() {
    let spec = check_source(BUNDLED[0].1).spec.unwrap();
    for size in [0.0, 50.0, 3500.0, f32::NAN] {
        let options = KitOptions { paper: Paper::A4, board_mm: size, theme: Theme::Ink, odds: Odds::None("-") };
        let refused = print_kit(&spec, &options).unwrap_err().to_string();
        assert!(refused.contains("give a size from 100 to 3000 mm"), "{size} mm: {refused}");
    }
}

/// Found by fuzzing: a name with dashes ("---" once slipped through as
/// "- --") made the board's SVG comment invalid XML, so neither a PNG nor a
/// kit could be made of it.
#[test]
fn names_with_dashes_and_control_characters_print() {
    let mut spec = check_source(BUNDLED[0].1).spec.unwrap();
    for name in ["a --- b -- c-", "---", "fK\u{0}\u{0}{e)]\n#---:-mmme"] {
        spec.meta.name = name.into();
        let svg = ladderkit_render::board_svg(&spec, &ladderkit_render::BoardOptions::default());
        assert!(ladderkit_render::png(&svg, 10.0).is_ok(), "{name:?}");
        assert!(kit(&spec, Paper::A4, 200.0).pdf.starts_with(b"%PDF-"), "{name:?}");
    }
}

/// Found by fuzzing: an 8,000-character name on every page's heading made
/// a big kit take seconds (the fuzzer's time limit); headings now cut the
/// name, the board prints it in full.
#[test]
fn a_long_name_prints_a_big_kit() {
    let mut spec = check_source(BUNDLED[0].1).spec.unwrap();
    spec.meta.name = "a long name ".repeat(700);
    let k = kit(&spec, Paper::Letter, 2900.0);
    assert!(k.pages > 100, "{} pages", k.pages);
    assert_eq!(pages_of(&k.pdf).0, k.pages);
}

fn track(spaces: u32) -> VariantSpec {
    let text = format!(
        "Variant(format: 1, meta: Meta(name: \"long\", description: \"\", author: \"\"), \
         board: Track(spaces: {spaces}, looped: false, first: 1), start: Tray, goal: Last, jumps: [], effects: [])"
    );
    check_source(&text).spec.unwrap()
}

/// Found by hostile testing: a kit of a 100,000-space board took a minute
/// and 3 GB to print spaces a millimetre wide. Refused before any drawing,
/// with the size that would hold a piece on each.
#[test]
fn a_board_whose_spaces_could_not_hold_a_piece_is_refused_with_the_size_it_needs() {
    let spec = track(10_000);
    let board = compile(&spec).board;
    let options = KitOptions { paper: Paper::A4, board_mm: 400.0, theme: Theme::Ink, odds: Odds::None("-") };
    let refused = print_kit(&spec, &options).unwrap_err().to_string();
    let (across, down) = {
        let xs = board.points.iter().map(|p| p.x);
        let ys = board.points.iter().map(|p| p.y);
        let span =
            |v: Vec<f32>| v.iter().copied().fold(f32::MIN, f32::max) - v.iter().copied().fold(f32::MAX, f32::min) + 1.0;
        (span(xs.collect()), span(ys.collect()))
    };
    let needed_cm = (ladderkit_render::SMALLEST_SPACE_MM * across.max(down) / 10.0).ceil();
    assert!(refused.contains("too small to hold a piece"), "{refused}");
    assert!(refused.contains(&format!("--board-size {needed_cm}cm")), "{refused}");
    assert!(ladderkit_render::fits(&board, needed_cm * 10.0).is_ok(), "the advised size is enough");
    assert!(ladderkit_render::fits(&board, needed_cm * 10.0 - 10.0).is_err(), "and a centimetre less is not");
    let far_apart = "Variant(format: 1, meta: Meta(name: \"far\", description: \"\", author: \"\"), \
                     board: Free(spaces: [(x: 0.5, y: 0.5), (x: 700.5, y: 0.5)]), start: Tray, goal: Last, \
                     jumps: [], effects: [])";
    let huge = compile(&check_source(far_apart).spec.unwrap()).board;
    let picture = ladderkit_render::fits(&huge, 3000.0).unwrap_err().to_string();
    assert!(picture.contains("draw it as a picture"), "{picture}");
}

#[test]
fn text_too_small_to_read_in_print_is_left_out_of_the_board() {
    use ladderkit_render::{BoardOptions, board_svg};
    let spec = check_source(BUNDLED[3].1).spec.unwrap();
    let sizes = |svg: &str| -> Vec<f32> {
        svg.match_indices("font-size=\"")
            .filter_map(|(i, m)| svg[i + m.len()..].split('"').next()?.parse().ok())
            .collect()
    };
    let all = sizes(&board_svg(&spec, &BoardOptions::default()));
    let floor = 4.0;
    let kept = sizes(&board_svg(&spec, &BoardOptions { smallest_text: floor, ..BoardOptions::default() }));
    assert!(all.iter().any(|s| *s < floor) && all.iter().any(|s| *s >= floor), "both kinds drawn: {all:?}");
    assert_eq!(kept, all.iter().copied().filter(|s| *s >= floor).collect::<Vec<_>>());
}

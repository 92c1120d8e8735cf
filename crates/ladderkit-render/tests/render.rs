//! Pictures at the boundary: bundled variants in, SVG snapshots and PNG
//! sizes and colours out.

use std::path::Path;

use ladderkit_analysis::{Options, analyze};
use ladderkit_core::Seats;
use ladderkit_core::spec::{Jump, PathStyle, VariantSpec};
use ladderkit_core::{check_source, compile};
use ladderkit_render::{
    BoardOptions, MAX_TEXTURE_PX, Paper, RenderError, SMALLEST_SPACE_PX, Theme, board_picture, board_svg, odds_svg, png,
};
use resvg::tiny_skia::Pixmap;

fn bundled(name: &str) -> VariantSpec {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants").join(name);
    check_source(&std::fs::read_to_string(path).unwrap()).spec.unwrap()
}

fn every_bundled() -> Vec<(String, VariantSpec)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut out: Vec<(String, VariantSpec)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                check_source(&std::fs::read_to_string(&p).unwrap()).spec.unwrap(),
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Distinct colours among every 7th pixel, and whether all are grey.
fn colours(png_bytes: &[u8]) -> (Pixmap, usize, bool) {
    let pixmap = Pixmap::decode_png(png_bytes).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut grey = true;
    for px in pixmap.pixels().iter().step_by(7) {
        let c = px.demultiply();
        seen.insert((c.red(), c.green(), c.blue()));
        grey &= c.red().abs_diff(c.green()) < 3 && c.green().abs_diff(c.blue()) < 3;
    }
    let n = seen.len();
    (pixmap, n, grey)
}

#[test]
fn the_small_board_svg_is_stable_and_readable() {
    let svg = board_svg(&bundled("gameweave-small.ron"), &BoardOptions::default());
    // Numbers are drawn last, so no snake or ladder hides one.
    let numbers = svg.find(r#"<g id="numbers""#).expect("a numbers group");
    assert!(svg.find(r#"<g id="snakes""#).is_some_and(|snakes| snakes < numbers));
    let group = &svg[numbers..numbers + svg[numbers..].find("</g>").unwrap()];
    assert_eq!(group.matches("<text").count(), 36, "every space numbered once");
    insta::assert_snapshot!("gameweave_small_board", svg);
}

#[test]
fn the_odds_chart_svg_is_stable() {
    let spec = bundled("milton-bradley.ron");
    let analysis = analyze(&compile(&spec), &Options { seats: Seats::new(4).unwrap(), ..Options::default() }).unwrap();
    let svg = odds_svg(&spec.meta.name, &analysis, None, Theme::Classic);
    insta::assert_snapshot!("milton_bradley_odds", svg);
}

#[test]
fn every_bundled_variant_renders_to_a_page_sized_png() {
    let all = every_bundled();
    assert!(all.len() >= 8);
    for (name, spec) in all {
        let svg = board_svg(&spec, &BoardOptions::default());
        // Every space numbered, every jump drawn.
        let board = compile(&spec).board;
        let last = board.number(board.goal).unwrap();
        assert!(svg.contains(&format!(">{last}</text>")), "{name}: no number {last}");
        let drawn = svg.matches("<g class=\"ladder\">").count() + svg.matches("<g class=\"snake\">").count();
        // The board's jumps (not move effects, drawn as badges): a
        // variant's own, and those dealt for game 0.
        let jumps = board.jumps.iter().filter(|j| matches!(j.origin, ladderkit_core::board::JumpOrigin::Jump(_)));
        assert_eq!(drawn, jumps.count(), "{name}: jumps drawn");
        let bytes = png(&svg, 100.0).unwrap();
        let (pixmap, n, _) = colours(&bytes);
        // A4 at 100 dpi: 827 × 1170 (portrait).
        assert_eq!((pixmap.width(), pixmap.height()), (827, 1170), "{name}");
        assert!(n > 20, "{name}: only {n} colours, the page looks blank");
    }
}

#[test]
fn the_ink_theme_prints_in_black_and_white_on_letter_paper() {
    let svg = board_svg(
        &bundled("treehouse-lose-upright.ron"),
        &BoardOptions {
            paper: Paper::Letter,
            theme: Theme::Ink,
            heat: None,
            without_rules: false,
            game: 0,
            smallest_text: 0.0,
        },
    );
    let (pixmap, n, grey) = colours(&png(&svg, 72.0).unwrap());
    assert_eq!((pixmap.width(), pixmap.height()), (612, 792));
    assert!(grey, "ink theme used a colour");
    assert!(n > 2, "only {n} shades");
    let (_, _, classic_grey) =
        colours(&png(&board_svg(&bundled("treehouse.ron"), &BoardOptions::default()), 72.0).unwrap());
    assert!(!classic_grey, "the classic theme has colour");
}

#[test]
fn the_heat_map_marks_the_hottest_space_darkest() {
    let spec = bundled("milton-bradley.ron");
    let analysis = analyze(&compile(&spec), &Options::default()).unwrap();
    let svg = board_svg(&spec, &BoardOptions { heat: Some(&analysis.heat), ..BoardOptions::default() });
    assert_eq!(svg.matches("fill=\"#be1414\"").count(), 1, "exactly one hottest space");
    assert!(svg.contains("Heat map"));
}

#[test]
fn a_long_track_prints_across_the_page_and_free_boards_render() {
    let mut spec = VariantSpec::new_grid("strip", 30, 2, PathStyle::Boustrophedon);
    spec.jumps.push(Jump::new(3, 40));
    let svg = board_svg(&spec, &BoardOptions::default());
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"297mm\" height=\"210mm\""),
        "{}",
        &svg[..120]
    );
    let empty = VariantSpec::new_grid("empty", 0, 0, PathStyle::Boustrophedon);
    assert!(board_svg(&empty, &BoardOptions::default()).contains("no spaces"));
}

#[test]
fn absurd_resolutions_are_refused_not_allocated() {
    let svg = board_svg(&bundled("gameweave-small.ron"), &BoardOptions::default());
    let err = png(&svg, 100_000.0).unwrap_err();
    assert!(err.to_string().contains("lower --dpi"), "{err}");
    assert!(png("<svg", 96.0).is_err());
}

#[test]
fn arrows_tags_and_chip_rules_are_printed() {
    let extras = |svg: &str| svg.split(r#"<g id="extras">"#).nth(1).map(|g| g.split("</g>").next().unwrap().to_owned());
    let arrows = board_svg(&bundled("anniversary-arrows.ron"), &BoardOptions::default());
    let group = extras(&arrows).expect("an extras group");
    // One line and one head per arrow, and its kind's letter.
    assert_eq!(group.matches("<line").count(), 15);
    assert_eq!(group.matches("<path").count(), 15);
    assert_eq!(group.matches(">T<").count(), 5);
    assert!(arrows.contains("arrow: deploy anywhere 1–50"));
    assert!(arrows.contains("does not act scores 2 points"));
    let chips = board_svg(&bundled("taiwan-chips.ron"), &BoardOptions::default());
    let group = extras(&chips).expect("an extras group");
    // Five `no chip` and three `keep clear` marks; a random layout prints no chips.
    assert_eq!((group.matches(">×<").count(), group.matches(">o<").count()), (5, 3));
    assert!(!group.contains("<circle"));
    assert!(chips.contains("deal chips (18×1, 12×2) face down"));
    assert!(chips.contains("most points win"));
    assert!(extras(&board_svg(&bundled("milton-bradley.ron"), &BoardOptions::default())).is_none());
}

#[test]
fn the_markdown_page_has_the_rules_jumps_and_odds() {
    let spec = bundled("milton-bradley.ron");
    let compiled = compile(&spec);
    let odds: Vec<_> = (2..=4)
        .map(|players| {
            (
                players,
                analyze(&compiled, &Options { seats: Seats::new(players).unwrap(), ..Options::default() }).unwrap(),
            )
        })
        .collect();
    let e = ladderkit_analysis::excitement(&compiled.board, &Options::default(), &|_| false).unwrap();
    let exact = ladderkit_render::Odds::Exact { counts: &odds, excitement: Some(&e.measures) };
    let page = ladderkit_render::describe_md(&spec, &compiled.board, exact, Some("mb.png"));
    assert!(page.contains("Two players: 5.0 lead changes a game; the winner was behind at half-way in 32% of games"));
    for sentence in ladderkit_render::rules_summary(&spec.rules) {
        assert!(page.contains(&sentence), "{sentence}");
    }
    assert_eq!(page.matches("| ladder |").count(), 9);
    assert_eq!(page.matches("| snake |").count(), 10);
    assert!(page.contains("| 39.23 | 39.23 | 7 |"), "{page}");
    insta::assert_snapshot!("milton_bradley_page", page);
    // Pieces that interact: the reason instead of numbers.
    let treehouse = bundled("treehouse.ron");
    let board = compile(&treehouse).board;
    let page =
        ladderkit_render::describe_md(&treehouse, &board, ladderkit_render::Odds::None("pieces move each other"), None);
    assert!(page.contains("No exact odds: pieces move each other") && !page.contains("seat 1 |"), "{page}");
}

/// A variant that deals its jumps per game is drawn, described and printed
/// with game 0's deal (the board its odds are of), and says so.
#[test]
fn a_dealt_variant_is_shown_with_game_0s_jumps() {
    let spec = bundled("random-board.ron");
    let dealt = ladderkit_core::deal::deal(&spec, 0).unwrap();
    let svg = board_svg(&spec, &BoardOptions::default());
    let drawn = svg.matches("<g class=\"ladder\">").count() + svg.matches("<g class=\"snake\">").count();
    assert_eq!(drawn, dealt.spec.jumps.len());
    assert!(svg.contains("dealt afresh for every game") && svg.contains("the board of game 0"));
    let page = ladderkit_render::describe_md(&spec, &dealt.compiled.board, ladderkit_render::Odds::None("-"), None);
    assert!(page.contains("game 0's deal"), "{page}");
    for j in &dealt.spec.jumps {
        assert!(page.contains(&format!("| {} | {} |", j.from, j.to)), "{j:?} missing from the page");
    }
    let sheet = ladderkit_render::rule_sheet_sentences(&spec, &dealt.compiled.board);
    let listed: usize = sheet
        .iter()
        .filter(|s| s.starts_with("Ladders:") || s.starts_with("Snakes:"))
        .map(|s| s.matches(" to ").count())
        .sum();
    assert_eq!(listed, dealt.spec.jumps.len(), "{sheet:?}");
}

#[test]
fn named_spaces_carry_their_names_on_the_printed_board() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/game-of-the-goose.ron")).unwrap();
    let spec = ladderkit_core::check_source(&text).spec.unwrap();
    let svg = ladderkit_render::board_svg(&spec, &ladderkit_render::BoardOptions::default());
    for name in ["the bridge", "the well", "the maze", "the skull"] {
        assert!(svg.contains(&format!(">{name}</text>")), "{name} is not printed");
    }
}

#[test]
fn a_badge_of_the_designers_replaces_the_effects_badges_and_says_what_it_means() {
    let text = r##"Variant(
        format: 1,
        meta: (name: "badges"),
        board: Grid(cols: 6, rows: 6, path: Boustrophedon),
        effects: [(space: 9, effect: Wait), (space: 20, effect: LoseTurns(1))],
        names: [SpaceName(space: 9, name: "the well"), (space: 30, name: "the inn")],
        badges: [
            SpaceBadge(space: 9, label: "☠", colour: "#ffd700"),
            (space: 30, label: "Inn", colour: "#1e5aa0"),
        ],
    )"##;
    let checked = ladderkit_core::check_source(text);
    assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
    let spec = checked.spec.unwrap();
    let svg = ladderkit_render::board_svg(&spec, &ladderkit_render::BoardOptions::default());
    // Space 9's own badge, gold with black text, in place of its "W".
    assert!(svg.contains(r##"fill="#ffd700""##) && svg.contains(">☠</text>"), "the badge is drawn");
    assert!(!svg.contains(">W</text>"), "the effect's badge gives way to it");
    assert!(svg.contains(">-1</text>"), "space 20 keeps its effect's badge");
    // The legend says what the designer's badges stand for.
    assert!(svg.contains(">wait to be freed</text>"), "space 9's badge: its effect");
    assert!(svg.contains(">the inn</text>") && svg.contains(r##"fill="#1e5aa0""##), "space 30's: its name");
    // Black on white stays black on white.
    let ink = ladderkit_render::BoardOptions { theme: ladderkit_render::Theme::Ink, ..Default::default() };
    assert!(!ladderkit_render::board_svg(&spec, &ink).contains("#ffd700"));
}

/// With a two-player race's excitement the chart grows by the heat map of
/// the chance to win when behind and a typical game's line.
#[test]
fn the_odds_chart_adds_the_excitement_of_a_two_player_race() {
    let spec = bundled("milton-bradley.ron");
    let compiled = compile(&spec);
    let analysis = analyze(&compiled, &Options { seats: Seats::TWO, ..Options::default() }).unwrap();
    let e = ladderkit_analysis::excitement(&compiled.board, &Options::default(), &|_| false).unwrap();
    let course = e.typical_course(&compiled.board, 1).unwrap();
    let swings = ladderkit_render::Swings { measures: &e.measures, course: &course };
    let svg = odds_svg(&spec.meta.name, &analysis, Some(swings), Theme::Classic);
    assert!(svg.contains(r#"height="255mm""#), "{}", &svg[..200]);
    let heat = &svg[svg.find(r#"<g id="trailing">"#).unwrap()..];
    let cells = heat[..heat.find("</g>").unwrap()].matches("<rect").count();
    let shown: usize = e
        .trailing
        .rows
        .iter()
        .filter(|r| r.round <= 4 * e.half_way_round)
        .map(|r| r.chance.iter().take(10).filter(|c| c.is_some()).count())
        .sum();
    assert_eq!(cells, shown, "a cell for every round and band with games");
    let line = svg.lines().find(|l| l.contains(r#"id="course""#)).unwrap();
    let d = &line[line.find(r#"d=""#).unwrap() + 3..];
    assert_eq!(d[..d.find('"').unwrap()].matches(['M', 'L']).count(), course.steps.len());
    // Without, the chart is as it was.
    assert!(!odds_svg(&spec.meta.name, &analysis, None, Theme::Classic).contains("trailing"));
}

/// The pixel of `pixmap` at `(u, v)`, fractions from its top left.
fn pixel(pixmap: &Pixmap, (u, v): (f32, f32)) -> [u8; 3] {
    let x = ((u * pixmap.width() as f32) as u32).min(pixmap.width() - 1);
    let y = ((v * pixmap.height() as f32) as u32).min(pixmap.height() - 1);
    let p = pixmap.pixel(x, y).unwrap().demultiply();
    [p.red(), p.green(), p.blue()]
}

/// The page the board is drawn on (`Theme::Classic`).
const PAGE: [u8; 3] = [255, 255, 255];

#[test]
fn every_space_centre_lies_on_its_drawn_space() {
    for (name, spec) in every_bundled() {
        let picture = board_picture(&spec, Theme::Classic).unwrap();
        let board = compile(&spec).board;
        let tray = usize::from(spec.start == ladderkit_core::spec::Start::Tray);
        assert_eq!(picture.spaces.len(), board.goal as usize + tray, "{name}: one centre per space");
        assert!(picture.size[0] <= MAX_TEXTURE_PX && picture.size[1] <= MAX_TEXTURE_PX, "{name}");
        let pixmap = Pixmap::decode_png(&picture.png).unwrap();
        assert_eq!([pixmap.width(), pixmap.height()], picture.size);
        for &(pos, (u, v)) in &picture.spaces {
            assert!((0.0..=1.0).contains(&u) && (0.0..=1.0).contains(&v), "{name}: space {pos} at {u}, {v}");
            assert_ne!(pixel(&pixmap, (u, v)), PAGE, "{name}: the centre of position {pos} is on the bare page");
        }
    }
}

/// The check above can fail: half a space to the side of each centre
/// of a grid board is the gap between two tiles, the bare page.
#[test]
fn half_a_space_aside_is_the_gap_between_tiles() {
    let picture = board_picture(&bundled("gameweave-small.ron"), Theme::Classic).unwrap();
    let pixmap = Pixmap::decode_png(&picture.png).unwrap();
    let half = 0.5 * picture.space_px / picture.size[0] as f32;
    let bare = picture.spaces.iter().filter(|(_, (u, v))| pixel(&pixmap, (u + half, *v)) == PAGE).count();
    assert!(bare * 2 > picture.spaces.len(), "{bare} of {} are on the page", picture.spaces.len());
}

#[test]
fn a_board_too_large_for_one_texture_is_refused_with_the_reason_and_a_large_one_downscaled() {
    let huge = VariantSpec::new_grid("Huge", 400, 400, PathStyle::Boustrophedon);
    let Err(RenderError::Table(why)) = board_picture(&huge, Theme::Classic) else { panic!("not refused") };
    assert!(why.contains("too small") && why.contains("4096"), "{why}");
    let large = VariantSpec::new_grid("Large", 60, 60, PathStyle::Boustrophedon);
    let picture = board_picture(&large, Theme::Classic).unwrap();
    assert!(picture.downscaled);
    assert!(picture.size.iter().any(|&s| s > 4000) && picture.size.iter().all(|&s| s <= MAX_TEXTURE_PX));
    // Smaller than the 96 px a space is drawn at when the texture allows.
    assert!(picture.space_px >= SMALLEST_SPACE_PX && picture.space_px < 96.0);
}

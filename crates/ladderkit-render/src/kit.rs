//! The print-and-play kit: one PDF with the board at the size asked for,
//! tiled over as many pages as it needs (with an overlap to glue, cut
//! marks and a page map), the rules sheet written from the variant, the
//! pieces and markers to cut out, and a small odds card.
//!
//! Every page is drawn as SVG (the board by `board_svg`, the rest here) and
//! turned into vector PDF by svg2pdf, text included as text in the embedded
//! font, so nothing is rasterised and no system font is read. The board is
//! embedded once and shown, clipped, on each of its tiles.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use ladderkit_core::spec::{Effect, JumpKind, Play, VariantSpec};
use ladderkit_core::{CompiledBoard, compile};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use svg2pdf::usvg;

use crate::svg::{Svg, n};
use crate::{BoardOptions, Odds, Paper, RenderError, Theme};

/// Points per millimetre (PDF measures in 1/72 inch).
const PT: f32 = 72.0 / 25.4;
/// The unprinted border of every page, in millimetres.
pub const PAGE_MARGIN_MM: f32 = 8.0;
const MARGIN: f32 = PAGE_MARGIN_MM;
/// How far neighbouring tiles repeat each other, to glue them.
pub const OVERLAP_MM: f32 = 10.0;
/// Boards from 10 cm to 3 m on a side.
pub const BOARD_MM: std::ops::RangeInclusive<f32> = 100.0..=3000.0;

/// What to put in the kit.
#[derive(Debug, Clone, Copy)]
pub struct KitOptions<'a> {
    pub paper: Paper,
    /// The board's longer side, in millimetres.
    pub board_mm: f32,
    pub theme: Theme,
    /// The odds card's figures (or why there are none).
    pub odds: Odds<'a>,
}

/// The PDF and what it holds.
#[derive(Debug, Clone)]
pub struct Kit {
    pub pdf: Vec<u8>,
    /// Pages in all; the board's tiles are pages 2 to `1 + columns × rows`.
    pub pages: usize,
    pub columns: u32,
    pub rows: u32,
    /// Whether the tiles are printed landscape.
    pub landscape: bool,
    /// The board as printed, width × height in millimetres.
    pub board_mm: (f32, f32),
    /// The rules sheet's sentences, in order.
    pub rules: Vec<String>,
}

/// Builds the kit.
pub fn print_kit(spec: &VariantSpec, options: &KitOptions) -> Result<Kit, RenderError> {
    if !BOARD_MM.contains(&options.board_mm) {
        return Err(RenderError::Svg(format!(
            "a board of {} mm: give a size from {} to {} mm",
            options.board_mm,
            BOARD_MM.start(),
            BOARD_MM.end()
        )));
    }
    let compiled = compile(spec);
    let board_page = crate::board_svg(
        spec,
        &BoardOptions { paper: options.paper, theme: options.theme, heat: None, without_rules: true },
    );
    let board_tree = parse(&board_page)?;
    // The drawing without the page's empty edges, scaled to the size asked
    // for: `sheet` is the whole board page at that scale, `at` where the
    // drawing starts on it.
    let crop = drawn_area(&board_tree);
    let scale = options.board_mm / crop.2.max(crop.3);
    let board = (crop.2 * scale, crop.3 * scale);
    let page_mm = px_to_mm(board_tree.size().width(), board_tree.size().height());
    let sheet = Sheet { size: (page_mm.0 * scale, page_mm.1 * scale), at: (crop.0 * scale, crop.1 * scale) };
    let tiling = Tiling::best(options.paper, board);
    let rules = rule_sheet_sentences(spec, &compiled.board);

    let mut doc = Document::new();
    let board_ref = doc.embed(&board_tree)?;
    let (pw, ph) = options.paper.size_mm();
    // Page 1: the page map.
    let map = page_map(spec, &tiling, board, (pw, ph));
    doc.page(
        (pw, ph),
        |content, names| {
            let (x, y, w, h) = map.board_area;
            content.save_state();
            content.rect(x * PT, (ph - y - h) * PT, w * PT, h * PT).clip_nonzero().end_path();
            sheet.draw(content, names, board_ref, w / board.0, (x, ph - y));
            content.restore_state();
        },
        Some(&map.overlay),
    )?;
    // The tiles, row by row.
    let (tw, th) = tiling.page;
    for row in 0..tiling.rows {
        for col in 0..tiling.columns {
            let overlay = tile_overlay(spec, &tiling, board, col, row);
            let (x, y) = tiling.origin(col, row);
            doc.page(
                (tw, th),
                |content, names| {
                    content.save_state();
                    let (cw, ch) = tiling.printable();
                    content.rect(MARGIN * PT, MARGIN * PT, cw * PT, ch * PT).clip_nonzero().end_path();
                    // The board's top left sits `(x, y)` to the left of and above
                    // the printable area's top left.
                    sheet.draw(content, names, board_ref, 1.0, (MARGIN - x, th - MARGIN + y));
                    content.restore_state();
                },
                Some(&overlay),
            )?;
        }
    }
    doc.page((pw, ph), |_, _| {}, Some(&rules_page(spec, &rules, options.odds, (pw, ph))))?;
    doc.page((pw, ph), |_, _| {}, Some(&pieces_page(spec, (pw, ph))))?;
    let pages = doc.pages.len();
    let pdf = doc.finish(&spec.meta.name);
    Ok(Kit {
        pdf,
        pages,
        columns: tiling.columns,
        rows: tiling.rows,
        landscape: tiling.landscape,
        board_mm: board,
        rules,
    })
}

/// The board's page at the kit's scale, and where its drawing starts.
#[derive(Debug, Clone, Copy)]
struct Sheet {
    size: (f32, f32),
    at: (f32, f32),
}

impl Sheet {
    /// Draws the board page `scale` times the kit's size so that the
    /// drawing's top left lands on `top_left` (mm, y up from the bottom).
    fn draw(&self, content: &mut Content, names: &mut Names, id: Ref, scale: f32, top_left: (f32, f32)) {
        let (w, h) = (self.size.0 * scale, self.size.1 * scale);
        let left = top_left.0 - self.at.0 * scale;
        let top = top_left.1 + self.at.1 * scale;
        names.draw(content, id, (left, top - h, w, h));
    }
}

/// usvg measures in CSS pixels (96 per inch).
fn px_to_mm(x: f32, y: f32) -> (f32, f32) {
    (x * 25.4 / 96.0, y * 25.4 / 96.0)
}

/// What the board page draws, without its empty edges (the page's own
/// background aside), with a few millimetres around: x, y from the top
/// left, width, height, in millimetres.
fn drawn_area(tree: &usvg::Tree) -> (f32, f32, f32, f32) {
    let (pw, ph) = (tree.size().width(), tree.size().height());
    let mut nodes: Vec<&usvg::Node> = tree.root().children().iter().collect();
    // A single group (a view box) holds the drawing.
    while let [usvg::Node::Group(g)] = nodes.as_slice() {
        nodes = g.children().iter().collect();
    }
    let (mut lo, mut hi) = ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN));
    for node in nodes {
        let b = node.abs_bounding_box();
        if b.width() >= pw * 0.999 && b.height() >= ph * 0.999 {
            continue;
        }
        lo = (lo.0.min(b.left()), lo.1.min(b.top()));
        hi = (hi.0.max(b.right()), hi.1.max(b.bottom()));
    }
    if lo.0 > hi.0 || lo.1 > hi.1 {
        let (w, h) = px_to_mm(pw, ph);
        return (0.0, 0.0, w, h);
    }
    let pad = 3.0 * 96.0 / 25.4;
    let (x0, y0) = ((lo.0 - pad).max(0.0), (lo.1 - pad).max(0.0));
    let (x1, y1) = ((hi.0 + pad).min(pw), (hi.1 + pad).min(ph));
    let (x, y) = px_to_mm(x0, y0);
    let (w, h) = px_to_mm(x1 - x0, y1 - y0);
    (x, y, w.max(1.0), h.max(1.0))
}

/// How the board is cut into pages.
#[derive(Debug, Clone, Copy)]
struct Tiling {
    /// A tile page, width × height in millimetres.
    page: (f32, f32),
    landscape: bool,
    columns: u32,
    rows: u32,
}

impl Tiling {
    /// The fewest pages, portrait or landscape (portrait on a tie).
    fn best(paper: Paper, board: (f32, f32)) -> Self {
        let (w, h) = paper.size_mm();
        let of = |page: (f32, f32), landscape| {
            let step =
                |printable: f32, length: f32| (((length - OVERLAP_MM) / (printable - OVERLAP_MM)).ceil() as u32).max(1);
            let columns = step(page.0 - 2.0 * MARGIN, board.0);
            let rows = step(page.1 - 2.0 * MARGIN, board.1);
            Self { page, landscape, columns, rows }
        };
        let (portrait, landscape) = (of((w, h), false), of((h, w), true));
        if landscape.columns * landscape.rows < portrait.columns * portrait.rows { landscape } else { portrait }
    }

    fn printable(&self) -> (f32, f32) {
        (self.page.0 - 2.0 * MARGIN, self.page.1 - 2.0 * MARGIN)
    }

    /// Where tile `(col, row)` starts on the board, from its top left.
    fn origin(&self, col: u32, row: u32) -> (f32, f32) {
        let (cw, ch) = self.printable();
        (col as f32 * (cw - OVERLAP_MM), row as f32 * (ch - OVERLAP_MM))
    }

    /// "A1": the column's letter (A, B, … Z, AA, …) and the row's number.
    fn label(col: u32, row: u32) -> String {
        let mut letters = String::new();
        let mut c = col + 1;
        while c > 0 {
            letters.insert(0, (b'A' + ((c - 1) % 26) as u8) as char);
            c = (c - 1) / 26;
        }
        format!("{letters}{}", row + 1)
    }
}

/// Page 1: what the kit holds, how to put the board together, and the
/// board in small with its tiles marked.
struct PageMap {
    overlay: String,
    /// Where the small board is drawn: x, y from the top, width, height (mm).
    board_area: (f32, f32, f32, f32),
}

fn page_map(spec: &VariantSpec, t: &Tiling, board: (f32, f32), (pw, ph): (f32, f32)) -> PageMap {
    let mut svg = Svg::new(pw, ph);
    let ink = r##"fill="#000000""##;
    let mut y = MARGIN + 10.0;
    svg.text(pw / 2.0, y, 8.0, "middle", ink, &headline(&spec.meta.name, 60));
    y += 8.0;
    svg.text(pw / 2.0, y, 4.0, "middle", ink, "Print-and-play kit, made with Ladderkit");
    y += 9.0;
    let tiles = t.columns * t.rows;
    let lines = [
        format!(
            "The board is {} × {} cm, on {tiles} page{} ({} × {}, printed {}).",
            n(board.0 / 10.0),
            n(board.1 / 10.0),
            if tiles == 1 { "" } else { "s" },
            t.columns,
            t.rows,
            if t.landscape { "landscape" } else { "portrait" }
        ),
        "Print at 100% (\"actual size\"), not \"fit to page\".".to_owned(),
        format!(
            "Neighbouring pages repeat {} mm of the board. Cut each page along its dashed cut line,",
            n(OVERLAP_MM)
        ),
        "lay it over its left and upper neighbours so the drawing matches, and glue it down.".to_owned(),
        "Then: the rules sheet, and a page of pieces and markers to cut out.".to_owned(),
    ];
    for line in &lines {
        svg.text(MARGIN + 4.0, y, 3.8, "start", ink, line);
        y += 5.5;
    }
    y += 4.0;
    // The small board, with the tiles over it.
    let room = (pw - 2.0 * MARGIN - 8.0, ph - y - MARGIN - 4.0);
    let s = (room.0 / board.0).min(room.1 / board.1);
    let (bw, bh) = (board.0 * s, board.1 * s);
    let (bx, by) = (MARGIN + 4.0 + (room.0 - bw) / 2.0, y);
    let (cw, ch) = t.printable();
    for row in 0..t.rows {
        for col in 0..t.columns {
            let (x, top) = t.origin(col, row);
            let (w, h) = (cw.min(board.0 - x), ch.min(board.1 - top));
            svg.rect(
                bx + x * s,
                by + top * s,
                w * s,
                h * s,
                0.0,
                r##"fill="none" stroke="#c0392b" stroke-width="0.4" stroke-dasharray="2 1""##,
            );
            let label = Tiling::label(col, row);
            let size = (ch * s * 0.2).clamp(3.0, 9.0);
            svg.text(
                bx + (x + w / 2.0) * s,
                by + (top + h / 2.0) * s + size / 3.0,
                size,
                "middle",
                r##"fill="#c0392b""##,
                &label,
            );
        }
    }
    PageMap { overlay: svg.finish(), board_area: (bx, by, bw, bh) }
}

/// A tile's marks: its label and neighbours, cut lines on the edges that go
/// over a neighbour, the overlap its neighbours cover, corner marks.
fn tile_overlay(spec: &VariantSpec, t: &Tiling, board: (f32, f32), col: u32, row: u32) -> String {
    let (tw, th) = t.page;
    let (cw, ch) = t.printable();
    let mut svg = Svg::new(tw, th);
    let ink = r##"fill="#000000""##;
    let label = Tiling::label(col, row);
    svg.text(
        MARGIN,
        MARGIN - 2.5,
        3.2,
        "start",
        ink,
        &format!(
            "{label} · row {} of {}, column {} of {} · {}",
            row + 1,
            t.rows,
            col + 1,
            t.columns,
            headline(&spec.meta.name, 60)
        ),
    );
    let mut glue = Vec::new();
    if col + 1 < t.columns {
        glue.push(format!("{} goes over the right edge", Tiling::label(col + 1, row)));
    }
    if row + 1 < t.rows {
        glue.push(format!("{} goes over the bottom edge", Tiling::label(col, row + 1)));
    }
    if !glue.is_empty() {
        svg.text(tw - MARGIN, th - MARGIN + 5.0, 3.0, "end", ink, &glue.join("; "));
    }
    let cut = r##"stroke="#000000" stroke-width="0.3" stroke-dasharray="3 1.5""##;
    let band = r##"fill="#7f8c8d" fill-opacity="0.12" stroke="none""##;
    let (x0, y0, x1, y1) = (MARGIN, MARGIN, MARGIN + cw, MARGIN + ch);
    // Where this tile's drawing ends (the last tiles stop with the board).
    let (x, y) = t.origin(col, row);
    let right = x0 + cw.min(board.0 - x);
    let bottom = y0 + ch.min(board.1 - y);
    if col > 0 {
        svg.line((x0, y0 - 4.0), (x0, y1 + 4.0), cut);
        svg.text(x0 + 1.0, y1 + 5.0, 2.6, "start", ink, "cut here, lay over the page to the left");
    }
    if row > 0 {
        svg.line((x0 - 4.0, y0), (x1 + 4.0, y0), cut);
    }
    if col + 1 < t.columns {
        svg.rect(x1 - OVERLAP_MM, y0, OVERLAP_MM, bottom - y0, 0.0, band);
    }
    if row + 1 < t.rows {
        svg.rect(x0, y1 - OVERLAP_MM, right - x0, OVERLAP_MM, 0.0, band);
    }
    // Corner marks just outside the printable area.
    let mark = r##"stroke="#000000" stroke-width="0.2""##;
    for (cx, cy) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
        let dx = if cx == x0 { -1.0 } else { 1.0 };
        let dy = if cy == y0 { -1.0 } else { 1.0 };
        svg.line((cx + dx, cy), (cx + dx * 5.0, cy), mark);
        svg.line((cx, cy + dy), (cx, cy + dy * 5.0), mark);
    }
    svg.finish()
}

/// The rules sheet's sentences: the printed board's summary in full, the
/// size of the board, every space effect, snake and ladder.
pub fn rule_sheet_sentences(spec: &VariantSpec, board: &CompiledBoard) -> Vec<String> {
    let mut out = crate::summary::rule_sentences(spec);
    out.push(format!("The board has {} spaces; the goal is space {}.", board.len, board.label(board.goal)));
    if let Play::Treehouse(t) = &spec.rules.play
        && t.pieces.len() > 1
    {
        let sizes: Vec<String> = t.pieces.iter().map(u32::to_string).collect();
        out.push(format!("Each player has {} pyramids, of sizes {}.", t.pieces.len(), sizes.join(", ")));
    }
    let mut effects: Vec<(u32, &Effect)> = spec.effects.iter().map(|e| (e.space, &e.effect)).collect();
    effects.sort_by_key(|(space, _)| *space);
    for (space, effect) in effects {
        out.push(format!("Space {space}: {}.", effect.describe()));
    }
    for kind in [JumpKind::Ladder, JumpKind::Snake] {
        let list: Vec<String> = spec
            .jumps
            .iter()
            .filter(|j| j.kind.unwrap_or(j.direction()) == kind)
            .map(|j| format!("{} to {}", j.from, j.to))
            .collect();
        if !list.is_empty() {
            let name = if kind == JumpKind::Ladder { "Ladders" } else { "Snakes" };
            out.push(format!("{name}: {}.", list.join(", ")));
        }
    }
    for arrow in &spec.arrows {
        out.push(format!("Arrow on space {} ({:?}): {}.", arrow.space, arrow.points, arrow.kind.describe()));
    }
    out
}

/// The rules sheet: the sentences, wrapped, and the odds card.
fn rules_page(spec: &VariantSpec, rules: &[String], odds: Odds<'_>, (pw, ph): (f32, f32)) -> String {
    let mut svg = Svg::new(pw, ph);
    let ink = r##"fill="#000000""##;
    let mut y = MARGIN + 10.0;
    svg.text(MARGIN + 4.0, y, 7.0, "start", ink, &format!("{}: the rules", headline(&spec.meta.name, 50)));
    y += 6.0;
    if !spec.meta.description.is_empty() {
        for line in wrap(&spec.meta.description, pw - 2.0 * MARGIN - 8.0, 3.4) {
            y += 4.8;
            svg.text(MARGIN + 4.0, y, 3.4, "start", r##"fill="#444444""##, &line);
        }
        y += 2.0;
    }
    for sentence in rules {
        let lines = wrap(sentence, pw - 2.0 * MARGIN - 12.0, 3.6);
        for (k, line) in lines.iter().enumerate() {
            y += 5.0;
            if k == 0 {
                svg.text(MARGIN + 4.0, y, 3.6, "start", ink, "•");
            }
            svg.text(MARGIN + 8.0, y, 3.6, "start", ink, line);
        }
        y += 1.2;
    }
    // The odds card: a box to cut out.
    let card = odds_lines(odds);
    let (cw, chh) = (pw - 2.0 * MARGIN - 8.0, 8.0 + 5.0 * card.len() as f32);
    let top = (y + 8.0).max(ph - MARGIN - chh - 4.0).min(ph - MARGIN - chh);
    svg.rect(
        MARGIN + 4.0,
        top,
        cw,
        chh,
        2.0,
        r##"fill="none" stroke="#000000" stroke-width="0.3" stroke-dasharray="3 1.5""##,
    );
    for (k, line) in card.iter().enumerate() {
        let size = if k == 0 { 4.0 } else { 3.4 };
        svg.text(MARGIN + 8.0, top + 7.0 + 5.0 * k as f32, size, "start", ink, line);
    }
    svg.finish()
}

/// The odds card's lines: how long a game takes and the seat odds.
fn odds_lines(odds: Odds<'_>) -> Vec<String> {
    let mut out = vec!["For the curious: the odds".to_owned()];
    match odds {
        Odds::None(why) => out.push(format!("No exact odds: {why}.")),
        Odds::Exact([]) => out.push("No player count to analyse.".into()),
        Odds::Exact(list) => {
            let a = &list[0].1;
            out.push(format!(
                "One piece needs {:.1} rolls on average ({:.1} turns); the fewest is {}, half of games take {} or fewer.",
                a.expected_rolls, a.expected_turns, a.min_rolls, a.median_rolls
            ));
            for (players, a) in list.iter().filter(|(p, _)| *p > 1).take(4) {
                let seats: Vec<String> = a.seats.win.iter().map(|w| format!("{:.1}%", w * 100.0)).collect();
                out.push(format!(
                    "{players} players: seat 1 (who opens) to seat {players} win {}; {:.1} rounds on average.",
                    seats.join(" / "),
                    a.seats.expected_rounds
                ));
            }
        }
    }
    out
}

/// Pieces to cut out: one per seat (per pyramid size in a team game), in
/// the seat colours, and the chips and arrow markers the variant has.
fn pieces_page(spec: &VariantSpec, (pw, ph): (f32, f32)) -> String {
    let mut svg = Svg::new(pw, ph);
    let ink = r##"fill="#000000""##;
    let cut = r##"stroke="#000000" stroke-width="0.25" stroke-dasharray="2 1""##;
    let mut y = MARGIN + 10.0;
    svg.text(MARGIN + 4.0, y, 7.0, "start", ink, "Pieces and markers");
    y += 6.0;
    svg.text(
        MARGIN + 4.0,
        y,
        3.4,
        "start",
        ink,
        "Cut along the dashed lines; fold each piece's tab back to stand it up.",
    );
    y += 10.0;
    let seats = spec.rules.players.max.clamp(1, crate::theme::SEAT_COLOURS.len() as u32);
    let sizes: Vec<u32> = match &spec.rules.play {
        Play::Treehouse(t) => t.pieces.clone(),
        _ => vec![1],
    };
    let size = 16.0;
    for seat in 0..seats {
        let [r, g, b] = crate::theme::SEAT_COLOURS[seat as usize];
        let colour = format!("#{r:02x}{g:02x}{b:02x}");
        let mut x = MARGIN + 6.0;
        svg.text(x, y + size * 0.6, 3.6, "start", ink, &format!("Seat {}", seat + 1));
        x += 20.0;
        for pyramid in &sizes {
            let w = size * (0.6 + 0.2 * *pyramid as f32).min(1.4);
            svg.rect(x, y, w, size, 1.0, &format!(r##"fill="{colour}" stroke="#000000" stroke-width="0.3""##));
            svg.text(x + w / 2.0, y + size * 0.62, 5.0, "middle", r##"fill="#ffffff""##, &(seat + 1).to_string());
            svg.rect(x, y + size, w, 6.0, 0.0, &format!(r#"fill="none" {cut}"#));
            if sizes.len() > 1 {
                svg.text(x + w / 2.0, y + size + 4.2, 2.6, "middle", ink, &format!("size {pyramid}"));
            }
            x += w + 6.0;
        }
        y += size + 10.0;
        if y > ph - MARGIN - 40.0 {
            break;
        }
    }
    if let Some(chips) = &spec.chips {
        y += 4.0;
        svg.text(MARGIN + 4.0, y, 4.2, "start", ink, "Chips (place face down)");
        y += 4.0;
        let r = 5.0;
        let (mut x, per_row) = (MARGIN + 4.0 + r, ((pw - 2.0 * MARGIN) / (2.0 * r + 2.0)).floor() as usize);
        let bag = chips.values.iter().flat_map(|c| std::iter::repeat_n(c.value, c.count as usize));
        for (k, value) in bag.take(200).enumerate() {
            if k > 0 && k % per_row.max(1) == 0 {
                x = MARGIN + 4.0 + r;
                y += 2.0 * r + 2.0;
            }
            svg.circle(x, y + r, r, &format!(r##"fill="#f4d03f" {cut}"##));
            svg.text(x, y + r + 1.4, 4.0, "middle", ink, &value.to_string());
            x += 2.0 * r + 2.0;
        }
        y += 2.0 * r + 6.0;
    }
    if !spec.arrows.is_empty() {
        y += 4.0;
        svg.text(MARGIN + 4.0, y, 4.2, "start", ink, "Arrow markers");
        y += 4.0;
        let mut x = MARGIN + 4.0;
        for arrow in spec.arrows.iter().take(60) {
            if x > pw - MARGIN - 30.0 {
                x = MARGIN + 4.0;
                y += 12.0;
            }
            svg.rect(x, y, 28.0, 10.0, 1.0, &format!(r#"fill="none" {cut}"#));
            svg.text(x + 14.0, y + 4.5, 2.8, "middle", ink, &format!("space {}", arrow.space));
            svg.text(x + 14.0, y + 8.2, 2.4, "middle", ink, &arrow.kind.describe());
            x += 31.0;
        }
    }
    svg.finish()
}

/// A name on one line of at most `most` characters (a page heading; the
/// board itself prints the name in full), cut with "…".
fn headline(name: &str, most: usize) -> String {
    let line: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= most {
        return line;
    }
    line.chars().take(most - 1).collect::<String>() + "…"
}

/// Splits `text` into lines that fit `width` mm at `size` mm type (the
/// font's letters average about half their size in width).
fn wrap(text: &str, width: f32, size: f32) -> Vec<String> {
    let per_line = ((width / (size * 0.5)) as usize).max(10);
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > per_line {
            lines.push(word.to_owned());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// The font, for svg2pdf's own SVG reader (it embeds the glyphs used).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
            db.set_sans_serif_family("Ubuntu");
            Arc::new(db)
        })
        .clone()
}

fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
    usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(e.to_string()))
}

/// A PDF being written: pages, each its own content stream, and the SVGs
/// embedded as form XObjects.
struct Document {
    pdf: Pdf,
    alloc: Ref,
    catalog: Ref,
    tree: Ref,
    pages: Vec<Ref>,
}

/// The XObjects a page draws, by name.
struct Names {
    used: Vec<(String, Ref)>,
}

impl Names {
    /// Draws XObject `id` into the box `(x, y, w, h)` (mm, y up from the
    /// page's bottom).
    fn draw(&mut self, content: &mut Content, id: Ref, (x, y, w, h): (f32, f32, f32, f32)) {
        let name = format!("S{}", self.used.len());
        content.save_state();
        content.transform([w * PT, 0.0, 0.0, h * PT, x * PT, y * PT]);
        content.x_object(Name(name.as_bytes()));
        content.restore_state();
        self.used.push((name, id));
    }
}

impl Document {
    fn new() -> Self {
        let mut alloc = Ref::new(1);
        let catalog = alloc.bump();
        let tree = alloc.bump();
        Self { pdf: Pdf::new(), alloc, catalog, tree, pages: Vec::new() }
    }

    /// Converts an SVG into an XObject of this document; its reference.
    fn embed(&mut self, tree: &usvg::Tree) -> Result<Ref, RenderError> {
        let (chunk, id) = svg2pdf::to_chunk(tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| RenderError::Svg(e.to_string()))?;
        let mut map = HashMap::new();
        let alloc = &mut self.alloc;
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        self.pdf.extend(&chunk);
        Ok(map[&id])
    }

    /// A page `size` mm: `draw` paints first, then `overlay` (an SVG of the
    /// page's size) over it.
    fn page(
        &mut self,
        (w, h): (f32, f32),
        draw: impl FnOnce(&mut Content, &mut Names),
        overlay: Option<&str>,
    ) -> Result<(), RenderError> {
        let mut content = Content::new();
        let mut names = Names { used: Vec::new() };
        draw(&mut content, &mut names);
        if let Some(svg) = overlay {
            let id = self.embed(&parse(svg)?)?;
            names.draw(&mut content, id, (0.0, 0.0, w, h));
        }
        let (page, stream) = (self.alloc.bump(), self.alloc.bump());
        self.pdf.stream(stream, &content.finish());
        let mut p = self.pdf.page(page);
        p.media_box(Rect::new(0.0, 0.0, w * PT, h * PT));
        p.parent(self.tree);
        p.contents(stream);
        let mut resources = p.resources();
        let mut objects = resources.x_objects();
        for (name, id) in &names.used {
            objects.pair(Name(name.as_bytes()), *id);
        }
        objects.finish();
        resources.finish();
        p.finish();
        self.pages.push(page);
        Ok(())
    }

    fn finish(mut self, title: &str) -> Vec<u8> {
        self.pdf.catalog(self.catalog).pages(self.tree);
        let count = self.pages.len() as i32;
        self.pdf.pages(self.tree).kids(self.pages.iter().copied()).count(count);
        let info = self.alloc.bump();
        self.pdf.document_info(info).title(TextStr(title)).creator(TextStr("Ladderkit"));
        self.pdf.finish()
    }
}

//! The kit's own pages as SVG: the page map, each tile's marks, the rules
//! sheet with its odds card, and the pieces.

use ladderkit_core::CompiledBoard;
use ladderkit_core::spec::{Effect, JumpKind, Play, VariantSpec};

use super::tiling::Tiling;
use super::{MARGIN, OVERLAP_MM};
use crate::Odds;
use crate::svg::{Svg, n};

/// Page 1: what the kit holds, how to put the board together, and the
/// board in small with its tiles marked.
pub(super) struct PageMap {
    pub(super) overlay: String,
    /// Where the small board is drawn: x, y from the top, width, height (mm).
    pub(super) board_area: (f32, f32, f32, f32),
}

pub(super) fn page_map(spec: &VariantSpec, t: &Tiling, board: (f32, f32), (pw, ph): (f32, f32)) -> PageMap {
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
pub(super) fn tile_overlay(spec: &VariantSpec, t: &Tiling, board: (f32, f32), col: u32, row: u32) -> String {
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
    // The printed board's jumps: with `random_jumps`, game 0's deal.
    let dealt = ladderkit_core::deal::dealt_jumps(spec, 0);
    let jumps = dealt.as_ref().unwrap_or(&spec.jumps);
    for kind in [JumpKind::Ladder, JumpKind::Snake] {
        let list: Vec<String> =
            jumps.iter().filter(|j| j.drawn_as() == kind).map(|j| format!("{} to {}", j.from, j.to)).collect();
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
pub(super) fn rules_page(spec: &VariantSpec, rules: &[String], odds: Odds<'_>, (pw, ph): (f32, f32)) -> String {
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
        Odds::Exact { counts: [], .. } => out.push("No player count to analyse.".into()),
        Odds::Exact { counts: list, excitement } => {
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
            out.extend(excitement.map(crate::summary::excitement_headline));
        }
    }
    out
}

/// Pieces to cut out: one per seat (per pyramid size in a team game), in
/// the seat colours, and the chips and arrow markers the variant has.
pub(super) fn pieces_page(spec: &VariantSpec, (pw, ph): (f32, f32)) -> String {
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

#[cfg(test)]
mod tests {
    use ladderkit_analysis::{Options, analyze, excitement};
    use ladderkit_core::{check_source, compile};

    use super::*;

    #[test]
    fn the_odds_card_quotes_the_excitement_where_it_is_exact() {
        let spec = check_source(include_str!("../../../../variants/milton-bradley.ron")).spec.unwrap();
        let compiled = compile(&spec);
        let counts = [(2, analyze(&compiled, &Options::default()).unwrap())];
        let e = excitement(&compiled.board, &Options::default(), &|_| false).unwrap();
        let with = odds_lines(Odds::Exact { counts: &counts, excitement: Some(&e.measures) });
        let without = odds_lines(Odds::Exact { counts: &counts, excitement: None });
        assert_eq!(with.len(), without.len() + 1);
        assert_eq!(with.last().unwrap(), &crate::summary::excitement_headline(&e));
        assert!(with.last().unwrap().contains("5.0 lead changes"), "{with:?}");
    }
}

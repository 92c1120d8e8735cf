//! Arrows, chip tags and hand-placed chips on the printed board, and their
//! legend entries. A random chip layout is dealt at setup, so only the rule
//! is printed.

use crate::svg::{Svg, n};
use crate::theme::Palette;
use ladderkit_core::CompiledBoard;
use ladderkit_core::spec::{ArrowKind, ChipLayout, Point, Tag, VariantSpec};

/// The mark of a `Safe` space (a glyph the embedded font has).
const SAFE_MARK: &str = "S";

/// The letter an arrow of this kind is printed with on the board.
pub fn letter(kind: ArrowKind) -> &'static str {
    match kind {
        ArrowKind::DoubleUp => "D",
        ArrowKind::Deploy { .. } => "P",
        ArrowKind::ExtraTurn => "T",
    }
}

/// Draws the extras; `at` maps board units to the page, `s` is one space.
pub(crate) fn draw(
    svg: &mut Svg,
    spec: &VariantSpec,
    board: &CompiledBoard,
    at: impl Fn(Point) -> (f32, f32),
    s: f32,
    c: &Palette,
) {
    if spec.tags.is_empty() && spec.chips.is_none() && board.extras.arrows.is_empty() {
        return;
    }
    let page = |pos: u32| at(board.points[pos as usize]);
    svg.open("g", r#"id="extras""#);
    for t in &spec.tags {
        for (x, y) in t.spaces.iter().filter_map(|n| board.position(*n)).map(page) {
            let mark = match t.tag {
                Tag::NoChip => "×",
                Tag::KeepClear => "o",
                // Not "☆": the embedded Ubuntu font has no such glyph.
                Tag::Safe => SAFE_MARK,
            };
            svg.text(x - s * 0.3, y + s * 0.38, s * 0.22, "middle", &format!(r#"fill="{}""#, c.ink), mark);
        }
    }
    if let Some(ChipLayout::Placed(spaces)) = spec.chips.as_ref().map(|c| &c.layout) {
        for (x, y) in spaces.iter().filter_map(|n| board.position(*n)).map(page) {
            svg.circle(x + s * 0.3, y - s * 0.3, s * 0.1, &format!(r#"fill="{}""#, c.ink));
        }
    }
    for a in &board.extras.arrows {
        let ((x0, y0), (x1, y1)) = (page(a.at), page(a.target));
        let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt().max(1e-3);
        let (dx, dy) = ((x1 - x0) / len, (y1 - y0) / len);
        let tip = (x0 + dx * s * 0.46, y0 + dy * s * 0.46);
        let tail = (x0 + dx * s * 0.12, y0 + dy * s * 0.12);
        let stroke = format!(r#"stroke="{}" stroke-width="{}""#, c.ink, n(s * 0.05));
        svg.line(tail, tip, &stroke);
        let (bx, by) = (tip.0 - dx * s * 0.12, tip.1 - dy * s * 0.12);
        let (px, py) = (-dy * s * 0.08, dx * s * 0.08);
        let head = format!("M{} {}L{} {}L{} {}Z", n(tip.0), n(tip.1), n(bx + px), n(by + py), n(bx - px), n(by - py));
        svg.path(&head, &format!(r#"fill="{}""#, c.ink));
        let label = (x0 + dx * s * 0.3 - dy * s * 0.16, y0 + dy * s * 0.3 + dx * s * 0.16 + s * 0.06);
        svg.text(label.0, label.1, s * 0.18, "middle", &format!(r#"fill="{}""#, c.ink), letter(a.kind));
    }
    svg.close("g");
}

/// Legend entries (badge text, words) for what `draw` puts on the board.
pub(crate) fn legend(spec: &VariantSpec) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for a in &spec.arrows {
        let entry = (letter(a.kind).to_owned(), format!("arrow: {}", a.kind.describe()));
        if !out.contains(&entry) {
            out.push(entry);
        }
    }
    if spec.tags.iter().any(|t| t.tag == Tag::NoChip) {
        out.push(("×".into(), "no chip here".into()));
    }
    if spec.tags.iter().any(|t| t.tag == Tag::KeepClear) {
        out.push(("o".into(), "no chip here or beside".into()));
    }
    if spec.tags.iter().any(|t| t.tag == Tag::Safe) {
        out.push((SAFE_MARK.into(), "safe: nobody is bumped here".into()));
    }
    if let Some(chips) = &spec.chips {
        let values: Vec<String> = chips.values.iter().map(|v| format!("{}×{}", v.count, v.value)).collect();
        let words = match chips.layout {
            ChipLayout::Placed(_) => format!("face-down chip ({} points)", values.join(", ")),
            ChipLayout::Random { .. } => format!("deal chips ({}) face down, none side by side", values.join(", ")),
        };
        out.push(("•".into(), words));
    }
    out
}

/// The rules of chips and arrows in brief, for the footer.
pub(crate) fn sentences(spec: &VariantSpec) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(chips) = &spec.chips {
        let mut s = "Stop on a chip: take it and score it.".to_owned();
        if let Some(up) = chips.upgrade {
            s += &format!(" Chips worth exactly {} upgrade your piece once: {}.", up.cost, up.power.describe());
        }
        out.push(s);
    }
    if !spec.arrows.is_empty() {
        out.push("Arrows act when you stop on one pointing at a piece, or where an occupied arrow points.".into());
        out.push(format!(
            "One arrow a turn; an arrow you stop on that does not act scores {} points.",
            ladderkit_core::extras::ARROW_POINTS
        ));
    }
    out
}

//! Chips, tags and arrows on the board view. Edit mode shows the design
//! (hand-placed chips, tags); a play-test shows the chips still face down.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use ladderkit::core::CompiledBoard;
use ladderkit::core::spec::{ArrowKind, ChipLayout, Tag, VariantSpec};

use super::paint;

pub const CHIP: Color32 = Color32::from_rgb(150, 90, 200);

pub fn arrow_color(kind: ArrowKind) -> Color32 {
    match kind {
        ArrowKind::DoubleUp => Color32::from_rgb(230, 140, 30),
        ArrowKind::Deploy { .. } => Color32::from_rgb(30, 150, 150),
        ArrowKind::ExtraTurn => Color32::from_rgb(40, 110, 210),
    }
}

/// Draws the design's arrows and tags, and chips: `face_down` gives the
/// chips of a game in play (per position, 0 for none); otherwise the
/// hand-placed layout is drawn.
#[allow(clippy::too_many_arguments)] // reason: the board's placement, the game's chips and the theme all decide what shows
pub fn draw(
    p: &egui::Painter,
    spec: &VariantSpec,
    board: &CompiledBoard,
    to_screen: impl Fn(ladderkit::core::spec::Point) -> Pos2,
    unit: f32,
    clip: Rect,
    face_down: Option<&[u8]>,
    colours: &paint::Colours,
) {
    let at = |pos: u32| to_screen(board.points[pos as usize]);
    for t in &spec.tags {
        for pos in t.spaces.iter().filter_map(|n| board.position(*n)) {
            let c = at(pos) + Vec2::new(-unit * 0.3, -unit * 0.3);
            if clip.contains(c) {
                let text = match t.tag {
                    Tag::NoChip => "x",
                    Tag::KeepClear => "o",
                    Tag::Safe => "s",
                };
                paint::badge(p, c, unit * 0.7, Color32::from_gray(110), text, colours);
            }
        }
    }
    let chips: Vec<u32> = match (face_down, &spec.chips) {
        (Some(on), _) => (0..on.len() as u32).filter(|p| on[*p as usize] > 0).collect(),
        (None, Some(c)) => match &c.layout {
            ChipLayout::Placed(spaces) => spaces.iter().filter_map(|n| board.position(*n)).collect(),
            ChipLayout::Random { .. } => Vec::new(),
        },
        (None, None) => Vec::new(),
    };
    for pos in chips {
        let c = at(pos) + Vec2::new(unit * 0.28, -unit * 0.28);
        if clip.contains(c) {
            p.circle_filled(c, unit * 0.13, CHIP);
            p.circle_stroke(c, unit * 0.13, Stroke::new(1.0, Color32::WHITE));
        }
    }
    for a in &board.extras.arrows {
        let (from, to) = (at(a.at), at(a.target));
        if !clip.contains(from) {
            continue;
        }
        let dir = (to - from).normalized();
        let tip = from + dir * unit * 0.45;
        let tail = from + dir * unit * 0.05;
        let color = arrow_color(a.kind);
        p.line_segment([tail, tip], Stroke::new(unit * 0.07, color));
        let side = Vec2::new(-dir.y, dir.x) * unit * 0.1;
        p.add(egui::Shape::convex_polygon(
            vec![tip + dir * unit * 0.08, tip - dir * unit * 0.08 + side, tip - dir * unit * 0.08 - side],
            color,
            Stroke::NONE,
        ));
    }
}

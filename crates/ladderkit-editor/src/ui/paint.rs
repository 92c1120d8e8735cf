//! Drawing snakes, ladders, tiles and badges with egui's painter, in
//! screen coordinates.

use bevy_egui::egui::{self, Color32, Pos2, Stroke, Vec2};
use ladderkit::core::spec::JumpKind;
use ladderkit::render::Theme;

/// Dice are the same in every theme.
const DICE_INK: Color32 = Color32::from_rgb(60, 52, 40);
pub const BACKGROUND: Color32 = Color32::from_rgb(38, 46, 40);
pub const ERROR: Color32 = Color32::from_rgb(214, 60, 50);
pub const WARNING: Color32 = Color32::from_rgb(226, 150, 30);
pub const SELECT: Color32 = Color32::from_rgb(50, 120, 230);
/// Jumps the tuner proposes to add or move.
pub const PROPOSED: Color32 = Color32::from_rgb(40, 220, 255);

/// The board's colours on screen: a theme of the printed board's
/// (`ladderkit render --theme`), from the same palette.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Colours {
    pub tile_a: Color32,
    pub tile_b: Color32,
    pub tray: Color32,
    pub goal: Color32,
    pub ink: Color32,
    pub ladder: Color32,
    pub snake: Color32,
    pub snake_edge: Color32,
    /// Tiles are outlined (black on white: shapes, not colours, tell
    /// things apart).
    pub edge: Option<Color32>,
    /// One fill and text colour for every effect badge (else each effect
    /// has its own colour).
    pub badge: Option<(Color32, Color32)>,
}

impl Colours {
    pub fn of(theme: Theme) -> Self {
        let c = theme.palette();
        let ink_only = theme == Theme::Ink;
        Self {
            tile_a: hex(c.tile_a),
            tile_b: hex(c.tile_b),
            tray: hex(c.tray),
            goal: hex(c.goal),
            ink: hex(c.ink),
            ladder: hex(c.ladder),
            snake: hex(c.snake),
            snake_edge: hex(c.snake_edge),
            edge: ink_only.then(|| hex(c.tile_edge)),
            badge: ink_only.then(|| (hex(c.badge), hex(c.badge_text))),
        }
    }
}

/// `#rrggbb` (the render palette's form).
pub fn hex(s: &str) -> Color32 {
    let byte = |i: usize| s.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0);
    Color32::from_rgb(byte(1), byte(3), byte(5))
}

/// A jump drawn as `kind` from `a` to `b` in its theme's colour, `alpha`
/// of it (1 for the design's jumps; less for removed or dealt ones).
pub fn jump(p: &egui::Painter, a: Pos2, b: Pos2, unit: f32, kind: JumpKind, alpha: f32, c: &Colours) {
    match kind {
        JumpKind::Ladder => ladder(p, a, b, unit, c.ladder.gamma_multiply(alpha)),
        JumpKind::Snake => snake(p, a, b, unit, c.snake.gamma_multiply(alpha), c),
    }
}

/// A ladder from `a` to `b`: two rails and rungs, `unit` pixels a square.
pub fn ladder(p: &egui::Painter, a: Pos2, b: Pos2, unit: f32, color: Color32) {
    let d = b - a;
    let len = d.length().max(1.0);
    let n = Vec2::new(-d.y, d.x) / len * unit * 0.13;
    let rail = Stroke::new((unit * 0.05).max(1.5), color);
    p.line_segment([a + n, b + n], rail);
    p.line_segment([a - n, b - n], rail);
    // Rungs only where they can be seen: a 100 × 100 board has thousands.
    let rungs = if unit < 12.0 { 0 } else { (len / (unit * 0.28)).floor().max(1.0) as usize };
    for k in 1..=rungs {
        let t = k as f32 / (rungs + 1) as f32;
        let c = a + d * t;
        p.line_segment([c + n, c - n], Stroke::new((unit * 0.04).max(1.0), color));
    }
}

/// A snake with its head at `head` and its tail at `tail`: a wavy body that
/// narrows to the tail, and a head with eyes.
pub fn snake(p: &egui::Painter, head: Pos2, tail: Pos2, unit: f32, color: Color32, c: &Colours) {
    let d = tail - head;
    let len = d.length().max(1.0);
    let n = Vec2::new(-d.y, d.x) / len;
    let waves = (len / (unit * 1.6)).clamp(1.0, 6.0);
    let amp = unit * 0.25;
    // About one segment per 6 pixels: small snakes on big boards stay cheap.
    let steps = ((len / 6.0) as usize).clamp(4, 40);
    // A white snake (black on white) always needs its outline.
    let outline = unit >= 16.0 || c.edge.is_some();
    let point = |t: f32| head + d * t + n * amp * (t * waves * std::f32::consts::TAU).sin() * (1.0 - t * 0.5);
    for k in 0..steps {
        let (t0, t1) = (k as f32 / steps as f32, (k + 1) as f32 / steps as f32);
        let width = unit * (0.22 - 0.17 * t0);
        if outline {
            p.line_segment([point(t0), point(t1)], Stroke::new(width + 2.0, c.snake_edge));
        }
        p.line_segment([point(t0), point(t1)], Stroke::new(width, color));
    }
    let r = unit * 0.17;
    if r < 3.0 {
        return;
    }
    p.circle_filled(head, r, color);
    p.circle_stroke(head, r, Stroke::new(1.5, c.snake_edge));
    let forward = (point(0.0) - point(0.05)).normalized();
    let side = Vec2::new(-forward.y, forward.x);
    for s in [-1.0, 1.0] {
        let eye = head + forward * r * 0.35 + side * r * 0.45 * s;
        p.circle_filled(eye, r * 0.22, Color32::WHITE);
        p.circle_filled(eye + forward * r * 0.06, r * 0.11, Color32::BLACK);
    }
}

/// A round badge with short text, for effects: `fill` with white text,
/// or the theme's one badge colour where it has one.
pub fn badge(p: &egui::Painter, at: Pos2, unit: f32, fill: Color32, text: &str, c: &Colours) {
    let r = unit * 0.17;
    // Black or white text, whichever reads on the fill (as printed).
    let light = 0.299 * f32::from(fill.r()) + 0.587 * f32::from(fill.g()) + 0.114 * f32::from(fill.b()) > 150.0;
    let ink = if light { Color32::BLACK } else { Color32::WHITE };
    let (fill, ink) = c.badge.unwrap_or((fill, ink));
    p.circle_filled(at, r, fill);
    if let Some(edge) = c.edge {
        p.circle_stroke(at, r, Stroke::new(1.0, edge));
    }
    let size = r * if text.chars().count() > 2 { 0.8 } else { 1.1 };
    p.text(at, egui::Align2::CENTER_CENTER, text, egui::FontId::proportional(size), ink);
}

/// Seat colours for play-test pieces: the printed kit's (one list, in
/// `ladderkit_render::SEAT_COLOURS`).
pub const SEATS: [Color32; 8] = {
    let c = ladderkit::render::SEAT_COLOURS;
    let mut out = [Color32::BLACK; 8];
    let mut i = 0;
    while i < out.len() {
        out[i] = Color32::from_rgb(c[i][0], c[i][1], c[i][2]);
        i += 1;
    }
    out
};

pub fn seat_color(owner: u8) -> Color32 {
    SEATS[owner as usize % SEATS.len()]
}

/// A playing piece: a pawn disc with a rim, raised by its stack level so
/// stacks (and pieces sharing a square) stay visible; a lying piece is an
/// ellipse on its side.
pub fn piece(p: &egui::Painter, c: Pos2, unit: f32, owner: u8, level: u16, lying: bool, moving: bool) {
    let r = (unit * 0.2).max(3.0);
    let c = c + Vec2::new(unit * 0.1 * f32::from(level), -unit * 0.14 * f32::from(level));
    let fill = seat_color(owner);
    let rim = Stroke::new((unit * 0.04).max(1.0), if moving { Color32::WHITE } else { Color32::from_black_alpha(200) });
    if lying {
        let rect = egui::Rect::from_center_size(c, Vec2::new(r * 2.6, r * 1.2));
        p.rect_filled(rect, r * 0.6, fill);
        p.rect_stroke(rect, r * 0.6, rim, egui::StrokeKind::Outside);
    } else {
        p.circle_filled(c + Vec2::new(r * 0.12, r * 0.18), r, Color32::from_black_alpha(90));
        p.circle_filled(c, r, fill);
        p.circle_stroke(c, r, rim);
        p.circle_filled(c - Vec2::splat(r * 0.3), r * 0.28, Color32::from_white_alpha(110));
    }
}

/// The heat overlay: squares tinted by how often pieces rest there.
pub fn heat(
    p: &egui::Painter,
    heat: &[f64],
    points: &[ladderkit::core::spec::Point],
    to_screen: impl Fn(ladderkit::core::spec::Point) -> Pos2,
    unit: f32,
    clip: egui::Rect,
    square: bool,
) {
    let max = heat.iter().copied().fold(0.0, f64::max);
    if max <= 0.0 {
        return;
    }
    for (&h, &pt) in heat.iter().zip(points).skip(1) {
        let c = to_screen(pt);
        if h <= 0.0 || !clip.expand(unit).contains(c) {
            continue;
        }
        let a = (h / max).sqrt() as f32;
        let color = Color32::from_rgba_unmultiplied(230, 40, 20, (a * 170.0) as u8);
        // The shape of the space it tints: squares on a grid, else discs.
        if square {
            p.rect_filled(egui::Rect::from_center_size(c, Vec2::splat(unit * 0.94)), unit * 0.06, color);
        } else {
            p.circle_filled(c, unit * 0.47 * 0.9, color);
        }
    }
}

/// Dice faces with pips, right-aligned at `top_right`; grey while rolling.
pub fn dice(p: &egui::Painter, top_right: Pos2, faces: &[u8], rolling: bool) {
    let size = 44.0;
    for (k, &face) in faces.iter().rev().enumerate() {
        let min = top_right + Vec2::new(-(size + 10.0) * (k as f32 + 1.0), 0.0);
        let rect = egui::Rect::from_min_size(min, Vec2::splat(size));
        p.rect_filled(rect, 8.0, if rolling { Color32::from_gray(200) } else { Color32::WHITE });
        p.rect_stroke(rect, 8.0, Stroke::new(2.0, DICE_INK), egui::StrokeKind::Inside);
        let c = rect.center();
        let d = size * 0.26;
        let pips: &[(f32, f32)] = match face {
            1 => &[(0.0, 0.0)],
            2 => &[(-1.0, -1.0), (1.0, 1.0)],
            3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
            4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
            5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
            6 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
            _ => &[],
        };
        if pips.is_empty() {
            p.text(c, egui::Align2::CENTER_CENTER, face.to_string(), egui::FontId::proportional(24.0), DICE_INK);
        }
        for (x, y) in pips {
            p.circle_filled(c + Vec2::new(x * d, y * d), size * 0.08, DICE_INK);
        }
    }
}

/// A message over the board: extra turn, lost turn, the winner.
pub fn banner(p: &egui::Painter, at: Pos2, text: &str) {
    let font = egui::FontId::proportional(22.0);
    let galley = p.layout_no_wrap(text.to_owned(), font, Color32::WHITE);
    let rect = egui::Rect::from_center_size(at, galley.size() + Vec2::new(28.0, 14.0));
    p.rect_filled(rect, 10.0, Color32::from_black_alpha(190));
    p.galley(rect.center() - galley.size() / 2.0, galley, Color32::WHITE);
}

//! Drawing snakes, ladders, tiles and badges with egui's painter, in
//! screen coordinates.

use bevy_egui::egui::{self, Color32, Pos2, Stroke, Vec2};

pub const BACKGROUND: Color32 = Color32::from_rgb(38, 46, 40);
pub const TILE_A: Color32 = Color32::from_rgb(246, 238, 214);
pub const TILE_B: Color32 = Color32::from_rgb(228, 214, 180);
pub const TRAY: Color32 = Color32::from_rgb(190, 190, 196);
pub const GOAL: Color32 = Color32::from_rgb(240, 196, 60);
pub const INK: Color32 = Color32::from_rgb(60, 52, 40);
pub const LADDER: Color32 = Color32::from_rgb(150, 96, 40);
pub const SNAKE: Color32 = Color32::from_rgb(58, 150, 70);
pub const SNAKE_DARK: Color32 = Color32::from_rgb(24, 84, 34);
pub const ERROR: Color32 = Color32::from_rgb(214, 60, 50);
pub const WARNING: Color32 = Color32::from_rgb(226, 150, 30);
pub const SELECT: Color32 = Color32::from_rgb(50, 120, 230);

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
pub fn snake(p: &egui::Painter, head: Pos2, tail: Pos2, unit: f32, color: Color32) {
    let d = tail - head;
    let len = d.length().max(1.0);
    let n = Vec2::new(-d.y, d.x) / len;
    let waves = (len / (unit * 1.6)).clamp(1.0, 6.0);
    let amp = unit * 0.25;
    // About one segment per 6 pixels: small snakes on big boards stay cheap.
    let steps = ((len / 6.0) as usize).clamp(4, 40);
    let outline = unit >= 16.0;
    let point = |t: f32| head + d * t + n * amp * (t * waves * std::f32::consts::TAU).sin() * (1.0 - t * 0.5);
    for k in 0..steps {
        let (t0, t1) = (k as f32 / steps as f32, (k + 1) as f32 / steps as f32);
        let width = unit * (0.22 - 0.17 * t0);
        if outline {
            p.line_segment([point(t0), point(t1)], Stroke::new(width + 2.0, SNAKE_DARK));
        }
        p.line_segment([point(t0), point(t1)], Stroke::new(width, color));
    }
    let r = unit * 0.17;
    if r < 3.0 {
        return;
    }
    p.circle_filled(head, r, color);
    p.circle_stroke(head, r, Stroke::new(1.5, SNAKE_DARK));
    let forward = (point(0.0) - point(0.05)).normalized();
    let side = Vec2::new(-forward.y, forward.x);
    for s in [-1.0, 1.0] {
        let eye = head + forward * r * 0.35 + side * r * 0.45 * s;
        p.circle_filled(eye, r * 0.22, Color32::WHITE);
        p.circle_filled(eye + forward * r * 0.06, r * 0.11, Color32::BLACK);
    }
}

/// A round badge with short text, for effects.
pub fn badge(p: &egui::Painter, at: Pos2, unit: f32, fill: Color32, text: &str) {
    let r = unit * 0.17;
    p.circle_filled(at, r, fill);
    p.text(at, egui::Align2::CENTER_CENTER, text, egui::FontId::proportional(r * 1.1), Color32::WHITE);
}

/// egui's bundled fonts have no arrows: spell them for the screen.
pub fn plain(text: &str) -> String {
    text.replace('→', "->")
}

//! The excitement of a two-player race as two charts under the odds: the
//! chance to win when behind as a heat map (end of round across, squares
//! behind down), and a typical game's swings (seat 1's chance to win after
//! every turn).

use ladderkit_analysis::{Course, Measures};

use super::nice_step;
use crate::Theme;
use crate::svg::{Svg, polyline};

/// The height the two charts add, in millimetres.
pub(super) const HEIGHT: f32 = 125.0;

/// What the charts are drawn from.
#[derive(Debug, Clone, Copy)]
pub struct Swings<'a> {
    pub measures: &'a Measures,
    pub course: &'a Course,
}

/// The colour of a trailing seat's chance to win: white at even odds (and
/// above), red at none.
pub fn trailing_colour(chance: f64) -> [u8; 3] {
    let t = (1.0 - (chance * 2.0).min(1.0)).clamp(0.0, 1.0);
    [255, (255.0 * (1.0 - 0.6 * t)) as u8, (255.0 * (1.0 - 0.7 * t)) as u8]
}

/// Draws both charts, `top` millimetres down a page `width` wide.
pub(super) fn draw(svg: &mut Svg, swings: Swings<'_>, top: f32, width: f32, theme: Theme) {
    let c = theme.palette();
    let ink = format!(r#"fill="{}""#, c.ink);
    let axis = format!(r#"stroke="{}" stroke-width="0.3""#, c.ink);
    let (x0, cw) = (16.0, width - 32.0);
    heat_map(svg, swings.measures, (x0, top + 10.0, cw, 42.0), &ink, &axis);
    course(svg, swings.course, (x0, top + 74.0, cw, 38.0), &ink, &axis, c.goal_line());
}

/// The trailing table: a column per round up to twice a median game, a row
/// per band of squares behind.
fn heat_map(svg: &mut Svg, e: &Measures, (x0, y0, cw, ch): (f32, f32, f32, f32), ink: &str, axis: &str) {
    let t = &e.trailing;
    let last_round = 4 * e.half_way_round;
    let rows: Vec<_> = t.rows.iter().filter(|r| r.round <= last_round).collect();
    let bands = rows.iter().map(|r| r.chance.iter().rposition(Option::is_some).map_or(0, |i| i + 1)).max().unwrap_or(0);
    title(
        svg,
        (x0, y0),
        ink,
        "Chance to win when behind: by the end of round (across) and squares behind (down); white is even odds",
    );
    if rows.is_empty() || bands == 0 {
        return;
    }
    let (w, h) = (cw / rows.len() as f32, ch / bands as f32);
    svg.open("g", r#"id="trailing""#);
    for (i, row) in rows.iter().enumerate() {
        for (b, chance) in row.chance.iter().take(bands).enumerate() {
            let Some(chance) = chance else { continue };
            let [r, g, bl] = trailing_colour(*chance);
            let (x, y) = (x0 + i as f32 * w, y0 + b as f32 * h);
            svg.rect(x, y, w, h, 0.0, &format!(r##"fill="#{r:02x}{g:02x}{bl:02x}""##));
            if w >= 7.0 && h >= 3.5 {
                svg.text(x + w / 2.0, y + h / 2.0 + 0.9, 2.4, "middle", ink, &format!("{:.0}", chance * 100.0));
            }
        }
    }
    svg.close("g");
    svg.rect(x0, y0, cw, ch, 0.0, &format!(r#"fill="none" {axis}"#));
    for b in 0..bands as u32 {
        let label = format!("{}-{}", b * t.squares + 1, (b + 1) * t.squares);
        svg.text(x0 - 1.0, y0 + (b as f32 + 0.5) * h + 0.9, 2.4, "end", ink, &label);
    }
    let step = nice_step(rows.len() as f64 / 8.0) as usize;
    for (i, row) in rows.iter().enumerate().filter(|(_, r)| (r.round as usize).is_multiple_of(step) || r.round == 1) {
        svg.text(x0 + (i as f32 + 0.5) * w, y0 + ch + 3.6, 2.6, "middle", ink, &row.round.to_string());
    }
    svg.text(x0 + cw / 2.0, y0 + ch + 8.0, 3.0, "middle", ink, "end of round");
}

/// A chart's title, above its top left corner `at`.
fn title(svg: &mut Svg, at: (f32, f32), ink: &str, text: &str) {
    svg.text(at.0, at.1 - 3.0, 3.4, "start", ink, text);
}

/// Seat 1's chance to win after every turn of `course`, on a 0–100% scale.
fn course(svg: &mut Svg, course: &Course, (x0, y0, cw, ch): (f32, f32, f32, f32), ink: &str, axis: &str, line: &str) {
    let turns = course.steps.len().saturating_sub(1).max(1);
    title(
        svg,
        (x0, y0),
        ink,
        &format!(
            "A typical game (seed {}): seat 1's chance to win after each turn; seat {} won in {} rounds, {} lead change{}",
            course.seed,
            course.winner + 1,
            course.rounds,
            course.lead_changes,
            if course.lead_changes == 1 { "" } else { "s" }
        ),
    );
    let sx = |turn: usize| x0 + turn as f32 / turns as f32 * cw;
    let sy = |chance: f64| y0 + ch - chance as f32 * ch;
    svg.rect(x0, y0, cw, ch, 0.0, &format!(r#"fill="none" {axis}"#));
    svg.line((x0, sy(0.5)), (x0 + cw, sy(0.5)), &format!(r#"{axis} stroke-dasharray="1 1""#));
    for pct in [0, 50, 100] {
        svg.text(x0 - 1.0, sy(f64::from(pct) / 100.0) + 0.9, 2.6, "end", ink, &format!("{pct}%"));
    }
    let points: Vec<(f32, f32)> = course.steps.iter().enumerate().map(|(t, s)| (sx(t), sy(s.a_wins))).collect();
    svg.path(&polyline(&points), &format!(r#"id="course" fill="none" stroke="{line}" stroke-width="0.6""#));
    let step = nice_step(turns as f64 / 8.0) as usize;
    for t in (0..=turns).step_by(step.max(1)) {
        svg.line((sx(t), y0 + ch), (sx(t), y0 + ch + 1.2), axis);
        svg.text(sx(t), y0 + ch + 4.2, 2.6, "middle", ink, &t.to_string());
    }
    svg.text(x0 + cw / 2.0, y0 + ch + 8.5, 3.0, "middle", ink, "turns (seat 1 moves first)");
}

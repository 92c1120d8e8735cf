//! The odds as a chart: how long one piece's game lasts (bars: the chance
//! to finish on each roll; line: the chance to have finished by then), the
//! mean and median marked, and each seat's chance to win; for a
//! two-player race also its excitement (`swings`).

mod swings;

use ladderkit_analysis::Analysis;

pub use swings::{Swings, trailing_colour};

use crate::Theme;
use crate::svg::{Svg, polyline};

const W: f32 = 180.0;
const H: f32 = 130.0;

/// A 180 × 130 mm chart of an analysis, 125 mm taller with the charts of
/// its excitement.
pub fn odds_svg(title: &str, analysis: &Analysis, swings: Option<Swings<'_>>, theme: Theme) -> String {
    let c = theme.palette();
    let ink = format!(r#"fill="{}""#, c.ink);
    let height = H + swings.map_or(0.0, |_| swings::HEIGHT);
    let mut svg = Svg::new(W, height);
    svg.rect(0.0, 0.0, W, height, 0.0, &format!(r#"fill="{}""#, c.page));
    if let Some(swings) = swings {
        swings::draw(&mut svg, swings, H, W, theme);
    }
    svg.text(W / 2.0, 9.0, 5.0, "middle", &ink, title);
    let within = &analysis.finish_within;
    let p99 = analysis.percentiles.iter().find(|(k, _)| *k == 99).map_or(within.len(), |(_, v)| *v as usize);
    let end = (p99 + 1).min(within.len()).max(2);
    // Chart area.
    let (x0, y0, cw, ch) = (16.0, 16.0, W - 32.0, 62.0);
    let width = end.div_ceil(90).max(1);
    let mut bars = Vec::new();
    let mut k = 1;
    while k < end {
        let hi = (k + width).min(end);
        bars.push((k, hi, within[hi - 1] - within[k - 1]));
        k = hi;
    }
    let tallest = bars.iter().map(|b| b.2).fold(0.0, f64::max).max(1e-12);
    let sx = |rolls: f64| x0 + (rolls / end as f64) as f32 * cw;
    let sy = |share: f64| y0 + ch - (share / tallest) as f32 * ch;
    let bar_fill = if theme == Theme::Ink { "#bbbbbb" } else { "#5aa0dc" };
    svg.open("g", &format!(r#"id="bars" fill="{bar_fill}""#));
    for (a, b, p) in &bars {
        let (left, right) = (sx(*a as f64 - 0.5), sx(*b as f64 - 0.5));
        svg.rect(left, sy(*p), (right - left) * 0.9, y0 + ch - sy(*p), 0.0, "");
    }
    svg.close("g");
    // The cumulative curve on its own 0–100% scale.
    let curve: Vec<(f32, f32)> = (0..end).map(|r| (sx(r as f64), y0 + ch - within[r] as f32 * ch)).collect();
    svg.path(
        &polyline(&curve),
        &format!(r#"id="cumulative" fill="none" stroke="{}" stroke-width="0.6""#, c.goal_line()),
    );
    // Axes and ticks.
    let axis = format!(r#"stroke="{}" stroke-width="0.3""#, c.ink);
    svg.line((x0, y0 + ch), (x0 + cw, y0 + ch), &axis);
    svg.line((x0, y0), (x0, y0 + ch), &axis);
    svg.line((x0 + cw, y0), (x0 + cw, y0 + ch), &axis);
    let step = nice_step(end as f64 / 6.0);
    let mut t = 0.0;
    while t <= end as f64 {
        svg.line((sx(t), y0 + ch), (sx(t), y0 + ch + 1.2), &axis);
        svg.text(sx(t), y0 + ch + 4.2, 2.8, "middle", &ink, &format!("{t}"));
        t += step;
    }
    svg.text(x0 + cw / 2.0, y0 + ch + 9.0, 3.0, "middle", &ink, "rolls of one piece");
    for pct in [0, 50, 100] {
        let y = y0 + ch - pct as f32 / 100.0 * ch;
        svg.text(x0 + cw + 1.5, y + 1.0, 2.6, "start", &ink, &format!("{pct}%"));
    }
    svg.text(x0 - 1.5, y0 + 1.0, 2.6, "end", &ink, &format!("{:.1}%", tallest * 100.0));
    svg.text(x0 - 1.5, y0 + ch, 2.6, "end", &ink, "0");
    // Mean and median.
    for (value, label, dash) in
        [(analysis.expected_rolls, "mean", "1.5 1"), (f64::from(analysis.median_rolls), "median", "0.6 0.8")]
    {
        let x = sx(value);
        svg.line((x, y0), (x, y0 + ch), &format!(r#"stroke="{}" stroke-width="0.4" stroke-dasharray="{dash}""#, c.ink));
        // Mean right of its line, median left: they are often close.
        let (dx, anchor) = if label == "mean" { (0.8, "start") } else { (-0.8, "end") };
        svg.text(x + dx, y0 + 3.0, 2.8, anchor, &ink, &format!("{label} {value:.1}"));
    }
    // Seats.
    let seats = &analysis.seats;
    let top = y0 + ch + 16.0;
    svg.text(x0, top, 3.4, "start", &ink, &format!("Chance to win, {} players", seats.seats.get()));
    let row = ((H - top - 6.0) / seats.win.len().max(1) as f32).min(6.0);
    for (i, p) in seats.win.iter().enumerate() {
        let y = top + 3.0 + i as f32 * row;
        svg.text(x0, y + row * 0.6, 3.0, "start", &ink, &format!("Seat {}", i + 1));
        let len = (*p as f32) * (cw - 40.0);
        svg.rect(x0 + 16.0, y + row * 0.1, len, row * 0.7, 0.5, &format!(r#"fill="{bar_fill}""#));
        svg.text(x0 + 18.0 + len, y + row * 0.6, 3.0, "start", &ink, &format!("{:.1}%", p * 100.0));
    }
    svg.finish()
}

/// 1, 2 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    let p = 10f64.powf(raw.max(1.0).log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * p).find(|s| *s >= raw).unwrap_or(10.0 * p)
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(7.0), 10.0);
        assert_eq!(nice_step(13.0), 20.0);
        assert_eq!(nice_step(0.3), 1.0);
        assert_eq!(nice_step(450.0), 500.0);
    }
}

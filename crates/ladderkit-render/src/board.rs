//! A printable board: the page, the title, the spaces numbered along the
//! path, ladders (rails and rungs), snakes (a wavy body, head and tail),
//! effect badges with a legend, start and goal, and the rules in brief.

use ladderkit_core::spec::{JumpKind, Point, Start, VariantSpec};
use ladderkit_core::{CompiledBoard, compile};

use crate::BoardOptions;
use crate::svg::{Svg, n, polyline};
use crate::theme::Palette;

const MARGIN: f32 = 12.0;

/// Maps board units (y up) to page millimetres (y down).
#[derive(Clone, Copy)]
struct Frame {
    scale: f32,
    lo: Point,
    hi_y: f32,
    origin: (f32, f32),
}

impl Frame {
    fn at(self, p: Point) -> (f32, f32) {
        (self.origin.0 + (p.x - self.lo.x) * self.scale, self.origin.1 + (self.hi_y - p.y) * self.scale)
    }
}

/// Where everything goes on the page: worked out once, for the drawing
/// and for anything that must find a space on it (the tabletop export's
/// snap points).
struct Layout {
    page: (f32, f32),
    footer: Vec<String>,
    legend: Vec<(String, String, Option<[u8; 3]>)>,
    /// Where the board's spaces go; `None` if it has fewer than two.
    frame: Option<Frame>,
}

const TITLE_SIZE: f32 = 7.0;
const LINE: f32 = 4.2;

impl Layout {
    fn of(
        variant: &VariantSpec,
        spec: &VariantSpec,
        board: &CompiledBoard,
        dealt: bool,
        options: &BoardOptions,
    ) -> Self {
        let (mut page_w, mut page_h) = options.paper.size_mm();
        // Wide boards (a long track) print across the page.
        let (lo, hi) = bounds(board);
        if hi.x - lo.x > 1.25 * (hi.y - lo.y) {
            std::mem::swap(&mut page_w, &mut page_h);
        }
        // Title at the top; rules and legend at the bottom; the board between.
        let mut footer = if options.without_rules { Vec::new() } else { crate::summary::rule_sentences(variant) };
        if dealt && !options.without_rules {
            footer.push(format!("Shown: the board of game {} (game 0 is the first).", options.game));
        }
        if options.heat.is_some() {
            footer.insert(0, "Heat map: the darker a space, the more often pieces come to rest there.".into());
        }
        let legend = legend_entries(spec, &numbered_badges(board));
        let mut layout = Self { page: (page_w, page_h), footer, legend, frame: None };
        let top = MARGIN + TITLE_SIZE + 5.0;
        let area = (MARGIN, top, page_w - 2.0 * MARGIN, page_h - top - MARGIN - layout.footer_h());
        layout.frame = (board.points.len() >= 2).then(|| fit(board, area));
        layout
    }

    fn footer_h(&self) -> f32 {
        LINE * (self.footer.len() as f32 + self.legend.len().div_ceil(3) as f32) + 4.0
    }
}

/// The board a drawing shows: a variant that deals its jumps afresh each
/// game is drawn with the jumps of one (`options.game`); its rules say
/// they are dealt.
fn shown<R>(
    variant: &VariantSpec,
    options: &BoardOptions,
    draw: impl FnOnce(&VariantSpec, &CompiledBoard, bool) -> R,
) -> R {
    let dealt = variant.random_jumps.as_ref().and_then(|_| ladderkit_core::deal::deal(variant, options.game));
    match &dealt {
        Some(d) => draw(&d.spec, &d.compiled.board, true),
        None => draw(variant, &compile(variant).board, false),
    }
}

/// Where the drawn spaces are on `board_svg`'s page.
pub(crate) struct Centres {
    /// Each space's centre in millimetres from the page's top left: the
    /// spaces `1..=goal`, and the start tray (position 0) where the
    /// variant has one.
    pub(crate) spaces: Vec<(u32, (f32, f32))>,
    /// A space's width on the page, in millimetres.
    pub(crate) space_mm: f32,
    /// Where the pieces start (a position in `spaces`, if any).
    pub(crate) start: u32,
}

/// `board_svg`'s page and where its spaces are, from one layout.
pub(crate) fn page_with_centres(variant: &VariantSpec, options: &BoardOptions) -> (String, Centres) {
    shown(variant, options, |spec, board, dealt| {
        let layout = Layout::of(variant, spec, board, dealt, options);
        (draw_page(spec, board, &layout, options), space_centres(spec, board, &layout))
    })
}

fn space_centres(spec: &VariantSpec, board: &CompiledBoard, layout: &Layout) -> Centres {
    let Some(frame) = layout.frame else { return Centres { spaces: Vec::new(), space_mm: 0.0, start: 0 } };
    let tray = spec.start == Start::Tray;
    let spaces = (0..=board.goal.min(board.points.len().saturating_sub(1) as u32))
        .filter(|&pos| pos > 0 || tray)
        .map(|pos| (pos, frame.at(board.points[pos as usize])))
        .collect();
    Centres { spaces, space_mm: frame.scale, start: board.start }
}

/// The whole board as an SVG page.
pub fn board_svg(variant: &VariantSpec, options: &BoardOptions) -> String {
    shown(variant, options, |spec, board, dealt| {
        let layout = Layout::of(variant, spec, board, dealt, options);
        draw_page(spec, board, &layout, options)
    })
}

fn draw_page(spec: &VariantSpec, board: &CompiledBoard, layout: &Layout, options: &BoardOptions) -> String {
    let colors = options.theme.palette();
    let (page_w, page_h) = layout.page;
    let mut svg = Svg::new(page_w, page_h);
    svg.leave_out_text_below(options.smallest_text);
    svg.comment(&format!("{} — drawn by Ladderkit", spec.meta.name));
    svg.rect(0.0, 0.0, page_w, page_h, 0.0, &format!(r#"fill="{}""#, colors.page));
    svg.text(page_w / 2.0, MARGIN + TITLE_SIZE, TITLE_SIZE, "middle", &fill(colors.ink), &spec.meta.name);

    if let Some(frame) = layout.frame {
        draw_spaces(&mut svg, board, frame, &colors, spec, options.heat);
        draw_effects(&mut svg, spec, board, frame, &colors);
        draw_jumps(&mut svg, spec, board, frame, &colors);
        draw_numbers(&mut svg, spec, board, frame, &colors);
        crate::extras::draw(&mut svg, spec, board, |p| frame.at(p), frame.scale, &colors);
    } else {
        svg.text(page_w / 2.0, page_h / 2.0, 6.0, "middle", &fill(colors.ink), "This board has no spaces");
    }

    let mut y = page_h - MARGIN - layout.footer_h() + LINE + 2.0;
    for (k, (badge, words, colour)) in layout.legend.iter().enumerate() {
        let x = MARGIN + (k % 3) as f32 * (page_w - 2.0 * MARGIN) / 3.0;
        if k > 0 && k % 3 == 0 {
            y += LINE;
        }
        self::badge(&mut svg, (x + 2.0, y - 1.2), 2.0, badge, *colour, &colors);
        svg.text(x + 5.0, y, 3.2, "start", &fill(colors.ink), words);
    }
    if !layout.legend.is_empty() {
        y += LINE;
    }
    for sentence in &layout.footer {
        svg.text(MARGIN, y, 3.2, "start", &fill(colors.ink), sentence);
        y += LINE;
    }
    svg.finish()
}

fn fill(color: &str) -> String {
    format!(r#"fill="{color}""#)
}

/// Scales the board's spaces (each a unit square around its centre) into
/// the area, centred.
fn fit(board: &CompiledBoard, (x, y, w, h): (f32, f32, f32, f32)) -> Frame {
    let (lo, hi) = bounds(board);
    let (bw, bh) = ((hi.x - lo.x).max(1.0), (hi.y - lo.y).max(1.0));
    // Spaces drawn over each other (a free-form board with every space on
    // one point) are drawn no larger than if they tiled the area: each as
    // large as the board, 10,000 of them took minutes to rasterise. Spaces
    // that do not overlap are never limited by this.
    let tiled = (w * h / board.points.len().max(1) as f32).sqrt();
    let scale = (w / bw).min(h / bh).min(tiled);
    let origin = (x + (w - bw * scale) / 2.0, y + (h - bh * scale) / 2.0);
    Frame { scale, lo, hi_y: hi.y, origin }
}

/// How many spaces wide and high the board is drawn (each space a unit
/// square).
pub(crate) fn extent(board: &CompiledBoard) -> (f32, f32) {
    let (lo, hi) = bounds(board);
    ((hi.x - lo.x).max(1.0), (hi.y - lo.y).max(1.0))
}

/// The corners of the spaces' unit squares.
fn bounds(board: &CompiledBoard) -> (Point, Point) {
    let mut lo = Point { x: f32::MAX, y: f32::MAX };
    let mut hi = Point { x: f32::MIN, y: f32::MIN };
    for p in &board.points {
        lo = Point { x: lo.x.min(p.x - 0.5), y: lo.y.min(p.y - 0.5) };
        hi = Point { x: hi.x.max(p.x + 0.5), y: hi.y.max(p.y + 0.5) };
    }
    if board.points.is_empty() {
        return (Point { x: 0.0, y: 0.0 }, Point { x: 1.0, y: 1.0 });
    }
    (lo, hi)
}

fn is_grid(board: &CompiledBoard) -> bool {
    board.points.iter().skip(1).all(|p| (p.x - 0.5).fract().abs() < 1e-4 && (p.y - 0.5).fract().abs() < 1e-4)
}

fn draw_spaces(svg: &mut Svg, board: &CompiledBoard, f: Frame, c: &Palette, spec: &VariantSpec, heat: Option<&[f64]>) {
    let s = f.scale;
    let square = is_grid(board);
    let hottest = heat.map_or(0.0, |h| h.iter().copied().fold(0.0, f64::max));
    // Tiles under 4 mm need no outline: the gaps between them draw the grid
    // (and a 100 × 100 board rasterises in half the time).
    let outline = if s >= 4.0 {
        format!(r#" stroke="{}" stroke-width="{}""#, c.tile_edge, n((s * 0.02).max(0.15)))
    } else {
        String::new()
    };
    svg.open("g", &format!(r#"id="spaces"{outline}"#));
    for pos in 0..board.points.len() as u32 {
        let (x, y) = f.at(board.points[pos as usize]);
        if pos == 0 {
            if spec.start == Start::Tray {
                svg.circle(x, y, s * 0.42, &fill(c.tray));
                svg.text(x, y + s * 0.08, s * 0.22, "middle", &format!(r#"{} stroke="none""#, fill(c.ink)), "Start");
            }
            continue;
        }
        if pos > board.goal {
            continue;
        }
        let tint = heat.and_then(|h| h.get(pos as usize)).filter(|_| hottest > 0.0).map(|v| heat_color(v / hottest));
        let colour = match tint {
            Some(t) => t,
            None if pos == board.goal => c.goal.to_owned(),
            None if pos % 2 == 0 => c.tile_a.to_owned(),
            None => c.tile_b.to_owned(),
        };
        if square {
            let h = s * 0.47;
            let rx = if s >= 4.0 { s * 0.05 } else { 0.0 };
            svg.rect(x - h, y - h, 2.0 * h, 2.0 * h, rx, &fill(&colour));
        } else {
            svg.circle(x, y, s * 0.44, &fill(&colour));
        }
        if pos == board.goal {
            star(svg, (x, y + s * 0.06), s * 0.22, c);
        }
    }
    svg.close("g");
}

/// Space numbers, drawn after the jumps with a halo of the page colour so a
/// snake across a tile's corner never hides its number.
fn draw_numbers(svg: &mut Svg, spec: &VariantSpec, board: &CompiledBoard, f: Frame, c: &Palette) {
    let s = f.scale;
    let square = is_grid(board);
    // Below 1 mm, numbers cannot be read on paper: then only every tenth
    // is printed, to find your way along the path.
    let tiny = s * 0.24 < 1.0;
    let size = (s * 0.24).max(0.8);
    let halo = n((size * 0.18).max(0.1));
    let style = format!(
        r#"id="numbers" {} stroke="{}" stroke-width="{halo}" stroke-linejoin="round" paint-order="stroke""#,
        fill(c.ink),
        c.page
    );
    svg.open("g", &style);
    for pos in 1..=board.goal.min(board.points.len().saturating_sub(1) as u32) {
        let Some(number) = board.number(pos).filter(|n| !tiny || n % 10 == 0 || pos == board.goal) else { continue };
        let (x, y) = f.at(board.points[pos as usize]);
        let at = if square { (x - s * 0.4, y - s * 0.2) } else { (x, y - s * 0.16) };
        let anchor = if square { "start" } else { "middle" };
        svg.text(at.0, at.1, size, anchor, "", &number.to_string());
        // A named space (the Goose's bridge, inn, well…) carries its name
        // along its foot, small, clear of a tag mark (bottom left) and the
        // badges (bottom right); with both there, across its middle.
        if let Some(name) = board.name(pos).filter(|_| !tiny) {
            let tagged = spec.tags.iter().any(|t| t.spaces.contains(&number));
            let badged = board.badge(pos).is_some() || spec.effects.iter().any(|e| e.space == number);
            let foot = if square { 0.42 } else { 0.32 };
            let (left, right, down) = match (tagged, badged) {
                (true, true) => (-0.45, 0.45, 0.06),
                (tagged, badged) => (if tagged { -0.15 } else { -0.45 }, if badged { 0.1 } else { 0.45 }, foot),
            };
            let (text, small) = fit_text(name, (right - left) * s, size * 0.55);
            svg.text(x + (left + right) / 2.0 * s, y + down * s, small, "middle", "", &text);
        }
    }
    svg.close("g");
}

/// Text to fit `width` at `size` or smaller (down to two thirds of it),
/// cut short with "…" if it still does not fit: the text and its size.
/// Glyphs are taken as 0.55 of the size wide (the Ubuntu font's average).
fn fit_text(text: &str, width: f32, size: f32) -> (String, f32) {
    const GLYPH: f32 = 0.55;
    let chars = text.chars().count().max(1) as f32;
    let fitting = width / (chars * GLYPH);
    if fitting >= size * 2.0 / 3.0 {
        return (text.to_owned(), fitting.min(size));
    }
    let small = size * 2.0 / 3.0;
    let keep = ((width / (small * GLYPH)).floor() as usize).saturating_sub(1).max(1);
    (text.chars().take(keep).collect::<String>() + "…", small)
}

/// White (cold) to deep red (hot), by the square root so warm spots show.
fn heat_color(share: f64) -> String {
    let t = share.clamp(0.0, 1.0).sqrt();
    let lerp = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    format!("#{:02x}{:02x}{:02x}", lerp(255.0, 190.0), lerp(255.0, 20.0), lerp(255.0, 20.0))
}

fn star(svg: &mut Svg, (cx, cy): (f32, f32), r: f32, c: &Palette) {
    let points: Vec<(f32, f32)> = (0..10)
        .map(|k| {
            let a = std::f32::consts::PI * (k as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
            let rr = if k % 2 == 0 { r } else { r * 0.45 };
            (cx + rr * a.cos(), cy + rr * a.sin())
        })
        .collect();
    svg.path(&(polyline(&points) + " Z"), &format!(r#"fill="{}" stroke="none""#, c.ink));
}

fn draw_jumps(svg: &mut Svg, spec: &VariantSpec, board: &CompiledBoard, f: Frame, c: &Palette) {
    let s = f.scale;
    // Ladders under snakes, as on a printed board.
    for kind in [JumpKind::Ladder, JumpKind::Snake] {
        let id = if kind == JumpKind::Ladder { "ladders" } else { "snakes" };
        svg.open("g", &format!(r#"id="{id}""#));
        for j in spec.jumps.iter().filter(|j| j.drawn_as() == kind) {
            let (Some(a), Some(b)) = (board.position(j.from), board.position(j.to)) else { continue };
            let (a, b) = (f.at(board.points[a as usize]), f.at(board.points[b as usize]));
            match kind {
                JumpKind::Ladder => ladder(svg, a, b, s, c),
                JumpKind::Snake => snake(svg, a, b, s, c),
            }
        }
        svg.close("g");
    }
}

fn ladder(svg: &mut Svg, foot: (f32, f32), top: (f32, f32), s: f32, c: &Palette) {
    let (dx, dy) = (top.0 - foot.0, top.1 - foot.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (nx, ny) = (-dy / len * s * 0.13, dx / len * s * 0.13);
    // One path for both rails and one for the rungs: far fewer elements to
    // rasterise on big boards than a line each.
    let rails = format!(
        "{} {}",
        polyline(&[(foot.0 + nx, foot.1 + ny), (top.0 + nx, top.1 + ny)]),
        polyline(&[(foot.0 - nx, foot.1 - ny), (top.0 - nx, top.1 - ny)])
    );
    svg.open("g", r#"class="ladder""#);
    svg.path(
        &rails,
        &format!(r#"fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round""#, c.ladder, n(s * 0.05)),
    );
    // A rung every 0.3 squares, but not closer than 1.5 mm on paper and
    // at most 40: a ladder across a 100 × 100 board stays a few lines.
    let rungs = (len / (s * 0.3).max(1.5)).floor().clamp(1.0, 40.0) as usize;
    let d: Vec<String> = (1..=rungs)
        .map(|k| {
            let t = k as f32 / (rungs + 1) as f32;
            let (x, y) = (foot.0 + dx * t, foot.1 + dy * t);
            polyline(&[(x + nx, y + ny), (x - nx, y - ny)])
        })
        .collect();
    svg.path(&d.join(" "), &format!(r#"fill="none" stroke="{}" stroke-width="{}""#, c.ladder, n(s * 0.04)));
    svg.close("g");
}

/// A snake from its head (the jump's start) to its tail: a sine-wave body
/// that narrows to the tail, drawn as a dark outline under a lighter fill.
fn snake(svg: &mut Svg, head: (f32, f32), tail: (f32, f32), s: f32, c: &Palette) {
    let (dx, dy) = (tail.0 - head.0, tail.1 - head.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    svg.open("g", r#"class="snake""#);
    // About a wave per square, but at most eight: a snake across a
    // 100 × 100 board would otherwise be thousands of points.
    let waves = (len / (s * 1.2)).round().clamp(1.0, 8.0);
    let steps = (waves * 8.0) as usize;
    let body: Vec<(f32, f32)> = (0..=steps)
        .map(|k| {
            let t = k as f32 / steps as f32;
            let w = (t * waves * std::f32::consts::TAU).sin() * s * 0.18 * (1.0 - 0.5 * t);
            (head.0 + dx * t + nx * w, head.1 + dy * t + ny * w)
        })
        .collect();
    // Three sections, thinner towards the tail; one when the squares are
    // too small on paper (under 4 mm) to see the taper.
    let widths: &[f32] = if s >= 4.0 { &[0.2, 0.15, 0.09] } else { &[0.15] };
    for (k, width) in widths.iter().enumerate() {
        let a = k * steps / widths.len();
        let b = ((k + 1) * steps / widths.len()).min(steps);
        let part = polyline(&body[a..=b]);
        let round = r#"fill="none" stroke-linecap="round" stroke-linejoin="round""#;
        svg.path(&part, &format!(r#"stroke="{}" stroke-width="{}" {round}"#, c.snake_edge, n(s * width)));
        svg.path(&part, &format!(r#"stroke="{}" stroke-width="{}" {round}"#, c.snake, n(s * width * 0.6)));
    }
    svg.circle(
        head.0,
        head.1,
        s * 0.15,
        &format!(r#"fill="{}" stroke="{}" stroke-width="{}""#, c.snake, c.snake_edge, n(s * 0.03)),
    );
    for side in [-1.0f32, 1.0].into_iter().filter(|_| s >= 4.0) {
        let (ex, ey) = (head.0 - ux * s * 0.04 + nx * side * s * 0.06, head.1 - uy * s * 0.04 + ny * side * s * 0.06);
        svg.circle(ex, ey, s * 0.03, &fill(c.snake_edge));
    }
    svg.close("g");
}

/// A badge: the theme's colours, or the designer's `colour` with black or
/// white text, whichever reads on it (the black-on-white theme keeps its
/// own).
fn badge(svg: &mut Svg, (x, y): (f32, f32), r: f32, text: &str, colour: Option<[u8; 3]>, c: &Palette) {
    let own = colour.filter(|_| c.badge != "#ffffff" || c.ink != "#000000");
    let (back, ink) = match own {
        Some([r, g, b]) => {
            let light = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b) > 150.0;
            (format!("#{r:02x}{g:02x}{b:02x}"), if light { "#000000" } else { "#ffffff" })
        }
        None => (c.badge.to_owned(), c.badge_text),
    };
    svg.circle(x, y, r, &format!(r#"fill="{back}" stroke="{}" stroke-width="{}""#, c.ink, n(r * 0.1)));
    // Longer labels in smaller type, to stay inside the circle.
    let size = r * if text.chars().count() > 2 { 0.7 } else { 0.95 };
    svg.text(x, y + size * 0.37, size, "middle", &fill(ink), text);
}

fn draw_effects(svg: &mut Svg, spec: &VariantSpec, board: &CompiledBoard, f: Frame, c: &Palette) {
    let s = f.scale;
    let mut on_space = std::collections::HashMap::new();
    svg.open("g", r#"id="effects""#);
    for e in &spec.effects {
        let Some(pos) = board.position(e.space) else { continue };
        // A badge of the designer's stands for the space's effects.
        if board.badge(pos).is_some() {
            continue;
        }
        let (x, y) = f.at(board.points[pos as usize]);
        let k = on_space.entry(e.space).or_insert(0u32);
        badge(svg, (x + s * (0.26 - 0.3 * *k as f32), y + s * 0.26), s * 0.15, &e.effect.badge(), None, c);
        *k += 1;
    }
    for (pos, own) in &board.badges {
        let (x, y) = f.at(board.points[*pos as usize]);
        badge(svg, (x + s * 0.26, y + s * 0.26), s * 0.15, &own.label, own.colour, c);
    }
    svg.close("g");
}

/// The designer's badges (checked: bad ones are left out), by space number.
fn numbered_badges(board: &CompiledBoard) -> Vec<(u32, ladderkit_core::board::Badge)> {
    board.badges.iter().filter_map(|(pos, b)| Some((board.number(*pos)?, b.clone()))).collect()
}

/// Each distinct badge once: its text, its words and the designer's
/// colour. A designer's badge says what is on its space (the effects, or
/// failing them the name).
fn legend_entries(
    spec: &VariantSpec,
    own: &[(u32, ladderkit_core::board::Badge)],
) -> Vec<(String, String, Option<[u8; 3]>)> {
    let mut out: Vec<(String, String, Option<[u8; 3]>)> = Vec::new();
    let mut add = |entry| {
        if !out.contains(&entry) {
            out.push(entry);
        }
    };
    for e in spec.effects.iter().filter(|e| !own.iter().any(|(n, _)| *n == e.space)) {
        add((e.effect.badge(), e.effect.describe(), None));
    }
    for (space, b) in own {
        let effects: Vec<String> =
            spec.effects.iter().filter(|e| e.space == *space).map(|e| e.effect.describe()).collect();
        let name = spec.names.iter().find(|m| m.space == *space).map(|m| m.name.clone());
        let words =
            if effects.is_empty() { name.unwrap_or_else(|| format!("space {space}")) } else { effects.join(", ") };
        add((b.label.clone(), words, b.colour));
    }
    out.extend(crate::extras::legend(spec).into_iter().map(|(badge, words)| (badge, words, None)));
    out
}

#[cfg(test)]
mod tests {
    use super::fit_text;

    #[test]
    fn a_name_shrinks_to_fit_beside_the_badges_then_is_cut_short() {
        // 10 glyphs of 0.55 × 2 mm need 11 mm.
        assert_eq!(fit_text("the bridge", 20.0, 2.0), ("the bridge".into(), 2.0), "room to spare: as it is");
        let (text, size) = fit_text("the bridge", 9.0, 2.0);
        assert_eq!(text, "the bridge");
        assert!((size * 0.55 * 10.0 - 9.0).abs() < 1e-4, "smaller, to fill the room exactly: {size}");
        let (text, size) = fit_text("the bridge over the river", 6.0, 2.0);
        // At 4/3 mm, 6 mm hold 8 glyphs: 7 and the ellipsis.
        assert_eq!(text, "the bri…");
        assert!((size - 4.0 / 3.0).abs() < 1e-4, "no smaller than two thirds: {size}");
    }
}

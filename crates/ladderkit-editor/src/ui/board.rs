//! The board view: tiles numbered along the path, ladders, snakes, effect
//! badges, problem marks and the selection; pan, zoom and the tools. It
//! returns intents; it never edits the document itself.

use std::collections::HashSet;

use bevy_egui::egui::{self, Color32, PointerButton, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use ladderkit::core::board::JumpOrigin;
use ladderkit::core::spec::{Board, Jump, JumpKind, Point, SpaceEffect};
use ladderkit::core::{CompiledBoard, Severity};

use super::Frame;
use super::paint::{self, BACKGROUND, Colours, ERROR, SELECT, WARNING};
use crate::history::EditCommand;
use crate::intents::Intent;
use crate::selection::{Selected, next_under};
use crate::tools::{Brush, Tool};
use crate::view::{Placement, View};

/// How much one key press or zoom button zooms.
pub(super) const ZOOM_STEP: f32 = 1.25;
/// Pixels per square, at the most and the least.
const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 2.0..=400.0;

#[derive(Debug, Default)]
pub struct BoardState {
    drag: Option<Drag>,
    /// The plan a person hovers over in the play panel (drawn this frame,
    /// before the board): its outcome is previewed as ghost pieces.
    pub plan_hover: Option<usize>,
    /// The tracing picture's texture, and the load it was made from.
    backdrop: Option<BackdropTexture>,
}

struct BackdropTexture(u64, egui::TextureHandle);

impl std::fmt::Debug for BackdropTexture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BackdropTexture({})", self.0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Drag {
    Pan,
    DrawJump {
        from: u32,
    },
    MoveJumpEnd {
        jump: usize,
        head: bool,
    },
    MoveSpace {
        number: u32,
    },
    /// Several selected free-form spaces, dragged together from here.
    MoveSpaces {
        from: Pos2,
    },
    /// Shift+drag: select what the box holds.
    Box {
        from: Pos2,
    },
}

/// Board units ↔ screen pixels.
#[derive(Debug, Clone, Copy)]
struct Transform {
    origin: Pos2,
    centre: Point,
    zoom: f32,
}

impl Transform {
    fn placement(self) -> Placement {
        Placement { origin: [self.origin.x, self.origin.y], centre: self.centre, zoom: self.zoom }
    }

    fn to_screen(self, p: Point) -> Pos2 {
        let [x, y] = self.placement().to_screen(p);
        Pos2::new(x, y)
    }

    fn to_board(self, s: Pos2) -> Point {
        self.placement().to_board([s.x, s.y])
    }
}

fn bounds(points: &[Point]) -> (Point, Point) {
    let mut lo = Point { x: f32::MAX, y: f32::MAX };
    let mut hi = Point { x: f32::MIN, y: f32::MIN };
    for p in points {
        lo = Point { x: lo.x.min(p.x), y: lo.y.min(p.y) };
        hi = Point { x: hi.x.max(p.x), y: hi.y.max(p.y) };
    }
    (lo, hi)
}

pub(super) fn view(
    ui: &mut egui::Ui,
    f: &Frame,
    tool: Tool,
    brush: Brush,
    view: &mut View,
    state: &mut BoardState,
) -> Vec<Intent> {
    let mut out = Vec::new();
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let rect = response.rect;
    painter.rect_filled(rect, 0.0, BACKGROUND);
    let board = &f.checks.compiled.board;
    if board.points.len() < 2 {
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "This board has no spaces",
            egui::FontId::proportional(20.0),
            Color32::WHITE,
        );
        return out;
    }
    let (lo, hi) = bounds(&board.points);
    let centre = Point { x: (lo.x + hi.x) / 2.0, y: (lo.y + hi.y) / 2.0 };
    let (w, h) = (hi.x - lo.x + 1.6, hi.y - lo.y + 1.6);
    let fitted = (rect.width() / w).min(rect.height() / h).max(1.0);
    if view.fit {
        view.zoom = fitted;
        view.pan = [0.0, 0.0];
        view.fit = false;
    }
    // Zoom around the pointer: the square under it stays under it.
    let anchor = response.hover_pos();
    let wheel = anchor.map_or(0.0, |_| ui.input(|i| i.smooth_scroll_delta.y));
    let factor = (wheel * 0.0025).exp() * std::mem::replace(&mut view.zoom_by, 1.0);
    if factor != 1.0 {
        let anchor = anchor.unwrap_or(rect.center());
        let before =
            Transform { origin: rect.center() + Vec2::from(view.pan), centre, zoom: view.zoom }.to_board(anchor);
        view.zoom = (view.zoom * factor).clamp(*ZOOM_RANGE.start(), *ZOOM_RANGE.end());
        let after =
            Transform { origin: rect.center() + Vec2::from(view.pan), centre, zoom: view.zoom }.to_screen(before);
        view.pan[0] += anchor.x - after.x;
        view.pan[1] += anchor.y - after.y;
    }
    if response.dragged_by(PointerButton::Middle) {
        let d = response.drag_delta();
        view.pan[0] += d.x;
        view.pan[1] += d.y;
    }
    let t = Transform { origin: rect.center() + Vec2::from(view.pan), centre, zoom: view.zoom };
    if view.drawn != Some(t.placement()) {
        view.drawn = Some(t.placement());
    }
    let unit = view.zoom;
    let spec = &f.doc.spec();
    let c = Colours::of(view.theme);
    let pointer = response.hover_pos().or_else(|| response.interact_pointer_pos());
    let hovered_space = pointer.and_then(|p| space_at(board, t, p));
    let under = pointer.map_or_else(Vec::new, |p| jumps_at(spec.jumps.as_slice(), board, t, p));
    let hovered_jump = under.first().copied();

    // What the diagnostics point at.
    let mut errors = HashSet::new();
    let mut warnings = HashSet::new();
    for d in &f.checks.diagnostics {
        let set = if d.severity == Severity::Error { &mut errors } else { &mut warnings };
        set.extend(d.location.spaces.iter().copied());
    }
    let group = f.selection.all();
    let mut highlighted: HashSet<u32> = f.selection.spaces.iter().copied().collect();
    highlighted.extend(group.iter().filter_map(|s| if let Selected::Space(n) = *s { Some(n) } else { None }));

    // The spaces' extent, the start tray left out.
    let spaces = bounds(&board.points[1..]);
    let tracing = draw_backdrop(ui, &painter, f, &mut state.backdrop, t, spaces, rect);
    // Over a picture to trace, the tiles let it show through.
    let tile_opacity = if tracing { 0.3 } else { 1.0 };
    let marks = Marks { errors: &errors, warnings: &warnings, highlighted: &highlighted };
    if matches!(spec.board, Board::Free { .. }) {
        draw_path(&painter, board, t, &c);
    }
    draw_tiles(&painter, board, t, rect, &marks, (f.selection.selected, hovered_space), tile_opacity, &c);
    if view.heat
        && let Some(Ok(figures)) = f.odds.latest.as_ref().map(|r| &r.outcome)
        && figures.heat().len() == board.points.len()
    {
        let square = matches!(board_kind(board), Kind::Grid);
        paint::heat(&painter, figures.heat(), &board.points, |p| t.to_screen(p), unit, rect, square);
    }
    if let Some(proposal) = f.preview {
        draw_proposal(&painter, proposal, &spec.jumps, board, t, rect, &c);
    }
    for (i, j) in spec.jumps.iter().enumerate() {
        if f.preview.is_some() {
            break;
        }
        let (Some(a), Some(b)) = (board.position(j.from), board.position(j.to)) else { continue };
        let (a, b) = (t.to_screen(board.points[a as usize]), t.to_screen(board.points[b as usize]));
        if !rect.intersects(Rect::from_two_pos(a, b).expand(unit)) {
            continue;
        }
        let selected = group.contains(&Selected::Jump(i)) || f.selection.jumps.contains(&i);
        let kind = j.drawn_as();
        if selected {
            painter.line_segment([a, b], Stroke::new(unit * 0.45, SELECT.gamma_multiply(0.5)));
        }
        paint::jump(&painter, a, b, unit, kind, 1.0, &c);
        if hovered_jump == Some(i) && tool != Tool::DrawJump {
            painter.line_segment([a, b], Stroke::new(2.0, Color32::WHITE.gamma_multiply(0.6)));
        }
    }
    if f.preview.is_none() {
        draw_dealt(&painter, spec.jumps.len(), board, t, rect, &c);
    }
    // Badges over the jumps, so a jump across a space never hides its effect.
    match f.preview {
        Some(proposal) => draw_proposed_effects(&painter, proposal, &spec.effects, board, t, rect, &c),
        None => draw_effects(&painter, spec.effects.as_slice(), board, t, rect, &c),
    }
    let face_down = f.playing.filter(|_| f.scores.is_none()).map(|s| s.shown().chips.as_slice());
    super::extras::draw(&painter, spec, board, |p| t.to_screen(p), unit, rect, face_down, &c);
    draw_numbers(&painter, board, t, rect, &c);
    zoom_controls(ui, rect, view, fitted);

    // A play-test shows the game and lets the view move; it edits nothing.
    let game = match (f.scores, f.playing) {
        (Some(scores), _) => Some((scores.pieces(), None, scores.banner.as_ref())),
        (None, Some(session)) => Some((session.pieces(), session.dice_face(), session.banner.as_ref())),
        (None, None) => None,
    };
    if let Some((pieces, dice, banner)) = game {
        let ghosts = state.plan_hover.take().and_then(|i| f.playing.and_then(|session| session.preview(i)));
        for piece in &pieces {
            let c = t.to_screen(piece.at);
            paint::piece(&painter, c, unit, piece.owner, piece.level, piece.lying, piece.moving);
        }
        // A hovered choice: the pieces it moves, translucent where they would
        // end, with a line from where they stand.
        if let Some(ghosts) = ghosts {
            let mut faint = painter.clone();
            faint.multiply_opacity(0.55);
            for ghost in &ghosts {
                let Some(now) = pieces.iter().find(|p| p.piece == ghost.piece) else { continue };
                if now.at == ghost.at && now.level == ghost.level {
                    continue;
                }
                let (a, b) = (t.to_screen(now.at), t.to_screen(ghost.at));
                faint.line_segment([a, b], Stroke::new(2.0, paint::seat_color(ghost.owner)));
                paint::piece(&faint, b, unit, ghost.owner, ghost.level, ghost.lying, true);
            }
        }
        if response.dragged_by(PointerButton::Primary) {
            let d = response.drag_delta();
            view.pan[0] += d.x;
            view.pan[1] += d.y;
        }
        if let Some((dice, count, rolling)) = dice {
            paint::dice(&painter, rect.right_top() + Vec2::new(-16.0, 16.0), &dice[..count.max(1) as usize], rolling);
        }
        if let Some(banner) = banner {
            paint::banner(&painter, rect.center_top() + Vec2::new(0.0, 40.0), &banner.text);
        }
        return out;
    }

    // Dragging.
    let shift = ui.input(|i| i.modifiers.shift);
    if response.drag_started_by(PointerButton::Primary)
        && let Some(origin) = ui.input(|i| i.pointer.press_origin())
    {
        state.drag = Some(if tool == Tool::Select && shift {
            Drag::Box { from: origin }
        } else {
            start_drag(f, board, t, tool, origin)
        });
    }
    let stop = response.drag_stopped_by(PointerButton::Primary);
    if let (Some(drag), Some(p)) = (state.drag, pointer) {
        let target = space_at(board, t, p);
        match drag {
            Drag::Pan => {
                let d = response.drag_delta();
                view.pan[0] += d.x;
                view.pan[1] += d.y;
            }
            Drag::DrawJump { from } => {
                if let Some(a) = board.position(from) {
                    let a = t.to_screen(board.points[a as usize]);
                    let up = target.is_some_and(|n| n > from);
                    let color = if up { c.ladder } else { c.snake_edge };
                    painter.line_segment([a, p], Stroke::new(unit * 0.12, color));
                    if stop && let Some(to) = target.filter(|n| *n != from) {
                        out.push(Intent::Edit(EditCommand::AddJump(Jump::new(from, to))));
                    }
                }
            }
            Drag::MoveJumpEnd { jump, head } => {
                if let Some(j) = spec.jumps.get(jump) {
                    let fixed = if head { j.to } else { j.from };
                    if let Some(fx) = board.position(fixed) {
                        painter
                            .line_segment([t.to_screen(board.points[fx as usize]), p], Stroke::new(unit * 0.1, SELECT));
                    }
                    if stop && let Some(n) = target {
                        let mut moved = *j;
                        if head {
                            moved.from = n
                        } else {
                            moved.to = n
                        }
                        out.push(Intent::Edit(EditCommand::SetJump(jump, moved)));
                    }
                }
            }
            Drag::MoveSpace { number } => {
                painter.circle_stroke(p, unit * 0.42, Stroke::new(2.0, SELECT));
                if stop {
                    out.push(Intent::Edit(EditCommand::MoveSpace(number, t.to_board(p))));
                }
            }
            Drag::MoveSpaces { from } => {
                let d = p - from;
                for n in group.iter().filter_map(|s| if let Selected::Space(n) = *s { Some(n) } else { None }) {
                    if let Some(pos) = board.position(n) {
                        let c = t.to_screen(board.points[pos as usize]) + d;
                        painter.circle_stroke(c, unit * 0.42, Stroke::new(2.0, SELECT));
                    }
                }
                let (a, b) = (t.to_board(from), t.to_board(p));
                if stop && let Some(edit) = crate::clipboard::move_spaces(spec, &group, b.x - a.x, b.y - a.y) {
                    out.push(Intent::Edit(edit));
                }
            }
            Drag::Box { from } => {
                let area = Rect::from_two_pos(from, p);
                painter.rect_filled(area, 0.0, SELECT.gamma_multiply(0.12));
                painter.rect_stroke(area, 0.0, Stroke::new(1.5, SELECT), StrokeKind::Inside);
                if stop {
                    out.push(Intent::SelectMany(boxed(spec.jumps.as_slice(), board, t, area)));
                }
            }
        }
    }
    // A drag ends when it stops, or if the button went up unseen.
    if stop || !response.dragged() && !ui.input(|i| i.pointer.primary_down()) {
        state.drag = None;
    }

    // Clicks.
    if response.clicked_by(PointerButton::Primary) {
        // Select goes through stacked jumps click by click; other tools act
        // on the one drawn nearest.
        let jump = if tool == Tool::Select { next_under(&under, f.selection.selected) } else { hovered_jump };
        if tool == Tool::Select && shift {
            // Shift-click adds to the selection, or takes out of it.
            let this = match (hovered_jump, hovered_space) {
                (Some(j), _) => Selected::Jump(j),
                (None, Some(n)) => Selected::Space(n),
                _ => Selected::Nothing,
            };
            out.push(Intent::SelectToggle(this));
        } else if tool == Tool::AddSpace
            && let Some(p) = pointer
            && let Some(n) = on_path(board, t, p)
        {
            out.push(Intent::Edit(EditCommand::InsertSpace(n, t.to_board(p))));
        } else {
            out.extend(click(f, tool, brush, hovered_space, jump, pointer.map(|p| t.to_board(p))));
        }
    }
    if let Some(n) = hovered_space {
        let mut effects: Vec<String> =
            spec.effects.iter().filter(|e| e.space == n).map(|e| e.effect.describe()).collect();
        effects.extend(
            spec.arrows
                .iter()
                .filter(|a| a.space == n)
                .map(|a| format!("{} arrow pointing {}", a.kind.describe(), a.points.name())),
        );
        effects.extend(spec.tags.iter().filter(|t| t.spaces.contains(&n)).map(|t| t.tag.name().to_owned()));
        let named = board.position(n).and_then(|pos| board.name(pos)).map_or(String::new(), |m| format!(", {m}"));
        let tip = if effects.is_empty() {
            format!("Space {n}{named}")
        } else {
            format!("Space {n}{named}: {}", effects.join(", "))
        };
        response.on_hover_text_at_pointer(tip);
    }
    out
}

fn start_drag(f: &Frame, board: &CompiledBoard, t: Transform, tool: Tool, origin: Pos2) -> Drag {
    let spec = &f.doc.spec();
    let space = space_at(board, t, origin);
    match tool {
        Tool::DrawJump => space.map_or(Drag::Pan, |from| Drag::DrawJump { from }),
        Tool::Select => {
            if let Selected::Jump(i) = f.selection.selected
                && let Some(j) = spec.jumps.get(i)
            {
                for (number, head) in [(j.from, true), (j.to, false)] {
                    if let Some(pos) = board.position(number)
                        && t.to_screen(board.points[pos as usize]).distance(origin) < t.zoom * 0.35
                    {
                        return Drag::MoveJumpEnd { jump: i, head };
                    }
                }
            }
            let grouped = f.selection.group.len() > 1;
            match (&spec.board, space) {
                (Board::Free { .. }, Some(number))
                    if grouped && f.selection.group.contains(&Selected::Space(number)) =>
                {
                    Drag::MoveSpaces { from: origin }
                }
                (Board::Free { .. }, Some(number)) => Drag::MoveSpace { number },
                _ => Drag::Pan,
            }
        }
        _ => Drag::Pan,
    }
}

fn click(
    f: &Frame,
    tool: Tool,
    brush: Brush,
    space: Option<u32>,
    jump: Option<usize>,
    at: Option<Point>,
) -> Vec<Intent> {
    let spec = &f.doc.spec();
    let free = matches!(spec.board, Board::Free { .. });
    match tool {
        Tool::Select => vec![Intent::Select(match (jump, space) {
            (Some(j), _) => Selected::Jump(j),
            (None, Some(s)) => Selected::Space(s),
            _ => Selected::Nothing,
        })],
        Tool::Erase => crate::clipboard::erase(spec, space, jump).map(Intent::Edit).into_iter().collect(),
        Tool::Paint => {
            let Some(n) = space else { return Vec::new() };
            let same = spec
                .effects
                .iter()
                .position(|e| e.space == n && std::mem::discriminant(&e.effect) == std::mem::discriminant(&brush.0));
            let effect = SpaceEffect { space: n, effect: brush.0 };
            vec![Intent::Edit(match same {
                Some(i) => EditCommand::SetEffect(i, effect),
                None => EditCommand::AddEffect(effect),
            })]
        }
        Tool::AddSpace if free => at.map(|p| vec![Intent::Edit(EditCommand::AddSpace(p))]).unwrap_or_default(),
        Tool::AddSpace | Tool::DrawJump => Vec::new(),
    }
}

/// The tracing picture, under the tiles: as wide as the board's spaces
/// times its scale, its own shape, centred on the board plus its offset.
/// One that cannot be read is said in the corner instead. Whether it drew.
fn draw_backdrop(
    ui: &egui::Ui,
    painter: &egui::Painter,
    f: &Frame,
    cache: &mut Option<BackdropTexture>,
    t: Transform,
    (lo, hi): (Point, Point),
    rect: Rect,
) -> bool {
    let (Some(background), Some(loaded)) = (&f.doc.spec().background, &f.backdrop.picture) else { return false };
    let picture = match loaded {
        Ok(p) => p,
        Err(why) => {
            let at = rect.left_top() + Vec2::new(8.0, 8.0);
            let text = format!("Background picture: {why}");
            painter.text(at, egui::Align2::LEFT_TOP, text, egui::FontId::proportional(13.0), WARNING);
            return false;
        }
    };
    if cache.as_ref().is_none_or(|c| c.0 != f.backdrop.version) {
        let image = egui::ColorImage::from_rgba_unmultiplied([picture.width, picture.height], &picture.rgba);
        let texture = ui.ctx().load_texture("background", image, egui::TextureOptions::LINEAR);
        *cache = Some(BackdropTexture(f.backdrop.version, texture));
    }
    let Some(BackdropTexture(_, texture)) = cache else { return false };
    let width = (hi.x - lo.x + 1.0) * background.scale;
    let height = width * picture.height as f32 / picture.width.max(1) as f32;
    let centre = Point { x: (lo.x + hi.x) / 2.0 + background.offset.x, y: (lo.y + hi.y) / 2.0 + background.offset.y };
    let a = t.to_screen(Point { x: centre.x - width / 2.0, y: centre.y + height / 2.0 });
    let b = t.to_screen(Point { x: centre.x + width / 2.0, y: centre.y - height / 2.0 });
    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
    let tint = Color32::WHITE.gamma_multiply(background.opacity.clamp(0.0, 1.0));
    painter.image(texture.id(), Rect::from_two_pos(a, b), uv, tint);
    true
}

/// −, the zoom level (100% shows the whole board), + and Fit, in the
/// board's bottom-right corner.
fn zoom_controls(ui: &mut egui::Ui, rect: Rect, view: &mut View, fitted: f32) {
    let area = Rect::from_min_max(rect.right_bottom() - Vec2::new(196.0, 34.0), rect.right_bottom() - Vec2::splat(6.0));
    ui.scope_builder(
        egui::UiBuilder::new().max_rect(area).layout(egui::Layout::right_to_left(egui::Align::Center)),
        |ui| {
            egui::Frame::popup(ui.style()).inner_margin(2.0).show(ui, |ui| {
                ui.horizontal(|ui| {
                    if ui.small_button("Fit").on_hover_text("Show the whole board (F)").clicked() {
                        view.fit = true;
                    }
                    if ui.small_button("+").on_hover_text("Zoom in (+)").clicked() {
                        view.zoom_by *= ZOOM_STEP;
                    }
                    ui.label(format!("{:.0}%", view.zoom / fitted * 100.0));
                    if ui.small_button("−").on_hover_text("Zoom out (-)").clicked() {
                        view.zoom_by /= ZOOM_STEP;
                    }
                });
            });
        },
    );
}

/// The space under a screen point (within half a square of its centre).
fn space_at(board: &CompiledBoard, t: Transform, s: Pos2) -> Option<u32> {
    let p = t.to_board(s);
    let mut best: Option<(u32, f32)> = None;
    for pos in 1..=board.len {
        let q = board.points[pos as usize];
        let d = (q.x - p.x).powi(2) + (q.y - p.y).powi(2);
        if d < 0.25 && best.is_none_or(|(_, bd)| d < bd) {
            best = Some((pos, d));
        }
    }
    best.and_then(|(pos, _)| board.number(pos))
}

/// The jump whose line passes under a screen point, away from its ends.
/// Every jump drawn under the pointer, nearest first (ties by list order):
/// a ladder and a snake between the same two spaces lie on top of each
/// other, and repeated clicks go through them (`next_under`).
fn jumps_at(jumps: &[Jump], board: &CompiledBoard, t: Transform, s: Pos2) -> Vec<usize> {
    let mut under: Vec<(usize, f32)> = Vec::new();
    for (i, j) in jumps.iter().enumerate() {
        let (Some(a), Some(b)) = (board.position(j.from), board.position(j.to)) else { continue };
        let (a, b) = (t.to_screen(board.points[a as usize]), t.to_screen(board.points[b as usize]));
        let ab = b - a;
        let along = ((s - a).dot(ab) / ab.length_sq().max(1.0)).clamp(0.0, 1.0);
        if !(0.15..=0.85).contains(&along) {
            continue;
        }
        let d = (a + ab * along).distance(s);
        if d < t.zoom * 0.25 {
            under.push((i, d));
        }
    }
    under.sort_by(|x, y| x.1.total_cmp(&y.1).then(x.0.cmp(&y.0)));
    under.into_iter().map(|(i, _)| i).collect()
}

/// What a box holds: the spaces whose centres are in it, then the jumps
/// with both ends in it.
fn boxed(jumps: &[Jump], board: &CompiledBoard, t: Transform, area: Rect) -> Vec<Selected> {
    let inside = |n: u32| board.position(n).is_some_and(|pos| area.contains(t.to_screen(board.points[pos as usize])));
    let spaces = (1..=board.len).filter_map(|pos| board.number(pos)).filter(|&n| inside(n)).map(Selected::Space);
    let jumps =
        jumps.iter().enumerate().filter(|(_, j)| inside(j.from) && inside(j.to)).map(|(i, _)| Selected::Jump(i));
    spaces.chain(jumps).collect()
}

/// Where a click with Add space inserts into a free-form path: the number
/// the new space takes when the pointer is on the line between two
/// consecutive spaces, away from both (else it adds at the end).
fn on_path(board: &CompiledBoard, t: Transform, s: Pos2) -> Option<u32> {
    if space_at(board, t, s).is_some() || board.points.len() < 3 {
        return None;
    }
    (1..board.len).find_map(|pos| {
        let (a, b) = (t.to_screen(board.points[pos as usize]), t.to_screen(board.points[pos as usize + 1]));
        let ab = b - a;
        let along = (s - a).dot(ab) / ab.length_sq().max(1.0);
        let near = (a + ab * along.clamp(0.0, 1.0)).distance(s) < t.zoom * 0.2;
        (near && (0.0..=1.0).contains(&along)).then(|| board.number(pos + 1)).flatten()
    })
}

/// A free-form board's path: a line through its spaces in order, under
/// them, so the way from one to the next shows however they are placed.
fn draw_path(p: &egui::Painter, board: &CompiledBoard, t: Transform, c: &Colours) {
    let points: Vec<Pos2> = board.points.iter().skip(1).map(|&q| t.to_screen(q)).collect();
    let width = (t.zoom * 0.08).max(1.5);
    p.add(egui::Shape::line(points, Stroke::new(width, c.tray.gamma_multiply(0.7))));
}

/// The spaces the diagnostics and the selection point at.
struct Marks<'a> {
    errors: &'a HashSet<u32>,
    warnings: &'a HashSet<u32>,
    highlighted: &'a HashSet<u32>,
}

#[allow(clippy::too_many_arguments)] // reason: what a tile shows depends on all of these
fn draw_tiles(
    p: &egui::Painter,
    board: &CompiledBoard,
    t: Transform,
    clip: Rect,
    marks: &Marks,
    (selected, hovered): (Selected, Option<u32>),
    opacity: f32,
    colours: &Colours,
) {
    let Marks { errors, warnings, highlighted } = marks;
    let unit = t.zoom;
    let square = matches!(board_kind(board), Kind::Grid);
    let font = egui::FontId::proportional((unit * 0.26).clamp(8.0, 22.0));
    for pos in 0..board.points.len() as u32 {
        let c = t.to_screen(board.points[pos as usize]);
        if !clip.expand(unit).contains(c) {
            continue;
        }
        let number = board.number(pos);
        let fill = tile_fill(board, pos, colours).gamma_multiply(opacity);
        let half = unit * 0.47;
        let tile = Rect::from_center_size(c, Vec2::splat(half * 2.0));
        if square && pos != 0 {
            p.rect_filled(tile, unit * 0.06, fill);
        } else {
            p.circle_filled(c, half * 0.9, fill);
        }
        if let Some(edge) = colours.edge {
            if square && pos != 0 {
                p.rect_stroke(tile, unit * 0.06, Stroke::new(1.0, edge), StrokeKind::Inside);
            } else {
                p.circle_stroke(c, half * 0.9, Stroke::new(1.0, edge));
            }
        }
        let n = number.unwrap_or(u32::MAX);
        let mark = if selected == Selected::Space(n) || highlighted.contains(&n) {
            Some((SELECT, 3.0))
        } else if errors.contains(&n) {
            Some((ERROR, 2.5))
        } else if warnings.contains(&n) {
            Some((WARNING, 2.0))
        } else if hovered == Some(n) {
            Some((Color32::WHITE, 1.5))
        } else {
            None
        };
        if let Some((color, width)) = mark {
            if square && pos != 0 {
                p.rect_stroke(tile.shrink(1.0), unit * 0.06, Stroke::new(width, color), StrokeKind::Inside);
            } else {
                p.circle_stroke(c, half * 0.9, Stroke::new(width, color));
            }
        }
        if pos == 0 {
            p.text(c, egui::Align2::CENTER_CENTER, "Start", font.clone(), colours.ink);
        } else if pos == board.goal && unit >= 10.0 {
            p.text(
                c + Vec2::new(0.0, unit * 0.12),
                egui::Align2::CENTER_CENTER,
                "★",
                egui::FontId::proportional(unit * 0.4),
                colours.ink,
            );
        }
    }
}

fn tile_fill(board: &CompiledBoard, pos: u32, c: &Colours) -> Color32 {
    let fill = if pos == 0 {
        c.tray
    } else if pos == board.goal {
        c.goal
    } else if pos.is_multiple_of(2) {
        c.tile_a
    } else {
        c.tile_b
    };
    if pos > board.goal { fill.gamma_multiply(0.4) } else { fill }
}

/// Space numbers go on top of the jumps, each on a patch of its tile's
/// colour, so a snake across a corner does not hide where you are.
fn draw_numbers(p: &egui::Painter, board: &CompiledBoard, t: Transform, clip: Rect, colours: &Colours) {
    let unit = t.zoom;
    if unit < 14.0 {
        return;
    }
    let font = egui::FontId::proportional((unit * 0.26).clamp(8.0, 22.0));
    let half = unit * 0.47;
    for pos in 1..board.points.len() as u32 {
        let c = t.to_screen(board.points[pos as usize]);
        let Some(n) = board.number(pos).filter(|_| clip.expand(unit).contains(c)) else { continue };
        let galley = p.layout_no_wrap(n.to_string(), font.clone(), colours.ink);
        let at = c + Vec2::new(-half * 0.85, -half * 0.85);
        let patch = Rect::from_min_size(at, galley.size()).expand(1.0);
        p.rect_filled(patch, 2.0, tile_fill(board, pos, colours));
        p.galley(at, galley, colours.ink);
        // A named space (the Goose's bridge, inn, well…) shows its name in
        // its bottom-left corner, clear of the effect badge on the right,
        // once there is room to read it.
        if let Some(name) = board.name(pos).filter(|_| unit >= 40.0) {
            let small = egui::FontId::proportional((unit * 0.15).clamp(8.0, 14.0));
            let galley = p.layout(name.to_owned(), small, colours.ink, half * 1.2);
            let at = c + Vec2::new(-half * 0.9, half * 0.92 - galley.size().y);
            p.rect_filled(Rect::from_min_size(at, galley.size()).expand(1.0), 2.0, tile_fill(board, pos, colours));
            p.galley(at, galley, colours.ink);
        }
    }
}

enum Kind {
    Grid,
    Other,
}

/// The tuner's proposal in place of the design's jumps: unchanged jumps as
/// usual, new or moved ones glowing, the ones it would remove faded.
fn draw_proposal(
    painter: &egui::Painter,
    proposal: &crate::tune::Proposal,
    design: &[Jump],
    board: &CompiledBoard,
    t: Transform,
    clip: Rect,
    c: &Colours,
) {
    let unit = t.zoom;
    let ends = |j: &Jump| -> Option<(Pos2, Pos2)> {
        let (a, b) = (board.position(j.from)?, board.position(j.to)?);
        let (a, b) = (t.to_screen(board.points[a as usize]), t.to_screen(board.points[b as usize]));
        clip.intersects(Rect::from_two_pos(a, b).expand(unit)).then_some((a, b))
    };
    // Removed: faded whole (eyes too), crossed out at the middle.
    let mut faded = painter.clone();
    faded.multiply_opacity(0.3);
    for j in &proposal.removed {
        if let Some((a, b)) = ends(j) {
            paint::jump(&faded, a, b, unit, j.direction(), 1.0, c);
            let (m, r) = (a + (b - a) * 0.5, unit * 0.18);
            let cross = Stroke::new((unit * 0.06).max(1.5), ERROR);
            painter.line_segment([m + Vec2::new(-r, -r), m + Vec2::new(r, r)], cross);
            painter.line_segment([m + Vec2::new(-r, r), m + Vec2::new(r, -r)], cross);
        }
    }
    for j in &proposal.tuned.spec.jumps {
        let Some((a, b)) = ends(j) else { continue };
        if proposal.changed(j, design) {
            painter.line_segment([a, b], Stroke::new(unit * 0.4, paint::PROPOSED.gamma_multiply(0.4)));
        }
        paint::jump(painter, a, b, unit, j.drawn_as(), 1.0, c);
    }
}

/// The tuner's proposal's space effects in place of the design's, as its
/// jumps are: new or changed ones glowing, the ones it would remove faded.
fn draw_proposed_effects(
    painter: &egui::Painter,
    proposal: &crate::tune::Proposal,
    design: &[SpaceEffect],
    board: &CompiledBoard,
    t: Transform,
    clip: Rect,
    c: &Colours,
) {
    let mut faded = painter.clone();
    faded.multiply_opacity(0.3);
    draw_effects(&faded, &proposal.removed_effects, board, t, clip, c);
    let unit = t.zoom;
    for e in proposal.tuned.spec.effects.iter().filter(|e| !design.contains(e)) {
        let Some(pos) = board.position(e.space) else { continue };
        // Where `draw_effects` puts a space's first badge.
        let at = t.to_screen(board.points[pos as usize]) + Vec2::new(unit * 0.28, unit * 0.26);
        if clip.contains(at) {
            painter.circle_filled(at, unit * 0.32, paint::PROPOSED.gamma_multiply(0.45));
        }
    }
    draw_effects(painter, &proposal.tuned.spec.effects, board, t, clip, c);
}

/// The jumps `random_jumps` dealt for game 0 (after the design's own in
/// the compiled board): drawn faded, as they are not the design's to drag.
fn draw_dealt(painter: &egui::Painter, own: usize, board: &CompiledBoard, t: Transform, clip: Rect, c: &Colours) {
    let unit = t.zoom;
    for j in board.jumps.iter().filter(|j| matches!(j.origin, JumpOrigin::Jump(i) if i >= own)) {
        let (a, b) = (t.to_screen(board.points[j.from as usize]), t.to_screen(board.points[j.to as usize]));
        if !clip.intersects(Rect::from_two_pos(a, b).expand(unit)) {
            continue;
        }
        let kind = if j.to > j.from { JumpKind::Ladder } else { JumpKind::Snake };
        paint::jump(painter, a, b, unit, kind, 0.55, c);
    }
}

/// Grids have square tiles; tracks and free boards round ones.
fn board_kind(board: &CompiledBoard) -> Kind {
    // Grid centres sit at half units; a track or free board rarely does.
    let on_grid =
        board.points.iter().skip(1).all(|p| (p.x - 0.5).fract().abs() < 1e-4 && (p.y - 0.5).fract().abs() < 1e-4);
    if on_grid { Kind::Grid } else { Kind::Other }
}

fn draw_effects(
    p: &egui::Painter,
    effects: &[SpaceEffect],
    board: &CompiledBoard,
    t: Transform,
    clip: Rect,
    colours: &Colours,
) {
    let unit = t.zoom;
    let mut count = std::collections::HashMap::new();
    // A badge of the designer's stands for its space's effects.
    for (pos, own) in &board.badges {
        let c = t.to_screen(board.points[*pos as usize]);
        if clip.contains(c) {
            let fill = own.colour.map_or(Color32::from_rgb(40, 120, 200), |[r, g, b]| Color32::from_rgb(r, g, b));
            paint::badge(p, c + Vec2::new(unit * 0.28, unit * 0.26), unit, fill, &own.label, colours);
        }
    }
    for e in effects {
        let Some(pos) = board.position(e.space) else { continue };
        if board.badge(pos).is_some() {
            continue;
        }
        let c = t.to_screen(board.points[pos as usize]);
        if !clip.contains(c) {
            continue;
        }
        let k = count.entry(e.space).or_insert(0);
        let at = c + Vec2::new(unit * (0.28 - 0.3 * *k as f32), unit * 0.26);
        *k += 1;
        let [r, g, b] = e.effect.badge_rgb();
        let (fill, text) = (Color32::from_rgb(r, g, b), e.effect.badge());
        paint::badge(p, at, unit, fill, &text, colours);
    }
}

#[cfg(test)]
mod tests {
    use ladderkit::core::spec::{Effect, PathStyle, VariantSpec};

    use bevy_egui::egui::Modifiers;

    use super::super::testing::Editor;
    use super::*;

    #[test]
    fn the_brush_paints_go_to_and_back_to_start_spaces() {
        let mut e = Editor::new(VariantSpec::new_grid("brush", 6, 6, PathStyle::Boustrophedon));
        for (space, effect) in [(20, Effect::GoTo(7)), (33, Effect::ToStart)] {
            let intents = click(&Editor::frame(e.app.world()), Tool::Paint, Brush(effect), Some(space), None, None);
            e.send_all(intents);
        }
        assert_eq!(
            e.spec().effects,
            [SpaceEffect { space: 20, effect: Effect::GoTo(7) }, SpaceEffect { space: 33, effect: Effect::ToStart }]
        );
        // Erase on the space takes its effect; again, nothing is left.
        let intents = click(&Editor::frame(e.app.world()), Tool::Erase, Brush::default(), Some(20), None, None);
        e.send_all(intents);
        assert_eq!(e.spec().effects.len(), 1);
    }

    fn free(n: usize) -> VariantSpec {
        let mut spec = VariantSpec::new_grid("free", 4, 4, PathStyle::Boustrophedon);
        spec.board = Board::Free { spaces: (0..n).map(|i| Point { x: i as f32 * 2.0, y: 0.0 }).collect() };
        spec
    }

    fn spaces(e: &Editor) -> Vec<Point> {
        let Board::Free { spaces } = &e.spec().board else { panic!("not free-form") };
        spaces.clone()
    }

    #[test]
    fn shift_click_and_a_box_select_several_and_delete_takes_them_in_one_step() {
        let mut spec = VariantSpec::new_grid("many", 6, 6, PathStyle::Boustrophedon);
        spec.jumps = vec![Jump::new(2, 9), Jump::new(30, 12), Jump::new(3, 10)];
        spec.effects = vec![
            SpaceEffect { space: 4, effect: Effect::ExtraTurn },
            SpaceEffect { space: 20, effect: Effect::LoseTurns(1) },
        ];
        let mut e = Editor::new(spec.clone());
        let (a, b) = (e.space_on_screen(20), e.space_on_screen(4));
        e.click_board(a, Modifiers::NONE);
        e.click_board(b, Modifiers::SHIFT);
        assert_eq!(e.group(), [Selected::Space(20), Selected::Space(4)]);
        e.click_board(a, Modifiers::SHIFT);
        assert_eq!(e.group(), [Selected::Space(4)], "a second shift-click takes it out");
        assert_eq!(e.selected(), Selected::Space(4));

        // A box from space 1 to space 9 (four columns of two rows; the
        // second row runs back from 12): spaces 1–4 and 9–12 and the two
        // ladders wholly inside it, not the snake.
        let (from, to) = (e.space_on_screen(1), e.space_on_screen(9));
        let pad = egui::vec2(20.0, -20.0);
        e.drag_board(from - pad, to + pad, Modifiers::SHIFT);
        let mut got = e.group();
        got.sort_by_key(|s| format!("{s:?}"));
        let mut want: Vec<Selected> = [1, 2, 3, 4, 9, 10, 11, 12].map(Selected::Space).into();
        want.extend([Selected::Jump(0), Selected::Jump(2)]);
        want.sort_by_key(|s| format!("{s:?}"));
        assert_eq!(got, want);

        e.key(egui::Key::Delete);
        assert_eq!(e.spec().jumps, [Jump::new(30, 12)], "both ladders go, the snake outside stays");
        assert_eq!(e.spec().effects, [SpaceEffect { space: 20, effect: Effect::LoseTurns(1) }]);
        assert_eq!(e.group(), [], "nothing is left selected");
        e.ctrl(egui::Key::Z);
        assert_eq!(*e.spec(), spec, "one undo brings everything back");
    }

    #[test]
    fn selected_free_spaces_move_together_by_drag_and_by_keys() {
        let mut e = Editor::new(free(5));
        let before = spaces(&e);
        let (two, four) = (e.space_on_screen(2), e.space_on_screen(4));
        e.click_board(two, Modifiers::NONE);
        e.click_board(four, Modifiers::SHIFT);
        // Dragging one of them by a square and a half moves both.
        let unit = e.view.zoom;
        e.drag_board(four, four + egui::vec2(0.0, -1.5 * unit), Modifiers::NONE);
        let after = spaces(&e);
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            let dy = if i == 1 || i == 3 { 1.5 } else { 0.0 };
            assert!((a.x - b.x).abs() < 1e-3 && (a.y - b.y - dy).abs() < 1e-3, "space {}: {b:?} → {a:?}", i + 1);
        }
        assert_eq!(e.group().len(), 2, "they stay selected");
        e.key(egui::Key::ArrowRight);
        e.key(egui::Key::ArrowRight);
        let nudged = spaces(&e);
        assert!((nudged[1].x - after[1].x - 0.2).abs() < 1e-4 && (nudged[3].x - after[3].x - 0.2).abs() < 1e-4);
        assert_eq!(nudged[2], after[2]);
        e.ctrl(egui::Key::Z);
        assert_eq!(spaces(&e), before, "moving the same spaces on is one undo step, as for one space");
    }

    #[test]
    fn add_space_on_the_path_inserts_and_renumbers_what_follows() {
        let mut spec = free(4);
        spec.jumps = vec![Jump::new(1, 3), Jump::new(4, 2)];
        spec.effects = vec![SpaceEffect { space: 3, effect: Effect::GoTo(4) }];
        spec.names = vec![ladderkit::core::spec::SpaceName { space: 4, name: "Inn".into() }];
        let mut e = Editor::new(spec);
        e.tool = Tool::AddSpace;
        // Halfway between spaces 2 and 3.
        let (two, three) = (e.space_on_screen(2), e.space_on_screen(3));
        e.click_board(two + (three - two) * 0.5, Modifiers::NONE);
        let s = spaces(&e);
        assert_eq!(s.len(), 5);
        assert!((s[2].x - 3.0).abs() < 1e-3, "the new space 3 is where the click was: {:?}", s[2]);
        assert_eq!(e.spec().jumps, [Jump::new(1, 4), Jump::new(5, 2)], "jumps follow their spaces");
        assert_eq!(e.spec().effects, [SpaceEffect { space: 4, effect: Effect::GoTo(5) }]);
        assert_eq!(e.spec().names[0].space, 5, "and so do names");
        // Away from the path, a click adds at the end.
        let far = e.space_on_screen(5) + egui::vec2(0.0, 3.0 * e.view.zoom);
        e.click_board(far, Modifiers::NONE);
        assert_eq!(spaces(&e).len(), 6);
        assert_eq!(e.spec().jumps, [Jump::new(1, 4), Jump::new(5, 2)]);
    }

    #[test]
    fn removing_a_free_space_renumbers_names_and_go_tos_too() {
        let mut spec = free(5);
        spec.effects =
            vec![SpaceEffect { space: 4, effect: Effect::GoTo(2) }, SpaceEffect { space: 5, effect: Effect::GoTo(3) }];
        spec.names = vec![ladderkit::core::spec::SpaceName { space: 5, name: "Well".into() }];
        let mut e = Editor::new(spec);
        e.send(Intent::Edit(EditCommand::RemoveSpace(3)));
        assert_eq!(
            e.spec().effects,
            [SpaceEffect { space: 3, effect: Effect::GoTo(2) }],
            "a go-to the gone space goes"
        );
        assert_eq!(e.spec().names[0].space, 4);
    }

    #[test]
    fn a_badge_of_the_designers_is_drawn_in_place_of_the_effects() {
        let mut spec = VariantSpec::new_grid("badge", 6, 6, PathStyle::Boustrophedon);
        spec.effects = vec![
            SpaceEffect { space: 9, effect: Effect::LoseTurns(2) },
            SpaceEffect { space: 20, effect: Effect::LoseTurns(3) },
        ];
        let mut e = Editor::new(spec);
        let badge = ladderkit::core::spec::SpaceBadge { space: 9, label: "Inn".into(), colour: Some("#ffd700".into()) };
        e.send(Intent::Edit(EditCommand::SetBadge(9, Some(badge))));
        let texts = e.board_texts();
        assert!(texts.contains(&"Inn".to_owned()), "{texts:?}");
        assert!(!texts.contains(&"-2".to_owned()), "space 9's effect badge gives way");
        assert!(texts.contains(&"-3".to_owned()), "space 20 keeps its own");
        e.ctrl(egui::Key::Z);
        assert!(e.board_texts().contains(&"-2".to_owned()), "undone: the effect's badge is back");
    }
}

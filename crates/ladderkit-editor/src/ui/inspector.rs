//! The inspector: the selection, the variant's details and board, and every
//! rule option, each explained in its tooltip. Widgets edit a copy; a
//! changed copy becomes an edit command.

use bevy_egui::egui::{self, DragValue};
use ladderkit::core::spec::*;
use ladderkit::core::spec::{MAX_DICE, MAX_PLAYERS, SIDES};

use super::{Frame, doc_number, effect_numbers};
use crate::history::EditCommand;
use crate::intents::Intent;
use crate::selection::Selected;

pub(super) fn panel(ui: &mut egui::Ui, f: &Frame) -> Vec<Intent> {
    let mut out = Vec::new();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        egui::CollapsingHeader::new("Selection").default_open(true).show(ui, |ui| selection(ui, f, &mut out));
        egui::CollapsingHeader::new("Variant").default_open(true).show(ui, |ui| variant(ui, f, &mut out));
        egui::CollapsingHeader::new("Rules").default_open(true).show(ui, |ui| rules(ui, f, &mut out));
        egui::CollapsingHeader::new("Background picture")
            .default_open(f.doc.spec().background.is_some())
            .show(ui, |ui| background(ui, f, &mut out));
    });
    out
}

/// The tracing picture: which file, how opaque, how big, where.
fn background(ui: &mut egui::Ui, f: &Frame, out: &mut Vec<Intent>) {
    ui.horizontal(|ui| {
        if ui.button("Choose…").on_hover_text("A photo or scan of a board to trace (PNG or JPEG)").clicked() {
            out.push(Intent::BackgroundDialog);
        }
        if f.doc.spec().background.is_some()
            && ui.button("Remove").on_hover_text("The variant keeps no picture").clicked()
        {
            edit(out, EditCommand::SetBackground(None));
        }
    });
    let Some(old) = &f.doc.spec().background else {
        ui.label(
            egui::RichText::new(
                "Put a picture of a board under the grid to redraw it by tracing; only the editor shows it.",
            )
            .weak(),
        );
        return;
    };
    let mut b = old.clone();
    ui.label(egui::RichText::new(&b.path).monospace()).on_hover_text("Saved relative to the variant's folder");
    if let Some(Ok(p)) = &f.backdrop.picture {
        ui.label(egui::RichText::new(format!("{} × {} pixels", p.width, p.height)).weak());
    }
    ui.add(egui::Slider::new(&mut b.opacity, 0.0..=1.0).text("opacity"));
    ui.add(egui::Slider::new(&mut b.scale, 0.1..=4.0).logarithmic(true).text("scale"))
        .on_hover_text("1: as wide as the board's spaces");
    ui.horizontal(|ui| {
        ui.label("offset");
        ui.add(DragValue::new(&mut b.offset.x).speed(0.02).prefix("x "));
        ui.add(DragValue::new(&mut b.offset.y).speed(0.02).prefix("y "));
    })
    .response
    .on_hover_text("Moves the picture, in squares");
    if b != *old {
        edit(out, EditCommand::AdjustBackground(b));
    }
}

fn edit(out: &mut Vec<Intent>, command: EditCommand) {
    out.push(Intent::Edit(command));
}

/// The badge label field's id (the tests type into it).
pub(super) const BADGE_FIELD: &str = "inspector:badge";

/// The space's own badge: a label of up to three characters and a colour,
/// drawn in place of its effects' badges (on screen and in prints).
fn badge_row(ui: &mut egui::Ui, spec: &ladderkit::core::spec::VariantSpec, n: u32, out: &mut Vec<Intent>) {
    use ladderkit::core::spec::{MAX_BADGE_CHARS, SpaceBadge, parse_colour};
    let old = spec.badges.iter().find(|b| b.space == n);
    ui.horizontal(|ui| {
        ui.label("Badge");
        let mut label = old.map_or(String::new(), |b| b.label.clone());
        let field = egui::TextEdit::singleline(&mut label)
            .id(egui::Id::new(BADGE_FIELD))
            .hint_text("W, ☠…")
            .char_limit(MAX_BADGE_CHARS);
        ui.add(field.desired_width(48.0))
            .on_hover_text("Your own badge for this space, in place of its effects' badges (empty: theirs)");
        let mut rgb = old.and_then(|b| b.colour.as_deref()).and_then(parse_colour).unwrap_or([40, 120, 200]);
        let picked = ui.color_edit_button_srgb(&mut rgb).on_hover_text("The badge's colour").changed();
        let colour = if picked || old.is_some_and(|b| b.colour.is_some()) {
            Some(format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]))
        } else {
            None
        };
        let wanted = (!label.trim().is_empty()).then(|| SpaceBadge { space: n, label: label.clone(), colour });
        if wanted.as_ref() != old {
            // A colour with no label yet waits for the label.
            if wanted.is_some() || old.is_some() {
                edit(out, EditCommand::SetBadge(n, wanted));
            }
        }
    });
}

fn selection(ui: &mut egui::Ui, f: &Frame, out: &mut Vec<Intent>) {
    let spec = &f.doc.spec();
    // A problem with several culprits (a loop, the snakes that block the
    // goal): each one a click away, the others staying lit.
    if f.selection.jumps.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            ui.label("Culprits:");
            for &i in &f.selection.jumps {
                let Some(j) = spec.jumps.get(i) else { continue };
                let this = Selected::Jump(i);
                let text = format!("#{} {}→{}", i + 1, j.from, j.to);
                if ui.selectable_label(f.selection.selected == this, text).clicked() {
                    out.push(Intent::SelectCulprit(this));
                }
            }
        });
        ui.separator();
    }
    let group = &f.selection.group;
    if group.len() > 1 {
        let jumps = group.iter().filter(|s| matches!(s, Selected::Jump(_))).count();
        let spaces = group.len() - jumps;
        let free = matches!(spec.board, ladderkit::core::spec::Board::Free { .. });
        let what = match (spaces, jumps) {
            (s, 0) => format!("{s} spaces"),
            (0, j) => format!("{j} jumps"),
            (s, j) => format!("{s} spaces and {j} jumps"),
        };
        ui.label(egui::RichText::new(format!("{what} selected")).strong());
        let hint = if free {
            "Delete removes them all; drag one or use the arrow keys to move the spaces together."
        } else {
            "Delete removes the jumps, and the spaces' effects and arrows."
        };
        ui.label(egui::RichText::new(format!("{hint} Shift+click adds or removes one.")).small());
        if ui.button("Delete selected").clicked() {
            out.extend(crate::clipboard::delete_all(spec, group).map(Intent::Edit));
            out.push(Intent::Select(Selected::Nothing));
        }
        ui.separator();
        ui.label("Inspecting the last one clicked:");
    }
    match f.selection.selected {
        Selected::Nothing => {
            ui.label("Click a space or a jump to inspect it; Shift+click or Shift+drag to select several.");
        }
        Selected::Space(n) => {
            let board = &f.checks.compiled.board;
            let pos = board.position(n);
            let mut title = format!("Space {n}");
            if pos == Some(board.goal) {
                title.push_str(" (goal)");
            }
            if pos == Some(board.start) {
                title.push_str(" (start)");
            }
            ui.strong(title);
            ui.horizontal(|ui| {
                ui.label("Name");
                let old = spec.names.iter().find(|s| s.space == n).map_or("", |s| s.name.as_str());
                let mut name = old.to_owned();
                let field = egui::TextEdit::singleline(&mut name)
                    .hint_text("the bridge, the inn…")
                    .char_limit(ladderkit::core::spec::MAX_NAME_CHARS)
                    .desired_width(180.0);
                ui.add(field).on_hover_text("Shown on the board, in the play-test's words and in prints");
                if name != old {
                    edit(out, EditCommand::SetName(n, name));
                }
            });
            badge_row(ui, spec, n, out);
            for (i, e) in spec.effects.iter().enumerate().filter(|(_, e)| e.space == n) {
                ui.horizontal(|ui| {
                    let mut effect = e.effect;
                    effect_editor(ui, i, &mut effect);
                    if effect != e.effect {
                        edit(out, EditCommand::SetEffect(i, SpaceEffect { space: n, effect }));
                    }
                    if ui.small_button("Delete").on_hover_text("Delete this effect").clicked() {
                        edit(out, EditCommand::RemoveEffect(i));
                    }
                });
            }
            ui.horizontal_wrapped(|ui| {
                for effect in Effect::KINDS {
                    if ui.small_button(format!("+ {}", effect.kind_name())).clicked() {
                        edit(out, EditCommand::AddEffect(SpaceEffect { space: n, effect }));
                    }
                }
            });
            super::extras_inspector::space(ui, spec, n, out);
            for (i, j) in spec.jumps.iter().enumerate().filter(|(_, j)| j.from == n || j.to == n) {
                if ui.link(format!("{} {} → {}", j.direction().name(), j.from, j.to)).clicked() {
                    out.push(Intent::Select(Selected::Jump(i)));
                }
            }
        }
        Selected::Jump(i) => {
            let Some(jump) = spec.jumps.get(i) else { return };
            let mut j = *jump;
            ui.strong(format!("Jump #{}: a {}", i + 1, j.direction().name()));
            ui.horizontal(|ui| {
                ui.add(DragValue::new(&mut j.from).prefix("from "));
                ui.add(DragValue::new(&mut j.to).prefix("to "));
            });
            ui.horizontal(|ui| {
                ui.label("Drawn as").on_hover_text("Direction decides what a jump does; this only says how to draw it");
                ui.selectable_value(&mut j.kind, None, "its direction");
                ui.selectable_value(&mut j.kind, Some(JumpKind::Ladder), "ladder");
                ui.selectable_value(&mut j.kind, Some(JumpKind::Snake), "snake");
            });
            if j != *jump {
                edit(out, EditCommand::SetJump(i, j));
            }
            if ui.button("Delete jump").clicked() {
                edit(out, EditCommand::RemoveJump(i));
            }
        }
    }
}

fn effect_editor(ui: &mut egui::Ui, i: usize, effect: &mut Effect) {
    let (kinds, name) = (Effect::KINDS, Effect::kind_name);
    egui::ComboBox::from_id_salt(("effect", i)).selected_text(name(effect)).show_ui(ui, |ui| {
        for k in kinds {
            if ui.selectable_label(std::mem::discriminant(effect) == std::mem::discriminant(&k), name(&k)).clicked() {
                *effect = k;
            }
        }
    });
    // (Taken before the match lends out the number.)
    let (whole, signed) = (effect_numbers::<u32>(effect), effect_numbers::<i32>(effect));
    match effect {
        Effect::LoseTurns(n) | Effect::GoTo(n) | Effect::Points(n) => {
            ui.add(doc_number(n, whole));
        }
        Effect::MoveBy(n) => {
            ui.add(doc_number(n, signed));
        }
        Effect::ExtraTurn | Effect::ToStart | Effect::MoveAgain | Effect::Wait => {}
    }
}

fn variant(ui: &mut egui::Ui, f: &Frame, out: &mut Vec<Intent>) {
    let spec = &f.doc.spec();
    let mut meta = spec.meta.clone();
    ui.horizontal(|ui| {
        ui.label("Name");
        ui.text_edit_singleline(&mut meta.name);
    });
    ui.label("Description");
    ui.text_edit_multiline(&mut meta.description);
    ui.horizontal(|ui| {
        ui.label("Author");
        ui.text_edit_singleline(&mut meta.author);
    });
    if meta != spec.meta {
        edit(out, EditCommand::SetMeta(meta));
    }
    ui.separator();
    let mut board = spec.board.clone();
    match &mut board {
        Board::Grid { cols, rows, path } => {
            ui.horizontal(|ui| {
                ui.label("Grid");
                ui.add(doc_number(cols, 1..=500).prefix("cols "));
                ui.add(doc_number(rows, 1..=500).prefix("rows "));
            });
            egui::ComboBox::from_label("Path").selected_text(path.name()).show_ui(ui, |ui| {
                for p in PathStyle::ALL {
                    ui.selectable_value(path, p, p.name());
                }
            });
        }
        Board::Track { spaces, looped, first } => {
            ui.horizontal(|ui| {
                ui.label("Track");
                ui.add(doc_number(spaces, 1..=100_000).prefix("spaces "));
                ui.add(doc_number(first, 0..=1).prefix("first "));
            });
            ui.checkbox(looped, "Looped").on_hover_text("Drawn as a ring, like a score track");
        }
        Board::Free { spaces } => {
            ui.label(format!("Free-form: {} spaces (add, drag or erase them on the board)", spaces.len()));
        }
    }
    if board != spec.board {
        edit(out, EditCommand::SetBoard(board));
    }
    let mut start = spec.start;
    ui.horizontal(|ui| {
        ui.label("Start").on_hover_text("The tray is off the board: a roll of N lands on space N");
        let mut tray = start == Start::Tray;
        if ui.radio_value(&mut tray, true, "tray").clicked() {
            start = Start::Tray;
        }
        if ui.radio_value(&mut tray, false, "space").clicked() && start == Start::Tray {
            start = Start::Space(1);
        }
        if let Start::Space(n) = &mut start {
            ui.add(DragValue::new(n));
        }
    });
    if start != spec.start {
        edit(out, EditCommand::SetStart(start));
    }
    let mut goal = spec.goal;
    ui.horizontal(|ui| {
        ui.label("Goal");
        let mut last = goal == Goal::Last;
        if ui.radio_value(&mut last, true, "last space").clicked() {
            goal = Goal::Last;
        }
        if ui.radio_value(&mut last, false, "space").clicked() && goal == Goal::Last {
            goal = Goal::Space(f.checks.compiled.board.number(f.checks.compiled.board.goal).unwrap_or(1));
        }
        if let Goal::Space(n) = &mut goal {
            ui.add(DragValue::new(n));
        }
    });
    if goal != spec.goal {
        edit(out, EditCommand::SetGoal(goal));
    }
    ui.separator();
    super::deal_inspector::random_jumps(ui, spec, out);
}

fn rules(ui: &mut egui::Ui, f: &Frame, out: &mut Vec<Intent>) {
    let old = &f.doc.spec().rules;
    let mut r = old.clone();
    ui.horizontal(|ui| {
        ui.label("Players").on_hover_text("How many may play this variant");
        ui.add(doc_number(&mut r.players.min, 1..=MAX_PLAYERS).prefix("min "));
        ui.add(doc_number(&mut r.players.max, 1..=MAX_PLAYERS).prefix("max "));
    });
    ui.horizontal(|ui| {
        ui.label("Dice").on_hover_text("How many dice, of how many sides; classic play moves by their total");
        ui.add(doc_number(&mut r.dice.count, 1..=MAX_DICE));
        ui.label("d");
        ui.add(doc_number(&mut r.dice.sides, SIDES));
    });
    let overshoots = [
        (Overshoot::Forfeit, "roll is lost", "A roll past the goal is lost; the piece stays"),
        (Overshoot::Bounce, "bounce back", "Walk to the goal and back the rest, then take the jump where you land"),
        (Overshoot::ReachOrPass, "passing wins", "Reaching or passing the goal wins"),
    ];
    let shown = overshoots.iter().find(|o| o.0 == r.overshoot).map_or("", |o| o.1);
    egui::ComboBox::from_label("Overshoot")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (value, name, tip) in overshoots {
                ui.selectable_value(&mut r.overshoot, value, name).on_hover_text(tip);
            }
        })
        .response
        .on_hover_text("What happens when a roll would carry a piece past the goal");
    ui.horizontal(|ui| {
        ui.label("Entry").on_hover_text("How pieces leave the start tray");
        let mut on_roll = matches!(r.entry, Entry::OnRoll(_));
        ui.radio_value(&mut on_roll, false, "any roll").on_hover_text("A roll of N from the tray lands on space N");
        ui.radio_value(&mut on_roll, true, "only on").on_hover_text("Only this total enters, onto the first space");
        r.entry = match (on_roll, r.entry) {
            (false, _) => Entry::Direct,
            (true, Entry::OnRoll(t)) => Entry::OnRoll(t),
            (true, Entry::Direct) => Entry::OnRoll(6),
        };
        if let Entry::OnRoll(t) = &mut r.entry {
            ui.add(doc_number(t, 1..=160));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Extra turn").on_hover_text("Which rolls earn another turn (never after a winning move)");
        let mut kind = match r.extra_turn {
            None => 0,
            Some(ExtraTurnOn::Total(_)) => 1,
            Some(ExtraTurnOn::Doubles) => 2,
        };
        ui.radio_value(&mut kind, 0, "never");
        ui.radio_value(&mut kind, 1, "on a total of");
        // The total's field right after its choice, not after "doubles".
        if let (1, Some(ExtraTurnOn::Total(t))) = (kind, &mut r.extra_turn) {
            ui.add(doc_number(t, 1..=160));
        }
        ui.radio_value(&mut kind, 2, "on doubles");
        r.extra_turn = match (kind, r.extra_turn) {
            (1, Some(ExtraTurnOn::Total(t))) => Some(ExtraTurnOn::Total(t)),
            (1, _) => Some(ExtraTurnOn::Total(6)),
            (2, _) => Some(ExtraTurnOn::Doubles),
            _ => None,
        };
    });
    ui.horizontal(|ui| {
        let mut capped = r.max_consecutive_turns.is_some();
        ui.checkbox(&mut capped, "At most").on_hover_text("Caps turns in a row for one player, extra turns included");
        r.max_consecutive_turns = match (capped, r.max_consecutive_turns) {
            (true, Some(n)) => Some(n),
            (true, None) => Some(2),
            (false, _) => None,
        };
        if let Some(n) = &mut r.max_consecutive_turns {
            ui.add(doc_number(n, 1..=20));
        }
        ui.label("turns in a row");
    });
    ui.checkbox(&mut r.follow_chains, "Follow jump chains")
        .on_hover_text("A jump that lands on another jump's foot rides on");
    ui.checkbox(&mut r.shared_squares, "Pieces share squares")
        .on_hover_text("If off, a piece landing on others bumps them, as the Bump options below say");
    if !r.shared_squares && r.play.is_classic() {
        bump_options(ui, &mut r);
    }
    ui.horizontal(|ui| {
        ui.label("First player").on_hover_text("Who opens each game of a match");
        ui.radio_value(&mut r.first_player, FirstPlayer::Seat1, "seat 1");
        ui.radio_value(&mut r.first_player, FirstPlayer::Rotate, "rotates");
    });
    ui.separator();
    let mut treehouse = matches!(r.play, Play::Treehouse(_));
    if matches!(r.play, Play::ScoreTrack(_)) {
        ui.label("Score track: figures move by points scored (play it with `ladderkit scoreboard`)");
    } else {
        ui.checkbox(&mut treehouse, "Treehouse play").on_hover_text(
            "Two dice: one moves your piece, the other another player's; pieces stack (Bryan Stout, 2009)",
        );
    }
    match (&mut r.play, treehouse) {
        (Play::Classic, true) => {
            r.play = Play::Treehouse(Treehouse::default());
            r.dice.count = 2;
        }
        (Play::Treehouse(_), false) => r.play = Play::Classic,
        (Play::Treehouse(t), true) => {
            ui.horizontal(|ui| {
                ui.label("Lose a turn").on_hover_text("The two documented readings of a lose-a-turn space");
                ui.radio_value(&mut t.lose_turn, LoseTurnRule::Sideways, "lie down")
                    .on_hover_text("Nobody may move it; the owner's next turn stands the stack up");
                ui.radio_value(&mut t.lose_turn, LoseTurnRule::Upright, "stay upright").on_hover_text(
                    "Others may move it away; if still there, the owner rolls one die for another piece",
                );
            });
            ui.horizontal(|ui| {
                ui.label("Pyramids each").on_hover_text("One for the basic game, two or three for the team game");
                let mut n = t.pieces.len();
                ui.add(doc_number(&mut n, 1..=3));
                if n != t.pieces.len() {
                    t.pieces = (1..=n as u32).collect();
                }
            });
        }
        (Play::Classic, false) | (Play::ScoreTrack(_), _) => {}
    }
    if matches!(r.play, Play::Classic) {
        ui.separator();
        first_throws(ui, &mut r);
        ui.separator();
        super::extras_inspector::points(ui, f.doc.spec(), &mut r, out);
    }
    if r != *old {
        edit(out, EditCommand::SetRules(r));
    }
}

/// Who a landing bumps, where to and when (`Rules::bump`). Only a choice
/// the person changes is written, so showing the options never adds them.
fn bump_options(ui: &mut egui::Ui, r: &mut Rules) {
    let before = r.bump.unwrap_or_default();
    let mut b = before;
    ui.horizontal(|ui| {
        ui.label("Bump").on_hover_text("What a piece does to the pieces where it comes to rest");
        egui::ComboBox::from_id_salt("bump-who").selected_text(bump_who(b.who)).show_ui(ui, |ui| {
            for who in [BumpWho::All, BumpWho::Top] {
                ui.selectable_value(&mut b.who, who, bump_who(who));
            }
        });
        egui::ComboBox::from_id_salt("bump-to").selected_text(bump_to(b.to)).show_ui(ui, |ui| {
            for to in [BumpTo::Start, BumpTo::TurnStart, BumpTo::Swap] {
                ui.selectable_value(&mut b.to, to, bump_to(to));
            }
        });
        egui::ComboBox::from_id_salt("bump-when").selected_text(bump_when(b.when)).show_ui(ui, |ui| {
            for when in [BumpWhen::EachLanding, BumpWhen::EndOfTurn] {
                ui.selectable_value(&mut b.when, when, bump_when(when));
            }
        });
    });
    if b != before {
        r.bump = Some(b);
    }
}

fn bump_who(who: BumpWho) -> &'static str {
    match who {
        BumpWho::All => "everyone there",
        BumpWho::Top => "the last to arrive",
    }
}

fn bump_to(to: BumpTo) -> &'static str {
    match to {
        BumpTo::Start => "to the start",
        BumpTo::TurnStart => "to where the bumper began its turn",
        BumpTo::Swap => "trading places",
    }
}

fn bump_when(when: BumpWhen) -> &'static str {
    match when {
        BumpWhen::EachLanding => "on every landing",
        BumpWhen::EndOfTurn => "at the end of the turn",
    }
}

/// Throws from the start that go straight to a space (the Goose's 6 and 3
/// to 26): one face per die, then the space.
fn first_throws(ui: &mut egui::Ui, r: &mut Rules) {
    ui.label("First throws").on_hover_text(
        "A throw of these faces (in any order) by a piece on the start goes straight to the space (the Game of the \
         Goose: 6 and 3 to 26, 5 and 4 to 53)",
    );
    let mut remove = None;
    for (k, throw) in r.first_throw.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            for face in &mut throw.dice {
                ui.add(doc_number(face, 1..=*SIDES.end()));
            }
            ui.add(doc_number(&mut throw.to, 0..=u32::MAX).prefix("→ "));
            if ui.small_button("Delete").on_hover_text("Delete this first throw").clicked() {
                remove = Some(k);
            }
        });
    }
    if let Some(k) = remove {
        r.first_throw.remove(k);
    }
    if ui.small_button("+ first throw").clicked() {
        let faces = vec![r.dice.sides; r.dice.count as usize];
        r.first_throw.push(FirstThrow { dice: faces, to: 1 });
    }
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui::{self, Event, RawInput};
    use ladderkit::core::spec::{PathStyle, SpaceBadge, VariantSpec};

    use super::super::testing::Editor;
    use super::*;

    #[test]
    fn typing_a_badge_label_gives_the_space_its_own_badge() {
        let mut e = Editor::new(VariantSpec::new_grid("badge", 6, 6, PathStyle::Boustrophedon));
        e.send(Intent::Select(Selected::Space(9)));
        let frame_with = |e: &mut Editor, events: Vec<Event>| {
            let frame = Editor::frame(e.app.world());
            let mut asked = Vec::new();
            let input = RawInput {
                events,
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(400.0, 1000.0))),
                ..RawInput::default()
            };
            e.ctx.run_ui(input, |ui| asked = panel(ui, &frame)).drop_without_applying_deltas();
            asked
        };
        frame_with(&mut e, Vec::new());
        e.ctx.memory_mut(|m| m.request_focus(egui::Id::new(BADGE_FIELD)));
        let asked = frame_with(&mut e, vec![Event::Text("W".into())]);
        e.send_all(asked);
        assert_eq!(e.spec().badges, [SpaceBadge { space: 9, label: "W".into(), colour: None }]);
        // Emptied, the badge goes and the effects' badges are back.
        let asked = frame_with(
            &mut e,
            vec![Event::Key {
                key: egui::Key::Backspace,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            }],
        );
        e.send_all(asked);
        assert_eq!(e.spec().badges, []);
    }
}

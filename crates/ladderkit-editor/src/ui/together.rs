//! Play together: the window that hosts or joins a room, and the play
//! panel while in one (its link, the seats, the roll, the group's games).

use bevy_egui::egui::{self, Color32, RichText};
use ladderkit::room::protocol::{SeatView, Waiting};

use super::Frame;
use super::paint::seat_color;
use crate::intents::{Intent, PlayIntent, RoomIntent};
use crate::playtest::together::{BOTS, Room};

/// What the window holds while it is open: the link being pasted.
#[derive(Debug, Default)]
pub struct TogetherDraft {
    pub link: String,
}

/// Play › Play together…: host a room for the design, or join one by link.
pub(super) fn window(
    ctx: &egui::Context,
    f: &Frame,
    draft: &mut Option<TogetherDraft>,
    targets: &mut super::Targets,
) -> Vec<Intent> {
    let mut out = Vec::new();
    let Some(form) = draft else { return out };
    let mut open = true;
    egui::Window::new("Play together").open(&mut open).collapsible(false).show(ctx, |ui| {
        ui.label(
            "A room: everyone plays at their own screen from its link. This page's engine decides every turn; \
             the others roll for their own seats.",
        );
        let mut name = f.together.name.clone();
        ui.horizontal(|ui| {
            ui.label("Your name");
            if ui.text_edit_singleline(&mut name).changed() {
                out.push(Intent::Room(RoomIntent::Name(name.clone())));
            }
        });
        let mut server = f.together.server.clone();
        ui.horizontal(|ui| {
            ui.label("Signalling server");
            if ui.text_edit_singleline(&mut server).changed() {
                out.push(Intent::Room(RoomIntent::Server(server.clone())));
            }
        });
        ui.label(
            RichText::new("Run one with `ladderkit room-server` (docs/rooms.md); everyone must reach it.")
                .small()
                .weak(),
        );
        let seats = f.playtest.seats.len();
        let players = &f.doc.spec().rules.players;
        ui.horizontal(|ui| {
            ui.label("Seats");
            for n in players.min.max(1)..=players.max.clamp(1, 8) {
                let choice = ui.selectable_label(n as usize == seats, n.to_string());
                super::mark(targets, format!("room:seats:{n}"), &choice);
                if choice.clicked() {
                    out.push(Intent::Play(PlayIntent::Players(n as usize)));
                }
            }
        });
        let errors = f.checks.compiled.has_errors();
        let host = ui.add_enabled(!errors, egui::Button::new(format!("Open a room for {seats} seats")));
        super::mark(targets, "room:open", &host);
        if host.on_disabled_hover_text("Fix the errors first").clicked() {
            out.push(Intent::Room(RoomIntent::Open));
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("Room link");
            ui.text_edit_singleline(&mut form.link);
            if ui.add_enabled(!form.link.trim().is_empty(), egui::Button::new("Join")).clicked() {
                out.push(Intent::Room(RoomIntent::Join(form.link.trim().to_owned())));
            }
        });
        if let Some(why) = &f.together.error {
            ui.colored_label(Color32::from_rgb(226, 120, 60), why);
        }
    });
    if !open || f.together.room.is_some() {
        *draft = None;
    }
    out
}

/// The play panel in a room.
pub(super) fn panel(
    ui: &mut egui::Ui,
    f: &Frame,
    room: &Room,
    hover: &mut Option<usize>,
    targets: &mut super::Targets,
) -> Vec<Intent> {
    let mut out = Vec::new();
    let host = room.is_host();
    ui.label(RichText::new(if host { "Your room" } else { "In a room" }).strong());
    if let Some(why) = room.closed() {
        ui.colored_label(Color32::from_rgb(226, 150, 30), why);
    }
    match &room.link {
        Some(link) => {
            ui.horizontal(|ui| {
                let copy = ui.button("Copy link");
                super::mark(targets, "room:copy", &copy);
                if copy.on_hover_text(link.as_str()).clicked() {
                    ui.ctx().copy_text(link.clone());
                    let _ = crate::platform::copy_text(link);
                }
                ui.label(RichText::new("others join by it").weak());
            });
        }
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Reaching the signalling server…");
            });
        }
    }
    ui.separator();
    let seats = room.seats();
    let mine = room.my_seat();
    let playing = room.table().is_some_and(|t| t.waiting() != Waiting::Over);
    for (i, seat) in seats.iter().enumerate() {
        let i = i as u8;
        ui.horizontal(|ui| {
            let (r, painter) = ui.allocate_painter(egui::vec2(14.0, 14.0), egui::Sense::hover());
            painter.circle_filled(r.rect.center(), 6.0, seat_color(i));
            ui.label(seat_words(seat));
            if mine == Some(i) {
                ui.label(RichText::new("(you)").strong());
                if !playing && ui.button("Stand").clicked() {
                    out.push(Intent::Room(RoomIntent::Stand));
                }
            } else if *seat == SeatView::Empty && mine.is_none() && !playing {
                let sit = ui.button("Sit here");
                super::mark(targets, format!("room:sit:{}", i + 1), &sit);
                if sit.clicked() {
                    out.push(Intent::Room(RoomIntent::Sit(i)));
                }
            }
            if host && !playing && !matches!(seat, SeatView::Person { .. }) {
                let mut chosen = match seat {
                    SeatView::Bot { policy } => BOTS.iter().position(|b| b.name() == policy).map_or(0, |k| k + 1),
                    _ => 0,
                };
                let was = chosen;
                let label = |k: usize| if k == 0 { "empty".to_owned() } else { format!("bot: {}", BOTS[k - 1].name()) };
                let combo =
                    egui::ComboBox::from_id_salt(("room-seat", i)).selected_text(label(chosen)).show_ui(ui, |ui| {
                        for k in 0..=BOTS.len() {
                            let option = ui.selectable_value(&mut chosen, k, label(k));
                            super::mark(targets, format!("room:seat:{}:{}", i + 1, label(k)), &option);
                        }
                    });
                super::mark(targets, format!("room:seat:{}", i + 1), &combo.response);
                if chosen != was {
                    out.push(Intent::Room(RoomIntent::Bot(i, (chosen > 0).then(|| BOTS[chosen - 1]))));
                }
            }
        });
    }
    if host && !playing && room.closed().is_none() {
        let full = seats.iter().all(|s| *s != SeatView::Empty);
        let word =
            if room.record().games.is_empty() && room.table().is_none() { "Start the game" } else { "Next game" };
        let start = ui.add_enabled(full, egui::Button::new(word));
        super::mark(targets, "room:start", &start);
        if start.on_disabled_hover_text("Every seat needs a person or a bot").clicked() {
            out.push(Intent::Room(RoomIntent::Start));
        }
    }
    ui.separator();
    ui.horizontal(|ui| out.extend(super::play::speed(ui, f.playtest.speed, targets)));
    if let Some(session) = f.playing {
        out.extend(turn(ui, room, session, hover, targets));
    }
    group(ui, f, room);
    ui.horizontal(|ui| {
        let export = ui.add_enabled(!room.record().games.is_empty(), egui::Button::new("Export the games…"));
        super::mark(targets, "room:export", &export);
        if export.on_hover_text("Every game of the room, as `ladderkit replay` reads them").clicked() {
            out.push(Intent::ExportRecordDialog);
        }
        let leave = ui.button("Leave the room");
        super::mark(targets, "room:leave", &leave);
        if leave.clicked() {
            out.push(Intent::Room(RoomIntent::Leave));
        }
    });
    for note in room.notes().iter().rev().take(3) {
        ui.label(RichText::new(note).small().weak());
    }
    if let Some(session) = f.playing {
        super::play::log(ui, &session.log);
    }
    out
}

fn seat_words(seat: &SeatView) -> String {
    match seat {
        SeatView::Empty => "free".into(),
        SeatView::Person { name, covered: true, .. } => format!("{name} (away: a bot plays)"),
        SeatView::Person { name, away: true, .. } => format!("{name} (away)"),
        SeatView::Person { name, .. } => name.clone(),
        SeatView::Bot { policy } => format!("bot: {policy}"),
    }
}

/// The dice, and the roll or the picks when they are this person's.
fn turn(
    ui: &mut egui::Ui,
    room: &Room,
    session: &crate::playtest::Session,
    hover: &mut Option<usize>,
    targets: &mut super::Targets,
) -> Vec<Intent> {
    let mut out = Vec::new();
    super::play::dice(ui, session);
    let Some(table) = room.table() else { return out };
    if session.waiting() == crate::playtest::Waiting::Animation {
        ui.label("…");
        return out;
    }
    let name = |s: u8| session.names.get(s as usize).cloned().unwrap_or_default();
    match (table.waiting(), room.my_turn()) {
        (Waiting::Roll { .. }, Some(_)) => {
            let roll = ui.button(RichText::new("Roll (Space)").size(16.0));
            super::mark(targets, "play:roll", &roll);
            if roll.clicked() {
                out.push(Intent::Play(PlayIntent::Roll));
            }
        }
        (Waiting::Choice { .. }, Some(_)) => {
            ui.label("Choose how to use the dice");
            let state = table.state();
            for (i, plan) in table.plans().iter().enumerate() {
                let words = ladderkit::engine::narrate::describe_plan(table.engine(), &session.names, state, plan);
                let button = ui.button(format!("{}) {words}", i + 1));
                if button.hovered() {
                    *hover = Some(i);
                }
                if button.clicked() {
                    out.push(Intent::Play(PlayIntent::Choose(i)));
                }
            }
        }
        (Waiting::Roll { seat } | Waiting::Choice { seat }, None) => {
            ui.label(format!("{}'s turn", name(seat)));
        }
        (Waiting::Over, _) => {
            let winners: Vec<String> = table.state().winner_seats().map(name).collect();
            ui.label(RichText::new(format!("{} won!", winners.join(" and "))).size(18.0).strong());
        }
    }
    out
}

/// The group's games beside the exact figures for this table.
fn group(ui: &mut egui::Ui, f: &Frame, room: &Room) {
    let record = room.record();
    if record.games.is_empty() {
        return;
    }
    let seats = room.table().map(|t| t.engine().seats());
    let Some(seats) = seats else { return };
    ui.label(RichText::new("The group's games").strong());
    ui.label(group_line(f, record, seats));
}

/// "N games: mean R rounds (exact E); seat 1 won W (exact P%), …",
/// the exact figures where the Odds tab has them for this many seats.
pub(super) fn group_line(
    f: &Frame,
    record: &ladderkit::room::protocol::Record,
    seats: ladderkit::core::Seats,
) -> String {
    let summary = record.summary(seats);
    let exact = f.odds.latest.as_ref().and_then(|r| match &r.outcome {
        Ok(crate::odds::Figures::Exact(a)) if r.key.players == seats && a.interaction.is_none() => Some(&a.seats),
        _ => None,
    });
    let plural = if summary.games == 1 { "" } else { "s" };
    let mut line = format!("{} game{plural}: mean {:.1} rounds", summary.games, summary.mean_rounds);
    if let Some(odds) = exact {
        line += &format!(" (exact {:.1})", odds.expected_rounds);
    }
    for (seat, won) in summary.wins.iter().enumerate() {
        line += &format!("{} seat {} won {won}", if seat == 0 { ";" } else { "," }, seat + 1);
        if let Some(p) = exact.and_then(|o| o.win.get(seat)) {
            line += &format!(" (exact {})", crate::odds::seat_percent(*p));
        }
    }
    line
}

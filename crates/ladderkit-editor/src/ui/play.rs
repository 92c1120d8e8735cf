//! The play-test panel: who sits where, the dice, the choices a person has,
//! speed and autoplay, the move log and the winner. Shortcuts: Space rolls,
//! 1–9 pick a choice, R restarts, Esc goes back to editing.

use bevy_egui::egui::{self, Color32, RichText};
use ladderkit::engine::{Policy, Seat};

use super::Frame;
use super::paint::seat_color;
use crate::intents::{Intent, PlayIntent};
use crate::playtest::{ScoreSession, Session, Waiting};

/// Said before a seat goes to the perfect bot.
fn perfect_warning() -> String {
    let most = crate::playtest::perfect::PERFECT_UP_TO;
    format!(
        "Plays optimally, so the whole game is solved first: seconds for two seats (none at all if the Odds tab \
         solved it already), but three or more seats of Treehouse are usually too big. It gives up past {most} \
         positions (about {} MB) and lookahead plays instead; Cancel stops it sooner.",
        most * ladderkit::solve::Graph::BYTES_PER_POSITION / 1_000_000
    )
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::Human => "Person",
        Seat::Bot(Policy::Random) => "Bot: random",
        Seat::Bot(Policy::Greedy) => "Bot: greedy",
        Seat::Bot(Policy::Lookahead) => "Bot: lookahead",
        Seat::Bot(Policy::Perfect) => "Bot: perfect",
    }
}

pub(super) fn panel(
    ui: &mut egui::Ui,
    f: &Frame,
    hover: &mut Option<usize>,
    targets: &mut super::Targets,
) -> Vec<Intent> {
    let mut out = Vec::new();
    if let Some(room) = &f.together.room {
        return super::together::panel(ui, f, room, hover, targets);
    }
    if let Some(scores) = f.scores {
        return score_panel(ui, f, scores);
    }
    let Some(session) = f.playing else {
        ui.label("Press Play-test in the toolbar (F5) to play the design.");
        return out;
    };
    let pt = f.playtest;
    // Seats: change hands mid-game too ("take over a seat").
    ui.label(RichText::new("Seats").strong());
    let waiting = session.waiting();
    let current = session.shown().current;
    for (i, seat) in session.seats.iter().enumerate() {
        ui.horizontal(|ui| {
            let (r, painter) = ui.allocate_painter(egui::vec2(14.0, 14.0), egui::Sense::hover());
            painter.circle_filled(r.rect.center(), 6.0, seat_color(i as u8));
            let mut chosen = *seat;
            egui::ComboBox::from_id_salt(("seat", i)).selected_text(seat_name(*seat)).show_ui(ui, |ui| {
                for s in [
                    Seat::Human,
                    Seat::Bot(Policy::Random),
                    Seat::Bot(Policy::Greedy),
                    Seat::Bot(Policy::Lookahead),
                    Seat::Bot(Policy::Perfect),
                ] {
                    let option = ui.selectable_value(&mut chosen, s, seat_name(s));
                    if s == Seat::Bot(Policy::Perfect) {
                        option.on_hover_text(perfect_warning());
                    }
                }
            });
            if chosen != *seat {
                out.push(Intent::Play(PlayIntent::Seat(i, chosen)));
            }
            let pos = session.shown().pieces_of(i as u8).map(|k| session.board().label(session.shown().pieces[k].pos));
            ui.label(pos.collect::<Vec<_>>().join("+"));
            if session.board().has_extras() {
                let shown = session.shown();
                let upgraded = shown.pieces_of(i as u8).any(|k| shown.pieces[k].upgraded);
                let chips: u64 = shown.players[i].held.iter().sum();
                let mut text = format!("{} pts", shown.players[i].points);
                if chips > 0 {
                    text += &format!(", {chips} chips");
                }
                if upgraded {
                    text += ", upgraded";
                }
                ui.label(RichText::new(text).color(super::extras::CHIP.gamma_multiply(1.6)));
            }
            if i as u8 == current && waiting != Waiting::Over {
                ui.label(RichText::new("◀ to play").color(Color32::from_rgb(240, 196, 60)));
            }
        });
    }
    if let Some((status, done)) = session.perfect_status() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(status);
        });
        ui.horizontal(|ui| {
            ui.add(egui::ProgressBar::new(done).desired_width(200.0));
            let cancel = ui.button("Cancel");
            super::mark(targets, "play:cancel-perfect", &cancel);
            if cancel.on_hover_text("Stop solving; lookahead takes the perfect bot's seats").clicked() {
                out.push(Intent::Play(PlayIntent::CancelPerfect));
            }
        });
    }
    let rules = &f.doc.spec().rules;
    ui.horizontal(|ui| {
        let mut n = pt.seats.len();
        ui.label("Next game:");
        if ui.add(egui::DragValue::new(&mut n).range(rules.players.min.max(1)..=rules.players.max.max(1))).changed() {
            out.push(Intent::Play(PlayIntent::Players(n)));
        }
        ui.label("players, seed");
        let mut seed = pt.seed;
        if ui.add(egui::DragValue::new(&mut seed)).changed() {
            out.push(Intent::Play(PlayIntent::Seed(seed)));
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Restart (R)").on_hover_text("The same seed: the same dice").clicked() {
            out.push(Intent::Play(PlayIntent::Restart { new_seed: false }));
        }
        if ui.button("New game").on_hover_text("A new seed; the opener rotates if the rules say so").clicked() {
            out.push(Intent::Play(PlayIntent::Restart { new_seed: true }));
        }
    });
    ui.horizontal(|ui| {
        out.extend(speed(ui, pt.speed, targets));
        let mut auto = pt.autoplay;
        if ui.checkbox(&mut auto, "Autoplay bots").changed() {
            out.push(Intent::Play(PlayIntent::Autoplay(auto)));
        }
    });
    ui.separator();
    out.extend(turn_controls(ui, session, pt.begun, hover, targets));
    log(ui, &session.log);
    out
}

/// The animation's speed.
pub(super) fn speed(ui: &mut egui::Ui, speed: f32, targets: &mut super::Targets) -> Option<Intent> {
    let mut speed = speed;
    ui.label("Speed");
    let slider = ui.add(egui::Slider::new(&mut speed, 0.25..=8.0).logarithmic(true).suffix("×"));
    super::mark(targets, "play:speed", &slider);
    slider.changed().then_some(Intent::Play(PlayIntent::Speed(speed)))
}

/// The dice last rolled; grey faces while they roll.
pub(super) fn dice(ui: &mut egui::Ui, session: &Session) {
    if let Some((dice, count, rolling)) = session.dice_face() {
        ui.horizontal(|ui| {
            for d in dice.iter().take(count.max(1) as usize) {
                let text = RichText::new(format!(" {d} ")).size(26.0).strong().monospace();
                ui.label(if rolling { text.color(Color32::GRAY) } else { text });
            }
        });
    }
}

fn turn_controls(
    ui: &mut egui::Ui,
    session: &Session,
    begun: bool,
    hover: &mut Option<usize>,
    targets: &mut super::Targets,
) -> Vec<Intent> {
    let mut out = Vec::new();
    dice(ui, session);
    let name = |p: u8| session.names[p as usize].clone();
    match session.waiting() {
        Waiting::Animation => {
            ui.label("…");
        }
        Waiting::Roll { player } => {
            if !begun {
                ui.label("Set the seats, then roll to begin: the bots wait for the first roll.");
            }
            let roll = ui.button(RichText::new(format!("Roll for {} (Space)", name(player))).size(16.0));
            super::mark(targets, "play:roll", &roll);
            if roll.clicked() {
                out.push(Intent::Play(PlayIntent::Roll));
            }
        }
        Waiting::Choice { player } => {
            ui.label(format!("{}: choose how to use the dice", name(player)));
            for (i, label) in session.plan_labels().iter().enumerate() {
                let button = ui.button(format!("{}) {}", i + 1, label));
                if button.hovered() {
                    *hover = Some(i);
                }
                if button.clicked() {
                    out.push(Intent::Play(PlayIntent::Choose(i)));
                }
            }
            ui.label(RichText::new("Hover over a choice to see it on the board.").small().weak());
        }
        Waiting::Over => {
            let winners: Vec<String> = session.state().winner_seats().map(name).collect();
            ui.label(RichText::new(format!("{} won!", winners.join(" and "))).size(18.0).strong());
        }
    }
    out
}

/// Score tracks: type each player's points, end the turn, final scoring.
fn score_panel(ui: &mut egui::Ui, f: &Frame, scores: &ScoreSession) -> Vec<Intent> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        let range = &f.doc.spec().rules.players;
        let mut n = f.playtest.seats.len();
        ui.label("Players");
        if ui.add(egui::DragValue::new(&mut n).range(range.min.max(1)..=range.max.max(1))).changed() {
            out.push(Intent::Play(PlayIntent::Players(n)));
        }
        if ui.button("New game").on_hover_text("Start again from 0 with this many players").clicked() {
            out.push(Intent::Play(PlayIntent::Restart { new_seed: false }));
        }
    });
    ui.label(if scores.final_scoring {
        "Final scoring: points move figures, snakes and ladders do not."
    } else {
        "Enter the points scored this turn, then end the turn: snakes and ladders act after all scorings."
    });
    let id = ui.id().with("points");
    let mut points: Vec<u32> = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    points.resize(scores.names.len(), 0);
    egui::Grid::new("score-track").num_columns(4).striped(true).show(ui, |ui| {
        for (i, name) in scores.names.iter().enumerate() {
            let s = scores.shown()[i];
            let (r, painter) = ui.allocate_painter(egui::vec2(14.0, 14.0), egui::Sense::hover());
            painter.circle_filled(r.rect.center(), 6.0, seat_color(i as u8));
            ui.label(format!("{name}: {s} (lap {}, space {})", scores.board.lap(s), scores.board.space(s)));
            ui.add(egui::DragValue::new(&mut points[i]).range(0..=500));
            if ui.button("Score").clicked() && points[i] > 0 {
                out.push(Intent::Play(PlayIntent::Score(i, points[i])));
                points[i] = 0;
            }
            ui.end_row();
        }
    });
    ui.data_mut(|d| d.insert_temp(id, points));
    ui.horizontal(|ui| {
        if !scores.final_scoring {
            let end = ui.add_enabled(scores.this_turn > 0, egui::Button::new("End turn"));
            if end.on_hover_text("Figures on a ladder's foot climb, on a snake's head slide").clicked() {
                out.push(Intent::Play(PlayIntent::EndTurn));
            }
            if ui.button("Final scoring").on_hover_text("The game is over: score what is left").clicked() {
                out.push(Intent::Play(PlayIntent::FinalScoring));
            }
        }
    });
    log(ui, &scores.log);
    out
}

/// The move log, newest at the bottom.
pub(super) fn log(ui: &mut egui::Ui, lines: &[String]) {
    ui.separator();
    ui.label(RichText::new("Log").strong());
    egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
        for line in lines {
            ui.label(RichText::new(line).small());
        }
    });
}

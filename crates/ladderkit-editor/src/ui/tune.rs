//! The Tune panel: targets and limits as fields, Run and Stop, the search's
//! progress, and its proposal (before/after figures, the edits) to accept
//! as one undoable command or discard. The form is the panel's own state:
//! nothing here touches the design until Accept is clicked.

use bevy_egui::egui::{self, Color32, DragValue, RichText};
use ladderkit::analysis::Metrics;
use ladderkit::core::spec::MAX_PLAYERS;
use ladderkit::tune::Worse;

use super::Frame;
use crate::intents::Intent;
use crate::tune::{Proposal, TuneForm, TuneIntent};

pub(super) fn panel(ui: &mut egui::Ui, f: &Frame, form: &mut TuneForm, targets: &mut super::Targets) -> Vec<Intent> {
    let mut out = Vec::new();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.label(
            RichText::new(
                "Let the tuner move, add, remove and turn round jumps (and place space effects, where the limits below allow) until the exact odds meet your targets.",
            )
            .weak(),
        );
        if let Some(note) = ladderkit::tune::race_only_note(&f.checks.compiled.board, "the Odds tab") {
            ui.colored_label(Color32::from_rgb(226, 150, 30), format!("Note: {note}."));
        }
        let running = f.tuning.running();
        let request = form.request();
        ui.horizontal(|ui| {
            if running.is_some() {
                if ui.button("⏹ Stop").on_hover_text("Stop now and propose the best board found so far").clicked() {
                    out.push(Intent::Tune(TuneIntent::Stop));
                }
            } else {
                let can = request.is_ok() && !f.checks.compiled.has_errors() && !f.in_play;
                let run = ui.add_enabled(can, egui::Button::new("▶ Run"));
                super::mark(targets, "tune:run", &run);
                if let (true, Ok(r)) =
                    (run.on_hover_text("Search in the background; editing the board stops it").clicked(), &request)
                {
                    out.push(Intent::Tune(TuneIntent::Run(Box::new(r.clone()))));
                }
            }
            if let Err(why) = &request {
                ui.colored_label(Color32::from_rgb(226, 150, 30), why.as_str());
            }
        });
        if let Some(why) = &f.tuning.error {
            ui.colored_label(Color32::from_rgb(230, 90, 80), why.as_str());
        }
        if let Some((progress, used)) = running {
            let text = match progress {
                Some(p) => format!("{} candidates · best miss {}", p.evaluated, miss(p.best_score)),
                None => "starting…".into(),
            };
            ui.add(egui::ProgressBar::new(used as f32).text(text));
            if let Some(p) = progress {
                ui.label(RichText::new(format!("Best so far: {}", summary(&p.best))).small());
            }
        }
        if let Some(p) = &f.tuning.proposal {
            proposal(ui, f, p, &mut out);
        }
        ui.separator();
        egui::CollapsingHeader::new("Targets and limits")
            .default_open(true)
            .show(ui, |ui| ui.add_enabled_ui(running.is_none(), |ui| fields(ui, form)));
    });
    out
}

fn fields(ui: &mut egui::Ui, form: &mut TuneForm) {
    ui.strong("Targets");
    egui::Grid::new("tune-targets").num_columns(2).show(ui, |ui| {
        ui.checkbox(&mut form.turns.0, "Expected turns").on_hover_text("Turns one player needs, on average");
        ui.add(DragValue::new(&mut form.turns.1).range(1.0..=10_000.0).speed(0.5));
        ui.end_row();
        ui.checkbox(&mut form.p90.0, "p90 rolls").on_hover_text("90% of games are over within this many rolls");
        ui.add(DragValue::new(&mut form.p90.1).range(1..=100_000));
        ui.end_row();
        ui.checkbox(&mut form.min_rolls.0, "Fewest rolls ≥")
            .on_hover_text("The fastest possible game takes at least this many rolls");
        ui.add(DragValue::new(&mut form.min_rolls.1).range(1..=10_000));
        ui.end_row();
        ui.checkbox(&mut form.seat_edge.0, "Seat edge ≤")
            .on_hover_text("No seat wins more than this above a fair share (0.01: one percentage point)");
        ui.add(DragValue::new(&mut form.seat_edge.1).range(0.0..=0.5).speed(0.001).max_decimals(4));
        ui.end_row();
        ui.checkbox(&mut form.rides.0, "Expected rides").on_hover_text("Snakes and ladders one piece rides in a game");
        ui.add(DragValue::new(&mut form.rides.1).range(0.1..=1000.0).speed(0.1));
        ui.end_row();
        ui.checkbox(&mut form.lead_changes.0, "Lead changes").on_hover_text(
            "How often the piece in front changes hands in a two-player game (races whose pieces never meet)",
        );
        ui.add(DragValue::new(&mut form.lead_changes.1).range(0.1..=1000.0).speed(0.1));
        ui.end_row();
        ui.checkbox(&mut form.comeback.0, "Comeback %").on_hover_text(
            "How often the winner was alone last half-way through, at a table of Players (races whose pieces never meet)",
        );
        ui.add(DragValue::new(&mut form.comeback.1).range(1.0..=99.0).speed(0.1));
        ui.end_row();
        ui.checkbox(&mut form.decided_late.0, "Decided late %").on_hover_text(
            "How often a game at a table of Players is won with another seat one roll from winning (races whose pieces never meet)",
        );
        ui.add(DragValue::new(&mut form.decided_late.1).range(1.0..=99.0).speed(0.1));
        ui.end_row();
        ui.label("Players")
            .on_hover_text("The table for the seat edge, the comeback, late decisions and the seat odds shown");
        ui.add(DragValue::new(&mut form.players).range(2..=MAX_PLAYERS));
        ui.end_row();
        ui.label("Tolerance %").on_hover_text(
            "How close expected turns, p90, rides, lead changes, comebacks and late decisions must come",
        );
        ui.add(DragValue::new(&mut form.tolerance_percent).range(0.0..=50.0).speed(0.1));
        ui.end_row();
    });
    ui.strong("Limits");
    egui::Grid::new("tune-limits").num_columns(2).show(ui, |ui| {
        for (name, range) in [("Ladders", &mut form.ladders), ("Snakes", &mut form.snakes)] {
            range_row(ui, name, "Off: as many as the board has now", range, 10_000);
        }
        ui.label("Shortest jump").on_hover_text("Every jump spans at least this many spaces");
        ui.add(DragValue::new(&mut form.min_length).range(1..=10_000));
        ui.end_row();
        ui.checkbox(&mut form.no_chains, "No chains").on_hover_text("No jump may end on another jump's foot");
        ui.end_row();
        range_row(ui, "No feet on", "No jump may start on these spaces", &mut form.free, 1_000_000);
        ui.label("Keep my layout").on_hover_text(
            "How much each moved jump costs the search: at 0 an edit must buy a 0.2% gain, at 100 a 5% one",
        );
        ui.add(egui::Slider::new(&mut form.keep_layout, 0..=100).suffix("%"));
        ui.end_row();
        ui.label("Keep").on_hover_text("Jumps the tuner may not touch, as FROM-TO: 1-38, 16-6");
        ui.add(egui::TextEdit::singleline(&mut form.keep).hint_text("1-38, 16-6").desired_width(140.0));
        ui.end_row();
        let effects = [
            ("Lose-a-turn spaces", &mut form.lose_turns),
            ("Extra-turn spaces", &mut form.extra_turns),
            ("Setbacks", &mut form.setbacks),
            ("Shortcuts", &mut form.shortcuts),
            ("Geese", &mut form.geese),
        ];
        let how = "On: the tuner places, moves, re-values and removes such effects, between these counts; off: as many \
                   as the board has (all off: effects stay as they are)";
        for (name, range) in effects {
            range_row(ui, name, how, range, 10_000);
        }
        ui.label("Most turns lost").on_hover_text("The most turns one space may cost");
        ui.add(DragValue::new(&mut form.max_lose).range(1..=9));
        ui.end_row();
        range_row(ui, "No effects on", "The tuner places no effect on these spaces", &mut form.no_effect_on, 1_000_000);
        ui.label("Keep effects").on_hover_text("Spaces whose effects the tuner may not move, change or remove: 19, 58");
        ui.add(egui::TextEdit::singleline(&mut form.keep_effects).hint_text("19, 58").desired_width(140.0));
        ui.end_row();
    });
    ui.strong("Search");
    egui::Grid::new("tune-search").num_columns(2).show(ui, |ui| {
        ui.label("Seed").on_hover_text("The same seed gives the same search");
        ui.add(DragValue::new(&mut form.seed));
        ui.end_row();
        ui.label("At most (s)").on_hover_text("Stop after this long, or once every target is met");
        ui.add(DragValue::new(&mut form.seconds).range(0.5..=3600.0).speed(0.5));
        ui.end_row();
    });
}

fn proposal(ui: &mut egui::Ui, f: &Frame, p: &Proposal, out: &mut Vec<Intent>) {
    ui.separator();
    let amber = Color32::from_rgb(226, 150, 30);
    let (text, color) = match (p.tuned.met, Worse::of(&p.before, &p.after).any()) {
        (true, false) => ("Every target met", Color32::from_rgb(90, 190, 110)),
        (true, true) => ("Every target met, at a cost: see the figures in red", amber),
        (false, _) => ("Not every target met: the closest board found", amber),
    };
    ui.colored_label(color, text);
    ui.horizontal(|ui| {
        let label = format!("✔ Accept ({})", p.label());
        let accept = ui.add_enabled(!p.tuned.edits.is_empty() && !f.in_play, egui::Button::new(label));
        if accept.on_hover_text("Apply the edits as one step you can undo").clicked() {
            out.push(Intent::Edit(p.accept()));
        }
        if ui.button("✖ Discard").clicked() {
            out.push(Intent::Tune(TuneIntent::Discard));
        }
    });
    ui.label(
        RichText::new(format!(
            "{} candidates in {} · changed jumps and effects are highlighted on the board, removed ones faded",
            p.tuned.evaluated,
            if p.took.as_secs() >= 1 {
                format!("{:.1} s", p.took.as_secs_f64())
            } else {
                format!("{} ms", p.took.as_millis())
            }
        ))
        .small()
        .weak(),
    );
    egui::Grid::new("tune-proposal").num_columns(4).striped(true).show(ui, |ui| {
        ui.label("");
        ui.strong("before");
        ui.strong("after");
        ui.strong("target");
        ui.end_row();
        let targets = &p.goal.targets;
        let worse = Worse::of(&p.before, &p.after);
        let row = |ui: &mut egui::Ui, name: &str, b: Option<f64>, a: Option<f64>, digits: usize, got_worse: bool| {
            let cell = |v: Option<f64>| v.map_or("—".into(), |v| format!("{v:.digits$}"));
            ui.label(name);
            ui.label(RichText::new(cell(b)).monospace());
            let after = RichText::new(cell(a)).monospace();
            if got_worse {
                ui.label(after.color(Color32::from_rgb(230, 90, 80))).on_hover_text(WORSE);
            } else {
                ui.label(after);
            }
            match targets.iter().find(|t| t.name() == name) {
                Some(t) => {
                    let ok = t.met(&p.after, p.goal.tolerance);
                    ui.colored_label(
                        if ok { Color32::from_rgb(90, 190, 110) } else { Color32::from_rgb(230, 90, 80) },
                        format!("{} {}", t.wanted(), if ok { "✔" } else { "✖" }),
                    );
                }
                None => {
                    ui.label("");
                }
            }
            ui.end_row();
        };
        let (b, a) = (&p.before, &p.after);
        row(ui, "expected turns", b.expected_turns, a.expected_turns, 2, false);
        row(ui, "p90 rolls", b.percentile.map(f64::from), a.percentile.map(f64::from), 0, false);
        let fewest = (b.fewest_rolls.map(f64::from), a.fewest_rolls.map(f64::from));
        row(ui, "fewest rolls", fewest.0, fewest.1, 0, worse.fewest_rolls);
        row(ui, "expected rides", b.expected_rides, a.expected_rides, 2, false);
        row(ui, &format!("seat edge ({})", p.players), b.seat_edge, a.seat_edge, 4, worse.seat_edge);
        if b.lead_changes.is_some() || a.lead_changes.is_some() {
            row(ui, "lead changes (2 players)", b.lead_changes, a.lead_changes, 2, false);
        }
        if b.comeback.is_some() || a.comeback.is_some() {
            row(ui, &format!("comeback ({})", p.players), b.comeback, a.comeback, 4, false);
        }
        if b.photo_finish.is_some() || a.photo_finish.is_some() {
            row(ui, &format!("decided late ({})", p.players), b.photo_finish, a.photo_finish, 4, false);
        }
    });
    ui.label(RichText::new(format!("Edits ({})", p.tuned.edits.len())).strong());
    for e in p.tuned.edits.iter().take(40) {
        // The interface font has no arrow.
        ui.label(e.to_string());
    }
    if p.tuned.edits.len() > 40 {
        ui.label(RichText::new(format!("… and {} more", p.tuned.edits.len() - 40)).small().weak());
    }
}

/// Why a figure is red.
const WORSE: &str = "worse than before: a shorter fastest game, or a less fair table";

fn miss(score: f64) -> String {
    if score.is_finite() { format!("{:.2}%", score * 100.0) } else { "—".into() }
}

fn summary(m: &Metrics) -> String {
    let mut parts = Vec::new();
    if let Some(t) = m.expected_turns {
        parts.push(format!("{t:.2} turns"));
    }
    if let Some(p) = m.percentile {
        parts.push(format!("p90 {p}"));
    }
    if let Some(n) = m.fewest_rolls {
        parts.push(format!("fewest {n}"));
    }
    if let Some(e) = m.seat_edge {
        parts.push(format!("edge {e:.4}"));
    }
    if let Some(r) = m.expected_rides {
        parts.push(format!("{r:.2} rides"));
    }
    if let Some(l) = m.lead_changes {
        parts.push(format!("{l:.2} lead changes"));
    }
    parts.join(" · ")
}

/// A limit switched on with a range: a checkbox and FROM to TO.
fn range_row(ui: &mut egui::Ui, name: &str, hover: &str, (on, lo, hi): &mut (bool, u32, u32), most: u32) {
    ui.checkbox(on, name).on_hover_text(hover);
    ui.horizontal(|ui| {
        ui.add_enabled(*on, DragValue::new(lo).range(0..=most));
        ui.label("to");
        ui.add_enabled(*on, DragValue::new(hi).range(0..=most));
    });
    ui.end_row();
}

//! Inspector widgets for points, chips, tags and arrows. Like the rest of
//! the inspector they edit copies and return edit commands.

use bevy_egui::egui::{self, DragValue};
use ladderkit::core::spec::*;

use super::doc_number;
use crate::history::EditCommand;
use crate::intents::Intent;

fn edit(out: &mut Vec<Intent>, command: EditCommand) {
    out.push(Intent::Edit(command));
}

/// The arrows and tags of space `n`.
pub(super) fn space(ui: &mut egui::Ui, spec: &VariantSpec, n: u32, out: &mut Vec<Intent>) {
    for (i, a) in spec.arrows.iter().enumerate().filter(|(_, a)| a.space == n) {
        ui.horizontal(|ui| {
            let mut arrow = *a;
            arrow_editor(ui, i, &mut arrow);
            if arrow != *a {
                edit(out, EditCommand::SetArrow(i, arrow));
            }
            if ui.small_button("Delete").on_hover_text("Delete this arrow").clicked() {
                edit(out, EditCommand::RemoveArrow(i));
            }
        });
    }
    if !spec.arrows.iter().any(|a| a.space == n)
        && ui
            .small_button("+ arrow")
            .on_hover_text("An arrow pointing at a neighbour (Carcassonne 20th Anniversary)")
            .clicked()
    {
        edit(out, EditCommand::AddArrow(Arrow { space: n, points: Direction::Up, kind: ArrowKind::ExtraTurn }));
    }
    ui.horizontal(|ui| {
        ui.label("Tags").on_hover_text("Where hidden chips may not be placed, and where nobody is bumped");
        for (tag, label, tip) in [
            (Tag::NoChip, "no chip", "No chip on this space (a large city)"),
            (Tag::KeepClear, "keep clear", "No chip on this space nor beside it (a start square)"),
            (Tag::Safe, "safe", "Nobody is bumped here (races whose squares cannot be shared)"),
        ] {
            let mut on = spec.tags.iter().any(|t| t.tag == tag && t.spaces.contains(&n));
            if ui.checkbox(&mut on, label).on_hover_text(tip).changed() {
                edit(out, EditCommand::SetTags(with_tag(&spec.tags, tag, n, on)));
            }
        }
    });
}

/// `tags` with space `n` in or out of `tag`'s list (empty lists go).
fn with_tag(tags: &[SpaceTags], tag: Tag, n: u32, on: bool) -> Vec<SpaceTags> {
    let mut tags = tags.to_vec();
    match tags.iter_mut().find(|t| t.tag == tag) {
        Some(t) if on => t.spaces.push(n),
        Some(t) => t.spaces.retain(|s| *s != n),
        None if on => tags.push(SpaceTags { tag, spaces: vec![n] }),
        None => {}
    }
    tags.retain(|t| !t.spaces.is_empty());
    tags
}

fn arrow_editor(ui: &mut egui::Ui, i: usize, a: &mut Arrow) {
    egui::ComboBox::from_id_salt(("arrow dir", i)).selected_text(a.points.name()).width(60.0).show_ui(ui, |ui| {
        for d in Direction::ALL {
            ui.selectable_value(&mut a.points, d, d.name());
        }
    });
    let name = |k: &ArrowKind| match k {
        ArrowKind::DoubleUp => "double up",
        ArrowKind::Deploy { .. } => "deploy",
        ArrowKind::ExtraTurn => "extra turn",
    };
    egui::ComboBox::from_id_salt(("arrow kind", i)).selected_text(name(&a.kind)).show_ui(ui, |ui| {
        for k in [ArrowKind::DoubleUp, ArrowKind::Deploy { from: 1, to: a.space.max(2) }, ArrowKind::ExtraTurn] {
            let same = std::mem::discriminant(&a.kind) == std::mem::discriminant(&k);
            if ui.selectable_label(same, name(&k)).clicked() && !same {
                a.kind = k;
            }
        }
    });
    if let ArrowKind::Deploy { from, to } = &mut a.kind {
        ui.add(DragValue::new(from).prefix("from "));
        ui.add(DragValue::new(to).prefix("to "));
    }
}

/// The win rule (into `rules`) and the chip bag.
pub(super) fn points(ui: &mut egui::Ui, spec: &VariantSpec, rules: &mut Rules, out: &mut Vec<Intent>) {
    ui.horizontal(|ui| {
        ui.label("Win").on_hover_text("Who wins when points are played (chips, arrows, Points spaces)");
        let mut kind = match rules.win {
            Win::FirstHome => 0,
            Win::MostPoints => 1,
            Win::TargetScore(_) => 2,
        };
        ui.radio_value(&mut kind, 0, "first home");
        ui.radio_value(&mut kind, 1, "most points").on_hover_text("When the first piece is home");
        ui.radio_value(&mut kind, 2, "first to");
        rules.win = match (kind, rules.win) {
            (2, Win::TargetScore(t)) => Win::TargetScore(t),
            (2, _) => Win::TargetScore(15),
            (1, _) => Win::MostPoints,
            _ => Win::FirstHome,
        };
        if let Win::TargetScore(t) = &mut rules.win {
            ui.add(doc_number(t, 1..=9999).suffix(" pts"));
        }
    });
    let old = &spec.chips;
    let mut chips = old.clone();
    let mut on = chips.is_some();
    ui.checkbox(&mut on, "Hidden chips").on_hover_text("Face-down point chips (Carcassonne Maps, Taiwan)");
    chips = match (on, chips) {
        (false, _) => None,
        (true, Some(c)) => Some(c),
        (true, None) => Some(Chips {
            values: vec![ChipCount { value: 1, count: 6 }, ChipCount { value: 2, count: 4 }],
            layout: ChipLayout::Random { seed: 1 },
            upgrade: Some(Upgrade { cost: 4, power: Power::DoublePoints }),
        }),
    };
    if let Some(c) = &mut chips {
        chips_editor(ui, c);
    }
    if chips != *old {
        edit(out, EditCommand::SetChips(chips));
    }
}

fn chips_editor(ui: &mut egui::Ui, c: &mut Chips) {
    for (k, v) in c.values.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.add(doc_number(&mut v.count, 0..=9999).suffix(" chips"));
            ui.add(doc_number(&mut v.value, 1..=99).prefix("worth ")).on_hover_text(format!("Bag entry {}", k + 1));
        });
    }
    match &mut c.layout {
        ChipLayout::Random { seed } => {
            ui.horizontal(|ui| {
                ui.label("Dealt at random each game, seed");
                ui.add(DragValue::new(seed));
            });
        }
        ChipLayout::Placed(spaces) => {
            ui.label(format!("Placed by hand on {} spaces (edit the list in the file)", spaces.len()));
        }
    }
    let mut upgrade = c.upgrade.is_some();
    ui.checkbox(&mut upgrade, "Upgrades").on_hover_text("Chips worth exactly the cost buy a one-off power");
    c.upgrade = match (upgrade, c.upgrade) {
        (false, _) => None,
        (true, Some(u)) => Some(u),
        (true, None) => Some(Upgrade { cost: 4, power: Power::DoublePoints }),
    };
    if let Some(u) = &mut c.upgrade {
        ui.horizontal(|ui| {
            ui.add(doc_number(&mut u.cost, 1..=1000).prefix("cost "));
            let name = |p: &Power| match p {
                Power::DoublePoints => "double points",
                Power::Boost(_) => "boost",
                Power::SnakeImmunity => "snake immunity",
            };
            egui::ComboBox::from_id_salt("power").selected_text(name(&u.power)).show_ui(ui, |ui| {
                for p in [Power::DoublePoints, Power::Boost(2), Power::SnakeImmunity] {
                    let same = std::mem::discriminant(&u.power) == std::mem::discriminant(&p);
                    if ui.selectable_label(same, name(&p)).clicked() && !same {
                        u.power = p;
                    }
                }
            });
            if let Power::Boost(n) = &mut u.power {
                ui.add(doc_number(n, 1..=20).suffix(" spaces"));
            }
        });
    }
}

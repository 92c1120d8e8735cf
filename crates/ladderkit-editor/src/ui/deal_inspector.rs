//! The inspector's "dealt afresh each game" block: how many snakes and
//! ladders `random_jumps` deals, within which limits, and Deal again (the
//! next seed). The board shows the layout the seed deals for game 0.

use bevy_egui::egui;
use ladderkit::core::spec::{RandomJumps, VariantSpec};

use super::doc_number;
use crate::history::EditCommand;
use crate::intents::Intent;

pub(super) fn random_jumps(ui: &mut egui::Ui, spec: &VariantSpec, out: &mut Vec<Intent>) {
    let old = &spec.random_jumps;
    let mut random = old.clone();
    let mut on = random.is_some();
    ui.checkbox(&mut on, "Deal snakes and ladders afresh each game").on_hover_text(
        "Besides the jumps drawn here, each game gets its own, dealt from the seed and the game's number (never a \
         loop or an unreachable goal); the board shows game 0's",
    );
    random = match (on, random) {
        (false, _) => None,
        (true, Some(r)) => Some(r),
        (true, None) => Some(RandomJumps {
            seed: 1,
            ladders: 8,
            snakes: 8,
            min_length: 5,
            max_length: Some(40),
            no_chains: true,
            free: Vec::new(),
        }),
    };
    if let Some(r) = &mut random {
        ui.horizontal(|ui| {
            ui.add(doc_number(&mut r.ladders, 0..=200).suffix(" ladders"));
            ui.add(doc_number(&mut r.snakes, 0..=200).suffix(" snakes"));
        });
        ui.horizontal(|ui| {
            ui.add(doc_number(&mut r.min_length, 1..=9999).prefix("length ≥ "));
            let mut capped = r.max_length.is_some();
            ui.checkbox(&mut capped, "≤");
            r.max_length = match (capped, r.max_length) {
                (false, _) => None,
                (true, Some(m)) => Some(m),
                (true, None) => Some(r.min_length.max(40)),
            };
            if let Some(max) = &mut r.max_length {
                ui.add(doc_number(max, 1..=9999));
            }
        });
        ui.checkbox(&mut r.no_chains, "No jump ends on another's foot");
        ui.horizontal(|ui| {
            ui.label(format!("Seed {}", r.seed));
            if ui.button("Deal again").on_hover_text("The next seed: every game gets a new board").clicked() {
                r.seed = r.seed.wrapping_add(1);
            }
        });
    }
    if random != *old {
        out.push(Intent::Edit(EditCommand::SetRandomJumps(random)));
    }
}

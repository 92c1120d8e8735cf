//! Any game log, replayed against the bundled Treehouse and Taiwan variants.
#![no_main]

use ladderkit_core::{check_source, compile, variant_hash};
use ladderkit_engine::Engine;
use ladderkit_engine::replay::{GameLog, replay};
use libfuzzer_sys::fuzz_target;

const VARIANTS: [&str; 2] =
    [include_str!("../../variants/treehouse.ron"), include_str!("../../variants/taiwan-chips.ron")];

fuzz_target!(|data: &[u8]| {
    let Ok(log) = serde_json::from_slice::<GameLog>(data) else { return };
    if log.decisions.len() > 10_000 {
        return;
    }
    for text in VARIANTS {
        let spec = check_source(text).spec.unwrap();
        let compiled = compile(&spec);
        let Ok(players) = ladderkit_core::Seats::from_len(log.seats.len()) else { continue };
        let Ok(engine) = Engine::new(&compiled, players) else { continue };
        let _ = replay(&engine, variant_hash(&spec), &log, &mut ());
    }
});

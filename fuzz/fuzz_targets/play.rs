//! Whatever compiles without errors: a few seeded games by bots, and the
//! exact analysis of small boards.
#![no_main]

use ladderkit::core::compile::MAX_PLAYERS;
use ladderkit::engine::{Engine, Policy, Workspace, bots::BotScratch, play_bot_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let checked = ladderkit::core::check_source(text);
    let (Some(compiled), false) = (checked.compiled.as_ref(), checked.has_errors()) else { return };
    // Keep each run short: the limits allow boards far larger than this.
    if compiled.board.len > 2_000 || compiled.board.jumps.len() > 500 {
        return;
    }
    let seats = [Policy::Greedy, Policy::Random, Policy::Greedy, Policy::Random];
    for n in [1u32, 2, 4] {
        let Ok(engine) = Engine::new(compiled, n, (1, MAX_PLAYERS)) else { continue };
        let (mut ws, mut bot) = (Workspace::default(), BotScratch::default());
        for game in 0..3 {
            let _ = play_bot_game(&engine, &seats[..n as usize], 7, game, &mut ws, &mut bot, &mut (), None);
        }
    }
    if compiled.board.len <= 300 {
        let options = ladderkit::analysis::Options { players: 3, max_steps: 20_000, ..Default::default() };
        let _ = ladderkit::analysis::analyze(compiled, &options);
    }
});

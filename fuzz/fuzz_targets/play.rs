//! Whatever compiles without errors: a few seeded games by bots, and the
//! exact analysis of small boards.
#![no_main]

use ladderkit::engine::{Engine, GameRng, Policy, Workspace, bots::BotScratch, play_turn};
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
        let Ok(seats) = ladderkit::core::Seats::new(n) else { continue };
        let Ok(engine) = Engine::new(compiled, seats) else { continue };
        let (mut ws, mut bot) = (Workspace::default(), BotScratch::default());
        // As `play_bot_game`, with a shorter turn cap: some valid games never
        // end (the engine stops them at a million turns), and the fuzzer
        // should spend its time elsewhere.
        for game in 0..3 {
            let mut state = engine.new_game(game);
            let mut dice = GameRng::for_game(7, game);
            let mut choices = dice.fork(1);
            for _ in 0..20_000 {
                if state.is_over() {
                    break;
                }
                play_turn(&engine, &mut state, &mut dice, &mut ws, &mut (), |s, plans| {
                    seats[s.current as usize].choose(&engine, s, plans, &mut choices, &mut bot)
                });
            }
        }
    }
    if compiled.board.len <= 300 {
        let options = ladderkit::analysis::Options { seats: ladderkit::core::Seats::new(3).unwrap(), max_steps: 20_000, ..Default::default() };
        let _ = ladderkit::analysis::analyze(compiled, &options);
    }
});

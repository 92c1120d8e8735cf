//! The Ladderkit rules engine: plays any variant turn by turn.
//!
//! Pure and deterministic: `State` + `Plan` + the engine's turn functions,
//! with the random numbers passed in (`GameRng`, a named portable
//! generator). Every step emits `Event`s for animation, logs and replays.
//! Bots choose through the same interface as people.

pub mod bots;
mod engine;
pub mod event;
pub mod narrate;
mod next_turn;
pub mod replay;
pub use ladderkit_core::rng;
pub mod scoreboard;
pub mod sink;
pub mod state;

pub use bots::{Lineup, Policy, Seat};
pub use engine::{Engine, EngineError, Move, Plan, Turn, Workspace, extras};
pub use event::{Event, Why};
pub use extras::ArrowUse;
pub use ladderkit_core::TRAY;
pub use next_turn::NextTurn;
pub use rng::GameRng;
pub use sink::EventSink;
pub use state::{Piece, PlayerState, State, TurnKind};

/// A safety stop for games that would run forever (a variant can make
/// every piece wait); no real game comes near it.
pub const MAX_TURNS: usize = 1_000_000;

/// Plays one whole turn, asking `choose` when the rules give a choice.
/// `choose` gets the legal plans (never empty) and returns an index.
pub fn play_turn(
    engine: &Engine,
    state: &mut State,
    rng: &mut GameRng,
    ws: &mut Workspace,
    ev: &mut impl EventSink,
    choose: impl FnMut(&State, &[Plan]) -> usize,
) {
    if engine.begin_turn(state, rng, ev) == Turn::Choose {
        play_choice(engine, state, ws, ev, choose);
    }
}

/// Ends a turn that left a choice (`Turn::Choose`): lists the plans, asks
/// `choose` when there is more than one, and applies the pick.
pub fn play_choice(
    engine: &Engine,
    state: &mut State,
    ws: &mut Workspace,
    ev: &mut impl EventSink,
    mut choose: impl FnMut(&State, &[Plan]) -> usize,
) {
    engine.legal_plans(state, ws);
    let pick = if ws.plans.len() == 1 { 0 } else { choose(state, &ws.plans).min(ws.plans.len() - 1) };
    let plan = ws.plans[pick];
    engine.apply(state, &plan, ev);
}

/// Plays a whole game with bots in every seat. Dice come from
/// `GameRng::for_game(seed, game)`, bot choices from a separate stream, so
/// `decisions` (when given) replay the game exactly.
#[allow(clippy::too_many_arguments)] // reason: a game's every input, by reference, to keep the hot loop allocation-free
pub fn play_bot_game(
    engine: &Engine,
    seats: &[Policy],
    seed: u64,
    game: u64,
    ws: &mut Workspace,
    bot: &mut bots::BotScratch,
    ev: &mut impl EventSink,
    mut decisions: Option<&mut Vec<u32>>,
) -> State {
    let mut state = engine.new_game(game);
    let mut dice = GameRng::for_game(seed, game);
    let mut choices = dice.fork(1);
    let mut turns = 0;
    while !state.is_over() && turns < MAX_TURNS {
        turns += 1;
        play_turn(engine, &mut state, &mut dice, ws, ev, |s, plans| {
            let pick = seats[s.current as usize].choose(engine, s, plans, &mut choices, bot);
            if let Some(log) = decisions.as_deref_mut() {
                log.push(pick as u32);
            }
            pick
        });
    }
    state
}

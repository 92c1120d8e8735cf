//! A game is its variant's hash, the seed and the decisions taken; from
//! those the engine replays it event by event.

use serde::{Deserialize, Serialize};

use crate::engine::{Engine, Turn, Workspace};
use crate::event::Event;
use crate::rng::GameRng;
use crate::sink::EventSink;
use crate::state::State;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLog {
    /// The variant's name, for people; the hash is what is checked.
    pub variant: String,
    /// `variant_hash` of the variant, in hex.
    pub variant_hash: String,
    pub seed: u64,
    /// Which game of a match (decides the opener when it rotates).
    pub game: u64,
    /// Who sat where: `human`, `bot:greedy`, …
    pub seats: Vec<String>,
    /// The index of the chosen plan at every turn that had a choice.
    pub decisions: Vec<u32>,
    /// Seats that won, when the game was finished.
    pub winners: Vec<u8>,
}

impl GameLog {
    pub fn new(variant: &str, hash: u64, seed: u64, game: u64, seats: Vec<String>) -> Self {
        Self {
            variant: variant.to_owned(),
            variant_hash: format!("{hash:016x}"),
            seed,
            game,
            seats,
            decisions: Vec::new(),
            winners: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    VariantChanged { logged: String, now: String },
    Seats { logged: usize, engine: u8 },
    BadDecision { turn: usize, index: u32, choices: usize },
    OutOfDecisions { turn: usize },
    WinnersDiffer { logged: Vec<u8>, replayed: Vec<u8> },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::VariantChanged { logged, now } => write!(
                f,
                "the variant changed since this game was played (hash {logged} in the log, {now} now); \
                 replay it with the variant file it was played on"
            ),
            Self::Seats { logged, engine } => {
                write!(f, "the log has {logged} seats but the game was set up for {engine}")
            }
            Self::BadDecision { turn, index, choices } => {
                write!(f, "turn {turn}: the log chose option {index} of {choices}; the log does not match this game")
            }
            Self::OutOfDecisions { turn } => write!(f, "turn {turn} needs a decision the log does not have"),
            Self::WinnersDiffer { logged, replayed } => {
                write!(f, "the replay ended with winners {replayed:?}, the log says {logged:?}")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays a logged game, sending every event to `ev`.
pub fn replay(engine: &Engine, hash: u64, log: &GameLog, ev: &mut impl EventSink) -> Result<State, ReplayError> {
    let now = format!("{hash:016x}");
    if log.variant_hash != now {
        return Err(ReplayError::VariantChanged { logged: log.variant_hash.clone(), now });
    }
    if log.seats.len() != engine.players() as usize {
        return Err(ReplayError::Seats { logged: log.seats.len(), engine: engine.players() });
    }
    let mut state = engine.new_game(log.game);
    let mut rng = GameRng::for_game(log.seed, log.game);
    let mut ws = Workspace::default();
    let mut decisions = log.decisions.iter();
    let mut turn = 0;
    while !state.is_over() && turn < crate::MAX_TURNS {
        turn += 1;
        if engine.begin_turn(&mut state, &mut rng, ev) != Turn::Choose {
            continue;
        }
        engine.legal_plans(&state, &mut ws);
        let pick = if ws.plans.len() == 1 {
            0
        } else {
            let index = *decisions.next().ok_or(ReplayError::OutOfDecisions { turn })?;
            if index as usize >= ws.plans.len() {
                return Err(ReplayError::BadDecision { turn, index, choices: ws.plans.len() });
            }
            index as usize
        };
        let plan = ws.plans[pick];
        engine.apply(&mut state, &plan, ev);
    }
    let replayed: Vec<u8> = state.winner_seats().collect();
    if state.is_over() && !log.winners.is_empty() && replayed != log.winners {
        return Err(ReplayError::WinnersDiffer { logged: log.winners.clone(), replayed });
    }
    Ok(state)
}

/// Events of a replay, for comparing two runs.
pub fn replay_events(engine: &Engine, hash: u64, log: &GameLog) -> Result<Vec<Event>, ReplayError> {
    let mut events = Vec::new();
    replay(engine, hash, log, &mut events)?;
    Ok(events)
}

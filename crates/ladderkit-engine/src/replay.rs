//! A game is its variant's hash, the seed and the decisions taken; from
//! those the engine replays it event by event.

use ladderkit_core::{Fnv, Seats};
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
    /// Turns begun; a replay of an unfinished game stops there.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turns: u64,
    /// `Fingerprint` of the seats and every event of the game, in hex: a
    /// log whose seed, decisions, turns or seats were changed is refused
    /// even where the winners agree. A log without one is refused.
    #[serde(default)]
    pub fingerprint: String,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// FNV-1a over events as `Debug` writes them: a fixed, portable digest of a
/// game's whole story.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fingerprint(Fnv);

impl Fingerprint {
    /// The start of a game's fingerprint: who sat where, so that a log
    /// whose seats were relabelled (a bot's games passed off as `perfect`
    /// play, a person's as a bot's) is refused too.
    pub fn of_seats(seats: &[String]) -> Self {
        let mut print = Self::default();
        for seat in seats {
            print.0.bytes(seat.as_bytes()).bytes(b"\x1f");
        }
        print
    }

    pub fn add(&mut self, event: &Event) {
        self.0.bytes(format!("{event:?};").as_bytes());
    }

    pub fn hex(&self) -> String {
        self.0.hex()
    }
}

/// Passes events on and fingerprints them.
struct Tee<'a, S> {
    sink: &'a mut S,
    print: Fingerprint,
}

impl<S: EventSink> EventSink for Tee<'_, S> {
    fn push(&mut self, event: Event) {
        self.print.add(&event);
        self.sink.push(event);
    }
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
            turns: 0,
            fingerprint: String::new(),
        }
    }

    /// Sets the fingerprint of the game as played: its seats and `events`.
    pub fn seal(&mut self, events: &[Event]) {
        let mut print = Fingerprint::of_seats(&self.seats);
        events.iter().for_each(|e| print.add(e));
        self.fingerprint = print.hex();
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    VariantChanged {
        logged: String,
        now: String,
    },
    Seats {
        logged: usize,
        engine: Seats,
    },
    BadDecision {
        turn: usize,
        index: u32,
        choices: usize,
    },
    OutOfDecisions {
        turn: usize,
    },
    WinnersDiffer {
        logged: Vec<u8>,
        replayed: Vec<u8>,
    },
    /// The game ended with decisions of the log left over.
    ExtraDecisions {
        unused: usize,
    },
    EventsDiffer {
        logged: String,
        replayed: String,
    },
    /// The log has no fingerprint (or not one of 16 hex digits), so the
    /// game cannot be checked.
    NoFingerprint,
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
            Self::ExtraDecisions { unused } => {
                write!(f, "the game ended with {unused} decisions of the log unused; the log does not match this game")
            }
            Self::EventsDiffer { logged, replayed } => write!(
                f,
                "the replayed game is not the logged one (fingerprint {replayed}, the log says {logged}): \
                 its seed, decisions, turns, seats or variant were changed"
            ),
            Self::NoFingerprint => write!(
                f,
                "the log has no fingerprint of its game (16 hex digits; `ladderkit play --log` writes one), so \
                 nothing in it can be checked: it is refused"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays a logged game, sending every event to `ev`. A log of a game
/// left unfinished (no winners) replays up to where it stops: the state
/// returned is then not over. Every decision must be used, and the log's
/// fingerprint must match the seats and the replayed events.
pub fn replay(engine: &Engine, hash: u64, log: &GameLog, ev: &mut impl EventSink) -> Result<State, ReplayError> {
    if log.fingerprint.len() != 16 || !log.fingerprint.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ReplayError::NoFingerprint);
    }
    let now = format!("{hash:016x}");
    if log.variant_hash != now {
        return Err(ReplayError::VariantChanged { logged: log.variant_hash.clone(), now });
    }
    if log.seats.len() != engine.seats().count() {
        return Err(ReplayError::Seats { logged: log.seats.len(), engine: engine.seats() });
    }
    let mut ev = Tee { sink: ev, print: Fingerprint::of_seats(&log.seats) };
    let mut state = engine.new_game(log.game);
    let mut rng = GameRng::for_game(log.seed, log.game);
    let mut ws = Workspace::default();
    let mut decisions = log.decisions.iter();
    let unfinished = log.winners.is_empty();
    let last_turn =
        if unfinished && log.turns > 0 { log.turns.min(crate::MAX_TURNS as u64) } else { crate::MAX_TURNS as u64 };
    let mut turn = 0;
    while !state.is_over() && (turn as u64) < last_turn {
        turn += 1;
        if engine.begin_turn(&mut state, &mut rng, &mut ev) != Turn::Choose {
            continue;
        }
        engine.legal_plans(&state, &mut ws);
        let pick = if ws.plans.len() == 1 {
            0
        } else {
            let Some(&index) = decisions.next() else {
                if unfinished {
                    break;
                }
                return Err(ReplayError::OutOfDecisions { turn });
            };
            if index as usize >= ws.plans.len() {
                return Err(ReplayError::BadDecision { turn, index, choices: ws.plans.len() });
            }
            index as usize
        };
        let plan = ws.plans[pick];
        engine.apply(&mut state, &plan, &mut ev);
    }
    let unused = decisions.count();
    if unused > 0 {
        return Err(ReplayError::ExtraDecisions { unused });
    }
    let replayed: Vec<u8> = state.winner_seats().collect();
    if state.is_over() && !log.winners.is_empty() && replayed != log.winners {
        return Err(ReplayError::WinnersDiffer { logged: log.winners.clone(), replayed });
    }
    let print = ev.print.hex();
    if !log.fingerprint.eq_ignore_ascii_case(&print) {
        return Err(ReplayError::EventsDiffer { logged: log.fingerprint.clone(), replayed: print });
    }
    Ok(state)
}

/// Events of a replay, for comparing two runs.
pub fn replay_events(engine: &Engine, hash: u64, log: &GameLog) -> Result<Vec<Event>, ReplayError> {
    let mut events = Vec::new();
    replay(engine, hash, log, &mut events)?;
    Ok(events)
}

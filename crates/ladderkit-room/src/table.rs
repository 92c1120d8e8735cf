//! The game every page of a room holds: the engine playing it from the
//! shared seed, turn by turn as the host orders, with the decisions kept
//! for the log.

use ladderkit_engine::replay::{Fingerprint, GameLog};
use ladderkit_engine::{Engine, Event, GameRng, Plan, State, Turn, Workspace};

/// What the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    /// Seat `seat` rolls next.
    Roll {
        seat: u8,
    },
    /// Seat `seat` picks one of `Table::plans`.
    Choice {
        seat: u8,
    },
    Over,
}

/// Why an order does not fit the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misfit {
    /// The game waits for something else.
    NotNow { waiting: Waiting },
    /// A plan the roll does not offer.
    NoSuchPlan { plan: u32, plans: usize },
}

impl std::fmt::Display for Misfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotNow { waiting: Waiting::Roll { seat } } => write!(f, "it is seat {}'s roll", seat + 1),
            Self::NotNow { waiting: Waiting::Choice { seat } } => write!(f, "seat {} is choosing a move", seat + 1),
            Self::NotNow { waiting: Waiting::Over } => f.write_str("the game is over"),
            Self::NoSuchPlan { plan, plans } => write!(f, "there is no move {plan}: the roll offers {plans}"),
        }
    }
}

/// One game of a room.
pub struct Table {
    engine: Engine,
    log: GameLog,
    state: State,
    dice: GameRng,
    ws: Workspace,
    print: Fingerprint,
    /// The legal plans while a seat chooses (more than one).
    choosing: bool,
}

impl Table {
    /// Game `game` of a match, its dice from `seed`, seats labelled as
    /// logs label them (`human`, `bot:greedy`).
    pub fn new(engine: &Engine, variant: &str, hash: u64, seed: u64, game: u64, seats: Vec<String>) -> Self {
        let print = Fingerprint::of_seats(&seats);
        Self {
            state: engine.new_game(game),
            dice: GameRng::for_game(seed, game),
            engine: engine.clone(),
            log: GameLog::new(variant, hash, seed, game, seats),
            ws: Workspace::default(),
            print,
            choosing: false,
        }
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// Which game of the room this is (from 0).
    pub fn game(&self) -> u64 {
        self.log.game
    }

    /// Turns begun so far: an order names the turn it is for, so a late
    /// or repeated one cannot land on another.
    pub fn turns(&self) -> u64 {
        self.log.turns
    }

    pub fn waiting(&self) -> Waiting {
        if self.state.is_over() || self.log.turns >= ladderkit_engine::MAX_TURNS as u64 {
            Waiting::Over
        } else if self.choosing {
            Waiting::Choice { seat: self.state.current }
        } else {
            Waiting::Roll { seat: self.state.current }
        }
    }

    /// The moves the choosing seat picks among (empty unless it chooses).
    pub fn plans(&self) -> &[Plan] {
        if self.choosing { &self.ws.plans } else { &[] }
    }

    /// The current seat rolls: its turn's events go to `events`. A roll
    /// with one legal move plays it; with several the table waits for
    /// `choose`.
    pub fn roll(&mut self, events: &mut Vec<Event>) -> Result<(), Misfit> {
        let waiting = self.waiting();
        if !matches!(waiting, Waiting::Roll { .. }) {
            return Err(Misfit::NotNow { waiting });
        }
        let from = events.len();
        self.log.turns += 1;
        if self.engine.begin_turn(&mut self.state, &mut self.dice, events) == Turn::Choose {
            self.engine.legal_plans(&self.state, &mut self.ws);
            if self.ws.plans.len() == 1 {
                let plan = self.ws.plans[0];
                self.engine.apply(&mut self.state, &plan, events);
            } else {
                self.choosing = true;
            }
        }
        self.seen(&events[from..]);
        Ok(())
    }

    /// The choosing seat plays plan `plan` of `plans`.
    pub fn choose(&mut self, plan: u32, events: &mut Vec<Event>) -> Result<(), Misfit> {
        let waiting = self.waiting();
        if !matches!(waiting, Waiting::Choice { .. }) {
            return Err(Misfit::NotNow { waiting });
        }
        let Some(&picked) = self.ws.plans.get(plan as usize) else {
            return Err(Misfit::NoSuchPlan { plan, plans: self.ws.plans.len() });
        };
        let from = events.len();
        self.choosing = false;
        self.log.decisions.push(plan);
        self.engine.apply(&mut self.state, &picked, events);
        self.seen(&events[from..]);
        Ok(())
    }

    fn seen(&mut self, events: &[Event]) {
        events.iter().for_each(|e| self.print.add(e));
        if self.state.is_over() {
            self.log.winners = self.state.winner_seats().collect();
        }
    }

    /// The game so far as `ladderkit replay` reads it: whole once it is
    /// over, up to the last turn begun before.
    pub fn log(&self) -> GameLog {
        let mut log = self.log.clone();
        log.fingerprint = self.print.hex();
        log
    }
}

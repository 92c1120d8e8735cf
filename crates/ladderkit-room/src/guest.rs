//! A guest's side of a room: sends the person's intents, and plays what
//! the host decided on its own engine, checking it as it goes.

use ladderkit_engine::{Engine, Event};

use crate::fair::{self, Bytes32};
use crate::record::Record;
use crate::table::{Table, Waiting};
use crate::wire::{self, GameSoFar, Order, PROTOCOL, PlayerKey, SeatView, ToGuest, ToHost};

pub struct Guest {
    engine: Engine,
    variant: String,
    hash: u64,
    entropy: Bytes32,
    key: PlayerKey,
    name: String,
    seats: Vec<SeatView>,
    you: Option<u8>,
    /// The commitment heard for a game, before it began.
    committed: Option<(u64, String)>,
    /// The nonce this page sent for a game.
    sent_nonce: Option<(u64, String)>,
    table: Option<Table>,
    /// The last order sent (its turn, and whether a pick): not sent twice
    /// while the host's answer is on its way.
    sent: Option<(u64, bool)>,
    /// Whether the host's welcome has come since the last hello: orders
    /// wait for it, as what this page knows may be out of date.
    welcomed: bool,
    record: Record,
    outbox: Vec<Vec<u8>>,
    events: Vec<Event>,
    /// What the host refused, or found wrong, for the person to read.
    pub notes: Vec<String>,
    closed: Option<String>,
}

impl Guest {
    /// A page joining as `key`, named `name`; its hello is in the outbox.
    pub fn new(engine: &Engine, variant: &str, hash: u64, entropy: Bytes32, key: PlayerKey, name: &str) -> Self {
        let mut guest = Self {
            key,
            name: name.to_owned(),
            engine: engine.clone(),
            variant: variant.to_owned(),
            hash,
            entropy,
            seats: Vec::new(),
            you: None,
            committed: None,
            sent_nonce: None,
            table: None,
            sent: None,
            welcomed: false,
            record: Record::default(),
            outbox: Vec::new(),
            events: Vec::new(),
            notes: Vec::new(),
            closed: None,
        };
        guest.say_hello();
        guest
    }

    /// Puts the hello first in the outbox, alone: nothing sent before the
    /// host's welcome is of use.
    fn say_hello(&mut self) {
        let (key, name) = (self.key.clone(), self.name.clone());
        let hello = ToHost::Hello { protocol: PROTOCOL, key, name, variant: format!("{:016x}", self.hash) };
        self.outbox = vec![wire::encode(&hello)];
    }

    /// Messages for the host, taken.
    pub fn outbox(&mut self) -> Vec<Vec<u8>> {
        std::mem::take(&mut self.outbox)
    }

    /// The engine's events since last asked, for the board.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    pub fn seats(&self) -> &[SeatView] {
        &self.seats
    }

    pub fn my_seat(&self) -> Option<u8> {
        self.you
    }

    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Why the room ended for this page, once it has.
    pub fn closed(&self) -> Option<&str> {
        self.closed.as_deref()
    }

    pub fn sit(&mut self, seat: u8) {
        self.send(&ToHost::Sit { seat });
    }

    pub fn stand(&mut self) {
        self.send(&ToHost::Stand);
    }

    /// Rolls, if it is this person's roll and not rolled already (the
    /// host checks again).
    pub fn roll(&mut self) {
        if let Some(turn) = self.my_order(false) {
            self.send(&ToHost::Roll { turn });
        }
    }

    /// Picks move `plan`, if this person is choosing and has not picked.
    pub fn choose(&mut self, plan: u32) {
        if let Some(turn) = self.my_order(true) {
            self.send(&ToHost::Choose { turn, plan });
        }
    }

    /// The turn an order of this page is for, if it is this person's to
    /// give and not given yet.
    fn my_order(&mut self, pick: bool) -> Option<u64> {
        let t = self.table.as_ref()?;
        let seat = self.you?;
        let mine = if pick { Waiting::Choice { seat } } else { Waiting::Roll { seat } };
        let order = (t.turns(), pick);
        if !self.welcomed || t.waiting() != mine || self.sent == Some(order) {
            return None;
        }
        self.sent = Some(order);
        Some(order.0)
    }

    /// Whether an order of this page waits for the host's answer (the host
    /// answers every order at once, with its announcement or a refusal).
    pub fn awaiting(&self) -> bool {
        let Some((turn, pick)) = self.sent else { return false };
        let Some(t) = self.table.as_ref().filter(|t| t.turns() == turn) else { return false };
        self.welcomed
            && self.closed.is_none()
            && matches!((t.waiting(), pick), (Waiting::Roll { .. }, false) | (Waiting::Choice { .. }, true))
    }

    /// This page's connection to the room was lost and made again: it says
    /// hello once more, and the host's welcome brings it up to date.
    pub fn reconnected(&mut self) {
        if self.closed.is_some() {
            return;
        }
        self.say_hello();
        (self.sent, self.welcomed) = (None, false);
    }

    /// The host's page went without closing the room.
    pub fn host_left(&mut self) {
        self.end("the host left, so the room is over; the games played are kept");
    }

    /// A message from the host. One that cannot be read, or that does not
    /// fit the game this page plays, ends the room for this page: it would
    /// be out of step from then on.
    pub fn received(&mut self, bytes: &[u8]) {
        if self.closed.is_some() {
            return;
        }
        let message = match wire::decode::<ToGuest>(bytes) {
            Ok(m) => m,
            Err(why) => return self.end(&format!("the host sent what this page cannot read ({why})")),
        };
        if let Err(why) = self.handle(message) {
            self.end(&format!("out of step with the host: {why}"));
        }
    }

    fn handle(&mut self, message: ToGuest) -> Result<(), String> {
        match message {
            ToGuest::Welcome { protocol, seats, you, game } => {
                if protocol != PROTOCOL {
                    return Err(format!("the host speaks version {protocol} of the protocol, this page {PROTOCOL}"));
                }
                (self.seats, self.you, self.welcomed) = (seats, you, true);
                if let Some(game) = game {
                    self.catch_up(&game)?;
                }
            }
            ToGuest::Seats { seats, you } => (self.seats, self.you) = (seats, you),
            ToGuest::Commit { game, commitment } => {
                self.committed = Some((game, commitment));
                if self.you.is_some() {
                    let nonce = fair::hex(&fair::nonce(&self.entropy, game));
                    self.sent_nonce = Some((game, nonce.clone()));
                    self.send(&ToHost::Nonce { game, nonce });
                }
            }
            ToGuest::Begin { game, commitment, secret, nonces, seats } => {
                if let Some((heard_game, heard)) = &self.committed
                    && *heard_game == game
                    && *heard != commitment
                {
                    return Err(format!("game {} began with another commitment than the one announced", game + 1));
                }
                if let Some((nonce_game, nonce)) = &self.sent_nonce
                    && *nonce_game == game
                    && !nonces.contains(nonce)
                {
                    self.notes.push(format!("game {}: this page's nonce came too late to count", game + 1));
                }
                self.finish_game();
                let so_far = GameSoFar { game, commitment, secret, nonces, seats, orders: Vec::new() };
                self.catch_up(&so_far)?;
            }
            ToGuest::Rolled { turn } => {
                let table = at_turn(&mut self.table, turn)?;
                table.roll(&mut self.events).map_err(|e| e.to_string())?;
                self.finish_game();
            }
            ToGuest::Chose { turn, plan } => {
                let table = at_turn(&mut self.table, turn)?;
                table.choose(plan, &mut self.events).map_err(|e| e.to_string())?;
                self.finish_game();
            }
            ToGuest::Refused { why } => {
                self.sent = None;
                self.notes.push(format!("the host refused: {why}"));
            }
            ToGuest::Closed { why } => self.end(&why),
        }
        Ok(())
    }

    /// Sets up a game from its start, checking the host's commitment, and
    /// plays its orders so far.
    fn catch_up(&mut self, game: &GameSoFar) -> Result<(), String> {
        let secret = fair::from_hex(&game.secret).ok_or("a secret that is not 64 hex digits")?;
        if fair::hex(&fair::commitment(&secret)) != game.commitment {
            return Err(format!("game {}'s secret does not match its commitment", game.game + 1));
        }
        let nonces: Option<Vec<Bytes32>> = game.nonces.iter().map(|n| fair::from_hex(n)).collect();
        let nonces = nonces.ok_or("a nonce that is not 64 hex digits")?;
        if game.seats.len() != self.engine.seats().count() {
            return Err(format!("a game of {} seats at a table of {}", game.seats.len(), self.engine.seats()));
        }
        let seed = fair::seed(&secret, &nonces);
        let mut table = Table::new(&self.engine, &self.variant, self.hash, seed, game.game, game.seats.clone());
        // The past is not animated: the board shows where it has got to.
        let mut past = Vec::new();
        for order in &game.orders {
            match order {
                Order::Roll => table.roll(&mut past),
                Order::Choose { plan } => table.choose(*plan, &mut past),
            }
            .map_err(|e| e.to_string())?;
        }
        self.events.clear();
        self.table = Some(table);
        self.finish_game();
        Ok(())
    }

    /// Records the game once it is over.
    fn finish_game(&mut self) {
        if let Some(table) = &self.table
            && table.waiting() == Waiting::Over
        {
            let log = table.log();
            if self.record.games.last() != Some(&log) {
                self.record.games.push(log);
            }
        }
    }

    fn end(&mut self, why: &str) {
        if self.closed.is_some() {
            return;
        }
        if let Some(table) = &self.table
            && table.waiting() != Waiting::Over
        {
            self.record.unfinished = Some(table.log());
        }
        self.closed = Some(why.to_owned());
    }

    fn send(&mut self, message: &ToHost) {
        if self.closed.is_none() {
            self.outbox.push(wire::encode(message));
        }
    }
}

/// The table, if an order for turn `turn` fits it.
fn at_turn(table: &mut Option<Table>, turn: u64) -> Result<&mut Table, String> {
    let table = table.as_mut().ok_or("an order before any game began")?;
    if table.turns() != turn {
        return Err(format!("an order for turn {turn} at turn {}", table.turns()));
    }
    Ok(table)
}

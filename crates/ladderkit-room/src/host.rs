//! The host's side of a room: who sits where, whose turn it is, what is
//! refused; its engine (`Table`) decides every turn.

use std::collections::BTreeMap;

use ladderkit_engine::bots::BotScratch;
use ladderkit_engine::{Engine, Event, GameRng, Policy};

use crate::fair::{self, Bytes32};
use crate::record::Record;
use crate::table::{Table, Waiting};
use crate::wire::{self, GameSoFar, Order, PROTOCOL, Peer, PlayerKey, SeatView, ToGuest, ToHost};

/// How a room treats people and bots.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// How long a seat waits for its person after their page goes, before
    /// `cover` plays it; the seat stays theirs, and comes back when they do.
    pub grace_ms: u64,
    pub cover: Policy,
    /// The pause before each bot order, so that people can follow it.
    pub bot_pause_ms: u64,
    /// How long the start waits for the seated people's nonces.
    pub nonce_wait_ms: u64,
}

impl Default for Config {
    fn default() -> Self {
        Self { grace_ms: 60_000, cover: Policy::Greedy, bot_pause_ms: 700, nonce_wait_ms: 5_000 }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Occupant {
    Empty,
    Person(PlayerKey),
    Bot(Policy),
}

#[derive(Debug)]
struct Person {
    name: String,
    /// Pages of this person that are connected (tabs).
    pages: Vec<Peer>,
    away_since: Option<u64>,
}

enum Phase {
    Lobby,
    Committing { game: u64, secret: Bytes32, since: u64, seats: Vec<String>, nonces: BTreeMap<u8, Bytes32> },
    Playing { table: Box<Table>, so_far: GameSoFar, last_at: u64, recorded: bool },
}

/// Where a message goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    /// Every page that said hello.
    Everyone,
    One(Peer),
}

pub struct Host {
    engine: Engine,
    variant: String,
    hash: u64,
    config: Config,
    entropy: Bytes32,
    key: PlayerKey,
    seats: Vec<Occupant>,
    people: BTreeMap<PlayerKey, Person>,
    /// Connected pages, and whose once they said hello.
    pages: BTreeMap<Peer, Option<PlayerKey>>,
    phase: Phase,
    games: u64,
    record: Record,
    outbox: Vec<(To, Vec<u8>)>,
    /// Every message refused, for the room's log.
    pub refused: Vec<String>,
    events: Vec<Event>,
    choices: GameRng,
    bot: BotScratch,
    /// The seats as last told, to tell again only on a change.
    told: Vec<SeatView>,
    closed: Option<String>,
}

impl Host {
    /// A room for `engine`'s table, hosted by the person `key` (their page
    /// is `Peer::HOST`), all seats empty.
    pub fn new(
        engine: &Engine,
        variant: &str,
        hash: u64,
        config: Config,
        entropy: Bytes32,
        key: PlayerKey,
        name: &str,
    ) -> Self {
        let seats = vec![Occupant::Empty; engine.seats().count()];
        let mut host = Self {
            engine: engine.clone(),
            variant: variant.to_owned(),
            hash,
            config,
            entropy,
            key: key.clone(),
            seats,
            people: BTreeMap::new(),
            pages: BTreeMap::new(),
            phase: Phase::Lobby,
            games: 0,
            record: Record::default(),
            outbox: Vec::new(),
            refused: Vec::new(),
            events: Vec::new(),
            choices: GameRng::seed(0),
            bot: BotScratch::default(),
            told: Vec::new(),
            closed: None,
        };
        host.pages.insert(Peer::HOST, Some(key.clone()));
        host.people.insert(key, Person { name: clean_name(name), pages: vec![Peer::HOST], away_since: None });
        host.told = host.views(0);
        host
    }

    /// The messages to send, taken.
    pub fn outbox(&mut self) -> Vec<(To, Vec<u8>)> {
        std::mem::take(&mut self.outbox)
    }

    /// The engine's events since last asked, for the host's own board.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    pub fn table(&self) -> Option<&Table> {
        match &self.phase {
            Phase::Playing { table, .. } => Some(table),
            _ => None,
        }
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Why the room ended, once it has.
    pub fn closed(&self) -> Option<&str> {
        self.closed.as_deref()
    }

    /// The seats as every page sees them now.
    pub fn seats(&self, now: u64) -> Vec<SeatView> {
        self.views(now)
    }

    /// The seat of the host's own person.
    pub fn my_seat(&self) -> Option<u8> {
        self.seat_of(&self.key)
    }

    /// A page connected; it is nobody until it says hello.
    pub fn joined(&mut self, peer: Peer) {
        self.pages.insert(peer, None);
    }

    /// A page went: its person is away once none of their pages is left.
    pub fn left(&mut self, peer: Peer, now: u64) {
        if let Some(Some(key)) = self.pages.remove(&peer)
            && let Some(person) = self.people.get_mut(&key)
        {
            person.pages.retain(|p| *p != peer);
            if person.pages.is_empty() {
                person.away_since = Some(now);
            }
        }
        self.tell_seats(now);
    }

    /// The host's own intent, checked as any page's is.
    pub fn act(&mut self, intent: ToHost, now: u64) -> Result<(), String> {
        self.handle(Peer::HOST, intent, now)
    }

    /// A message from a page: done, or refused (the page is told why, and
    /// the room's log keeps it); nothing refused changes anything.
    pub fn received(&mut self, peer: Peer, bytes: &[u8], now: u64) -> Result<(), String> {
        let outcome = match wire::decode::<ToHost>(bytes) {
            Ok(intent) => self.handle(peer, intent, now),
            Err(why) => Err(why),
        };
        if let Err(why) = &outcome {
            let who =
                self.pages.get(&peer).cloned().flatten().and_then(|k| self.people.get(&k)).map(|p| p.name.clone());
            self.refused.push(format!("{} ({}): {why}", who.unwrap_or_else(|| "a page".into()), peer.0));
            self.send(To::One(peer), &ToGuest::Refused { why: why.clone() });
        }
        outcome
    }

    fn handle(&mut self, peer: Peer, intent: ToHost, now: u64) -> Result<(), String> {
        let Some(said) = self.pages.get(&peer).cloned() else {
            return Err("this page is not in the room".into());
        };
        match (intent, said) {
            (ToHost::Hello { protocol, key, name, variant }, None) => {
                self.hello(peer, protocol, key, &name, &variant, now)
            }
            (ToHost::Hello { .. }, Some(_)) => Err("this page has said hello already".into()),
            (_, None) => Err("say hello first".into()),
            (intent, Some(key)) => self.intent(intent, key, now),
        }
    }

    fn hello(
        &mut self,
        peer: Peer,
        protocol: u32,
        key: PlayerKey,
        name: &str,
        variant: &str,
        now: u64,
    ) -> Result<(), String> {
        if protocol != PROTOCOL {
            return Err(format!(
                "this room speaks version {PROTOCOL} of the protocol, the page {protocol}: reload both pages"
            ));
        }
        let ours = format!("{:016x}", self.hash);
        if variant != ours {
            return Err(format!(
                "the page has another board (variant {variant}, the room's {ours}): open the room's link"
            ));
        }
        if key == self.key && peer != Peer::HOST {
            return Err("that key is the host's".into());
        }
        self.pages.insert(peer, Some(key.clone()));
        let person = self.people.entry(key.clone()).or_insert(Person {
            name: String::new(),
            pages: Vec::new(),
            away_since: None,
        });
        person.name = clean_name(name);
        person.pages.push(peer);
        person.away_since = None;
        let game = match &self.phase {
            Phase::Playing { so_far, .. } => Some(so_far.clone()),
            _ => None,
        };
        let welcome = ToGuest::Welcome { protocol: PROTOCOL, seats: self.views(now), you: self.seat_of(&key), game };
        self.send(To::One(peer), &welcome);
        // A nonce still wanted: a person back during the start.
        if let Phase::Committing { game, secret, .. } = &self.phase {
            let commitment = fair::hex(&fair::commitment(secret));
            self.send(To::One(peer), &ToGuest::Commit { game: *game, commitment });
        }
        self.tell_seats(now);
        Ok(())
    }

    fn intent(&mut self, intent: ToHost, key: PlayerKey, now: u64) -> Result<(), String> {
        match intent {
            ToHost::Hello { .. } => unreachable!("handled before"),
            ToHost::Sit { seat } => self.sit(seat, key, now),
            ToHost::Stand => {
                self.between_games("seats change between games")?;
                let seat = self.seat_of(&key).ok_or("you have no seat")?;
                self.seats[seat as usize] = Occupant::Empty;
                self.tell_seats(now);
                Ok(())
            }
            ToHost::Nonce { game, nonce } => self.nonce(game, &nonce, &key, now),
            ToHost::Roll { turn } => {
                let seat = self.own_turn(&key, turn, now)?;
                match self.playing()?.0.waiting() {
                    Waiting::Roll { .. } => {}
                    _ => return Err(format!("seat {} has a move to pick, not a roll", seat + 1)),
                }
                self.roll(now)
            }
            ToHost::Choose { turn, plan } => {
                let seat = self.own_turn(&key, turn, now)?;
                match self.playing()?.0.waiting() {
                    Waiting::Choice { .. } => {}
                    _ => return Err(format!("seat {} rolls, it has no move to pick yet", seat + 1)),
                }
                self.choose(plan, now)
            }
        }
    }

    fn sit(&mut self, seat: u8, key: PlayerKey, now: u64) -> Result<(), String> {
        self.between_games("seats change between games")?;
        let count = self.seats.len();
        let slot = self
            .seats
            .get(seat as usize)
            .ok_or(format!("there is no seat {} at a table of {count}", seat as usize + 1))?;
        if *slot != Occupant::Empty {
            return Err(format!("seat {} is taken", seat + 1));
        }
        if let Some(mine) = self.seat_of(&key) {
            return Err(format!("you sit in seat {} already: one seat a person", mine + 1));
        }
        self.seats[seat as usize] = Occupant::Person(key);
        self.tell_seats(now);
        Ok(())
    }

    /// The host gives a seat to a bot, or empties it (between games).
    pub fn set_bot(&mut self, seat: u8, bot: Option<Policy>, now: u64) -> Result<(), String> {
        self.between_games("seats change between games")?;
        let slot = self.seats.get_mut(seat as usize).ok_or("no such seat")?;
        *slot = bot.map_or(Occupant::Empty, Occupant::Bot);
        self.tell_seats(now);
        Ok(())
    }

    /// Ok between games; otherwise `refusal`.
    fn between_games(&self, refusal: &str) -> Result<(), String> {
        match &self.phase {
            Phase::Lobby | Phase::Playing { recorded: true, .. } => Ok(()),
            _ => Err(refusal.to_owned()),
        }
    }

    /// The host starts the next game: every seat must be taken.
    pub fn start(&mut self, now: u64) -> Result<(), String> {
        self.between_games("a new game starts once this one is over")?;
        if let Some(empty) = self.seats.iter().position(|o| *o == Occupant::Empty) {
            return Err(format!("seat {} is empty: wait for a player, or give it to a bot", empty + 1));
        }
        let game = self.games;
        let seats = self
            .seats
            .iter()
            .map(|o| match o {
                Occupant::Bot(p) => format!("bot:{}", p.name()),
                _ => "human".to_owned(),
            })
            .collect();
        let secret = fair::secret(&self.entropy, game);
        let commitment = fair::hex(&fair::commitment(&secret));
        self.phase = Phase::Committing { game, secret, since: now, seats, nonces: BTreeMap::new() };
        self.send(To::Everyone, &ToGuest::Commit { game, commitment });
        self.maybe_begin(now);
        Ok(())
    }

    fn nonce(&mut self, game: u64, nonce: &str, key: &PlayerKey, now: u64) -> Result<(), String> {
        let seat = self.seat_of(key).ok_or("only seated people send nonces")?;
        let Phase::Committing { game: now_game, nonces, .. } = &mut self.phase else {
            return Err("no game is starting".into());
        };
        if game != *now_game {
            return Err(format!("game {} is starting, not game {game}", *now_game + 1));
        }
        let nonce = fair::from_hex(nonce).ok_or("a nonce is 64 hex digits")?;
        if nonces.insert(seat, nonce).is_some() {
            return Err("this seat's nonce is in already".into());
        }
        self.maybe_begin(now);
        Ok(())
    }

    /// Begins once every seated person whose page is here has sent a
    /// nonce, or the wait is over.
    fn maybe_begin(&mut self, now: u64) {
        let Phase::Committing { game, secret, since, seats, nonces } = &self.phase else { return };
        let waiting_for = self.seats.iter().enumerate().any(|(seat, o)| match o {
            Occupant::Person(key) => {
                let remote = self.people.get(key).is_some_and(|p| p.pages.iter().any(|&page| page != Peer::HOST));
                remote && !nonces.contains_key(&(seat as u8))
            }
            _ => false,
        });
        if waiting_for && now < since + self.config.nonce_wait_ms {
            return;
        }
        let (game, secret, seats) = (*game, *secret, seats.clone());
        let nonces: Vec<Bytes32> = nonces.values().copied().collect();
        let seed = fair::seed(&secret, &nonces);
        let table = Table::new(&self.engine, &self.variant, self.hash, seed, game, seats.clone());
        self.choices = GameRng::for_game(seed, game).fork(1);
        let so_far = GameSoFar {
            game,
            commitment: fair::hex(&fair::commitment(&secret)),
            secret: fair::hex(&secret),
            nonces: nonces.iter().map(fair::hex).collect(),
            seats,
            orders: Vec::new(),
        };
        let begin = ToGuest::Begin {
            game,
            commitment: so_far.commitment.clone(),
            secret: so_far.secret.clone(),
            nonces: so_far.nonces.clone(),
            seats: so_far.seats.clone(),
        };
        self.phase = Phase::Playing { table: Box::new(table), so_far, last_at: now, recorded: false };
        self.games += 1;
        self.send(To::Everyone, &begin);
    }

    /// Time passes: the start stops waiting for nonces, seats whose
    /// people are away too long are covered, bots take their turns, and a
    /// finished game goes into the record.
    pub fn tick(&mut self, now: u64) {
        if matches!(self.phase, Phase::Committing { .. }) {
            self.maybe_begin(now);
        }
        self.tell_seats(now);
        let (waiting, last_at) = match &mut self.phase {
            Phase::Playing { table, recorded, last_at, .. } => {
                let waiting = table.waiting();
                if waiting == Waiting::Over && !*recorded {
                    *recorded = true;
                    self.record.games.push(table.log());
                }
                (waiting, *last_at)
            }
            _ => return,
        };
        let seat = match waiting {
            Waiting::Over => return,
            Waiting::Roll { seat } | Waiting::Choice { seat } => seat,
        };
        let Some(bot) = self.bot_for(seat, now) else { return };
        if now < last_at + self.config.bot_pause_ms {
            return;
        }
        // A bot's order cannot be refused: it is the game's own.
        let _ = match waiting {
            Waiting::Choice { .. } => {
                let Phase::Playing { table, .. } = &self.phase else { return };
                let pick = bot.choose(table.engine(), table.state(), table.plans(), &mut self.choices, &mut self.bot);
                self.choose(pick as u32, now)
            }
            _ => self.roll(now),
        };
    }

    /// Ends the room: every page is told, and keeps its logs.
    pub fn close(&mut self, why: &str) {
        if self.closed.is_some() {
            return;
        }
        self.closed = Some(why.to_owned());
        if let Phase::Playing { table, recorded: false, .. } = &self.phase {
            self.record.unfinished = Some(table.log());
        }
        self.send(To::Everyone, &ToGuest::Closed { why: why.to_owned() });
    }

    fn roll(&mut self, now: u64) -> Result<(), String> {
        let Phase::Playing { table, so_far, last_at, .. } = &mut self.phase else {
            return Err("no game is being played".into());
        };
        let turn = table.turns();
        table.roll(&mut self.events).map_err(|e| e.to_string())?;
        so_far.orders.push(Order::Roll);
        *last_at = now;
        self.send(To::Everyone, &ToGuest::Rolled { turn });
        Ok(())
    }

    fn choose(&mut self, plan: u32, now: u64) -> Result<(), String> {
        let Phase::Playing { table, so_far, last_at, .. } = &mut self.phase else {
            return Err("no game is being played".into());
        };
        let turn = table.turns();
        table.choose(plan, &mut self.events).map_err(|e| e.to_string())?;
        so_far.orders.push(Order::Choose { plan });
        *last_at = now;
        self.send(To::Everyone, &ToGuest::Chose { turn, plan });
        Ok(())
    }

    /// The seat whose turn it is, if it is `key`'s and the order is for
    /// this turn.
    fn own_turn(&self, key: &PlayerKey, turn: u64, now: u64) -> Result<u8, String> {
        let (table, _) = self.playing()?;
        let seat = match table.waiting() {
            Waiting::Over => return Err("the game is over".into()),
            Waiting::Roll { seat } | Waiting::Choice { seat } => seat,
        };
        if self.seats.get(seat as usize) != Some(&Occupant::Person(key.clone())) {
            return Err(format!("it is seat {}'s turn, not yours", seat + 1));
        }
        if self.bot_for(seat, now).is_some() {
            return Err("a bot plays this seat now".into());
        }
        if turn != table.turns() {
            return Err(format!("that order was for turn {turn}; this is turn {}", table.turns()));
        }
        Ok(seat)
    }

    fn playing(&self) -> Result<(&Table, &GameSoFar), String> {
        match &self.phase {
            Phase::Playing { table, so_far, .. } => Ok((table, so_far)),
            _ => Err("no game is being played".into()),
        }
    }

    /// Who plays seat `seat` for the room: its bot, or the cover for a
    /// person away past the grace; `None` for a person to wait for.
    fn bot_for(&self, seat: u8, now: u64) -> Option<Policy> {
        match &self.seats[seat as usize] {
            Occupant::Bot(p) => Some(*p),
            Occupant::Person(key) => self.covered(key, now).then_some(self.config.cover),
            Occupant::Empty => Some(self.config.cover),
        }
    }

    fn covered(&self, key: &PlayerKey, now: u64) -> bool {
        self.people.get(key).and_then(|p| p.away_since).is_some_and(|since| now >= since + self.config.grace_ms)
    }

    fn seat_of(&self, key: &PlayerKey) -> Option<u8> {
        self.seats.iter().position(|o| *o == Occupant::Person(key.clone())).map(|s| s as u8)
    }

    fn views(&self, now: u64) -> Vec<SeatView> {
        self.seats
            .iter()
            .map(|o| match o {
                Occupant::Empty => SeatView::Empty,
                Occupant::Bot(p) => SeatView::Bot { policy: p.name().to_owned() },
                Occupant::Person(key) => {
                    let person = &self.people[key];
                    SeatView::Person {
                        name: person.name.clone(),
                        away: person.away_since.is_some(),
                        covered: self.covered(key, now),
                    }
                }
            })
            .collect()
    }

    /// Tells every page the seats, if they changed since last told.
    fn tell_seats(&mut self, now: u64) {
        let views = self.views(now);
        if views == self.told {
            return;
        }
        self.told.clone_from(&views);
        let pages: Vec<(Peer, Option<PlayerKey>)> = self.pages.iter().map(|(p, k)| (*p, k.clone())).collect();
        for (peer, key) in pages {
            if peer == Peer::HOST {
                continue;
            }
            if let Some(key) = key {
                let you = self.seat_of(&key);
                self.send(To::One(peer), &ToGuest::Seats { seats: views.clone(), you });
            }
        }
    }

    fn send(&mut self, to: To, message: &ToGuest) {
        self.outbox.push((to, wire::encode(message)));
    }
}

fn clean_name(name: &str) -> String {
    let name: String = name.chars().filter(|c| !c.is_control()).take(wire::MAX_NAME).collect();
    let name = name.trim();
    if name.is_empty() { "Player".into() } else { name.to_owned() }
}

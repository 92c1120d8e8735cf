//! Rooms played over an in-memory network: whole games with people and
//! bots, and every fault the room must survive, with every page ending
//! with the same logs, which the engine's replay accepts.

use ladderkit_core::{Seats, check_source, compile, variant_hash};
use ladderkit_engine::replay::{GameLog, replay};
use ladderkit_engine::{Engine, Policy};
use ladderkit_room::host::To;
use ladderkit_room::{Config, Guest, Host, Peer, PlayerKey, SeatView, ToHost, Waiting};

const MILTON: &str = include_str!("../../../variants/milton-bradley.ron");
const TREEHOUSE: &str = include_str!("../../../variants/treehouse.ron");

fn engine(source: &str, players: u8) -> (Engine, String, u64) {
    let spec = check_source(source).spec.expect("a bundled variant");
    let engine = Engine::new(&compile(&spec), Seats::new(u32::from(players)).unwrap())
        .unwrap()
        .with_first_player(spec.rules.first_player);
    (engine, spec.meta.name.clone(), variant_hash(&spec))
}

fn key(n: u8) -> PlayerKey {
    PlayerKey::new(&format!("player-key-{n:02}")).unwrap()
}

/// A host and its guests, passing messages in memory.
struct Room {
    host: Host,
    guests: Vec<(Peer, Guest, bool)>,
    now: u64,
    engine: Engine,
    name: String,
    hash: u64,
    bytes: usize,
    messages: usize,
}

impl Room {
    fn new(source: &str, players: u8, config: Config) -> Self {
        let (engine, name, hash) = engine(source, players);
        let host = Host::new(&engine, &name, hash, config, [9; 32], key(0), "Host");
        Self { host, guests: Vec::new(), now: 0, engine, name, hash, bytes: 0, messages: 0 }
    }

    /// A page joins as person `n`; its index among the guests.
    fn join(&mut self, n: u8) -> usize {
        let peer = Peer(1000 + self.guests.len() as u128);
        self.host.joined(peer);
        let guest = Guest::new(&self.engine, &self.name, self.hash, [n; 32], key(n), &format!("Person {n}"));
        self.guests.push((peer, guest, true));
        self.pump();
        self.guests.len() - 1
    }

    fn leave(&mut self, i: usize) {
        self.guests[i].2 = false;
        self.host.left(self.guests[i].0, self.now);
        self.pump();
    }

    /// Delivers every message until none is left.
    fn pump(&mut self) {
        loop {
            let mut moved = false;
            for (to, bytes) in self.host.outbox() {
                moved = true;
                for (peer, guest, here) in &mut self.guests {
                    if *here && (to == To::Everyone || to == To::One(*peer)) {
                        (self.bytes, self.messages) = (self.bytes + bytes.len(), self.messages + 1);
                        guest.received(&bytes);
                    }
                }
            }
            for (peer, guest, here) in &mut self.guests {
                for bytes in guest.outbox() {
                    moved = true;
                    if *here {
                        (self.bytes, self.messages) = (self.bytes + bytes.len(), self.messages + 1);
                        let _ = self.host.received(*peer, &bytes, self.now);
                    }
                }
            }
            if !moved {
                return;
            }
        }
    }

    /// Time passes a step: bots play, people on their turn roll or pick
    /// their first move.
    fn step(&mut self, people_play: bool) {
        self.now += 1_000;
        self.host.tick(self.now);
        self.pump();
        if !people_play {
            return;
        }
        let _ = self.host_person_plays();
        for (_, guest, here) in &mut self.guests {
            if *here {
                guest.roll();
                guest.choose(0);
            }
        }
        self.pump();
    }

    fn host_person_plays(&mut self) -> Result<(), String> {
        let Some(table) = self.host.table() else { return Ok(()) };
        let turn = table.turns();
        match table.waiting() {
            Waiting::Roll { seat } if Some(seat) == self.host.my_seat() => {
                self.host.act(ToHost::Roll { turn }, self.now)
            }
            Waiting::Choice { seat } if Some(seat) == self.host.my_seat() => {
                self.host.act(ToHost::Choose { turn, plan: 0 }, self.now)
            }
            _ => Ok(()),
        }
    }

    fn play_out(&mut self, games: usize) {
        for _ in 0..200_000 {
            self.step(true);
            if self.host.record().games.len() >= games {
                return;
            }
        }
        panic!("the game did not end");
    }

    /// Milton Bradley at two seats: person `n` in seat 1, `bot` in seat 2,
    /// the game started; person `n`'s page index.
    fn person_and_bot(n: u8, bot: Policy) -> (Self, usize) {
        let mut room = Room::new(MILTON, 2, Config { bot_pause_ms: 0, ..Config::default() });
        let a = room.join(n);
        room.guests[a].1.sit(0);
        room.pump();
        room.host.set_bot(1, Some(bot), 0).unwrap();
        room.host.start(0).unwrap();
        room.pump();
        (room, a)
    }

    fn replays(&self, log: &GameLog) {
        let mut events = Vec::new();
        let state = replay(&self.engine, self.hash, log, &mut events).expect("the engine replays the room's log");
        assert_eq!(state.is_over(), !log.winners.is_empty());
    }
}

/// Two people and a bot play a whole game: every page ends with the same
/// log, the engine replays it, and the messages stay small.
#[test]
fn a_room_plays_a_whole_game_the_same_on_every_page() {
    let mut room = Room::new(MILTON, 3, Config { bot_pause_ms: 0, ..Config::default() });
    let (a, b) = (room.join(1), room.join(2));
    room.guests[a].1.sit(0);
    room.guests[b].1.sit(2);
    room.pump();
    room.host.set_bot(1, Some(Policy::Greedy), room.now).unwrap();
    let spectator = room.join(3);
    assert_eq!(room.guests[a].1.my_seat(), Some(0));
    assert_eq!(room.guests[spectator].1.my_seat(), None);
    assert!(matches!(room.guests[spectator].1.seats()[1], SeatView::Bot { .. }));
    room.host.start(room.now).unwrap();
    room.pump();
    room.play_out(1);
    room.pump();
    let log = &room.host.record().games[0];
    assert_eq!(log.seats, ["human", "bot:greedy", "human"]);
    assert!(!log.winners.is_empty());
    for (_, guest, _) in &room.guests {
        assert_eq!(guest.record().games, room.host.record().games, "every page has the host's log");
        assert!(guest.notes.is_empty(), "{:?}", guest.notes);
    }
    room.replays(log);
    assert!(room.host.refused.is_empty(), "{:?}", room.host.refused);
    let per_turn = room.bytes as f64 / log.turns as f64;
    assert!(per_turn < 400.0, "{per_turn:.0} bytes a turn to three pages");
}

/// The seed takes in the seated people's nonces: the same host with
/// another guest's entropy plays other dice.
#[test]
fn the_dice_follow_the_guests_nonces() {
    let mut seeds = Vec::new();
    for entropy in [1, 2] {
        let (mut room, _) = Room::person_and_bot(entropy, Policy::Greedy);
        room.play_out(1);
        seeds.push(room.host.record().games[0].seed);
    }
    assert_ne!(seeds[0], seeds[1]);
}

/// Out of turn, for another turn, malformed, before hello, a second seat:
/// each refused, logged, and nothing changes.
#[test]
fn what_does_not_fit_is_refused_and_changes_nothing() {
    let mut room = Room::new(MILTON, 2, Config { bot_pause_ms: 0, ..Config::default() });
    let (a, b) = (room.join(1), room.join(2));
    room.guests[a].1.sit(0);
    room.guests[b].1.sit(1);
    room.pump();
    // A second tab of person 1: the same key, no second seat.
    let tab = room.join(1);
    room.guests[tab].1.sit(1);
    room.pump();
    assert!(room.host.refused.last().unwrap().contains("taken"), "{:?}", room.host.refused);
    room.host.start(0).unwrap();
    room.pump();
    let (peer_b, peer_a) = (room.guests[b].0, room.guests[a].0);
    let turns = room.host.table().unwrap().turns();
    let before = room.host.refused.len();
    let wrong: [(Peer, &[u8]); 5] = [
        (peer_b, br#"{"kind":"roll","turn":0}"#),
        (peer_a, br#"{"kind":"roll","turn":7}"#),
        (peer_a, b"not json"),
        (peer_a, br#"{"kind":"launch_missiles"}"#),
        (peer_a, br#"{"kind":"sit","seat":1}"#),
    ];
    for (peer, bytes) in wrong {
        assert!(room.host.received(peer, bytes, 0).is_err());
    }
    assert!(room.host.received(Peer(77), br#"{"kind":"roll","turn":0}"#, 0).is_err(), "a page never connected");
    room.host.joined(Peer(78));
    assert!(room.host.received(Peer(78), br#"{"kind":"stand"}"#, 0).is_err(), "before hello");
    assert_eq!(room.host.refused.len(), before + 7);
    assert!(room.host.refused.iter().any(|r| r.ends_with("seats change between games")), "{:?}", room.host.refused);
    assert_eq!(room.host.start(0), Err("a new game starts once this one is over".into()));
    assert_eq!(room.host.table().unwrap().turns(), turns, "nothing refused moved the game");
    room.pump();
    assert!(room.guests[b].1.notes.iter().any(|n| n.contains("seat 1's turn")), "{:?}", room.guests[b].1.notes);
    // The right roll from the right page goes through.
    room.guests[a].1.roll();
    room.pump();
    assert_eq!(room.host.table().unwrap().turns(), turns + 1);
}

/// A person who closes the page keeps the seat for the grace, the game
/// waiting; then a bot plays it; back with the same key, the seat is
/// theirs again and their new page catches up on the game.
#[test]
fn an_away_seat_waits_then_a_bot_covers_it_until_its_person_is_back() {
    let config = Config { grace_ms: 10_000, bot_pause_ms: 0, ..Config::default() };
    let mut room = Room::new(MILTON, 2, config);
    let (a, b) = (room.join(1), room.join(2));
    room.guests[a].1.sit(0);
    room.guests[b].1.sit(1);
    room.pump();
    room.host.start(0).unwrap();
    room.pump();
    for _ in 0..4 {
        room.step(true);
    }
    room.leave(b);
    let waiting = |room: &Room| room.host.table().unwrap().turns();
    // The people's turns go on until it is seat 2's, then the game waits.
    for _ in 0..3 {
        room.step(true);
    }
    let stuck = waiting(&room);
    assert_eq!(room.host.table().unwrap().waiting(), Waiting::Roll { seat: 1 });
    room.step(true);
    assert_eq!(waiting(&room), stuck, "the seat waits for its person during the grace");
    assert!(matches!(room.guests[a].1.seats()[1], SeatView::Person { away: true, covered: false, .. }));
    for _ in 0..12 {
        room.step(true);
    }
    assert!(waiting(&room) > stuck + 2, "past the grace a bot plays the seat");
    assert!(matches!(room.guests[a].1.seats()[1], SeatView::Person { away: true, covered: true, .. }));
    let back = room.join(2);
    assert_eq!(room.guests[back].1.my_seat(), Some(1));
    assert!(matches!(room.guests[a].1.seats()[1], SeatView::Person { away: false, covered: false, .. }));
    assert_eq!(room.guests[back].1.table().unwrap().log(), room.host.table().unwrap().log(), "the new page caught up");
    room.play_out(1);
    room.pump();
    assert_eq!(room.guests[back].1.record().games, room.host.record().games);
    room.replays(&room.host.record().games[0]);
}

/// The host leaving ends the room on every page with a clear message;
/// each keeps the game so far, which replays.
#[test]
fn when_the_host_leaves_every_page_keeps_the_game_so_far() {
    let (mut room, a) = Room::person_and_bot(1, Policy::Random);
    for _ in 0..6 {
        room.step(true);
    }
    room.guests[a].1.host_left();
    let guest = &room.guests[a].1;
    assert!(guest.closed().unwrap().contains("host left"));
    let unfinished = guest.record().unfinished.clone().expect("the game so far");
    assert!(unfinished.winners.is_empty() && unfinished.turns > 0);
    room.replays(&unfinished);
    // Closed by the host: the same, with its words.
    let b = room.join(2);
    room.host.close("the host ended the room");
    room.pump();
    assert_eq!(room.guests[b].1.closed(), Some("the host ended the room"));
    assert!(room.guests[b].1.record().unfinished.is_some());
}

/// A host whose secret does not match its commitment is caught before
/// the first roll.
#[test]
fn a_secret_that_does_not_match_the_commitment_is_caught() {
    let (engine, name, hash) = engine(MILTON, 2);
    let mut guest = Guest::new(&engine, &name, hash, [1; 32], key(1), "Person");
    let welcome = br#"{"kind":"welcome","protocol":1,"seats":[],"you":0,"game":null}"#;
    guest.received(welcome);
    let commit = format!(r#"{{"kind":"commit","game":0,"commitment":"{}"}}"#, "ab".repeat(32));
    guest.received(commit.as_bytes());
    let begin = format!(
        r#"{{"kind":"begin","game":0,"commitment":"{}","secret":"{}","nonces":[],"seats":["human","human"]}}"#,
        "ab".repeat(32),
        "cd".repeat(32)
    );
    guest.received(begin.as_bytes());
    assert!(guest.closed().unwrap().contains("does not match"), "{:?}", guest.closed());
    assert!(guest.table().is_none());
}

/// Treehouse: people pick among moves; a pick the roll does not offer is
/// refused; the game ends the same everywhere.
#[test]
fn people_pick_their_moves_and_a_move_not_offered_is_refused() {
    let mut room = Room::new(TREEHOUSE, 2, Config { bot_pause_ms: 0, ..Config::default() });
    let a = room.join(1);
    room.guests[a].1.sit(0);
    room.host.act(ToHost::Sit { seat: 1 }, 0).unwrap();
    room.pump();
    room.host.start(0).unwrap();
    room.pump();
    let mut refused_a_pick = false;
    for _ in 0..100_000 {
        if let Some(t) = room.host.table()
            && t.waiting() == (Waiting::Choice { seat: 0 })
            && !refused_a_pick
        {
            let bytes = format!(r#"{{"kind":"choose","turn":{},"plan":{}}}"#, t.turns(), t.plans().len());
            assert!(room.host.received(room.guests[a].0, bytes.as_bytes(), room.now).is_err());
            refused_a_pick = true;
        }
        room.step(true);
        if !room.host.record().games.is_empty() {
            break;
        }
    }
    assert!(refused_a_pick, "seat 1 never had a choice");
    room.pump();
    assert_eq!(room.guests[a].1.record().games, room.host.record().games);
    let log = &room.host.record().games[0];
    assert!(!log.decisions.is_empty(), "people chose");
    room.replays(log);
}

/// A page whose connection was lost says hello again, sends no order
/// until the host's welcome brings it up to date, and plays on.
#[test]
fn a_page_that_reconnects_waits_for_the_welcome_before_its_orders() {
    let (mut room, a) = Room::person_and_bot(1, Policy::Greedy);
    for _ in 0..5 {
        room.step(true);
    }
    // The old connection goes; the page connects again as a new peer.
    room.leave(a);
    let peer = Peer(5000);
    room.host.joined(peer);
    room.guests[a].0 = peer;
    room.guests[a].2 = true;
    room.guests[a].1.reconnected();
    room.guests[a].1.roll();
    let sent = room.guests[a].1.outbox();
    assert_eq!(sent.len(), 1, "only the hello goes before the welcome");
    for bytes in sent {
        room.host.received(peer, &bytes, room.now).unwrap();
    }
    room.pump();
    room.play_out(1);
    room.pump();
    assert!(room.host.refused.is_empty(), "{:?}", room.host.refused);
    assert_eq!(room.guests[a].1.record().games, room.host.record().games);
}

/// An order waits for the host's answer until it comes, and an order
/// whose answer was lost is made again after the page connects again
/// (`ladderkit::room` reconnects a page whose order waits too long).
#[test]
fn an_order_waits_for_its_answer_and_a_reconnected_page_orders_again() {
    let (mut room, a) = Room::person_and_bot(1, Policy::Greedy);
    let guest = &mut room.guests[a].1;
    assert!(!guest.awaiting(), "nothing ordered yet");
    guest.roll();
    assert!(guest.awaiting(), "the roll is on its way");
    // The roll goes out; the host's answer is lost on the way back.
    let sent = guest.outbox();
    let peer = room.guests[a].0;
    for bytes in &sent {
        room.host.received(peer, bytes, room.now).unwrap();
    }
    let _lost = room.host.outbox();
    let guest = &mut room.guests[a].1;
    assert!(guest.awaiting(), "no answer came");
    guest.roll();
    assert!(guest.outbox().is_empty(), "an order is not sent twice");
    // Connected again: the welcome catches the page up, and its next roll
    // is its own again.
    guest.reconnected();
    assert!(!guest.awaiting());
    // A new connection is a new page id to the host.
    room.host.left(peer, room.now);
    room.guests[a].0 = Peer(5000);
    room.host.joined(Peer(5000));
    room.pump();
    let host_turns = room.host.table().unwrap().turns();
    assert_eq!(room.guests[a].1.table().unwrap().turns(), host_turns, "the welcome caught the page up");
    room.play_out(1);
    assert_eq!(room.guests[a].1.record().games, room.host.record().games);
}

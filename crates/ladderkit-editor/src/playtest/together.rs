//! Play › Play together: a play-test room over WebRTC (`ladderkit::room`).
//! This page hosts a room, or joins one by its link; the room's table plays
//! the game, and its events go to the play-test's `Session`, so every page
//! animates the same moves. The room lasts as long as play-test mode:
//! leaving the mode leaves the room.

use bevy::prelude::*;
use ladderkit::core::{Seats, check_source, compile, link, variant_hash};
use ladderkit::engine::{Engine, Policy};
use ladderkit::room::protocol::{Config, Guest, Host, PlayerKey, Record, SeatView, Table, ToHost, Waiting};
use ladderkit::room::{Connection, RoomAddress, Side, room_name};

use super::{Playtest, Session};
use crate::checks::Checks;
use crate::document::Document;
use crate::intents::{Intent, PlayIntent, RoomIntent};
use crate::{EditorMode, EditorSet, platform};

/// Where a person's key is kept (the web page's storage): every tab of one
/// browser is one person, so a second tab gets no second seat.
const KEY_STORAGE: &str = "ladderkit-player-key";

/// A room on this machine (the tests, one person trying it): no STUN.
const LOCAL_SERVER: &str = "ws://127.0.0.1:3536";

#[derive(Resource)]
pub struct Together {
    /// The signalling server rooms are opened on (`ladderkit room-server`).
    pub server: String,
    /// The name the others see.
    pub name: String,
    pub room: Option<Room>,
    /// A room link waiting for its board to open first.
    pub joining: Option<(RoomAddress, u64)>,
    /// Why the last open or join failed.
    pub error: Option<String>,
    /// The games of the room last left, kept to export.
    pub last: Option<Record>,
    /// How a room hosted here treats people and bots.
    pub config: Config,
    key: PlayerKey,
}

impl Default for Together {
    fn default() -> Self {
        let key = platform::stored(KEY_STORAGE).and_then(|k| PlayerKey::new(&k).ok()).unwrap_or_else(|| {
            let key = PlayerKey::from_entropy(&entropy());
            // The desktop keeps none: one window is one person.
            let _ = platform::store(KEY_STORAGE, key.as_str());
            key
        });
        // The web page's address may name the server (`?server=ws://…`).
        let server = platform::query_value("server").unwrap_or_else(|| LOCAL_SERVER.into());
        let config = Config::default();
        Self { server, name: "Player".into(), room: None, joining: None, error: None, last: None, config, key }
    }
}

/// The room this page is in.
pub struct Room {
    pub connection: Connection,
    /// The link others join by: the host's, once its page has an id.
    pub link: Option<String>,
    address: String,
    board_link: String,
    seats: Seats,
    /// The room's clock: milliseconds since the editor started.
    now: u64,
    /// The seats as last shown, for the session's names.
    names: Vec<String>,
}

impl Room {
    pub fn is_host(&self) -> bool {
        matches!(self.connection.side, Side::Host(_))
    }

    pub fn table(&self) -> Option<&Table> {
        match &self.connection.side {
            Side::Host(h) => h.table(),
            Side::Guest(g) => g.table(),
        }
    }

    pub fn seats(&self) -> Vec<SeatView> {
        match &self.connection.side {
            Side::Host(h) => h.seats(self.now),
            Side::Guest(g) => g.seats().to_vec(),
        }
    }

    pub fn my_seat(&self) -> Option<u8> {
        match &self.connection.side {
            Side::Host(h) => h.my_seat(),
            Side::Guest(g) => g.my_seat(),
        }
    }

    pub fn record(&self) -> &Record {
        match &self.connection.side {
            Side::Host(h) => h.record(),
            Side::Guest(g) => g.record(),
        }
    }

    /// Why the room ended, once it has.
    pub fn closed(&self) -> Option<&str> {
        match &self.connection.side {
            Side::Host(h) => h.closed(),
            Side::Guest(g) => g.closed(),
        }
    }

    /// What the host refused (a host's log of every page), or what this
    /// page was told.
    pub fn notes(&self) -> &[String] {
        match &self.connection.side {
            Side::Host(h) => &h.refused,
            Side::Guest(g) => &g.notes,
        }
    }

    /// Whether this person is to roll or pick now.
    pub fn my_turn(&self) -> Option<Waiting> {
        let seat = self.my_seat()?;
        let waiting = self.table()?.waiting();
        matches!(waiting, Waiting::Roll { seat: s } | Waiting::Choice { seat: s } if s == seat).then_some(waiting)
    }

    /// The page's order or choice, as the host checks any page's.
    fn act(&mut self, intent: ToHost) -> Result<(), String> {
        let now = self.now;
        match &mut self.connection.side {
            Side::Host(h) => h.act(intent, now),
            Side::Guest(g) => {
                match intent {
                    ToHost::Sit { seat } => g.sit(seat),
                    ToHost::Stand => g.stand(),
                    ToHost::Roll { .. } => g.roll(),
                    ToHost::Choose { plan, .. } => g.choose(plan),
                    ToHost::Hello { .. } | ToHost::Nonce { .. } => {}
                }
                Ok(())
            }
        }
    }
}

/// 32 bytes from the system: a room's name, the dice's secret, a key.
fn entropy() -> [u8; 32] {
    let mut bytes = [0; 32];
    // Without the system's randomness a room would still work, with a
    // guessable name and secret; say so rather than stop.
    if let Err(e) = getrandom::fill(&mut bytes) {
        warn!("no randomness from the system ({e}): this room's name and dice secret are guessable");
    }
    bytes
}

/// The engine every page of the room builds for its table from the board
/// the link carries.
fn engine_for(ron: &str, seats: Seats) -> Result<(Engine, String, u64), String> {
    let checked = check_source(ron);
    let spec = checked.spec.ok_or("the room's board has errors")?;
    if matches!(spec.rules.play, ladderkit::core::spec::Play::ScoreTrack(_)) {
        return Err("score-track variants are scored by hand: they cannot be played in a room".into());
    }
    let engine = Engine::new(&compile(&spec), seats).map_err(|e| e.to_string())?;
    Ok((engine.with_first_player(spec.rules.first_player), spec.meta.name.clone(), variant_hash(&spec)))
}

/// STUN asks public servers for a page's outside address: needed across
/// the internet, and of no use (a wait) with a server on this machine.
fn stun(room: &str) -> bool {
    !["ws://127.0.0.1", "ws://localhost", "ws://[::1]"].iter().any(|local| room.starts_with(local))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Together>()
        .add_systems(Update, (join_from_page_address, room_intents, pump).chain().in_set(EditorSet::Play))
        .add_systems(OnExit(EditorMode::Playtest), leave);
}

/// The web page opened by a room link joins that room once its board is
/// open (the page opens the board of its address by itself).
fn join_from_page_address(mut together: ResMut<Together>, mut asked: Local<bool>) {
    if std::mem::replace(&mut *asked, true) {
        return;
    }
    let address = platform::page_base();
    match RoomAddress::of_link(&address) {
        Ok(Some(room)) => match platform::page_link().map(|fragment| board_hash(&fragment)) {
            Some(Ok(hash)) => together.joining = Some((room, hash)),
            Some(Err(why)) => together.error = Some(why),
            None => together.error = Some("the room link carries no board (its `#lk2…` part)".into()),
        },
        Ok(None) => {}
        Err(why) => together.error = Some(why),
    }
}

/// The variant hash of the board a link carries.
fn board_hash(link_text: &str) -> Result<u64, String> {
    let ron = link::decode(link_text).map_err(|d| d.message.clone())?;
    let spec = check_source(&ron).spec.ok_or("the room's board has errors")?;
    Ok(variant_hash(&spec))
}

#[allow(clippy::too_many_arguments)] // reason: a Bevy system's parameters are its inputs
fn room_intents(
    mut intents: MessageReader<Intent>,
    mut together: ResMut<Together>,
    mut playtest: ResMut<Playtest>,
    doc: Res<Document>,
    checks: Res<Checks>,
    mut next_mode: ResMut<NextState<EditorMode>>,
    mut commands: Commands,
) {
    let together = &mut *together;
    let was_in = together.room.is_some();
    for intent in intents.read() {
        let outcome = match intent {
            Intent::Room(RoomIntent::Server(server)) => {
                together.server.clone_from(server);
                Ok(())
            }
            Intent::Room(RoomIntent::Name(name)) => {
                together.name.clone_from(name);
                Ok(())
            }
            Intent::Room(RoomIntent::Open) => {
                let seats = Seats::from_len(playtest.seats.len()).map_err(|e| e.to_string());
                seats.and_then(|seats| open(together, &doc, &checks, seats))
            }
            Intent::Room(RoomIntent::Join(text)) => match RoomAddress::of_link(text) {
                Ok(Some(room)) => board_hash(text).map(|hash| {
                    together.joining = Some((room, hash));
                    if variant_hash(doc.spec()) != hash {
                        commands.write_message(Intent::OpenLink(text.clone()));
                    }
                }),
                Ok(None) => Err("not a room link: it has no `?room=…`".into()),
                Err(why) => Err(why),
            },
            Intent::Room(RoomIntent::Leave) => {
                next_mode.set(EditorMode::Edit);
                Ok(())
            }
            Intent::Room(order) => together.room.as_mut().map_or(Ok(()), |room| order_in(room, order)),
            // As in a play-test here: a roll waits for the last move shown.
            Intent::Play(_) if playtest.session.as_ref().is_some_and(|s| s.waiting() == super::Waiting::Animation) => {
                Ok(())
            }
            Intent::Play(play) => together.room.as_mut().map_or(Ok(()), |room| play_in(room, play)),
            _ => Ok(()),
        };
        if let Err(why) = outcome {
            together.error = Some(why);
        }
    }
    // A join goes ahead once the document shows the room's board.
    if let Some((room, hash)) = together.joining.take() {
        if variant_hash(doc.spec()) != hash {
            together.joining = Some((room, hash));
        } else {
            if let Err(why) = join(together, &doc, room) {
                together.error = Some(why);
            }
        }
    }
    // A room just opened or joined: its lobby is the play-test panel.
    if !was_in && together.room.is_some() {
        playtest.error = None;
        playtest.session = None;
        next_mode.set(EditorMode::Playtest);
    }
}

/// Seats, bots, the next game: a room's own controls.
fn order_in(room: &mut Room, order: &RoomIntent) -> Result<(), String> {
    let now = room.now;
    match order {
        RoomIntent::Sit(seat) => room.act(ToHost::Sit { seat: *seat }),
        RoomIntent::Stand => room.act(ToHost::Stand),
        RoomIntent::Bot(seat, policy) => match &mut room.connection.side {
            Side::Host(h) => h.set_bot(*seat, *policy, now),
            Side::Guest(_) => Err("only the host seats bots".into()),
        },
        RoomIntent::Start => match &mut room.connection.side {
            Side::Host(h) => h.start(now),
            Side::Guest(_) => Err("only the host starts a game".into()),
        },
        _ => Ok(()),
    }
}

/// The play-test's roll and picks (Space, 1–9, the buttons), for the room.
fn play_in(room: &mut Room, play: &PlayIntent) -> Result<(), String> {
    let turn = room.table().map(Table::turns);
    match (play, turn, room.my_turn()) {
        (PlayIntent::Roll, Some(turn), Some(Waiting::Roll { .. })) => room.act(ToHost::Roll { turn }),
        (PlayIntent::Choose(plan), Some(turn), Some(Waiting::Choice { .. })) => {
            room.act(ToHost::Choose { turn, plan: *plan as u32 })
        }
        _ => Ok(()),
    }
}

/// Hosts a room for the design as it stands, at the table as set up.
fn open(together: &mut Together, doc: &Document, checks: &Checks, seats: Seats) -> Result<(), String> {
    if checks.compiled.has_errors() {
        return Err("fix the errors listed under Checks before opening a room".into());
    }
    let seats = Seats::within(seats.get(), doc.spec().rules.players).map_err(|e| e.to_string())?;
    let ron = ladderkit::core::to_string(&doc.spec().game_only());
    let (engine, variant, hash) = engine_for(&ron, seats)?;
    let board_link = link::url(&platform::page_base(), &ron);
    if link::Length::of(&board_link) == link::Length::TooLong {
        return Err("this board is too big for a link, so it cannot travel in a room link".into());
    }
    let address = format!("{}/{}", together.server.trim_end_matches('/'), room_name(&entropy()));
    ladderkit::room::check_room(&address)?;
    let host = Host::new(&engine, &variant, hash, together.config, entropy(), together.key.clone(), &together.name);
    let connection = Connection::host(&address, host, stun(&address), platform::run_room);
    together.room = Some(Room { connection, link: None, address, board_link, seats, now: 0, names: Vec::new() });
    together.error = None;
    Ok(())
}

/// Joins `room`, the document showing its board.
fn join(together: &mut Together, doc: &Document, room: RoomAddress) -> Result<(), String> {
    let ron = ladderkit::core::to_string(&doc.spec().game_only());
    let (engine, variant, hash) = engine_for(&ron, room.seats)?;
    let guest = Guest::new(&engine, &variant, hash, entropy(), together.key.clone(), &together.name);
    let connection = Connection::join(&room, guest, stun(&room.room), platform::run_room);
    let board_link = link::url(&platform::page_base(), &ron);
    let link = Some(room.link(&board_link));
    let (address, seats) = (room.room, room.seats);
    together.room = Some(Room { connection, link, address, board_link, seats, now: 0, names: Vec::new() });
    together.error = None;
    Ok(())
}

/// Messages in and out, and the room's game to the play-test's board.
fn pump(time: Res<Time<Real>>, mut together: ResMut<Together>, mut playtest: ResMut<Playtest>) {
    let Some(room) = &mut together.room else { return };
    room.now = time.elapsed().as_millis() as u64;
    room.connection.pump(room.now);
    if room.link.is_none()
        && let Some(id) = room.connection.id()
    {
        room.link = RoomAddress::new(&room.address, &id, room.seats).ok().map(|a| a.link(&room.board_link));
    }
    let events = match &mut room.connection.side {
        Side::Host(h) => h.take_events(),
        Side::Guest(g) => g.take_events(),
    };
    let names = names(&room.seats());
    let renamed = names != room.names;
    if renamed {
        room.names.clone_from(&names);
    }
    let Some(table) = room.table() else { return };
    let game = table.game();
    let fresh = playtest.session.as_ref().is_none_or(|s| !s.is_remote() || s.game != game);
    if fresh {
        // A game seen from its start is animated from there; one joined
        // late is shown where it has got to.
        let from = if events.is_empty() { table.state().clone() } else { table.engine().new_game(game) };
        playtest.session = Some(Session::for_room(table.engine(), names.clone(), game, from));
    }
    let session = playtest.session.as_mut().expect("set above");
    if renamed {
        session.rename(names);
    }
    session.show(events, table.state());
}

/// The seats' names, for the log and banners.
fn names(seats: &[SeatView]) -> Vec<String> {
    let name = |(i, seat): (usize, &SeatView)| match seat {
        SeatView::Person { name, .. } => name.clone(),
        SeatView::Bot { policy } => format!("Bot {} ({policy})", i + 1),
        SeatView::Empty => format!("Seat {}", i + 1),
    };
    seats.iter().enumerate().map(name).collect()
}

/// Leaving play-test mode leaves the room: a host's leaving ends it for
/// everyone, who keep their games.
fn leave(mut together: ResMut<Together>) {
    if let Some(mut room) = together.room.take() {
        if let Side::Host(h) = &mut room.connection.side {
            h.close("the host left, so the room is over; the games played are kept");
        }
        room.connection.close();
        together.last = Some(room.record().clone());
    }
}

/// Policies a host can seat, in the order the panel offers them.
pub const BOTS: [Policy; 3] = [Policy::Random, Policy::Greedy, Policy::Lookahead];

//! Rooms over the network: a room's `Host` or `Guest` (`ladderkit-room`)
//! carried between pages by WebRTC data channels (matchbox), the same in
//! the browser and natively. A signalling server introduces the pages
//! (`ladderkit room-server`); after that the bytes go page to page.
//!
//! A room link is a board link with the room in its query: the signalling
//! address with the room's name, and the host page's id there, so that a
//! page listens to that page alone (the server gives ids out; a page
//! cannot pick another's).

use std::collections::BTreeMap;

pub use ladderkit_room as protocol;

use ladderkit_core::Seats;
use ladderkit_room::host::To;
use ladderkit_room::{Guest, Host, Peer};
pub use matchbox_socket::MessageLoopFuture;
use matchbox_socket::{PeerId, PeerState, RtcIceServerConfig, WebRtcSocket};

/// Where a room is: its signalling address with the room's name, the
/// host page's id, and how many seats its table has (a page joining builds
/// its engine for that table before the host has said anything).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomAddress {
    /// `ws://` or `wss://`, the server, and the room's name as its path.
    pub room: String,
    pub host: String,
    pub seats: Seats,
}

impl RoomAddress {
    /// The room's part of a link: `?room=…&host=…&seats=…`, before its `#`.
    pub fn query(&self) -> String {
        format!("?room={}&host={}&seats={}", self.room, self.host, self.seats.count())
    }

    /// A room link: the board link `board_link` (`…#lk2.…`) with the room
    /// in its query.
    pub fn link(&self, board_link: &str) -> String {
        let (page, fragment) = board_link.split_once('#').unwrap_or((board_link, ""));
        let page = page.split('?').next().unwrap_or_default();
        format!("{page}{}#{fragment}", self.query())
    }

    /// The room in a link, if it has one; `Err` says what is wrong with it.
    pub fn of_link(link: &str) -> Result<Option<Self>, String> {
        let before = link.split('#').next().unwrap_or_default();
        let Some((_, query)) = before.split_once('?') else { return Ok(None) };
        let (mut room, mut host, mut seats) = (None, None, None);
        for pair in query.split('&') {
            match pair.split_once('=') {
                Some(("room", v)) => room = Some(v.to_owned()),
                Some(("host", v)) => host = Some(v.to_owned()),
                Some(("seats", v)) => seats = Some(v.to_owned()),
                _ => {}
            }
        }
        let (room, host, seats) = match (room, host, seats) {
            (None, None, None) => return Ok(None),
            (Some(r), Some(h), Some(s)) => (r, h, s),
            _ => return Err("a room link names its room, its host and its seats (`?room=…&host=…&seats=…`)".into()),
        };
        let seats = seats
            .parse::<usize>()
            .map_err(|_| format!("`seats={seats}` is not a number of seats"))
            .and_then(|n| Seats::from_len(n).map_err(|e| e.to_string()))?;
        Self::new(&room, &host, seats).map(Some)
    }

    pub fn new(room: &str, host: &str, seats: Seats) -> Result<Self, String> {
        check_room(room)?;
        uuid::Uuid::parse_str(host).map_err(|_| format!("`{host}` is not a page's id in a room"))?;
        Ok(Self { room: room.to_owned(), host: host.to_owned(), seats })
    }
}

/// Whether `room` is a room's address: `ws://SERVER/NAME` (or `wss://`).
pub fn check_room(room: &str) -> Result<(), String> {
    let path = room.strip_prefix("ws://").or_else(|| room.strip_prefix("wss://"));
    let fits =
        path.is_some_and(|p| p.split_once('/').is_some_and(|(server, name)| !server.is_empty() && valid_name(name)));
    if fits {
        Ok(())
    } else {
        Err(format!("`{room}` is not a room: a room is ws://SERVER/NAME (or wss://), its name letters, digits, - or _"))
    }
}

fn valid_name(name: &str) -> bool {
    (1..=64).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A room's name from a page's entropy.
pub fn room_name(entropy: &[u8; 32]) -> String {
    format!("lk-{}", &ladderkit_room::fair::hex(entropy)[..20])
}

/// How long an order waits for the host's answer before the connection
/// counts as stuck and is made again (the host answers at once).
pub const ORDER_TIMEOUT_MS: u64 = 4_000;

/// Which side of the room this page is.
pub enum Side {
    Host(Box<Host>),
    Guest(Box<Guest>),
}

/// Runs a connection's message loop: on a thread natively (`run_loop`),
/// on the page's event loop in the browser.
pub type Spawn = fn(MessageLoopFuture);

/// A page's connection to its room.
pub struct Connection {
    socket: WebRtcSocket,
    room: String,
    stun: bool,
    spawn: Spawn,
    /// Times a guest's connection was lost and made again.
    pub reconnections: u32,
    /// Messages this page read and sent (to each page counted apart).
    pub messages: [u64; 2],
    /// Since when a guest's order waits for the host's answer.
    order_since: Option<u64>,
    pub side: Side,
    /// The host page's id (a guest listens to it alone).
    host: Option<PeerId>,
    connected: BTreeMap<PeerId, bool>,
}

impl Connection {
    /// Hosts a room at `room` (`ws://SERVER/NAME`); `spawn` runs its
    /// message loop.
    pub fn host(room: &str, host: Host, stun: bool, spawn: Spawn) -> Self {
        Self::open(room, Side::Host(Box::new(host)), None, stun, spawn)
    }

    /// Joins the room at `address` as `guest`.
    pub fn join(address: &RoomAddress, guest: Guest, stun: bool, spawn: Spawn) -> Self {
        let host = uuid::Uuid::parse_str(&address.host).ok().map(PeerId);
        Self::open(&address.room, Side::Guest(Box::new(guest)), host, stun, spawn)
    }

    fn open(room: &str, side: Side, host: Option<PeerId>, stun: bool, spawn: Spawn) -> Self {
        let (socket, looped) = socket(room, stun);
        spawn(looped);
        let connected = BTreeMap::new();
        let messages = [0; 2];
        let order_since = None;
        Self {
            socket,
            room: room.to_owned(),
            stun,
            spawn,
            reconnections: 0,
            messages,
            order_since,
            side,
            host,
            connected,
        }
    }

    /// Pages this page is connected to now.
    pub fn peers(&self) -> usize {
        self.connected.values().filter(|up| **up).count()
    }

    /// This page's id, once the signalling server gave it one: the host's
    /// goes into the room link.
    pub fn id(&mut self) -> Option<String> {
        self.socket.id().map(|id| id.0.to_string())
    }

    /// Pages joined and left, messages read and sent, time passed.
    pub fn pump(&mut self, now: u64) {
        let Ok(changes) = self.socket.try_update_peers() else { return self.lost() };
        for (peer, state) in changes {
            let up = state == PeerState::Connected;
            self.connected.insert(peer, up);
            match &mut self.side {
                Side::Host(host) if up => host.joined(as_peer(peer)),
                Side::Host(host) => host.left(as_peer(peer), now),
                Side::Guest(guest) if !up && Some(peer) == self.host => guest.host_left(),
                Side::Guest(_) => {}
            }
        }
        for (peer, bytes) in self.socket.channel_mut(0).receive() {
            self.messages[0] += 1;
            match &mut self.side {
                // Refusals are told to the page and kept in `Host::refused`.
                Side::Host(host) => {
                    let _ = host.received(as_peer(peer), &bytes, now);
                }
                Side::Guest(guest) if Some(peer) == self.host => guest.received(&bytes),
                // Other guests (a room is a full mesh): not listened to.
                Side::Guest(_) => {}
            }
        }
        match &mut self.side {
            Side::Host(host) => host.tick(now),
            // A connection can stop carrying the host's messages without
            // saying so (seen in Chromium: an order went out, its answer
            // never came): an order unanswered for long is a lost
            // connection, made again, and the welcome catches up.
            Side::Guest(guest) if guest.awaiting() => {
                let since = *self.order_since.get_or_insert(now);
                if now.saturating_sub(since) > ORDER_TIMEOUT_MS {
                    self.order_since = None;
                    self.lost();
                }
            }
            Side::Guest(_) => self.order_since = None,
        }
        self.flush();
    }

    /// The message loop ended (the server went, or the WebRTC stack gave
    /// up). A guest connects again, and the host gives it its seat back; a
    /// host cannot (its page's id is in the room's link), so its room ends.
    fn lost(&mut self) {
        match &mut self.side {
            Side::Guest(guest) if guest.closed().is_none() => {
                let (socket, looped) = socket(&self.room, self.stun);
                (self.spawn)(looped);
                self.socket = socket;
                self.connected.clear();
                self.reconnections += 1;
                guest.reconnected();
            }
            Side::Guest(_) => {}
            Side::Host(host) => host.close("the host lost its connection to the room"),
        }
    }

    fn flush(&mut self) {
        match &mut self.side {
            Side::Host(host) => {
                let up: Vec<PeerId> = self.connected.iter().filter(|(_, up)| **up).map(|(p, _)| *p).collect();
                for (to, bytes) in host.outbox() {
                    for &peer in &up {
                        if to == To::Everyone || to == To::One(as_peer(peer)) {
                            self.messages[1] += 1;
                            self.socket.channel_mut(0).send(bytes.clone().into(), peer);
                        }
                    }
                }
            }
            Side::Guest(guest) => {
                // The hello waits until the host's page is there to hear it.
                // (A lost connection's socket is replaced before this.)
                let Some(host) = self.host.filter(|h| self.connected.get(h) == Some(&true)) else { return };
                for bytes in guest.outbox() {
                    self.messages[1] += 1;
                    self.socket.channel_mut(0).send(bytes.into(), host);
                }
            }
        }
    }

    /// Sends what is left and leaves the room.
    pub fn close(&mut self) {
        self.flush();
        self.socket.close();
    }
}

fn as_peer(peer: PeerId) -> Peer {
    Peer(peer.0.as_u128())
}

/// One reliable, ordered channel. `stun`: ask public STUN servers for a
/// page's outside address (needed across the internet; on one machine or
/// network the pages' own addresses do).
fn socket(room: &str, stun: bool) -> (WebRtcSocket, MessageLoopFuture) {
    let builder = WebRtcSocket::builder(room).add_reliable_channel();
    let builder = if stun {
        builder
    } else {
        builder.ice_server(RtcIceServerConfig { urls: Vec::new(), ..RtcIceServerConfig::default() })
    };
    builder.build()
}

/// Runs a connection's message loop on a thread of its own, natively.
#[cfg(not(target_arch = "wasm32"))]
pub fn run_loop(looped: MessageLoopFuture) {
    std::thread::spawn(move || {
        // The loop ends when the socket closes or the server is gone, and
        // the connection sees it (`Connection::pump`).
        let _ = futures::executor::block_on(looped);
    });
}

/// The signalling server that introduces a room's pages to each other
/// (matchbox's, full mesh: every page of a room meets every other; rooms
/// are told apart by the name in their address). Bound here, so that its
/// address is known before it serves; it serves on a tokio runtime.
#[cfg(not(target_arch = "wasm32"))]
pub fn signalling_server(
    at: std::net::SocketAddr,
) -> Result<(std::net::SocketAddr, matchbox_signaling::SignalingServer), String> {
    let mut server = matchbox_signaling::SignalingServer::full_mesh_builder(at).cors().build();
    let bound = server.bind().map_err(|e| format!("cannot listen on {at}: {e}"))?;
    Ok((bound, server))
}

/// A signalling server serving on a thread of its own until the process
/// ends, for tests and for a page that hosts on this machine; its address.
#[cfg(not(target_arch = "wasm32"))]
pub fn signalling_server_in_background(at: std::net::SocketAddr) -> Result<std::net::SocketAddr, String> {
    let (bound, server) = signalling_server(at)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    std::thread::spawn(move || runtime.block_on(server.serve()));
    Ok(bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_link_carries_the_room_and_the_board() {
        let id = "67e55044-10b1-426f-9247-bb680e5fe0c8";
        let three = Seats::new(3).unwrap();
        let address = RoomAddress::new("ws://127.0.0.1:3536/lk-abc", id, three).unwrap();
        let link = address.link("https://example.org/ladderkit/?old=1#lk2.xyz");
        assert_eq!(
            link,
            format!("https://example.org/ladderkit/?room=ws://127.0.0.1:3536/lk-abc&host={id}&seats=3#lk2.xyz")
        );
        assert_eq!(RoomAddress::of_link(&link), Ok(Some(address)));
        assert_eq!(RoomAddress::of_link("https://example.org/#lk2.xyz"), Ok(None));
        assert!(RoomAddress::of_link("https://e.org/?room=ws://h/r#x").unwrap_err().contains("its seats"));
        let no_seats = format!("https://e.org/?room=ws://h/r&host={id}&seats=99#x");
        assert!(RoomAddress::of_link(&no_seats).is_err());
        assert!(RoomAddress::new("http://h/r", id, three).is_err());
        assert!(RoomAddress::new("ws://h/a&b", id, three).is_err());
        assert!(RoomAddress::new("ws://h/r", "not-an-id", three).is_err());
    }
}

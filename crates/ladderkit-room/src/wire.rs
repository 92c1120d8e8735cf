//! What pages send each other, as JSON: small, and readable in a log.
//! Everything read is checked: a message too long, not JSON, or of no
//! known kind is refused before anything looks at it.

use serde::{Deserialize, Serialize};

/// A connection to the room, as the transport numbers it (WebRTC's peer
/// id). The host's own page is `Peer::HOST`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Peer(pub u128);

impl Peer {
    pub const HOST: Peer = Peer(0);
}

/// A person, across reconnections and tabs: a page keeps its key (the web
/// page in its storage) and says it when it joins. The host tells no one
/// else anyone's key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PlayerKey(String);

impl PlayerKey {
    /// 8 to 64 letters, digits, `-` or `_`.
    pub fn new(text: &str) -> Result<Self, String> {
        let fits =
            (8..=64).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if fits { Ok(Self(text.to_owned())) } else { Err("a player key is 8 to 64 letters, digits, - or _".into()) }
    }

    /// A key from a page's entropy.
    pub fn from_entropy(entropy: &crate::fair::Bytes32) -> Self {
        Self(crate::fair::hex(entropy)[..32].to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for PlayerKey {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        Self::new(&text)
    }
}

impl From<PlayerKey> for String {
    fn from(key: PlayerKey) -> String {
        key.0
    }
}

/// The protocol's version: a page of another version is told so.
pub const PROTOCOL: u32 = 1;

/// Longest message read; a whole game's catch-up fits many times over.
pub const MAX_MESSAGE: usize = 256 * 1024;

/// Longest name shown for a person, in characters.
pub const MAX_NAME: usize = 32;

/// A guest's intents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToHost {
    /// The first message: who this is, on which board.
    Hello { protocol: u32, key: PlayerKey, name: String, variant: String },
    /// Take seat `seat` (from 0), if it is free.
    Sit { seat: u8 },
    /// Give the seat up.
    Stand,
    /// This page's nonce for game `game`, after the host's commitment.
    Nonce { game: u64, nonce: String },
    /// Roll for turn `turn` (the count of turns begun before it).
    Roll { turn: u64 },
    /// Pick move `plan` of the roll of turn `turn`.
    Choose { turn: u64, plan: u32 },
}

/// Who sits in a seat, as every page sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatView {
    Empty,
    /// A person; `away` while their page is gone, `covered` once a bot
    /// plays for them (the seat is still theirs).
    Person {
        name: String,
        away: bool,
        covered: bool,
    },
    Bot {
        policy: String,
    },
}

/// One order of a game, for a page that joins late.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Order {
    Roll,
    Choose { plan: u32 },
}

/// A game as far as it went, for a page that joins late.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSoFar {
    pub game: u64,
    pub commitment: String,
    pub secret: String,
    pub nonces: Vec<String>,
    pub seats: Vec<String>,
    pub orders: Vec<Order>,
}

/// What the host tells guests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToGuest {
    /// The answer to `Hello`: the seats, the seat that is this person's,
    /// and the game under way.
    Welcome {
        protocol: u32,
        seats: Vec<SeatView>,
        you: Option<u8>,
        game: Option<GameSoFar>,
    },
    Seats {
        seats: Vec<SeatView>,
        you: Option<u8>,
    },
    /// Game `game` is about to start: the host's commitment; seated
    /// people answer with a nonce.
    Commit {
        game: u64,
        commitment: String,
    },
    /// The game starts: the secret (checked against the commitment, said
    /// again for pages that joined after it), the nonces its seed takes
    /// in, and the seats as its log labels them.
    Begin {
        game: u64,
        commitment: String,
        secret: String,
        nonces: Vec<String>,
        seats: Vec<String>,
    },
    /// The current seat rolled, for turn `turn`.
    Rolled {
        turn: u64,
    },
    /// The choosing seat picked move `plan`, at turn `turn`.
    Chose {
        turn: u64,
        plan: u32,
    },
    /// The last message was not taken, and why.
    Refused {
        why: String,
    },
    /// The room is over.
    Closed {
        why: String,
    },
}

/// Reads a message, or says why it cannot be read.
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, String> {
    if bytes.len() > MAX_MESSAGE {
        return Err(format!("a message of {} bytes (at most {MAX_MESSAGE})", bytes.len()));
    }
    serde_json::from_slice(bytes).map_err(|e| format!("not a message: {e}"))
}

pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    serde_json::to_vec(message).expect("messages are plain data")
}

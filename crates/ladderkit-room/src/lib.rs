//! Play-test rooms: people at their own screens playing one game.
//!
//! One page hosts: its engine decides, and it alone orders what happens.
//! The others send intents (take a seat, roll, pick a plan) and hear back
//! what was decided. Every page holds the same `Table`, the whole game
//! replayed by its own engine from the shared seed and the decisions, so
//! no page can move out of turn, and every page ends a game with the same
//! `GameLog` (`ladderkit replay` reads it).
//!
//! The dice cannot be chosen by the host (`fair`): it commits to a secret
//! before the seated people send it their nonces, and the game's seed is
//! the hash of both; every page checks the commitment before the first
//! roll.
//!
//! Pure, like the engine: no clock (`now` is passed in, in milliseconds),
//! no socket (bytes in, bytes out through an outbox), no random numbers
//! (each page passes 32 bytes of entropy in once). The editor and the
//! command line carry the bytes over WebRTC.

pub mod fair;
pub mod guest;
pub mod host;
pub mod record;
pub mod table;
pub mod wire;

pub use guest::Guest;
pub use host::{Config, Host};
pub use record::Record;
pub use table::{Table, Waiting};
pub use wire::{Peer, PlayerKey, SeatView, ToGuest, ToHost};

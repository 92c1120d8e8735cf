//! The state of one game. Plain data: cloning it is how bots look ahead.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub owner: u8,
    /// Pyramid size (Treehouse team game); equal sizes never cover.
    pub size: u8,
    pub pos: u32,
    /// Height in its stack: higher levels sit on top.
    pub level: u16,
    pub home: bool,
    /// Treehouse sideways rule: turns its owner must spend standing it up.
    pub sideways: u8,
    /// Treehouse upright rule: penalty turns owed while it stays put.
    pub penalty: u8,
    /// Holds an upgrade bought with chips (the variant names its power).
    #[serde(default)]
    pub upgraded: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PlayerState {
    /// Classic play: turns still to skip.
    pub lose_turns: u32,
    /// Whether the player has had their first turn (Treehouse rolls one die
    /// on it).
    pub started: bool,
    pub rolls: u32,
    pub turns: u32,
    /// Treehouse: an extra-turn space reached by this player's own piece
    /// during the turn being played (classic: the roll's extra turn while
    /// an arrow choice is pending).
    pub extra_earned: bool,
    #[serde(default)]
    pub points: u32,
    /// Chips held, counted per value (`extras.chips.values`).
    #[serde(default)]
    pub held: [u64; ladderkit_core::extras::MAX_CHIP_VALUES],
    /// Bumping to where the bumper began its turn: where that was (kept
    /// only during the turn, and only under that rule).
    #[serde(default)]
    pub turn_from: u32,
    /// Trading places at the end of the turn: where the piece stood before
    /// its last move (kept only during the turn, and only under that rule).
    #[serde(default)]
    pub moved_from: u32,
    /// Classic play: the player's piece waits on a well or prison until
    /// another piece arrives there. (Kept with the player, not the piece:
    /// classic play has one piece each, and a piece is copied far more often
    /// by bots weighing plans.)
    #[serde(default)]
    pub waiting: bool,
}

/// A turn waiting for its player to choose: the dice are rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub dice: [u8; 2],
    pub count: u8,
    pub kind: TurnKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnKind {
    /// Treehouse first turn: one die for one of your own pieces.
    Opening,
    /// Treehouse: one die for you, one for another player.
    Split,
    /// Treehouse upright rule: one die for another player's piece.
    Penalty,
    /// Classic: the piece came to rest where an arrow activates; choose
    /// the activation (or none).
    Arrow,
}

#[derive(Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct State {
    pub pieces: Vec<Piece>,
    pub players: Vec<PlayerState>,
    pub pieces_per_player: u8,
    pub current: u8,
    /// The seat that opened this game.
    pub opener: u8,
    pub turns_in_row: u32,
    pub rounds: u32,
    pub rolls: u32,
    pub pending: Option<Pending>,
    /// A bit per winning seat; zero while the game is on.
    pub winners: u32,
    /// Per position: the face-down chip there (index into the chip values
    /// plus one), 0 for none. Empty without chips.
    #[serde(default)]
    pub chips: Vec<u8>,
    /// Every piece waits for another to free it: the game cannot go on and
    /// is over without a winner.
    #[serde(default)]
    pub blocked: bool,
}

/// Written out so `clone_from` reuses the vectors: bots and plan listing
/// copy states every turn, and the derived `clone_from` allocates anew.
impl Clone for State {
    fn clone(&self) -> Self {
        let mut copy = Self::default();
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        // Destructured so a new field cannot be forgotten here.
        let Self {
            pieces,
            players,
            pieces_per_player,
            current,
            opener,
            turns_in_row,
            rounds,
            rolls,
            pending,
            winners,
            chips,
            blocked,
        } = source;
        self.pieces.clone_from(pieces);
        self.players.clone_from(players);
        self.chips.clone_from(chips);
        self.pieces_per_player = *pieces_per_player;
        self.current = *current;
        self.opener = *opener;
        self.turns_in_row = *turns_in_row;
        self.rounds = *rounds;
        self.rolls = *rolls;
        self.pending = *pending;
        self.winners = *winners;
        self.blocked = *blocked;
    }
}

impl State {
    pub fn is_over(&self) -> bool {
        self.winners != 0 || self.blocked
    }

    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// Indices of a player's pieces.
    pub fn pieces_of(&self, player: u8) -> std::ops::Range<usize> {
        let k = self.pieces_per_player as usize;
        player as usize * k..(player as usize + 1) * k
    }

    /// How far seat `player` has come on a board whose goal is `goal`: its
    /// pieces' positions added up, a piece home counting as the goal (who
    /// leads, and who is last, by this).
    pub fn progress(&self, player: u8, goal: u32) -> u64 {
        self.pieces_of(player).map(|i| u64::from(if self.pieces[i].home { goal } else { self.pieces[i].pos })).sum()
    }

    /// Seats that won, in seat order.
    pub fn winner_seats(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.players.len() as u8).filter(|p| self.winners & (1 << p) != 0)
    }

    /// Appends to `out` every part of the state the rules and bots read,
    /// leaving out the counters they never read (rolls, turns, rounds):
    /// two states with equal keys play on identically. Bots remember what
    /// they worked out under it.
    pub fn write_key(&self, out: &mut Vec<u8>) {
        // Destructured so a new field cannot be forgotten here.
        let Self {
            pieces,
            players,
            pieces_per_player,
            current,
            opener,
            turns_in_row,
            rounds: _,
            rolls: _,
            pending,
            winners,
            chips,
            blocked,
        } = self;
        out.extend([*pieces_per_player, *current, *opener, players.len() as u8, u8::from(*blocked)]);
        out.extend(turns_in_row.to_le_bytes());
        out.extend(winners.to_le_bytes());
        match pending {
            None => out.push(0),
            Some(Pending { dice, count, kind }) => out.extend([1, dice[0], dice[1], *count, *kind as u8]),
        }
        for Piece { owner, size, pos, level, home, sideways, penalty, upgraded } in pieces {
            out.extend([*owner, *size, u8::from(*home), *sideways, *penalty, u8::from(*upgraded)]);
            out.extend(pos.to_le_bytes());
            out.extend(level.to_le_bytes());
        }
        for player in players {
            let PlayerState {
                lose_turns,
                started,
                rolls: _,
                turns: _,
                extra_earned,
                points,
                held,
                turn_from,
                moved_from,
                waiting,
            } = player;
            out.extend([u8::from(*started), u8::from(*extra_earned), u8::from(*waiting)]);
            for n in [*lose_turns, *points, *turn_from, *moved_from] {
                out.extend(n.to_le_bytes());
            }
            // Most games hold no chips: a zero byte stands for none.
            if held.iter().all(|n| *n == 0) {
                out.push(0);
            } else {
                out.push(1);
                held.iter().for_each(|n| out.extend(n.to_le_bytes()));
            }
        }
        out.extend(chips);
    }

    /// Whether piece `i` rides along when piece `base` moves (itself
    /// included): the pieces at or above it in its stack, except in the tray.
    pub fn rides_with(&self, i: usize, base: usize) -> bool {
        let (q, b) = (&self.pieces[i], &self.pieces[base]);
        !q.home && q.pos == b.pos && q.level >= b.level && (b.pos != crate::TRAY || i == base)
    }
}

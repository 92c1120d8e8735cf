//! How many sit at the table. A `Seats` is made once, where a table is set
//! (the CLI's `--players`, the editor's seat list, the tuner's goal), and
//! checked there: 1 to `MAX_PLAYERS`, and for a variant's own table within
//! its player range. The engine, the analysis, the simulation and the
//! solver take it, so no path holds a count that no one checked, and a list
//! of one thing per seat is checked against it (`Seats::check_list`).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::spec::{FirstPlayer, MAX_PLAYERS, PlayerRange, next_seat};

/// The number of seats at a table, from 1 to `MAX_PLAYERS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Seats(u8);

/// Why a table cannot be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatsError {
    /// Not 1 to `MAX_PLAYERS`.
    Count { asked: u64 },
    /// Outside the variant's player range.
    Range { asked: u32, range: PlayerRange },
    /// A list of one `what` per seat (bots, names, policies) that is not.
    List { what: &'static str, given: usize, seats: Seats },
}

impl fmt::Display for SeatsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Count { asked } => write!(f, "a table seats 1 to {MAX_PLAYERS} players, not {asked}"),
            Self::Range { asked, range } => write!(
                f,
                "this variant is for {} to {} players, not {asked}; change its `players` rule to seat more",
                range.min, range.max
            ),
            Self::List { what, given, seats } => {
                write!(f, "{given} {what} for a table of {seats}; give one per seat")
            }
        }
    }
}

impl std::error::Error for SeatsError {}

impl Seats {
    pub const ONE: Seats = Seats(1);
    pub const TWO: Seats = Seats(2);

    /// A table of `count`, whatever the variant (simulations may seat one
    /// player alone, or more than a variant's box holds).
    pub fn new(count: u32) -> Result<Seats, SeatsError> {
        match u8::try_from(count) {
            Ok(n) if (1..=MAX_PLAYERS).contains(&count) => Ok(Seats(n)),
            _ => Err(SeatsError::Count { asked: u64::from(count) }),
        }
    }

    /// A table of `count` for a variant whose rules seat `range`.
    pub fn within(count: u32, range: PlayerRange) -> Result<Seats, SeatsError> {
        let seats = Seats::new(count)?;
        if (range.min..=range.max).contains(&count) {
            Ok(seats)
        } else {
            Err(SeatsError::Range { asked: count, range })
        }
    }

    /// A table of `count`, counted in anything (a list's length).
    pub fn from_len(count: usize) -> Result<Seats, SeatsError> {
        u32::try_from(count).map_err(|_| SeatsError::Count { asked: count as u64 }).and_then(Seats::new)
    }

    /// How many seats, as an index bound.
    #[inline]
    pub fn count(self) -> usize {
        usize::from(self.0)
    }

    /// How many seats, as the rules and the reports count.
    #[inline]
    pub fn get(self) -> u32 {
        u32::from(self.0)
    }

    /// The seats' indices, seat 1 first.
    pub fn indices(self) -> std::ops::Range<usize> {
        0..self.count()
    }

    /// The seats as the engine numbers them (`u8`), seat 1 first.
    pub fn ids(self) -> std::ops::Range<u8> {
        0..self.0
    }

    /// The seat after `seat`, in seat order (`spec::next_seat`).
    #[inline]
    pub fn next(self, seat: usize) -> usize {
        next_seat(seat, self.count())
    }

    /// The seat that opens game `game` (from 0) (`FirstPlayer::opener`).
    #[inline]
    pub fn opener(self, first: FirstPlayer, game: u64) -> usize {
        first.opener(game, self.count())
    }

    /// Checks a list of one `what` per seat.
    pub fn check_list(self, what: &'static str, given: usize) -> Result<(), SeatsError> {
        if given == self.count() { Ok(()) } else { Err(SeatsError::List { what, given, seats: self }) }
    }
}

impl fmt::Display for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} player{}", self.0, if self.0 == 1 { "" } else { "s" })
    }
}

impl TryFrom<u32> for Seats {
    type Error = SeatsError;
    fn try_from(count: u32) -> Result<Self, SeatsError> {
        Seats::new(count)
    }
}

impl From<Seats> for u32 {
    fn from(seats: Seats) -> u32 {
        seats.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_one_to_the_limit_and_within_the_variant() {
        assert_eq!(Seats::new(0), Err(SeatsError::Count { asked: 0 }));
        assert_eq!(Seats::new(MAX_PLAYERS + 1), Err(SeatsError::Count { asked: u64::from(MAX_PLAYERS) + 1 }));
        assert_eq!(Seats::new(300), Err(SeatsError::Count { asked: 300 }));
        assert_eq!(Seats::new(MAX_PLAYERS).map(Seats::count), Ok(MAX_PLAYERS as usize));
        let range = PlayerRange { min: 2, max: 4 };
        assert_eq!(Seats::within(4, range), Ok(Seats(4)));
        assert_eq!(Seats::within(5, range), Err(SeatsError::Range { asked: 5, range }));
        assert_eq!(Seats::within(1, range), Err(SeatsError::Range { asked: 1, range }));
        assert!(Seats::within(5, range).unwrap_err().to_string().contains("for 2 to 4 players, not 5"));
    }

    #[test]
    fn a_list_of_one_per_seat_is_checked_and_named() {
        let three = Seats::new(3).unwrap();
        assert_eq!(three.check_list("bots", 3), Ok(()));
        let err = three.check_list("bots", 2).unwrap_err();
        assert_eq!(err.to_string(), "2 bots for a table of 3 players; give one per seat");
    }

    #[test]
    fn seats_take_turns_in_order_and_openers_rotate() {
        let three = Seats::new(3).unwrap();
        assert_eq!([0, 1, 2].map(|s| three.next(s)), [1, 2, 0]);
        assert_eq!(Seats::ONE.next(0), 0);
        assert_eq!((0..4).map(|g| three.opener(FirstPlayer::Rotate, g)).collect::<Vec<_>>(), [0, 1, 2, 0]);
        assert_eq!(three.opener(FirstPlayer::Seat1, 7), 0);
    }

    #[test]
    fn seats_read_and_write_as_a_number_and_refuse_a_bad_one() {
        assert_eq!(ron::to_string(&Seats::TWO).unwrap(), "2");
        assert_eq!(ron::from_str::<Seats>("4").unwrap(), Seats(4));
        assert!(ron::from_str::<Seats>("0").is_err());
    }
}

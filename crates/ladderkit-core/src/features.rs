//! What a compiled game asks of whatever plays it. Every path moves pieces
//! by the dice along the path (overshoot and entry included) and takes
//! jumps; `Features` names everything beyond that a board uses. A fast
//! path declares the features it plays, and is used only for a board whose
//! features it plays all of: a rule no path has declared is played by the
//! engine, never ignored by a kernel.
//!
//! `CompiledBoard::features` names every field of the board (no `..`), so
//! a new field (a new effect or rule) does not compile until it is
//! classified here.

use crate::board::extras::Extras;
use crate::board::{CompiledBoard, RestEffect};
use crate::spec::{Play, Win};

/// A set of game features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Features(u32);

macro_rules! features {
    ($($(#[$doc:meta])* $name:ident = $bit:literal, $key:literal;)*) => {
        impl Features {
            $($(#[$doc])* pub const $name: Self = Self(1 << $bit);)*
            /// Every feature with its name, in order.
            pub const ALL: &[(Self, &'static str)] = &[$((Self::$name, $key)),*];
        }
    };
}

features! {
    /// Spaces where a piece loses turns.
    LOST_TURNS = 0, "lost-turns";
    /// Spaces that give another turn.
    EXTRA_TURN_SPACES = 1, "extra-turn-spaces";
    /// Rolls that give another turn (doubles, a six).
    EXTRA_TURN_ROLLS = 2, "extra-turn-rolls";
    /// A cap on turns in a row.
    TURN_CAP = 3, "turn-cap";
    /// Geese: the piece moves its roll again.
    GEESE = 4, "geese";
    /// Wells and prisons: a piece waits to be freed.
    WAIT = 5, "wait";
    /// Throws from the start that go straight to a space.
    FIRST_THROWS = 6, "first-throws";
    /// Pieces may not share squares: they bump (safe spaces with it).
    BUMP = 7, "bump";
    /// Spaces that score points.
    POINTS = 8, "points";
    /// Point chips picked up from spaces.
    CHIPS = 9, "chips";
    /// Arrow spaces.
    ARROWS = 10, "arrows";
    /// The winner is decided by points, not by who is home first.
    POINTS_WIN = 11, "points-win";
    /// Treehouse play: stacking pyramids, one die each way.
    TREEHOUSE = 12, "treehouse";
    /// Treehouse team games (several pyramids a player).
    TEAMS = 13, "teams";
    /// A score track: pieces move by points scored, lap after lap.
    SCORE_TRACK = 14, "score-track";
}

impl Features {
    pub const NONE: Self = Self(0);

    pub const fn with(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// Whether every feature of `self` is among `plays`.
    pub const fn within(self, plays: Self) -> bool {
        self.0 & !plays.0 == 0
    }

    pub const fn contains(self, other: Self) -> bool {
        other.within(self)
    }

    /// The features of `self` that `plays` lacks.
    pub const fn beyond(self, plays: Self) -> Self {
        Self(self.0 & !plays.0)
    }

    /// Their names ("lost-turns", "geese"…), for reports.
    pub fn names(self) -> Vec<&'static str> {
        Self::ALL.iter().filter(|(f, _)| self.contains(*f)).map(|(_, name)| *name).collect()
    }
}

impl CompiledBoard {
    /// Everything this board asks beyond moving by the dice and taking
    /// jumps.
    pub fn features(&self) -> Features {
        let Self {
            // Where things are and what they are called: the same game.
            first_number: _,
            len: _,
            start: _,
            goal: _,
            points: _,
            names: _,
            badges: _,
            // Jumps, and moving by the dice (overshoot and entry are in
            // `step`, which every path's tables are made from).
            jumps: _,
            jump_at: _,
            landing: _,
            dice: _,
            outcomes,
            weight_total: _,
            overshoot: _,
            entry: _,
            rest,
            extra_turn,
            max_consecutive_turns,
            shared_squares: _,
            // Set exactly when classic pieces may not share squares;
            // safe spaces only matter then.
            bump,
            safe: _,
            play,
            extras,
            again,
            wait,
            first_throw,
        } = self;
        let when = |set: bool, feature: Features| if set { feature } else { Features::NONE };
        let mut f = Features::NONE;
        for r in rest {
            let RestEffect { lose_turns, extra_turn, points } = *r;
            f = f
                .with(when(lose_turns > 0, Features::LOST_TURNS))
                .with(when(extra_turn, Features::EXTRA_TURN_SPACES))
                .with(when(points > 0, Features::POINTS));
        }
        let Extras { arrows, arrow_at: _, touch_start: _, touching: _, chips, win } = extras;
        f = f
            .with(when(again.iter().any(|&g| g), Features::GEESE))
            .with(when(wait.iter().any(|&w| w), Features::WAIT))
            .with(when(
                !first_throw.is_empty() || outcomes.iter().any(|o| o.first_throw.is_some()),
                Features::FIRST_THROWS,
            ))
            .with(when(bump.is_some(), Features::BUMP))
            .with(when(!arrows.is_empty(), Features::ARROWS))
            .with(when(chips.is_some(), Features::CHIPS))
            .with(when(*win != Win::FirstHome, Features::POINTS_WIN));
        let cap = max_consecutive_turns.is_some();
        f.with(match play {
            // The turn rules of the classic race.
            Play::Classic => when(extra_turn.is_some(), Features::EXTRA_TURN_ROLLS).with(when(cap, Features::TURN_CAP)),
            // Treehouse play ignores the extra-turn rule (`check_treehouse`
            // warns) and stacks pieces; a cap matters only where spaces
            // give extra turns.
            Play::Treehouse(t) => Features::TREEHOUSE
                .with(when(t.is_team_game(), Features::TEAMS))
                .with(when(cap && f.contains(Features::EXTRA_TURN_SPACES), Features::TURN_CAP)),
            Play::ScoreTrack(_) => Features::SCORE_TRACK,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_what_they_are_given() {
        let race = Features::LOST_TURNS.with(Features::GEESE);
        assert!(Features::GEESE.within(race) && !Features::WAIT.within(race));
        assert!(Features::NONE.within(Features::NONE));
        assert_eq!(race.beyond(Features::GEESE), Features::LOST_TURNS);
        assert_eq!(race.names(), ["lost-turns", "geese"]);
        let bits: Vec<u32> = Features::ALL.iter().map(|(f, _)| f.0).collect();
        assert!(bits.iter().all(|b| b.count_ones() == 1), "one bit each");
        let mut distinct = bits.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), bits.len(), "no two features share a bit");
    }
}

#[cfg(test)]
mod bundled {
    use crate::{check_source, compile};

    macro_rules! variant {
        ($name:literal) => {
            ($name, include_str!(concat!("../../../variants/", $name, ".ron")))
        };
    }

    /// What each kind of bundled variant uses, as its file and rules sheet
    /// say.
    #[test]
    fn the_bundled_variants_name_their_rules() {
        let cases: [((&str, &str), &[&str]); 9] = [
            (variant!("milton-bradley"), &[]),
            // The inn (lose 2), geese, the well and prison, 6+3 and 5+4
            // from the start, one piece per space.
            (variant!("game-of-the-goose"), &["lost-turns", "geese", "wait", "first-throws", "bump"]),
            (variant!("milton-bradley-stomp"), &["bump"]),
            (variant!("taiwan-chips"), &["points", "chips", "points-win"]),
            (variant!("anniversary-arrows"), &["turn-cap", "arrows"]),
            (variant!("treehouse"), &["treehouse"]),
            (variant!("treehouse-team"), &["treehouse", "teams"]),
            (variant!("treehouse-lose-upright"), &["lost-turns", "treehouse"]),
            (variant!("carcassonne-scoreboard"), &["score-track"]),
        ];
        for ((name, text), want) in cases {
            let board = compile(&check_source(text).spec.unwrap()).board;
            assert_eq!(board.features().names(), want, "{name}");
        }
    }
}

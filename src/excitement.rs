//! The excitement measures, and the one place that chooses how each is
//! worked out at a table (`Plan`): what `ladderkit analyze` prints and the
//! editor's Odds tab shows, both following it.
//!
//! - By default, at any table, the race's measures seat by seat
//!   (`seat_by_seat_stepped`: the analysis' own cost).
//! - Asked for (`Asked`): at two seats the measures over both seats' joint
//!   states, exact either way: by the race's chain (`analysis::excitement`)
//!   or, where that does not hold (lost and extra turns, pieces that
//!   meet), from the solved game (`solve::game_excitement`, with bots
//!   making the choices the rules give); at three or more on a race, the
//!   distribution of leader changes over every seat's joint state where
//!   it fits (`leaders_stepped`) and the win-chance measures from games
//!   played on the race's chain (`by_chance_stepped`); and games played
//!   with random bots for what is still not exact (`Plan::played_games`).

use crate::analysis::{
    AnalysisError, Course, Excitement, LeaderCounts, Measures, Options, PlayedMeasures, TableMeasures,
    excitement_stepped, leader_counts_stepped, played_measures_stepped, table_measures_stepped,
};
use crate::core::spec::FirstPlayer;
use crate::core::work::Meter;
use crate::core::{CompiledBoard, Playable, Seats};
use crate::engine::{Engine, Policy};
use crate::solve::{Choice, GameExcitement, Limits, Solver, game_excitement};

/// The solved game is explored for the measures up to this many positions
/// (`Graph::BYTES_PER_POSITION` each: about 560 MB).
pub const SOLVED_POSITIONS: usize = 200_000;

/// Two players' measures, by the race's chain or from the solved game.
#[derive(Debug, Clone, PartialEq)]
pub enum TwoPlayers {
    Chain(Excitement),
    Solved(GameExcitement),
}

impl TwoPlayers {
    /// The figures both ways give.
    pub fn measures(&self) -> &Measures {
        match self {
            Self::Chain(e) => &e.measures,
            Self::Solved(g) => &g.measures,
        }
    }

    /// A typical game to chart, from `seed` on, on `board` (the board the
    /// measures are of): the race's chain plays as many as asked; the
    /// solved game's were sampled with the measures (`COURSES` of them), so
    /// past the last the first comes round again.
    pub fn typical_course(&self, board: &CompiledBoard, seed: u64) -> Option<Course> {
        match self {
            Self::Chain(e) => e.typical_course(board, seed),
            Self::Solved(g) => g.courses.iter().find(|c| c.seed >= seed).or(g.courses.first()).cloned(),
        }
    }

    /// How they were worked out, for people: "the race's chain" or "the
    /// solved game".
    pub fn how(&self) -> &'static str {
        match self {
            Self::Chain(_) => "the race's chain",
            Self::Solved(_) => "the solved game",
        }
    }
}

/// The measures of a two-player game on `board`, `bots` making any choice
/// the rules give (the perfect bot plays as the greedy one here), or why
/// there are none; pauses as it goes (`ladderkit_core::work`), its progress
/// on `meter` while it follows the race's chain.
pub async fn two_players_stepped(board: &Playable, bots: Policy, meter: &Meter) -> Result<TwoPlayers, String> {
    match excitement_stepped(board, &Options::default(), meter).await {
        Ok(e) => Ok(TwoPlayers::Chain(e)),
        Err(AnalysisError::NotExact(why)) => {
            // Seat 1 opens, as on the race's chain (who opens only names
            // the seats).
            let engine = Engine::from_board(board.clone(), Seats::TWO, FirstPlayer::Seat1);
            let solved = async {
                let solver = Solver::new_stepped(&engine, Limits { max_positions: SOLVED_POSITIONS }, None).await?;
                let graph = solver.graph();
                let picks = match bots {
                    Policy::Random => None,
                    Policy::Perfect => Some(graph.picks_stepped(&engine, Policy::Greedy).await),
                    bots => Some(graph.picks_stepped(&engine, bots).await),
                };
                let choice = picks.as_deref().map_or(Choice::Random, Choice::Picks);
                game_excitement(graph, &engine, &[choice, choice], None).await
            };
            solved.await.map(TwoPlayers::Solved).map_err(|e| format!("{why}; solving the whole game: {e}"))
        }
        Err(e) => Err(e.to_string()),
    }
}

/// What is asked of the excitement measures beyond their default, the
/// measures seat by seat (`ladderkit analyze --joint` and `--games`; the
/// editor's "More excitement" asks for both, `Asked::MORE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Asked {
    /// The two-seat measures over both seats' joint states.
    pub joint: bool,
    /// Games to play for what is not exact (0: none).
    pub games: u64,
}

impl Asked {
    /// Everything the editor's "More excitement" asks for.
    pub const MORE: Self = Self { joint: true, games: BY_CHANCE_GAMES };
}

/// Games played for the win-chance measures at three or more seats at
/// most (each turn weighs every seat's chance: about 0.2 ms a game on
/// Milton Bradley at four).
pub const BY_CHANCE_GAMES: u64 = 10_000;

/// The measures over both seats' joint states: whether to work them out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joint {
    /// Not asked for.
    NotAsked,
    /// Asked for at a table of three or more: the two-seat measures are
    /// exact at two only; here the distribution of leader changes over
    /// every seat's joint state is worked out where it fits
    /// (`leaders_stepped`).
    Leaders,
    /// Work them out (`two_players_stepped`: the race's chain, or the
    /// solved game where that does not hold; it says which, `TwoPlayers::how`).
    Run,
}

/// Which excitement measures to work out at a table, and how: the one
/// place that chooses. The measures seat by seat (`seat_by_seat_stepped`)
/// always come first; the rest follow this plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub joint: Joint,
    /// At three or more seats on a race (the measures seat by seat
    /// exact): the win-chance measures from this many games played on the
    /// race's chain, each turn's chances exact (`by_chance_stepped`).
    pub by_chance: Option<u64>,
}

impl Plan {
    /// The plan at a table of `seats`, as `asked`, the measures seat by
    /// seat exact or not (`seat_by_seat`).
    pub fn new(seats: Seats, asked: Asked, seat_by_seat: bool) -> Self {
        let players = seats.get();
        let joint = match (asked.joint, players) {
            (false, _) => Joint::NotAsked,
            (true, 2) => Joint::Run,
            (true, 1) => Joint::NotAsked,
            (true, _) => Joint::Leaders,
        };
        let by_chance = (players > 2 && seat_by_seat && asked.games > 0).then(|| asked.games.min(BY_CHANCE_GAMES));
        Self { joint, by_chance }
    }

    /// Games to play with random bots for what is still not exact, once
    /// the joint measures are known to be exact (`joint_exact`) or not.
    pub fn played_games(asked: Asked, joint_exact: bool) -> Option<u64> {
        (!joint_exact && asked.games > 0).then_some(asked.games)
    }
}

/// The race's measures at a table of `seats`, seat by seat (leader and
/// lead changes, the comeback, the photo finish), or why they are not
/// exact here; pauses as it goes, its progress on `meter`.
pub async fn seat_by_seat_stepped(board: &CompiledBoard, seats: Seats, meter: &Meter) -> Result<TableMeasures, String> {
    table_measures_stepped(board, seats, &Options::default(), meter).await.map_err(|e| match e {
        AnalysisError::NotExact(why) => why,
        e => e.to_string(),
    })
}

/// The distribution of leader changes at a table of `seats` over every
/// seat's joint state, or why not here (pieces that meet, lost and extra
/// turns, more joint states than `LEADER_STATES`); pauses as it goes, the
/// share of games counted on `meter`, and gives the counts finished when
/// `stop` says so.
pub async fn leaders_stepped(
    board: &CompiledBoard,
    seats: Seats,
    meter: &Meter,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<LeaderCounts, String> {
    leader_counts_stepped(board, seats, &Options::default(), meter, stop).await.map_err(|e| match e {
        AnalysisError::NotExact(why) => why,
        e => e.to_string(),
    })
}

/// The spread of leader changes in words: "p10 2 · p50 7 · p90 17", a
/// percentile past the counts a cut run finished as "10+".
pub fn leader_spread(leaders: &LeaderCounts) -> String {
    let c = &leaders.counts;
    let at = |q: f64| match c.percentile(q) {
        k if k == c.p.len() => format!("{k}+"),
        k => k.to_string(),
    };
    format!("p10 {} · p50 {} · p90 {}", at(0.1), at(0.5), at(0.9))
}

/// The win-chance measures at a table of `seats` from `games` games
/// played on the race's chain from `seed`, each turn's chances exact;
/// `stop` is asked between games.
pub async fn by_chance_stepped(
    board: &CompiledBoard,
    seats: Seats,
    games: u64,
    seed: u64,
    meter: &Meter,
    stop: &(dyn Fn(f64) -> bool + Sync),
) -> Result<PlayedMeasures, String> {
    played_measures_stepped(board, seats, games, seed, &Options::default(), meter, stop)
        .await
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The choices, table by table: the joint measures at two seats only,
    /// the win chance played at three or more only where the measures seat
    /// by seat are exact, within its most games; played games only for
    /// what is still not exact.
    #[test]
    fn the_plan_picks_each_method_where_it_holds() {
        let none = Asked::default();
        let joint = Asked { joint: true, games: 0 };
        let games = Asked { joint: false, games: 50_000 };
        let cases = [
            (2, none, true, Joint::NotAsked, None),
            (2, joint, true, Joint::Run, None),
            (2, Asked::MORE, true, Joint::Run, None),
            (1, joint, true, Joint::NotAsked, None),
            (3, joint, true, Joint::Leaders, None),
            (3, games, true, Joint::NotAsked, Some(BY_CHANCE_GAMES)),
            (4, Asked { joint: false, games: 500 }, true, Joint::NotAsked, Some(500)),
            (4, Asked::MORE, false, Joint::Leaders, None),
        ];
        for (players, asked, exact, joint, by_chance) in cases {
            let seats = Seats::new(players).unwrap();
            assert_eq!(Plan::new(seats, asked, exact), Plan { joint, by_chance }, "{seats}, {asked:?}");
        }
        assert_eq!(Plan::played_games(games, false), Some(50_000));
        assert_eq!(Plan::played_games(games, true), None);
        assert_eq!(Plan::played_games(none, false), None);
    }
}

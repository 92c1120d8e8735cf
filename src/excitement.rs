//! A two-player game's excitement, exact either way: by the race's chain
//! (`analysis::excitement`) or, where that does not hold (lost and extra
//! turns, pieces that meet), from the solved game
//! (`solve::game_excitement`, with bots making the choices the rules
//! give).
//! What `ladderkit analyze` prints and the editor's Odds tab shows.

use crate::analysis::{AnalysisError, Course, Excitement, Measures, Options, excitement_stepped};
use crate::core::spec::FirstPlayer;
use crate::core::work::Meter;
use crate::core::{CompiledBoard, Playable};
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
            let engine = Engine::from_board(board.clone(), 2, FirstPlayer::Seat1);
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

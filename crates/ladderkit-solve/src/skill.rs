//! Who plays which seat, and the headline figure: how much better the
//! perfect player does than each bot.

use ladderkit_core::work::run;
use ladderkit_engine::{Engine, Policy};

use crate::evaluate::{Choice, Odds, evaluate_stepped};
use crate::graph::{Graph, Limits};
use crate::optimal::{Optimal, optimal_stepped};
use crate::{BOTS, Progress, SolveError};

/// How a seat plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// One of the engine's bots, exactly as it chooses.
    Bot(Policy),
    /// The solved strategy: the best chance to win against an opponent who
    /// plays as well.
    Optimal,
}

impl Player {
    pub fn name(self) -> &'static str {
        match self {
            Self::Bot(p) => p.name(),
            Self::Optimal => "optimal",
        }
    }

    /// `random`, `greedy`, `lookahead` or `optimal` (`perfect` too: the
    /// bot that plays it).
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "optimal" | "perfect" => Some(Self::Optimal),
            other => Policy::parse(other).map(Self::Bot),
        }
    }

    /// The bot whose own choices this seat plays; `None` for optimal play
    /// (the perfect bot is optimal play).
    fn scoring_bot(self) -> Option<Policy> {
        match self {
            Self::Optimal | Self::Bot(Policy::Perfect) => None,
            Self::Bot(policy) => Some(policy),
        }
    }
}

/// Where a bot's picks are kept (`BOTS` order).
fn slot(policy: Policy) -> usize {
    BOTS.iter().position(|b| *b == policy).expect("every bot is listed")
}

/// The explored game and what has been solved on it so far.
pub struct Solver<'e> {
    engine: &'e Engine,
    progress: Option<&'e Progress>,
    graph: Graph,
    optimal: Option<Optimal>,
    picks: [Option<Vec<u16>>; BOTS.len()],
}

/// Perfect play against the bots, seat by seat.
#[derive(Debug, Clone, PartialEq)]
pub struct Skill {
    /// Per bot: for each seat, the perfect player's chance to win in that
    /// seat with the bot in every other.
    pub against: Vec<(Policy, Vec<f64>)>,
}

/// The sync methods run their `_stepped` work to the end at once; the
/// editor steps that work within its frames (`ladderkit_core::work`).
impl<'e> Solver<'e> {
    pub fn new(engine: &'e Engine, limits: Limits, progress: Option<&'e Progress>) -> Result<Self, SolveError> {
        run(Self::new_stepped(engine, limits, progress))
    }

    pub async fn new_stepped(
        engine: &'e Engine,
        limits: Limits,
        progress: Option<&'e Progress>,
    ) -> Result<Self, SolveError> {
        let graph = Graph::explore_stepped(engine, limits, progress).await?;
        Ok(Self { engine, progress, graph, optimal: None, picks: Default::default() })
    }

    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The perfect bot for this game (solving optimal play if not yet).
    pub fn perfect(self) -> Result<crate::Perfect, SolveError> {
        run(self.perfect_stepped())
    }

    pub async fn perfect_stepped(mut self) -> Result<crate::Perfect, SolveError> {
        self.optimal_stepped().await?;
        let optimal = self.optimal.take().expect("just solved");
        Ok(crate::Perfect::new(self.graph, optimal.values))
    }

    pub fn optimal(&mut self) -> Result<&Optimal, SolveError> {
        run(self.optimal_stepped())
    }

    pub async fn optimal_stepped(&mut self) -> Result<&Optimal, SolveError> {
        if self.optimal.is_none() {
            self.optimal = Some(optimal_stepped(&self.graph, self.progress).await?);
        }
        Ok(self.optimal.as_ref().expect("just solved"))
    }

    async fn prepare(&mut self, seats: &[Player]) -> Result<(), SolveError> {
        for seat in seats {
            match seat.scoring_bot() {
                None => {
                    self.optimal_stepped().await?;
                }
                Some(Policy::Random) => {}
                Some(policy) => {
                    let k = slot(policy);
                    if self.picks[k].is_none() {
                        self.picks[k] = Some(self.graph.picks_stepped(self.engine, policy).await);
                    }
                }
            }
        }
        Ok(())
    }

    /// Exact odds with each seat playing as `seats` says (one per seat).
    pub fn odds(&mut self, seats: &[Player]) -> Result<Odds, SolveError> {
        run(self.odds_stepped(seats))
    }

    pub async fn odds_stepped(&mut self, seats: &[Player]) -> Result<Odds, SolveError> {
        assert_eq!(seats.len(), self.graph.seats.count(), "one player per seat");
        self.prepare(seats).await?;
        if seats.iter().all(|p| p.scoring_bot().is_none()) {
            return Ok(self.optimal.as_ref().expect("prepared").odds.clone());
        }
        let choices: Vec<Choice<'_>> = seats
            .iter()
            .map(|seat| match seat.scoring_bot() {
                None => Choice::Picks(&self.optimal.as_ref().expect("prepared").picks),
                Some(Policy::Random) => Choice::Random,
                Some(policy) => Choice::Picks(self.picks[slot(policy)].as_ref().expect("prepared")),
            })
            .collect();
        evaluate_stepped(&self.graph, &choices, self.progress).await
    }

    /// Perfect play against every bot in every seat. `done` is told after
    /// each solve.
    pub fn skill(&mut self, done: impl FnMut(usize, usize)) -> Result<Skill, SolveError> {
        run(self.skill_stepped(done))
    }

    pub async fn skill_stepped(&mut self, mut done: impl FnMut(usize, usize)) -> Result<Skill, SolveError> {
        let p = self.graph.seats.count();
        let total = BOTS.len() * p + 1;
        self.optimal_stepped().await?;
        done(1, total);
        let mut against = Vec::new();
        for (k, bot) in BOTS.iter().enumerate() {
            let mut per_seat = Vec::with_capacity(p);
            for seat in 0..p {
                let mut seats = vec![Player::Bot(*bot); p];
                seats[seat] = Player::Optimal;
                per_seat.push(self.odds_stepped(&seats).await?.value[seat]);
                done(2 + k * p + seat, total);
            }
            against.push((*bot, per_seat));
        }
        Ok(Skill { against })
    }
}

//! The print-and-play kit and the Markdown page, with the exact odds they
//! quote: what `ladderkit print`, `ladderkit render -o page.md` and the
//! editor's File menu share.

use std::time::Duration;

use crate::analysis::{Analysis, AnalysisError, Measures, Options, analyze_board_until};
use crate::core::work::{Meter, run_until};
use crate::core::{Compiled, Seats, VariantSpec};
use crate::engine::Policy;
use crate::excitement::two_players_stepped;
use crate::render::{self, Kit, KitOptions, Odds, Paper, RenderError, Theme};

/// How long the pages may spend on their odds. The caller keeps the clock
/// (`out_of_time`): std's panics in the web page, which has its own.
pub const ODDS_BUDGET: Duration = Duration::from_secs(10);

/// The exact analysis for each player count the variant allows (up to six
/// counts), or why there is none; with two players, the game's excitement
/// where it is exact (by the race's chain or from the solved game, choices
/// made at random, as `ladderkit analyze` gives it).
pub struct ExactOdds {
    pub list: Vec<(u32, Analysis)>,
    pub why_not: Option<String>,
    pub excitement: Option<Measures>,
}

impl ExactOdds {
    /// `compiled` is `None` when the file was over the limits (and so not
    /// laid out). The player counts are worked out in order until
    /// `ODDS_BUDGET` is spent: the counts done by then are printed, and a
    /// board too large for even one says so (`ladderkit analyze` has no
    /// such bound).
    pub fn of(spec: &VariantSpec, compiled: Option<&Compiled>, out_of_time: &dyn Fn() -> bool) -> Self {
        let Some(compiled) = compiled else {
            return Self { list: Vec::new(), why_not: Some("the variant has errors".into()), excitement: None };
        };
        let Some(board) = compiled.playable() else {
            return Self { list: Vec::new(), why_not: Some(AnalysisError::HasErrors.to_string()), excitement: None };
        };
        let out_of_time = |_: f64| out_of_time();
        let (min, max) = (spec.rules.players.min.max(1), spec.rules.players.max.max(1));
        let mut list = Vec::new();
        for seats in (min..=max.min(min + 5)).filter_map(|n| Seats::new(n).ok()) {
            match analyze_board_until(&board, &Options { seats, ..Options::default() }, &out_of_time) {
                Ok(a) => list.push((seats.get(), a)),
                Err(AnalysisError::Cancelled) if !list.is_empty() => break,
                Err(AnalysisError::Cancelled) => {
                    let why = format!(
                        "working them out takes over {} s on a board this large (`ladderkit analyze` gives them)",
                        ODDS_BUDGET.as_secs()
                    );
                    return Self { list, why_not: Some(why), excitement: None };
                }
                Err(e) => return Self { list, why_not: Some(e.to_string()), excitement: None },
            }
        }
        // Within what is left of the budget; a race that is not exact, or
        // too slow, goes without.
        let excitement = list
            .iter()
            .any(|(n, _)| *n == 2)
            .then(|| {
                let meter = Meter::default();
                let work = two_players_stepped(&board, Policy::Random, &meter);
                run_until(work, || !out_of_time(0.0)).and_then(Result::ok).map(|e| e.measures().clone())
            })
            .flatten();
        Self { list, why_not: None, excitement }
    }

    /// As the pages print them.
    pub fn odds(&self) -> Odds<'_> {
        match &self.why_not {
            Some(why) => Odds::None(why),
            None => Odds::Exact { counts: &self.list, excitement: self.excitement.as_ref() },
        }
    }
}

/// The kit for a variant the checks passed (or did not: it is drawn as far
/// as it can be, as `render` does).
pub fn kit(
    spec: &VariantSpec,
    compiled: Option<&Compiled>,
    paper: Paper,
    board_mm: f32,
    theme: Theme,
    out_of_time: &dyn Fn() -> bool,
) -> Result<Kit, RenderError> {
    let own;
    let board = match compiled {
        Some(c) => &c.board,
        None => {
            own = crate::core::compile(spec);
            &own.board
        }
    };
    render::fits(board, board_mm)?;
    let odds = ExactOdds::of(spec, compiled, out_of_time);
    render::print_kit(spec, &KitOptions { paper, board_mm, theme, odds: odds.odds() })
}

/// The Markdown page for a forum or a wiki (`ladderkit render -o page.md`,
/// the editor's Share › Copy forum page), with the exact odds for each
/// player count the variant allows, or why there are none. `compiled` is
/// `None` when the file was over the limits; `picture` is the board
/// picture to link, if any.
pub fn page(
    spec: &VariantSpec,
    compiled: Option<&Compiled>,
    picture: Option<&str>,
    out_of_time: &dyn Fn() -> bool,
) -> String {
    let odds = ExactOdds::of(spec, compiled, out_of_time);
    let board = match compiled {
        Some(compiled) => compiled.board.clone(),
        None => crate::core::compile(spec).board,
    };
    render::describe_md(spec, &board, odds.odds(), picture)
}

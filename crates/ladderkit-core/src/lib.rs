//! The pure core of Ladderkit: the variant model and its RON format,
//! diagnostics, the board checks and the compiled board.
//!
//! Nothing here reads files, looks at clocks or touches global state: text
//! and specs go in, values and diagnostics come out. Long computations
//! elsewhere pause through `work`, and their caller decides when to go on.

pub mod board;
mod checks;
pub mod compile;
pub mod diagnostic;
pub mod digest;
mod features;
pub mod format;
pub mod layout;
pub mod link;
pub mod moves;
pub mod placement;
mod playable;
pub mod rng;
pub mod sample;
mod seats;
pub mod source_map;
pub mod spec;
pub mod work;

pub use board::{CompiledBoard, TRAY, extras};
pub use checks::{Reachability, space_list, transition_graph};
pub use compile::{Compiled, compile, compile_game, deal};
pub use diagnostic::{Code, Diagnostic, Location, Severity, Span};
pub use digest::Fnv;
pub use features::Features;
pub use format::{Limits, Parsed, parse, to_string, variant_hash};
pub use playable::Playable;
pub use seats::{Seats, SeatsError};
pub use source_map::SourceMap;
pub use spec::VariantSpec;

/// Everything known about a variant's text: the spec if it could be read,
/// its compiled board, and all diagnostics with their source spans.
#[derive(Debug, Clone)]
pub struct Checked {
    pub spec: Option<VariantSpec>,
    pub compiled: Option<Compiled>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    pub fn has_errors(&self) -> bool {
        diagnostic::has_errors(&self.diagnostics)
    }
}

/// Parses, compiles and checks variant text in one go.
pub fn check_source(text: &str) -> Checked {
    let parsed = parse(text);
    let mut diagnostics = parsed.diagnostics;
    // A spec over the limits is not laid out: that is what limits are for.
    let over_limits = diagnostics.iter().any(|d| d.code == Code::LimitExceeded);
    let compiled = parsed.spec.as_ref().filter(|_| !over_limits).map(compile);
    if let Some(compiled) = &compiled {
        diagnostics.extend(compiled.diagnostics.iter().cloned());
    }
    for d in &mut diagnostics {
        if d.location.span.is_none() {
            d.location.span = span_for(d, &parsed.source_map);
        }
    }
    Checked { spec: parsed.spec, compiled, diagnostics }
}

/// The best place in the text for a diagnostic without one.
fn span_for(d: &Diagnostic, map: &SourceMap) -> Option<Span> {
    if let Some(j) = d.location.jumps.first() {
        return map.jump(*j);
    }
    if let Some(e) = d.location.effects.first() {
        return map.effect(*e);
    }
    if let Some(a) = d.location.arrows.first() {
        return map.arrow(*a);
    }
    let field = match d.code {
        Code::BoardInvalid | Code::LimitExceeded | Code::UnlandableSpace => "board",
        Code::StartInvalid => "start",
        Code::GoalInvalid | Code::GoalUnreachable => "goal",
        Code::PlayersInvalid | Code::DiceInvalid | Code::RuleImpossible => "rules",
        Code::FormatVersion => "format",
        Code::TagInvalid => "tags",
        Code::ChipsInvalid | Code::ChipPlacement => "chips",
        Code::ArrowInvalid | Code::ArrowNeverActivates => "arrows",
        Code::PointsInvalid | Code::FirstThrowInvalid => "rules",
        Code::RandomJumpsInvalid => "random_jumps",
        Code::BackgroundInvalid => "background",
        Code::NameInvalid => "names",
        Code::BadgeInvalid => "badges",
        _ => return None,
    };
    map.field(field).or_else(|| map.field("board"))
}

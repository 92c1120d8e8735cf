//! Diagnostics are data: the checks produce them, the CLI renders them and
//! the editor lists them and selects their culprits.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
        }
    }
}

/// Every kind of problem the checks can report. The string form is stable:
/// scripts and tests match on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    Syntax,
    FormatVersion,
    LimitExceeded,
    BoardInvalid,
    StartInvalid,
    GoalInvalid,
    JumpOffBoard,
    JumpFromStart,
    JumpFromGoal,
    JumpToSelf,
    DuplicateJump,
    JumpKindMismatch,
    JumpLoop,
    JumpChain,
    EffectOffBoard,
    EffectMoveOffBoard,
    EffectNeverFires,
    EffectOnGoal,
    EffectDuplicate,
    EffectInvalid,
    PlayersInvalid,
    DiceInvalid,
    RuleImpossible,
    GoalUnreachable,
    UnlandableSpace,
    TagInvalid,
    ChipsInvalid,
    ChipPlacement,
    ArrowInvalid,
    ArrowNeverActivates,
    PointsInvalid,
    FirstThrowInvalid,
    RandomJumpsInvalid,
    /// The tracing picture's opacity, scale or offset are not usable.
    BackgroundInvalid,
    /// A space name on no space, named twice, empty, too long or with
    /// control characters.
    NameInvalid,
    /// A badge on no space, twice on one, or with an empty or too long
    /// label or a colour that is not `#rrggbb`.
    BadgeInvalid,
    /// A board link (`link::decode`) that is cut short, damaged or not one.
    LinkDamaged,
}

impl Code {
    pub const ALL: [Code; 37] = [
        Self::Syntax,
        Self::FormatVersion,
        Self::LimitExceeded,
        Self::BoardInvalid,
        Self::StartInvalid,
        Self::GoalInvalid,
        Self::JumpOffBoard,
        Self::JumpFromStart,
        Self::JumpFromGoal,
        Self::JumpToSelf,
        Self::DuplicateJump,
        Self::JumpKindMismatch,
        Self::JumpLoop,
        Self::JumpChain,
        Self::EffectOffBoard,
        Self::EffectMoveOffBoard,
        Self::EffectNeverFires,
        Self::EffectOnGoal,
        Self::EffectDuplicate,
        Self::EffectInvalid,
        Self::PlayersInvalid,
        Self::DiceInvalid,
        Self::RuleImpossible,
        Self::GoalUnreachable,
        Self::UnlandableSpace,
        Self::TagInvalid,
        Self::ChipsInvalid,
        Self::ChipPlacement,
        Self::ArrowInvalid,
        Self::ArrowNeverActivates,
        Self::PointsInvalid,
        Self::FirstThrowInvalid,
        Self::RandomJumpsInvalid,
        Self::BackgroundInvalid,
        Self::NameInvalid,
        Self::BadgeInvalid,
        Self::LinkDamaged,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Syntax => "syntax",
            Self::FormatVersion => "format-version",
            Self::LimitExceeded => "limit-exceeded",
            Self::BoardInvalid => "board-invalid",
            Self::StartInvalid => "start-invalid",
            Self::GoalInvalid => "goal-invalid",
            Self::JumpOffBoard => "jump-off-board",
            Self::JumpFromStart => "jump-from-start",
            Self::JumpFromGoal => "jump-from-goal",
            Self::JumpToSelf => "jump-to-self",
            Self::DuplicateJump => "duplicate-jump",
            Self::JumpKindMismatch => "jump-kind-mismatch",
            Self::JumpLoop => "jump-loop",
            Self::JumpChain => "jump-chain",
            Self::EffectOffBoard => "effect-off-board",
            Self::EffectMoveOffBoard => "effect-move-off-board",
            Self::EffectNeverFires => "effect-never-fires",
            Self::EffectOnGoal => "effect-on-goal",
            Self::EffectDuplicate => "effect-duplicate",
            Self::EffectInvalid => "effect-invalid",
            Self::PlayersInvalid => "players-invalid",
            Self::DiceInvalid => "dice-invalid",
            Self::RuleImpossible => "rule-impossible",
            Self::GoalUnreachable => "goal-unreachable",
            Self::UnlandableSpace => "unlandable-space",
            Self::TagInvalid => "tag-invalid",
            Self::ChipsInvalid => "chips-invalid",
            Self::ChipPlacement => "chip-placement",
            Self::ArrowInvalid => "arrow-invalid",
            Self::ArrowNeverActivates => "arrow-never-activates",
            Self::PointsInvalid => "points-invalid",
            Self::FirstThrowInvalid => "first-throw-invalid",
            Self::RandomJumpsInvalid => "random-jumps-invalid",
            Self::BackgroundInvalid => "background-invalid",
            Self::NameInvalid => "name-invalid",
            Self::BadgeInvalid => "badge-invalid",
            Self::LinkDamaged => "link-damaged",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A place in the source text (1-based line and column, byte range).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub line: usize,
    pub column: usize,
    pub start: usize,
    pub end: usize,
}

/// What a diagnostic points at: spaces by number, jumps and effects by their
/// index in the variant's lists, and a text span when the source is known.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Location {
    pub spaces: Vec<u32>,
    pub jumps: Vec<usize>,
    pub effects: Vec<usize>,
    pub arrows: Vec<usize>,
    pub span: Option<Span>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: Code,
    pub message: String,
    pub location: Location,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, message)
    }

    pub fn warning(code: Code, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, message)
    }

    fn new(severity: Severity, code: Code, message: impl Into<String>) -> Self {
        Self { severity, code, message: message.into(), location: Location::default(), help: None }
    }

    pub fn spaces(mut self, spaces: impl IntoIterator<Item = u32>) -> Self {
        self.location.spaces.extend(spaces);
        self
    }

    pub fn jumps(mut self, jumps: impl IntoIterator<Item = usize>) -> Self {
        self.location.jumps.extend(jumps);
        self
    }

    pub fn effects(mut self, effects: impl IntoIterator<Item = usize>) -> Self {
        self.location.effects.extend(effects);
        self
    }

    pub fn arrows(mut self, arrows: impl IntoIterator<Item = usize>) -> Self {
        self.location.arrows.extend(arrows);
        self
    }

    pub fn span(mut self, span: Span) -> Self {
        self.location.span = Some(span);
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: {}", self.severity.name(), self.code, self.message)
    }
}

/// Reports of one kind kept in full; the rest are counted in one more.
pub const REPEATS_KEPT: usize = 20;

/// Keeps the first `REPEATS_KEPT` reports of each code and severity and
/// counts the rest in one report after them: a file of 350,000 duplicate
/// chips gets 21 reports, not 350,000 (each quoting the file), and the
/// first ones show what to fix. Order is kept otherwise.
pub fn collapse_repeats(diagnostics: &mut Vec<Diagnostic>) {
    let mut seen: Vec<((Code, Severity), usize)> = Vec::new();
    diagnostics.retain(|d| {
        let key = (d.code, d.severity);
        let count = match seen.iter_mut().find(|(k, _)| *k == key) {
            Some((_, count)) => count,
            None => {
                seen.push((key, 0));
                &mut seen.last_mut().expect("just pushed").1
            }
        };
        *count += 1;
        *count <= REPEATS_KEPT
    });
    for ((code, severity), count) in seen.into_iter().filter(|(_, n)| *n > REPEATS_KEPT) {
        let more = count - REPEATS_KEPT;
        let kind = if severity == Severity::Error { "error" } else { "warning" };
        diagnostics.push(
            Diagnostic::new(severity, code, format!("… and {more} more {kind}s like these ({code})"))
                .help("fix the ones shown and check again; each is reported once the first ones are gone"),
        );
    }
}

/// Whether any diagnostic in the list is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}

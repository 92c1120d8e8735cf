//! The unchecked setup a variant file describes.
//!
//! Every type here is plain data that serde reads from and writes to RON.
//! Nothing in this module validates: a `VariantSpec` may name spaces that do
//! not exist or rules that contradict each other. `crate::compile` checks it
//! and turns it into a `CompiledBoard` plus diagnostics.

use serde::{Deserialize, Serialize};

// The rules' limits: the checks refuse a variant past them (`compile`),
// and the tables are built only within them.
pub const MAX_DICE: u32 = 8;
pub const SIDES: std::ops::RangeInclusive<u32> = 2..=20;
pub const MAX_PLAYERS: u32 = 16;
/// Bounds the analysis state space: each pending lost turn is a state.
pub const MAX_LOSE_TURNS: u32 = 9;

/// The format version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// One variant: board, jumps, space effects and rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Variant", deny_unknown_fields)]
pub struct VariantSpec {
    pub format: u32,
    pub meta: Meta,
    pub board: Board,
    #[serde(default)]
    pub start: Start,
    #[serde(default)]
    pub goal: Goal,
    #[serde(default)]
    pub jumps: Vec<Jump>,
    /// Snakes and ladders dealt afresh for every game, besides `jumps`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub random_jumps: Option<RandomJumps>,
    #[serde(default)]
    pub effects: Vec<SpaceEffect>,
    /// Designer tags on spaces (where chips may not go).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<SpaceTags>,
    /// Hidden point chips scattered over the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Chips>,
    /// Arrow spaces (the Carcassonne 20th Anniversary arrows).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrows: Vec<Arrow>,
    #[serde(default)]
    pub rules: Rules,
    /// Names of spaces (the Goose's bridge, inn, well, maze, prison and
    /// death), shown on the board, in play-test words and in prints.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<SpaceName>,
    /// Badges of the designer's own (a label and a colour), drawn on their
    /// spaces in place of the effects' badges, on screen and in prints.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub badges: Vec<SpaceBadge>,
    /// A picture under the board in the editor, to trace a printed or
    /// hand-drawn board by. Nothing else reads it, and a variant whose
    /// picture is missing opens and plays all the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Background>,
}

/// A space's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceName {
    pub space: u32,
    pub name: String,
}

/// The longest a space's name may be, in characters: it is printed on the
/// space.
pub const MAX_NAME_CHARS: usize = 32;

/// A space's badge, the designer's way: its label (a letter or two, a
/// symbol) and colour, drawn in place of the badges of its effects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceBadge {
    pub space: u32,
    pub label: String,
    /// `#rrggbb`; none is the theme's badge colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

/// The longest a badge's label may be, in characters: it fits in a small
/// circle.
pub const MAX_BADGE_CHARS: usize = 3;

/// `#rrggbb` as red, green and blue; none if it is not that.
pub fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#').filter(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))?;
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// The editor's tracing picture: a file, how opaque, how big and where.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Background {
    /// The picture's file (PNG or JPEG), relative to the variant's folder
    /// unless absolute.
    pub path: String,
    /// 0 (invisible) to 1 (opaque).
    #[serde(default = "half")]
    pub opacity: f32,
    /// 1 spans the board's spaces; 2 is twice as wide and high.
    #[serde(default = "unit")]
    pub scale: f32,
    /// Where its centre is, from the board's centre, in squares.
    #[serde(default)]
    pub offset: Point,
}

fn half() -> f32 {
    0.5
}

fn unit() -> f32 {
    1.0
}

impl Background {
    pub fn new(path: String) -> Self {
        Self { path, opacity: half(), scale: unit(), offset: Point::default() }
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub author: String,
}

/// The shape of the board and the order of its path.
///
/// Spaces are numbered along the path from `first` (1 unless the board says
/// otherwise) upwards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Board {
    /// A rectangle of `cols × rows` squares walked in `path` order.
    Grid { cols: u32, rows: u32, path: PathStyle },
    /// A plain track of `spaces` spaces, drawn as a ring when `looped`.
    /// `first` is the number of its first space (0 for score tracks).
    Track {
        spaces: u32,
        #[serde(default)]
        looped: bool,
        #[serde(default = "one")]
        first: u32,
    },
    /// Hand-placed spaces, in path order, at explicit coordinates.
    Free { spaces: Vec<Point> },
}

fn one() -> u32 {
    1
}

/// How a grid's path winds through its squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PathStyle {
    /// The classic: square 1 bottom-left, odd rows (from the bottom) run left
    /// to right, even rows right to left.
    Boustrophedon,
    /// Every row left to right, bottom row first.
    RowMajor,
    /// From the outer ring inwards, clockwise from the bottom-left corner.
    Spiral,
}

impl PathStyle {
    pub const ALL: [PathStyle; 3] = [Self::Boustrophedon, Self::RowMajor, Self::Spiral];

    pub fn name(self) -> &'static str {
        match self {
            Self::Boustrophedon => "boustrophedon",
            Self::RowMajor => "row-major",
            Self::Spiral => "spiral",
        }
    }
}

/// A position for drawing, in board units (one grid square = 1.0), y up.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

/// Where pieces begin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Start {
    /// The off-board start tray, one step before the first space.
    #[default]
    Tray,
    /// A numbered space on the board.
    Space(u32),
}

/// Where the race ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Goal {
    /// The last space of the path.
    #[default]
    Last,
    /// A numbered space; spaces after it are never used by the race.
    Space(u32),
}

/// A snake or ladder: landing on `from` moves the piece to `to`.
///
/// Direction decides the semantics; `kind` only says how to draw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Jump {
    pub from: u32,
    pub to: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<JumpKind>,
}

impl Jump {
    pub fn new(from: u32, to: u32) -> Self {
        Self { from, to, kind: None }
    }

    /// What the jump is, judged by its direction.
    pub fn direction(&self) -> JumpKind {
        if self.to >= self.from { JumpKind::Ladder } else { JumpKind::Snake }
    }

    /// How to draw (and name) the jump: the kind the file gives, else what
    /// its direction makes it.
    pub fn drawn_as(&self) -> JumpKind {
        self.kind.unwrap_or(self.direction())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum JumpKind {
    Ladder,
    Snake,
}

impl JumpKind {
    pub fn name(self) -> &'static str {
        match self {
            Self::Ladder => "ladder",
            Self::Snake => "snake",
        }
    }
}

/// Snakes and ladders dealt for each game from the seed and the game's
/// number (t_games deals its easy, medium and hard boards so), on top of
/// the variant's own `jumps`. A layout is only dealt if the board it makes
/// has no errors: never a loop, never an unreachable goal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomJumps {
    pub seed: u64,
    pub ladders: u32,
    pub snakes: u32,
    /// Every dealt jump spans at least this many spaces.
    #[serde(default = "one")]
    pub min_length: u32,
    /// And at most this many.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u32>,
    /// No jump ends on another jump's foot.
    #[serde(default = "yes")]
    pub no_chains: bool,
    /// No dealt jump starts on these spaces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub free: Vec<std::ops::RangeInclusive<u32>>,
}

/// An effect printed on a space; it fires when a piece comes to rest there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceEffect {
    pub space: u32,
    pub effect: Effect,
}

/// The effect catalogue. Later formats add variants; the engine and the
/// analysis each have one `match` over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The piece's owner skips this many of their next turns.
    LoseTurns(u32),
    /// The owner takes another turn straight away.
    ExtraTurn,
    /// The piece moves this many spaces along the path (negative: back).
    /// Behaves like a jump from this space.
    MoveBy(i32),
    /// The piece moves to this space. Behaves like a jump from this space.
    GoTo(u32),
    /// The piece goes back to the start (the tray, or the start space):
    /// the Goose's death. Behaves like a jump from this space.
    ToStart,
    /// The owner scores this many points (the Taiwan coats of arms: 2).
    Points(u32),
    /// A goose: a piece whose dice movement ends here moves again by the
    /// same roll, on in the direction it was going (back, after bouncing
    /// off the goal), and again from the next goose. A jump that brings a
    /// piece here does not make it move again.
    MoveAgain,
    /// The well, the prison: a piece that comes to rest here stays until
    /// another piece comes to rest here, which frees it and waits in its
    /// place. Pieces meet, so the game is interacting (classic play only).
    Wait,
}

impl Effect {
    /// One of each kind, with its usual number: what the editor's effect
    /// lists offer, in `kind_index`'s order.
    pub const KINDS: [Effect; 8] = [
        Self::LoseTurns(1),
        Self::ExtraTurn,
        Self::MoveBy(2),
        Self::GoTo(1),
        Self::ToStart,
        Self::Points(2),
        Self::MoveAgain,
        Self::Wait,
    ];

    /// Where its kind is in `KINDS` (a move back is a move by). A new kind
    /// gets the next index here, and its example at the end of `KINDS`.
    pub fn kind_index(&self) -> usize {
        match self {
            Self::LoseTurns(_) => 0,
            Self::ExtraTurn => 1,
            Self::MoveBy(_) => 2,
            Self::GoTo(_) => 3,
            Self::ToStart => 4,
            Self::Points(_) => 5,
            Self::MoveAgain => 6,
            Self::Wait => 7,
        }
    }

    /// The numbers this kind takes, if it takes one: what the editor's
    /// fields offer, within what the checks allow (turns lost up to
    /// `MAX_LOSE_TURNS`).
    pub fn numbers(&self) -> Option<std::ops::RangeInclusive<i64>> {
        match self {
            Self::LoseTurns(_) => Some(1..=i64::from(MAX_LOSE_TURNS)),
            Self::MoveBy(_) => Some(-200..=200),
            Self::GoTo(_) => Some(0..=100_000),
            Self::Points(_) => Some(0..=99),
            Self::ExtraTurn | Self::ToStart | Self::MoveAgain | Self::Wait => None,
        }
    }

    /// What its kind is called in the editor's lists.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Self::LoseTurns(_) => "lose turns",
            Self::ExtraTurn => "extra turn",
            Self::MoveBy(_) => "move by",
            Self::GoTo(_) => "go to",
            Self::ToStart => "back to start",
            Self::Points(_) => "points",
            Self::MoveAgain => "goose: move again",
            Self::Wait => "wait to be freed",
        }
    }

    /// Describes the effect in a few words, for reports and diagnostics.
    pub fn describe(&self) -> String {
        match self {
            Self::LoseTurns(1) => "lose a turn".into(),
            Self::LoseTurns(n) => format!("lose {n} turns"),
            Self::ExtraTurn => "extra turn".into(),
            Self::MoveBy(n) if *n >= 0 => format!("move forward {n}"),
            Self::MoveBy(n) => format!("move back {}", n.unsigned_abs()),
            Self::GoTo(k) => format!("go to {k}"),
            Self::ToStart => "back to the start".into(),
            Self::Points(1) => "1 point".into(),
            Self::Points(n) => format!("{n} points"),
            Self::MoveAgain => "move again".into(),
            Self::Wait => "wait to be freed".into(),
        }
    }

    /// Its badge: the short text drawn on its space, on screen and in
    /// print ("+T", "-2", "»").
    pub fn badge(&self) -> String {
        match self {
            Self::LoseTurns(k) => format!("-{k}"),
            Self::ExtraTurn => "+T".into(),
            Self::MoveBy(k) if *k >= 0 => format!("+{k}"),
            Self::MoveBy(k) => k.to_string(),
            Self::GoTo(k) => format!(">{k}"),
            Self::ToStart => "<<".into(),
            Self::Points(k) => format!("{k}pt"),
            Self::MoveAgain => "»".into(),
            Self::Wait => "W".into(),
        }
    }

    /// Its badge's colour on screen, as red, green, blue (a printed board
    /// uses its theme's one badge colour).
    pub fn badge_rgb(&self) -> [u8; 3] {
        match self {
            Self::LoseTurns(_) => [214, 60, 50],
            Self::ExtraTurn => [40, 140, 200],
            Self::MoveBy(n) if *n >= 0 => [60, 150, 60],
            Self::MoveBy(_) => [160, 90, 40],
            Self::GoTo(_) => [110, 80, 170],
            Self::ToStart => [60, 60, 60],
            Self::Points(_) => [190, 150, 20],
            Self::MoveAgain => [230, 130, 30],
            Self::Wait => [90, 90, 110],
        }
    }

    /// Whether the effect moves the piece (and so behaves like a jump).
    pub fn is_move(&self) -> bool {
        matches!(self, Self::MoveBy(_) | Self::GoTo(_) | Self::ToStart)
    }
}

/// Every rule option of the race.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    #[serde(default)]
    pub players: PlayerRange,
    #[serde(default)]
    pub dice: Dice,
    #[serde(default)]
    pub entry: Entry,
    #[serde(default)]
    pub overshoot: Overshoot,
    /// Which rolls earn another turn (unless the move won).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_turn: Option<ExtraTurnOn>,
    /// At most this many turns in a row for one player, extra turns
    /// included; `None` means no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_consecutive_turns: Option<u32>,
    /// Whether a jump that lands on another jump's foot is followed on.
    #[serde(default = "yes")]
    pub follow_chains: bool,
    /// Whether several pieces may rest on one space.
    #[serde(default = "yes")]
    pub shared_squares: bool,
    /// With `shared_squares: false`: who is sent where, and when (all
    /// occupants to the start on every landing unless it says otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bump: Option<Bump>,
    #[serde(default)]
    pub first_player: FirstPlayer,
    /// How the dice are used each turn.
    #[serde(default, skip_serializing_if = "Play::is_classic")]
    pub play: Play,
    /// Who wins, when points are played.
    #[serde(default, skip_serializing_if = "Win::is_first_home")]
    pub win: Win,
    /// Throws from the start that go straight to a space (the Game of the
    /// Goose: 6 and 3 to 26, 5 and 4 to 53), whatever order the dice show.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub first_throw: Vec<FirstThrow>,
}

/// A throw of these faces by a piece on the start goes straight to `to`
/// (a space number), where it comes to rest (a jump there is taken; a
/// goose there does not move it again).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstThrow {
    /// One face per die, in any order.
    pub dice: Vec<u32>,
    pub to: u32,
}

fn yes() -> bool {
    true
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            players: PlayerRange::default(),
            dice: Dice::default(),
            entry: Entry::default(),
            overshoot: Overshoot::default(),
            extra_turn: None,
            max_consecutive_turns: None,
            follow_chains: true,
            shared_squares: true,
            bump: None,
            first_player: FirstPlayer::default(),
            play: Play::Classic,
            win: Win::FirstHome,
            first_throw: Vec::new(),
        }
    }
}

/// Bumping, for races whose squares cannot be shared: a piece that comes
/// to rest where others are sends them away. Spaces tagged `Safe` protect
/// (several pieces may rest there); the start and the goal never bump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bump {
    #[serde(default)]
    pub who: BumpWho,
    #[serde(default)]
    pub to: BumpTo,
    #[serde(default)]
    pub when: BumpWhen,
}

/// Which occupants are sent away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum BumpWho {
    /// Every piece there.
    #[default]
    All,
    /// Only the one that arrived last (t_games' stomp).
    Top,
}

/// Where a bumped piece goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum BumpTo {
    /// Back to the start.
    #[default]
    Start,
    /// Where the bumper stood when its turn began, before any extra rolls
    /// (t_games' stomp).
    TurnStart,
    /// Where the bumper stood before the move that brought it there: the
    /// two trade places.
    Swap,
}

/// When a landing bumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum BumpWhen {
    /// Each time a piece comes to rest.
    #[default]
    EachLanding,
    /// Once, where the bumper stands when its whole turn (extra rolls
    /// included) is over (t_games' stomp).
    EndOfTurn,
}

/// Who wins. Points come from chips, `Points` spaces and arrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Win {
    /// The first piece home wins. Points are only played in classic races,
    /// where one piece arrives at a time, so no tie needs breaking.
    #[default]
    FirstHome,
    /// The game ends when the first piece reaches the goal; the most points
    /// win (equal scores share the win).
    MostPoints,
    /// The first player to this many points wins at once; if a piece
    /// reaches the goal first, the most points win.
    TargetScore(u32),
}

impl Win {
    pub fn is_first_home(&self) -> bool {
        matches!(self, Self::FirstHome)
    }
}

/// Tags for some spaces, for placement rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceTags {
    pub tag: Tag,
    pub spaces: Vec<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tag {
    /// No chip on this space (the Taiwan large cities and towns).
    NoChip,
    /// No chip on this space nor on its orthogonal neighbours (start
    /// squares, open city edges).
    KeepClear,
    /// No bumping here: several pieces may rest on it (`shared_squares:
    /// false`).
    Safe,
}

impl Tag {
    pub fn name(self) -> &'static str {
        match self {
            Self::NoChip => "no chip",
            Self::KeepClear => "keep clear",
            Self::Safe => "safe",
        }
    }
}

/// Face-down point chips (Carcassonne Maps, Taiwan). A piece coming to rest
/// on a chip takes it and scores its value; chips worth exactly `cost`
/// together upgrade the piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chips {
    /// The bag: how many chips of each value (the seed: 30 chips of 1 or 2).
    pub values: Vec<ChipCount>,
    /// Where the chips lie.
    #[serde(default)]
    pub layout: ChipLayout,
    /// What spending chips buys; `None`: chips only score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrade: Option<Upgrade>,
}

impl Chips {
    /// Chips in the bag (u64: hostile counts must not overflow).
    pub fn count(&self) -> u64 {
        self.values.iter().map(|c| u64::from(c.count)).sum()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChipCount {
    pub value: u32,
    pub count: u32,
}

/// Where the chips lie. Their values are shuffled face down every game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChipLayout {
    /// A fresh valid layout each game, drawn from `seed` and the game's
    /// number: one chip per space, never orthogonally adjacent to another,
    /// never on `NoChip`/`KeepClear` spaces nor next to `KeepClear` ones.
    Random { seed: u64 },
    /// Chips on exactly these spaces, checked against the same rules.
    Placed(Vec<u32>),
}

impl Default for ChipLayout {
    fn default() -> Self {
        Self::Random { seed: 0 }
    }
}

/// Spending chips worth exactly `cost` upgrades the piece that collects
/// them, if it holds no upgrade; the power lasts until used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    #[serde(default = "four")]
    pub cost: u32,
    pub power: Power,
}

fn four() -> u32 {
    4
}

/// What an upgraded piece can do once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Power {
    /// "Counts as two": the next points the piece scores count double
    /// (the Taiwan upgraded meeple, which doubles its weight in a scoring).
    DoublePoints,
    /// The piece's next move goes this many spaces further (kept for a
    /// later move if the longer move would not fit).
    Boost(u32),
    /// The next snake the piece lands on is ignored: it stays on the head.
    SnakeImmunity,
}

impl Power {
    pub fn describe(self) -> String {
        match self {
            Self::DoublePoints => "double points".into(),
            Self::Boost(n) => format!("{n} extra spaces"),
            Self::SnakeImmunity => "snake immunity".into(),
        }
    }
}

/// An arrow printed on a space, pointing at an orthogonal neighbour.
///
/// It activates when a piece comes to rest on its space while the space it
/// points at is occupied, or comes to rest on the pointed-at space while
/// the arrow's space is occupied. At most one activation per turn (the
/// player picks); resting on an arrow space that does not activate scores
/// 2 points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrow {
    pub space: u32,
    pub points: Direction,
    pub kind: ArrowKind,
}

/// On the drawn board, y up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [Self::Up, Self::Down, Self::Left, Self::Right];

    /// The step on the board, y up.
    pub fn delta(self) -> (f32, f32) {
        match self {
            Self::Up => (0.0, 1.0),
            Self::Down => (0.0, -1.0),
            Self::Left => (-1.0, 0.0),
            Self::Right => (1.0, 0.0),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Up => "up",
            Self::Down => "down",
            Self::Left => "left",
            Self::Right => "right",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArrowKind {
    /// Move the piece onto a space holding another piece (one of your own
    /// in a team game; with one piece each, a rival's).
    DoubleUp,
    /// Move the piece to any unoccupied space numbered `from..=to` that is
    /// not a jump's foot or the goal.
    Deploy { from: u32, to: u32 },
    /// Take another turn, within `max_consecutive_turns` (as every extra
    /// turn; the Anniversary rules cap it at two turns in a row).
    ExtraTurn,
}

impl ArrowKind {
    pub fn describe(self) -> String {
        match self {
            Self::DoubleUp => "double up".into(),
            Self::Deploy { from, to } => format!("deploy anywhere {from}–{to}"),
            Self::ExtraTurn => "extra turn".into(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Players", deny_unknown_fields)]
pub struct PlayerRange {
    pub min: u32,
    pub max: u32,
}

impl Default for PlayerRange {
    fn default() -> Self {
        Self { min: 2, max: 4 }
    }
}

/// `count` dice of `sides` faces each, summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
}

impl Default for Dice {
    fn default() -> Self {
        Self { count: 1, sides: 6 }
    }
}

/// How a piece leaves the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Entry {
    /// Any roll enters: a roll of N from the tray lands on space N.
    #[default]
    Direct,
    /// Only this roll total enters, onto the first space; others wait.
    OnRoll(u32),
}

/// What happens when a roll would carry a piece past the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Overshoot {
    /// The piece stays where it is; the roll is lost.
    #[default]
    Forfeit,
    /// The piece walks to the goal and back the remaining steps, then takes
    /// the jump where it lands.
    Bounce,
    /// Reaching or passing the goal wins.
    ReachOrPass,
}

/// Which rolls earn another turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExtraTurnOn {
    /// The dice total equals this number (a 6 on one d6).
    Total(u32),
    /// All dice show the same face (needs two or more dice).
    Doubles,
}

impl ExtraTurnOn {
    /// Whether a roll showing `faces` earns another turn: the rule, once.
    /// (`board::dice_outcomes` counts the same rule over all rolls at once,
    /// and a test holds it to this.)
    pub fn earned_by(self, faces: &[u32]) -> bool {
        match self {
            Self::Total(t) => faces.iter().sum::<u32>() == t,
            Self::Doubles => faces.len() >= 2 && faces.iter().all(|f| *f == faces[0]),
        }
    }
}

/// Who opens each game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum FirstPlayer {
    /// Seat 1 always opens.
    #[default]
    Seat1,
    /// The opening seat moves one on, in seat order, every game.
    Rotate,
}

impl FirstPlayer {
    /// The seat that opens game `game` (from 0) at a table of `players`:
    /// the one rule. `Seats::opener` asks it; the kernels whose table size
    /// is a compile-time constant ask it directly.
    #[inline]
    pub fn opener(self, game: u64, players: usize) -> usize {
        match self {
            Self::Seat1 => 0,
            Self::Rotate => (game % players as u64) as usize,
        }
    }
}

/// The seat after `seat` at a table of `players`, in seat order: the one
/// rule. `Seats::next` asks it; the kernels whose table size is a
/// compile-time constant ask it directly. (A compare, not `%`: it runs
/// every turn of every simulated game, where a division was 7% of the
/// time.)
#[inline]
pub fn next_seat(seat: usize, players: usize) -> usize {
    if seat + 1 == players { 0 } else { seat + 1 }
}

/// How a turn uses the dice.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Play {
    /// The dice total moves your own piece.
    #[default]
    Classic,
    /// Treehouse Snakes and Ladders (Bryan Stout, 2009): two dice, one moves
    /// your piece and the other another player's; pieces stack.
    Treehouse(Treehouse),
    /// A score track (the Carcassonne Snakes & Ladders scoreboard): pieces
    /// move by points scored, not by dice, lap after lap of a looped track.
    ScoreTrack(ScoreTrack),
}

impl Play {
    pub fn is_classic(&self) -> bool {
        matches!(self, Self::Classic)
    }
}

/// How a score track is played. A score is `lap × spaces + space`; scoring
/// moves the figure forward along the loop.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreTrack {
    /// When snakes and ladders move the scoring figures.
    #[serde(default)]
    pub jumps: JumpTiming,
    /// For simulation: the points one player scores in one of their turns,
    /// drawn by weight. Empty: points only come from people (a companion
    /// scoreboard).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<Weighted>,
    /// For simulation: turns each player takes before the final scoring.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turns: u32,
    /// For simulation: final-scoring points per player, drawn by weight
    /// (final scoring ignores snakes and ladders).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub final_points: Vec<Weighted>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// When jumps on a score track take effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum JumpTiming {
    /// After all scorings of the turn (the rules' community reading): a
    /// figure passing a snake's head mid-turn is safe.
    #[default]
    EndOfTurn,
    /// After each single scoring.
    EachScoring,
}

/// A value and how likely it is, relative to the others in its table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weighted {
    pub value: u32,
    pub weight: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Treehouse {
    /// Dice rolled on each player's first turn (the rules: one).
    #[serde(default = "one")]
    pub first_turn_dice: u32,
    /// What a "lose your next turn" space does to stacked pieces.
    #[serde(default)]
    pub lose_turn: LoseTurnRule,
    /// Sizes of each player's pyramids: one entry for the basic game, two or
    /// three for the team game. A piece under a strictly larger one is
    /// covered and cannot be moved directly.
    #[serde(default = "single_pyramid")]
    pub pieces: Vec<u32>,
}

fn single_pyramid() -> Vec<u32> {
    vec![2]
}

impl Default for Treehouse {
    fn default() -> Self {
        Self { first_turn_dice: 1, lose_turn: LoseTurnRule::default(), pieces: single_pyramid() }
    }
}

impl Treehouse {
    pub fn is_team_game(&self) -> bool {
        self.pieces.len() > 1
    }
}

/// The two readings of "lose your next turn" in the Treehouse rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum LoseTurnRule {
    /// Pieces landing there lie on their side; nobody may move them until
    /// an owner's next turn, spent standing the whole stack up, unrolled.
    #[default]
    Sideways,
    /// Pieces stay upright and others may move them away; if the piece is
    /// still there at its owner's next turn, the owner rolls one die and
    /// must use it on another player's piece.
    Upright,
}

impl VariantSpec {
    /// What a board link carries: everything but the tracing picture, whose
    /// path means nothing on another machine (and says where files are on
    /// this one).
    pub fn game_only(&self) -> Self {
        Self { background: None, ..self.clone() }
    }

    /// A fresh, empty variant on a grid: a valid place to start drawing.
    pub fn new_grid(name: &str, cols: u32, rows: u32, path: PathStyle) -> Self {
        Self::with_board(name, Board::Grid { cols, rows, path })
    }

    pub fn with_board(name: &str, board: Board) -> Self {
        Self {
            format: FORMAT_VERSION,
            meta: Meta { name: name.into(), ..Meta::default() },
            board,
            start: Start::Tray,
            goal: Goal::Last,
            jumps: Vec::new(),
            random_jumps: None,
            effects: Vec::new(),
            tags: Vec::new(),
            chips: None,
            arrows: Vec::new(),
            rules: Rules::default(),
            names: Vec::new(),
            badges: Vec::new(),
            background: None,
        }
    }
}

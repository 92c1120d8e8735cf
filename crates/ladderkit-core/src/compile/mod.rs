//! Check, then compile: a `VariantSpec` becomes a `CompiledBoard` plus
//! diagnostics. Whatever is wrong is reported and left out, so a broken
//! variant still yields a board to draw.

use crate::board::{Badge, BoardJump, CompiledBoard, JumpOrigin, RestEffect, TRAY};
use crate::diagnostic::{Code, Diagnostic};
use crate::format::Limits;
use crate::spec::{
    Effect, Entry, ExtraTurnOn, Goal, MAX_DICE, MAX_LOSE_TURNS, MAX_PLAYERS, Overshoot, Play, SIDES, Start, VariantSpec,
};
use crate::{checks, layout};

pub mod deal;

/// A compiled variant: the board is always there; it is only safe to play
/// when `diagnostics` holds no error.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub board: CompiledBoard,
    pub diagnostics: Vec<Diagnostic>,
}

impl Compiled {
    pub fn has_errors(&self) -> bool {
        crate::diagnostic::has_errors(&self.diagnostics)
    }
}

/// Checks and compiles a variant. With `random_jumps`, the board is game
/// 0's (`compile_game` gives any other game's).
pub fn compile(spec: &VariantSpec) -> Compiled {
    compile_game(spec, 0)
}

/// The board game number `game` is played on: the variant's own, or with
/// `random_jumps` the layout dealt for that game (`deal::deal`).
pub fn compile_game(spec: &VariantSpec, game: u64) -> Compiled {
    let mut compiled = compile_dealt(spec, game);
    crate::diagnostic::collapse_repeats(&mut compiled.diagnostics);
    compiled
}

fn compile_dealt(spec: &VariantSpec, game: u64) -> Compiled {
    let Some(random) = &spec.random_jumps else { return compile_drawn(spec) };
    let mut out = Vec::new();
    deal::check(spec, &mut out);
    let dealt = if crate::diagnostic::has_errors(&out) { None } else { deal::deal(spec, game) };
    let mut compiled = match dealt {
        Some(dealt) => dealt.compiled,
        None => {
            let mut fixed = spec.clone();
            fixed.random_jumps = None;
            let compiled = compile_drawn(&fixed);
            let tries = deal::tries_for(compiled.board.points.len());
            if !compiled.has_errors() && out.is_empty() {
                out.push(
                    Diagnostic::error(
                        Code::RandomJumpsInvalid,
                        format!(
                            "no layout of {} ladders and {} snakes fits this board without errors in {} draws",
                            random.ladders, random.snakes, tries
                        ),
                    )
                    .help("deal fewer jumps, allow other lengths, or free fewer spaces"),
                );
            }
            compiled
        }
    };
    out.append(&mut compiled.diagnostics);
    compiled.diagnostics = out;
    compiled
}

/// Compiles the jumps the variant draws (no dealing).
fn compile_drawn(spec: &VariantSpec) -> Compiled {
    let mut out = Vec::new();
    let mut board = lay_out(spec, &mut out);
    check_rules(spec, &mut out);
    check_background(spec, &mut out);
    let dice_ok = !out.iter().any(|d| d.code == Code::DiceInvalid);
    add_jumps(spec, &mut board, &mut out);
    add_rest_effects(spec, &mut board, &mut out);
    if dice_ok {
        add_first_throws(spec, &mut board, &mut out);
    }
    checks::resolve_jumps(spec, &mut board, &mut out);
    crate::board::extras::compile_extras(spec, &mut board, &mut out);
    add_safe_spaces(spec, &mut board, &mut out);
    if board.len > 0 && dice_ok {
        checks::check_transitions(spec, &board, &mut out);
    }
    Compiled { board, diagnostics: out }
}

/// Space names: on spaces of the board, once each, short enough to print
/// and free of control characters (a name reaches terminals and pages).
/// A bad one is a warning and is left out; the game is the same.
fn add_names(spec: &VariantSpec, board: &mut CompiledBoard, out: &mut Vec<Diagnostic>) {
    let most = crate::spec::MAX_NAME_CHARS;
    for entry in &spec.names {
        let n = entry.space;
        let chars = entry.name.chars().count();
        let problem = match board.position(n) {
            None => Some((
                format!("space {n} has a name but is not a space of this board"),
                format!("{}; name one of them, or remove the entry", board.numbers_text()),
            )),
            Some(pos) if board.names.iter().any(|(p, _)| *p == pos) => {
                Some((format!("space {n} is named twice"), "keep one of the two entries".to_owned()))
            }
            Some(_) if entry.name.trim().is_empty() => {
                Some((format!("space {n}'s name is empty"), "give it a name, or remove the entry".to_owned()))
            }
            Some(_) if chars > most => Some((
                format!("space {n}'s name is {chars} characters; at most {most} fit on a space"),
                format!("shorten it to {most} characters or fewer"),
            )),
            Some(_) if entry.name.chars().any(char::is_control) => Some((
                format!("space {n}'s name has control characters"),
                "a name is one line of plain text: no tabs, line breaks or escapes".to_owned(),
            )),
            Some(pos) => {
                board.names.push((pos, entry.name.trim().to_owned()));
                None
            }
        };
        if let Some((message, help)) = problem {
            out.push(Diagnostic::warning(Code::NameInvalid, message).spaces([n]).help(help));
        }
    }
}

/// The designer's badges, checked as names are: a bad one is a warning and
/// is left out (the effects' own badges show instead).
fn add_badges(spec: &VariantSpec, board: &mut CompiledBoard, out: &mut Vec<Diagnostic>) {
    let most = crate::spec::MAX_BADGE_CHARS;
    for entry in &spec.badges {
        let n = entry.space;
        let label = entry.label.trim();
        let chars = label.chars().count();
        let colour = entry.colour.as_deref().map(|c| (c, crate::spec::parse_colour(c)));
        let problem = match board.position(n) {
            None => Some((
                format!("space {n} has a badge but is not a space of this board"),
                format!("{}; put it on one of them, or remove the entry", board.numbers_text()),
            )),
            Some(pos) if board.badges.iter().any(|(p, _)| *p == pos) => {
                Some((format!("space {n} has two badges"), "keep one of the two entries".to_owned()))
            }
            Some(_) if label.is_empty() => {
                Some((format!("space {n}'s badge has no label"), "give it a letter or a symbol".to_owned()))
            }
            Some(_) if chars > most || label.chars().any(char::is_control) => Some((
                format!("space {n}'s badge label {label:?} does not fit in a badge"),
                format!("at most {most} characters, on one line"),
            )),
            Some(_) if matches!(colour, Some((_, None))) => Some((
                format!("space {n}'s badge colour {:?} is not a colour", colour.map_or("", |c| c.0)),
                "write it as #rrggbb, e.g. \"#2878c8\"; leave it out for the theme's colour".to_owned(),
            )),
            Some(pos) => {
                let badge = Badge { label: label.to_owned(), colour: colour.and_then(|c| c.1) };
                board.badges.push((pos, badge));
                None
            }
        };
        if let Some((message, help)) = problem {
            out.push(Diagnostic::warning(Code::BadgeInvalid, message).spaces([n]).help(help));
        }
    }
}

/// The tracing picture is the editor's alone, but a value it cannot draw
/// is still said, as a warning: the variant plays all the same.
fn check_background(spec: &VariantSpec, out: &mut Vec<Diagnostic>) {
    let Some(b) = &spec.background else { return };
    let mut wrong = Vec::new();
    let mut help = Vec::new();
    if !(0.0..=1.0).contains(&b.opacity) {
        wrong.push(format!("opacity {} is not between 0 and 1", b.opacity));
        help.push("opacity runs from 0 (invisible) to 1 (opaque)");
    }
    if !(b.scale.is_finite() && b.scale > 0.0) {
        wrong.push(format!("scale {} is not a positive number", b.scale));
        help.push("scale is above 0 (1 is as wide as the board's spaces)");
    }
    if !(b.offset.x.is_finite() && b.offset.y.is_finite()) {
        wrong.push("the offset is not a pair of numbers".into());
        help.push("offset is (x: …, y: …) in squares");
    }
    if b.path.trim().is_empty() {
        wrong.push("no file is named".into());
        help.push("`path` names the picture's file, relative to the variant's folder");
    }
    if !wrong.is_empty() {
        out.push(
            Diagnostic::warning(
                Code::BackgroundInvalid,
                format!("the background picture cannot be drawn: {}", wrong.join("; ")),
            )
            .help(format!("{}; or remove `background`", help.join("; "))),
        );
    }
}

fn lay_out(spec: &VariantSpec, out: &mut Vec<Diagnostic>) -> CompiledBoard {
    let count = layout::space_count(&spec.board);
    let mut points = Vec::new();
    if count == 0 {
        out.push(
            Diagnostic::error(Code::BoardInvalid, "the board has no spaces")
                .help("give the grid at least one column and one row, or the track one space"),
        );
    } else if count > Limits::DEFAULT.max_spaces {
        out.push(Diagnostic::error(
            Code::BoardInvalid,
            format!("the board has {count} spaces; the limit is {}", Limits::DEFAULT.max_spaces),
        ));
    } else {
        points = layout::positions(&spec.board);
        let far = Limits::DEFAULT.max_coordinate as f32;
        let drawable = |p: &crate::spec::Point| p.x.abs() <= far && p.y.abs() <= far;
        let bad: Vec<u32> =
            points.iter().enumerate().filter(|(_, p)| !drawable(p)).map(|(i, _)| i as u32 + 1).collect();
        if !bad.is_empty() {
            out.push(
                Diagnostic::error(Code::BoardInvalid, "some spaces cannot be drawn where they are")
                    .spaces(bad)
                    .help(format!("coordinates must be ordinary numbers within ±{far}, not NaN or inf")),
            );
            for p in &mut points {
                if !drawable(p) {
                    *p = crate::spec::Point { x: 0.0, y: 0.0 };
                }
            }
        }
    }
    let len = points.len() as u32;
    points.insert(0, layout::tray_position(&points));
    let (outcomes, weight_total) = spec.rules.outcomes();
    let rules = &spec.rules;
    let mut board = CompiledBoard {
        first_number: layout::first_number(&spec.board),
        len,
        start: TRAY,
        goal: len,
        jumps: Vec::new(),
        jump_at: vec![None; points.len()],
        landing: (0..=len).collect(),
        rest: vec![RestEffect::default(); points.len()],
        points,
        dice: rules.dice,
        outcomes,
        weight_total,
        // Treehouse: "a piece cannot use a die roll if there is no room".
        overshoot: if rules.play.is_classic() { rules.overshoot } else { Overshoot::Forfeit },
        entry: rules.entry,
        extra_turn: rules.extra_turn,
        max_consecutive_turns: rules.max_consecutive_turns,
        shared_squares: rules.shared_squares,
        bump: (!rules.shared_squares && rules.play.is_classic()).then(|| rules.bump.unwrap_or_default()),
        safe: Vec::new(),
        play: rules.play.clone(),
        extras: crate::board::extras::Extras::default(),
        again: Vec::new(),
        wait: Vec::new(),
        first_throw: Vec::new(),
        names: Vec::new(),
        badges: Vec::new(),
    };
    if len == 0 {
        return board;
    }
    add_names(spec, &mut board, out);
    add_badges(spec, &mut board, out);
    if let Goal::Space(n) = spec.goal {
        match board.position(n) {
            Some(pos) => board.goal = pos,
            None => out.push(
                Diagnostic::error(Code::GoalInvalid, format!("the goal {n} is not a space of this board"))
                    .help(format!("{}; or use `goal: Last`", board.numbers_text())),
            ),
        }
    }
    if let Start::Space(n) = spec.start {
        match board.position(n) {
            Some(pos) if pos < board.goal => board.start = pos,
            Some(_) => out.push(
                Diagnostic::error(Code::StartInvalid, format!("the start {n} is not before the goal"))
                    .spaces([n])
                    .help("start on an earlier space, or use `start: Tray`"),
            ),
            None => out.push(
                Diagnostic::error(Code::StartInvalid, format!("the start {n} is not a space of this board"))
                    .help("use `start: Tray` for the off-board start"),
            ),
        }
    }
    board
}

fn check_rules(spec: &VariantSpec, out: &mut Vec<Diagnostic>) {
    let rules = &spec.rules;
    let players = rules.players;
    if players.min < 1 || players.min > players.max || players.max > MAX_PLAYERS {
        out.push(
            Diagnostic::error(
                Code::PlayersInvalid,
                format!("players must satisfy 1 <= min <= max <= {MAX_PLAYERS}, not {}..{}", players.min, players.max),
            )
            .help("for example `players: (min: 2, max: 4)`"),
        );
    }
    let dice = rules.dice;
    if !crate::board::dice_supported(dice.count, dice.sides) {
        out.push(
            Diagnostic::error(Code::DiceInvalid, format!("{}d{} dice are not supported", dice.count, dice.sides))
                .help(format!("use 1 to {MAX_DICE} dice of {} to {} sides", SIDES.start(), SIDES.end())),
        );
        return;
    }
    let totals = dice.count..=dice.count * dice.sides;
    match rules.extra_turn {
        Some(ExtraTurnOn::Total(t)) if !totals.contains(&t) => out.push(
            Diagnostic::warning(
                Code::RuleImpossible,
                format!("the dice never total {t}, so no roll earns an extra turn"),
            )
            .help(format!(
                "{}d{} totals run {}..={}",
                dice.count,
                dice.sides,
                totals.start(),
                totals.end()
            )),
        ),
        Some(ExtraTurnOn::Doubles) if dice.count < 2 => out.push(
            Diagnostic::warning(Code::RuleImpossible, "one die never rolls doubles, so no roll earns an extra turn")
                .help("use two or more dice, or `extra_turn: Some(Total(6))`"),
        ),
        _ => {}
    }
    if rules.max_consecutive_turns == Some(0) {
        out.push(
            Diagnostic::error(Code::RuleImpossible, "`max_consecutive_turns: Some(0)` allows no turn at all")
                .help("use `Some(2)` for at most one extra turn in a row, or `None`"),
        );
    }
    match &rules.play {
        Play::Treehouse(t) => check_treehouse(t, spec, out),
        Play::ScoreTrack(track) => check_score_track(track, out),
        Play::Classic => {}
    }
    if let Entry::OnRoll(t) = rules.entry {
        if !totals.contains(&t) {
            out.push(
                Diagnostic::error(Code::RuleImpossible, format!("the dice never total {t}, so no piece can enter"))
                    .help("use `entry: Direct`, or a total the dice can roll"),
            );
        } else if spec.start != Start::Tray {
            out.push(
                Diagnostic::warning(Code::RuleImpossible, "the entry rule only applies to pieces in the start tray")
                    .help("use `start: Tray`, or `entry: Direct`"),
            );
        }
    }
}

fn check_treehouse(t: &crate::spec::Treehouse, spec: &VariantSpec, out: &mut Vec<Diagnostic>) {
    let rules = &spec.rules;
    if rules.dice.count != 2 {
        out.push(
            Diagnostic::error(Code::DiceInvalid, format!("Treehouse play rolls two dice, not {}", rules.dice.count))
                .help("use `dice: Dice(count: 2, sides: 6)` (or `sides: 8`)"),
        );
    }
    if !(1..=2).contains(&t.first_turn_dice) {
        out.push(
            Diagnostic::error(Code::RuleImpossible, format!("a first turn cannot roll {} dice", t.first_turn_dice))
                .help("the Treehouse rules roll one die on the first turn: `first_turn_dice: 1`"),
        );
    }
    if t.pieces.is_empty() || t.pieces.len() > 3 || t.pieces.iter().any(|s| !(1..=9).contains(s)) {
        out.push(
            Diagnostic::error(Code::RuleImpossible, "each player needs one to three pyramids of size 1 to 9")
                .help("`pieces: [2]` for the basic game, `pieces: [1, 2]` for a team game"),
        );
    }
    if let crate::spec::Start::Space(n) = spec.start {
        // Pieces sharing a space stack, and a stack moves as one: started
        // on a space, every pyramid would ride together and all would win.
        out.push(
            Diagnostic::error(
                Code::StartInvalid,
                format!("Treehouse pyramids start off the board, not on space {n}: there they would all stack and move as one"),
            )
            .help("use `start: Tray` (pieces enter with their first die, as the rules say)"),
        );
    }
    let ignored = [
        (rules.extra_turn.is_some(), "extra_turn"),
        (rules.overshoot != Overshoot::Forfeit, "overshoot (a die that does not fit is unusable)"),
        (rules.entry != Entry::Direct, "entry"),
        (!rules.shared_squares, "shared_squares (pieces always stack)"),
        (rules.bump.is_some(), "bump (pieces always stack)"),
    ];
    for (_, what) in ignored.into_iter().filter(|(set, _)| *set) {
        out.push(
            Diagnostic::warning(Code::RuleImpossible, format!("Treehouse play ignores {what}"))
                .help("remove the option, or use classic play"),
        );
    }
}

/// Spaces tagged `Safe`, where nobody is bumped; and bumping options that
/// cannot take effect.
fn add_safe_spaces(spec: &VariantSpec, board: &mut CompiledBoard, out: &mut Vec<Diagnostic>) {
    let rules = &spec.rules;
    if rules.bump.is_some() && rules.shared_squares && rules.play.is_classic() {
        out.push(
            Diagnostic::warning(Code::RuleImpossible, "`bump` does nothing while pieces may share squares")
                .help("set `shared_squares: false` to play it, or remove `bump`"),
        );
    }
    for t in spec.tags.iter().filter(|t| t.tag == crate::spec::Tag::Safe) {
        let missing: Vec<u32> = t.spaces.iter().copied().filter(|n| board.position(*n).is_none()).collect();
        if !missing.is_empty() {
            out.push(
                Diagnostic::error(Code::TagInvalid, format!("`safe` tags spaces that do not exist: {missing:?}"))
                    .help(board.numbers_text()),
            );
        }
        if board.bump.is_none() {
            // Only classic races bump; in Treehouse play and on score tracks
            // pieces always share spaces, so the tag is the one thing to go.
            let help = if rules.play.is_classic() {
                "set `shared_squares: false` to bump, or remove the `Safe` tag"
            } else {
                "pieces always share spaces in this kind of play: remove the `Safe` tag"
            };
            out.push(
                Diagnostic::warning(Code::RuleImpossible, "`safe` spaces only matter where pieces bump each other")
                    .help(help),
            );
        }
        let at: Vec<u32> = t.spaces.iter().filter_map(|n| board.position(*n)).collect();
        for pos in at {
            mark(&mut board.safe, board.points.len(), pos);
        }
    }
}

/// Validates every jump and move effect and puts the good ones on the board.
fn add_jumps(spec: &VariantSpec, board: &mut CompiledBoard, out: &mut Vec<Diagnostic>) {
    if board.len == 0 {
        return;
    }
    let mut origin_at: Vec<Option<JumpOrigin>> = vec![None; board.points.len()];
    let candidates = spec
        .jumps
        .iter()
        .enumerate()
        .map(|(i, j)| (JumpOrigin::Jump(i), j.from, Some(j.to), j.kind.filter(|k| *k != j.direction())));
    // The start has no number when it is the tray: `ToStart` names it by
    // its position.
    let start = board.start;
    let start_number = board.number(start).unwrap_or(0);
    let moves = spec.effects.iter().enumerate().filter_map(|(i, e)| {
        let to = match e.effect {
            Effect::MoveBy(by) => u32::try_from(i64::from(e.space) + i64::from(by)).ok(),
            Effect::GoTo(k) => Some(k),
            Effect::ToStart => Some(start_number),
            _ => return None,
        };
        Some((JumpOrigin::Effect(i), e.space, to, None))
    });
    for (origin, from_n, to_n, mismatched_kind) in candidates.chain(moves).collect::<Vec<_>>() {
        let locate = |d: Diagnostic| match origin {
            JumpOrigin::Jump(i) => d.jumps([i]),
            JumpOrigin::Effect(i) => d.effects([i]),
        };
        let to_start = matches!(origin, JumpOrigin::Effect(i) if spec.effects[i].effect == Effect::ToStart);
        let what = describe(origin, from_n, to_n);
        let from = board.position(from_n);
        let to = if to_start { Some(start) } else { to_n.and_then(|n| board.position(n)) };
        let to = to.filter(|pos| *pos <= board.goal);
        let (Some(from), Some(to)) = (from, to) else {
            if matches!(origin, JumpOrigin::Effect(_)) && from.is_none() {
                continue; // reported with the other effects on missing spaces
            }
            let code = match origin {
                JumpOrigin::Jump(_) => Code::JumpOffBoard,
                JumpOrigin::Effect(_) => Code::EffectMoveOffBoard,
            };
            let first = board.first_number;
            let last = board.number(board.goal).unwrap_or(first);
            out.push(locate(
                Diagnostic::error(code, format!("{what} leaves the board"))
                    .spaces(from.and(Some(from_n)))
                    .help(format!("both ends must be spaces from {first} to the goal {last}")),
            ));
            continue;
        };
        if from == board.start {
            out.push(locate(
                Diagnostic::error(Code::JumpFromStart, format!("{what} starts on the start space"))
                    .spaces([from_n])
                    .help("pieces begin there without landing; move the foot to another space"),
            ));
            continue;
        }
        if from == board.goal {
            out.push(locate(
                Diagnostic::error(Code::JumpFromGoal, format!("{what} starts on the goal"))
                    .spaces([from_n])
                    .help("a piece on the goal has won; move the foot to another space"),
            ));
            continue;
        }
        if from == to {
            out.push(locate(
                Diagnostic::error(Code::JumpToSelf, format!("{what} leads back to its own space"))
                    .spaces([from_n])
                    .help("delete it, or drag one end to another space"),
            ));
            continue;
        }
        if let Some(kind) = mismatched_kind {
            out.push(locate(
                Diagnostic::warning(
                    Code::JumpKindMismatch,
                    format!("{what} is marked as a {} but goes the other way", kind.name()),
                )
                .help("direction decides what a jump does; remove `kind` or swap the ends"),
            ));
        }
        if let Some(first) = origin_at[from as usize] {
            let mut d = Diagnostic::error(
                Code::DuplicateJump,
                format!("{what} leaves space {from_n}, which {} already leaves", describe_origin(first)),
            )
            .spaces([from_n])
            .help("a space can send a piece to one place only; delete one of them");
            for o in [first, origin] {
                d = match o {
                    JumpOrigin::Jump(i) => d.jumps([i]),
                    JumpOrigin::Effect(i) => d.effects([i]),
                };
            }
            out.push(d);
            continue;
        }
        origin_at[from as usize] = Some(origin);
        board.jump_at[from as usize] = Some(board.jumps.len() as u32);
        board.jumps.push(BoardJump { from, to, origin });
    }
}

fn describe(origin: JumpOrigin, from: u32, to: Option<u32>) -> String {
    let to = to.map_or_else(|| "off the board".to_owned(), |t| t.to_string());
    match origin {
        JumpOrigin::Jump(i) => format!("jump #{} ({from}→{to})", i + 1),
        JumpOrigin::Effect(i) => format!("the move effect #{} on space {from} (to {to})", i + 1),
    }
}

fn describe_origin(origin: JumpOrigin) -> String {
    match origin {
        JumpOrigin::Jump(i) => format!("jump #{}", i + 1),
        JumpOrigin::Effect(i) => format!("move effect #{}", i + 1),
    }
}

/// Fills the rest table from the non-moving effects.
fn add_rest_effects(spec: &VariantSpec, board: &mut CompiledBoard, out: &mut Vec<Diagnostic>) {
    // The first effect of each kind per space, by position (a map: files
    // may hold 100,000 effects).
    let mut seen: std::collections::HashMap<(u32, std::mem::Discriminant<Effect>), usize> = Default::default();
    for (i, e) in spec.effects.iter().enumerate() {
        let Some(pos) = board.position(e.space) else {
            out.push(
                Diagnostic::error(
                    Code::EffectOffBoard,
                    format!(
                        "effect #{} ({}) is on space {}, which does not exist",
                        i + 1,
                        e.effect.describe(),
                        e.space
                    ),
                )
                .effects([i])
                .help("put it on a space of the board, or delete it"),
            );
            continue;
        };
        if let Effect::LoseTurns(n) = e.effect
            && !(1..=MAX_LOSE_TURNS).contains(&n)
        {
            out.push(
                Diagnostic::error(Code::EffectInvalid, format!("effect #{} loses {n} turns", i + 1))
                    .spaces([e.space])
                    .effects([i])
                    .help(format!("a space may take 1 to {MAX_LOSE_TURNS} turns")),
            );
            continue;
        }
        let kind = std::mem::discriminant(&e.effect);
        if let Some(first) = seen.get(&(pos, kind)) {
            out.push(
                Diagnostic::error(Code::EffectDuplicate, format!("space {} has two effects of the same kind", e.space))
                    .spaces([e.space])
                    .effects([*first, i])
                    .help("merge them into one (for example `LoseTurns(2)`)"),
            );
            continue;
        }
        seen.insert((pos, kind), i);
        if pos == board.goal {
            out.push(
                Diagnostic::warning(
                    Code::EffectOnGoal,
                    format!("effect #{} ({}) is on the goal", i + 1, e.effect.describe()),
                )
                .spaces([e.space])
                .effects([i])
                .help("a piece on the goal has won, so the effect never matters"),
            );
            continue;
        }
        if e.effect == Effect::Wait && !spec.rules.play.is_classic() {
            out.push(
                Diagnostic::error(
                    Code::EffectInvalid,
                    format!("effect #{} (wait to be freed) needs classic play", i + 1),
                )
                .spaces([e.space])
                .effects([i])
                .help("a well or prison holds one piece until another arrives: use `play: Classic`, or delete it"),
            );
            continue;
        }
        let positions = board.points.len();
        let rest = &mut board.rest[pos as usize];
        match e.effect {
            Effect::LoseTurns(n) => rest.lose_turns = n,
            Effect::ExtraTurn => rest.extra_turn = true,
            Effect::Points(n) => rest.points = n,
            Effect::MoveAgain => mark(&mut board.again, positions, pos),
            Effect::Wait => mark(&mut board.wait, positions, pos),
            Effect::MoveBy(_) | Effect::GoTo(_) | Effect::ToStart => {}
        }
    }
    check_geese_and_wells(spec, board, out);
}

/// Sets `pos` in a per-position flag table that stays empty until needed.
fn mark(table: &mut Vec<bool>, positions: usize, pos: u32) {
    table.resize(positions, false);
    table[pos as usize] = true;
}

/// A goose moves pieces on, so a well on the same space never holds one;
/// and a piece alone in a well is held for good.
fn check_geese_and_wells(spec: &VariantSpec, board: &CompiledBoard, out: &mut Vec<Diagnostic>) {
    let mut wells = Vec::new();
    for (i, e) in spec.effects.iter().enumerate().filter(|(_, e)| e.effect == Effect::Wait) {
        let Some(pos) = board.position(e.space).filter(|p| board.is_wait(*p)) else { continue };
        if board.is_goose(pos) {
            out.push(
                Diagnostic::error(
                    Code::EffectInvalid,
                    format!(
                        "space {} is a goose and a well: a goose moves pieces on, so none ever waits there",
                        e.space
                    ),
                )
                .spaces([e.space])
                .effects([i])
                .help("delete one of the two effects"),
            );
        }
        wells.push(e.space);
    }
    if !wells.is_empty() && spec.rules.players.min == 1 {
        out.push(
            Diagnostic::warning(
                Code::RuleImpossible,
                "one player alone is held for good on a space that waits for another piece to arrive",
            )
            .spaces(wells)
            .help("set `players: (min: 2, …)`: only another piece frees a waiting one"),
        );
    }
}

/// Checks `rules.first_throw` and splits each throw out of the dice
/// outcomes it belongs to (6 and 3 from the start is not just a 9).
fn add_first_throws(spec: &VariantSpec, board: &mut CompiledBoard, out: &mut Vec<Diagnostic>) {
    let rules = &spec.rules;
    if rules.first_throw.is_empty() || board.len == 0 {
        return;
    }
    if !rules.play.is_classic() {
        out.push(
            Diagnostic::error(Code::FirstThrowInvalid, "`first_throw` needs classic play").help(
                "the throws that go straight to a space use the dice total of classic play; remove `first_throw`",
            ),
        );
        return;
    }
    let dice = rules.dice;
    let mut seen: Vec<Vec<u32>> = Vec::new();
    for (i, throw) in rules.first_throw.iter().enumerate() {
        let what = format!("first throw #{} ({:?} to {})", i + 1, throw.dice, throw.to);
        let mut faces = throw.dice.clone();
        faces.sort_unstable();
        // The example is a throw these dice can make: one face per die.
        let example: Vec<u32> = (0..dice.count).map(|k| dice.sides.saturating_sub(k).max(1)).collect();
        let noun = if dice.count == 1 { "face" } else { "faces" };
        let fix_faces =
            format!("give {} {noun} from 1 to {}, one per die, e.g. `dice: {example:?}`", dice.count, dice.sides);
        let problem = if faces.len() != dice.count as usize {
            let named = if faces.len() == 1 { "1 die".to_owned() } else { format!("{} dice", faces.len()) };
            Some((format!("names {named}, but the rules roll {}", dice.count), fix_faces))
        } else if faces.iter().any(|f| !(1..=dice.sides).contains(f)) {
            Some((format!("names a face a {}-sided die does not have", dice.sides), fix_faces))
        } else if seen.contains(&faces) {
            Some((
                "repeats an earlier throw (the order of the dice does not matter)".to_owned(),
                "delete one of the two: a throw can go to one space only".to_owned(),
            ))
        } else {
            None
        };
        if let Some((problem, help)) = problem {
            out.push(Diagnostic::error(Code::FirstThrowInvalid, format!("{what} {problem}")).help(help));
            continue;
        }
        let Some(to) = board.position(throw.to).filter(|p| *p <= board.goal && *p != board.start) else {
            out.push(
                Diagnostic::error(Code::FirstThrowInvalid, format!("{what} goes to a space that is not on the way"))
                    .help(format!("{}, after the start and up to the goal", board.numbers_text())),
            );
            continue;
        };
        seen.push(faces.clone());
        split_out(&mut board.outcomes, &faces, rules.extra_turn, to);
        board.first_throw.push((faces, to));
    }
}

/// Moves the ways to roll `faces` out of their outcome into one of their
/// own that goes straight to `to` from the start.
fn split_out(outcomes: &mut Vec<crate::board::Outcome>, faces: &[u32], extra: Option<ExtraTurnOn>, to: u32) {
    let total: u32 = faces.iter().sum();
    let extra_turn = extra.is_some_and(|rule| rule.earned_by(faces));
    // Orderings of the faces: n! over the factorial of each face's count.
    let factorial = |n: usize| (1..=n as u64).product::<u64>();
    let mut ways = factorial(faces.len());
    for run in faces.chunk_by(|a, b| a == b) {
        ways /= factorial(run.len());
    }
    let Some(at) =
        outcomes.iter().position(|o| o.total == total && o.extra_turn == extra_turn && o.first_throw.is_none())
    else {
        return;
    };
    outcomes[at].weight -= ways;
    let special = crate::board::Outcome { weight: ways, first_throw: Some(to), ..outcomes[at] };
    if outcomes[at].weight == 0 {
        outcomes[at] = special;
    } else {
        outcomes.insert(at + 1, special);
    }
}

fn check_score_track(track: &crate::spec::ScoreTrack, out: &mut Vec<Diagnostic>) {
    for (name, table) in [("points", &track.points), ("final_points", &track.final_points)] {
        if !table.is_empty() && table.iter().all(|w| w.weight == 0) {
            out.push(
                Diagnostic::error(
                    Code::RuleImpossible,
                    format!("every weight in `{name}` is 0, so nothing can be drawn"),
                )
                .help("give at least one entry a positive weight, e.g. `Weighted(value: 4, weight: 3)`"),
            );
        }
    }
    if !track.points.is_empty() && track.turns == 0 {
        out.push(
            Diagnostic::warning(Code::RuleImpossible, "a points table but `turns: 0`: a simulated game has no turns")
                .help("set `turns` to the turns each player takes, e.g. `turns: 24`"),
        );
    }
}

#[cfg(test)]
mod goose_checks {
    use super::*;
    use crate::spec::{Effect, Jump, PathStyle, SpaceEffect};

    fn codes(spec: &VariantSpec) -> Vec<Code> {
        compile(spec).diagnostics.iter().map(|d| d.code).collect()
    }

    /// A well where no piece rests (the foot of a ladder) never catches
    /// anyone; a goose there never moves anyone on.
    #[test]
    fn a_well_or_goose_nobody_reaches_is_said_to_never_fire() {
        let mut spec = VariantSpec::new_grid("t", 6, 6, PathStyle::Boustrophedon);
        spec.jumps = vec![Jump::new(10, 20), Jump::new(12, 25)];
        spec.effects =
            vec![SpaceEffect { space: 10, effect: Effect::Wait }, SpaceEffect { space: 12, effect: Effect::MoveAgain }];
        let compiled = compile(&spec);
        let never: Vec<&str> = compiled
            .diagnostics
            .iter()
            .filter(|d| d.code == Code::EffectNeverFires)
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(never.len(), 2, "{:?}", compiled.diagnostics);
        assert!(never[1].contains("no piece moves on from there"), "{never:?}");
        // Off the jumps, both fire: no warning.
        spec.jumps.clear();
        assert!(!codes(&spec).contains(&Code::EffectNeverFires), "{:?}", codes(&spec));
    }

    /// The editor offers each kind's number from `Effect::numbers`: the
    /// turns lost it offers are exactly those the checks take, and each
    /// kind's example in `KINDS` is among its numbers.
    #[test]
    fn the_numbers_offered_for_lost_turns_are_the_ones_the_checks_take() {
        let mut spec = VariantSpec::new_grid("t", 6, 6, PathStyle::Boustrophedon);
        let numbers = Effect::LoseTurns(1).numbers().expect("lost turns take a number");
        for n in *numbers.start() - 1..=*numbers.end() + 1 {
            spec.effects = vec![SpaceEffect { space: 9, effect: Effect::LoseTurns(n as u32) }];
            let refused = codes(&spec).contains(&Code::EffectInvalid);
            assert_eq!(refused, !numbers.contains(&n), "{n} turns: {:?}", codes(&spec));
        }
        for kind in Effect::KINDS {
            let number = match kind {
                Effect::LoseTurns(n) | Effect::GoTo(n) | Effect::Points(n) => Some(i64::from(n)),
                Effect::MoveBy(n) => Some(i64::from(n)),
                Effect::ExtraTurn | Effect::ToStart | Effect::MoveAgain | Effect::Wait => None,
            };
            assert_eq!(number.is_some(), kind.numbers().is_some(), "{kind:?}");
            if let (Some(n), Some(numbers)) = (number, kind.numbers()) {
                assert!(numbers.contains(&n), "{kind:?} is not among {numbers:?}");
            }
        }
    }
}

//! The compiled board: flat tables the engine and the analysis run on.
//!
//! Positions are indices: 0 is the start tray, 1..=len are the spaces in
//! path order. Jump chains are resolved into `landing`, so moving a piece is
//! two array reads; petgraph is only used while compiling and checking.

pub mod extras;

use crate::spec::{Dice, Entry, ExtraTurnOn, Overshoot, Point, Rules};

/// Index of the start tray.
pub const TRAY: u32 = 0;

/// A jump as the board uses it: from and to as positions, and where it came
/// from in the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardJump {
    pub from: u32,
    pub to: u32,
    pub origin: JumpOrigin,
}

impl BoardJump {
    /// What a person calls it: a drawn jump is a "ladder" or a "snake" by
    /// its direction; one a space effect makes (the Goose's bridge, maze
    /// and death, a `GoTo`, a `MoveBy`) is a "go-to", never a snake.
    pub fn noun(&self) -> &'static str {
        match self.origin {
            JumpOrigin::Jump(_) if self.to > self.from => "ladder",
            JumpOrigin::Jump(_) => "snake",
            JumpOrigin::Effect(_) => "go-to",
        }
    }
}

/// Which spec entry a board jump was built from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JumpOrigin {
    /// `jumps[i]`
    Jump(usize),
    /// `effects[i]`, a `MoveBy` or `GoTo`
    Effect(usize),
}

/// What a space does to a piece that comes to rest on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RestEffect {
    pub lose_turns: u32,
    pub extra_turn: bool,
    /// Points the owner scores (a `Points` effect).
    pub points: u32,
}

/// One way the dice can fall: their total, whether it earns an extra turn,
/// and in how many of the `weight_total` equally likely ways it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub total: u32,
    pub extra_turn: bool,
    pub weight: u64,
    /// From the start, this throw goes straight to this position
    /// (`Rules::first_throw`).
    pub first_throw: Option<u32>,
}

impl Outcome {
    /// A roll of this total, with nothing special from the start.
    pub fn of(total: u32, extra_turn: bool) -> Self {
        Self { total, extra_turn, weight: 1, first_throw: None }
    }
}

/// One roll played out: where the piece went and what it earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    pub step: Step,
    pub won: bool,
    /// Turns the owner now skips (from the space the piece rests on).
    pub lose_turns: u32,
    /// The owner takes another turn, if the consecutive-turn cap allows.
    pub extra_turn: bool,
}

/// The result of moving a piece by a roll, before any rest effect fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Where the dice movement ended (a jump's foot, maybe).
    pub end: u32,
    /// Where the piece comes to rest after jumps.
    pub rest: u32,
    /// The roll could not be used; the piece did not move.
    pub forfeited: bool,
    /// The piece reached the goal and walked back.
    pub bounced: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompiledBoard {
    /// Number printed on position 1.
    pub first_number: u32,
    /// Spaces on the path; positions run 1..=len.
    pub len: u32,
    pub start: u32,
    pub goal: u32,
    /// Drawing position of every position, the tray included.
    pub points: Vec<Point>,
    /// The jumps that made it through the checks, at most one per foot.
    pub jumps: Vec<BoardJump>,
    /// Per position: index into `jumps` of the jump leaving it.
    pub jump_at: Vec<Option<u32>>,
    /// Per position: where a piece landing there comes to rest.
    pub landing: Vec<u32>,
    /// Per position: what resting there does.
    pub rest: Vec<RestEffect>,
    /// The dice as rolled; `outcomes` is what one move uses (their total in
    /// classic play, a single die in Treehouse play).
    pub dice: Dice,
    pub outcomes: Vec<Outcome>,
    pub weight_total: u64,
    pub overshoot: Overshoot,
    pub entry: Entry,
    pub extra_turn: Option<ExtraTurnOn>,
    pub max_consecutive_turns: Option<u32>,
    pub shared_squares: bool,
    /// How pieces bump each other: `Some` in classic races whose squares
    /// cannot be shared.
    pub bump: Option<crate::spec::Bump>,
    /// Per position: tagged `Safe` (no bumping there). Empty when no space
    /// is.
    pub safe: Vec<bool>,
    pub play: crate::spec::Play,
    /// Points, chips and arrows (classic races only).
    pub extras: extras::Extras,
    /// Per position: a goose (`Effect::MoveAgain`). Empty when no space is.
    pub again: Vec<bool>,
    /// Per position: a well or prison (`Effect::Wait`). Empty when none.
    pub wait: Vec<bool>,
    /// Throws from the start that go straight to a position: the faces
    /// sorted, and the position.
    pub first_throw: Vec<(Vec<u32>, u32)>,
    /// Space names, by position (`VariantSpec::names`, checked).
    pub names: Vec<(u32, String)>,
    /// The designer's badges, by position (`VariantSpec::badges`,
    /// checked): label and colour.
    pub badges: Vec<(u32, Badge)>,
}

/// A checked badge of the designer's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Badge {
    pub label: String,
    /// None: the theme's badge colour.
    pub colour: Option<[u8; 3]>,
}

/// The parts of one move, in order: the dice movement, then one more per
/// goose it ended on (`CompiledBoard::segments`).
#[derive(Debug, Clone)]
pub struct Segments<'a> {
    board: &'a CompiledBoard,
    total: u32,
    next: Option<Step>,
    backwards: bool,
    left: usize,
}

impl Iterator for Segments<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        let this = self.next.take()?;
        let b = self.board;
        self.backwards |= this.bounced;
        let again = !this.forfeited && this.rest == this.end && this.end != b.goal && b.is_goose(this.end);
        if again && self.left > 0 {
            self.left -= 1;
            let more =
                if self.backwards { b.step_back(this.end, self.total) } else { b.step_once(this.end, self.total) };
            // A repeat that cannot be made leaves the piece on the goose.
            self.next = (!more.forfeited).then_some(more);
        }
        Some(this)
    }
}
impl CompiledBoard {
    /// Moves a piece at `pos` by a dice total: the whole move, geese
    /// included (`segments` gives its parts). `end` is where the last part's
    /// dice movement ended, `bounced` whether any part bounced.
    #[inline]
    pub fn step(&self, pos: u32, total: u32) -> Step {
        if self.again.is_empty() { self.step_once(pos, total) } else { self.goose_chain(pos, total) }
    }

    /// The whole move of a roll from `pos` on a board with geese (out of
    /// line: most boards have none).
    #[inline(never)]
    fn goose_chain(&self, pos: u32, total: u32) -> Step {
        self.whole(self.segments_from(self.step_once(pos, total), total))
    }

    /// The move a roll makes from `pos`: a first throw from the start goes
    /// straight to its space, any other roll moves by its total.
    #[inline]
    pub fn travel(&self, pos: u32, outcome: &Outcome) -> Step {
        match self.first_throw_from(pos, outcome) {
            Some(to) => self.land(to, false),
            None => self.step(pos, outcome.total),
        }
    }

    /// Where `outcome` goes straight to from `pos`: its first throw's space
    /// when `pos` is the start, else nowhere (the rule, once).
    #[inline]
    pub fn first_throw_from(&self, pos: u32, outcome: &Outcome) -> Option<u32> {
        outcome.first_throw.filter(|_| pos == self.start)
    }

    /// The parts of the move `travel` makes: one, or one more per goose
    /// the piece lands on. A chain always ends: forward moves only go
    /// forward, after a bounce only back, and a repeat that cannot be made
    /// stops it (so there are fewer parts than twice the positions).
    pub fn segments(&self, pos: u32, outcome: &Outcome) -> Segments<'_> {
        let first = match self.first_throw_from(pos, outcome) {
            Some(to) => return self.segments_of(self.land(to, false), 0, 0),
            None => self.step_once(pos, outcome.total),
        };
        self.segments_from(first, outcome.total)
    }

    fn segments_from(&self, first: Step, total: u32) -> Segments<'_> {
        self.segments_of(first, total, if self.again.is_empty() { 0 } else { 2 * self.points.len() })
    }

    fn segments_of(&self, first: Step, total: u32, left: usize) -> Segments<'_> {
        Segments { board: self, total, next: Some(first), backwards: false, left }
    }

    /// The whole move from its parts.
    fn whole(&self, parts: Segments<'_>) -> Step {
        let mut bounced = false;
        let mut last = None;
        for part in parts {
            bounced |= part.bounced;
            last = Some(part);
        }
        let last = last.expect("a move has at least one part");
        Step { bounced, ..last }
    }

    /// Whether `pos` is a goose.
    pub fn is_goose(&self, pos: u32) -> bool {
        self.again.get(pos as usize).copied().unwrap_or(false)
    }

    /// Whether `pos` is tagged `Safe` (nobody is bumped there).
    pub fn is_safe(&self, pos: u32) -> bool {
        self.safe.get(pos as usize).copied().unwrap_or(false)
    }

    /// Whether `pos` is a well or prison.
    pub fn is_wait(&self, pos: u32) -> bool {
        self.wait.get(pos as usize).copied().unwrap_or(false)
    }

    /// The position a throw showing `faces` goes to from the start, if the
    /// rules send it somewhere.
    pub fn first_throw_to(&self, faces: &[u32]) -> Option<u32> {
        if self.first_throw.is_empty() {
            return None;
        }
        let mut sorted = [0u32; crate::spec::MAX_DICE as usize];
        let sorted = &mut sorted[..faces.len().min(crate::spec::MAX_DICE as usize)];
        sorted.copy_from_slice(&faces[..sorted.len()]);
        sorted.sort_unstable();
        self.first_throw.iter().find(|(f, _)| f.as_slice() == &*sorted).map(|(_, to)| *to)
    }

    /// One dice movement back by `total`: a goose reached after a bounce
    /// sends the piece on back. The repeat must end on a space: one that
    /// would go back past the first space (or into the start tray) cannot
    /// be made, and is forfeited (the piece stays on the goose).
    pub(crate) fn step_back(&self, pos: u32, total: u32) -> Step {
        match pos.checked_sub(total).filter(|&end| end >= self.start.max(1) && end != pos) {
            Some(end) => self.land(end, false),
            None => Step { end: pos, rest: pos, forfeited: true, bounced: false },
        }
    }

    /// One dice movement forward by `total`.
    #[inline]
    pub(crate) fn step_once(&self, pos: u32, total: u32) -> Step {
        let stay = Step { end: pos, rest: pos, forfeited: true, bounced: false };
        if pos == TRAY
            && let Entry::OnRoll(needed) = self.entry
        {
            return if total == needed { self.land(1.min(self.len), false) } else { stay };
        }
        let target = u64::from(pos) + u64::from(total);
        let goal = u64::from(self.goal);
        if target <= goal {
            return self.land(target as u32, false);
        }
        match self.overshoot {
            Overshoot::Forfeit => stay,
            Overshoot::ReachOrPass => self.land(self.goal, false),
            Overshoot::Bounce => {
                let back = target - goal;
                let end = goal.saturating_sub(back).max(u64::from(self.start.max(1)));
                self.land(end as u32, true)
            }
        }
    }

    /// Plays one roll for a piece at `pos`: the move, and what the rules
    /// make of it. The engine and the analysis both go through here, so
    /// they cannot disagree about a rule.
    pub fn resolve(&self, pos: u32, outcome: &Outcome) -> Resolved {
        self.settle(self.travel(pos, outcome), outcome)
    }

    /// What the rules make of a move that ended as `step` (an upgraded
    /// piece may stop short of a snake: the engine changes `rest` first).
    pub fn settle(&self, step: Step, outcome: &Outcome) -> Resolved {
        let won = step.rest == self.goal;
        let rest = if step.forfeited || won { RestEffect::default() } else { self.rest[step.rest as usize] };
        Resolved {
            step,
            won,
            lose_turns: rest.lose_turns,
            // The dice earn their extra turn even when the move was forfeited
            // ("if you roll a 6, you take another turn"); a win ends the game.
            extra_turn: !won && (outcome.extra_turn || rest.extra_turn),
        }
    }

    /// Whether a player who has taken `turns_in_row` turns in a row may take
    /// an extra one.
    pub fn allows_another_turn(&self, turns_in_row: u32) -> bool {
        self.max_consecutive_turns.is_none_or(|cap| turns_in_row < cap)
    }

    /// Probability of one outcome.
    pub fn probability(&self, outcome: &Outcome) -> f64 {
        outcome.weight as f64 / self.weight_total as f64
    }

    pub(crate) fn land(&self, end: u32, bounced: bool) -> Step {
        Step { end, rest: self.landing[end as usize], forfeited: false, bounced }
    }

    /// The number printed on a position (the tray has none).
    pub fn number(&self, pos: u32) -> Option<u32> {
        (pos >= 1 && pos <= self.len).then(|| (pos - 1).checked_add(self.first_number)).flatten()
    }

    /// "spaces run 1..=100", for help texts.
    pub fn numbers_text(&self) -> String {
        let last = u64::from(self.first_number) + u64::from(self.len.max(1)) - 1;
        format!("spaces run {}..={last}", self.first_number)
    }

    /// The position of a printed number, if it is on the board.
    pub fn position(&self, number: u32) -> Option<u32> {
        let pos = u64::from(number) + 1;
        let pos = pos.checked_sub(u64::from(self.first_number))?;
        (pos >= 1 && pos <= u64::from(self.len)).then_some(pos as u32)
    }

    /// A label for reports: the space number, or "start" for the tray.
    pub fn label(&self, pos: u32) -> String {
        self.number(pos).map_or_else(|| "start".to_owned(), |n| n.to_string())
    }

    /// The space's name, if the variant gives it one.
    pub fn name(&self, pos: u32) -> Option<&str> {
        self.names.iter().find(|(p, _)| *p == pos).map(|(_, n)| n.as_str())
    }

    /// The designer's badge on the space, if it has one.
    pub fn badge(&self, pos: u32) -> Option<&Badge> {
        self.badges.iter().find(|(p, _)| *p == pos).map(|(_, b)| b)
    }

    /// The label with the name, for words: "42 (the maze)".
    pub fn label_named(&self, pos: u32) -> String {
        match self.name(pos) {
            Some(name) => format!("{} ({name})", self.label(pos)),
            None => self.label(pos),
        }
    }

    /// Whether some space makes a player lose turns or play again (so a
    /// turn is not always one roll of one piece).
    pub fn has_turn_effects(&self) -> bool {
        self.rest.iter().any(|r| r.lose_turns > 0 || r.extra_turn)
    }

    /// The jumps a piece takes after its dice movement ends at `end`, in
    /// order; it walks the same path compiling resolved into `landing`.
    pub fn chain(&self, end: u32) -> impl Iterator<Item = u32> + '_ {
        let target = self.landing[end as usize];
        let mut at = end;
        std::iter::from_fn(move || {
            if at == target {
                return None;
            }
            let j = self.jump_at[at as usize]?;
            at = self.jumps[j as usize].to;
            Some(j)
        })
    }
}

/// Dice outcomes for `count` dice of `sides` faces and an extra-turn rule.
/// Dice the rules support: `crate::spec::MAX_DICE` dice of
/// `crate::spec::SIDES` faces. Tables are only built for these.
pub fn dice_supported(count: u32, sides: u32) -> bool {
    (1..=crate::spec::MAX_DICE).contains(&count) && crate::spec::SIDES.contains(&sides)
}

/// Dice outcomes for `count` dice of `sides` faces and an extra-turn rule;
/// none for dice the rules do not support (they are a `dice-invalid` error,
/// and a table for 100,000 dice would not fit in memory).
pub fn dice_outcomes(count: u32, sides: u32, extra: Option<ExtraTurnOn>) -> (Vec<Outcome>, u64) {
    if !dice_supported(count, sides) {
        return (Vec::new(), 1);
    }
    let (count, sides) = (count as usize, sides as usize);
    // ways[t] = number of ways `k` dice total `t`.
    let mut ways = vec![1u64];
    for _ in 0..count {
        let mut next = vec![0u64; ways.len() + sides];
        for (t, w) in ways.iter().enumerate() {
            for face in 1..=sides {
                next[t + face] += w;
            }
        }
        ways = next;
    }
    let mut outcomes = Vec::new();
    for (total, &w) in ways.iter().enumerate().filter(|(_, w)| **w > 0) {
        let total = total as u32;
        let doubles = match extra {
            Some(ExtraTurnOn::Doubles) if count >= 2 => {
                let face = total as usize / count;
                u64::from((total as usize).is_multiple_of(count) && (1..=sides).contains(&face))
            }
            _ => 0,
        };
        let extra_all = matches!(extra, Some(ExtraTurnOn::Total(t)) if t == total);
        if extra_all {
            outcomes.push(Outcome { weight: w, ..Outcome::of(total, true) });
            continue;
        }
        if doubles > 0 {
            outcomes.push(Outcome { weight: doubles, ..Outcome::of(total, true) });
        }
        if w > doubles {
            outcomes.push(Outcome { weight: w - doubles, ..Outcome::of(total, false) });
        }
    }
    let total_weight = (sides as u64).pow(count as u32);
    (outcomes, total_weight)
}

impl Rules {
    /// What one move can be: the dice total in classic play, one die in
    /// Treehouse play (where each die moves a piece on its own).
    pub(crate) fn outcomes(&self) -> (Vec<Outcome>, u64) {
        match self.play {
            crate::spec::Play::Classic | crate::spec::Play::ScoreTrack(_) => {
                dice_outcomes(self.dice.count, self.dice.sides, self.extra_turn)
            }
            crate::spec::Play::Treehouse(_) => dice_outcomes(1, self.dice.sides, None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_doubles_split_out() {
        let (o, total) = dice_outcomes(2, 6, Some(ExtraTurnOn::Doubles));
        assert_eq!(total, 36);
        assert_eq!(o.iter().map(|o| o.weight).sum::<u64>(), 36);
        assert_eq!(o.iter().filter(|o| o.extra_turn).map(|o| o.weight).sum::<u64>(), 6);
        let sevens: Vec<_> = o.iter().filter(|o| o.total == 7).collect();
        assert_eq!(sevens.len(), 1);
        assert_eq!(sevens[0].weight, 6);
    }

    #[test]
    fn six_on_one_die() {
        let (o, total) = dice_outcomes(1, 6, Some(ExtraTurnOn::Total(6)));
        assert_eq!(total, 6);
        let extra: Vec<_> = o.iter().filter(|o| o.extra_turn).map(|o| o.total).collect();
        assert_eq!(extra, [6]);
    }

    /// The table counts what `ExtraTurnOn::earned_by` says of each roll.
    #[test]
    fn the_table_counts_the_extra_turn_rule_roll_by_roll() {
        let rules = [None, Some(ExtraTurnOn::Doubles), Some(ExtraTurnOn::Total(6)), Some(ExtraTurnOn::Total(7))];
        for (count, sides) in [(1, 6), (2, 6), (3, 4), (2, 2), (4, 3)] {
            for rule in rules {
                let mut expected = std::collections::BTreeMap::new();
                for roll in 0..(sides as u64).pow(count) {
                    let faces: Vec<u32> =
                        (0..count).map(|k| (roll / (sides as u64).pow(k) % sides as u64) as u32 + 1).collect();
                    let extra = rule.is_some_and(|r| r.earned_by(&faces));
                    *expected.entry((faces.iter().sum::<u32>(), extra)).or_insert(0u64) += 1;
                }
                let (outcomes, total) = dice_outcomes(count, sides, rule);
                let table: std::collections::BTreeMap<_, _> =
                    outcomes.iter().map(|o| ((o.total, o.extra_turn), o.weight)).collect();
                assert_eq!(table, expected, "{count}d{sides} {rule:?}");
                assert_eq!(total, (sides as u64).pow(count));
            }
        }
    }
}

#[cfg(test)]
mod movement_tests {
    use crate::compile;
    use crate::spec::{Entry, Jump, Overshoot, VariantSpec};

    use super::*;

    fn board(overshoot: Overshoot, jumps: &[(u32, u32)]) -> CompiledBoard {
        let mut spec = VariantSpec::new_grid("t", 10, 10, crate::spec::PathStyle::Boustrophedon);
        spec.rules.overshoot = overshoot;
        spec.jumps = jumps.iter().map(|(a, b)| Jump::new(*a, *b)).collect();
        compile(&spec).board
    }

    #[test]
    fn gameweave_bounce_from_98_with_a_5_ends_on_97() {
        let b = board(Overshoot::Bounce, &[]);
        let s = b.step(98, 5);
        assert_eq!((s.end, s.rest, s.bounced, s.forfeited), (97, 97, true, false));
    }

    #[test]
    fn a_bounced_square_takes_its_jump() {
        let b = board(Overshoot::Bounce, &[(97, 78)]);
        assert_eq!(b.step(98, 5).rest, 78);
    }

    #[test]
    fn forfeit_stays_and_reach_or_pass_wins() {
        let s = board(Overshoot::Forfeit, &[]).step(98, 5);
        assert!(s.forfeited && s.rest == 98);
        assert_eq!(board(Overshoot::ReachOrPass, &[]).step(98, 5).rest, 100);
    }

    #[test]
    fn roll_n_from_the_tray_lands_on_n_and_climbs() {
        let b = board(Overshoot::Forfeit, &[(4, 14)]);
        assert_eq!(b.step(TRAY, 3).rest, 3);
        assert_eq!(b.step(TRAY, 4).rest, 14);
        assert_eq!(b.chain(4).collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn chains_resolve_to_their_end() {
        let b = board(Overshoot::Forfeit, &[(3, 12), (12, 20), (20, 6)]);
        assert_eq!(b.landing[3], 6);
        assert_eq!(b.chain(3).count(), 3);
    }

    /// Two dice make 9 four ways: 6+3 twice and 5+4 twice. Each first throw
    /// takes its two out of the 9; the table still sums to 36.
    #[test]
    fn first_throws_split_out_of_their_total() {
        let mut spec = VariantSpec::new_grid("t", 9, 7, crate::spec::PathStyle::Spiral);
        spec.rules.dice = crate::spec::Dice { count: 2, sides: 6 };
        spec.rules.extra_turn = Some(crate::spec::ExtraTurnOn::Doubles);
        spec.rules.first_throw = vec![
            crate::spec::FirstThrow { dice: vec![6, 3], to: 26 },
            crate::spec::FirstThrow { dice: vec![4, 5], to: 53 },
            crate::spec::FirstThrow { dice: vec![2, 2], to: 40 },
        ];
        let b = compile(&spec).board;
        assert_eq!(b.outcomes.iter().map(|o| o.weight).sum::<u64>(), 36);
        let mut nine: Vec<_> = b.outcomes.iter().filter(|o| o.total == 9).map(|o| (o.weight, o.first_throw)).collect();
        nine.sort_unstable();
        assert_eq!(nine, [(2, Some(26)), (2, Some(53))]);
        let four: Vec<_> =
            b.outcomes.iter().filter(|o| o.total == 4).map(|o| (o.weight, o.extra_turn, o.first_throw)).collect();
        assert_eq!(four, [(1, true, Some(40)), (2, false, None)], "2+2 is the one double 4");
        // From the start the throw goes straight there; elsewhere it is a 9.
        let special = b.outcomes.iter().find(|o| o.first_throw == Some(26)).unwrap();
        assert_eq!(b.travel(TRAY, special).rest, 26);
        assert_eq!(b.travel(10, special).rest, 19);
        assert_eq!(b.first_throw_to(&[3, 6]), Some(26));
        assert_eq!(b.first_throw_to(&[3, 5]), None);
    }

    #[test]
    fn geese_repeat_the_roll_forward_then_back_after_a_bounce() {
        let mut spec = VariantSpec::new_grid("t", 5, 4, crate::spec::PathStyle::Boustrophedon);
        spec.rules.overshoot = Overshoot::Bounce;
        for space in [4, 8, 18] {
            spec.effects.push(crate::spec::SpaceEffect { space, effect: crate::spec::Effect::MoveAgain });
        }
        let b = compile(&spec).board;
        let ends = |pos: u32, total: u32| -> Vec<(u32, bool)> {
            b.segments(pos, &Outcome::of(total, false)).map(|s| (s.end, s.bounced)).collect()
        };
        assert_eq!(ends(0, 4), [(4, false), (8, false), (12, false)]);
        // 16 + 4 = 20, the goal: a win, whatever the geese.
        assert_eq!(ends(16, 4), [(20, false)]);
        // 16 + 6 = 22 bounces to 18 (a goose), then 6 back to 12.
        assert_eq!(ends(16, 6), [(18, true), (12, false)]);
        let whole = b.step(16, 6);
        assert_eq!((whole.end, whole.rest, whole.bounced), (12, 12, true));
    }

    #[test]
    fn entry_on_a_roll_waits_for_it() {
        let mut spec = VariantSpec::new_grid("t", 6, 6, crate::spec::PathStyle::Boustrophedon);
        spec.rules.entry = Entry::OnRoll(6);
        let b = compile(&spec).board;
        assert!(b.step(TRAY, 5).forfeited);
        assert_eq!(b.step(TRAY, 6).rest, 1);
        assert_eq!(b.step(1, 6).rest, 7);
    }
}

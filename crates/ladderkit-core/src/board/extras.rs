//! Points, chips and arrows: checked and compiled into flat tables beside
//! the race board. Only classic races play them.

use crate::board::{CompiledBoard, TRAY};
use crate::diagnostic::{Code, Diagnostic};
use crate::placement::{ChipGround, neighbour_towards, neighbours};
use crate::spec::{ArrowKind, ChipLayout, Effect, Play, Tag, Upgrade, VariantSpec, Win};

/// Points an arrow space scores when it does not activate.
pub const ARROW_POINTS: u32 = 2;
/// Distinct chip values a bag may hold (players count chips per value).
pub const MAX_CHIP_VALUES: usize = 8;
/// The dearest upgrade: payments are found with a table this wide.
pub const MAX_COST: u32 = 1000;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Extras {
    /// The arrows that made it through the checks.
    pub arrows: Vec<BoardArrow>,
    /// Per position: index into `arrows` of the arrow printed there.
    pub arrow_at: Vec<Option<u32>>,
    /// The arrows printed on or pointing at each position, ascending, as
    /// `touching[touch_start[p]..touch_start[p + 1]]` (empty without
    /// arrows).
    pub touch_start: Vec<u32>,
    pub touching: Vec<u32>,
    pub chips: Option<BoardChips>,
    pub win: Win,
}

impl Extras {
    /// The arrows printed on or pointing at position `p` (indices into
    /// `arrows`, ascending): those a piece resting there may activate.
    #[inline]
    pub fn arrows_touching(&self, p: u32) -> &[u32] {
        match (self.touch_start.get(p as usize), self.touch_start.get(p as usize + 1)) {
            (Some(&a), Some(&b)) => &self.touching[a as usize..b as usize],
            _ => &[],
        }
    }

    /// Whether anything beyond the plain race is played.
    pub fn any(&self) -> bool {
        !self.arrows.is_empty() || self.chips.is_some() || self.win != Win::FirstHome
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardArrow {
    /// Index in the spec's `arrows`.
    pub index: usize,
    pub at: u32,
    pub target: u32,
    pub kind: ArrowKind,
    /// `Deploy`'s range as positions.
    pub range: (u32, u32),
}

#[derive(Debug, Clone, PartialEq)]
pub struct BoardChips {
    /// Every chip's value, as dealt face down.
    pub bag: Vec<u32>,
    /// The distinct values, ascending; players count chips per value.
    pub values: Vec<u32>,
    pub layout: BoardLayout,
    pub upgrade: Option<Upgrade>,
    /// What the upgrade's cost takes from each holding (with an upgrade).
    pub payments: Option<Payments>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum BoardLayout {
    Random { seed: u64, ground: ChipGround },
    Placed(Vec<u32>),
}

impl CompiledBoard {
    /// Whether anything beyond the plain race is played: `Points` spaces,
    /// chips, arrows or a points-based win.
    pub fn has_extras(&self) -> bool {
        self.extras.any() || self.rest.iter().any(|r| r.points > 0)
    }

    /// Whether a piece can come to rest on a position during the race.
    pub fn can_rest(&self, pos: u32) -> bool {
        pos != TRAY && pos < self.goal && self.landing[pos as usize] == pos
    }
}

pub(crate) fn compile_extras(spec: &VariantSpec, board: &mut CompiledBoard, out: &mut Vec<Diagnostic>) {
    board.extras = Extras { arrow_at: vec![None; board.points.len()], win: spec.rules.win, ..Extras::default() };
    let has_points = spec.effects.iter().any(|e| matches!(e.effect, Effect::Points(_)));
    let extras = spec.chips.is_some() || !spec.arrows.is_empty() || has_points || spec.rules.win != Win::FirstHome;
    if !extras || board.len == 0 {
        return;
    }
    if !matches!(spec.rules.play, Play::Classic) {
        out.push(
            Diagnostic::error(Code::RuleImpossible, "points, chips and arrows are played in classic races only")
                .help("use `play: Classic`, or remove `chips`, `arrows`, `Points` effects and `win`"),
        );
        return;
    }
    check_win(spec, has_points, out);
    let neighbours = neighbours(&board.points);
    compile_arrows(spec, board, &neighbours, out);
    if let Some(chips) = &spec.chips {
        board.extras.chips = compile_chips(spec, chips, board, &neighbours, out);
    }
}

fn check_win(spec: &VariantSpec, has_points: bool, out: &mut Vec<Diagnostic>) {
    if spec.rules.win == Win::TargetScore(0) {
        out.push(
            Diagnostic::error(Code::PointsInvalid, "`TargetScore(0)` is won before the game starts")
                .help("give a target such as `win: TargetScore(15)`"),
        );
    }
    let scores = has_points || spec.chips.is_some() || !spec.arrows.is_empty();
    if spec.rules.win != Win::FirstHome && !scores {
        out.push(
            Diagnostic::warning(Code::PointsInvalid, "the win rule counts points, but nothing scores any")
                .help("add chips, arrows or `Points` effects, or use `win: FirstHome`"),
        );
    }
}

fn compile_arrows(spec: &VariantSpec, board: &mut CompiledBoard, nb: &[Vec<u32>], out: &mut Vec<Diagnostic>) {
    for (i, arrow) in spec.arrows.iter().enumerate() {
        let what = format!("arrow #{} ({} on space {})", i + 1, arrow.kind.describe(), arrow.space);
        let Some(at) = board.position(arrow.space) else {
            out.push(
                Diagnostic::error(Code::ArrowInvalid, format!("{what} is on a space that does not exist"))
                    .arrows([i])
                    .help(board.numbers_text()),
            );
            continue;
        };
        let Some(target) = neighbour_towards(&board.points, nb, at, arrow.points.delta()) else {
            let help = if nb[at as usize].is_empty() {
                "this board has no grid neighbours"
            } else {
                "point it at an orthogonal neighbour that is a space"
            };
            out.push(
                Diagnostic::error(
                    Code::ArrowInvalid,
                    format!("{what} points {} at no space (off the board)", arrow.points.name()),
                )
                .spaces([arrow.space])
                .arrows([i])
                .help(help),
            );
            continue;
        };
        if let Some(first) = board.extras.arrow_at[at as usize] {
            let first = board.extras.arrows[first as usize].index;
            out.push(
                Diagnostic::error(Code::ArrowInvalid, format!("space {} has two arrows", arrow.space))
                    .spaces([arrow.space])
                    .arrows([first, i])
                    .help("a space carries one arrow; delete one"),
            );
            continue;
        }
        let mut range = (0, 0);
        if let ArrowKind::Deploy { from, to } = arrow.kind {
            match (board.position(from), board.position(to)) {
                (Some(a), Some(b)) if a <= b => range = (a, b.min(board.goal.saturating_sub(1))),
                _ => {
                    out.push(
                        Diagnostic::error(
                            Code::ArrowInvalid,
                            format!("{what} deploys to {from}–{to}, not a range of spaces"),
                        )
                        .spaces([arrow.space])
                        .arrows([i])
                        .help(format!("give `from <= to`, both spaces; {}", board.numbers_text())),
                    );
                    continue;
                }
            }
        }
        let never = if !board.can_rest(at) {
            Some(format!("no piece can rest on space {}", arrow.space))
        } else if !board.can_rest(target) {
            Some(format!("no piece can rest on space {}, where it points", board.label(target)))
        } else if arrow.kind == ArrowKind::DoubleUp && !spec.rules.shared_squares {
            Some("pieces may not share squares, so there is nobody to join".to_owned())
        } else if spec.rules.players.max < 2 {
            Some("it needs another piece on the board, and the game is solo".to_owned())
        } else {
            None
        };
        if let Some(why) = never {
            out.push(
                Diagnostic::warning(Code::ArrowNeverActivates, format!("{what} can never activate: {why}"))
                    .spaces([arrow.space])
                    .arrows([i])
                    .help("an arrow needs pieces resting both on its space and on the one it points at"),
            );
        }
        board.extras.arrow_at[at as usize] = Some(board.extras.arrows.len() as u32);
        board.extras.arrows.push(BoardArrow { index: i, at, target, kind: arrow.kind, range });
    }
    index_arrows_touching(&mut board.extras, board.points.len());
}

/// Fills `touch_start`/`touching` (a counting sort by both ends), so a
/// landing looks at the few arrows that concern it rather than at every
/// arrow.
fn index_arrows_touching(extras: &mut Extras, positions: usize) {
    let ends = |a: &BoardArrow| [a.at as usize, a.target as usize];
    let mut start = vec![0u32; positions + 1];
    for a in &extras.arrows {
        for end in ends(a) {
            start[end + 1] += 1;
        }
    }
    for p in 0..positions {
        start[p + 1] += start[p];
    }
    let mut next = start.clone();
    let mut touching = vec![0u32; 2 * extras.arrows.len()];
    // Arrows in index order: each position's list comes out ascending.
    for (k, a) in extras.arrows.iter().enumerate() {
        for end in ends(a) {
            touching[next[end] as usize] = k as u32;
            next[end] += 1;
        }
    }
    (extras.touch_start, extras.touching) = (start, touching);
}

fn compile_chips(
    spec: &VariantSpec,
    chips: &crate::spec::Chips,
    board: &CompiledBoard,
    nb: &[Vec<u32>],
    out: &mut Vec<Diagnostic>,
) -> Option<BoardChips> {
    let count = chips.count();
    let mut values: Vec<u32> = chips.values.iter().filter(|c| c.count > 0).map(|c| c.value).collect();
    values.sort_unstable();
    values.dedup();
    if count == 0 {
        out.push(
            Diagnostic::error(Code::ChipsInvalid, "the chip bag is empty")
                .help("for example `values: [(value: 1, count: 18), (value: 2, count: 12)]`"),
        );
        return None;
    }
    if values.len() > MAX_CHIP_VALUES || values.contains(&0) {
        out.push(
            Diagnostic::error(Code::ChipsInvalid, "chips need positive values, at most 8 different ones")
                .help("the Taiwan chips are worth 1 or 2"),
        );
        return None;
    }
    if let Some(up) = chips.upgrade
        && !(1..=MAX_COST).contains(&up.cost)
    {
        out.push(
            Diagnostic::error(Code::ChipsInvalid, format!("an upgrade cannot cost {}", up.cost))
                .help(format!("costs run 1 to {MAX_COST}; the Taiwan upgrade costs 4")),
        );
        return None;
    }
    if let Some(up) = chips.upgrade
        && !can_pay(&chips.values, &values, up.cost)
    {
        out.push(
            Diagnostic::warning(Code::ChipsInvalid, format!("no chips from this bag add up to exactly {}", up.cost))
                .help("the upgrade can never be bought; change `cost` or the chip values"),
        );
    }
    let tag_at = tags_by_position(spec, board, out);
    let mut allowed: Vec<bool> = (0..board.points.len() as u32).map(|p| board.can_rest(p)).collect();
    for (pos, tag) in tag_at.iter().enumerate() {
        if tag.is_some() {
            allowed[pos] = false;
        }
        if *tag == Some(Tag::KeepClear) {
            for q in &nb[pos] {
                allowed[*q as usize] = false;
            }
        }
    }
    let layout = match &chips.layout {
        ChipLayout::Random { seed } => {
            let ground = ChipGround::new(&allowed, nb);
            if (count as usize) > ground.largest.len() {
                out.push(
                    Diagnostic::error(
                        Code::ChipPlacement,
                        format!(
                            "{count} chips cannot be placed: at most {} fit without touching",
                            ground.largest.len()
                        ),
                    )
                    .help(format!(
                        "{} spaces may hold a chip and {} disjoint pairs of them are neighbours, so by König's \
                         theorem no layout holds more than {} − {} = {}; use fewer chips, a bigger board or \
                         fewer tags",
                        ground.allowed.len(),
                        ground.matching(),
                        ground.allowed.len(),
                        ground.matching(),
                        ground.largest.len()
                    )),
                );
                return None;
            }
            BoardLayout::Random { seed: *seed, ground }
        }
        ChipLayout::Placed(spaces) => {
            BoardLayout::Placed(check_placed(spaces, count, board, &allowed, &tag_at, nb, out)?)
        }
    };
    let payments = chips.upgrade.map(|up| Payments::new(&values, up.cost));
    Some(BoardChips { bag: bag(chips), values, layout, upgrade: chips.upgrade, payments })
}

fn bag(chips: &crate::spec::Chips) -> Vec<u32> {
    chips.values.iter().flat_map(|c| std::iter::repeat_n(c.value, c.count as usize)).collect()
}

/// Whether some chips of the bag add up to exactly `cost`.
fn can_pay(bag: &[crate::spec::ChipCount], values: &[u32], cost: u32) -> bool {
    let counts: Vec<u64> =
        values.iter().map(|v| bag.iter().filter(|c| c.value == *v).map(|c| u64::from(c.count)).sum()).collect();
    exact_payment(values, &counts, cost).is_some()
}

/// `exact_payment` for one bag's values and one cost, each answer worked
/// out once where there are few (a chips game asks whenever a chip is
/// taken). No payment spends more chips of value v than cost / v, so the
/// answer for a holding is the answer for the holding capped there, and
/// capped holdings are few: 15 for the Taiwan upgrade.
#[derive(Debug, Clone, PartialEq)]
pub struct Payments {
    values: Vec<u32>,
    cost: u32,
    /// Per value: the most of it a payment can spend (cost / value).
    caps: Vec<u64>,
    /// Per capped holding (mixed radix, the first value lowest); empty when
    /// there would be more than `MAX_PAYMENT_TABLE` (then each is worked
    /// out when asked).
    table: Vec<Option<[u64; MAX_CHIP_VALUES]>>,
}

/// Capped holdings kept at most (16 KB of answers for two values).
const MAX_PAYMENT_TABLE: usize = 1024;

impl Payments {
    pub fn new(values: &[u32], cost: u32) -> Self {
        let values = &values[..values.len().min(MAX_CHIP_VALUES)];
        let caps: Vec<u64> = values.iter().map(|v| u64::from(cost / v.max(&1))).collect();
        let size = caps.iter().try_fold(1usize, |n, cap| n.checked_mul(usize::try_from(*cap).ok()? + 1));
        let mut table = Vec::new();
        if let Some(size) = size.filter(|n| *n <= MAX_PAYMENT_TABLE) {
            let mut held = [0u64; MAX_CHIP_VALUES];
            for index in 0..size {
                let mut rest = index as u64;
                for (h, cap) in held.iter_mut().zip(&caps) {
                    (*h, rest) = (rest % (cap + 1), rest / (cap + 1));
                }
                table.push(exact_payment(values, &held, cost));
            }
        }
        Self { values: values.to_vec(), cost, caps, table }
    }

    /// `exact_payment(values, held, cost)`.
    #[inline]
    pub fn of(&self, held: &[u64]) -> Option<[u64; MAX_CHIP_VALUES]> {
        if self.table.is_empty() {
            return exact_payment(&self.values, held, self.cost);
        }
        let (mut index, mut scale) = (0, 1);
        for (h, cap) in held.iter().zip(&self.caps) {
            index += (*h).min(*cap) as usize * scale;
            scale *= *cap as usize + 1;
        }
        self.table[index]
    }
}

/// How many chips of each value to spend for exactly `cost`, holding
/// `held[i]` chips of value `values[i]` (ascending): as many of the largest
/// value as still leave an exact payment, then the next, so the small ones
/// stay for the next exact sum. `None` when no chips add up to `cost`.
///
/// A table of which sums the smaller values can pay keeps this polynomial
/// (values × cost × cost at worst) and free of heap allocation. Its rows
/// are bits, a word for the usual small costs: clearing a table for the
/// largest cost was most of the time of a chips game, where every landing
/// asks.
pub fn exact_payment(values: &[u32], held: &[u64], cost: u32) -> Option<[u64; MAX_CHIP_VALUES]> {
    let k = values.len().min(MAX_CHIP_VALUES);
    if cost > MAX_COST {
        return None;
    }
    // Not enough chips between them: no table needed.
    let worth = (0..k).map(|i| u128::from(held[i]) * u128::from(values[i].max(1))).sum::<u128>();
    if worth < u128::from(cost) {
        return None;
    }
    if cost < 64 { small_payment(values, held, cost, k) } else { payment::<COST_WORDS>(values, held, cost, k) }
}

/// `exact_payment` for costs below 64 (the usual ones), where a row of the
/// table is one word: the sums that up to n chips of value v add to a row
/// are the row shifted by 0, v, …, n·v, so a row takes a few shifts, not
/// a loop over every sum (this runs whenever a chip is taken).
fn small_payment(values: &[u32], held: &[u64], cost: u32, k: usize) -> Option<[u64; MAX_CHIP_VALUES]> {
    let sums_up_to_cost = u64::MAX >> (63 - cost);
    // reach[i] bit t: the first i values can pay exactly t.
    let mut reach = [0u64; MAX_CHIP_VALUES + 1];
    reach[0] = 1;
    for i in 0..k {
        let v = values[i].max(1);
        let (mut row, mut shifted) = (0, reach[i]);
        for _ in 0..=held[i].min(u64::from(cost / v)) {
            row |= shifted;
            shifted = shifted.checked_shl(v).unwrap_or(0);
        }
        reach[i + 1] = row & sums_up_to_cost;
    }
    if reach[k] >> cost & 1 == 0 {
        return None;
    }
    let mut spend = [0; MAX_CHIP_VALUES];
    let mut rest = cost;
    for i in (0..k).rev() {
        let v = values[i].max(1);
        let n = (0..=held[i].min(u64::from(rest / v))).rev().find(|n| reach[i] >> (rest - *n as u32 * v) & 1 == 1)?;
        spend[i] = n;
        rest -= n as u32 * v;
    }
    Some(spend)
}

/// Words of a table row for the largest cost.
const COST_WORDS: usize = (MAX_COST as usize) / 64 + 1;

/// `exact_payment` with rows of `W` words (W × 64 > cost).
fn payment<const W: usize>(values: &[u32], held: &[u64], cost: u32, k: usize) -> Option<[u64; MAX_CHIP_VALUES]> {
    let cost = cost as usize;
    // reach[i] bit t: the first i values can pay exactly t.
    let mut reach = [[0u64; W]; MAX_CHIP_VALUES + 1];
    let can = |row: &[u64; W], t: usize| row[t / 64] >> (t % 64) & 1 == 1;
    reach[0][0] = 1;
    let most = |i: usize, t: usize| (held[i] as usize).min(t / (values[i].max(1) as usize));
    for i in 0..k {
        let v = values[i].max(1) as usize;
        for t in 0..=cost {
            if (0..=most(i, t)).any(|n| can(&reach[i], t - n * v)) {
                reach[i + 1][t / 64] |= 1 << (t % 64);
            }
        }
    }
    if !can(&reach[k], cost) {
        return None;
    }
    let mut spend = [0; MAX_CHIP_VALUES];
    let mut rest = cost;
    for i in (0..k).rev() {
        let v = values[i].max(1) as usize;
        let n = (0..=most(i, rest)).rev().find(|n| can(&reach[i], rest - n * v))?;
        spend[i] = n as u64;
        rest -= n * v;
    }
    Some(spend)
}

/// The tag on every position (`KeepClear` wins over `NoChip`).
fn tags_by_position(spec: &VariantSpec, board: &CompiledBoard, out: &mut Vec<Diagnostic>) -> Vec<Option<Tag>> {
    let mut tag_at = vec![None; board.points.len()];
    // `Safe` is about bumping, not chips (`compile::add_safe_spaces`).
    for t in spec.tags.iter().filter(|t| t.tag != Tag::Safe) {
        let missing: Vec<u32> = t.spaces.iter().copied().filter(|n| board.position(*n).is_none()).collect();
        if !missing.is_empty() {
            out.push(
                Diagnostic::error(
                    Code::TagInvalid,
                    format!("`{}` tags spaces that do not exist: {missing:?}", t.tag.name()),
                )
                .help(board.numbers_text()),
            );
        }
        for pos in t.spaces.iter().filter_map(|n| board.position(*n)) {
            let slot: &mut Option<Tag> = &mut tag_at[pos as usize];
            if *slot != Some(Tag::KeepClear) {
                *slot = Some(t.tag);
            }
        }
    }
    tag_at
}

/// Checks a hand-placed layout: one diagnostic per broken rule and space.
fn check_placed(
    spaces: &[u32],
    count: u64,
    board: &CompiledBoard,
    allowed: &[bool],
    tag_at: &[Option<Tag>],
    nb: &[Vec<u32>],
    out: &mut Vec<Diagnostic>,
) -> Option<Vec<u32>> {
    let errors_before = out.len();
    let mut placed: Vec<u32> = Vec::new();
    let mut has_chip = vec![false; board.points.len()];
    for &n in spaces {
        let Some(pos) = board.position(n) else {
            out.push(
                Diagnostic::error(Code::ChipPlacement, format!("a chip is placed on space {n}, which does not exist"))
                    .help(board.numbers_text()),
            );
            continue;
        };
        if has_chip[pos as usize] {
            out.push(
                Diagnostic::error(Code::ChipPlacement, format!("two chips are placed on space {n}"))
                    .spaces([n])
                    .help("one chip per space"),
            );
            continue;
        }
        if let Some(tag) = tag_at[pos as usize] {
            out.push(
                Diagnostic::error(
                    Code::ChipPlacement,
                    format!("space {n} is tagged `{}` but holds a chip", tag.name()),
                )
                .spaces([n])
                .help("move the chip to an untagged space"),
            );
        } else if let Some(q) = nb[pos as usize].iter().find(|q| tag_at[**q as usize] == Some(Tag::KeepClear)) {
            out.push(
                Diagnostic::error(
                    Code::ChipPlacement,
                    format!("the chip on space {n} touches space {}, tagged `keep clear`", board.label(*q)),
                )
                .spaces([n, board.number(*q).unwrap_or(n)])
                .help("chips stay off the orthogonal neighbours of `KeepClear` spaces"),
            );
        } else if !allowed[pos as usize] {
            out.push(
                Diagnostic::warning(
                    Code::ChipPlacement,
                    format!("no piece can rest on space {n}, so its chip is never taken"),
                )
                .spaces([n])
                .help("jump feet and the goal are passed through; move the chip"),
            );
        }
        if let Some(q) = nb[pos as usize].iter().find(|q| has_chip[**q as usize]) {
            out.push(
                Diagnostic::error(
                    Code::ChipPlacement,
                    format!("the chips on spaces {} and {n} touch", board.label(*q)),
                )
                .spaces([board.number(*q).unwrap_or(n), n])
                .help("chips may only touch diagonally, never orthogonally"),
            );
        }
        has_chip[pos as usize] = true;
        placed.push(pos);
    }
    if placed.len() as u64 != count {
        out.push(
            Diagnostic::error(
                Code::ChipPlacement,
                format!("{} spaces are placed for a bag of {count} chips", placed.len()),
            )
            .help("place exactly one space per chip, or use `layout: Random(seed: 1)`"),
        );
    }
    let failed = out[errors_before..].iter().any(Diagnostic::is_error);
    (!failed).then_some(placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::ChipCount;

    #[test]
    fn exact_payment_follows_the_bag() {
        let ones_and_twos = [ChipCount { value: 1, count: 18 }, ChipCount { value: 2, count: 12 }];
        assert!(can_pay(&ones_and_twos, &[1, 2], 4));
        assert!(!can_pay(&[ChipCount { value: 3, count: 5 }], &[3], 4));
        assert!(!can_pay(&[ChipCount { value: 2, count: 1 }], &[2], 4));
        // The same value listed twice counts once with both counts.
        let split = [ChipCount { value: 2, count: 1 }, ChipCount { value: 2, count: 1 }];
        assert!(can_pay(&split, &[2], 4));
    }

    #[test]
    fn payments_spend_the_largest_values_first() {
        // The seed's three ways to pay 4 with chips worth 1 and 2.
        assert_eq!(exact_payment(&[1, 2], &[0, 2], 4).map(|s| s[..2].to_vec()), Some(vec![0, 2]));
        assert_eq!(exact_payment(&[1, 2], &[2, 1], 4).map(|s| s[..2].to_vec()), Some(vec![2, 1]));
        assert_eq!(exact_payment(&[1, 2], &[5, 0], 4).map(|s| s[..2].to_vec()), Some(vec![4, 0]));
        // Holding 2+2+1+1, two 2s are spent and the 1s kept.
        assert_eq!(exact_payment(&[1, 2], &[2, 2], 4).map(|s| s[..2].to_vec()), Some(vec![0, 2]));
        // A 3 cannot be part of 4 here: 3 + 1 needs a 1.
        assert_eq!(exact_payment(&[1, 2, 3], &[0, 2, 1], 4).map(|s| s[..3].to_vec()), Some(vec![0, 2, 0]));
        assert_eq!(exact_payment(&[1, 2], &[1, 1], 4), None);
        assert_eq!(exact_payment(&[1, 2], &[3, 0], 4), None);
        // Large holdings and the dearest cost stay quick and exact.
        assert_eq!(
            exact_payment(&[7, 11], &[1_000_000, 1_000_000], MAX_COST).map(|s| s[0] * 7 + s[1] * 11),
            Some(1000)
        );
        assert_eq!(exact_payment(&[1], &[5], MAX_COST + 1), None);
    }

    /// Every holding of up to 40 chips of three values, every cost on
    /// both sides of the one-word table (64): the payment is what the rule
    /// says, found by trying every way to pay.
    #[test]
    fn payments_equal_a_brute_force_search() {
        // Whether the first `i` values can pay `t` with what is held.
        fn payable(values: &[u32], held: &[u64], i: usize, t: u64) -> bool {
            if i == 0 {
                return t == 0;
            }
            (0..=held[i - 1]).any(|n| {
                n * u64::from(values[i - 1]) <= t && payable(values, held, i - 1, t - n * u64::from(values[i - 1]))
            })
        }
        let values = [3, 7, 20];
        let mut checked = 0;
        for a in 0..=20 {
            for b in 0..=12 {
                for c in [0, 1, 2, 5, 8] {
                    let held = [a, b, c];
                    for cost in (0..=MAX_COST).filter(|t| *t < 140 || *t % 97 == 0) {
                        let mut expected = Some([0u64; MAX_CHIP_VALUES]);
                        let mut rest = u64::from(cost);
                        for i in (0..3).rev() {
                            let v = u64::from(values[i]);
                            let n =
                                (0..=held[i].min(rest / v)).rev().find(|n| payable(&values, &held, i, rest - n * v));
                            match (n, expected.as_mut()) {
                                (Some(n), Some(spend)) => {
                                    spend[i] = n;
                                    rest -= n * v;
                                }
                                _ => expected = None,
                            }
                        }
                        assert_eq!(exact_payment(&values, &held, cost), expected, "{held:?} paying {cost}");
                        checked += u32::from(expected.is_some());
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked} payments found");
    }

    /// Answers kept per capped holding are the answers worked out for the
    /// holding itself, holdings beyond the caps included; with and without
    /// a table.
    #[test]
    fn kept_payments_are_worked_out_payments() {
        let mut tables = 0;
        for (values, costs) in [(&[1, 2][..], 0..=12), (&[3, 7, 20][..], 0..=90), (&[2][..], 0..=70)] {
            for cost in costs {
                let kept = Payments::new(values, cost);
                tables += usize::from(!kept.table.is_empty());
                for a in 0..=14u64 {
                    for b in [0, 1, 2, 3, 6, 40] {
                        for c in [0, 1, 4] {
                            let held = [a, b, c];
                            let held = &held[..values.len()];
                            assert_eq!(kept.of(held), exact_payment(values, held, cost), "{values:?} {held:?} {cost}");
                        }
                    }
                }
            }
        }
        // Most of these fit a table; the dearest three-value ones do not.
        assert!(tables > 100 && tables < 13 + 91 + 71, "{tables} tables");
    }
}

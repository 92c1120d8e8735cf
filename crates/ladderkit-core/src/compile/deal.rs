//! Snakes and ladders dealt afresh for each game (`RandomJumps`), and the
//! rules a jump must keep to wherever jumps are made up: here and in the
//! tuner's search.
//!
//! A layout is drawn from `GameRng::for_game(seed, game)`, so a seed and a
//! game number give the same board on every machine. A layout is only
//! taken if the board it makes compiles without errors (no loop, no
//! unreachable goal, no jump off the board) and no diagnostic points at a
//! dealt jump; otherwise the next one is drawn from the same stream.

use std::ops::RangeInclusive;

use crate::compile::{Compiled, compile};
use crate::diagnostic::{Code, Diagnostic};
use crate::rng::GameRng;
use crate::spec::{Goal, Jump, Play, RandomJumps, Start, VariantSpec};

/// Layouts drawn before dealing gives up, on small boards.
pub const TRIES: u32 = 1000;

/// Layouts drawn before dealing gives up on a board of `positions`: each
/// draw is compiled and checked, so large boards get fewer (a hostile file
/// must not keep a command busy for minutes).
pub fn tries_for(positions: usize) -> u32 {
    (2_000_000 / positions.max(1)).clamp(8, TRIES as usize) as u32
}

/// Whether one jump may be made up: it moves, its length is within the
/// limits, and its foot is not on a free space.
pub fn jump_fits(j: &Jump, min_length: u32, max_length: Option<u32>, free: &[RangeInclusive<u32>]) -> bool {
    let length = j.from.abs_diff(j.to);
    j.from != j.to
        && length >= min_length.max(1)
        && max_length.is_none_or(|max| length <= max)
        && !free.iter().any(|r| r.contains(&j.from))
}

/// Whether jumps fit together: one per foot, and no chains if asked.
pub fn layout_fits(jumps: &[Jump], no_chains: bool) -> bool {
    let mut feet: Vec<u32> = jumps.iter().map(|j| j.from).collect();
    feet.sort_unstable();
    feet.windows(2).all(|w| w[0] != w[1]) && (!no_chains || !jumps.iter().any(|a| jumps.iter().any(|b| a.to == b.from)))
}

/// One game's board: the variant with its jumps dealt (`random_jumps`
/// gone, the dealt jumps after the variant's own), and that compiled.
#[derive(Debug, Clone)]
pub struct Dealt {
    pub spec: VariantSpec,
    pub compiled: Compiled,
}

/// The board game `game` is played on. A variant without `random_jumps`
/// is its own board; `None` when no layout worked in `tries_for` draws (the
/// variant's checks report that as an error).
pub fn deal(spec: &VariantSpec, game: u64) -> Option<Dealt> {
    let Some(rules) = &spec.random_jumps else {
        return Some(Dealt { spec: spec.clone(), compiled: compile(spec) });
    };
    let mut fixed = spec.clone();
    fixed.random_jumps = None;
    // The numbers from the layout alone: compiling the board without its
    // dealt jumps would double the work of every game of a simulation. It
    // is compiled only if a draw fails, to stop at once on a board that has
    // errors of its own.
    let spaces = crate::layout::space_count(&spec.board);
    let first = crate::layout::first_number(&spec.board);
    let last = match spec.goal {
        Goal::Last => u32::try_from(u64::from(first) + spaces.checked_sub(1)?).ok()?,
        Goal::Space(n) => n,
    };
    let start = match spec.start {
        Start::Tray => None,
        Start::Space(n) => Some(n),
    };
    if last <= first {
        return None;
    }
    let mut rng = GameRng::for_game(rules.seed, game);
    let mut template_checked = false;
    for _ in 0..tries_for(usize::try_from(spaces).unwrap_or(usize::MAX).saturating_add(1)) {
        let Some(jumps) = draw(rules, &spec.jumps, (first, last, start), &mut rng) else { continue };
        let mut candidate = fixed.clone();
        candidate.jumps = jumps;
        let compiled = compile(&candidate);
        let dealt_blamed = compiled.diagnostics.iter().any(|d| d.location.jumps.iter().any(|&i| i >= spec.jumps.len()));
        if !compiled.has_errors() && !dealt_blamed {
            return Some(Dealt { spec: candidate, compiled });
        }
        if !std::mem::replace(&mut template_checked, true) && compile(&fixed).has_errors() {
            return None;
        }
    }
    None
}

/// The jumps game `game`'s board is shown with (the variant's own, then the
/// dealt ones): `None` for a variant without `random_jumps`, or one no deal
/// works for, which are shown with their own jumps.
pub fn dealt_jumps(spec: &VariantSpec, game: u64) -> Option<Vec<Jump>> {
    spec.random_jumps.as_ref()?;
    deal(spec, game).map(|d| d.spec.jumps)
}

/// One draw: the variant's jumps and the dealt ones, or `None` if a jump
/// found no place.
fn draw(
    rules: &RandomJumps,
    fixed: &[Jump],
    (first, last, start): (u32, u32, Option<u32>),
    rng: &mut GameRng,
) -> Option<Vec<Jump>> {
    let mut jumps = fixed.to_vec();
    let span = last - first;
    let longest = rules.max_length.unwrap_or(span).min(span);
    if longest < rules.min_length.max(1) {
        return None;
    }
    for up in std::iter::repeat_n(true, rules.ladders as usize).chain(std::iter::repeat_n(false, rules.snakes as usize))
    {
        let placed = (0..100).find_map(|_| {
            let length = rules.min_length.max(1) + rng.below(longest - rules.min_length.max(1) + 1);
            // Feet strictly between the first space and the goal.
            let (lo, hi) = if up { (first + 1, last.checked_sub(length)?) } else { (first + length, last - 1) };
            if hi < lo {
                return None;
            }
            let from = lo + rng.below(hi - lo + 1);
            let to = if up { from + length } else { from - length };
            let j = Jump::new(from, to);
            let mut with = jumps.clone();
            with.push(j);
            (Some(from) != start
                && jump_fits(&j, rules.min_length, rules.max_length, &rules.free)
                && layout_fits(&with, rules.no_chains))
            .then_some(j)
        })?;
        jumps.push(placed);
    }
    Some(jumps)
}

/// What is wrong with `random_jumps` itself (before any dealing).
pub(crate) fn check(spec: &VariantSpec, out: &mut Vec<Diagnostic>) {
    let Some(r) = &spec.random_jumps else { return };
    let mut problem = |message: String, help: &str| {
        out.push(Diagnostic::error(Code::RandomJumpsInvalid, message).help(help));
    };
    if !matches!(spec.rules.play, Play::Classic | Play::Treehouse(_)) {
        problem("`random_jumps` on a score track".into(), "deal jumps for races; a score track keeps its board");
    }
    if r.ladders.saturating_add(r.snakes) == 0 {
        problem("`random_jumps` deals no jumps".into(), "give `ladders` or `snakes` a count, or remove `random_jumps`");
    }
    if r.ladders.saturating_add(r.snakes) > 1000 {
        problem(
            format!("`random_jumps` deals {} jumps; the limit is 1000", r.ladders.saturating_add(r.snakes)),
            "deal fewer jumps",
        );
    }
    if r.max_length.is_some_and(|max| max < r.min_length) {
        problem(
            "`random_jumps`: `max_length` is below `min_length`".into(),
            "write the smaller number as `min_length`",
        );
    }
    if r.free.iter().any(|f| f.is_empty()) {
        problem(
            "`random_jumps`: a `free` range is empty".into(),
            "write the smaller number first, as in `(start: 1, end: 6)`",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::PathStyle;

    fn random(ladders: u32, snakes: u32) -> VariantSpec {
        let mut spec = VariantSpec::new_grid("t", 10, 10, PathStyle::Boustrophedon);
        spec.random_jumps = Some(RandomJumps {
            seed: 7,
            ladders,
            snakes,
            min_length: 5,
            max_length: Some(40),
            no_chains: true,
            free: vec![1..=6],
        });
        spec
    }

    #[test]
    fn each_game_gets_its_own_layout_within_the_limits_and_the_same_one_again() {
        let spec = random(8, 8);
        let mut layouts = Vec::new();
        for game in 0..50 {
            let dealt = deal(&spec, game).expect("a 10 × 10 board takes 16 jumps");
            assert!(!dealt.compiled.has_errors(), "{:?}", dealt.compiled.diagnostics);
            let jumps = &dealt.spec.jumps;
            assert_eq!(jumps.iter().filter(|j| j.to > j.from).count(), 8);
            assert_eq!(jumps.len(), 16);
            assert!(jumps.iter().all(|j| jump_fits(j, 5, Some(40), &[1..=6]) && j.from != 100));
            assert!(layout_fits(jumps, true));
            assert_eq!(deal(&spec, game).unwrap().spec, dealt.spec, "game {game} is dealt alike every time");
            layouts.push(dealt.spec.jumps.iter().map(|j| (j.from, j.to)).collect::<Vec<_>>());
        }
        layouts.sort();
        layouts.dedup();
        assert_eq!(layouts.len(), 50, "fifty games, fifty boards");
    }

    #[test]
    fn the_variants_own_jumps_stay_and_a_board_too_small_is_refused() {
        let mut spec = random(2, 2);
        spec.jumps = vec![Jump::new(20, 50)];
        let dealt = deal(&spec, 3).unwrap();
        assert_eq!(dealt.spec.jumps[0], Jump::new(20, 50));
        assert_eq!(dealt.spec.jumps.len(), 5);
        assert!(deal(&random(60, 60), 0).is_none(), "120 jumps with distinct feet do not fit on 100 spaces");
    }
}

//! Boards on which a roll is an addition and one lookup: from position
//! `pos`, die `d` (from 0) rests on `landing[pos + d]`, or stays on `pos`
//! when `pos + d` is at or past `stay_from` (a forfeited overshoot). A
//! classic 10 × 10 board is one: its jumps and its overshoot rule are in
//! `landing`. An entry roll from the tray or geese are not, and neither is a
//! board with more than `SUMS` sums. The form is found by checking every
//! entry of the move table, so it makes the table's moves by construction.
//!
//! On such a board the 64-game path (`wide/landing_form.rs`) keeps the whole
//! table in registers (four on AVX-512, eight on AVX2) and plays 64 games at
//! a time. It counts two rolls
//! as one pair of sums. A sum stands for every roll that makes it, since
//! they all land alike (`single`, checked here too).

use ladderkit_core::{CompiledBoard, Reachability};

use crate::race::moves::{CHAIN, EXTRA, Entry, JUMPED, MOVED};

/// Sums `pos + d` a board may reach: what four 32-word registers hold.
pub(crate) const SUMS: usize = 128;
/// The 64-game path's counters of a seat's two rolls in a step: a pair of
/// sums (first × `SUMS` + second); from `FIRST` on, a first sum whose
/// second roll was not played (the game ended between them); `UNPLAYED`
/// for rolls not played at all. `BINS` is a power of two past them, so a
/// masked index needs no bounds check.
pub(crate) const FIRST: usize = SUMS * SUMS;
pub(crate) const UNPLAYED: usize = FIRST + SUMS;
pub(crate) const BINS: usize = 2 * SUMS * SUMS;
const _: () = assert!(UNPLAYED < BINS && BINS.is_power_of_two());

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Landings {
    /// Where a roll making sum `t` rests (when it is not forfeited). Sums
    /// no roll makes hold 0, so lanes playing on after their game ended
    /// stay on the board.
    pub(crate) landing: [u16; SUMS],
    /// The smallest forfeited sum; `u16::MAX` when no roll is forfeited.
    pub(crate) stay_from: u16,
    pub(crate) goal: u16,
    pub(crate) start: u16,
    /// The one-roll entry (position × width + die) each sum stands for in
    /// the heat and the rides; `u32::MAX` for sums no roll makes.
    pub(crate) single: [u32; SUMS],
}

impl Landings {
    /// The landing form of `board`'s one-die move table (`width` faces per
    /// position), if the board has one.
    pub(crate) fn new(single: &[Entry], width: usize, board: &CompiledBoard) -> Option<Self> {
        let (positions, start, goal) = (single.len() / width, board.start, board.goal);
        // Every sum of a position and a die is below `SUMS`.
        if width == 0 || positions + width > SUMS + 1 || start >= positions as u32 || goal >= positions as u32 {
            return None;
        }
        // Rolls are made from the positions a piece can rest on (not the
        // goal: the game is over), so only those are checked: a forfeited
        // roll from a snake's head would count a ride, but no piece is ever
        // there.
        let reached = &Reachability::new(board).reachable;
        let rolls = || {
            (0..positions)
                .filter(|pos| reached[*pos] && *pos != goal as usize)
                .flat_map(move |pos| (0..width).map(move |d| (pos, pos + d, pos * width + d, single[pos * width + d])))
        };
        let stay_from =
            rolls().filter(|(.., e)| e.flags & MOVED == 0).map(|(_, sum, ..)| sum as u16).min().unwrap_or(u16::MAX);
        let mut form =
            Self { landing: [0; SUMS], stay_from, goal: goal as u16, start: start as u16, single: [u32::MAX; SUMS] };
        for (pos, sum, index, e) in rolls() {
            let made = form.single[sum] != u32::MAX;
            if e.lose != 0 || e.flags & EXTRA != 0 {
                return None;
            }
            let stays = sum >= usize::from(stay_from);
            if stays {
                if e.flags & MOVED != 0 || usize::from(e.rest) != pos {
                    return None;
                }
            } else if e.flags & MOVED == 0 || (made && form.landing[sum] != e.rest) {
                return None;
            }
            if made {
                if counted(single[form.single[sum] as usize]) != counted(e) {
                    return None;
                }
            } else {
                form.single[sum] = index as u32;
                form.landing[sum] = if stays { 0 } else { e.rest };
            }
        }
        Some(form)
    }
}

/// What a roll adds to the heat and the rides (`RaceKernel::count_moves`):
/// rolls alike in this are alike in the counts.
fn counted(e: Entry) -> (Option<u16>, Option<(u16, Option<u16>)>) {
    let heat = (e.flags & MOVED != 0).then_some(e.rest);
    let chain_from = (e.flags & CHAIN != 0).then_some(e.end);
    (heat, (e.flags & JUMPED != 0).then_some((e.jump, chain_from)))
}

#[cfg(test)]
mod tests {
    use ladderkit_core::spec::{Dice, Entry as EntryRule, Overshoot};
    use ladderkit_core::{check_source, compile};

    use super::*;
    use crate::race::moves::move_table;

    fn form(change: impl Fn(&mut ladderkit_core::VariantSpec)) -> Option<Landings> {
        let mut spec = check_source(include_str!("../../../../../variants/milton-bradley.ron")).spec.unwrap();
        change(&mut spec);
        let board = compile(&spec).board;
        let (width, table) = move_table(&board);
        Landings::new(&table, width, &board)
    }

    /// Every roll from every position lands where the move table says, by
    /// the landing form: forfeits, bounces and passing the goal alike.
    #[test]
    fn the_landing_form_makes_the_tables_moves() {
        for overshoot in [Overshoot::Forfeit, Overshoot::Bounce, Overshoot::ReachOrPass] {
            let mut spec = check_source(include_str!("../../../../../variants/milton-bradley.ron")).spec.unwrap();
            spec.rules.overshoot = overshoot;
            let board = compile(&spec).board;
            let (width, table) = move_table(&board);
            let l = Landings::new(&table, width, &board).expect("a landing form");
            assert_eq!(l.stay_from != u16::MAX, overshoot == Overshoot::Forfeit, "{overshoot:?}");
            let goal = board.goal as usize;
            let reached: Vec<bool> =
                Reachability::new(&board).reachable.iter().enumerate().map(|(p, r)| *r && p != goal).collect();
            assert_eq!(reached.iter().filter(|r| **r).count(), 100 - 19, "the tray and 1..99 but the jumps' feet");
            for pos in (0..table.len() / width).filter(|p| reached[*p]) {
                for d in 0..width {
                    let sum = pos + d;
                    let rest = if sum >= usize::from(l.stay_from) { pos as u16 } else { l.landing[sum] };
                    let e = table[pos * width + d];
                    assert_eq!(rest, e.rest, "{overshoot:?}: from {pos} with {}", d + 1);
                    assert_eq!(counted(table[l.single[sum] as usize]), counted(e));
                }
            }
        }
    }

    #[test]
    fn boards_without_the_form_are_told_apart() {
        assert!(form(|_| {}).is_some());
        // The tray is left only on a six: a roll of 2 from the tray stays,
        // the same sum from square 1 moves.
        assert!(form(|s| s.rules.entry = EntryRule::OnRoll(6)).is_none());
        // Sums past 128.
        assert!(form(|s| s.rules.dice = Dice { count: 1, sides: 40 }).is_none());
    }
}

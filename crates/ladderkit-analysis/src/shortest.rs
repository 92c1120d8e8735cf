//! The fastest possible game: a breadth-first search over dice totals.

use std::collections::VecDeque;

use ladderkit_core::CompiledBoard;

/// The fewest rolls from the start to the goal and one sequence of dice
/// totals that does it; `(u32::MAX, [])` when the goal is unreachable.
pub(crate) fn shortest_game(board: &CompiledBoard) -> (u32, Vec<u32>) {
    let n = board.points.len();
    let mut parent: Vec<Option<(u32, u32)>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[board.start as usize] = true;
    let mut queue = VecDeque::from([board.start]);
    while let Some(pos) = queue.pop_front() {
        if pos == board.goal {
            let mut totals = Vec::new();
            let mut at = pos;
            while let Some((from, total)) = parent[at as usize] {
                totals.push(total);
                at = from;
            }
            totals.reverse();
            return (totals.len() as u32, totals);
        }
        for o in &board.outcomes {
            let rest = board.travel(pos, o).rest;
            if !seen[rest as usize] {
                seen[rest as usize] = true;
                parent[rest as usize] = Some((pos, o.total));
                queue.push_back(rest);
            }
        }
    }
    (u32::MAX, Vec::new())
}

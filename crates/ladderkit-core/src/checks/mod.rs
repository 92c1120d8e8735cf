//! The checks that need the board as a graph: jump loops and chains, and
//! which spaces a piece can reach and leave under the actual rules.

mod blame;

use petgraph::algo::kosaraju_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{Dfs, Reversed};

use crate::board::{CompiledBoard, JumpOrigin};
use crate::diagnostic::{Code, Diagnostic};
use crate::moves::Moves;
use crate::spec::VariantSpec;
use blame::Blame;

/// Positions as nodes (node i is position i), one edge per board jump.
pub type JumpGraph = DiGraph<(), u32, u32>;

/// Finds loops and chains among the jumps and fills `board.landing`.
pub(crate) fn resolve_jumps(spec: &VariantSpec, board: &mut CompiledBoard, out: &mut Vec<Diagnostic>) {
    let mut graph = JumpGraph::with_capacity(board.points.len(), board.jumps.len());
    for _ in 0..board.points.len() {
        graph.add_node(());
    }
    for (j, jump) in board.jumps.iter().enumerate() {
        graph.add_edge(NodeIndex::new(jump.from as usize), NodeIndex::new(jump.to as usize), j as u32);
    }
    let mut in_loop = vec![false; board.points.len()];
    // Kosaraju's algorithm walks with explicit stacks (Tarjan's recursion
    // overflows the stack on a long chain of jumps); loops are reported
    // from the lowest space up, whatever order it finds them in.
    let mut loops: Vec<_> = kosaraju_scc(&graph).into_iter().filter(|scc| scc.len() >= 2).collect();
    loops.sort_by_key(|scc| scc.iter().map(|n| n.index()).min());
    for scc in loops {
        // Every space has at most one jump leaving it, so the component is
        // one simple cycle: walk it from its lowest space.
        let start = scc.iter().map(|n| n.index() as u32).min().unwrap_or(0);
        let mut cycle = vec![start];
        let mut at = start;
        while let Some(j) = board.jump_at[at as usize] {
            at = board.jumps[j as usize].to;
            if at == start || cycle.len() > scc.len() {
                break;
            }
            cycle.push(at);
        }
        let jumps: Vec<u32> = cycle.iter().filter_map(|p| board.jump_at[*p as usize]).collect();
        for p in &cycle {
            in_loop[*p as usize] = true;
        }
        let numbers: Vec<u32> = cycle.iter().filter_map(|p| board.number(*p)).collect();
        let mut path: Vec<String> = numbers.iter().map(u32::to_string).collect();
        path.push(numbers[0].to_string());
        out.push(
            locate_all(
                Diagnostic::error(Code::JumpLoop, format!("jumps form a loop: {}", path.join(" → "))),
                board,
                &jumps,
            )
            .spaces(numbers)
            .help("a piece would ride this loop forever; delete or move one of its jumps"),
        );
    }
    for (j, jump) in board.jumps.iter().enumerate() {
        let Some(next) = board.jump_at[jump.to as usize] else { continue };
        if in_loop[jump.from as usize] && in_loop[jump.to as usize] {
            continue;
        }
        let (a, b) = (board.label(jump.from), board.label(jump.to));
        let c = board.label(board.jumps[next as usize].to);
        let d = if spec.rules.follow_chains {
            Diagnostic::warning(
                Code::JumpChain,
                format!("the jump {a}→{b} lands on the jump {b}→{c}; pieces ride both"),
            )
            .help("intended? chains are followed because `follow_chains` is true")
        } else {
            Diagnostic::error(
                Code::JumpChain,
                format!("the jump {a}→{b} lands on the jump {b}→{c}, and chains are not followed"),
            )
            .help("a piece would rest on a jump's foot; move one end, or set `follow_chains: true`")
        };
        out.push(locate_all(d, board, &[j as u32, next]).spaces(board.number(jump.to)));
    }
    resolve_landings(board, spec.rules.follow_chains);
}

pub(crate) fn resolve_landings(board: &mut CompiledBoard, follow_chains: bool) {
    const UNSET: u32 = u32::MAX;
    let n = board.points.len();
    if !follow_chains {
        for pos in 0..n {
            board.landing[pos] = board.jump_at[pos].map_or(pos as u32, |j| board.jumps[j as usize].to);
        }
        return;
    }
    // Each walk stops at a space already resolved, so every chain is walked
    // once (a chain of 80,000 jumps would be quadratic otherwise). A loop
    // stops on its last new space: a space in a loop lands on the one
    // before it, a space leading into one on the space before the loop's
    // entry.
    let mut landing = vec![UNSET; n];
    let mut on_path = vec![UNSET; n];
    let mut path = Vec::new();
    for pos in 0..n as u32 {
        if landing[pos as usize] != UNSET {
            continue;
        }
        path.clear();
        path.push(pos);
        on_path[pos as usize] = pos;
        let mut at = pos;
        let end = loop {
            let Some(j) = board.jump_at[at as usize] else { break at };
            let to = board.jumps[j as usize].to;
            if landing[to as usize] != UNSET {
                break landing[to as usize];
            }
            if on_path[to as usize] == pos {
                let entry = path.iter().position(|p| *p == to).unwrap_or(0);
                for k in entry..path.len() {
                    let before = if k == entry { *path.last().unwrap_or(&to) } else { path[k - 1] };
                    landing[path[k] as usize] = before;
                }
                path.truncate(entry);
                break at;
            }
            on_path[to as usize] = pos;
            path.push(to);
            at = to;
        };
        for p in &path {
            landing[*p as usize] = end;
        }
    }
    board.landing = landing;
}

fn locate_all(mut d: Diagnostic, board: &CompiledBoard, jumps: &[u32]) -> Diagnostic {
    for j in jumps {
        d = match board.jumps[*j as usize].origin {
            JumpOrigin::Jump(i) => d.jumps([i]),
            JumpOrigin::Effect(i) => d.effects([i]),
        };
    }
    d
}

/// The rules' transition graph: an edge from every resting position to
/// where each dice total leaves it.
pub fn transition_graph(board: &CompiledBoard) -> DiGraph<(), (), u32> {
    let mut graph = DiGraph::with_capacity(board.points.len(), board.points.len() * board.outcomes.len());
    for _ in 0..board.points.len() {
        graph.add_node(());
    }
    // By outcome, then position: the moves of one total share their goose
    // chains.
    let mut last = vec![u32::MAX; board.points.len()];
    let mut moves = None;
    for o in &board.outcomes {
        let moves = moves_of(&mut moves, board, o.total);
        for pos in (0..board.points.len() as u32).filter(|p| *p != board.goal) {
            let rest = moves.travel(pos, o).rest;
            if rest != last[pos as usize] {
                graph.add_edge(NodeIndex::new(pos as usize), NodeIndex::new(rest as usize), ());
                last[pos as usize] = rest;
            }
        }
    }
    graph
}

/// `moves`, or fresh ones when they are for another total (outcomes come
/// sorted by total).
pub(crate) fn moves_of<'m, 'b>(
    moves: &'m mut Option<Moves<'b>>,
    board: &'b CompiledBoard,
    total: u32,
) -> &'m mut Moves<'b> {
    if moves.as_ref().is_none_or(|m| m.total() != total) {
        *moves = Some(Moves::new(board, total));
    }
    moves.as_mut().expect("set just above")
}

/// Which positions a piece can rest on, coming from the start, and from
/// which of them the goal can still be reached, under the actual rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reachability {
    pub reachable: Vec<bool>,
    pub finishes: Vec<bool>,
}

impl Reachability {
    pub fn new(board: &CompiledBoard) -> Self {
        let graph = transition_graph(board);
        let n = board.points.len();
        let mut reachable = vec![false; n];
        let mut dfs = Dfs::new(&graph, NodeIndex::new(board.start as usize));
        while let Some(node) = dfs.next(&graph) {
            reachable[node.index()] = true;
        }
        let mut finishes = vec![false; n];
        let reversed = Reversed(&graph);
        let mut dfs = Dfs::new(reversed, NodeIndex::new(board.goal as usize));
        while let Some(node) = dfs.next(reversed) {
            finishes[node.index()] = true;
        }
        Self { reachable, finishes }
    }

    /// Positions a piece can reach and never leave for the goal.
    pub fn trapped(&self) -> Vec<u32> {
        (0..self.reachable.len() as u32)
            .filter(|p| self.reachable[*p as usize] && !self.finishes[*p as usize])
            .collect()
    }
}

/// Reachability under the rules: traps, dead spaces, dead effects.
pub(crate) fn check_transitions(spec: &VariantSpec, board: &CompiledBoard, out: &mut Vec<Diagnostic>) {
    let n = board.points.len();
    let reach = Reachability::new(board);
    let (reachable, finishes) = (&reach.reachable, &reach.finishes);
    let trapped = reach.trapped();
    if !trapped.is_empty() {
        let goal = board.label(board.goal);
        let message = if !finishes[board.start as usize] {
            format!("no piece can ever reach the goal {goal} from the start")
        } else {
            format!("pieces can get stuck: the goal {goal} cannot be reached from {}", space_list(board, &trapped))
        };
        let blame = Blame::new(spec, board, &reach);
        // Point at the culprits when there are some (their feet and the
        // jumps), not at every space that cannot finish.
        let d = Diagnostic::error(Code::GoalUnreachable, message).help(trap_help(&blame, board));
        let d = if blame.jumps.is_empty() {
            d.spaces(trapped.iter().filter_map(|p| board.number(*p)))
        } else {
            let feet: Vec<u32> = blame.jumps.iter().map(|&j| board.jumps[j].from).collect();
            let jumps: Vec<u32> = blame.jumps.iter().map(|&j| j as u32).collect();
            locate_all(d, board, &jumps).spaces(feet.iter().filter_map(|p| board.number(*p)))
        };
        out.push(d);
    }
    // Landed on: where dice movement ends (each part of a move that meets
    // geese), from anywhere a piece can rest, plus where jumps put pieces.
    let mut landed = vec![false; n];
    let mut moves = None;
    for o in &board.outcomes {
        let moves = moves_of(&mut moves, board, o.total);
        for pos in (0..n as u32).filter(|p| reachable[*p as usize] && *p != board.goal) {
            moves.parts(pos, o, |end| landed[end as usize] = true);
        }
    }
    // An unreachable goal is never landed on either: that is said above.
    let never: Vec<u32> = (1..=board.goal)
        .filter(|p| !landed[*p as usize] && !reachable[*p as usize])
        .filter(|p| *p != board.goal || trapped.is_empty())
        .collect();
    if !never.is_empty() {
        out.push(
            Diagnostic::warning(
                Code::UnlandableSpace,
                format!("no piece can ever land on {}", space_list(board, &never)),
            )
            .spaces(never.iter().filter_map(|p| board.number(*p)))
            .help("these spaces (and anything on them) never come into play"),
        );
    }
    for (i, e) in spec.effects.iter().enumerate() {
        let Some(pos) = board.position(e.space) else { continue };
        if pos == board.goal || e.effect.is_move() {
            continue;
        }
        // A goose acts where a move ends, the other effects where a piece
        // comes to rest.
        let goose = e.effect == crate::spec::Effect::MoveAgain;
        let reason = if board.landing[pos as usize] != pos {
            if goose {
                "a jump leaves that space, so no piece moves on from there"
            } else {
                "a jump leaves that space, so no piece rests there"
            }
        } else if goose && !landed[pos as usize] {
            "no piece can land there"
        } else if !goose && !reachable[pos as usize] {
            "no piece can come to rest there"
        } else {
            continue;
        };
        out.push(
            Diagnostic::warning(
                Code::EffectNeverFires,
                format!("effect #{} ({}) on space {} never fires: {reason}", i + 1, e.effect.describe(), e.space),
            )
            .spaces([e.space])
            .effects([i])
            .help("move the effect to a space where pieces stop"),
        );
    }
}

/// Advice that was tried on a copy of the board (see `blame`).
fn trap_help(blame: &Blame, board: &CompiledBoard) -> String {
    let name = |j: usize| {
        let jump = board.jumps[j];
        let kind = if jump.to > jump.from { "ladder" } else { "snake" };
        format!("{kind} {}→{}", board.label(jump.from), board.label(jump.to))
    };
    let names = |js: &[usize]| {
        let mut shown: Vec<String> = js.iter().take(8).map(|&j| name(j)).collect();
        if js.len() > 8 {
            shown.push(format!("{} more", js.len() - 8));
        }
        shown.join(", ")
    };
    match blame.opened_by_one.as_slice() {
        [one] => {
            return format!(
                "the {} sends pieces where the goal cannot be reached from; deleting it opens the goal",
                name(*one)
            );
        }
        [] => {}
        some => return format!("deleting any one of these opens the goal: {}", names(some)),
    }
    if blame.opened_by_all {
        return format!(
            "these jumps send pieces where the goal cannot be reached from: {}; deleting them all opens it",
            names(&blame.jumps)
        );
    }
    let exact = "with `overshoot: Forfeit` a piece needs an exact roll it can never make from there";
    match (blame.bounce_opens, blame.one_die_opens) {
        (true, true) => format!("{exact}; `overshoot: Bounce` or a single die opens the goal"),
        (true, false) => format!("{exact}; `overshoot: Bounce` opens the goal"),
        (false, true) => "the dice cannot roll what the last steps need; a single die opens the goal".into(),
        (false, false) => "no single change of a jump, the overshoot or the dice opens it: look at the jumps and \
             effects that lead to these spaces"
            .into(),
    }
}

/// "spaces 3, 5, 9, 4 more": a short list of space labels, however many.
pub fn space_list(board: &CompiledBoard, positions: &[u32]) -> String {
    const SHOWN: usize = 8;
    let mut labels: Vec<String> = positions.iter().take(SHOWN).map(|p| board.label(*p)).collect();
    if positions.len() > SHOWN {
        labels.push(format!("{} more", positions.len() - SHOWN));
    }
    let noun = if positions.len() == 1 { "space" } else { "spaces" };
    format!("{noun} {}", labels.join(", "))
}

//! Events in words, for the terminal game, replays and the editor's log.

use ladderkit_core::CompiledBoard;

use crate::{Engine, Event, Plan, State};

/// Whether the jump leaving `pos` is a space's effect, not a drawn jump.
fn sent_by_a_space(board: &CompiledBoard, pos: u32) -> bool {
    let jump = board.jump_at.get(pos as usize).copied().flatten();
    jump.and_then(|j| board.jumps.get(j as usize)).is_some_and(|j| j.noun() == "go-to")
}

/// One line for an event, or `None` for the ones not worth a line.
pub fn narrate(board: &CompiledBoard, names: &[String], state: &State, event: &Event) -> Option<String> {
    let owner = |piece: u8| {
        let p = state.pieces[piece as usize];
        if state.pieces_per_player > 1 {
            format!("{}'s piece {}", names[p.owner as usize], piece % state.pieces_per_player + 1)
        } else {
            names[p.owner as usize].clone()
        }
    };
    // Named spaces are said with their names: "42 (the maze)".
    let at = |pos: u32| board.label_named(pos);
    Some(match *event {
        Event::TurnStarted { .. } => return None,
        Event::Rolled { player, dice, count, total } => {
            if count == 2 {
                format!("{} rolls {} and {}", names[player as usize], dice[0], dice[1])
            } else {
                format!("{} rolls {total}", names[player as usize])
            }
        }
        Event::Moved { piece, carried, from, end, die, bounced, .. } => {
            let riders = if carried > 0 { format!(" carrying {carried}") } else { String::new() };
            let bounce = if bounced { format!(", bouncing off {}", at(board.goal)) } else { String::new() };
            format!("  {} moves {die} from {} to {}{riders}{bounce}", owner(piece), at(from), at(end))
        }
        Event::MovedAgain { piece, from, end, bounced, .. } => {
            let back = if bounced { format!(", bouncing off {}", at(board.goal)) } else { String::new() };
            format!("  the goose on {} sends {} on by the same roll to {}{back}", at(from), owner(piece), at(end))
        }
        Event::FirstThrow { piece, to } => {
            format!("  a first throw that goes straight to {}: {} moves there", at(to), owner(piece))
        }
        Event::Waiting { piece, at: pos } => {
            format!("  {} must wait on {} until another piece arrives", owner(piece), at(pos))
        }
        Event::Freed { piece, at: pos } => format!("  {} is freed from {} and waits no more", owner(piece), at(pos)),
        Event::StillWaiting { player, at: pos } => {
            format!("{} is still waiting on {}", names[player as usize], at(pos))
        }
        Event::Blocked => "every piece is waiting for another: nobody can move again, and nobody wins".to_owned(),
        // A space that sends pieces (the Goose's bridge, maze, death) is
        // no ladder or snake.
        Event::Climbed { piece, from, to } | Event::Slid { piece, from, to } if sent_by_a_space(board, from) => {
            format!("  the space {} sends {} to {}", at(from), owner(piece), at(to))
        }
        Event::Climbed { piece, from, to } => format!("  {} climbs the ladder {} → {}", owner(piece), at(from), at(to)),
        Event::Slid { piece, from, to } => {
            format!("  {} slides down the snake {} → {}", owner(piece), at(from), at(to))
        }
        Event::Stacked { piece, at: pos, below } => {
            format!("  {} lands on a stack of {below} on {}", owner(piece), at(pos))
        }
        Event::Bumped { piece, from, to } => {
            format!("  {} is bumped from {} to {}", owner(piece), at(from), at(to))
        }
        Event::RollUnused { player, die } => format!("  {}'s {die} cannot be used", names[player as usize]),
        Event::LoseTurns { piece, turns, .. } => {
            format!("  {} loses {} turn{}", owner(piece), turns, if turns == 1 { "" } else { "s" })
        }
        Event::TurnLost { player } => format!("{} misses a turn", names[player as usize]),
        Event::StoodUp { player, at: pos } => {
            format!("  {} stands the stack on {} up", names[player as usize], at(pos))
        }
        Event::ExtraTurn { player } => format!("  {} takes another turn", names[player as usize]),
        Event::Home { piece } => format!("  {} is home", owner(piece)),
        Event::Won { players } => {
            let winners: Vec<&str> =
                (0..names.len()).filter(|p| players & (1 << p) != 0).map(|p| names[p].as_str()).collect();
            format!("{} win{}!", winners.join(" and "), if winners.len() == 1 { "s" } else { "" })
        }
        Event::ChipTaken { piece, at: pos, value } => {
            format!("  {} takes the chip on {}: worth {value}", owner(piece), at(pos))
        }
        Event::Scored { player, points, total, why, doubled } => {
            let why = match why {
                crate::Why::Chip => "",
                crate::Why::Space => " for the space",
                crate::Why::Arrow => " (the arrow did not activate)",
            };
            let doubled = if doubled { ", doubled by the upgrade" } else { "" };
            format!("  {} scores {points}{why}{doubled}: {total} in all", names[player as usize])
        }
        Event::Upgraded { piece, spent, power } => {
            format!("  {} spends {spent} chips on an upgrade ({})", owner(piece), power.describe())
        }
        Event::PowerUsed { piece, power } => format!("  {} uses its upgrade: {}", owner(piece), power.describe()),
        Event::ArrowActivated { player, at: pos, kind } => {
            format!("  {} activates the arrow on {}: {}", names[player as usize], at(pos), kind.describe())
        }
        Event::Placed { piece, from, to } => format!("  {} goes from {} to {}", owner(piece), at(from), at(to)),
    })
}

/// A compact view of where everyone is.
pub fn positions(board: &CompiledBoard, names: &[String], state: &State) -> String {
    let parts: Vec<String> = (0..names.len() as u8)
        .map(|p| {
            let spots: Vec<String> = state
                .pieces_of(p)
                .map(|i| {
                    let q = state.pieces[i];
                    let mut s = if q.home { "home".to_owned() } else { board.label(q.pos) };
                    if q.sideways > 0 {
                        s.push_str(" (lying down)");
                    }
                    if q.upgraded {
                        s.push_str(" (upgraded)");
                    }
                    s
                })
                .collect();
            let points =
                if board.has_extras() { format!(", {} pts", state.players[p as usize].points) } else { String::new() };
            format!("{} {}{points}", names[p as usize], spots.join("+"))
        })
        .collect();
    format!("[{}]", parts.join(" · "))
}

/// One legal plan in words, for a person choosing: each move with where it
/// ends, told by the engine itself (the plan is applied to a copy of the
/// state, so a ladder, a bounce or a stack ride reads as it would play).
pub fn describe_plan(engine: &Engine, names: &[String], state: &State, plan: &Plan) -> String {
    let board = engine.board();
    if state.pending.is_some_and(|p| p.kind == crate::TurnKind::Arrow) {
        let Some(u) = plan.arrow else { return "do not activate an arrow".to_owned() };
        let Some(a) = board.extras.arrows.get(u.arrow as usize) else { return "an unknown arrow".to_owned() };
        return match a.kind {
            ladderkit_core::spec::ArrowKind::ExtraTurn => format!("arrow on {}: take an extra turn", board.label(a.at)),
            kind => format!("arrow on {}: {}, go to {}", board.label(a.at), kind.describe(), board.label(u.to)),
        };
    }
    let (_, events) = engine.preview(state, plan);
    // One walk per move: where it began, where its last part (after any
    // geese) ended, where it came to rest.
    let mut moves: Vec<(u8, u32, u32, u32, bool)> = Vec::new();
    for e in &events {
        match *e {
            Event::Moved { carried, from, end, rest, bounced, .. } => moves.push((carried, from, end, rest, bounced)),
            Event::MovedAgain { end, bounced, .. } => {
                if let Some(last) = moves.last_mut() {
                    (last.2, last.4) = (end, last.4 || bounced);
                }
            }
            _ => {}
        }
    }
    let mut walks = moves.into_iter();
    let parts: Vec<String> = plan
        .moves
        .iter()
        .map(|m| match m {
            Some(m) => {
                let q = state.pieces[m.piece as usize];
                let who = if state.pieces_per_player > 1 {
                    format!("{}'s piece {}", names[q.owner as usize], m.piece % state.pieces_per_player + 1)
                } else {
                    names[q.owner as usize].clone()
                };
                match walks.next() {
                    // Where it starts after the plan's earlier moves (it
                    // may have been carried).
                    Some((carried, from, end, rest, bounced)) => {
                        let (from, to) = (board.label(from), board.label(end));
                        let mut text = format!("move {who} {} (from {from} to {to}", m.die);
                        if bounced {
                            text.push_str(", bouncing back");
                        }
                        if rest > end {
                            text.push_str(&format!(", up a ladder to {}", board.label(rest)));
                        } else if rest < end {
                            text.push_str(&format!(", down a snake to {}", board.label(rest)));
                        }
                        if rest == board.goal {
                            text.push_str(": home");
                        }
                        if carried > 0 {
                            text.push_str(&format!(", carrying {carried}"));
                        }
                        text.push(')');
                        text
                    }
                    None => format!("move {who} {} (from {})", m.die, board.label(q.pos)),
                }
            }
            None => "the other die is lost".to_owned(),
        })
        .collect();
    if plan.moves[0].is_none() { "no die can be used".to_owned() } else { parts.join(", then ") }
}

//! `ladderkit scoreboard`: a score track (the Carcassonne Snakes & Ladders
//! scoreboard) as a terminal companion, or simulated from its tables.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use ladderkit::core::spec::MAX_PLAYERS;
use ladderkit::core::{Seats, compile};
use ladderkit::engine::scoreboard::{ScoreEvent, Scoreboard};
use ladderkit::files;
use ladderkit::sim::scoreboard::{ScoreReport, simulate_scores};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::setup::clean_spec;
use super::{Outcome, fail, say, tell};

/// Keep score on a score track with snakes and ladders.
///
/// Each turn, type who scored what: `Red 5, Blue 3` (a name may score more
/// than once). Snakes and ladders act when the turn is entered, after all
/// its scorings, as the variant says. Type `end` for the final scoring
/// (snakes and ladders ignored), then the final points, then `done`.
/// `undo` takes the last turn back, `save FILE` writes the log as JSON
/// (`save! FILE` to replace a file it did not write),
/// `q` quits. With `--simulate N`, plays N games from the variant's points
/// tables instead and reports how much the board reshuffles the scores.
#[derive(Debug, clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Player names, comma-separated (the first letters are enough when
    /// typing scores).
    #[arg(long, default_value = "Red,Blue,Green")]
    players: String,
    /// Simulate this many games from the variant's tables.
    #[arg(long, value_name = "GAMES")]
    simulate: Option<u64>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// With --simulate: print JSON.
    #[arg(long)]
    json: bool,
}

/// One entered turn: who scored what, and whether it was the final scoring.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Turn {
    scores: Vec<(usize, u32)>,
    final_scoring: bool,
}

#[derive(Debug, Serialize, Deserialize)]
struct Log {
    variant: String,
    players: Vec<String>,
    turns: Vec<Turn>,
    scores: Vec<u64>,
}

pub fn run(args: &Args) -> Outcome {
    let names: Vec<String> = args.players.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect();
    let seats = match Seats::from_len(names.len()) {
        Ok(seats) => seats,
        Err(_) => {
            return fail(format!("--players: give 1 to {MAX_PLAYERS} player names, e.g. --players Red,Blue,Green"));
        }
    };
    let spec = match clean_spec(&args.file, "keeping score") {
        Ok(spec) => spec,
        Err(outcome) => return outcome,
    };
    let compiled = compile(&spec);
    if let Some(games) = args.simulate {
        return match simulate_scores(&compiled, seats, games, args.seed) {
            Ok(r) => {
                if args.json {
                    say!("{}", report_json(&r));
                } else {
                    say!("{}", report(&spec.meta.name, &names, &r));
                }
                Outcome::Ok
            }
            Err(e) => fail(e),
        };
    }
    let board = match Scoreboard::new(&compiled, seats) {
        Ok(b) => b,
        Err(e) => return fail(e),
    };
    let stdin = std::io::stdin();
    companion(&spec.meta.name, &names, board, &mut stdin.lock())
}

fn companion(variant: &str, names: &[String], start: Scoreboard, input: &mut impl BufRead) -> Outcome {
    let mut turns: Vec<Turn> = Vec::new();
    let replay = |turns: &[Turn]| {
        let mut b = start.clone();
        let mut ev = Vec::new();
        for t in turns {
            apply(&mut b, t, &mut ev);
        }
        (b, ev)
    };
    let mut final_scoring = false;
    // The standings as they are; only an undo replays the turns (replaying
    // at every prompt made a long evening quadratic).
    let mut board = start.clone();
    let mut saved: Vec<std::path::PathBuf> = Vec::new();
    say!(
        "{variant}: {}. Type `Red 5, Blue 3`, `end`, `undo`, `save FILE` (`save! FILE` to replace one) or `q`.",
        names.join(", ")
    );
    loop {
        say!("{}", standings(&board, names));
        let prompt = if final_scoring { "final scores> " } else { "turn> " };
        super::terminal::prompt(prompt);
        let Some(line) = super::read_line(input) else { break };
        let line = line.trim();
        match line {
            "" => continue,
            "q" | "quit" | "done" => break,
            "end" => {
                final_scoring = true;
                say!("final scoring: snakes and ladders are ignored now");
                continue;
            }
            "undo" => {
                match turns.pop() {
                    Some(t) => {
                        final_scoring = t.final_scoring;
                        board = replay(&turns).0;
                        say!("took back the last turn");
                    }
                    None => say!("nothing to undo"),
                }
                continue;
            }
            _ => {}
        }
        if let Some((force, path)) =
            line.strip_prefix("save! ").map(|p| (true, p)).or_else(|| line.strip_prefix("save ").map(|p| (false, p)))
        {
            let path = Path::new(path.trim());
            // Only a file this evening saved, or one the person insists on
            // (`save!`), is replaced: a mistyped name must not eat a file.
            let ours = saved.iter().any(|s| files::same_file(s, path));
            if std::fs::symlink_metadata(path).is_ok() && !ours && !force {
                tell!("error: {} exists; `save! {}` replaces it", path.display(), path.display());
                continue;
            }
            let log = Log {
                variant: variant.into(),
                players: names.to_vec(),
                turns: turns.clone(),
                scores: board.scores.clone(),
            };
            let text = serde_json::to_string_pretty(&log).unwrap_or_default();
            match files::save_atomic(path, &text) {
                Ok(()) => {
                    say!("saved to {}", path.display());
                    saved.push(path.to_owned());
                }
                Err(e) => tell!("error: {e}"),
            }
            continue;
        }
        match parse_turn(line, names) {
            Ok(scores) => {
                let turn = Turn { scores, final_scoring };
                let mut ev = Vec::new();
                apply(&mut board, &turn, &mut ev);
                for e in &ev {
                    say!("  {}", describe(&board, names, e));
                }
                turns.push(turn);
            }
            Err(e) => say!("{e}"),
        }
    }
    Outcome::Ok
}

fn apply(board: &mut Scoreboard, turn: &Turn, ev: &mut Vec<ScoreEvent>) {
    for &(player, points) in &turn.scores {
        if turn.final_scoring {
            board.final_score(player, points, ev);
        } else {
            board.score(player, points, ev);
        }
    }
    if !turn.final_scoring {
        board.end_turn(ev);
    }
}

/// `Red 5, Blue 3` → [(0, 5), (1, 3)]; names match case-insensitively by
/// prefix.
fn parse_turn(line: &str, names: &[String]) -> Result<Vec<(usize, u32)>, String> {
    let mut out = Vec::new();
    for part in line.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (who, points) = part
            .rsplit_once(char::is_whitespace)
            .ok_or_else(|| format!("`{part}`: write a name and the points, e.g. `{} 5`", names[0]))?;
        let points: u32 =
            points.trim().parse().map_err(|_| format!("`{}` is not a number of points (0 or more)", points.trim()))?;
        let who = who.trim().to_lowercase();
        let matches: Vec<usize> = (0..names.len()).filter(|&i| names[i].to_lowercase().starts_with(&who)).collect();
        match matches.as_slice() {
            [i] => out.push((*i, points)),
            [] => return Err(format!("no player called `{who}`; the players are {}", names.join(", "))),
            _ => return Err(format!("`{who}` could be several players; type more of the name")),
        }
    }
    if out.is_empty() {
        return Err("nothing entered".into());
    }
    Ok(out)
}

fn standings(board: &Scoreboard, names: &[String]) -> String {
    let parts: Vec<String> = names
        .iter()
        .zip(&board.scores)
        .map(|(n, s)| format!("{n} {s} (lap {}, space {})", board.lap(*s), board.space(*s)))
        .collect();
    format!("[{}]", parts.join(" · "))
}

fn describe(board: &Scoreboard, names: &[String], e: &ScoreEvent) -> String {
    let at = |s: u64| format!("{s} (space {})", board.space(s));
    match *e {
        ScoreEvent::Scored { player, points, to, .. } => {
            format!("{} scores {points}, to {}", names[player as usize], at(to))
        }
        ScoreEvent::Climbed { player, from, to } => {
            format!("{} climbs the ladder {} → {}", names[player as usize], at(from), at(to))
        }
        ScoreEvent::Slid { player, from, to } => {
            format!("{} is eaten by the snake {} → {}", names[player as usize], at(from), at(to))
        }
        ScoreEvent::FinalScored { player, points, to, .. } => {
            format!("{} scores {points} in the final scoring, to {}", names[player as usize], at(to))
        }
    }
}

pub fn report(name: &str, names: &[String], r: &ScoreReport) -> String {
    let mut s = format!("{name}: {} simulated games, {}\n\n", r.games, r.seats);
    s.push_str("seat        final score   plain board   wins\n");
    for (i, n) in names.iter().enumerate() {
        s.push_str(&format!(
            "{:<10} {:>12.1} {:>13.1} {:>6.1}%\n",
            n,
            r.mean_final[i],
            r.mean_final_plain[i],
            100.0 * r.seat_wins[i] as f64 / r.games.max(1) as f64
        ));
    }
    s.push_str(&format!(
        "\nsnakes and ladders moved each final score by {:.1} points on average,\n\
         changed the winner in {:.1}% of games,\n\
         lead changes per game: {:.2} (plain board {:.2}); climbs {:.2}, slides {:.2} per game",
        r.mean_shift,
        100.0 * r.winner_changed as f64 / r.games.max(1) as f64,
        r.mean_lead_changes,
        r.mean_lead_changes_plain,
        r.climbs_per_game,
        r.slides_per_game
    ));
    s
}

pub fn report_json(r: &ScoreReport) -> serde_json::Value {
    json!({
        "games": r.games,
        "players": r.seats.get(),
        "mean_final": r.mean_final,
        "mean_final_plain": r.mean_final_plain,
        "seat_wins": r.seat_wins,
        "winner_changed": r.winner_changed,
        "winner_changed_rate": r.winner_changed as f64 / r.games.max(1) as f64,
        "mean_shift": r.mean_shift,
        "mean_lead_changes": r.mean_lead_changes,
        "mean_lead_changes_plain": r.mean_lead_changes_plain,
        "climbs_per_game": r.climbs_per_game,
        "slides_per_game": r.slides_per_game,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_parse_names_by_prefix_and_explain_mistakes() {
        let names: Vec<String> = ["Red", "Blue", "Black"].iter().map(|s| s.to_string()).collect();
        assert_eq!(parse_turn("Red 5, blu 3, red 2", &names), Ok(vec![(0, 5), (1, 3), (0, 2)]));
        assert!(parse_turn("B 4", &names).unwrap_err().contains("several"));
        assert!(parse_turn("Green 4", &names).unwrap_err().contains("Red, Blue, Black"));
        assert!(parse_turn("Red five", &names).unwrap_err().contains("not a number"));
        assert!(parse_turn("Red", &names).unwrap_err().contains("name and the points"));
    }
}

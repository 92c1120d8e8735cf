//! Every bundled variant: validates clean (but for warnings that are facts
//! of the game, listed with why), is canonical, and its exact
//! numbers are pinned as snapshots.

use std::path::Path;

use ladderkit::analysis::{AnalysisError, Options, analyze};
use ladderkit::core::Seats;
use ladderkit::core::{compile, to_string};
use ladderkit::engine::{Engine, Lineup, Policy};
use ladderkit::sim::{Options as SimOptions, simulate};

fn bundled() -> Vec<(String, std::path::PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    out.sort();
    out
}

#[test]
fn bundled_variants_are_clean_canonical_and_solved() {
    let all = bundled();
    assert!(all.len() >= 4);
    for (name, path) in all {
        let loaded = ladderkit::files::load(&path).unwrap();
        let codes: Vec<String> = loaded.checked.diagnostics.iter().map(|d| format!("{}", d.code)).collect();
        assert_eq!(codes, expected_warnings(&name), "{name} validates clean: {:?}", loaded.checked.diagnostics);
        let spec = loaded.checked.spec.unwrap();
        assert_eq!(to_string(&spec), loaded.text, "{name} is canonical");
        let compiled = compile(&spec);
        let players = spec.rules.players.max;
        let a = match analyze(&compiled, &Options { seats: Seats::new(players).unwrap(), ..Options::default() }) {
            Ok(a) => a,
            Err(AnalysisError::Interacting(_)) => {
                insta::assert_snapshot!(name.clone(), simulated(&compiled, players));
                continue;
            }
            Err(e) => panic!("{name}: {e}"),
        };
        let seats: Vec<String> = a.seats.win.iter().map(|w| format!("{w:.6}")).collect();
        let summary = format!(
            "expected rolls {:.6}\nexpected turns {:.6}\nmin rolls {} {:?}\nmedian {}\npercentiles {:?}\n\
             {players} players: seats [{}], rounds {:.6}, total rolls {:.6}",
            a.expected_rolls,
            a.expected_turns,
            a.min_rolls,
            a.shortest_rolls,
            a.median_rolls,
            a.percentiles,
            seats.join(", "),
            a.seats.expected_rounds,
            a.seats.expected_total_rolls,
        );
        // Pieces that bump each other: one piece's figures above, the real
        // two-player odds from the whole-game solve.
        let summary = match &a.interaction {
            None => summary,
            Some(_) => format!(
                "{summary}
{}",
                solved_pair(&compiled)
            ),
        };
        insta::assert_snapshot!(name, summary);
    }
}

/// The warnings a bundled variant is expected to show, each a fact of the
/// game it reproduces (everything else must validate with none).
fn expected_warnings(name: &str) -> Vec<String> {
    match name {
        // Two dice never total 1, so space 1 of the Goose is never landed
        // on: the traditional board has it all the same.
        "game-of-the-goose" => vec!["unlandable-space".to_owned()],
        _ => Vec::new(),
    }
}

/// The exact two-player odds of a game whose pieces meet.
fn solved_pair(compiled: &ladderkit::core::Compiled) -> String {
    let engine = ladderkit::engine::Engine::new(compiled, Seats::new(2).unwrap()).unwrap();
    let mut solver = ladderkit::solve::Solver::new(&engine, Default::default(), None).unwrap();
    let odds = solver.odds(&[ladderkit::solve::Player::Bot(ladderkit::engine::Policy::Random); 2]).unwrap();
    let seats: Vec<String> = odds.value.iter().map(|w| format!("{w:.6}")).collect();
    format!("2 players solved: seats [{}], total rolls {:.6}", seats.join(", "), odds.rolls)
}

/// Interacting variants have no exact odds: pin a seeded simulation.
fn simulated(compiled: &ladderkit::core::Compiled, players: u32) -> String {
    let seats = Seats::new(players).unwrap();
    if let Ok(r) = ladderkit::sim::scoreboard::simulate_scores(compiled, seats, 2000, 7) {
        return format!(
            "score track: {} games, {players} players, seed 7\nmean final {:.2?} (plain {:.2?})\n\
             winner changed {}, mean shift {:.4}, lead changes {:.4} (plain {:.4})",
            r.games,
            r.mean_final,
            r.mean_final_plain,
            r.winner_changed,
            r.mean_shift,
            r.mean_lead_changes,
            r.mean_lead_changes_plain
        );
    }
    let engine = Engine::new(compiled, seats).unwrap();
    let options = SimOptions::new(2000, Lineup::all(seats, Policy::Greedy), 7);
    let t = simulate(&engine, &options, None).unwrap();
    let r = t.report();
    let mut out = format!(
        "simulated {} games, {players} greedy bots, seed 7\nmean rolls {:.4}, rounds {:.4}\nseat wins {:?}, shared {}, unfinished {}",
        t.games, r.mean_total_rolls, r.mean_rounds, t.seat_wins, t.shared_wins, t.unfinished
    );
    if let Some(e) = &r.extras {
        out += &format!(
            "\npoints per seat {:.3?}\nchips {:.4}, upgrades {:.4}, powers {:.4}\nactivations {:.4?}, arrow points {:.4}, racer lost {:.4}",
            e.seat_points, e.chips_taken, e.upgrades, e.powers_used, e.activations, e.arrow_points, e.racer_lost
        );
    }
    out
}

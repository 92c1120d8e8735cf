//! The hand-written C simulator the race kernel's speed is measured against
//! (`benches/reference/race.c`, docs/simulate.md "Speed") plays the board it
//! claims to. Compiled with the machine's C compiler, its move table is the
//! one Ladderkit compiles from `variants/milton-bradley.ron`, and its seats'
//! win rates are the exact odds within four standard errors, at two and four
//! seats. A ratio against a simulator of another board would mean nothing.

use std::path::Path;
use std::process::Command;

use ladderkit::analysis::{Options, analyze};
use ladderkit::core::Seats;
use ladderkit::core::board::Outcome;
use ladderkit::core::{TRAY, check_source, compile};

#[test]
fn the_c_reference_plays_milton_bradleys_board() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("race");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/reference/race.c");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let built = Command::new(&cc).args(["-O2", "-o"]).arg(&exe).arg(&source).output();
    let built = built.unwrap_or_else(|e| panic!("{cc} (the C compiler; .ci/run installs it): {e}"));
    assert!(built.status.success(), "{cc}: {}", String::from_utf8_lossy(&built.stderr));
    let spec = check_source(include_str!("../variants/milton-bradley.ron")).spec.unwrap();
    let compiled = compile(&spec);
    let board = &compiled.board;
    let table = Command::new(&exe).arg("table").output().unwrap();
    let rows: Vec<Vec<u32>> = String::from_utf8(table.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    assert_eq!((rows.len(), TRAY, board.goal), (101, 0, 100), "square n is position n, the tray 0");
    for (pos, row) in rows.iter().enumerate().filter(|(pos, _)| *pos != 100) {
        let ours: Vec<u32> =
            (1..=6).map(|face| board.resolve(pos as u32, &Outcome::of(face, false)).step.rest).collect();
        assert_eq!(row, &ours, "from {pos}");
    }
    let games = 400_000u64;
    for players in [2u32, 4] {
        let run = Command::new(&exe).args([games.to_string(), players.to_string()]).output().unwrap();
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        let wins: Vec<u64> =
            String::from_utf8(run.stdout).unwrap().split_whitespace().map(|w| w.parse().unwrap()).collect();
        assert_eq!(wins.len(), players as usize);
        assert_eq!(wins.iter().sum::<u64>(), games, "every game has a winner");
        let exact = analyze(&compiled, &Options { seats: Seats::new(players).unwrap(), ..Options::default() })
            .unwrap()
            .seats
            .win;
        for (seat, (w, p)) in wins.iter().zip(&exact).enumerate() {
            let rate = *w as f64 / games as f64;
            let se = (p * (1.0 - p) / games as f64).sqrt();
            assert!((rate - p).abs() < 4.0 * se, "{players} players, seat {}: {rate} against {p}", seat + 1);
        }
    }
}

//! Simulated score-track games: each turn the current player scores a draw
//! from the variant's points table, snakes and ladders act at the end of
//! the turn, and after the last turn everyone draws a final score. Every
//! game is played twice on the same draws, with and without the snakes
//! and ladders, to measure how much the board reshuffles the result.

use ladderkit_core::spec::{Play, Weighted};
use ladderkit_core::{Compiled, Seats, spec::ScoreTrack};
use ladderkit_engine::scoreboard::{ScoreEvent, Scoreboard};
use ladderkit_engine::{EngineError, GameRng};

#[derive(Debug, Clone, PartialEq)]
pub struct ScoreReport {
    pub games: u64,
    pub seats: Seats,
    /// Mean final score per seat, with the board's snakes and ladders.
    pub mean_final: Vec<f64>,
    /// Wins per seat (ties share: every top scorer counts).
    pub seat_wins: Vec<u64>,
    /// Mean final score per seat on a plain scoreboard, same draws.
    pub mean_final_plain: Vec<f64>,
    /// Games whose winner differs from the plain scoreboard's.
    pub winner_changed: u64,
    /// Mean over games and players of |final − plain final|.
    pub mean_shift: f64,
    /// Mean times the lead changed hands during a game (and on a plain
    /// board).
    pub mean_lead_changes: f64,
    pub mean_lead_changes_plain: f64,
    pub climbs_per_game: f64,
    pub slides_per_game: f64,
}

fn draw(table: &[Weighted], rng: &mut GameRng) -> u32 {
    // Summed in u64: weights come from the file (two of u32::MAX overflow).
    let total: u64 = table.iter().map(|w| u64::from(w.weight)).sum();
    let mut pick = match u32::try_from(total) {
        Ok(0) => return 0,
        Ok(small) => u64::from(rng.below(small)),
        // Multiply-shift on 64 bits, as `below` does on 32.
        Err(_) => ((u128::from(rng.next_u64()) * u128::from(total)) >> 64) as u64,
    };
    for w in table {
        if pick < u64::from(w.weight) {
            return w.value;
        }
        pick -= u64::from(w.weight);
    }
    0
}

/// The seat ahead, if one is strictly ahead.
fn leader(scores: &[u64]) -> Option<usize> {
    let best = *scores.iter().max()?;
    let mut top = scores.iter().enumerate().filter(|(_, s)| **s == best);
    let first = top.next()?.0;
    top.next().is_none().then_some(first)
}

/// Plays `games` games at a table of `seats` from `seed` (the same games
/// whatever else runs).
pub fn simulate_scores(compiled: &Compiled, seats: Seats, games: u64, seed: u64) -> Result<ScoreReport, EngineError> {
    let Play::ScoreTrack(track) = &compiled.board.play else {
        return Err(EngineError::NotAScoreTrack);
    };
    let track: &ScoreTrack = track;
    let mut board = Scoreboard::new(compiled, seats)?;
    let players = seats.count();
    let mut report = ScoreReport {
        games,
        seats,
        mean_final: vec![0.0; players],
        seat_wins: vec![0; players],
        mean_final_plain: vec![0.0; players],
        winner_changed: 0,
        mean_shift: 0.0,
        mean_lead_changes: 0.0,
        mean_lead_changes_plain: 0.0,
        climbs_per_game: 0.0,
        slides_per_game: 0.0,
    };
    let (mut ev, mut plain) = (Vec::new(), vec![0u64; players]);
    let (mut climbs, mut slides, mut changes, mut changes_plain) = (0u64, 0u64, 0u64, 0u64);
    for game in 0..games {
        let mut rng = GameRng::for_game(seed, game);
        board.scores.iter_mut().for_each(|s| *s = 0);
        plain.iter_mut().for_each(|s| *s = 0);
        let (mut lead, mut lead_plain) = (None, None);
        for _round in 0..track.turns {
            for p in 0..players {
                let points = draw(&track.points, &mut rng);
                ev.clear();
                board.score(p, points, &mut ev);
                board.end_turn(&mut ev);
                plain[p] += u64::from(points);
                for e in &ev {
                    match e {
                        ScoreEvent::Climbed { .. } => climbs += 1,
                        ScoreEvent::Slid { .. } => slides += 1,
                        _ => {}
                    }
                }
                for (scores, lead, changes) in
                    [(&board.scores, &mut lead, &mut changes), (&plain, &mut lead_plain, &mut changes_plain)]
                {
                    if let Some(now) = leader(scores) {
                        if lead.is_some_and(|l| l != now) {
                            *changes += 1;
                        }
                        *lead = Some(now);
                    }
                }
            }
        }
        for (p, plain) in plain.iter_mut().enumerate() {
            let points = draw(&track.final_points, &mut rng);
            ev.clear();
            board.final_score(p, points, &mut ev);
            *plain += u64::from(points);
        }
        let best = board.scores.iter().copied().max().unwrap_or(0);
        for (p, (&score, &plain)) in board.scores.iter().zip(&plain).enumerate() {
            report.mean_final[p] += score as f64;
            report.mean_final_plain[p] += plain as f64;
            report.mean_shift += score.abs_diff(plain) as f64;
            if score == best {
                report.seat_wins[p] += 1;
            }
        }
        if leader(&board.scores) != leader(&plain) {
            report.winner_changed += 1;
        }
    }
    let n = games.max(1) as f64;
    report.mean_final.iter_mut().chain(report.mean_final_plain.iter_mut()).for_each(|m| *m /= n);
    report.mean_shift /= n * players.max(1) as f64;
    report.mean_lead_changes = changes as f64 / n;
    report.mean_lead_changes_plain = changes_plain as f64 / n;
    report.climbs_per_game = climbs as f64 / n;
    report.slides_per_game = slides as f64 / n;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use ladderkit_core::{check_source, compile};

    use super::*;

    fn carcassonne(jumps: bool) -> Compiled {
        let text = include_str!("../../../variants/carcassonne-scoreboard.ron");
        let mut spec = check_source(text).spec.unwrap();
        if !jumps {
            spec.jumps.clear();
        }
        compile(&spec)
    }

    #[test]
    fn the_same_seed_gives_the_same_games_and_a_plain_board_changes_nothing() {
        let a = simulate_scores(&carcassonne(true), Seats::new(3).unwrap(), 2000, 9).unwrap();
        assert_eq!(a, simulate_scores(&carcassonne(true), Seats::new(3).unwrap(), 2000, 9).unwrap());
        assert!(a.climbs_per_game > 0.5 && a.slides_per_game > 0.5, "{a:?}");
        assert!(a.winner_changed > 0 && a.mean_shift > 1.0, "{a:?}");
        let plain = simulate_scores(&carcassonne(false), Seats::new(3).unwrap(), 2000, 9).unwrap();
        assert_eq!(plain.winner_changed, 0);
        assert_eq!(plain.mean_shift, 0.0);
        assert_eq!(plain.mean_final, plain.mean_final_plain);
        assert_eq!(plain.mean_lead_changes, plain.mean_lead_changes_plain);
        // Same draws: the plain game is the same whatever the board.
        assert_eq!(a.mean_final_plain, plain.mean_final_plain);
    }

    #[test]
    fn draws_follow_the_weights() {
        let table = [Weighted { value: 1, weight: 1 }, Weighted { value: 9, weight: 3 }];
        let mut rng = GameRng::seed(4);
        let nines = (0..40_000).filter(|_| draw(&table, &mut rng) == 9).count();
        assert!((29_000..31_000).contains(&nines), "{nines}");
        assert_eq!(draw(&[], &mut rng), 0);
    }
}

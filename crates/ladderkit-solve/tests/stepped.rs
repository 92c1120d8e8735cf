//! The whole-game solve stepped one pause at a time, as the editor runs it
//! within its frames, gives the very figures of the solve run at once.

use std::sync::Arc;

use ladderkit_core::Seats;
use ladderkit_core::spec::{Board, Jump};
use ladderkit_core::work::Resumable;
use ladderkit_core::{check_source, compile};
use ladderkit_engine::{Engine, Policy};
use ladderkit_solve::{Limits, Perfect, Player, Progress, Solver};

#[test]
fn stepped_solve_gives_the_figures_of_the_whole_one() {
    let mut spec = check_source(include_str!("../../../variants/treehouse.ron")).spec.unwrap();
    spec.board = Board::Track { spaces: 16, looped: false, first: 1 };
    spec.jumps = vec![Jump::new(2, 9), Jump::new(14, 5)];
    let engine =
        Engine::new(&compile(&spec), Seats::new(2).unwrap()).unwrap().with_first_player(spec.rules.first_player);
    let seats = [Player::Bot(Policy::Greedy), Player::Optimal];
    let at_once = {
        let mut solver = Solver::new(&engine, Limits::default(), None).unwrap();
        (solver.odds(&seats).unwrap(), solver.optimal().unwrap().odds.clone(), solver.skill(|_, _| {}).unwrap())
    };
    let progress = Arc::new(Progress::default());
    let (seen, game) = (progress.clone(), engine.clone());
    let mut work = Resumable::new(async move {
        let mut solver = Solver::new_stepped(&game, Limits::default(), Some(&seen)).await.unwrap();
        let odds = solver.odds_stepped(&seats).await.unwrap();
        let optimal = solver.optimal_stepped().await.unwrap().odds.clone();
        (odds, optimal, solver.skill_stepped(|_, _| {}).await.unwrap())
    });
    let mut pauses = 0;
    let stepped = loop {
        if let Some(done) = work.step() {
            break done;
        }
        pauses += 1;
    };
    assert_eq!(stepped, at_once);
    assert!(pauses > 10, "{pauses} pauses");
    // The perfect bot's solve too: the same values, position for position.
    let perfect = Perfect::solve(&engine, Limits::default(), None).unwrap();
    let game = engine.clone();
    let mut work = Resumable::new(async move { Perfect::solve_stepped(&game, Limits::default(), None).await });
    let stepped = loop {
        if let Some(done) = work.step() {
            break done.unwrap();
        }
    };
    assert_eq!(stepped.positions(), perfect.positions());
    let start = engine.new_game(0);
    use ladderkit_engine::bots::Judge;
    assert_eq!(stepped.worth(&start, 0), perfect.worth(&start, 0));
    assert_eq!(stepped.worth(&start, 1), perfect.worth(&start, 1));
}

//! Solving the two-player Treehouse game exactly, one thread. The aim
//! (issue 15): optimal play in under 2 s, exploration included.

use criterion::{Criterion, criterion_group, criterion_main};
use ladderkit::core::Seats;
use ladderkit::core::{check_source, compile};
use ladderkit::engine::{Engine, Policy};
use ladderkit::solve::{Graph, Limits, Player, Solver};

fn bench(c: &mut Criterion) {
    let spec = check_source(include_str!("../variants/treehouse.ron")).spec.unwrap();
    let engine = Engine::new(&compile(&spec), Seats::new(2).unwrap()).unwrap();
    let mut group = c.benchmark_group("solve treehouse 2 players");
    group.sample_size(10);
    group.bench_function("explore", |b| b.iter(|| Graph::explore(&engine, Limits::default(), None).unwrap()));
    group.bench_function("optimal play (explore + solve)", |b| {
        b.iter(|| Solver::new(&engine, Limits::default(), None).unwrap().optimal().unwrap().odds.clone())
    });
    group.bench_function("greedy vs greedy (explore + picks + evaluate)", |b| {
        b.iter(|| {
            let mut solver = Solver::new(&engine, Limits::default(), None).unwrap();
            solver.odds(&[Player::Bot(Policy::Greedy); 2]).unwrap()
        })
    });
    group.bench_function("skill (everything solve prints)", |b| {
        b.iter(|| Solver::new(&engine, Limits::default(), None).unwrap().skill(|_, _| {}).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

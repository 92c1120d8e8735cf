//! The exact analysis, full `analyze` with four seats, one thread. Targets
//! (issue 13): Milton Bradley < 1 ms; 30 × 30 with 150 jumps < 10 ms;
//! 100 × 100 with 2,000 jumps < 100 ms without the per-jump "ridden at
//! least once" chances and < 1 s with all of them. Then the exact
//! excitement measures: seat by seat at any table (`analyze`'s default;
//! issue 51: with the analysis, ≤ 20 ms on Milton Bradley at four, ≤ 100 ms
//! on 30 × 30 at two, ≤ 1 s on 100 × 100 at two and four; with lost and
//! extra turns too), and over the
//! joint states of a two-player race (`--joint`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ladderkit::analysis::{Metrics, Options, Wanted, analyze, excitement, leader_counts_stepped, table_measures};
use ladderkit::core::Seats;
use ladderkit::core::sample::{big_board, random_board, with_turn_effects};
use ladderkit::core::work::Meter;
use ladderkit::core::{Compiled, check_source, compile};

fn variant(text: &str) -> Compiled {
    compile(&check_source(text).spec.unwrap())
}

fn analysis(c: &mut Criterion) {
    let all = Options { seats: Seats::new(4).unwrap(), ..Options::default() };
    let no_jumps = Options { jump_probabilities: false, ..all };
    let mut group = c.benchmark_group("analyze");
    let mb = variant(include_str!("../variants/milton-bradley.ron"));
    group.bench_function("milton-bradley", |b| b.iter(|| analyze(black_box(&mb), &all).unwrap()));
    let gw = variant(include_str!("../variants/gameweave-large.ron"));
    group.bench_function("gameweave-large", |b| b.iter(|| analyze(black_box(&gw), &all).unwrap()));
    let medium = compile(&random_board(30, 30, 150));
    group.bench_function("30x30, 150 jumps", |b| b.iter(|| analyze(black_box(&medium), &all).unwrap()));
    group.sample_size(10);
    let big = compile(&big_board());
    group.bench_function("100x100, 2000 jumps, no per-jump chances", |b| {
        b.iter(|| analyze(black_box(&big), &no_jumps).unwrap())
    });
    group.bench_function("100x100, 2000 jumps", |b| b.iter(|| analyze(black_box(&big), &all).unwrap()));
    group.finish();
    // The exact excitement measures of a two-player race (lead changes,
    // comeback, uncertainty; `docs/analysis.md`).
    let mut group = c.benchmark_group("excitement");
    group.sample_size(10);
    for (name, board) in [("milton-bradley", &mb.board), ("30x30, 150 jumps", &medium.board)] {
        group.bench_function(format!("{name} 2 players"), |b| {
            b.iter(|| excitement(black_box(board), &Options::default(), &|_| false).unwrap())
        });
    }
    // The tuner's figure alone: expected lead changes in one solve.
    let wanted = Wanted { lead_changes: true, ..Wanted::default() };
    for (name, compiled) in [("milton-bradley", &mb), ("30x30, 150 jumps", &medium)] {
        let playable = compiled.playable().unwrap();
        group.bench_function(format!("{name} lead changes alone"), |b| {
            b.iter(|| Metrics::compute(black_box(&playable), &wanted).unwrap())
        });
    }
    // Seat by seat at any table: leader and lead changes, comeback, photo
    // finish (`analyze`'s default excitement).
    // The same with lost and extra turns (a turn none, one or several
    // rolls: the turn chain).
    let mb_turns =
        compile(&with_turn_effects(check_source(include_str!("../variants/milton-bradley.ron")).spec.unwrap()));
    let big_turns = compile(&with_turn_effects(big_board()));
    for (name, board) in [
        ("milton-bradley", &mb.board),
        ("30x30, 150 jumps", &medium.board),
        ("100x100, 2000 jumps", &big.board),
        ("milton-bradley with turns", &mb_turns.board),
        ("100x100, 2000 jumps with turns", &big_turns.board),
    ] {
        for players in [2, 4] {
            let seats = Seats::new(players).unwrap();
            group.bench_function(format!("{name} {players} players, seat by seat"), |b| {
                b.iter(|| table_measures(black_box(board), seats, &Options::default()).unwrap())
            });
        }
    }
    // The distribution of leader changes over every seat's joint state
    // (`analyze --joint` at three or more): its cost is the places to the
    // power of the seats.
    let (six_by_five, four_by_four) = (compile(&random_board(6, 5, 6)), compile(&random_board(4, 4, 3)));
    for (name, small, players) in [("6x5, 6 jumps", &six_by_five, 3), ("4x4, 3 jumps", &four_by_four, 4)] {
        let seats = Seats::new(players).unwrap();
        group.bench_function(format!("{name} {players} players, leader changes over the joint states"), |b| {
            let (options, meter) = (Options::default(), Meter::default());
            b.iter(|| {
                let work = leader_counts_stepped(black_box(&small.board), seats, &options, &meter, &|| false);
                ladderkit::core::work::run(work).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);

//! The editor reruns every check on each edit, so checking a large board
//! must take well under a frame (16 ms). Also times the exact analysis.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ladderkit::analysis::{Options, analyze};
use ladderkit::core::spec::{Jump, Overshoot, PathStyle, VariantSpec};
use ladderkit::core::{check_source, compile, to_string};

/// A 100 × 100 board with 2,000 jumps on distinct feet, from a fixed LCG
/// (no RNG crate needed, the same board every run).
fn big_board() -> VariantSpec {
    let mut spec = VariantSpec::new_grid("bench", 100, 100, PathStyle::Boustrophedon);
    spec.rules.overshoot = Overshoot::Bounce;
    let mut state: u64 = 0x5eed;
    let mut next = move |n: u32| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) % u64::from(n)) as u32
    };
    let mut used = vec![false; 10_001];
    while spec.jumps.len() < 2000 {
        let (from, to) = (2 + next(9997), 1 + next(9999));
        if from != to && !used[from as usize] {
            used[from as usize] = true;
            spec.jumps.push(Jump::new(from, to));
        }
    }
    spec
}

fn checks(c: &mut Criterion) {
    let spec = big_board();
    let text = to_string(&spec);
    c.bench_function("compile+check 100x100, 2000 jumps", |b| b.iter(|| compile(black_box(&spec))));
    c.bench_function("parse+compile+check 100x100, 2000 jumps", |b| b.iter(|| check_source(black_box(&text))));
}

fn analysis(c: &mut Criterion) {
    let mb = check_source(include_str!("../variants/milton-bradley.ron")).spec.unwrap();
    let compiled = compile(&mb);
    let options = Options { players: 4, ..Options::default() };
    c.bench_function("analyze milton-bradley (4 players)", |b| b.iter(|| analyze(black_box(&compiled), &options)));
    let gw = check_source(include_str!("../variants/gameweave-large.ron")).spec.unwrap();
    let compiled = compile(&gw);
    c.bench_function("analyze gameweave-large (4 players)", |b| b.iter(|| analyze(black_box(&compiled), &options)));
}

criterion_group!(benches, checks, analysis);
criterion_main!(benches);

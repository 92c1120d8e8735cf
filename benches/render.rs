//! `ladderkit render` on the largest boards: a 100 × 100 board with 2,000
//! jumps must draw (SVG) and rasterise (PNG, A4 at 150 dpi) well under a
//! second.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ladderkit::core::spec::{Jump, PathStyle, VariantSpec};
use ladderkit::render::{BoardOptions, board_svg, png};

/// 2,000 jumps on distinct feet from a fixed LCG: the same board every run.
fn big_board() -> VariantSpec {
    let mut spec = VariantSpec::new_grid("bench", 100, 100, PathStyle::Boustrophedon);
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

fn render(c: &mut Criterion) {
    let spec = big_board();
    let options = BoardOptions::default();
    c.bench_function("render SVG 100x100, 2000 jumps", |b| b.iter(|| board_svg(black_box(&spec), &options)));
    let svg = board_svg(&spec, &options);
    let mut group = c.benchmark_group("slow");
    group.sample_size(10);
    group.bench_function("render PNG 100x100, 2000 jumps, A4 150 dpi", |b| b.iter(|| png(black_box(&svg), 150.0)));
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);

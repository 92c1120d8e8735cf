//! `ladderkit render` on the largest boards: a 100 × 100 board with 2,000
//! jumps must draw (SVG) and rasterise (PNG, A4 at 150 dpi) well under a
//! second.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ladderkit::core::sample::big_board;
use ladderkit::render::{BoardOptions, board_svg, png};

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

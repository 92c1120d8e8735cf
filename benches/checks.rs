//! The editor reruns every check on each edit, so checking a large board
//! must take well under a frame (16 ms). The exact analysis has its own
//! bench (`analysis`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ladderkit::core::sample::big_board;
use ladderkit::core::{check_source, compile, to_string};

fn checks(c: &mut Criterion) {
    let spec = big_board();
    let text = to_string(&spec);
    c.bench_function("compile+check 100x100, 2000 jumps", |b| b.iter(|| compile(black_box(&spec))));
    c.bench_function("parse+compile+check 100x100, 2000 jumps", |b| b.iter(|| check_source(black_box(&text))));
}

criterion_group!(benches, checks);
criterion_main!(benches);

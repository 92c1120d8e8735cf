//! The editor reruns every check on each edit, so checking a large board
//! must take well under a frame (16 ms). Also times the exact analysis.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ladderkit::analysis::{Options, analyze};
use ladderkit::core::{check_source, compile, to_string};
use support::big_board;

mod support;

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

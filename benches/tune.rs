//! Candidate boards judged per second by the tuner, one thread, on the
//! 10 × 10 Milton Bradley board. The aim (issue 13): at least 10,000 a
//! second for an expected-turns target; with space effects in play (issue
//! 52), at least 5,000. A target no board meets keeps the search going for
//! the whole budget.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ladderkit::core::{Seats, check_source};
use ladderkit::tune::{EffectKind, EffectLimits, Goal, Limits, Settings, Target, tune};

const CANDIDATES: u64 = 2000;

fn bench(c: &mut Criterion) {
    let mb = check_source(include_str!("../variants/milton-bradley.ron")).spec.unwrap();
    let jumps_only = Limits::keeping_counts(&mb.jumps);
    // Every jump kept, and up to eight spaces of each kind of effect.
    let mut effects = EffectLimits::keeping_counts(&mb.effects);
    for kind in EffectKind::ALL {
        effects.set_range(kind, 0..=8);
    }
    let with_effects = Limits {
        keep: mb.jumps.iter().map(|j| (j.from, j.to)).collect(),
        effects: Some(effects),
        ..jumps_only.clone()
    };
    let mut group = c.benchmark_group("tune milton-bradley");
    group.throughput(Throughput::Elements(CANDIDATES));
    group.sample_size(10);
    for (name, targets, limits) in [
        ("expected turns", vec![Target::Turns(1.0)], &jumps_only),
        ("p90", vec![Target::Percentile { percent: 90, rolls: 1 }], &jumps_only),
        ("seat edge, 4 players", vec![Target::SeatEdge { players: Seats::new(4).unwrap(), edge: -1.0 }], &jumps_only),
        ("expected turns, effects placed", vec![Target::Turns(1.0)], &with_effects),
        ("lead changes, effects placed", vec![Target::LeadChanges(100.0)], &with_effects),
    ] {
        let goal = Goal { targets, tolerance: 0.01 };
        group.bench_function(name, |b| {
            b.iter(|| {
                let settings = Settings { seed: 1, fresh: false, keep_layout: 0 };
                let budget = |p: &ladderkit::tune::Progress| Some(p.evaluated as f64 / CANDIDATES as f64);
                tune(&mb, &goal, limits, &settings, &mut { budget }).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

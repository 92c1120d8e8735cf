//! Games per second, one thread. The target on these 2-core machines: at
//! least 15 million one-player Milton Bradley games per second, and a
//! million Treehouse games per second per core with random bots.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ladderkit::core::spec::{Dice, FirstPlayer, Play, PlayerRange, Treehouse};
use ladderkit::core::{check_source, compile};
use ladderkit::engine::{Engine, Policy};
use ladderkit::sim::{Options, Shard, simulate};

const GAMES: u64 = 100_000;

fn engine(players: u32, treehouse: bool) -> Engine {
    let mut spec = check_source(include_str!("../variants/milton-bradley.ron")).spec.unwrap();
    if treehouse {
        spec.rules.dice = Dice { count: 2, sides: 6 };
        spec.rules.players = PlayerRange { min: 2, max: 5 };
        spec.rules.play = Play::Treehouse(Treehouse::default());
    }
    Engine::new(&compile(&spec), players, (1, 16)).unwrap().with_first_player(FirstPlayer::Seat1)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    for (name, players, treehouse, engine_only) in [
        ("milton-bradley 1 player", 1, false, false),
        ("milton-bradley 4 players", 4, false, false),
        ("milton-bradley 1 player, full engine", 1, false, true),
        ("treehouse 2 players, random bots", 2, true, false),
    ] {
        let e = engine(players, treehouse);
        let options = Options {
            games: GAMES,
            seats: vec![Policy::Random; players as usize],
            seed: 1,
            threads: 1,
            engine_only,
            shard: Shard::WHOLE,
        };
        group.bench_function(name, |b| b.iter(|| simulate(&e, &options, None)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

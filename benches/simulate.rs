//! Games per second, one thread. The target on these 2-core machines: at
//! least 15 million one-player Milton Bradley games per second, and a
//! million Treehouse games per second per core with random bots.
//!
//! `baseline` rows are the plain loop a hand-written C simulator runs (issue
//! 16's reference, in C: `reference/race.c`, compared in docs/simulate.md): one xoshiro256** draw and one table lookup per roll,
//! players in turn, the first home wins, only the winner counted. The ratio
//! of a `milton-bradley N players` row to its baseline is the figure the
//! race kernel is measured by (it also keeps heat, rides, lead changes and
//! percentiles, and draws the engine's dice: 32 bits a roll from each
//! game's own generator). The rows with 1 to 6 players run 64 games at a
//! time on a processor with AVX-512 (Milton Bradley is a board in landing
//! form: `race/pairs/wide/landing_form.rs`), eight with AVX2 (other plain
//! boards too: `race/pairs/wide.rs`), four elsewhere.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ladderkit::core::Seats;
use ladderkit::core::board::Outcome;
use ladderkit::core::spec::{Dice, FirstPlayer, Play, PlayerRange, Treehouse};
use ladderkit::core::{CompiledBoard, TRAY, check_source, compile};
use ladderkit::engine::{Engine, Lineup, Policy};
use ladderkit::sim::{Options, RacePath, Width, simulate};

const GAMES: u64 = 100_000;

fn engine(players: u32, treehouse: bool) -> Engine {
    let mut spec = check_source(include_str!("../variants/milton-bradley.ron")).spec.unwrap();
    if treehouse {
        spec.rules.dice = Dice { count: 2, sides: 6 };
        spec.rules.players = PlayerRange { min: 2, max: 5 };
        spec.rules.play = Play::Treehouse(Treehouse::default());
    }
    Engine::new(&compile(&spec), Seats::new(players).unwrap()).unwrap().with_first_player(FirstPlayer::Seat1)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    let run = |e: &Engine, policy: Policy, games: u64, engine_only: bool| Options {
        threads: 1,
        engine_only,
        ..Options::new(games, Lineup::all(e.seats(), policy), 1)
    };
    for (name, players, treehouse, engine_only) in [
        ("milton-bradley 1 player", 1, false, false),
        ("milton-bradley 2 players", 2, false, false),
        ("milton-bradley 4 players", 4, false, false),
        ("milton-bradley 1 player, full engine", 1, false, true),
        ("milton-bradley 2 players, full engine", 2, false, true),
        ("treehouse 2 players, random bots", 2, true, false),
    ] {
        let e = engine(players, treehouse);
        let options = run(&e, Policy::Random, GAMES, engine_only);
        group.throughput(Throughput::Elements(GAMES));
        group.bench_function(name, |b| b.iter(|| simulate(&e, &options, None).unwrap()));
    }
    // What each of the race kernel's loops buys over the next simpler one,
    // in the same run (the rows above take the fastest this processor has;
    // widths it lacks are left out).
    for players in [1u32, 2, 4] {
        let e = engine(players, false);
        let seats = if players == 1 { "1 player".to_string() } else { format!("{players} players") };
        let paths = [RacePath::General]
            .into_iter()
            .chain(Width::ALL.into_iter().filter(|w| w.here() && *w != Width::SixtyFour).map(RacePath::Pairs));
        for fastest in paths {
            let options = Options { fastest, ..run(&e, Policy::Random, GAMES, false) };
            group.throughput(Throughput::Elements(GAMES));
            group.bench_function(format!("milton-bradley {seats}, at most {}", fastest.name()), |b| {
                b.iter(|| simulate(&e, &options, None).unwrap())
            });
        }
    }
    // Issue 16's full-engine rows, on the bundled variants: thinking bots,
    // chips and arrows (greedy and lookahead Treehouse bots now run on the
    // Treehouse kernel, chips and arrows on the extras kernel; the
    // lookahead bot remembers the positions it rated, so a longer run goes
    // faster: compare rows of the same length).
    for (name, source, players, policy, games) in [
        ("treehouse 2 players, greedy bots", include_str!("../variants/treehouse.ron"), 2, Policy::Greedy, 20_000),
        ("treehouse 2 players, lookahead bots", include_str!("../variants/treehouse.ron"), 2, Policy::Lookahead, 2_000),
        ("treehouse 3 players, lookahead bots", include_str!("../variants/treehouse.ron"), 3, Policy::Lookahead, 500),
        ("treehouse 4 players, lookahead bots", include_str!("../variants/treehouse.ron"), 4, Policy::Lookahead, 200),
        (
            "taiwan chips 3 players, greedy bots",
            include_str!("../variants/taiwan-chips.ron"),
            3,
            Policy::Greedy,
            20_000,
        ),
        (
            "anniversary arrows 2 players, greedy bots",
            include_str!("../variants/anniversary-arrows.ron"),
            2,
            Policy::Greedy,
            20_000,
        ),
        // Extra turns on a 6: one game at a time, lead changes from the
        // mover alone, reads counted per entry.
        ("gameweave-large 2 players", include_str!("../variants/gameweave-large.ron"), 2, Policy::Random, 100_000),
        ("gameweave-large 4 players", include_str!("../variants/gameweave-large.ron"), 4, Policy::Random, 100_000),
        // Issue 17: geese, wells and bumping; a board dealt per game.
        ("game of the goose 2 players", include_str!("../variants/game-of-the-goose.ron"), 2, Policy::Random, 20_000),
        (
            "random board 2 players, dealt per game",
            include_str!("../variants/random-board.ron"),
            2,
            Policy::Random,
            5_000,
        ),
    ] {
        let spec = check_source(source).spec.unwrap();
        let e = Engine::new(&compile(&spec), Seats::new(players).unwrap())
            .unwrap()
            .with_first_player(spec.rules.first_player);
        let deal = spec.random_jumps.is_some().then(|| std::sync::Arc::new(spec.clone()));
        let options = Options { deal, ..run(&e, policy, games, false) };
        group.throughput(Throughput::Elements(games));
        group.bench_function(name, |b| b.iter(|| simulate(&e, &options, None).unwrap()));
    }
    group.throughput(Throughput::Elements(GAMES));
    let board = compile(&check_source(include_str!("../variants/milton-bradley.ron")).spec.unwrap()).board;
    let table = Baseline::table(&board);
    for players in [2usize, 4] {
        group.bench_function(format!("baseline {players} players"), |b| {
            b.iter(|| Baseline::run(&table, board.goal, players, GAMES))
        });
    }
    group.finish();
}

/// The reference loop: a d6 race on a lookup table.
struct Baseline;

impl Baseline {
    /// `next[pos * 6 + face - 1]`: where a roll of `face` from `pos` rests
    /// (the board's own movement rules, once).
    fn table(board: &CompiledBoard) -> Vec<u32> {
        let mut next = Vec::with_capacity(board.points.len() * 6);
        for pos in 0..board.points.len() as u32 {
            for face in 1..=6 {
                let outcome = Outcome::of(face, false);
                next.push(board.resolve(pos, &outcome).step.rest);
            }
        }
        next
    }

    /// Plays `games` races; the wins per seat (so the work is not optimised
    /// away).
    fn run(next: &[u32], goal: u32, players: usize, games: u64) -> [u64; 4] {
        let mut rng = Xoshiro256StarStar([0x9e37_79b9_7f4a_7c15, 0xbf58_476d_1ce4_e5b9, 0x94d0_49bb_1331_11eb, 1]);
        let mut wins = [0u64; 4];
        let mut pos = [TRAY; 4];
        for _ in 0..games {
            pos[..players].fill(TRAY);
            'game: loop {
                for seat in 0..players {
                    // Lemire's multiply: a roll 0..6 from the top bits.
                    let face = ((rng.next() >> 32) * 6) >> 32;
                    let p = next[pos[seat] as usize * 6 + face as usize];
                    pos[seat] = p;
                    if p == goal {
                        wins[seat] += 1;
                        break 'game;
                    }
                }
            }
        }
        wins
    }
}

/// xoshiro256** (Blackman and Vigna), as the C reference draws.
struct Xoshiro256StarStar([u64; 4]);

impl Xoshiro256StarStar {
    #[inline]
    fn next(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

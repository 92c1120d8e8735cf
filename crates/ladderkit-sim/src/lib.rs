//! Simulating many games: each game gets its own generator from the run's
//! seed and its index, games are counted in integers, and the totals are
//! added up in any order, so a seed gives the same report whatever the
//! number of threads.

mod extras;
mod options;
mod race;
pub mod scoreboard;
mod tally;
mod treehouse;
mod worker;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use ladderkit_core::SeatsError;
use ladderkit_engine::{Engine, GameRng, play_turn};
use rayon::prelude::*;

use crate::tally::lead::Leader;
use crate::worker::Worker;

pub use extras::ExtrasKernel;
pub use options::{Options, Shard};
pub use race::pairs::Width;
pub use race::{RaceKernel, RacePath};
pub use tally::excitement::{ExcitementReport, ExcitementTally};
pub use tally::extras::{ExtrasReport, ExtrasTally};
pub use tally::{Histogram, Report, Summary, Tally};
pub use treehouse::{Memo as TreehouseMemo, TreehouseKernel};

/// How many games `options` plays: all of them, or its shard's blocks.
pub fn games_in(engine: &Engine, options: &Options) -> u64 {
    if options.shard == Shard::WHOLE {
        return options.games;
    }
    options.shard.games(options.games, block_size_of(engine, options))
}

/// The size of the blocks a run is counted in (the kernel that plays it
/// decides; building one builds its tables, so ask once).
pub fn block_size_of(engine: &Engine, options: &Options) -> u64 {
    block_size(Kernel::new(engine, options).as_ref())
}

fn block_size(kernel: Option<&Kernel>) -> u64 {
    kernel.map_or(ENGINE_BLOCK, Kernel::block_size)
}

/// Games are handed out in blocks (the race kernel says how large its are);
/// progress moves per block. The engine's games (bots) take microseconds.
const ENGINE_BLOCK: u64 = 256;
const TREEHOUSE_BLOCK: u64 = 4096;
/// The race kernel's games take nanoseconds.
const RACE_BLOCK: u64 = 1 << 16;

/// Simulates `options.games` games, bumping `progress` as blocks finish;
/// refuses a lineup seated for another table than the engine's.
pub fn simulate(engine: &Engine, options: &Options, progress: Option<&AtomicU64>) -> Result<Tally, SeatsError> {
    simulate_until(engine, options, progress, &AtomicBool::new(false))
}

/// `simulate` that ends early once `stop` is set (a time limit, a newer
/// edit): blocks not begun are skipped and the engine ends a block after the
/// game it is playing, so the tally holds fewer games than asked
/// (`Tally::games` says how many). Which games those are depends on timing,
/// so only a run that was not stopped is reproducible.
pub fn simulate_until(
    engine: &Engine,
    options: &Options,
    progress: Option<&AtomicU64>,
    stop: &AtomicBool,
) -> Result<Tally, SeatsError> {
    engine.seats().check_list("bots", options.seats.len())?;
    let kernel = Kernel::new(engine, options);
    let block = block_size(kernel.as_ref());
    // This shard's blocks, `first`, `first + step`, …: only those are
    // visited (a run may be of 2^64 games), and none once `stop` is set.
    let (first, step) = (options.shard.index, options.shard.count.max(1));
    let blocks = options.games.div_ceil(block);
    let mine = if first < blocks { (blocks - 1 - first) / step + 1 } else { 0 };
    let play_block = |worker: &mut Worker, i: u64| {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let start = (first + i * step) * block;
        let games = start..start + block.min(options.games - start);
        let tally = simulate_range(engine, kernel.as_ref(), options, games, worker, stop);
        if let Some(p) = progress {
            p.fetch_add(tally.games, Ordering::Relaxed);
        }
        Some(tally)
    };
    // Tallies are integer counts, so the order blocks are added in does not
    // matter: one thread or many give the same result.
    if options.threads == 1 {
        let mut worker = Worker::for_run(options);
        return Ok((0..mine).map_while(|i| play_block(&mut worker, i)).fold(tally_for(engine, options), Tally::merge));
    }
    let run = || {
        (0..mine)
            .into_par_iter()
            .map_init(|| Worker::for_run(options), play_block)
            .while_some()
            .reduce(|| tally_for(engine, options), Tally::merge)
    };
    Ok(if options.threads == 0 {
        run()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(options.threads).build() {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        }
    })
}

/// An empty tally for a run: without per-jump rides when each game deals
/// its own jumps (what a run's parts merge into).
pub fn tally_for(engine: &Engine, options: &Options) -> Tally {
    let mut tally = Tally::new(engine);
    if options.deal.is_some() {
        tally.jumps.clear();
    }
    tally.excitement = options.excitement.then(ExcitementTally::default);
    tally
}

/// Game `game`'s own engine when the variant deals its jumps per game
/// (`None` for the others, and should dealing ever fail for a game, which
/// then plays on game 0's board, the one the checks passed).
fn dealt_engine(engine: &Engine, options: &Options, game: u64) -> Option<Engine> {
    let compiled = ladderkit_core::compile_game(options.deal.as_deref()?, game);
    let board = compiled.playable()?;
    Some(Engine::from_board(board, engine.seats(), engine.first_player()))
}

/// A faster way to play the engine's very games, when the variant allows.
#[derive(Debug)]
enum Kernel {
    /// Classic races whose pieces never meet.
    Race(RaceKernel),
    /// The basic Treehouse game with random, greedy and lookahead bots.
    Treehouse(TreehouseKernel),
    /// Classic races with points, chips and arrows.
    Extras(ExtrasKernel),
}

impl Kernel {
    fn new(engine: &Engine, options: &Options) -> Option<Self> {
        match Runner::of(engine, options) {
            Runner::Engine => None,
            Runner::RaceKernel => {
                RaceKernel::new(engine).map(|k| Self::Race(k.for_run(options.turn_limit, options.fastest)))
            }
            Runner::TreehouseKernel => {
                TreehouseKernel::new(engine, &options.seats).map(|k| Self::Treehouse(k.for_run(options.turn_limit)))
            }
            Runner::ExtrasKernel => ExtrasKernel::new(engine, &options.seats).map(Self::Extras),
        }
    }

    fn block_size(&self) -> u64 {
        match self {
            Self::Race(_) => RACE_BLOCK,
            // Lookahead games take a millisecond: the engine's blocks, so
            // progress moves as often (and shards cut alike).
            Self::Treehouse(k) if k.thinks() => ENGINE_BLOCK,
            Self::Treehouse(_) => TREEHOUSE_BLOCK,
            // The engine's blocks: a run cut into shards is cut alike
            // whichever plays it.
            Self::Extras(_) => ENGINE_BLOCK,
        }
    }
}

/// What plays a run's games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runner {
    Engine,
    RaceKernel,
    TreehouseKernel,
    ExtrasKernel,
}

impl Runner {
    /// Which one `simulate` uses (deciding builds no table).
    pub fn of(engine: &Engine, options: &Options) -> Self {
        if options.engine_only || options.excitement || options.deal.is_some() {
            Self::Engine
        } else if RaceKernel::applies(engine) {
            Self::RaceKernel
        } else if TreehouseKernel::applies(engine, &options.seats) {
            Self::TreehouseKernel
        } else if ExtrasKernel::applies(engine, &options.seats) {
            Self::ExtrasKernel
        } else {
            Self::Engine
        }
    }

    /// For people: "full engine", "race kernel", "Treehouse kernel",
    /// "extras kernel".
    pub fn label(self) -> &'static str {
        match self {
            Self::Engine => "full engine",
            Self::RaceKernel => "race kernel",
            Self::TreehouseKernel => "Treehouse kernel",
            Self::ExtrasKernel => "extras kernel",
        }
    }

    /// For scripts: "engine", "race-kernel", "treehouse-kernel",
    /// "extras-kernel".
    pub fn key(self) -> &'static str {
        match self {
            Self::Engine => "engine",
            Self::RaceKernel => "race-kernel",
            Self::TreehouseKernel => "treehouse-kernel",
            Self::ExtrasKernel => "extras-kernel",
        }
    }
}

/// One block of games: the race kernel when pieces cannot meet, the full
/// engine otherwise.
fn simulate_range(
    engine: &Engine,
    kernel: Option<&Kernel>,
    options: &Options,
    games: std::ops::Range<u64>,
    worker: &mut Worker,
    stop: &AtomicBool,
) -> Tally {
    let mut tally = tally_for(engine, options);
    match kernel {
        Some(Kernel::Race(k)) => {
            k.play_range(options.seed, games, engine.seats(), &mut worker.kernel, &mut tally);
            return tally;
        }
        Some(Kernel::Treehouse(k)) => {
            k.play_range(options.seed, games, &mut worker.treehouse, &mut tally);
            return tally;
        }
        Some(Kernel::Extras(k)) => {
            k.play_range(engine, options, games, worker, stop, &mut tally);
            return tally;
        }
        None => {}
    }
    let Worker { workspace: ws, bot, counter, watch, .. } = worker;
    counter.start_block(engine, options.deal.is_some());
    for g in games {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let dealt = dealt_engine(engine, options, g);
        let engine = dealt.as_ref().unwrap_or(engine);
        if dealt.is_some() {
            counter.new_board(engine);
        }
        let mut state = engine.new_game(g);
        let mut dice = GameRng::for_game(options.seed, g);
        let mut choices = dice.fork(1);
        let mut leader = Leader::default();
        watch.start();
        let mut turns = 0;
        while !state.is_over() && turns < options.turn_limit {
            turns += 1;
            play_turn(engine, &mut state, &mut dice, ws, counter, |s, plans| {
                options.seats[s.current as usize].choose(engine, s, plans, &mut choices, bot)
            });
            leader.update(engine, &state);
            if tally.excitement.is_some() {
                watch.turn_played(engine, &state);
            }
        }
        if let Some(excitement) = &mut tally.excitement {
            watch.game_over(engine, &state, leader.changes, excitement);
        }
        tally.add_game(&state, leader.changes);
        counter.end_game(&state);
    }
    counter.add_to(&mut tally);
    tally
}

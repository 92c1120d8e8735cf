//! What a run asks for: how many games, who sits where, the seed, the
//! threads, which part of the run, and the limits the harness lowers.

use std::sync::Arc;

use ladderkit_engine::Lineup;
use ladderkit_engine::bots::Judge;

use crate::race::RacePath;

#[derive(Debug, Clone)]
pub struct Options {
    pub games: u64,
    /// Who plays each seat; `simulate` refuses a lineup for another table
    /// than the engine's.
    pub seats: Lineup,
    pub seed: u64,
    /// Worker threads; 0 uses every core.
    pub threads: usize,
    /// Play every game through the full engine even when the race kernel
    /// could (it gives the same games; this is for checking that).
    pub engine_only: bool,
    /// Which part of the run to play (all of it unless sharded).
    pub shard: Shard,
    /// What `Policy::Perfect` seats play by (`ladderkit_solve::Perfect`).
    pub judge: Option<Arc<dyn Judge>>,
    /// The variant, when it deals its jumps afresh each game
    /// (`random_jumps`): game `i` is played on `compile_game(deal, i)`, by
    /// the full engine, and rides are not counted per jump (the jumps
    /// differ from game to game).
    pub deal: Option<Arc<ladderkit_core::VariantSpec>>,
    /// Turns after which a game stops unfinished: the engine's
    /// `MAX_TURNS`, lowered by the harness so that every path's cut games
    /// are compared too.
    pub turn_limit: u32,
    /// The fastest loop the race kernel may take (it takes the fastest its
    /// board and the processor allow up to this): `RacePath::FASTEST`,
    /// lowered by the harness and the bench to hold and size each loop.
    pub fastest: RacePath,
    /// Also count each game's excitement (`Tally::excitement`): the full
    /// engine plays every game, turn by turn.
    pub excitement: bool,
}

impl Options {
    /// `games` games seeded `seed`, one seat per policy in `seats`: the
    /// whole run, on every core, on the fastest path, to the engine's turn
    /// limit.
    pub fn new(games: u64, seats: Lineup, seed: u64) -> Self {
        Options {
            games,
            seats,
            seed,
            threads: 0,
            engine_only: false,
            shard: Shard::WHOLE,
            judge: None,
            deal: None,
            turn_limit: ladderkit_engine::MAX_TURNS as u32,
            fastest: RacePath::FASTEST,
            excitement: false,
        }
    }
}

/// Part `index` (from 0) of a run cut into `count`: the blocks of games
/// `index, index + count, index + 2 count, …`. Blocks are the units the
/// run is counted in whatever the threads, so the parts' tallies add up to
/// the whole run's exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    fn has(self, block: u64) -> bool {
        block % self.count.max(1) == self.index
    }

    /// The games this shard plays of a run of `games` counted in blocks of
    /// `block` (`block_size_of`).
    /// Counted, not walked block by block: a part file may claim a run of
    /// 2^64 games.
    pub fn games(self, games: u64, block: u64) -> u64 {
        let (blocks, count) = (games.div_ceil(block), self.count.max(1));
        if self.index >= blocks {
            return 0;
        }
        let mine = (blocks - 1 - self.index) / count + 1;
        let last = blocks - 1;
        if self.has(last) { (mine - 1) * block + (games - last * block) } else { mine * block }
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn a_shards_games_are_counted_as_its_blocks_add_up() {
        for games in 0..200u64 {
            for block in 1..9 {
                for count in 1..7 {
                    let walked: Vec<u64> = (0..count)
                        .map(|index| {
                            let shard = Shard { index, count };
                            (0..games.div_ceil(block))
                                .filter(|b| shard.has(*b))
                                .map(|b| ((b + 1) * block).min(games) - b * block)
                                .sum()
                        })
                        .collect();
                    let counted: Vec<u64> =
                        (0..count).map(|index| Shard { index, count }.games(games, block)).collect();
                    assert_eq!(counted, walked, "{games} games in blocks of {block}, {count} parts");
                }
            }
        }
        // At once, where walking would take years.
        let halves = [0, 1].map(|index| Shard { index, count: 2 }.games(u64::MAX, 256));
        assert_eq!(halves, [1 << 63, u64::MAX / 2]);
    }
}

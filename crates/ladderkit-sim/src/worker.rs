//! A thread's buffers, reused from block to block by whichever kernel or
//! the engine plays its games.

use ladderkit_engine::Workspace;
use ladderkit_engine::bots::BotScratch;

use crate::options::Options;
use crate::race::Scratch;
use crate::tally::counter::Counter;
use crate::tally::excitement::Watch;
use crate::treehouse::Memo;

#[derive(Debug, Default)]
pub(crate) struct Worker {
    pub(crate) kernel: Scratch,
    pub(crate) workspace: Workspace,
    pub(crate) bot: BotScratch,
    pub(crate) counter: Counter,
    /// The Treehouse kernel's lookahead ratings, kept from block to block.
    pub(crate) treehouse: Memo,
    /// Follows each game's excitement, when the run counts it.
    pub(crate) watch: Watch,
}

impl Worker {
    pub(crate) fn for_run(options: &Options) -> Self {
        Self { bot: BotScratch::with_judge(options.judge.clone()), ..Self::default() }
    }
}

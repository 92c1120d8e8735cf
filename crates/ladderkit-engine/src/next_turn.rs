//! Whether a seat could win on its next turn from a position: every roll
//! of the dice, and every choice where the turn has one, tried through the
//! engine's own turn functions (the photo finish of the excitement
//! measures: the simulator's and the solved game's).

use crate::engine::{Engine, Turn, Workspace};
use crate::state::State;

/// Buffers for `could_win_next_turn`, reused from call to call.
#[derive(Debug, Default)]
pub struct NextTurn {
    base: State,
    probe: State,
    after: State,
    workspace: Workspace,
}

impl NextTurn {
    /// Whether `seat`, were it to take its turn from `s` now (whoever has
    /// won or is to move in `s`), could win on it.
    pub fn could_win(&mut self, engine: &Engine, s: &State, seat: u8) -> bool {
        self.base.clone_from(s);
        self.base.winners = 0;
        self.base.current = seat;
        self.base.pending = None;
        self.base.turns_in_row = 1;
        // How many dice the turn reads, settled before the first.
        let mut reads = 0u32;
        self.probe.clone_from(&self.base);
        engine.begin_turn_with(
            &mut self.probe,
            &mut |_| {
                reads += 1;
                1
            },
            &mut (),
        );
        let sides = engine.board().dice.sides;
        let Self { base, probe, after, workspace } = self;
        (0..sides.pow(reads)).any(|sequence| {
            probe.clone_from(base);
            let mut left = sequence;
            let roll = &mut |sides: u32| {
                let face = left % sides + 1;
                left /= sides;
                face
            };
            match engine.begin_turn_with(probe, roll, &mut ()) {
                Turn::Choose => {
                    engine.legal_plans(probe, workspace);
                    workspace.plans.iter().any(|plan| {
                        after.clone_from(probe);
                        engine.apply(after, plan, &mut ());
                        after.winners >> seat & 1 == 1
                    })
                }
                Turn::Done | Turn::Over => probe.winners >> seat & 1 == 1,
            }
        })
    }
}

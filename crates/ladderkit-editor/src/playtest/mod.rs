//! Play-test: the engine plays the design as it stands, people and bots at
//! the table, every event animated. Entering compiles nothing new (the live
//! checks already did) and leaving drops the game: the document is never
//! touched, so the design comes back exactly as it was.

pub mod motion;
pub mod perfect;
pub mod scores;
pub mod session;
pub mod together;

use bevy::prelude::*;
use ladderkit::core::spec::MAX_PLAYERS;
use ladderkit::engine::{Policy, Seat};

use crate::checks::Checks;
use crate::document::Document;
use crate::intents::{Intent, PlayIntent};
use crate::{EditorMode, EditorSet};
pub use scores::ScoreSession;
pub use session::{PieceView, Session, Waiting};

/// A solved game's perfect bot, to reuse.
pub type SolvedPerfect = std::sync::Arc<dyn ladderkit::engine::bots::Judge>;

/// The table as set up for the next game, and the game being played.
#[derive(Resource)]
pub struct Playtest {
    pub seats: Vec<Seat>,
    pub seed: u64,
    /// Animation speed: 1 is relaxed, higher is faster, infinite is instant.
    pub speed: f32,
    /// Bots roll by themselves.
    pub autoplay: bool,
    /// A new game waits for its first roll, so the seats can be set first
    /// (bots would otherwise have played before a person sat down).
    pub begun: bool,
    pub session: Option<Session>,
    /// The score track being played (score-track variants).
    pub scores: Option<ScoreSession>,
    /// Why the last start failed, until the design changes (the checks'
    /// generation moves on).
    pub error: Option<String>,
    error_generation: u64,
}

impl Default for Playtest {
    fn default() -> Self {
        Self {
            seats: vec![Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Greedy)],
            seed: 1,
            speed: 1.0,
            autoplay: true,
            begun: false,
            session: None,
            scores: None,
            error: None,
            error_generation: 0,
        }
    }
}

impl Playtest {
    fn fail(&mut self, why: String, checks: &Checks) {
        self.error = Some(why);
        self.error_generation = checks.generation;
    }

    fn start(&mut self, checks: &Checks, doc: &Document, game: u64, solved: Option<SolvedPerfect>) {
        self.error = None;
        self.begun = false;
        let rules = &doc.spec().rules;
        // Fit the table to the variant's player range.
        let (min, max) = (rules.players.min.max(1) as usize, rules.players.max.max(1) as usize);
        while self.seats.len() < min {
            self.seats.push(Seat::Bot(Policy::Greedy));
        }
        self.seats.truncate(max.max(min));
        if matches!(rules.play, ladderkit::core::spec::Play::ScoreTrack(_)) {
            self.session = None;
            let table = ladderkit::core::Seats::from_len(self.seats.len()).map_err(|e| e.to_string());
            match table.and_then(|table| ScoreSession::new(&checks.compiled, table)) {
                Ok(s) => self.scores = Some(s),
                Err(e) => self.fail(e, checks),
            }
            return;
        }
        match Session::new(&checks.compiled, rules, self.seats.clone(), self.seed, game, solved) {
            Ok(s) => self.session = Some(s),
            Err(e) => {
                self.session = None;
                self.fail(e, checks);
            }
        }
    }
}

/// Start a play-test as soon as the editor is up (`--playtest K`).
#[derive(Resource, Debug, Clone, Copy)]
pub struct StartPlaytest;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(together::plugin);
    app.init_resource::<Playtest>()
        .add_systems(
            Update,
            (
                start_requested,
                forget_stale_error,
                seats_of_another_file,
                handle_intents,
                advance.run_if(in_state(EditorMode::Playtest)),
            )
                .chain()
                .in_set(EditorSet::Play),
        )
        .add_systems(OnExit(EditorMode::Playtest), end_session);
}

/// Leaving play-test mode, however it is left, ends its game.
fn end_session(mut playtest: ResMut<Playtest>) {
    playtest.session = None;
    playtest.scores = None;
}

fn start_requested(mut commands: Commands, request: Option<Res<StartPlaytest>>, mut intents: MessageWriter<Intent>) {
    if request.is_some() {
        commands.remove_resource::<StartPlaytest>();
        // Bots play at once: the first roll is given for them.
        intents.write_batch([Intent::Play(PlayIntent::Start), Intent::Play(PlayIntent::Roll)]);
    }
}

/// A failed start's message is about the design as it was: once the design
/// changes (an undo, a fix, another file) it no longer applies.
fn forget_stale_error(mut playtest: ResMut<Playtest>, checks: Res<Checks>) {
    if playtest.error.is_some() && playtest.error_generation != checks.generation {
        playtest.error = None;
    }
}

/// Another file is another table: its seats start as set up by default,
/// not as the last file's play-test left them.
fn seats_of_another_file(doc: Res<Document>, mut playtest: ResMut<Playtest>, mut seen: Local<u64>) {
    if doc.opened() != *seen {
        *seen = doc.opened();
        playtest.seats = Playtest::default().seats;
    }
}

#[allow(clippy::too_many_arguments)] // reason: a Bevy system's parameters are its inputs
fn handle_intents(
    mut intents: MessageReader<Intent>,
    mut playtest: ResMut<Playtest>,
    checks: Res<Checks>,
    doc: Res<Document>,
    odds: Res<crate::odds::Odds>,
    mode: Res<State<EditorMode>>,
    mut next_mode: ResMut<NextState<EditorMode>>,
    together: Res<together::Together>,
) {
    // The Odds tab's solve of this very design, if it made one.
    let solved = || odds.perfect_for(checks.generation);
    for intent in intents.read() {
        let Intent::Play(play) = intent else { continue };
        let playtest = &mut *playtest;
        // A room's game is the room's (`together`): only leaving and the
        // animation's speed are this page's.
        if together.room.is_some() && !matches!(play, PlayIntent::Stop | PlayIntent::Speed(_)) {
            continue;
        }
        match play {
            PlayIntent::Start => {
                if checks.compiled.has_errors() {
                    playtest.fail("fix the errors listed under Checks before play-testing".into(), &checks);
                    continue;
                }
                playtest.start(&checks, &doc, 0, solved());
                if playtest.session.is_some() || playtest.scores.is_some() {
                    next_mode.set(EditorMode::Playtest);
                }
            }
            // (`end_session` ends the game as the mode is left.)
            PlayIntent::Stop => next_mode.set(EditorMode::Edit),
            PlayIntent::Restart { new_seed } if *mode.get() == EditorMode::Playtest => {
                if *new_seed {
                    let mut s = playtest.seed;
                    playtest.seed = ladderkit::engine::rng::splitmix64(&mut s);
                }
                let game = playtest.session.as_ref().map_or(0, |s| s.game + u64::from(*new_seed));
                playtest.start(&checks, &doc, game, solved());
            }
            PlayIntent::Restart { .. } => {}
            PlayIntent::Roll => {
                playtest.begun = true;
                if let Some(s) = &mut playtest.session {
                    s.roll();
                }
            }
            PlayIntent::Choose(i) => {
                if let Some(s) = &mut playtest.session {
                    s.choose(*i);
                }
            }
            PlayIntent::Seat(i, seat) => {
                if let Some(slot) = playtest.seats.get_mut(*i) {
                    *slot = *seat;
                }
                if let Some(s) = &mut playtest.session {
                    s.set_seat(*i, *seat, solved());
                }
            }
            PlayIntent::CancelPerfect => {
                if let Some(s) = &mut playtest.session {
                    s.cancel_perfect();
                }
                for seat in &mut playtest.seats {
                    if *seat == Seat::Bot(Policy::Perfect) {
                        *seat = Seat::Bot(Policy::Lookahead);
                    }
                }
            }
            PlayIntent::Players(n) => {
                let n = (*n).clamp(1, MAX_PLAYERS as usize);
                playtest.seats.resize(n, Seat::Bot(Policy::Greedy));
            }
            PlayIntent::Seed(seed) => playtest.seed = *seed,
            PlayIntent::Score(player, points) => {
                if let Some(s) = &mut playtest.scores {
                    s.score(*player, *points);
                }
            }
            PlayIntent::EndTurn => {
                if let Some(s) = &mut playtest.scores {
                    s.end_turn();
                }
            }
            PlayIntent::FinalScoring => {
                if let Some(s) = &mut playtest.scores {
                    s.start_final_scoring();
                }
            }
            PlayIntent::Speed(speed) => playtest.speed = speed.max(0.05),
            PlayIntent::Autoplay(on) => playtest.autoplay = *on,
        }
    }
}

fn advance(time: Res<Time>, mut playtest: ResMut<Playtest>, mut budget: ResMut<crate::jobs::FrameBudget>) {
    let (speed, autoplay) = (playtest.speed, playtest.autoplay && playtest.begun);
    // Infinite speed plays everything due at once, even on a zero-length frame.
    let seconds = if speed.is_infinite() { f32::INFINITY } else { time.delta_secs() * speed };
    if let Some(session) = &mut playtest.session {
        session.step_perfect(&mut budget);
        session.tick(seconds, autoplay);
    }
    if let Some(scores) = &mut playtest.scores {
        scores.tick(seconds);
    }
}

//! One play-tested game: the engine plays it, this keeps what the board
//! shows a step behind, catching up one event at a time so each event can
//! be animated. No rule lives here: positions come from the engine's
//! events, and whenever the queue runs dry the shown game snaps to the
//! engine's state.

use std::collections::VecDeque;

use ladderkit::core::spec::{Point, Rules};
use ladderkit::core::{Compiled, CompiledBoard, Seats};
use ladderkit::engine::bots::BotScratch;
use ladderkit::engine::narrate::{describe_plan, narrate};
use ladderkit::engine::{Engine, Event, GameRng, Plan, Policy, Seat, State, Turn, Workspace};

use super::motion::{Anim, Motion};
use super::perfect::{PerfectBot, Poll};

/// What the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    /// Events are still being shown.
    Animation,
    /// A person (or a bot, when autoplay is off) has to roll.
    Roll {
        player: u8,
    },
    /// A person has to pick one of `Session::plans`.
    Choice {
        player: u8,
    },
    Over,
}

/// A piece as drawn: where, how high in its stack, whether it moves now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PieceView {
    pub piece: u8,
    pub owner: u8,
    pub at: Point,
    /// Stack height (Treehouse) or place among pieces sharing a square.
    pub level: u16,
    pub lying: bool,
    pub moving: bool,
}

/// A short message over the board (extra turn, lost turn, the winner).
#[derive(Debug, Clone, PartialEq)]
pub struct Banner {
    pub text: String,
    pub seconds_left: f32,
}

impl Banner {
    /// Counts a banner down by `seconds` and takes it away when it is over.
    pub fn tick(banner: &mut Option<Banner>, seconds: f32) {
        if let Some(b) = banner {
            b.seconds_left -= seconds.min(10.0);
            if b.seconds_left <= 0.0 {
                *banner = None;
            }
        }
    }
}

pub struct Session {
    engine: Engine,
    pub seats: Vec<Seat>,
    pub names: Vec<String>,
    pub seed: u64,
    pub game: u64,
    state: State,
    shown: State,
    dice: GameRng,
    choices: GameRng,
    ws: Workspace,
    bot: BotScratch,
    /// The perfect bot's solve, once a seat is given to it.
    perfect: Option<PerfectBot>,
    /// Whether the Odds tab's solve fits this game: two seats, seat 1
    /// opening (the game it solved).
    reusable: bool,
    /// A room's game: its table decides, this only shows.
    remote: bool,
    /// Whether `bot` holds the solved judge.
    judged: bool,
    queue: VecDeque<Event>,
    anim: Option<Anim>,
    /// The pieces moving together since the last `Moved` (a stack).
    group: Vec<u8>,
    /// Legal plans a person is choosing among (empty otherwise).
    pub plans: Vec<Plan>,
    pub log: Vec<String>,
    /// `Moved` events shown so far.
    pub moves_shown: u32,
    /// Choices people made, for the log.
    pub decisions: u32,
    pub banner: Option<Banner>,
    /// The last dice shown, and how many of the two slots count.
    pub last_roll: Option<([u8; 2], u8)>,
}

impl Session {
    /// A game of `compiled` (free of errors) with these seats. `game`
    /// numbers games of a match: the opener rotates if the rules say so.
    pub fn new(
        compiled: &Compiled,
        rules: &Rules,
        seats: Vec<Seat>,
        seed: u64,
        game: u64,
        solved: Option<super::SolvedPerfect>,
    ) -> Result<Self, String> {
        let table = Seats::from_len(seats.len()).and_then(|n| Seats::within(n.get(), rules.players));
        let engine = Engine::new(compiled, table.map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
        let engine = engine.with_first_player(rules.first_player);
        let names = seats.iter().enumerate().map(|(i, s)| s.player_name(i)).collect();
        let state = engine.new_game(game);
        let mut session = Self::of(engine, seats, names, seed, game, state);
        session.reusable = session.seats.len() == 2 && session.state.current == 0;
        let solved = solved.filter(|_| session.reusable);
        if session.seats.contains(&Seat::Bot(Policy::Perfect)) {
            session.perfect = Some(PerfectBot::start(&session.engine, solved));
        }
        Ok(session)
    }

    /// Game `game` of a room, shown from `from` on: the room's table plays
    /// it and hands its events over (`show`); nothing here rolls or picks.
    pub fn for_room(engine: &Engine, names: Vec<String>, game: u64, from: State) -> Self {
        let seats = vec![Seat::Human; names.len()];
        let mut session = Self::of(engine.clone(), seats, names, 0, game, from);
        session.remote = true;
        session
    }

    fn of(engine: Engine, seats: Vec<Seat>, names: Vec<String>, seed: u64, game: u64, state: State) -> Self {
        let dice = GameRng::for_game(seed, game);
        // The same streams as `play_bot_game`, so a bots-only play-test is
        // the very game `ladderkit simulate` would play.
        let choices = dice.fork(1);
        Self {
            perfect: None,
            reusable: false,
            remote: false,
            judged: false,
            shown: state.clone(),
            state,
            engine,
            seats,
            names,
            seed,
            game,
            dice,
            choices,
            ws: Workspace::default(),
            bot: BotScratch::default(),
            queue: VecDeque::new(),
            anim: None,
            group: Vec::new(),
            plans: Vec::new(),
            log: Vec::new(),
            moves_shown: 0,
            decisions: 0,
            banner: None,
            last_roll: None,
        }
    }

    /// A room's game: whether its table plays it rather than this.
    pub fn is_remote(&self) -> bool {
        self.remote
    }

    /// The room's table played on: its events are shown in turn, and
    /// `state` is where they lead.
    pub fn show(&mut self, events: Vec<Event>, state: &State) {
        self.queue.extend(events);
        self.state.clone_from(state);
    }

    /// The names the log and banners use, as the room's seats change hands.
    pub fn rename(&mut self, names: Vec<String>) {
        if names.len() == self.names.len() {
            self.names = names;
        }
    }

    pub fn board(&self) -> &CompiledBoard {
        self.engine.board()
    }

    /// The game as the engine has it (ahead of the animation).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The game as the board shows it now.
    pub fn shown(&self) -> &State {
        &self.shown
    }

    pub fn waiting(&self) -> Waiting {
        if self.anim.is_some() || !self.queue.is_empty() {
            Waiting::Animation
        } else if self.state.is_over() {
            Waiting::Over
        } else if !self.plans.is_empty() {
            Waiting::Choice { player: self.state.current }
        } else {
            Waiting::Roll { player: self.state.current }
        }
    }

    /// The plans a person chooses among, in words.
    pub fn plan_labels(&self) -> Vec<String> {
        self.plans.iter().map(|p| describe_plan(&self.engine, &self.names, &self.state, p)).collect()
    }

    /// Rolls for the current player (a person, or a bot stepped by hand).
    pub fn roll(&mut self) {
        if !self.remote && matches!(self.waiting(), Waiting::Roll { .. }) && self.perfect_ready() {
            self.play_turn_start();
        }
    }

    /// A person picks plan `i`.
    pub fn choose(&mut self, i: usize) {
        if self.remote || !matches!(self.waiting(), Waiting::Choice { .. }) || i >= self.plans.len() {
            return;
        }
        let plan = self.plans[i];
        self.plans.clear();
        self.decisions += 1;
        let mut events = Vec::new();
        self.engine.apply(&mut self.state, &plan, &mut events);
        self.queue.extend(events);
    }

    /// Hands a seat to a person or a bot, mid-game too. The perfect bot's
    /// solve starts with its first seat and stops (unfinished) with its
    /// last.
    pub fn set_seat(&mut self, seat: usize, to: Seat, solved: Option<super::SolvedPerfect>) {
        if let Some(s) = self.seats.get_mut(seat) {
            *s = to;
            self.names[seat] = to.player_name(seat);
        }
        let wanted = self.seats.contains(&Seat::Bot(Policy::Perfect));
        if wanted && self.perfect.is_none() {
            let solved = solved.filter(|_| self.reusable);
            self.perfect = Some(PerfectBot::start(&self.engine, solved));
        }
        if !wanted && !self.judged {
            self.perfect = None;
        }
    }

    /// Cancel: the solve stops, and lookahead takes the perfect bot's seats.
    pub fn cancel_perfect(&mut self) {
        for seat in 0..self.seats.len() {
            if self.seats[seat] == Seat::Bot(Policy::Perfect) {
                self.seats[seat] = Seat::Bot(Policy::Lookahead);
                self.names[seat] = self.seats[seat].player_name(seat);
            }
        }
        if !self.judged {
            self.perfect = None;
            let text = "Stopped solving for the perfect bot; lookahead plays its seats".to_owned();
            self.log.push(text.clone());
            self.banner = Some(Banner { text, seconds_left: 4.0 });
        }
    }

    /// Goes on solving the game for the perfect bot, if a seat has it.
    pub fn step_perfect(&mut self, budget: &mut crate::jobs::FrameBudget) {
        if let Some(bot) = &mut self.perfect {
            bot.step(budget);
        }
    }

    /// While the perfect bot's game is being solved: what to tell people,
    /// and how far it is towards the most it will explore.
    pub fn perfect_status(&self) -> Option<(String, f32)> {
        match self.perfect.as_ref()?.poll() {
            Poll::Solving { positions } => {
                let most = super::perfect::PERFECT_UP_TO;
                let text = format!("Solving for the perfect bot: {positions} positions (it gives up past {most})");
                Some((text, positions as f32 / most as f32))
            }
            Poll::Ready(_) | Poll::Refused(_) => None,
        }
    }

    /// Whether the current seat may move now: a perfect bot waits for its
    /// solve; one the solver refuses hands its seats to lookahead, saying
    /// why.
    fn perfect_ready(&mut self) -> bool {
        if self.seats.get(self.state.current as usize) != Some(&Seat::Bot(Policy::Perfect)) || self.judged {
            return true;
        }
        let Some(bot) = &self.perfect else { return true };
        match bot.poll() {
            Poll::Solving { .. } => false,
            Poll::Ready(judge) => {
                self.bot = BotScratch::with_judge(Some(judge));
                self.judged = true;
                true
            }
            Poll::Refused(why) => {
                for seat in 0..self.seats.len() {
                    if self.seats[seat] == Seat::Bot(Policy::Perfect) {
                        self.set_seat(seat, Seat::Bot(Policy::Lookahead), None);
                    }
                }
                let text = format!("The perfect bot cannot play this game ({why}); lookahead plays instead");
                self.log.push(text.clone());
                self.banner = Some(Banner { text, seconds_left: 6.0 });
                true
            }
        }
    }

    /// Advances the animation by `seconds` (already scaled by the speed;
    /// infinite plays everything due at once). With `autoplay`, bots roll
    /// by themselves; a seat that must skip its turn always does.
    pub fn tick(&mut self, mut seconds: f32, autoplay: bool) {
        Banner::tick(&mut self.banner, seconds);
        // Bounded: a frame never plays more than this many events.
        for _ in 0..100_000 {
            if let Some(anim) = &mut self.anim {
                let left = anim.duration - anim.elapsed;
                if seconds < left {
                    anim.elapsed += seconds;
                    return;
                }
                seconds -= left;
                let done = self.anim.take().expect("checked above");
                self.finish(&done);
                continue;
            }
            if let Some(event) = self.queue.pop_front() {
                self.start(event);
                continue;
            }
            // Caught up: show exactly the engine's game.
            self.shown.clone_from(&self.state);
            self.group.clear();
            if self.state.is_over() || self.remote {
                return;
            }
            let p = self.state.current as usize;
            let bot = match self.seats[p] {
                Seat::Bot(policy) => Some(policy),
                Seat::Human => None,
            };
            if !self.plans.is_empty() {
                // A seat handed to a bot while its person was choosing.
                let Some(policy) = bot else { return };
                if !self.perfect_ready() {
                    return;
                }
                let pick = policy.choose(&self.engine, &self.state, &self.plans, &mut self.choices, &mut self.bot);
                let plan = self.plans[pick.min(self.plans.len() - 1)];
                self.plans.clear();
                let mut events = Vec::new();
                self.engine.apply(&mut self.state, &plan, &mut events);
                self.queue.extend(events);
                continue;
            }
            let skips = self.state.players[p].lose_turns > 0;
            if bot.is_some() && autoplay && !self.perfect_ready() {
                return;
            }
            if (bot.is_some() && autoplay) || skips {
                self.play_turn_start();
                continue;
            }
            return;
        }
    }

    /// Rolls; bots (and turns without a choice) are played through.
    fn play_turn_start(&mut self) {
        let mut events = Vec::new();
        let turn = self.engine.begin_turn(&mut self.state, &mut self.dice, &mut events);
        if turn == Turn::Choose {
            self.engine.legal_plans(&self.state, &mut self.ws);
            let p = self.state.current as usize;
            // As `play_turn`: a single plan is no choice, and asks nobody.
            let pick = match (self.ws.plans.len(), self.seats[p]) {
                (1, _) => Some(0),
                (_, Seat::Bot(policy)) => {
                    Some(policy.choose(&self.engine, &self.state, &self.ws.plans, &mut self.choices, &mut self.bot))
                }
                (_, Seat::Human) => None,
            };
            match pick {
                Some(i) => {
                    let plan = self.ws.plans[i.min(self.ws.plans.len() - 1)];
                    self.engine.apply(&mut self.state, &plan, &mut events);
                }
                None => self.plans.clone_from(&self.ws.plans),
            }
        }
        self.queue.extend(events);
    }

    fn start(&mut self, event: Event) {
        if let Some(line) = narrate(self.board(), &self.names, &self.shown, &event) {
            self.log.push(line.trim_start().to_owned());
        }
        let name = |p: u8| self.names[p as usize].clone();
        let banner = match event {
            Event::ExtraTurn { player } => Some(format!("{} takes another turn", name(player))),
            Event::TurnLost { player } => Some(format!("{} misses a turn", name(player))),
            Event::LoseTurns { player, turns, .. } => {
                Some(format!("{} will miss {turns} turn{}", name(player), if turns == 1 { "" } else { "s" }))
            }
            Event::StoodUp { player, .. } => Some(format!("{} stands the stack up", name(player))),
            Event::MovedAgain { from, .. } => {
                Some(format!("A goose on {}: the same roll again", self.board().label(from)))
            }
            Event::FirstThrow { piece, to } => {
                let who = name(self.shown.pieces[piece as usize].owner);
                Some(format!("{who}'s first throw goes straight to {}", self.board().label(to)))
            }
            Event::Waiting { piece, at } => {
                let who = name(self.shown.pieces[piece as usize].owner);
                Some(format!("{who} waits on {} until someone arrives", self.board().label(at)))
            }
            Event::Freed { piece, .. } => {
                Some(format!("{} is free again", name(self.shown.pieces[piece as usize].owner)))
            }
            Event::StillWaiting { player, .. } => Some(format!("{} is still waiting", name(player))),
            Event::Blocked => Some("Everyone is waiting: nobody can move, nobody wins".to_owned()),
            Event::ArrowActivated { player, kind, .. } => Some(format!("{}: {}", name(player), kind.describe())),
            Event::Upgraded { piece, power, .. } => {
                Some(format!("{} upgrades: {}", name(self.shown.pieces[piece as usize].owner), power.describe()))
            }
            Event::Won { players } => {
                let names: Vec<String> =
                    (0..self.names.len() as u8).filter(|p| players & (1 << p) != 0).map(name).collect();
                Some(format!("{} win{}!", names.join(" and "), if names.len() == 1 { "s" } else { "" }))
            }
            _ => None,
        };
        if let Some(text) = banner {
            let seconds_left = if matches!(event, Event::Won { .. } | Event::Blocked) { f32::INFINITY } else { 1.4 };
            self.banner = Some(Banner { text, seconds_left });
        }
        match event {
            Event::Rolled { dice, count, .. } => self.last_roll = Some((dice, count)),
            Event::Moved { piece, .. } => {
                // The engine's own rule for who moves with the piece.
                let shown = &self.shown;
                self.group =
                    (0..shown.pieces.len()).filter(|&i| shown.rides_with(i, piece as usize)).map(|i| i as u8).collect();
            }
            Event::Climbed { piece, .. } | Event::Slid { piece, .. } if !self.group.contains(&piece) => {
                self.group = vec![piece];
            }
            Event::Bumped { piece, .. } | Event::Placed { piece, .. } => self.group = vec![piece],
            _ => {}
        }
        self.anim = Some(Anim::new(event, self.board()));
    }

    /// An event's animation ended: the shown game takes its effect.
    fn finish(&mut self, anim: &Anim) {
        let mut place = |group: &[u8], to: u32| {
            for &i in group {
                self.shown.pieces[i as usize].pos = to;
            }
        };
        match anim.event {
            Event::Moved { end, .. } => {
                place(&self.group, end);
                self.moves_shown += 1;
            }
            Event::MovedAgain { end, .. } => place(&self.group, end),
            Event::Climbed { to, .. } | Event::Slid { to, .. } => place(&self.group, to),
            Event::Bumped { piece, to, .. } | Event::Placed { piece, to, .. } => place(&[piece], to),
            Event::ChipTaken { at, .. } => {
                if let Some(c) = self.shown.chips.get_mut(at as usize) {
                    *c = 0;
                }
            }
            Event::Scored { player, total, .. } => self.shown.players[player as usize].points = total,
            Event::Upgraded { piece, .. } => self.shown.pieces[piece as usize].upgraded = true,
            Event::PowerUsed { piece, .. } => self.shown.pieces[piece as usize].upgraded = false,
            Event::Stacked { below, .. } => {
                let mut group = self.group.clone();
                group.sort_by_key(|&i| self.shown.pieces[i as usize].level);
                for (k, i) in group.into_iter().enumerate() {
                    self.shown.pieces[i as usize].level = u16::from(below) + k as u16;
                }
            }
            Event::Home { piece } => self.shown.pieces[piece as usize].home = true,
            _ => {}
        }
    }

    /// Every piece on the board, where to draw it now (board units).
    pub fn pieces(&self) -> Vec<PieceView> {
        let moving = self.anim.as_ref().filter(|a| matches!(a.motion, Motion::Walk(_) | Motion::Jump { .. }));
        let board = self.board();
        // Where the moving group is now, worked out once for all of it.
        let at = moving.map(|anim| anim.point(board));
        pieces_of(board, &self.shown, |i| at.filter(|_| self.group.contains(&(i as u8))))
    }

    /// Where every piece would stand after the person's plan `i`, for a
    /// preview while they hover over it (the engine plays it on a copy).
    pub fn preview(&self, i: usize) -> Option<Vec<PieceView>> {
        let plan = self.plans.get(i)?;
        let (after, _) = self.engine.preview(&self.state, plan);
        Some(pieces_of(self.board(), &after, |_| None))
    }

    /// The dice to draw: rolling faces during the roll animation.
    pub fn dice_face(&self) -> Option<([u8; 2], u8, bool)> {
        if let Some(anim) = &self.anim
            && let Event::Rolled { count, .. } = anim.event
            && anim.elapsed < anim.duration * 0.7
        {
            let sides = self.board().dice.sides.max(2) as u64;
            let tick = (anim.elapsed * 14.0) as u64;
            let face = |k: u64| (1 + (tick.wrapping_mul(2654435761).wrapping_add(k * 40503) >> 3) % sides) as u8;
            return Some(([face(1), face(2)], count, true));
        }
        self.last_roll.map(|(d, c)| (d, c, false))
    }
}

/// The pieces of `state` to draw; `moving(i)` gives the point of a piece in
/// mid-animation.
fn pieces_of(board: &CompiledBoard, state: &State, moving: impl Fn(usize) -> Option<Point>) -> Vec<PieceView> {
    let mut out: Vec<PieceView> = Vec::with_capacity(state.pieces.len());
    for (i, q) in state.pieces.iter().enumerate() {
        if q.home && state.pieces_per_player > 1 {
            continue;
        }
        let animated = moving(i);
        let at = animated.unwrap_or(board.points[q.pos.min(board.points.len() as u32 - 1) as usize]);
        out.push(PieceView {
            piece: i as u8,
            owner: q.owner,
            at,
            level: q.level,
            lying: q.sideways > 0,
            moving: animated.is_some(),
        });
    }
    // Classic pieces all sit on level 0: spread those sharing a square.
    if board.play.is_classic() {
        for i in 0..out.len() {
            if out[i].moving {
                continue;
            }
            let pos = state.pieces[out[i].piece as usize].pos;
            let rank = out[..i].iter().filter(|v| !v.moving && state.pieces[v.piece as usize].pos == pos).count();
            out[i].level = rank as u16;
        }
    }
    out
}

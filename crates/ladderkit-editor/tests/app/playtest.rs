//! Play-test and live odds without a window: whole games through the
//! play-test state machine, the design untouched after, and odds that match
//! `ladderkit analyze` and are never stale while reported as current.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use ladderkit::analysis::analyze;
use ladderkit::core::spec::Jump;
use ladderkit::core::{Seats, compile};
use ladderkit::engine::bots::BotScratch;
use ladderkit::engine::{Engine, Policy, Seat, Workspace, play_bot_game};
use ladderkit::excitement::TwoPlayers;
use ladderkit_editor::EditorMode;
use ladderkit_editor::history::{EditCommand, History};
use ladderkit_editor::intents::{Intent, PlayIntent};
use ladderkit_editor::jobs::FrameBudget;
use ladderkit_editor::odds::{Figures, Odds, OddsKey};
use ladderkit_editor::playtest::{Playtest, Waiting};

use crate::common::{app_with, bundled, doc, edit, send, temp_dir};

const VARIANTS: [&str; 13] = [
    "game-of-the-goose.ron",
    "random-board.ron",
    "gameweave-small.ron",
    "gameweave-medium.ron",
    "gameweave-large.ron",
    "milton-bradley.ron",
    "milton-bradley-stomp.ron",
    "treehouse.ron",
    "treehouse-team.ron",
    "treehouse-lose-sideways.ron",
    "treehouse-lose-upright.ron",
    "taiwan-chips.ron",
    "anniversary-arrows.ron",
];

fn mode(app: &App) -> EditorMode {
    *app.world().resource::<State<EditorMode>>().get()
}

fn playtest(app: &App) -> &Playtest {
    app.world().resource::<Playtest>()
}

fn waiting(app: &App) -> Waiting {
    playtest(app).session.as_ref().expect("a game is on").waiting()
}

/// Seats and speed set straight on the resource, as the panel would.
fn start(app: &mut App, seats: Vec<Seat>, seed: u64, speed: f32) {
    {
        let mut pt = app.world_mut().resource_mut::<Playtest>();
        pt.seats = seats;
        pt.seed = seed;
        pt.speed = speed;
    }
    send(app, Intent::Play(PlayIntent::Start));
    app.update(); // the state change lands
    assert_eq!(mode(app), EditorMode::Playtest, "{:?}", playtest(app).error);
    send(app, Intent::Play(PlayIntent::Roll)); // the game begins
}

#[test]
fn a_new_game_waits_for_its_first_roll() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    app.world_mut().resource_mut::<Playtest>().speed = f32::INFINITY;
    send(&mut app, Intent::Play(PlayIntent::Start));
    for _ in 0..5 {
        app.update();
    }
    let session = playtest(&app).session.as_ref().expect("a game is on");
    assert_eq!(session.moves_shown, 0, "the bots played before anyone sat down");
    assert!(!playtest(&app).begun);
    send(&mut app, Intent::Play(PlayIntent::Seat(0, Seat::Human)));
    send(&mut app, Intent::Play(PlayIntent::Roll));
    for _ in 0..5 {
        app.update();
    }
    let session = playtest(&app).session.as_ref().unwrap();
    assert!(session.moves_shown >= 2, "once begun, the bot plays: {} moves", session.moves_shown);
    assert_eq!(waiting(&app), Waiting::Roll { player: 0 }, "and waits for the person");
}

#[test]
fn the_perfect_bot_waits_for_its_solve_then_plays_the_engines_game() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    start(&mut app, vec![Seat::Bot(Policy::Perfect), Seat::Bot(Policy::Greedy)], 3, f32::INFINITY);
    app.update();
    {
        let session = playtest(&app).session.as_ref().unwrap();
        let (status, _) = session.perfect_status().expect("the solve takes a moment");
        assert!(status.contains("Solving for the perfect bot"), "{status}");
        assert_eq!(session.moves_shown, 0, "the perfect bot moved before its game was solved");
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    while waiting(&app) != Waiting::Over {
        assert!(Instant::now() < deadline, "the game never finished");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    let session = playtest(&app).session.as_ref().unwrap();
    assert!(session.perfect_status().is_none());
    let spec = &doc(&app).spec();
    let engine = Engine::new(&compile(spec), Seats::new(2).unwrap()).unwrap();
    let judge = ladderkit::solve::Perfect::solve(&engine, Default::default(), None).unwrap();
    let (mut ws, mut bot) = (Workspace::default(), BotScratch::with_judge(Some(std::sync::Arc::new(judge))));
    let seats = [Policy::Perfect, Policy::Greedy];
    let expected = play_bot_game(&engine, &seats, 3, 0, &mut ws, &mut bot, &mut (), None);
    assert_eq!(session.state(), &expected, "the play-test played a different game");
}

#[test]
fn the_perfect_bot_takes_the_odds_tabs_solve_instead_of_solving_again() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    send(&mut app, Intent::OddsPlayers(Seats::TWO));
    wait_for_odds(&mut app);
    start(&mut app, vec![Seat::Bot(Policy::Perfect), Seat::Bot(Policy::Greedy)], 3, f32::INFINITY);
    let session = playtest(&app).session.as_ref().unwrap();
    assert!(session.perfect_status().is_none(), "solved again: {:?}", session.perfect_status());
    play_to_the_end(&mut app, 10_000, "the perfect bot's game");
    // The game the engine plays with the solved judge.
    let engine = Engine::new(&compile(doc(&app).spec()), Seats::new(2).unwrap()).unwrap();
    let judge = ladderkit::solve::Perfect::solve(&engine, Default::default(), None).unwrap();
    let (mut ws, mut bot) = (Workspace::default(), BotScratch::with_judge(Some(std::sync::Arc::new(judge))));
    let expected = play_bot_game(&engine, &[Policy::Perfect, Policy::Greedy], 3, 0, &mut ws, &mut bot, &mut (), None);
    assert_eq!(playtest(&app).session.as_ref().unwrap().state(), &expected);
}

#[test]
fn a_perfect_seat_of_three_can_be_cancelled_and_its_solve_stops_with_its_seat() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    let seats = vec![Seat::Bot(Policy::Perfect), Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Greedy)];
    start(&mut app, seats.clone(), 3, f32::INFINITY);
    app.update();
    let solving = |app: &App| playtest(app).session.as_ref().unwrap().perfect_status();
    let (status, done) = solving(&app).expect("solving");
    assert!(status.contains("gives up past") && (0.0..1.0).contains(&done), "{status} {done}");
    // The seat goes to a greedy bot: the solve goes with it.
    send(&mut app, Intent::Play(PlayIntent::Seat(0, Seat::Bot(Policy::Greedy))));
    assert!(solving(&app).is_none(), "the solve outlived its seat");
    // Back to perfect, then Cancel: lookahead takes the seat, the game goes on.
    send(&mut app, Intent::Play(PlayIntent::Seat(0, Seat::Bot(Policy::Perfect))));
    assert!(solving(&app).is_some());
    send(&mut app, Intent::Play(PlayIntent::CancelPerfect));
    let session = playtest(&app).session.as_ref().unwrap();
    assert!(session.perfect_status().is_none());
    assert_eq!(session.seats[0], Seat::Bot(Policy::Lookahead));
    assert!(session.log.iter().any(|l| l.contains("Stopped solving")), "{:?}", session.log);
    assert_eq!(playtest(&app).seats[0], Seat::Bot(Policy::Lookahead), "the next game's table too");
    play_to_the_end(&mut app, 10_000, "the game after Cancel");
    assert_eq!(waiting(&app), Waiting::Over);
}

#[test]
fn a_perfect_seat_of_three_in_treehouse_is_refused_within_its_limit() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    let seats = vec![Seat::Bot(Policy::Perfect), Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Greedy)];
    start(&mut app, seats, 3, f32::INFINITY);
    let deadline = Instant::now() + Duration::from_secs(120);
    while playtest(&app).session.as_ref().unwrap().seats[0] == Seat::Bot(Policy::Perfect) {
        assert!(Instant::now() < deadline, "still solving after two minutes");
        app.update();
    }
    let session = playtest(&app).session.as_ref().unwrap();
    assert_eq!(session.seats[0], Seat::Bot(Policy::Lookahead));
    let said = session.log.iter().find(|l| l.contains("cannot play this game")).expect("the refusal is logged");
    let limit = ladderkit_editor::playtest::perfect::PERFECT_UP_TO;
    assert!(said.contains(&format!("over the limit of {limit}")), "{said}");
}

#[test]
fn seats_set_up_for_one_file_do_not_carry_to_the_next() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    send(&mut app, Intent::Play(PlayIntent::Players(3)));
    send(&mut app, Intent::Play(PlayIntent::Seat(0, Seat::Human)));
    assert_eq!(playtest(&app).seats.len(), 3);
    send(&mut app, Intent::Open(bundled("milton-bradley.ron")));
    assert_eq!(playtest(&app).seats, Playtest::default().seats);
}

#[test]
fn a_game_the_solver_refuses_hands_the_perfect_seat_to_lookahead_and_says_why() {
    let mut app = app_with(Some(&bundled("taiwan-chips.ron")));
    start(&mut app, vec![Seat::Bot(Policy::Perfect), Seat::Bot(Policy::Greedy)], 3, 0.0);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        app.update();
        let session = playtest(&app).session.as_ref().unwrap();
        if session.seats[0] != Seat::Bot(Policy::Perfect) {
            assert_eq!(session.seats[0], Seat::Bot(Policy::Lookahead));
            let banner = session.banner.as_ref().expect("a banner says why").text.clone();
            assert!(banner.contains("cannot play this game") && banner.contains("dealt face down"), "{banner}");
            break;
        }
        assert!(Instant::now() < deadline, "the refusal never came");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Updates a bots' play-test (at infinite speed) until its game is over,
/// at most `updates` frames.
fn play_to_the_end(app: &mut App, updates: usize, what: &str) {
    for _ in 0..updates {
        if waiting(app) == Waiting::Over {
            break;
        }
        app.update();
    }
    assert_eq!(waiting(app), Waiting::Over, "{what}: the game did not finish");
}

#[test]
fn bots_play_every_bundled_variant_to_the_end_exactly_as_the_engine_does() {
    for name in VARIANTS {
        let mut app = app_with(Some(&bundled(name)));
        let seats = vec![Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Random)];
        start(&mut app, seats, 7, f32::INFINITY);
        play_to_the_end(&mut app, 50, name);
        let session = playtest(&app).session.as_ref().unwrap();
        assert!(session.moves_shown > 0 && !session.log.is_empty(), "{name}: nothing was shown");
        assert!(session.log.last().unwrap().contains("win"), "{name}: {:?}", session.log.last());
        // The very game the engine plays for this seed.
        let spec = &doc(&app).spec();
        let engine =
            Engine::new(&compile(spec), Seats::new(2).unwrap()).unwrap().with_first_player(spec.rules.first_player);
        let (mut ws, mut bot) = (Workspace::default(), BotScratch::default());
        let expected =
            play_bot_game(&engine, &[Policy::Greedy, Policy::Random], 7, 0, &mut ws, &mut bot, &mut (), None);
        assert_eq!(session.state(), &expected, "{name}: the play-test played a different game");
        assert_eq!(session.shown(), session.state(), "{name}: the board does not show the final state");
    }
}

/// The Goose's geese walk on square by square and are narrated, a piece
/// caught in the well or prison says so, and the board ends as the engine.
#[test]
fn the_goose_play_test_shows_geese_and_waits() {
    let mut lines = Vec::new();
    for seed in 1..=6 {
        let mut app = app_with(Some(&bundled("game-of-the-goose.ron")));
        let seats = vec![Seat::Bot(Policy::Random), Seat::Bot(Policy::Random), Seat::Bot(Policy::Random)];
        start(&mut app, seats, seed, f32::INFINITY);
        play_to_the_end(&mut app, 80, &format!("seed {seed}"));
        let session = playtest(&app).session.as_ref().unwrap();
        assert_eq!(session.shown(), session.state(), "seed {seed}: the board does not show the final state");
        lines.extend(session.log.iter().cloned());
    }
    for said in ["the goose on", "must wait on", "goes straight to", "sends"] {
        assert!(lines.iter().any(|l| l.contains(said)), "no line says {said:?}");
    }
    // Named spaces are said with their names.
    assert!(lines.iter().any(|l| l.contains("must wait on") && l.contains("(the ")), "no wait names its space");
    // The Goose has no snakes or ladders: its bridge, maze and death are
    // spaces that send pieces.
    let misnamed: Vec<&String> = lines.iter().filter(|l| l.contains("snake") || l.contains("ladder")).collect();
    assert!(misnamed.is_empty(), "{misnamed:?}");
}

#[test]
fn a_scripted_person_makes_the_treehouse_choices() {
    for name in ["treehouse.ron", "treehouse-team.ron"] {
        let mut app = app_with(Some(&bundled(name)));
        start(&mut app, vec![Seat::Human, Seat::Bot(Policy::Greedy)], 3, f32::INFINITY);
        let (mut rolls, mut choices) = (0, 0);
        for _ in 0..20_000 {
            match waiting(&app) {
                Waiting::Over => break,
                Waiting::Roll { player } => {
                    assert_eq!(player, 0, "bots roll by themselves");
                    rolls += 1;
                    send(&mut app, Intent::Play(PlayIntent::Roll));
                }
                Waiting::Choice { player } => {
                    assert_eq!(player, 0);
                    let plans = playtest(&app).session.as_ref().unwrap().plans.len();
                    assert!(plans > 1, "a single plan is no choice");
                    choices += 1;
                    // The person always takes the last option offered.
                    send(&mut app, Intent::Play(PlayIntent::Choose(plans - 1)));
                }
                Waiting::Animation => app.update(),
            }
        }
        assert_eq!(waiting(&app), Waiting::Over, "{name}");
        let session = playtest(&app).session.as_ref().unwrap();
        assert!(rolls > 3 && choices > 3, "{name}: {rolls} rolls, {choices} choices");
        assert_eq!(session.decisions, choices);
    }
}

#[test]
fn a_person_activates_arrows_and_collects_chips_on_screen() {
    // Arrows need a piece on the space they point at, so they are rare:
    // play games until the person has had a few arrow choices.
    let (mut choices, mut activated) = (0, 0);
    for seed in 1..60 {
        let mut app = app_with(Some(&bundled("anniversary-arrows.ron")));
        let seats = vec![Seat::Human, Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Random)];
        start(&mut app, seats, seed, f32::INFINITY);
        for _ in 0..20_000 {
            match waiting(&app) {
                Waiting::Over => break,
                Waiting::Roll { .. } => send(&mut app, Intent::Play(PlayIntent::Roll)),
                Waiting::Choice { player } => {
                    assert_eq!(player, 0);
                    let session = playtest(&app).session.as_ref().unwrap();
                    let labels = session.plan_labels();
                    assert_eq!(labels.last().map(String::as_str), Some("do not activate an arrow"), "{labels:?}");
                    assert!(labels[0].starts_with("arrow on "), "{labels:?}");
                    choices += 1;
                    send(&mut app, Intent::Play(PlayIntent::Choose(0)));
                }
                Waiting::Animation => app.update(),
            }
        }
        let session = playtest(&app).session.as_ref().unwrap();
        assert_eq!(waiting(&app), Waiting::Over);
        assert_eq!(session.shown(), session.state(), "seed {seed}: the board shows the game's end");
        activated += session.log.iter().filter(|l| l.starts_with("Player 1 activates the arrow")).count();
        if choices >= 3 {
            break;
        }
    }
    assert!(choices >= 3, "only {choices} arrow choices in 59 games");
    assert_eq!(activated, choices, "every first option activates an arrow");
    // Chips: taken chips leave the board and score on screen.
    let mut app = app_with(Some(&bundled("taiwan-chips.ron")));
    start(&mut app, vec![Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Greedy)], 5, f32::INFINITY);
    for _ in 0..50 {
        app.update();
    }
    let session = playtest(&app).session.as_ref().unwrap();
    let left = session.shown().chips.iter().filter(|c| **c > 0).count();
    let points: u32 = session.shown().players.iter().map(|p| p.points).sum();
    let taken = session.log.iter().filter(|l| l.contains("takes the chip")).count();
    assert!(taken > 0 && points > 0, "{taken} chips taken, {points} points");
    assert_eq!(left + taken, 30, "each chip the log reports taken has left the board");
}

#[test]
fn a_person_can_hand_a_seat_to_a_bot_mid_choice() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    start(&mut app, vec![Seat::Human, Seat::Bot(Policy::Greedy)], 11, f32::INFINITY);
    for _ in 0..2000 {
        match waiting(&app) {
            Waiting::Choice { .. } => break,
            Waiting::Roll { .. } => send(&mut app, Intent::Play(PlayIntent::Roll)),
            _ => app.update(),
        }
    }
    assert!(matches!(waiting(&app), Waiting::Choice { .. }));
    send(&mut app, Intent::Play(PlayIntent::Seat(0, Seat::Bot(Policy::Lookahead))));
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(waiting(&app), Waiting::Over, "the bot took over and the bots finished the game");
}

#[test]
fn leaving_the_play_test_restores_the_design_exactly() {
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    edit(&mut app, EditCommand::AddJump(Jump::new(3, 20)));
    let (spec, generation, undo) = (
        doc(&app).spec().clone(),
        doc(&app).generation(),
        app.world().resource::<History>().undo_label().map(String::from),
    );
    start(&mut app, vec![Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Greedy)], 5, 4.0);
    for _ in 0..30 {
        app.update();
    }
    // Edits are not taken while playing.
    edit(&mut app, EditCommand::AddJump(Jump::new(5, 30)));
    send(&mut app, Intent::Undo);
    send(&mut app, Intent::Play(PlayIntent::Stop));
    app.update();
    assert_eq!(mode(&app), EditorMode::Edit);
    assert!(playtest(&app).session.is_none());
    assert_eq!(*doc(&app).spec(), spec);
    assert_eq!(doc(&app).generation(), generation);
    assert_eq!(app.world().resource::<History>().undo_label().map(String::from), undo);
    // And editing works again.
    edit(&mut app, EditCommand::AddJump(Jump::new(5, 30)));
    assert_eq!(doc(&app).spec().jumps.len(), spec.jumps.len() + 1);
}

#[test]
fn pieces_glide_square_by_square_between_events() {
    let mut app = app_with(Some(&bundled("gameweave-large.ron")));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(40)));
    start(&mut app, vec![Seat::Bot(Policy::Greedy), Seat::Bot(Policy::Greedy)], 2, 1.0);
    let mut seen_between = 0;
    for _ in 0..400 {
        app.update();
        let session = playtest(&app).session.as_ref().unwrap();
        let board = session.board();
        for piece in session.pieces().iter().filter(|p| p.moving) {
            // A moving piece is drawn off the squares' centres at times.
            let on_a_square = board.points.iter().any(|q| (q.x - piece.at.x).abs() + (q.y - piece.at.y).abs() < 1e-3);
            if !on_a_square {
                seen_between += 1;
            }
        }
    }
    assert!(seen_between > 10, "pieces jumped instead of gliding ({seen_between} frames between squares)");
    let session = playtest(&app).session.as_ref().unwrap();
    assert!(session.moves_shown >= 3, "{} moves in 16 s of game time", session.moves_shown);
    // The board lags the engine while animating, then catches up.
    assert!(session.log.iter().any(|l| l.contains("rolls")));
}

fn odds_key(app: &App) -> OddsKey {
    let odds = app.world().resource::<Odds>();
    ladderkit_editor::odds::key_for(odds, doc(app).generation(), doc(app).spec().rules.players.min)
}

fn wait_for_odds(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while app.world().resource::<Odds>().current(odds_key(app)).is_none() {
        assert!(Instant::now() < deadline, "the odds never arrived");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
}

#[test]
fn the_odds_equal_the_analysis_and_are_never_stale_when_current() {
    let mut app = app_with(Some(&bundled("gameweave-large.ron")));
    send(&mut app, Intent::OddsPlayers(seats(3)));
    wait_for_odds(&mut app);
    let before = {
        let odds = app.world().resource::<Odds>();
        let result = odds.current(odds_key(&app)).unwrap();
        let Ok(Figures::Exact(shown)) = &result.outcome else { panic!("{:?}", result.outcome) };
        let shown = shown.clone();
        let cli = analyze(&compile(doc(&app).spec()), &ladderkit_editor::odds::options(seats(3))).unwrap();
        assert_eq!(*shown, cli, "the panel's numbers are `ladderkit analyze`'s");
        shown
    };
    // One pause of the analysis a frame, so the next edits land while it
    // runs (it would finish within a frame of this board otherwise).
    app.world_mut().resource_mut::<FrameBudget>().per_frame = Duration::ZERO;
    // An edit: the old numbers stay, but are not current any more.
    edit(&mut app, EditCommand::AddJump(Jump::new(97, 2)));
    let key = odds_key(&app);
    {
        let odds = app.world().resource::<Odds>();
        assert!(odds.current(key).is_none(), "numbers for the old design reported as current");
        assert_ne!(odds.latest.as_ref().unwrap().key, key);
    }
    // Edit again while that runs: only the last design's numbers count.
    edit(&mut app, EditCommand::AddJump(Jump::new(96, 3)));
    wait_for_odds(&mut app);
    let odds = app.world().resource::<Odds>();
    let Ok(Figures::Exact(after)) = &odds.current(odds_key(&app)).unwrap().outcome else { panic!() };
    let cli = analyze(&compile(doc(&app).spec()), &ladderkit_editor::odds::options(seats(3))).unwrap();
    assert_eq!(**after, cli);
    assert!(after.expected_rolls > before.expected_rolls, "two new snakes make the game longer");
    assert_eq!(after.seats.win.len(), 3);
}

/// Waits for the odds, asks for the Excitement section's costly measures
/// (as its button does), then waits for them.
fn wait_for_excitement(app: &mut App) {
    wait_for_odds(app);
    send(app, Intent::MoreExcitement);
    update_until(app, "the excitement", |odds, key| odds.excitement.current(key).is_some());
}

/// Runs frames until `arrived` says the odds of the design shown hold
/// `what`.
fn update_until(app: &mut App, what: &str, arrived: impl Fn(&Odds, OddsKey) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !arrived(app.world().resource::<Odds>(), odds_key(app)) {
        assert!(Instant::now() < deadline, "{what} never arrived");
        app.update();
    }
}

#[test]
fn two_players_see_the_exact_excitement_of_the_race() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    send(&mut app, Intent::OddsPlayers(Seats::TWO));
    wait_for_excitement(&mut app);
    let odds = app.world().resource::<Odds>();
    let shown = odds.excitement.current(odds_key(&app)).unwrap();
    let board = compile(doc(&app).spec()).board;
    let cli = ladderkit::analysis::excitement(&board, &ladderkit::analysis::Options::default(), &|_| false);
    let cli = cli.unwrap();
    assert_eq!(shown, &Ok(TwoPlayers::Chain(cli.clone())), "the panel's excitement is `ladderkit analyze`'s");
    // A typical game to chart, and another on request: `analyze --plot`'s.
    let first = odds.excitement.course().cloned().unwrap();
    assert_eq!(Some(&first), cli.typical_course(&board, 1).as_ref());
    assert_eq!(first.steps.last().unwrap().positions[first.winner], board.goal);
    send(&mut app, Intent::AnotherCourse);
    let next = app.world().resource::<Odds>().excitement.course().cloned().unwrap();
    assert!(next.seed > first.seed && next != first, "another game");
    assert_eq!(Some(next), cli.typical_course(&board, first.seed + 1));
    // An edit: the old measures are not current any more.
    edit(&mut app, EditCommand::AddJump(Jump::new(97, 2)));
    assert!(app.world().resource::<Odds>().excitement.current(odds_key(&app)).is_none());
}

/// Waits for the odds, then for the Excitement section's measures seat by
/// seat.
fn wait_for_table(app: &mut App) {
    wait_for_odds(app);
    update_until(app, "the measures seat by seat", |odds, key| odds.excitement.table(key).is_some());
}

/// A table of `n`.
fn seats(n: u32) -> Seats {
    Seats::new(n).unwrap()
}

/// Milton Bradley at a table of `players`, once the panel shows the
/// measures seat by seat, which must be `ladderkit analyze`'s.
fn milton_bradley_table(players: Seats) -> (App, OddsKey, Result<ladderkit::analysis::TableMeasures, String>) {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    send(&mut app, Intent::OddsPlayers(players));
    wait_for_table(&mut app);
    let key = odds_key(&app);
    let shown = app.world().resource::<Odds>().excitement.table(key).cloned().unwrap();
    let board = compile(doc(&app).spec()).board;
    let cli = ladderkit::analysis::table_measures(&board, players, &ladderkit::analysis::Options::default());
    assert_eq!(shown, Ok(cli.unwrap()), "the panel's measures are `ladderkit analyze -p {players}`'s");
    (app, key, shown)
}

/// Two players: the measures seat by seat come with the odds, as `ladderkit
/// analyze` prints them; the ones over joint states wait to be asked for.
#[test]
fn two_players_see_the_race_measures_at_once_and_the_joint_ones_when_asked() {
    let (mut app, key, shown) = milton_bradley_table(Seats::TWO);
    assert!(shown.unwrap().lead_changes.is_some(), "lead changes at two");
    for _ in 0..20 {
        app.update();
    }
    let odds = app.world().resource::<Odds>();
    assert!(!odds.excitement.asked(key) && odds.excitement.current(key).is_none(), "nothing over joint states");
    send(&mut app, Intent::MoreExcitement);
    assert!(app.world().resource::<Odds>().excitement.asked(key));
    // An edit: a new design is not asked for.
    edit(&mut app, EditCommand::AddJump(Jump::new(97, 2)));
    wait_for_table(&mut app);
    assert!(!app.world().resource::<Odds>().excitement.asked(odds_key(&app)));
}

/// Four players: the measures exact seat by seat at any table, then, when
/// asked, the win-chance measures from played games, as `ladderkit analyze
/// --players 4 --games N` gives them; the exact ones again after an edit.
#[test]
fn four_players_see_the_comeback_and_photo_finish_of_their_table() {
    let (mut app, key, shown) = milton_bradley_table(seats(4));
    let board = compile(doc(&app).spec()).board;
    assert!(app.world().resource::<Odds>().excitement.current(key).is_none(), "no two-player pass at four");
    for _ in 0..10 {
        app.update();
    }
    assert!(app.world().resource::<Odds>().excitement.played(key).is_none(), "no games unless asked");
    // Then the win-chance measures, played as `analyze -p 4` plays them.
    send(&mut app, Intent::MoreExcitement);
    update_until(&mut app, "the played measures", |odds, _| odds.excitement.played(key).is_some());
    let played = app.world().resource::<Odds>().excitement.played(key).cloned().unwrap().unwrap();
    use ladderkit::excitement::BY_CHANCE_GAMES;
    use ladderkit_editor::odds::PLAYED_SEED;
    let options = ladderkit::analysis::Options::default();
    let cli =
        ladderkit::analysis::played_measures(&board, seats(4), BY_CHANCE_GAMES, PLAYED_SEED, &options, &|_| false);
    assert_eq!(played, cli.unwrap());
    // The spread of leader changes is not counted at four here (81^4 joint
    // states), and the panel says why.
    update_until(&mut app, "the leader changes' verdict", |odds, _| odds.excitement.leaders(key).is_some());
    let refused = app.world().resource::<Odds>().excitement.leaders(key).cloned().unwrap().unwrap_err();
    assert!(refused.contains("joint states"), "{refused}");
    // An edit: the new design's measures, not the old ones.
    edit(&mut app, EditCommand::AddJump(Jump::new(97, 2)));
    wait_for_table(&mut app);
    let after = app.world().resource::<Odds>().excitement.table(odds_key(&app)).cloned().unwrap();
    let board = compile(doc(&app).spec()).board;
    let cli = ladderkit::analysis::table_measures(&board, seats(4), &ladderkit::analysis::Options::default());
    assert_eq!(after, Ok(cli.unwrap()));
    assert_ne!(after, shown, "a snake from 97 changes them");
}

/// Three players on a small race, when asked: the spread of leader changes
/// over every seat's joint state, `ladderkit analyze -p 3 --joint`'s.
#[test]
fn three_players_see_how_leader_changes_spread_when_asked() {
    let dir = temp_dir("leaders");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("small.ron");
    std::fs::write(&file, ladderkit::core::to_string(&ladderkit::core::sample::random_board(5, 4, 3))).unwrap();
    let mut app = app_with(Some(&file));
    send(&mut app, Intent::OddsPlayers(seats(3)));
    wait_for_table(&mut app);
    let key = odds_key(&app);
    assert!(app.world().resource::<Odds>().excitement.leaders(key).is_none(), "not counted unless asked");
    send(&mut app, Intent::MoreExcitement);
    update_until(&mut app, "the spread of leader changes", |odds, _| odds.excitement.leaders(key).is_some());
    let shown = app.world().resource::<Odds>().excitement.leaders(key).cloned().unwrap().unwrap();
    let board = compile(doc(&app).spec()).board;
    let meter = ladderkit::core::work::Meter::default();
    let cli = ladderkit::core::work::run(ladderkit::excitement::leaders_stepped(&board, seats(3), &meter, &|| false));
    let cli = cli.unwrap();
    assert!(!shown.cut && shown.counts.more < 1e-12, "{shown:?}");
    assert_eq!(shown, cli);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Lost and extra turns: the measures of the solved game, as `ladderkit
/// analyze` gives them, with the typical games sampled from it to chart.
#[test]
fn lost_and_extra_turns_show_the_excitement_of_the_solved_game() {
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    send(&mut app, Intent::OddsPlayers(Seats::TWO));
    wait_for_excitement(&mut app);
    let odds = app.world().resource::<Odds>();
    let shown = odds.excitement.current(odds_key(&app)).unwrap();
    let board = compile(doc(&app).spec()).into_playable().unwrap();
    let cli = ladderkit::core::work::run(ladderkit::excitement::two_players_stepped(
        &board,
        Policy::Greedy,
        &Default::default(),
    ));
    let Ok(TwoPlayers::Solved(solved)) = shown.clone() else { panic!("{shown:?}") };
    assert_eq!(shown, &cli);
    assert!(!solved.trailing.rows.is_empty() && solved.decided_at > 0.0, "{:?}", solved.measures);
    let first = odds.excitement.course().cloned().unwrap();
    assert_eq!(first, solved.courses[0], "the first typical game");
    send(&mut app, Intent::AnotherCourse);
    let next = app.world().resource::<Odds>().excitement.course().cloned().unwrap();
    assert_eq!(next, solved.courses[1], "the next one");
}

/// Two-player Treehouse: the excitement of the solved game, the panel's
/// bots making the choices, as the library gives it.
#[test]
fn two_player_treehouse_shows_the_excitement_of_its_solved_game() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    send(&mut app, Intent::OddsPlayers(Seats::TWO));
    wait_for_excitement(&mut app);
    let key = odds_key(&app);
    let odds = app.world().resource::<Odds>();
    let shown = odds.excitement.current(key).unwrap();
    let board = compile(doc(&app).spec()).into_playable().unwrap();
    let started = Instant::now();
    let cli =
        ladderkit::core::work::run(ladderkit::excitement::two_players_stepped(&board, key.bots, &Default::default()));
    eprintln!("{:?} in {:?}", cli.as_ref().map(|e| e.measures()), started.elapsed());
    assert!(matches!(shown, Ok(TwoPlayers::Solved(_))), "{shown:?}");
    assert_eq!(shown, &cli);
    assert!(shown.as_ref().unwrap().measures().lead_changes.mean > 0.0);
    let course = odds.excitement.course().unwrap();
    let won = if course.winner == 0 { 1.0 } else { 0.0 };
    assert_eq!(course.steps.last().unwrap().a_wins, won, "a whole game, to its winner: {course:?}");
}

#[test]
fn treehouse_odds_are_simulated_and_say_why() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    send(&mut app, Intent::OddsPlayers(seats(3)));
    wait_for_odds(&mut app);
    let odds = app.world().resource::<Odds>();
    let Ok(Figures::Simulated(s)) = &odds.current(odds_key(&app)).unwrap().outcome else { panic!("not simulated") };
    assert!(s.why.contains("stack"), "{}", s.why);
    assert_eq!(s.games, ladderkit_editor::odds::SIMULATED_GAMES);
    let rates = &s.report.seat_win_rate;
    assert_eq!(rates.len(), 3);
    // Everyone wins sometimes, and shared wins can push the sum past 1.
    assert!(rates.iter().all(|r| *r > 0.15) && rates.iter().sum::<f64>() >= 0.99, "{rates:?}");
    assert!(s.report.mean_rounds > 5.0);
}

#[test]
fn two_player_treehouse_odds_are_solved_exactly_with_the_skill_figure() {
    let mut app = app_with(Some(&bundled("treehouse.ron")));
    send(&mut app, Intent::OddsPlayers(Seats::TWO));
    wait_for_odds(&mut app);
    let odds = app.world().resource::<Odds>();
    let Ok(Figures::Solved(s)) = &odds.current(odds_key(&app)).unwrap().outcome else { panic!("not solved") };
    let s = s.clone();
    // The panel's numbers are `ladderkit solve`'s.
    let engine = ladderkit::engine::Engine::new(&compile(doc(&app).spec()), Seats::new(2).unwrap()).unwrap();
    let mut solver = ladderkit::solve::Solver::new(&engine, Default::default(), None).unwrap();
    let greedy = ladderkit::solve::Player::Bot(ladderkit::engine::Policy::Greedy);
    assert_eq!(s.bots, solver.odds(&[greedy; 2]).unwrap());
    assert_eq!(s.optimal, solver.optimal().unwrap().odds);
    assert_eq!(s.positions, solver.graph().positions());
    assert!(s.skill.against.iter().all(|(_, per_seat)| per_seat.iter().all(|v| *v > 0.5)), "{:?}", s.skill);
    // Length and heat still come from simulated games.
    assert_eq!(s.simulated.games, ladderkit_editor::odds::SIMULATED_GAMES);
    assert!(s.simulated.report.heat_per_game.iter().any(|h| *h > 0.0));
    // Other bots: solved again, for them.
    send(&mut app, Intent::OddsBots(Policy::Random));
    wait_for_odds(&mut app);
    let odds = app.world().resource::<Odds>();
    let Ok(Figures::Solved(r)) = &odds.current(odds_key(&app)).unwrap().outcome else { panic!("not solved") };
    assert_eq!(r.bots, solver.odds(&[ladderkit::solve::Player::Bot(Policy::Random); 2]).unwrap());
    assert_eq!(r.simulated.bots, Policy::Random);
    assert_eq!(r.optimal, s.optimal, "optimal play does not depend on the bots chosen");
}

#[test]
fn a_well_shows_the_solved_game_not_one_pieces_race() {
    let mut app = app_with(Some(&bundled("game-of-the-goose.ron")));
    send(&mut app, Intent::OddsPlayers(Seats::TWO));
    wait_for_odds(&mut app);
    let odds = app.world().resource::<Odds>();
    let Ok(Figures::Solved(s)) = &odds.current(odds_key(&app)).unwrap().outcome else {
        panic!("a well's odds are not solved")
    };
    assert!(s.simulated.why.contains("waits until another arrives"), "{}", s.simulated.why);
    let compiled = compile(doc(&app).spec());
    let engine = ladderkit::engine::Engine::new(&compiled, Seats::new(2).unwrap()).unwrap();
    let mut solver = ladderkit::solve::Solver::new(&engine, Default::default(), None).unwrap();
    let greedy = ladderkit::solve::Player::Bot(Policy::Greedy);
    assert_eq!(s.bots, solver.odds(&[greedy; 2]).unwrap(), "the panel's numbers are `ladderkit solve`'s");
    // One piece's race, which the panel showed before, has a winner in
    // every game; the real game leaves both pieces in the wells in some.
    let alone = analyze(&compiled, &ladderkit_editor::odds::options(Seats::TWO)).unwrap();
    assert!((alone.seats.win.iter().sum::<f64>() - 1.0).abs() < 1e-6);
    assert!(s.bots.no_winner() > 0.1, "{:?}", s.bots);
    // Three players: simulated, and the reason said.
    send(&mut app, Intent::OddsPlayers(seats(3)));
    wait_for_odds(&mut app);
    let odds = app.world().resource::<Odds>();
    let Ok(Figures::Simulated(s)) = &odds.current(odds_key(&app)).unwrap().outcome else { panic!("not simulated") };
    assert!(s.why.contains("waits until another arrives"), "{}", s.why);
}

#[test]
fn a_score_track_is_play_tested_by_entering_points() {
    let mut app = app_with(Some(&bundled("carcassonne-scoreboard.ron")));
    start(&mut app, vec![Seat::Human, Seat::Human, Seat::Human], 1, f32::INFINITY);
    assert!(playtest(&app).session.is_none());
    let scores = |app: &App| playtest(app).scores.as_ref().expect("a score track is on").shown().to_vec();
    for (player, points) in [(0, 10), (1, 30), (2, 20)] {
        send(&mut app, Intent::Play(PlayIntent::Score(player, points)));
    }
    send(&mut app, Intent::Play(PlayIntent::EndTurn));
    // The rule document's example: Red 16 climbs to 34, Blue 39 is eaten
    // back to 11, Green 27 stays; nobody moves before the turn ends.
    for (player, points) in [(0, 6), (1, 9), (2, 7)] {
        send(&mut app, Intent::Play(PlayIntent::Score(player, points)));
    }
    app.update();
    assert_eq!(scores(&app), vec![16, 39, 27]);
    send(&mut app, Intent::Play(PlayIntent::EndTurn));
    app.update();
    assert_eq!(scores(&app), vec![34, 11, 27]);
    send(&mut app, Intent::Play(PlayIntent::FinalScoring));
    send(&mut app, Intent::Play(PlayIntent::Score(0, 14)));
    app.update();
    assert_eq!(scores(&app)[0], 48, "final scoring ignores the snake at 48");
    let log = &playtest(&app).scores.as_ref().unwrap().log;
    assert!(log.iter().any(|l| l.contains("climbs the ladder 16 → 34")), "{log:?}");
    send(&mut app, Intent::Play(PlayIntent::Stop));
    app.update();
    assert!(playtest(&app).scores.is_none());
    assert_eq!(mode(&app), EditorMode::Edit);
}

#[test]
fn a_play_test_of_a_broken_design_is_refused_with_a_reason() {
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    // A loop: 3 → 20 → 3.
    edit(&mut app, EditCommand::AddJump(Jump::new(3, 20)));
    edit(&mut app, EditCommand::AddJump(Jump::new(20, 3)));
    send(&mut app, Intent::Play(PlayIntent::Start));
    app.update();
    assert_eq!(mode(&app), EditorMode::Edit);
    assert!(playtest(&app).error.as_deref().is_some_and(|e| e.contains("errors")));
    app.update();
    assert!(playtest(&app).error.is_some(), "the reason stays while it holds");
    // Undoing the loop makes the message stale: it goes.
    send(&mut app, Intent::Undo);
    app.update();
    assert_eq!(playtest(&app).error, None, "a stale message outlived its cause");
}

//! Play together between two editors in one process: a host and a guest
//! over real WebRTC data channels, the signalling server in-process on
//! 127.0.0.1, a bot in the third seat. Every seat is played through the
//! intents the panels send (Space, the seat buttons), and both editors end
//! with the same games, animated on both boards.

use std::thread::sleep;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use ladderkit::engine::Policy;
use ladderkit::room::protocol::{Record, SeatView, Waiting};
use ladderkit::room::signalling_server_in_background;
use ladderkit_editor::EditorMode;
use ladderkit_editor::intents::{Intent, PlayIntent, RoomIntent};
use ladderkit_editor::playtest::Playtest;
use ladderkit_editor::playtest::together::{Room, Together};

use crate::common::{app_with, bundled, temp_dir};

fn room(app: &App) -> Option<&Room> {
    app.world().resource::<Together>().room.as_ref()
}

fn write(app: &mut App, intent: Intent) {
    app.world_mut().write_message(intent);
}

/// Updates both editors until `done` says so; fails after a minute saying
/// what it waited for.
fn until(apps: &mut [&mut App], what: &str, mut done: impl FnMut(&mut [&mut App]) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(apps) {
        let errors: Vec<_> = apps.iter().map(|a| a.world().resource::<Together>().error.clone()).collect();
        assert!(Instant::now() < deadline, "waited a minute for {what}; errors: {errors:?}");
        for app in apps.iter_mut() {
            app.update();
        }
        sleep(Duration::from_millis(1));
    }
}

/// What the person at this editor does when it is their turn: Space, or
/// the first of their choices.
fn play_if_my_turn(app: &mut App) {
    let order = room(app).and_then(Room::my_turn).map(|waiting| match waiting {
        Waiting::Choice { .. } => PlayIntent::Choose(0),
        _ => PlayIntent::Roll,
    });
    if let Some(order) = order {
        write(app, Intent::Play(order));
    }
}

fn game_over(app: &App) -> bool {
    room(app).and_then(Room::table).is_some_and(|t| t.waiting() == Waiting::Over)
}

#[test]
fn two_editors_play_a_room_with_a_bot_and_keep_the_same_games() {
    let at = signalling_server_in_background("127.0.0.1:0".parse().unwrap()).expect("a free port");
    let mut host = app_with(Some(&bundled("milton-bradley.ron")));
    host.world_mut().resource_mut::<Playtest>().speed = f32::INFINITY;
    {
        let mut together = host.world_mut().resource_mut::<Together>();
        together.config.bot_pause_ms = 0;
        together.server = format!("ws://{at}");
        together.name = "Host".into();
    }
    write(&mut host, Intent::Play(PlayIntent::Players(3)));
    host.update();
    write(&mut host, Intent::Room(RoomIntent::Open));
    let mut guest = app_with(None);
    // A link whose room is not whole is refused, saying what it lacks.
    write(&mut guest, Intent::Room(RoomIntent::Join("https://example.org/?room=ws://h/r#lk2.x".into())));
    guest.update();
    let refused = guest.world().resource::<Together>().error.clone().unwrap_or_default();
    assert!(refused.contains("its host and its seats"), "{refused}");
    guest.world_mut().resource_mut::<Together>().name = "Guest".into();
    guest.world_mut().resource_mut::<Playtest>().speed = f32::INFINITY;
    // The mode changes on the update after the room opens, and the link may
    // come back from the server sooner: wait for both.
    until(&mut [&mut host], "the room's link, in play-test mode", |apps| {
        let mode = *apps[0].world().resource::<State<EditorMode>>().get();
        room(apps[0]).is_some_and(|r| r.link.is_some()) && mode == EditorMode::Playtest
    });
    let link = room(&host).unwrap().link.clone().unwrap();
    assert!(link.contains("&seats=3#lk2."), "{link}");

    // The guest's editor opens the board from the link, then joins.
    write(&mut guest, Intent::Room(RoomIntent::Join(link)));
    until(&mut [&mut host, &mut guest], "the guest welcomed", |apps| {
        room(apps[1]).is_some_and(|r| r.seats().len() == 3)
    });
    write(&mut host, Intent::Room(RoomIntent::Sit(0)));
    write(&mut guest, Intent::Room(RoomIntent::Sit(1)));
    write(&mut host, Intent::Room(RoomIntent::Bot(2, Some(Policy::Greedy))));
    until(&mut [&mut host, &mut guest], "three seats taken", |apps| {
        room(apps[1]).is_some_and(|r| r.my_seat() == Some(1) && r.seats().iter().all(|s| *s != SeatView::Empty))
    });
    // A guest cannot start the game; the host can.
    write(&mut guest, Intent::Room(RoomIntent::Start));
    write(&mut host, Intent::Room(RoomIntent::Start));
    guest.update();
    assert!(guest.world().resource::<Together>().error.as_deref().is_some_and(|e| e.contains("only the host")));
    // Each person plays their seat as it comes round: Space, or a pick.
    until(&mut [&mut host, &mut guest], "the game over on both", |apps| {
        apps.iter_mut().for_each(|app| play_if_my_turn(app));
        game_over(apps[0]) && game_over(apps[1])
    });
    // Both boards caught up with their tables, having animated the game.
    until(&mut [&mut host, &mut guest], "the animations done and the game recorded", |apps| {
        apps.iter().all(|app| {
            let session = app.world().resource::<Playtest>().session.as_ref().expect("the room's game shows");
            let recorded = room(app).is_some_and(|r| r.record().games.len() == 1);
            session.shown() == session.state() && session.state().is_over() && recorded
        })
    });
    let records: Vec<Record> = [&host, &guest].map(|app| room(app).unwrap().record().clone()).into();
    assert_eq!(records[0].games.len(), 1);
    assert_eq!(records[0], records[1], "the two editors kept different games");
    let log = &records[0].games[0];
    assert_eq!(log.seats, ["human", "human", "bot:greedy"]);
    assert!(log.turns >= 3, "a whole game: {log:?}");
    for app in [&host, &guest] {
        let session = app.world().resource::<Playtest>().session.as_ref().unwrap();
        assert!(session.is_remote());
        assert!(session.moves_shown as u64 >= log.turns.min(3), "the board showed {} moves", session.moves_shown);
        assert_eq!(session.names[..2], ["Host", "Guest"]);
    }

    // Restart (R) and seat changes of the local play-test are not the room's.
    write(&mut guest, Intent::Play(PlayIntent::Restart { new_seed: true }));
    guest.update();
    assert!(guest.world().resource::<Playtest>().session.as_ref().unwrap().is_remote());

    // The guest leaves: it keeps the games, and exports them.
    write(&mut guest, Intent::Room(RoomIntent::Leave));
    until(&mut [&mut host, &mut guest], "the guest's seat away on the host", |apps| {
        let away = room(apps[0]).is_some_and(|r| matches!(&r.seats()[1], SeatView::Person { away: true, .. }));
        away && room(apps[1]).is_none()
    });
    assert_eq!(*guest.world().resource::<State<EditorMode>>().get(), EditorMode::Edit);
    let path = temp_dir("room").join("games.json");
    write(&mut guest, Intent::ExportRecord(path.clone()));
    guest.update();
    let exported: Record = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(exported, records[0]);
}

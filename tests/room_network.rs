//! A room played over real WebRTC data channels on this machine: the
//! signalling server in-process on 127.0.0.1, a host page and two guest
//! pages, a bot seat; one guest's page closes mid-game and the bot covers
//! its seat. Every page left ends with the host's log.

use std::thread::sleep;
use std::time::{Duration, Instant};

use ladderkit::core::{Seats, check_source, compile, variant_hash};
use ladderkit::engine::{Engine, Policy};
use ladderkit::room::protocol::{Config, Guest, Host, PlayerKey, SeatView, Waiting};
use ladderkit::room::{Connection, RoomAddress, Side, room_name, run_loop, signalling_server_in_background};

const MILTON: &str = include_str!("../variants/milton-bradley.ron");

fn host_of(c: &mut Connection) -> &mut Host {
    match &mut c.side {
        Side::Host(h) => h,
        Side::Guest(_) => unreachable!("the host's connection"),
    }
}

fn guest_of(c: &mut Connection) -> &mut Guest {
    match &mut c.side {
        Side::Guest(g) => g,
        Side::Host(_) => unreachable!("a guest's connection"),
    }
}

/// Pumps every connection until `done` says so, or fails after a while
/// saying what it waited for.
fn until(
    pages: &mut [&mut Connection],
    clock: &Instant,
    what: &str,
    mut done: impl FnMut(&mut [&mut Connection]) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(pages) {
        assert!(Instant::now() < deadline, "waited a minute for {what}");
        let now = clock.elapsed().as_millis() as u64;
        for page in pages.iter_mut() {
            page.pump(now);
        }
        sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_room_plays_over_webrtc_and_a_bot_covers_a_page_that_closed() {
    let at = signalling_server_in_background("127.0.0.1:0".parse().unwrap()).expect("a free port");
    let room = format!("ws://{at}/{}", room_name(&[5; 32]));

    let spec = check_source(MILTON).spec.unwrap();
    let engine = Engine::new(&compile(&spec), Seats::new(3).unwrap()).unwrap();
    let (name, hash) = (spec.meta.name.clone(), variant_hash(&spec));
    let key = |n: u8| PlayerKey::new(&format!("network-key-{n}")).unwrap();
    let config = Config { grace_ms: 500, bot_pause_ms: 0, ..Config::default() };
    let host = Host::new(&engine, &name, hash, config, [1; 32], key(0), "Host");
    let clock = Instant::now();
    let mut h = Connection::host(&room, host, false, run_loop);
    let mut id = None;
    until(&mut [&mut h], &clock, "the host's id", |pages| {
        id = pages[0].id();
        id.is_some()
    });
    let address = RoomAddress::new(&room, &id.unwrap(), engine.seats()).unwrap();
    let join = |n: u8| {
        let guest = Guest::new(&engine, &name, hash, [n; 32], key(n), &format!("Person {n}"));
        Connection::join(&address, guest, false, run_loop)
    };
    let (mut a, mut b) = (join(2), join(3));
    until(&mut [&mut h, &mut a, &mut b], &clock, "both guests welcomed", |p| {
        guest_of(p[1]).seats().len() == 3 && guest_of(p[2]).seats().len() == 3
    });
    guest_of(&mut a).sit(0);
    guest_of(&mut b).sit(2);
    host_of(&mut h).set_bot(1, Some(Policy::Greedy), 0).unwrap();
    until(&mut [&mut h, &mut a, &mut b], &clock, "the seats taken", |p| {
        guest_of(p[1]).my_seat() == Some(0) && guest_of(p[2]).my_seat() == Some(2)
    });
    host_of(&mut h).start(clock.elapsed().as_millis() as u64).unwrap();

    // People roll on their turns; after 20 turns person 3's page closes.
    let (mut closed, mut latencies) = (false, Vec::new());
    let mut rolled_at: Option<(u64, Instant)> = None;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if Instant::now() > deadline {
            let turns = host_of(&mut h).table().map(|t| (t.turns(), t.waiting()));
            let (refused, host_closed) = (host_of(&mut h).refused.clone(), host_of(&mut h).closed().map(str::to_owned));
            let reconnections = a.reconnections;
            let guest = guest_of(&mut a);
            panic!(
                "the game did not end in two minutes: host at {turns:?}, closed {host_closed:?}, refused {refused:?}; \
                 page A at {:?}, notes {:?}, closed {:?}, reconnected {} times",
                guest.table().map(|t| (t.turns(), t.waiting())),
                guest.notes,
                guest.closed(),
                reconnections
            );
        }
        let now = clock.elapsed().as_millis() as u64;
        h.pump(now);
        a.pump(now);
        if !closed {
            b.pump(now);
        }
        if host_of(&mut h).record().games.len() == 1 && guest_of(&mut a).record().games.len() == 1 {
            break;
        }
        // From a roll sent on page A to page B playing it.
        if let (Some((turn, sent)), false) = (rolled_at, closed)
            && guest_of(&mut b).table().is_some_and(|t| t.turns() > turn)
        {
            latencies.push(sent.elapsed());
            rolled_at = None;
        }
        for (page, g) in [(0u8, &mut a), (2, &mut b)] {
            if page == 2 && closed {
                continue;
            }
            let guest = guest_of(g);
            if let Some(t) = guest.table()
                && t.waiting() == (Waiting::Roll { seat: page })
            {
                if page == 0 && rolled_at.is_none() {
                    rolled_at = Some((t.turns(), Instant::now()));
                }
                guest.roll();
            }
        }
        if !closed && host_of(&mut h).table().is_some_and(|t| t.turns() >= 20) {
            b.close();
            closed = true;
        }
        sleep(Duration::from_millis(1));
    }
    assert!(closed, "the game ended before person 3's page closed");
    assert!(guest_of(&mut a).closed().is_none(), "{:?}", guest_of(&mut a).closed());
    let seats = guest_of(&mut a).seats().to_vec();
    assert!(matches!(&seats[2], SeatView::Person { away: true, .. }), "{seats:?}");
    let host_games = host_of(&mut h).record().games.clone();
    assert_eq!(guest_of(&mut a).record().games, host_games, "page A ends with the host's log");
    assert!(host_of(&mut h).refused.is_empty(), "{:?}", host_of(&mut h).refused);
    latencies.sort();
    assert!(!latencies.is_empty(), "no roll of page A was seen on page B");
    eprintln!(
        "roll on page A to played on page B: median {:?}, longest {:?} over {} rolls; {} turns; \
         page A reconnected {} times",
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1],
        latencies.len(),
        host_games[0].turns,
        a.reconnections
    );
}

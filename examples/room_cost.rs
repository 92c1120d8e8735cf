//! What a room costs: a game of Milton Bradley at 8 seats (7 people on
//! their own pages and a bot), played through the room protocol in memory
//! (`ladderkit-room`): messages and bytes per game and per turn, and the
//! memory the process holds before the room and at its peak (`VmHWM`).
//!
//! cargo run --release --example room_cost

use ladderkit::core::{Seats, check_source, compile, variant_hash};
use ladderkit::engine::{Engine, Policy};
use ladderkit::room::protocol::host::To;
use ladderkit::room::protocol::{Config, Guest, Host, Peer, PlayerKey};

fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: 0 kB");
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
}

fn main() {
    let source = include_str!("../variants/milton-bradley.ron");
    let spec = check_source(source).spec.expect("a bundled variant");
    let engine = Engine::new(&compile(&spec), Seats::new(8).expect("eight seats")).expect("an engine");
    let (name, hash) = (spec.meta.name.clone(), variant_hash(&spec));
    let before = peak_kib();
    let key = |n: u8| PlayerKey::new(&format!("cost-key-{n:02}")).expect("a key");
    let config = Config { bot_pause_ms: 0, ..Config::default() };
    let mut host = Host::new(&engine, &name, hash, config, [0; 32], key(0), "Host");
    let mut guests: Vec<(Peer, Guest)> = (1..8u8)
        .map(|n| {
            host.joined(Peer(u128::from(n)));
            (Peer(u128::from(n)), Guest::new(&engine, &name, hash, [n; 32], key(n), "Person"))
        })
        .collect();
    let (mut messages, mut bytes, mut now) = (0usize, 0usize, 0u64);
    let mut pump = |host: &mut Host, guests: &mut Vec<(Peer, Guest)>, now: u64| loop {
        let mut moved = false;
        for (to, b) in host.outbox() {
            for (peer, g) in guests.iter_mut() {
                if to == To::Everyone || to == To::One(*peer) {
                    (messages, bytes, moved) = (messages + 1, bytes + b.len(), true);
                    g.received(&b);
                }
            }
        }
        for (peer, g) in guests.iter_mut() {
            for b in g.outbox() {
                (messages, bytes, moved) = (messages + 1, bytes + b.len(), true);
                let _ = host.received(*peer, &b, now);
            }
        }
        if !moved {
            return (messages, bytes);
        }
    };
    pump(&mut host, &mut guests, now);
    for (i, (_, g)) in guests.iter_mut().enumerate() {
        g.sit(i as u8);
    }
    pump(&mut host, &mut guests, now);
    host.set_bot(7, Some(Policy::Greedy), now).expect("a free seat");
    let (setup_messages, setup_bytes) = pump(&mut host, &mut guests, now);
    host.start(now).expect("every seat taken");
    while host.record().games.is_empty() {
        now += 1;
        host.tick(now);
        for (_, g) in guests.iter_mut() {
            g.roll();
        }
        pump(&mut host, &mut guests, now);
    }
    let (all_messages, all_bytes) = pump(&mut host, &mut guests, now);
    let turns = host.record().games[0].turns;
    let (game_messages, game_bytes) = (all_messages - setup_messages, all_bytes - setup_bytes);
    println!("a room of 8 seats, 7 guest pages, one game of {turns} turns:");
    println!("  joining and sitting: {setup_messages} messages, {setup_bytes} bytes");
    println!(
        "  the game: {game_messages} messages, {game_bytes} bytes ({:.1} messages and {:.0} bytes a turn, all pages)",
        game_messages as f64 / turns as f64,
        game_bytes as f64 / turns as f64
    );
    println!("  peak memory: {before} KiB before the room, {} KiB after (VmHWM)", peak_kib());
    assert!(guests.iter().all(|(_, g)| g.record().games == host.record().games), "every page has the host's log");
}

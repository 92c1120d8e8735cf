//! Shared by the commands that play: load a variant, build an engine, parse
//! seat lists.

use std::path::Path;

use ladderkit::core::{Seats, VariantSpec, compile};
use ladderkit::engine::{Engine, Policy, Seat};
use ladderkit::files;

use super::{Outcome, diagnostics, tell};

/// A variant ready to play: its spec and an engine for its table (the
/// engine's `Seats`, made here from `--players`).
pub struct Table {
    pub spec: VariantSpec,
    pub engine: Engine,
}

/// Loads a variant that must be free of errors; otherwise prints its
/// diagnostics and why `doing` (e.g. "analysing") cannot go on.
pub fn clean_spec(path: &Path, doing: &str) -> Result<VariantSpec, Outcome> {
    let loaded = files::load(path).map_err(super::fail)?;
    if loaded.picture {
        tell!("note: read the variant carried by the picture {}", path.display());
    }
    match loaded.checked.spec.clone().filter(|_| !loaded.checked.has_errors()) {
        Some(spec) => Ok(spec),
        None => {
            diagnostics::print(path, &loaded.text, &loaded.checked.diagnostics);
            tell!("error: {} has errors; fix them before {doing}", path.display());
            Err(Outcome::VariantErrors)
        }
    }
}

/// The variant as game `game` plays it: with `random_jumps`, the spec with
/// that game's jumps dealt (said on stderr); any other variant as it is.
pub fn board_of_game(spec: VariantSpec, game: u64) -> Result<VariantSpec, Outcome> {
    let Some(random) = &spec.random_jumps else { return Ok(spec) };
    match ladderkit::core::deal::deal(&spec, game) {
        Some(dealt) => {
            tell!(
                "note: this variant deals its snakes and ladders afresh each game (seed {}); this is the board of \
                 game {game} (--game N for another)",
                random.seed
            );
            Ok(dealt.spec)
        }
        None => Err(super::fail(format!(
            "no board could be dealt for game {game}: {} ladders and {} snakes do not fit within the limits",
            random.ladders, random.snakes
        ))),
    }
}

/// Loads a variant and builds an engine, printing why not on failure.
/// `strict` holds the table to the variant's player range; simulations may
/// leave it (one player alone is how solo odds are measured).
/// `game` is the game's number: a variant that deals its jumps per game is
/// played on that game's board.
pub fn table(path: &Path, seats: Seats, strict: bool, game: u64) -> Result<Table, Outcome> {
    table_for(board_of_game(clean_spec(path, "playing")?, game)?, seats, strict)
}

/// `table` for a spec already loaded and free of errors.
pub fn table_for(spec: VariantSpec, seats: Seats, strict: bool) -> Result<Table, Outcome> {
    let range = spec.rules.players;
    if strict {
        Seats::within(seats.get(), range).map_err(|e| super::fail(format!("--players {}: {e}", seats.get())))?;
    } else if !(range.min..=range.max).contains(&seats.get()) {
        tell!("note: this variant is for {} to {} players; simulating {seats} anyway", range.min, range.max);
    }
    let engine = Engine::new(&compile(&spec), seats).map_err(super::fail)?;
    let engine = engine.with_first_player(spec.rules.first_player);
    Ok(Table { spec, engine })
}

/// Parses `human,bot:greedy,random`: `bot:` is optional before a policy.
pub fn parse_seats(text: &str, humans_allowed: bool) -> Result<Vec<Seat>, String> {
    text.split(',')
        .map(|s| {
            let s = s.trim();
            if s == "human" {
                return if humans_allowed { Ok(Seat::Human) } else { Err("humans cannot sit in a simulation".into()) };
            }
            let name = s.strip_prefix("bot:").unwrap_or(s);
            Policy::parse(name).map(Seat::Bot).ok_or_else(|| {
                let names: Vec<&str> = Policy::ALL.iter().map(|p| p.name()).collect();
                format!("unknown seat `{s}`: use human or bot:{}", names.join("|bot:"))
            })
        })
        .collect()
}

/// What `bot:perfect` seats play by: the game solved once, before the
/// first turn (`None` when no seat is perfect). Refuses games the solver
/// cannot take, saying why.
pub fn judge_for(
    engine: &Engine,
    policies: &[Policy],
) -> Result<Option<std::sync::Arc<dyn ladderkit::engine::bots::Judge>>, Outcome> {
    if !policies.contains(&Policy::Perfect) {
        return Ok(None);
    }
    tell!("note: solving the game for bot:perfect (once, before the first turn)…");
    let start = std::time::Instant::now();
    match ladderkit::solve::Perfect::solve(engine, ladderkit::solve::Limits::default(), None) {
        Ok(perfect) => {
            tell!("note: solved {} positions in {:.1} s", perfect.positions(), start.elapsed().as_secs_f64());
            Ok(Some(std::sync::Arc::new(perfect)))
        }
        Err(e) => Err(super::fail(format!("bot:perfect cannot play this game: {e}"))),
    }
}

//! `ladderkit merge`: adds up the tallies `simulate --shard K/M --out`
//! wrote. Tallies are integer counts of disjoint blocks of one seeded run,
//! so the sum is the whole run's tally exactly, and so is its report.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ladderkit::core::{Seats, check_source, to_string, variant_hash};
use ladderkit::files;
use ladderkit::sim::{Options, Runner, Shard, Tally, block_size_of};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::setup::{parse_seats, table_for};
use super::simulate::{policies_of, readable, to_json};
use super::{Outcome, fail, say};

/// Marks a part file, and its version (2: with a digest).
const PART_VERSION: u32 = 2;

/// Missing parts named in an error; the rest are counted.
const MISSING_NAMED: usize = 10;

/// Add up the parts of a sharded `simulate` run.
///
/// Each part is a JSON file written by `ladderkit simulate FILE --shard K/M
/// --out part-K.json`; it carries the variant, the seed, the bots and the
/// games' counts. Give every part of one run (any order): the report is the
/// one `ladderkit simulate FILE` with the same seed and --games prints, to
/// the last digit. Parts of different runs, a part given twice or a missing
/// part are refused.
///
/// Run the parts anywhere: one process each, on one machine with GNU
/// parallel or on a cluster (a Slurm job array, a Kubernetes Indexed Job);
/// see docs/simulate.md.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  for k in 1 2 3 4; do ladderkit simulate variants/treehouse.ron --games 1000000 \
                        --shard $k/4 --out part-$k.json & done; wait\n  ladderkit merge part-*.json")]
pub struct Args {
    /// The part files (`simulate --shard K/M --out FILE`).
    #[arg(required = true)]
    parts: Vec<PathBuf>,
    /// Print JSON, as `simulate --json` does.
    #[arg(long)]
    json: bool,
}

/// One shard's tally and the run it belongs to.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Part {
    pub ladderkit_simulation_part: u32,
    pub variant_name: String,
    /// `variant_hash` of the variant, in hex.
    pub variant_hash: String,
    /// The variant in canonical form, so merging needs no other file.
    pub variant: String,
    pub seed: u64,
    /// Games in the whole run.
    pub games: u64,
    pub players: Seats,
    pub bots: Vec<String>,
    pub engine_only: bool,
    /// K (from 1) and M of `--shard K/M`.
    pub shard: [u64; 2],
    /// Seconds this part took to play.
    pub seconds: f64,
    pub tally: Tally,
    /// `Fnv` of everything above but the seconds: a part proves which run
    /// and which shard its counts are, so a part copied in under another
    /// number, relabelled (seed, bots, variant) or edited is refused.
    /// (Absent from version 1, which is refused by its version.)
    #[serde(default)]
    pub digest: String,
}

impl Part {
    pub fn new(spec: &ladderkit::core::VariantSpec, options: &Options, seconds: f64, tally: Tally) -> Self {
        Part {
            ladderkit_simulation_part: PART_VERSION,
            variant_name: spec.meta.name.clone(),
            variant_hash: format!("{:016x}", variant_hash(spec)),
            variant: to_string(spec),
            seed: options.seed,
            games: options.games,
            players: options.seats.seats(),
            bots: options.seats.iter().map(|p| p.name().to_owned()).collect(),
            engine_only: options.engine_only,
            shard: [options.shard.index + 1, options.shard.count],
            seconds,
            tally,
            digest: String::new(),
        }
        .sealed()
    }

    fn sealed(mut self) -> Self {
        self.digest = self.expected_digest();
        self
    }

    fn expected_digest(&self) -> String {
        let claims = (
            self.ladderkit_simulation_part,
            &self.variant_name,
            &self.variant_hash,
            &self.variant,
            self.seed,
            self.games,
            self.players,
            &self.bots,
            self.engine_only,
            self.shard,
            &self.tally,
        );
        // Plain data: serialising it cannot fail.
        let text = serde_json::to_string(&claims).expect("a part serialises");
        ladderkit::core::Fnv::default().bytes(text.as_bytes()).hex()
    }

    /// What must be the same in every part of one run, in words.
    fn run(&self) -> [(&'static str, String); 6] {
        [
            ("variant", format!("{} ({})", self.variant_name, self.variant_hash)),
            ("seed", self.seed.to_string()),
            ("--games", self.games.to_string()),
            ("--bots", self.bots.join(",")),
            ("--engine", self.engine_only.to_string()),
            ("parts (M of --shard K/M)", self.shard[1].to_string()),
        ]
    }
}

pub fn run(args: &Args) -> Outcome {
    let mut parts = Vec::new();
    for path in &args.parts {
        match read_part(path) {
            Ok(part) => parts.push((path.as_path(), part)),
            Err(e) => return fail(e),
        }
    }
    let (first_path, first) = &parts[0];
    for (path, part) in &parts[1..] {
        for ((what, a), (_, b)) in part.run().iter().zip(first.run()) {
            if *a != b {
                return fail(format!(
                    "{} and {} are parts of different runs: {what} {a} vs {b}\n\
                     hint: merge the parts of one run (the same variant, --seed, --games, --bots and --shard …/M)",
                    path.display(),
                    first_path.display()
                ));
            }
        }
    }
    let count = first.shard[1];
    let mut by_index: BTreeMap<u64, &Path> = BTreeMap::new();
    for (path, part) in &parts {
        if let Some(before) = by_index.insert(part.shard[0], path) {
            return fail(format!(
                "part {}/{count} is given twice: {} and {}",
                part.shard[0],
                before.display(),
                path.display()
            ));
        }
    }
    // Every given part is one of 1..=M, once: the others are missing. (M is
    // the file's claim, up to 2^64: count them, name the first few.)
    let missing_count = count - by_index.len() as u64;
    if missing_count > 0 {
        let mut missing: Vec<String> = (1..=count)
            .filter(|k| !by_index.contains_key(k))
            .take(MISSING_NAMED)
            .map(|k| format!("{k}/{count}"))
            .collect();
        if missing_count > MISSING_NAMED as u64 {
            missing.push(format!("… ({missing_count} in all)"));
        }
        return fail(format!(
            "part{} {} of the run {} missing\nhint: play {} with `ladderkit simulate FILE --seed {} --games {} --bots {}{} --shard K/{count} --out part-K.json`",
            if missing_count > 1 { "s" } else { "" },
            missing.join(", "),
            if missing_count > 1 { "are" } else { "is" },
            if missing_count > 1 { "them" } else { "it" },
            first.seed,
            first.games,
            first.bots.join(","),
            if first.engine_only { " --engine" } else { "" },
        ));
    }

    let spec = check_source(&first.variant).spec.filter(|s| format!("{:016x}", variant_hash(s)) == first.variant_hash);
    let Some(spec) = spec else {
        return fail(format!("{}: its variant does not match its hash (was the file edited?)", first_path.display()));
    };
    let table = match table_for(spec, first.players, false) {
        Ok(t) => t,
        Err(outcome) => return outcome,
    };
    let engine = &table.engine;
    let policies = match parse_seats(&first.bots.join(","), false).map(|s| policies_of(&s, first.players)) {
        Ok(Ok(p)) => p,
        Ok(Err(e)) | Err(e) => return fail(format!("{}: {e}", first_path.display())),
    };
    let whole = Options {
        threads: 1,
        engine_only: first.engine_only,
        deal: table.spec.random_jumps.is_some().then(|| std::sync::Arc::new(table.spec.clone())),
        ..Options::new(first.games, policies.clone(), first.seed)
    };
    let empty = ladderkit::sim::tally_for(engine, &whole);
    // Each part must hold exactly its shard's games, counted for this board.
    let block = block_size_of(engine, &whole);
    let mut seconds = 0.0;
    for (path, part) in &parts {
        let expected = Shard { index: part.shard[0] - 1, count }.games(first.games, block);
        let t = &part.tally;
        let fits = t.games == expected
            && t.seats == first.players
            && t.seat_wins.len() == t.seats.count()
            && t.heat.len() == engine.board().points.len()
            && t.jumps.len() == empty.jumps.len()
            && t.extras.is_some() == engine.board().has_extras()
            && t.excitement.is_none();
        if !fits {
            return fail(format!(
                "{}: its tally does not fit part {}/{count} of this run ({} games, {expected} expected); \
                 the file is damaged or was edited",
                path.display(),
                part.shard[0],
                t.games
            ));
        }
        if let Err(why) = t.check() {
            return fail(format!("{}: its tally cannot be a simulation's: {why}", path.display()));
        }
        seconds += part.seconds;
    }
    let (games, players, seed) = (first.games, first.players, first.seed);
    let mut tally = empty;
    for (path, part) in &parts {
        let Some(sum) = tally.checked_merge(&part.tally) else {
            return fail(format!("{}: its counts added to the others pass 2^64", path.display()));
        };
        tally = sum;
    }
    let report = tally.report();
    let runner = Runner::of(engine, &whole);
    let per_second = tally.games as f64 / seconds.max(1e-9);
    if args.json {
        let mut json = to_json(&tally, &report, engine.board(), &policies, per_second, 1, runner);
        json["games_asked"] = json!(games);
        json["stopped_early"] = json!(false);
        json["merged_parts"] = json!(count);
        say!("{json}");
    } else {
        let names: Vec<&str> = policies.iter().map(|p| p.name()).collect();
        say!(
            "{}: {} games, {} players ({}), seed {}\nmerged from {count} part{} ({}), {seconds:.2} s of play in all\n{}",
            table.spec.meta.name,
            tally.games,
            players.get(),
            names.join(", "),
            seed,
            if count == 1 { "" } else { "s" },
            runner.label(),
            readable(&tally, &report, engine.board()).trim_end()
        );
    }
    Outcome::Ok
}

fn read_part(path: &Path) -> Result<Part, String> {
    let text = files::read_text(path, files::FileKind::SimulationPart).map_err(|e| e.to_string())?;
    let part: Part = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{} is not a simulation part (`ladderkit simulate --shard K/M --out FILE` writes them): {e}",
            path.display()
        )
    })?;
    if part.ladderkit_simulation_part != PART_VERSION {
        return Err(format!(
            "{}: a part of version {}; this ladderkit reads version {PART_VERSION}\n\
             hint: play the parts again with this ladderkit (`simulate … --shard K/M --out FILE`)",
            path.display(),
            part.ladderkit_simulation_part
        ));
    }
    let [k, m] = part.shard;
    if m == 0 || k == 0 || k > m {
        return Err(format!("{}: part {k}/{m} cannot be (K must be 1 to M)", path.display()));
    }
    if part.digest != part.expected_digest() {
        return Err(format!(
            "{}: its digest does not match what it claims (part {k}/{m}, seed {}, bots {}): \
             the file was edited, damaged, or is another part renamed\n\
             hint: play that part again with `ladderkit simulate … --shard {k}/{m} --out FILE`",
            path.display(),
            part.seed,
            part.bots.join(",")
        ));
    }
    Ok(part)
}

//! `analyze`'s excitement section: the exact measures of a two-player race
//! (`ladderkit_analysis::excitement`), as text and as JSON.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use ladderkit::analysis::{AnalysisError, DECIDED, Excitement, Options, TableMeasures, excitement, table_measures};
use ladderkit::core::CompiledBoard;
use serde_json::{Value, json};

/// The measures, or why there are none: they are exact for two players on
/// races whose pieces never meet and whose turns are single rolls, within
/// `limit`.
pub(super) fn measure(board: &CompiledBoard, players: u32, limit: Duration) -> Result<Excitement, String> {
    if players != 2 {
        return Err("lead changes, uncertainty and drama are exact for two players (--players 2)".into());
    }
    let started = Instant::now();
    match excitement(board, &Options::default(), &|_| started.elapsed() >= limit) {
        Ok(e) => Ok(e),
        Err(AnalysisError::NotExact(why)) => Err(why),
        Err(AnalysisError::Cancelled) => Err(format!("they took longer than --max-time {limit:?}")),
        Err(e) => Err(e.to_string()),
    }
}

/// The comeback and the photo finish at a table of three or more, which
/// need no joint chain (`None` for two players, who get every measure, and
/// for one).
pub(super) fn at_table(board: &CompiledBoard, players: u32) -> Option<Result<TableMeasures, String>> {
    (players > 2).then(|| {
        table_measures(board, players, &Options::default()).map_err(|e| match e {
            AnalysisError::NotExact(why) => why,
            e => e.to_string(),
        })
    })
}

/// The section of the report.
pub(super) fn report(
    s: &mut String,
    measured: &Result<Excitement, String>,
    table: Option<&Result<TableMeasures, String>>,
) {
    if let Some(Ok(t)) = table {
        let _ = writeln!(s, "\nExcitement ({} players, exact; docs/analysis.md)", t.players);
        let _ = writeln!(
            s,
            "  comeback      {:.1}%: the winner was alone last at the end of round {}, half-way through a median game",
            t.comeback * 100.0,
            t.half_way_round
        );
        let _ = writeln!(s, "  photo finish  {:.1}%: another seat was one roll from winning", t.photo_finish * 100.0);
        if let Err(why) = measured {
            let _ = writeln!(s, "  {why}; `ladderkit simulate --excitement` counts lead changes at any table");
        }
        return;
    }
    let e = match measured {
        Ok(e) => e,
        Err(why) => {
            // At a larger table, why its own measures are not exact.
            let why = match table {
                Some(Err(table_why)) => table_why,
                _ => why,
            };
            let _ = writeln!(
                s,
                "\nExcitement: not computed exactly ({why}); `ladderkit simulate --excitement` counts lead changes, comebacks and photo finishes in played games"
            );
            return;
        }
    };
    let _ = writeln!(s, "\nExcitement (two players, exact; docs/analysis.md)");
    let (lead, fav) = (e.lead_changes, e.favourite_changes);
    let _ = writeln!(
        s,
        "  lead changes       {:.2} a game (sd {:.2}): the piece in front changes hands",
        lead.mean, lead.sd
    );
    let _ = writeln!(
        s,
        "  favourite changes  {:.2} a game (sd {:.2}): the seat more likely to win changes",
        fav.mean, fav.sd
    );
    let _ = writeln!(
        s,
        "  comeback           {:.1}%: the winner was behind at the end of round {}, half-way through a median game",
        e.comeback * 100.0,
        e.half_way_round
    );
    let _ = writeln!(
        s,
        "  uncertainty        {:.2} bits a turn: 1 is a coin toss all game, 0 a foregone result",
        e.uncertainty
    );
    let _ = writeln!(
        s,
        "  drama              {:.3} a turn: how far the eventual winner's chance lags the favourite's",
        e.drama
    );
    let _ = writeln!(
        s,
        "  decided at         {:.0}% of the game: the winner's chance first passes {:.0}%",
        e.decided_at * 100.0,
        DECIDED * 100.0
    );
    let _ = writeln!(s, "  photo finish       {:.1}%: the loser was one roll from winning", e.photo_finish * 100.0);
    let rows = e.quarter_rows();
    if rows.is_empty() {
        return;
    }
    let t = &e.trailing;
    let bands = rows.iter().map(|r| r.chance.iter().rposition(Option::is_some).map_or(0, |i| i + 1)).max().unwrap_or(0);
    let _ = writeln!(s, "  chance to win when behind, by squares behind (columns) at the end of a round (rows)");
    let _ = write!(s, "  {:>9}", "");
    for b in 0..bands as u32 {
        let _ = write!(s, " {:>7}", format!("{}-{}", b * t.squares + 1, (b + 1) * t.squares));
    }
    s.push('\n');
    for row in rows {
        let _ = write!(s, "  round {:>3}", row.round);
        for c in row.chance.iter().take(bands) {
            let cell = c.map_or("—".to_string(), |c| format!("{:.1}%", c * 100.0));
            let _ = write!(s, " {cell:>7}");
        }
        s.push('\n');
    }
}

/// The JSON of the measures: `excitement` and, when there are none,
/// `excitement_not_exact` with why; at a table of three or more
/// `excitement_table` (or `excitement_table_not_exact`).
pub(super) fn to_json(
    json: &mut Value,
    measured: &Result<Excitement, String>,
    table: Option<&Result<TableMeasures, String>>,
) {
    match table {
        Some(Ok(t)) => {
            json["excitement_table"] = json!({
                "players": t.players,
                "half_way_round": t.half_way_round,
                "comeback": t.comeback,
                "photo_finish": t.photo_finish,
            });
        }
        Some(Err(why)) => json["excitement_table_not_exact"] = json!(why),
        None => {}
    }
    match measured {
        Ok(e) => {
            let spread = |s: ladderkit::analysis::Spread| json!({ "mean": s.mean, "sd": s.sd });
            let rows: Vec<Value> =
                e.trailing.rows.iter().map(|r| json!({ "round": r.round, "chance": r.chance })).collect();
            json["excitement"] = json!({
                "lead_changes": spread(e.lead_changes),
                "favourite_changes": spread(e.favourite_changes),
                "half_way_round": e.half_way_round,
                "comeback": e.comeback,
                "uncertainty": e.uncertainty,
                "drama": e.drama,
                "decided_at": e.decided_at,
                "photo_finish": e.photo_finish,
                "trailing": { "squares_per_column": e.trailing.squares, "rows": rows },
            });
        }
        Err(why) => {
            json["excitement"] = Value::Null;
            json["excitement_not_exact"] = json!(why);
        }
    }
}

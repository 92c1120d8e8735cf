//! A variant as a Markdown page, for a forum or a wiki: the rules in words
//! (the printed board's sentences), the snakes and ladders, and the odds.

use std::fmt::Write as _;

use ladderkit_analysis::{Analysis, Measures};
use ladderkit_core::CompiledBoard;
use ladderkit_core::spec::VariantSpec;

/// The exact odds for some player counts, or why there are none.
#[derive(Debug, Clone, Copy)]
pub enum Odds<'a> {
    /// `(players, analysis)`, player counts in increasing order, and the
    /// two-player game's excitement where it is exact.
    Exact { counts: &'a [(u32, Analysis)], excitement: Option<&'a Measures> },
    /// The pieces interact (or the board is a score track): the reason.
    None(&'a str),
}

/// The page. `picture` is the board picture to link (a relative path).
pub fn describe_md(spec: &VariantSpec, board: &CompiledBoard, odds: Odds<'_>, picture: Option<&str>) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# {}\n", escape(&spec.meta.name));
    if !spec.meta.description.is_empty() {
        let _ = writeln!(md, "{}\n", escape(&spec.meta.description));
    }
    if !spec.meta.author.is_empty() {
        let _ = writeln!(md, "*By {}.*\n", escape(&spec.meta.author));
    }
    if let Some(picture) = picture {
        let _ = writeln!(md, "![The board]({picture})\n");
    }
    md.push_str("## Rules\n\n");
    let rules = crate::summary::rule_sentences(spec);
    for sentence in &rules {
        let _ = writeln!(md, "- {}", escape(sentence));
    }
    let _ = writeln!(md, "- The board has {} spaces; the goal is space {}.", board.len, board.label(board.goal));
    md.push('\n');

    let exact = match &odds {
        Odds::Exact { counts, .. } => counts.first().map(|(_, a)| a),
        Odds::None(_) => None,
    };
    // A variant that deals its jumps is described with game 0's deal (the
    // board `compile` gives, and the odds are of).
    let dealt = ladderkit_core::deal::dealt_jumps(spec, 0);
    let jumps = dealt.as_ref().unwrap_or(&spec.jumps);
    let game_0 = if dealt.is_some() { " (game 0's deal: every game deals its own)" } else { "" };
    if !jumps.is_empty() {
        let _ = writeln!(md, "## Snakes and ladders{game_0}\n");
        let rides = exact.is_some();
        md.push_str(if rides {
            "| | from | to | length | rides per game |\n| --- | ---: | ---: | ---: | ---: |\n"
        } else {
            "| | from | to | length |\n| --- | ---: | ---: | ---: |\n"
        });
        for (i, j) in jumps.iter().enumerate() {
            let kind = j.drawn_as().name();
            let _ = write!(md, "| {kind} | {} | {} | {} |", j.from, j.to, j.from.abs_diff(j.to));
            if let Some(a) = exact {
                let uses = a.jumps.iter().find(|u| u.jump == i).map_or(0.0, |u| u.expected_uses);
                let _ = write!(md, " {uses:.3} |");
            }
            md.push('\n');
        }
        md.push('\n');
    }

    md.push_str("## Odds\n\n");
    match odds {
        Odds::None(why) => {
            let _ = writeln!(md, "No exact odds: {}\n", escape(why));
        }
        Odds::Exact { counts: [], .. } => md.push_str("No player count to analyse.\n\n"),
        Odds::Exact { counts: list, excitement } => {
            let a = &list[0].1;
            let p = |q: u32| a.percentiles.iter().find(|(k, _)| *k == q).map_or(0, |(_, v)| *v);
            if dealt.is_some() {
                md.push_str(
                    "Exact figures for one piece on game 0's board (every game deals its own; `ladderkit simulate` \
                     plays them all):\n\n",
                );
            } else {
                md.push_str("Exact figures for one piece (computed by Ladderkit, not simulated):\n\n");
            }
            md.push_str("| expected rolls | expected turns | fewest rolls | median | p10 | p90 | p99 |\n");
            md.push_str("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
            let _ = writeln!(
                md,
                "| {:.2} | {:.2} | {} | {} | {} | {} | {} |\n",
                a.expected_rolls,
                a.expected_turns,
                a.min_rolls,
                a.median_rolls,
                p(10),
                p(90),
                p(99)
            );
            let widest = list.iter().map(|(n, _)| *n).max().unwrap_or(1) as usize;
            md.push_str("Chance to win by seat (seat 1 opens), and rounds until someone wins:\n\n| players |");
            for seat in 1..=widest {
                let _ = write!(md, " seat {seat} |");
            }
            md.push_str(" rounds |\n| ---: |");
            md.push_str(&" ---: |".repeat(widest + 1));
            md.push('\n');
            for (players, a) in list {
                let _ = write!(md, "| {players} |");
                for seat in 0..widest {
                    match a.seats.win.get(seat) {
                        Some(w) => {
                            let _ = write!(md, " {:.1}% |", w * 100.0);
                        }
                        None => md.push_str(" |"),
                    }
                }
                let _ = writeln!(md, " {:.2} |", a.seats.expected_rounds);
            }
            md.push('\n');
            if let Some(e) = excitement {
                let _ = writeln!(md, "{}\n", crate::summary::excitement_headline(e));
            }
        }
    }
    md.push_str(if picture.is_some() {
        "*Made with Ladderkit. The picture carries the variant: Ladderkit opens it as the file.*\n"
    } else {
        "*Made with Ladderkit.*\n"
    });
    md
}

/// Keeps a name or sentence from turning into Markdown syntax.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '|') {
            out.push('\\');
        }
        out.push(if c.is_control() { ' ' } else { c });
    }
    out
}

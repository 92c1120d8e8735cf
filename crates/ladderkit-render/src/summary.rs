//! The rules in one short paragraph, printed under the board.

use ladderkit_core::spec::{Entry, ExtraTurnOn, FirstPlayer, LoseTurnRule, Overshoot, Play, Rules, Win};

/// Short sentences, one per rule that matters at the table.
pub fn rules_summary(rules: &Rules) -> Vec<String> {
    let mut out = Vec::new();
    let dice = if rules.dice.count == 1 {
        format!("one d{}", rules.dice.sides)
    } else {
        format!("{} d{}", rules.dice.count, rules.dice.sides)
    };
    out.push(format!("{}–{} players, {dice}.", rules.players.min, rules.players.max));
    match &rules.play {
        Play::Classic => {
            out.push(match rules.entry {
                Entry::Direct => "Start off the board; a roll of N lands on space N.".into(),
                Entry::OnRoll(n) => format!("Roll {n} to enter onto the first space."),
            });
            let throws: Vec<String> = rules
                .first_throw
                .iter()
                .map(|t| {
                    let faces: Vec<String> = t.dice.iter().map(u32::to_string).collect();
                    format!("{} goes straight to {}", and_list(&faces), t.to)
                })
                .collect();
            if !throws.is_empty() {
                out.push(format!("From the start, a throw of {}.", throws.join("; of ")));
            }
        }
        Play::Treehouse(t) => {
            out.push(format!(
                "First turn: roll {} die. Then one die moves your piece, the other another player's; pieces stack.",
                t.first_turn_dice
            ));
            if t.pieces.len() > 1 {
                out.push(format!("Team game: {} pieces each; bring them all home.", t.pieces.len()));
            }
            out.push(match t.lose_turn {
                LoseTurnRule::Sideways => "Lose a turn: the piece lies down; standing it up takes a turn.".into(),
                LoseTurnRule::Upright => "Lose a turn: your next turn only moves another player.".into(),
            });
        }
        Play::ScoreTrack(track) => {
            out.push("Move your scoring figure by the points you score, lap after lap.".into());
            out.push(match track.jumps {
                ladderkit_core::spec::JumpTiming::EndOfTurn => {
                    "After all scorings of a turn, figures on a ladder's foot climb, on a snake's head slide.".into()
                }
                ladderkit_core::spec::JumpTiming::EachScoring => {
                    "After each scoring, figures on a ladder's foot climb, on a snake's head slide.".into()
                }
            });
            out.push("Final scoring ignores snakes and ladders.".into());
            return out;
        }
    }
    out.push("Climb ladders, slide down snakes where you land.".into());
    out.push(match rules.overshoot {
        Overshoot::Forfeit => "Exact finish: a roll past the goal is lost.".into(),
        Overshoot::Bounce => "Exact finish: bounce back off the goal by the steps left over.".into(),
        Overshoot::ReachOrPass => "Reach or pass the goal to win.".into(),
    });
    if let Some(extra) = rules.extra_turn {
        out.push(match extra {
            ExtraTurnOn::Total(n) => format!("Roll {n}: take another turn (not if that move won)."),
            ExtraTurnOn::Doubles => "Doubles: take another turn (not if that move won).".into(),
        });
    }
    if let Some(cap) = rules.max_consecutive_turns {
        out.push(format!("At most {cap} turns in a row."));
    }
    if !rules.shared_squares {
        out.push("One piece per space: landing on a piece sends it back.".into());
    }
    if rules.first_player == FirstPlayer::Rotate {
        out.push("The first player moves one seat on each game.".into());
    }
    match rules.win {
        Win::FirstHome => {}
        Win::MostPoints => out.push("The game ends when a piece reaches the goal: most points win.".into()),
        Win::TargetScore(n) => {
            out.push(format!("First to {n} points wins; if a piece reaches the goal first, most points win."))
        }
    }
    out
}

/// The excitement's headline measures in one sentence, for the page and the
/// kit's odds card (`docs/analysis.md`, "Excitement").
pub fn excitement_headline(e: &ladderkit_analysis::Measures) -> String {
    format!(
        "Two players: {:.1} lead changes a game; the winner was behind at half-way in {:.0}% of games; {:.0}% end with the loser one roll away.",
        e.lead_changes.mean,
        e.comeback * 100.0,
        e.photo_finish * 100.0
    )
}

/// Every sentence the printed board's summary holds: the rules, then those
/// of chips and arrows. The board's footer, the rules sheet of the
/// print-and-play kit and the Markdown page all say these.
pub fn rule_sentences(spec: &ladderkit_core::spec::VariantSpec) -> Vec<String> {
    let mut out = rules_summary(&spec.rules);
    if let Some(r) = &spec.random_jumps {
        out.push(format!(
            "{} ladders and {} snakes are dealt afresh for every game (seed {}).",
            r.ladders, r.snakes, r.seed
        ));
    }
    out.extend(effect_sentences(spec));
    out.extend(crate::extras::sentences(spec));
    out
}

/// The effects whose rule takes more than the legend's few words.
fn effect_sentences(spec: &ladderkit_core::spec::VariantSpec) -> Vec<String> {
    use ladderkit_core::spec::Effect;
    let has = |effect: Effect| spec.effects.iter().any(|e| e.effect == effect);
    let mut out = Vec::new();
    if has(Effect::MoveAgain) {
        out.push("A goose (») moves you the same roll again; after a bounce, on back.".to_owned());
    }
    if has(Effect::Wait) {
        out.push("On a W space you wait until another piece lands there; it frees you and waits instead.".to_owned());
    }
    out
}

/// "6 and 3", "1, 2 and 3".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

//! The odds panel: the exact analysis of the design as it stands, with a
//! game-length histogram, seat odds and the hottest squares. Numbers for an
//! older design stay visible while the new ones compute, marked as such.

use bevy_egui::egui::{self, Color32, RichText};
use egui_plot::{
    Bar, BarChart, Corner, GridInput, GridMark, HLine, Legend, Line, Plot, PlotPoints, VLine, uniform_grid_spacer,
};
use ladderkit::analysis::{Analysis, Course, Estimate, LeaderCounts, PlayedMeasures, TableMeasures};
use ladderkit::core::spec::MAX_PLAYERS;
use ladderkit::core::{CompiledBoard, Seats};
use ladderkit::engine::Policy;
use ladderkit::excitement::TwoPlayers;

use super::Frame;
use crate::intents::Intent;
use crate::odds::{Figures, Simulated, Solved, key_for};
use crate::view::View;

pub(super) fn panel(ui: &mut egui::Ui, f: &Frame, view: &mut View) -> Vec<Intent> {
    let mut out = Vec::new();
    let rules = &f.doc.spec().rules;
    let key = key_for(f.odds, f.checks.generation, rules.players.min);
    let players = key.players;
    // The variant's own table sizes, unless its range is broken (its
    // diagnostic says so); a size outside it is shown with a remark.
    let (least, most) = (rules.players.min.max(1), rules.players.max.min(MAX_PLAYERS));
    let range = if least <= most { least..=most } else { 1..=MAX_PLAYERS };
    ui.horizontal(|ui| {
        ui.label("Seat odds for");
        let mut n = players.get();
        if ui.add(egui::DragValue::new(&mut n).range(range.clone()).clamp_existing_to_range(false)).changed()
            && let Ok(n) = Seats::new(n)
        {
            out.push(Intent::OddsPlayers(n));
        }
        ui.label("players");
        ui.checkbox(&mut view.heat, "Heat on board")
            .on_hover_text("Tint squares by how often pieces come to rest there");
    });
    if !range.contains(&players.get()) {
        ui.colored_label(
            Color32::from_rgb(226, 150, 30),
            format!(
                "This variant is for {}–{} players; these odds are for {}.",
                range.start(),
                range.end(),
                players.get()
            ),
        );
    }
    if matches!(rules.play, ladderkit::core::spec::Play::Treehouse(_)) {
        ui.horizontal(|ui| {
            ui.label("Bots where pieces meet");
            let mut chosen = key.bots;
            egui::ComboBox::from_id_salt("odds-bots").selected_text(chosen.name()).show_ui(ui, |ui| {
                for bot in [Policy::Random, Policy::Greedy, Policy::Lookahead] {
                    ui.selectable_value(&mut chosen, bot, bot.name());
                }
            });
            if chosen != key.bots {
                out.push(Intent::OddsBots(chosen));
            }
        });
    }
    let current = f.odds.current(key);
    match (current, f.odds.progress()) {
        (Some(r), _) if r.outcome.is_ok() => {
            ui.label(RichText::new(format!("Up to date · computed in {} ms", r.took.as_millis())).weak());
        }
        // No figures to vouch for: the reason shows below.
        (Some(_), _) => {}
        (None, Some(p)) => {
            ui.add(egui::ProgressBar::new(p as f32).text("Recomputing for the latest edit…").show_percentage());
        }
        (None, None) => {
            ui.label("Waiting for the analysis…");
        }
    }
    // A room's games beside the exact figures they are the luck of.
    if let Some(room) = &f.together.room
        && let Some(table) = room.table()
        && !room.record().games.is_empty()
    {
        let line = super::together::group_line(f, room.record(), table.engine().seats());
        ui.label(RichText::new(format!("The room's games: {line}")).strong());
    }
    let Some(latest) = &f.odds.latest else { return out };
    let stale = current.is_none();
    if stale {
        ui.colored_label(Color32::from_rgb(226, 150, 30), "Showing the numbers from before the last edit");
    }
    let board = &f.checks.compiled.board;
    if f.doc.spec().random_jumps.is_some() {
        ui.label(
            RichText::new(
                "These are the odds of game 0's board (its dealt jumps are drawn faded); every game deals its own: \
                 `ladderkit simulate` gives the figures over all of them",
            )
            .small()
            .weak(),
        );
    }
    match &latest.outcome {
        Err(why) => {
            ui.label(why.as_str());
        }
        Ok(Figures::Exact(a)) => {
            ui.add_enabled_ui(!stale, |ui| {
                numbers(ui, a, latest.key.players, board);
                let (ex, key) = (&f.odds.excitement, latest.key);
                if key.players >= Seats::TWO {
                    table_excitement(ui, ex.table(key), key.players);
                }
                if key.players > Seats::TWO {
                    if !ex.asked(key) {
                        ask_more(ui, key.players, &mut out);
                    } else if matches!(ex.table(key), Some(Ok(_))) {
                        played_excitement(ui, ex.played(key));
                        leader_spread(ui, ex.leaders(key));
                    }
                } else if key.players == Seats::TWO {
                    if !ex.asked(key) {
                        ask_more(ui, key.players, &mut out);
                    } else if excitement(ui, ex.current(key), ex.course(), key.players) {
                        out.push(Intent::AnotherCourse);
                    }
                }
            });
        }
        Ok(Figures::Solved(s)) => {
            ui.add_enabled_ui(!stale, |ui| {
                solved(ui, s, board);
                let (ex, key) = (&f.odds.excitement, latest.key);
                if !ex.asked(key) {
                    ask_more(ui, key.players, &mut out);
                } else {
                    excitement(ui, ex.current(key), None, key.players);
                }
            });
        }
        Ok(Figures::Simulated(s)) => {
            ui.add_enabled_ui(!stale, |ui| simulated(ui, s, latest.key.players, board));
        }
    }
    out
}

/// Two players whose pieces meet: the whole game solved, for the greedy
/// bots and for optimal play, and how much playing well is worth.
fn solved(ui: &mut egui::Ui, s: &Solved, board: &CompiledBoard) {
    ui.label(RichText::new("Exact, for the whole game").strong())
        .on_hover_text("Solved position by position, as `ladderkit solve` does; not one piece's race");
    ui.label(
        RichText::new(format!(
            "Pieces meet ({}), so the two-player game is solved as a whole: {} positions",
            s.simulated.why, s.positions
        ))
        .small()
        .weak(),
    );
    ui.label(RichText::new("Chance to win (a shared win counts half to each)").strong());
    let pct = |p: f64| format!("{:.2}%", p * 100.0);
    egui::Grid::new("odds-solved").num_columns(3).striped(true).show(ui, |ui| {
        ui.label("");
        ui.label(format!("{} bots", s.simulated.bots.name()))
            .on_hover_text("Both seats play the chosen bot, as the simulation below does");
        ui.label("optimal play").on_hover_text("Both seats play as well as possible (the perfect bot)");
        ui.end_row();
        for seat in 0..2 {
            ui.label(format!("Seat {}", seat + 1));
            ui.label(RichText::new(pct(s.bots.value[seat])).monospace());
            ui.label(RichText::new(pct(s.optimal.value[seat])).monospace());
            ui.end_row();
        }
        ui.label("Shared wins").on_hover_text("A stack arriving together");
        ui.label(RichText::new(pct(s.bots.shared)).monospace());
        ui.label(RichText::new(pct(s.optimal.shared)).monospace());
        ui.end_row();
        if s.bots.no_winner() > 1e-9 || s.optimal.no_winner() > 1e-9 {
            ui.label("Nobody wins").on_hover_text("Every piece left waiting for another (a well, a prison)");
            ui.label(RichText::new(pct(s.bots.no_winner())).monospace());
            ui.label(RichText::new(pct(s.optimal.no_winner())).monospace());
            ui.end_row();
        }
        ui.label("Turns per game").on_hover_text("Both seats' turns together, on average");
        ui.label(RichText::new(format!("{:.2}", s.bots.turns)).monospace());
        ui.label(RichText::new(format!("{:.2}", s.optimal.turns)).monospace());
        ui.end_row();
    });
    ui.label(format!("Moving first is worth {:+.2} points under optimal play.", s.optimal.first_mover_edge() * 100.0));
    ui.add_space(6.0);
    ui.label(RichText::new("Does skill matter?").strong()).on_hover_text(
        "The perfect player's chance to win with a bot in the other seat; 50% would mean skill buys nothing",
    );
    egui::Grid::new("odds-skill").num_columns(3).striped(true).show(ui, |ui| {
        ui.label("perfect vs");
        ui.label("in seat 1");
        ui.label("in seat 2");
        ui.end_row();
        for (bot, per_seat) in &s.skill.against {
            ui.label(bot.name());
            for v in per_seat {
                ui.label(RichText::new(pct(*v)).monospace());
            }
            ui.end_row();
        }
    });
    ui.add_space(6.0);
    let r = &s.simulated.report;
    ui.label(
        RichText::new(format!(
            "Simulated, {} games with {} bots: {:.2} rounds, {:.2} lead changes a game",
            s.simulated.games,
            s.simulated.bots.name(),
            r.mean_rounds,
            r.lead_changes_per_game
        ))
        .small()
        .weak(),
    );
    hottest(ui, &r.heat_per_game, board);
}

/// Pieces interact and the game is not solved: bots play games.
fn simulated(ui: &mut egui::Ui, s: &Simulated, players: Seats, board: &CompiledBoard) {
    ui.label(RichText::new("Simulated, with 95% intervals").strong())
        .on_hover_text("Measured by playing games, as `ladderkit simulate` does; `ladderkit solve` is exact for two");
    ui.label(
        RichText::new(format!("Simulated: {} games, {} {} bots ({})", s.games, players.get(), s.bots.name(), s.why))
            .small()
            .weak(),
    );
    let r = &s.report;
    egui::Grid::new("odds-simulated").num_columns(2).striped(true).show(ui, |ui| {
        let mut row = |name: &str, value: String, tip: &str| {
            ui.label(name).on_hover_text(tip);
            ui.label(RichText::new(value).monospace());
            ui.end_row();
        };
        row("Rolls per player", format!("{:.2}", r.mean_rolls), "Dice used per player per game, on average");
        row("Turns per player", format!("{:.2}", r.mean_turns), "Turns per player per game, on average");
        row("Rounds", format!("{:.2}", r.mean_rounds), "Rounds until the game is won");
        row("Lead changes", format!("{:.2}", r.lead_changes_per_game), "How often the leader changes in a game");
    });
    ui.add_space(6.0);
    ui.label(RichText::new(format!("Chance to win, {players} (95% interval)")).strong());
    egui::Grid::new("odds-sim-seats").num_columns(2).show(ui, |ui| {
        for (seat, (p, (lo, hi))) in r.seat_win_rate.iter().zip(&r.seat_interval).enumerate() {
            ui.label(format!("Seat {}", seat + 1));
            let text = format!("{:.1}% ({:.1}–{:.1})", p * 100.0, lo * 100.0, hi * 100.0);
            ui.add(egui::ProgressBar::new(*p as f32).desired_width(180.0).text(text));
            ui.end_row();
        }
    });
    shared_wins_note(ui, &r.seat_win_rate);
    hottest(ui, &r.heat_per_game, board);
}

fn numbers(ui: &mut egui::Ui, a: &Analysis, players: Seats, board: &CompiledBoard) {
    egui::Grid::new("odds-numbers").num_columns(2).striped(true).show(ui, |ui| {
        for row in crate::odds::exact_rows(a, players) {
            ui.label(&row.name).on_hover_text(row.tip);
            ui.label(RichText::new(row.value).monospace());
            ui.end_row();
        }
    });
    ui.add_space(6.0);
    ui.label(RichText::new("Game length (rolls of one piece)").strong());
    histogram(ui, a);
    ui.add_space(6.0);
    ui.label(RichText::new(format!("Chance to win, {players}")).strong());
    egui::Grid::new("odds-seats").num_columns(3).show(ui, |ui| {
        for (seat, p) in a.seats.win.iter().enumerate() {
            ui.label(format!("Seat {}", seat + 1));
            ui.add(egui::ProgressBar::new(*p as f32).desired_width(140.0).text(crate::odds::seat_percent(*p)));
            ui.end_row();
        }
    });
    shared_wins_note(ui, &a.seats.win);
    if let Some(why) = &a.interaction {
        ui.label(RichText::new(why).small().weak());
    }
    hottest(ui, &a.heat, board);
}

/// The measures exact seat by seat at any table: leader changes (and, at
/// two players, lead changes), the comeback and the photo finish.
fn table_excitement(ui: &mut egui::Ui, t: Option<&Result<TableMeasures, String>>, players: Seats) {
    ui.add_space(6.0);
    ui.label(RichText::new(format!("Excitement ({players})")).strong()).on_hover_text(
        "Exact seat by seat, as `ladderkit analyze --players N` prints it: docs/analysis.md, Excitement at any table",
    );
    match t {
        Some(Ok(t)) => {
            egui::Grid::new("odds-table-excitement").num_columns(2).striped(true).show(ui, |ui| {
                let comeback = format!(
                    "The winner was alone last at the end of round {}, half-way through a median game",
                    t.half_way_round
                );
                let mut rows = Vec::with_capacity(4);
                if let Some(lead) = t.lead_changes {
                    rows.push((
                        "Lead changes",
                        format!("{lead:.2} a game"),
                        "How often the piece alone in front changes hands",
                    ));
                }
                rows.extend([
                    (
                        "Leader changes",
                        format!("{:.2} a game", t.leader_changes),
                        "How often the seats furthest along change (joining or leaving a tie counts)",
                    ),
                    ("Comeback", format!("{:.1}%", t.comeback * 100.0), comeback.as_str()),
                    (
                        "Photo finish",
                        format!("{:.1}%", t.photo_finish * 100.0),
                        "Another seat was one roll from winning",
                    ),
                ]);
                for (name, value, tip) in rows {
                    ui.label(name).on_hover_text(tip);
                    ui.label(RichText::new(value).monospace()).on_hover_text(tip);
                    ui.end_row();
                }
            });
        }
        Some(Err(why)) => {
            ui.label(RichText::new(format!("Not exact seat by seat here: {why}")).small().weak());
        }
        None => {
            ui.spinner();
        }
    }
}

/// The button that asks for the costly measures: over both seats' joint
/// states at two players, from played games at more.
fn ask_more(ui: &mut egui::Ui, players: Seats, out: &mut Vec<Intent>) {
    let (text, tip) = if players == Seats::TWO {
        (
            "Work out uncertainty, drama, the chance to win from behind…",
            "Over both seats' joint states: milliseconds on Milton Bradley, minutes on a 30 × 30 board \
             (`ladderkit analyze --joint`); it runs beside the editor and a new edit drops it",
        )
    } else {
        (
            "Play games for uncertainty, drama, favourite changes…",
            "From played games with each turn's chances exact (`ladderkit analyze --games N`)",
        )
    };
    if ui.button(text).on_hover_text(tip).clicked() {
        out.push(Intent::MoreExcitement);
    }
}

/// The spread of leader changes at a table of three or more, over every
/// seat's joint state, as `ladderkit analyze --joint` gives it.
fn leader_spread(ui: &mut egui::Ui, leaders: Option<&Result<LeaderCounts, String>>) {
    match leaders {
        Some(Ok(l)) => {
            let tip = "Exact over every seat's joint state (`ladderkit analyze --players N --joint`, docs/analysis.md)";
            ui.label(RichText::new(format!("Leader changes spread: {}", ladderkit::excitement::leader_spread(l))))
                .on_hover_text(tip);
            if l.cut {
                ui.label(
                    RichText::new(format!(
                        "Counted for {} s: the chance of more than {} changes is {:.1e}",
                        crate::odds::LEADERS_BUDGET.as_secs(),
                        l.counts.p.len().saturating_sub(1),
                        l.counts.more
                    ))
                    .small()
                    .weak(),
                );
            }
        }
        Some(Err(why)) => {
            ui.label(RichText::new(format!("No spread of leader changes here: {why}")).small().weak());
        }
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new("Counting leader changes over every seat's joint state…").small().weak());
            });
        }
    }
}

/// The win-chance measures at a table of three or more, from played games
/// with each turn's chances exact, with their 95% intervals.
fn played_excitement(ui: &mut egui::Ui, played: Option<&Result<PlayedMeasures, String>>) {
    let p = match played {
        Some(Ok(p)) => p,
        Some(Err(why)) => {
            ui.label(RichText::new(format!("Not played: {why}")).small().weak());
            return;
        }
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new("Playing games for the rest…").small().weak());
            });
            return;
        }
    };
    ui.label(
        RichText::new(format!(
            "From {} played games (seed {}), each turn's chances exact; 95% intervals",
            p.games, p.seed
        ))
        .small()
        .weak(),
    )
    .on_hover_text("Exact at two players only; as `ladderkit analyze --players N` plays them (docs/analysis.md)");
    let ci = |e: Estimate, scale: f64, digits: usize| {
        format!("{:.digits$} ± {:.digits$}", e.value * scale, 1.96 * e.se * scale)
    };
    egui::Grid::new("odds-played-excitement").num_columns(2).striped(true).show(ui, |ui| {
        let rows = [
            ("Favourite changes", ci(p.favourite_changes, 1.0, 2), "How often the seat most likely to win changes"),
            (
                "Uncertainty",
                ci(p.uncertainty, 1.0, 3),
                "1: every seat as likely to win every turn; 0: the winner is known",
            ),
            ("Drama", ci(p.drama, 1.0, 3), "How far the eventual winner's chance lags the favourite's"),
            ("Decided at", format!("{}%", ci(p.decided_at, 100.0, 1)), "When the winner's chance first passes 90%"),
        ];
        for (name, value, tip) in rows {
            ui.label(name).on_hover_text(tip);
            ui.label(RichText::new(value).monospace()).on_hover_text(tip);
            ui.end_row();
        }
    });
    ui.label(RichText::new("Lead changes at this table: `ladderkit analyze --players N` plays them").small().weak());
}

/// How exciting a two-player race is, exactly: the headline measures with
/// what each means, the chance to win from behind as a heat map, and a
/// typical game's swings; true when another typical game is asked for.
fn excitement(
    ui: &mut egui::Ui,
    e: Option<&Result<TwoPlayers, String>>,
    course: Option<&Course>,
    players: Seats,
) -> bool {
    ui.add_space(6.0);
    ui.label(RichText::new("Excitement (two players)").strong())
        .on_hover_text("Exact, as `ladderkit analyze` prints it: docs/analysis.md, Excitement");
    if let Some(Ok(TwoPlayers::Solved(_))) = e {
        ui.label(
            RichText::new("From the solved game (lost or extra turns, or pieces that meet), the bots above choosing")
                .small()
                .weak(),
        );
    }
    let e = match e {
        Some(Ok(e)) => e.measures(),
        Some(Err(why)) => {
            ui.label(RichText::new(format!("Not exact here: {why}")).small().weak());
            return false;
        }
        None if players != Seats::TWO => {
            ui.label(RichText::new("Exact for two players: set the players to 2").small().weak());
            return false;
        }
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new("Working out every measure…").small().weak());
            });
            return false;
        }
    };
    egui::Grid::new("odds-excitement").num_columns(2).striped(true).show(ui, |ui| {
        let rows = [
            (
                "Lead changes",
                match &e.lead_change_counts {
                    Some(c) => format!("{:.2} a game ({}–{})", e.lead_changes.mean, c.percentile(0.1), c.percentile(0.9)),
                    None => format!("{:.2} a game", e.lead_changes.mean),
                },
                "How often the piece in front changes hands; in brackets, what 80% of games have (10th to 90th percentile)",
            ),
            (
                "Favourite changes",
                format!("{:.2} a game", e.favourite_changes.mean),
                "How often the seat more likely to win changes",
            ),
            ("Comeback", format!("{:.1}%", e.comeback * 100.0), "The winner was behind half-way through a median game"),
            ("Uncertainty", format!("{:.2} bits", e.uncertainty), "1: a coin toss every turn; 0: the winner is known"),
            ("Drama", format!("{:.3} a turn", e.drama), "How far the eventual winner's chance lags the favourite's"),
            (
                "Decided at",
                format!("{:.0}% of the game", e.decided_at * 100.0),
                "When the winner's chance first passes 90%",
            ),
            ("Photo finish", format!("{:.1}%", e.photo_finish * 100.0), "The loser was one roll from winning"),
        ];
        for (name, value, tip) in rows {
            ui.label(name).on_hover_text(tip);
            ui.label(RichText::new(value).monospace()).on_hover_text(tip);
            ui.end_row();
        }
    });
    let rows = e.quarter_rows();
    if rows.is_empty() {
        return false;
    }
    ui.label(RichText::new("Chance to win when behind (squares behind → )").small())
        .on_hover_text("At the end of a round (rows), for the seat behind by so many squares (columns)");
    let band = e.trailing.squares;
    let bands = rows.iter().map(|r| r.chance.iter().rposition(Option::is_some).map_or(0, |i| i + 1)).max().unwrap_or(0);
    // Scrolled sideways rather than widened: a board with many bands (a
    // short track) must not push the side panel, and what sits beside it,
    // aside while the figures arrive.
    egui::ScrollArea::horizontal().id_salt("odds-trailing-scroll").show(ui, |ui| trailing_grid(ui, &rows, band, bands));
    course.is_some_and(|c| course_chart(ui, c))
}

/// The trailing table's cells: a row per round, a column per band.
fn trailing_grid(ui: &mut egui::Ui, rows: &[&ladderkit::analysis::TrailingRow], band: u32, bands: usize) {
    egui::Grid::new("odds-trailing").spacing([2.0, 2.0]).show(ui, |ui| {
        ui.label("");
        for b in 0..bands as u32 {
            ui.label(RichText::new(format!("{}", (b + 1) * band)).small().weak());
        }
        ui.end_row();
        for row in rows {
            ui.label(RichText::new(format!("round {}", row.round)).small());
            for c in row.chance.iter().take(bands) {
                match c {
                    // Even odds white, no chance red.
                    Some(c) => {
                        let [r, g, b] = ladderkit::render::trailing_colour(*c);
                        let fill = egui::Color32::from_rgb(r, g, b);
                        let text = RichText::new(format!("{:.0}", c * 100.0))
                            .small()
                            .color(egui::Color32::BLACK)
                            .background_color(fill);
                        ui.label(text).on_hover_text(format!("{:.1}% to win from this far behind", c * 100.0));
                    }
                    None => {
                        ui.label("");
                    }
                }
            }
            ui.end_row();
        }
    });
}

/// A typical game: seat 1's chance to win after every turn. True when
/// another game is asked for.
fn course_chart(ui: &mut egui::Ui, c: &Course) -> bool {
    ui.add_space(4.0);
    let again = ui
        .horizontal(|ui| {
            ui.label(RichText::new("A typical game: seat 1's chance to win").small()).on_hover_text(
                "One game played out, as long as a median game and with about the mean lead changes; \
                 the line is seat 1's exact chance to win after each turn",
            );
            ui.small_button("Another game").clicked()
        })
        .inner;
    let points: PlotPoints = c.steps.iter().enumerate().map(|(t, s)| [t as f64, s.a_wins]).collect();
    let summary = format!(
        "seat {} won in {} rounds, {} lead change{}",
        c.winner + 1,
        c.rounds,
        c.lead_changes,
        if c.lead_changes == 1 { "" } else { "s" }
    );
    chance_chart("odds-course", 110.0, 0, "turns (seat 1 moves first)").include_y(1.0).show(ui, |plot| {
        plot.hline(HLine::new("even", 0.5).color(Color32::GRAY));
        plot.line(Line::new(summary, points).color(Color32::from_rgb(240, 160, 30)));
    });
    again
}

/// Seat odds that add up to more or less than 100%: say why, or they read
/// as a bug.
fn shared_wins_note(ui: &mut egui::Ui, win: &[f64]) {
    let total: f64 = win.iter().sum();
    if total < 1.0 - 1e-9 {
        ui.label(
            RichText::new(format!(
                "These add up to {:.1}%: the other games end with nobody winning (every piece left waiting for \
                 another, or the turn limit reached).",
                total * 100.0
            ))
            .small()
            .weak(),
        );
    }
    if total > 1.0 + 1e-9 {
        ui.label(
            RichText::new(format!(
                "These add up to {:.1}%: a shared win (pieces arriving together) counts for every seat that shares it.",
                total * 100.0
            ))
            .small()
            .weak(),
        );
    }
}

fn hottest(ui: &mut egui::Ui, heat: &[f64], board: &CompiledBoard) {
    ui.add_space(6.0);
    ui.label(RichText::new("Hottest squares (landings per game)").strong());
    let mut hot: Vec<(usize, f64)> = heat.iter().copied().enumerate().filter(|(_, h)| *h > 0.0).collect();
    hot.sort_by(|x, y| y.1.total_cmp(&x.1));
    egui::Grid::new("odds-hot").num_columns(4).show(ui, |ui| {
        for (k, (pos, h)) in hot.iter().take(8).enumerate() {
            ui.label(RichText::new(board.label(*pos as u32)).monospace());
            ui.label(RichText::new(format!("{h:.2}")).monospace());
            if k % 2 == 1 {
                ui.end_row();
            }
        }
    });
}

/// Two charts over the same rolls axis, each with its own scale: the chance
/// a game ends on each roll count (bucketed on long games, with the mean
/// and median marked), and the chance it has ended by then.
pub(super) fn histogram(ui: &mut egui::Ui, a: &Analysis) {
    let within = &a.finish_within;
    let end = a.percentiles.iter().find(|(k, _)| *k == 99).map_or(within.len(), |(_, v)| *v as usize + 1);
    let end = end.min(within.len()).max(2);
    let width = end.div_ceil(120).max(1);
    let mut bars = Vec::new();
    let mut k = 1;
    while k < end {
        let hi = (k + width).min(end);
        let p = within[hi - 1] - within[k - 1];
        bars.push(Bar::new((k + hi - 1) as f64 / 2.0, p).width(width as f64 * 0.9));
        k = hi;
    }
    let per_roll =
        if width == 1 { "ends on roll n".to_owned() } else { format!("ends within a band of {width} rolls") };
    chance_chart("odds-histogram", 140.0, 1, ROLLS).legend(Legend::default().position(Corner::RightTop)).show(
        ui,
        |plot| {
            plot.bar_chart(BarChart::new(per_roll, bars).color(Color32::from_rgb(90, 160, 220)));
            plot.vline(VLine::new("mean", a.expected_rolls).color(Color32::from_rgb(214, 60, 50)));
            plot.vline(VLine::new("median", f64::from(a.median_rolls)).color(Color32::from_rgb(60, 180, 90)));
        },
    );
    let cumulative: PlotPoints = (0..end).map(|n| [n as f64, within[n]]).collect();
    chance_chart("odds-cumulative", 100.0, 0, ROLLS)
        .include_y(1.0)
        .legend(Legend::default().position(Corner::LeftTop))
        .show(ui, |plot| {
            plot.line(Line::new("finished within n rolls", cumulative).color(Color32::from_rgb(240, 160, 30)));
        });
}

/// The rolls charts' x axis.
const ROLLS: &str = "rolls of one piece (n)";

/// A fixed chart over `x_label`, its y axis a chance in percent with at
/// least `decimals` places, more where the marks are closer (so no two
/// marks read alike, and tiny chances do not all read "0.0%").
fn chance_chart(id: &str, height: f32, decimals: usize, x_label: &'static str) -> Plot<'static> {
    Plot::new(id)
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .include_y(0.0)
        .x_axis_label(x_label)
        .x_grid_spacer(uniform_grid_spacer(nice_steps))
        .y_grid_spacer(uniform_grid_spacer(nice_steps))
        .y_axis_formatter(move |mark: GridMark, _: &std::ops::RangeInclusive<f64>| {
            format!("{:.*}%", percent_places(mark.step_size).max(decimals), mark.value * 100.0)
        })
}

/// Grid steps of 1, 2 or 5 times a power of ten, the largest far enough
/// apart for its labels (egui_plot's default steps by tens, so a narrow
/// chart of 150 rolls was labelled only 0 and 100, and a 0–100% one only
/// at its ends).
fn nice_steps(input: GridInput) -> [f64; 3] {
    let nice = |x: f64| {
        let power = 10f64.powf(x.max(1e-12).log10().floor());
        [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|s| *s >= x).unwrap_or(10.0 * power)
    };
    let base = input.base_step_size;
    [nice(base), nice(base * 3.0), nice(base * 8.0)]
}

/// Decimal places that tell apart percentages `step` (a share) apart.
fn percent_places(step: f64) -> usize {
    let step = step * 100.0;
    if step.is_finite() && step > 0.0 { (-step.log10()).ceil().clamp(0.0, 6.0) as usize } else { 0 }
}

#[cfg(test)]
mod tests {
    use ladderkit::core::check_source;

    #[test]
    fn grid_steps_are_one_two_or_five_times_a_power_of_ten() {
        let steps = |base| super::nice_steps(egui_plot::GridInput { bounds: (0.0, 1.0), base_step_size: base });
        assert_eq!(steps(4.0), [5.0, 20.0, 50.0]);
        assert_eq!(steps(0.08), [0.1, 0.5, 1.0]);
    }

    #[test]
    fn percent_labels_have_the_places_their_step_needs() {
        assert_eq!(super::percent_places(0.1), 0); // 10%
        assert_eq!(super::percent_places(0.01), 0); // 1%
        assert_eq!(super::percent_places(0.005), 1); // 0.5%
        assert_eq!(super::percent_places(0.0002), 2); // 0.02%
        assert_eq!(super::percent_places(0.0), 0);
    }

    use super::super::testing::Editor;

    /// The y axis' percentages and the x axis' roll counts a chart shows.
    fn axis_numbers(texts: &[String]) -> (Vec<&String>, Vec<&String>) {
        let percents = texts.iter().filter(|t| t.ends_with('%') && t[..t.len() - 1].parse::<f64>().is_ok()).collect();
        let counts = texts.iter().filter(|t| t.parse::<u32>().is_ok()).collect();
        (percents, counts)
    }

    #[test]
    fn the_charts_keep_their_axis_numbers_on_every_bundled_and_random_board() {
        let mut boards: Vec<_> =
            crate::bundled::VARIANTS.iter().filter_map(|(_, text)| check_source(text).spec).collect();
        boards.extend((0..4).map(|seed| ladderkit::core::sample::random_board(8 + seed, 8, 6 + 3 * seed as usize)));
        let mut checked = 0;
        for spec in boards {
            let name = spec.meta.name.clone();
            let mut e = Editor::new(spec);
            e.wait_for_odds();
            let texts = e.chart_texts();
            if texts.is_empty() {
                continue; // no exact race to chart (pieces meet, a score track)
            }
            let (percents, counts) = axis_numbers(&texts);
            let distinct = |v: &[&String]| v.iter().collect::<std::collections::BTreeSet<_>>().len();
            assert!(distinct(&percents) >= 3, "{name}: the charts' y axes say only {percents:?}");
            assert!(distinct(&counts) >= 3, "{name}: the charts' x axes say only {counts:?}");
            checked += 1;
        }
        assert!(checked >= 6, "only {checked} boards had charts");
    }
}

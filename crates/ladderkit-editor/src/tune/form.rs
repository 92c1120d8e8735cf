//! The Tune panel's form: targets and limits as a person fills them in,
//! turned into a search request. Also read from `--tune` on the command
//! line ("turns=30,p90=60").

use ladderkit::core::Seats;
use ladderkit::tune::{Goal, Target};

use super::Request;

/// The form's fields; each target and limit can be switched on.
#[derive(Debug, Clone, PartialEq)]
pub struct TuneForm {
    pub turns: (bool, f64),
    pub p90: (bool, u32),
    pub min_rolls: (bool, u32),
    pub seat_edge: (bool, f64),
    pub rides: (bool, f64),
    pub lead_changes: (bool, f64),
    /// In percent.
    pub comeback: (bool, f64),
    /// In percent.
    pub decided_late: (bool, f64),
    pub players: u32,
    pub tolerance_percent: f64,
    pub ladders: (bool, u32, u32),
    pub snakes: (bool, u32, u32),
    pub min_length: u32,
    pub no_chains: bool,
    pub free: (bool, u32, u32),
    pub keep: String,
    pub seed: u64,
    pub seconds: f64,
    /// Keep my layout, 0 to 100 (`Settings::keep_layout`).
    pub keep_layout: u32,
    /// Spaces that lose turns, give another, set back, shortcut: each
    /// switched on lets the search place such effects.
    pub lose_turns: (bool, u32, u32),
    pub extra_turns: (bool, u32, u32),
    pub setbacks: (bool, u32, u32),
    pub shortcuts: (bool, u32, u32),
    pub geese: (bool, u32, u32),
    /// The most turns one space may cost.
    pub max_lose: u32,
    /// No effect may be placed on these spaces.
    pub no_effect_on: (bool, u32, u32),
    /// Spaces whose effects the tuner may not touch: "19, 58".
    pub keep_effects: String,
}

impl Default for TuneForm {
    fn default() -> Self {
        Self {
            turns: (true, 30.0),
            p90: (false, 60),
            min_rolls: (false, 5),
            seat_edge: (false, 0.01),
            rides: (false, 3.0),
            lead_changes: (false, 5.0),
            comeback: (false, 35.0),
            decided_late: (false, 20.0),
            // As the Odds tab and `ladderkit tune --players` start.
            players: 2,
            tolerance_percent: 1.0,
            ladders: (false, 6, 10),
            snakes: (false, 6, 10),
            min_length: 1,
            no_chains: false,
            free: (false, 90, 100),
            keep: String::new(),
            seed: 1,
            seconds: 10.0,
            keep_layout: 0,
            lose_turns: (false, 1, 4),
            extra_turns: (false, 1, 4),
            setbacks: (false, 0, 4),
            shortcuts: (false, 0, 4),
            geese: (false, 0, 4),
            max_lose: 2,
            no_effect_on: (false, 90, 100),
            keep_effects: String::new(),
        }
    }
}

impl TuneForm {
    pub fn request(&self) -> Result<Request, String> {
        let players = Seats::new(self.players).map_err(|e| format!("players: {e}"))?;
        let mut targets = Vec::new();
        if self.turns.0 {
            targets.push(Target::Turns(self.turns.1));
        }
        if self.p90.0 {
            targets.push(Target::Percentile { percent: 90, rolls: self.p90.1 });
        }
        if self.min_rolls.0 {
            targets.push(Target::MinRolls(self.min_rolls.1));
        }
        if self.seat_edge.0 {
            targets.push(Target::SeatEdge { players, edge: self.seat_edge.1 });
        }
        if self.rides.0 {
            targets.push(Target::Rides(self.rides.1));
        }
        if self.lead_changes.0 {
            targets.push(Target::LeadChanges(self.lead_changes.1));
        }
        if self.comeback.0 {
            targets.push(Target::Comeback { players, share: self.comeback.1 / 100.0 });
        }
        if self.decided_late.0 {
            targets.push(Target::DecidedLate { players, share: self.decided_late.1 / 100.0 });
        }
        if targets.is_empty() {
            return Err("switch on at least one target".into());
        }
        let keep = parse_keep(&self.keep)?;
        let keep_effects = self
            .keep_effects
            .split([',', ';', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(|s| s.trim().parse::<u32>().map_err(|_| format!("`{s}`: effects to keep are space numbers")))
            .collect::<Result<Vec<u32>, String>>()?;
        let range = |(on, a, b): (bool, u32, u32)| on.then_some((a.min(b), a.max(b)));
        Ok(Request {
            goal: Goal { targets, tolerance: self.tolerance_percent / 100.0 },
            ladders: range(self.ladders),
            snakes: range(self.snakes),
            min_length: self.min_length,
            no_chains: self.no_chains,
            free: range(self.free),
            keep,
            seed: self.seed,
            seconds: self.seconds,
            players,
            keep_layout: self.keep_layout.min(100),
            effects: [self.lose_turns, self.extra_turns, self.setbacks, self.shortcuts, self.geese].map(range),
            max_lose: self.max_lose.max(1),
            no_effect_on: range(self.no_effect_on),
            keep_effects,
        })
    }

    /// `--tune turns=30,p90=60,seconds=5`: the targets and limits named,
    /// every other target switched off.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut form = Self { turns: (false, 30.0), ..Self::default() };
        for part in text.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) =
                part.split_once('=').ok_or(format!("`{part}`: write NAME=VALUE, for example turns=30"))?;
            let number = |v: &str| v.trim().parse::<f64>().map_err(|_| format!("`{part}`: {v} is not a number"));
            let whole = |v: &str| v.trim().parse::<u32>().map_err(|_| format!("`{part}`: {v} is not a whole number"));
            match key.trim() {
                "turns" => form.turns = (true, number(value)?),
                "p90" => form.p90 = (true, whole(value)?),
                "min-rolls" => form.min_rolls = (true, whole(value)?),
                "seat-edge" => form.seat_edge = (true, number(value)?),
                "rides" => form.rides = (true, number(value)?),
                "lead-changes" => form.lead_changes = (true, number(value)?),
                "comeback" => form.comeback = (true, number(value.trim().trim_end_matches('%'))?),
                "decided-late" => form.decided_late = (true, number(value.trim().trim_end_matches('%'))?),
                "players" => form.players = whole(value)?,
                "seconds" => form.seconds = number(value)?,
                "seed" => form.seed = whole(value)?.into(),
                "keep-layout" => form.keep_layout = whole(value)?.min(100),
                "keep" => form.keep = value.to_owned(),
                "lose-turns" => form.lose_turns = count_range(part, value)?,
                "extra-turns" => form.extra_turns = count_range(part, value)?,
                "setbacks" => form.setbacks = count_range(part, value)?,
                "shortcuts" => form.shortcuts = count_range(part, value)?,
                "geese" => form.geese = count_range(part, value)?,
                "max-lose" => form.max_lose = whole(value)?,
                "no-effect-on" => form.no_effect_on = count_range(part, value)?,
                "keep-effects" => form.keep_effects = value.to_owned(),
                other => {
                    return Err(format!(
                        "unknown target `{other}`; use turns, p90, min-rolls, seat-edge, rides, lead-changes, comeback, decided-late, players, seconds, seed, keep-layout, keep, lose-turns, extra-turns, setbacks, shortcuts, geese, max-lose, no-effect-on or keep-effects"
                    ));
                }
            }
        }
        form.request()?;
        Ok(form)
    }
}

/// "1..8" or "3": how many spaces of a kind, switched on.
fn count_range(part: &str, value: &str) -> Result<(bool, u32, u32), String> {
    let n = |v: &str| v.trim().parse::<u32>().map_err(|_| format!("`{part}`: write N or MIN..MAX"));
    match value.split_once("..") {
        Some((a, b)) => Ok((true, n(a)?, n(b)?)),
        None => n(value).map(|v| (true, v, v)),
    }
}

/// "1-38, 16-6": jumps to keep, by their space numbers.
fn parse_keep(text: &str) -> Result<Vec<(u32, u32)>, String> {
    text.split([',', ';', ' '])
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            let (a, b) = s.trim().split_once(['-', '>', '→']).ok_or(format!("`{s}`: write jumps as FROM-TO"))?;
            let n = |x: &str| x.trim_matches(['-', '>', ' ']).parse::<u32>().map_err(|_| format!("`{s}`: not FROM-TO"));
            Ok((n(a)?, n(b)?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_lists_parse_and_explain_mistakes() {
        assert_eq!(parse_keep("1-38, 16-6").unwrap(), [(1, 38), (16, 6)]);
        assert_eq!(parse_keep("").unwrap(), []);
        assert!(parse_keep("16").unwrap_err().contains("FROM-TO"));
    }

    #[test]
    fn the_command_line_names_targets() {
        let form = TuneForm::parse("turns=25,p90=60,seconds=3").unwrap();
        assert_eq!((form.turns, form.p90, form.seconds), ((true, 25.0), (true, 60), 3.0));
        assert!(!form.rides.0);
        assert_eq!(TuneForm::parse("turns=25,keep-layout=80").unwrap().request().unwrap().keep_layout, 80);
        assert!(TuneForm::parse("speed=3").unwrap_err().contains("unknown target"));
        let lead = TuneForm::parse("lead-changes=7").unwrap().request().unwrap();
        assert_eq!(lead.goal.targets, vec![Target::LeadChanges(7.0)]);
        let comeback = TuneForm::parse("comeback=40%").unwrap().request().unwrap();
        assert_eq!(comeback.goal.targets, vec![Target::Comeback { players: Seats::TWO, share: 0.4 }]);
        let late = TuneForm::parse("decided-late=25%").unwrap().request().unwrap();
        assert_eq!(late.goal.targets, vec![Target::DecidedLate { players: Seats::TWO, share: 0.25 }]);
        let four = TuneForm::parse("comeback=15%,players=4").unwrap().request().unwrap();
        assert_eq!(four.goal.targets, vec![Target::Comeback { players: Seats::new(4).unwrap(), share: 0.15 }]);
        assert!(TuneForm::parse("seconds=3").unwrap_err().contains("at least one target"));
        let effects = TuneForm::parse("turns=48,lose-turns=1..8,extra-turns=2,keep=1-38 16-6").unwrap();
        let request = effects.request().unwrap();
        assert_eq!(request.effects, [Some((1, 8)), Some((2, 2)), None, None, None]);
        assert_eq!(request.keep, [(1, 38), (16, 6)]);
        assert!(TuneForm::parse("turns=48,setbacks=x").unwrap_err().contains("N or MIN..MAX"));
        let kept = TuneForm::parse("turns=48,lose-turns=2,no-effect-on=90..99,keep-effects=19 58").unwrap();
        let request = kept.request().unwrap();
        assert_eq!((request.no_effect_on, request.keep_effects.clone()), (Some((90, 99)), vec![19, 58]));
        let spec =
            ladderkit::core::check_source(include_str!("../../../../variants/game-of-the-goose.ron")).spec.unwrap();
        let limits = request.limits(&spec).effects.unwrap();
        assert_eq!((limits.none_on, limits.keep), (vec![90..=99], vec![19, 58]));
        assert!(TuneForm::parse("turns=48,keep-effects=x").unwrap_err().contains("space numbers"));
    }

    #[test]
    fn the_form_needs_a_target() {
        let mut form = TuneForm::default();
        assert!(form.request().is_ok());
        assert_eq!(form.players, 2, "the Odds tab's table, and the command line's");
        form.turns.0 = false;
        assert!(form.request().unwrap_err().contains("at least one target"));
    }
}

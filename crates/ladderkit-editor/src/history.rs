//! Every edit is a command on the undo history. A command knows how to
//! apply itself to a spec and what to call itself in the Edit menu; undo
//! restores the spec from before (specs are small, and a snapshot cannot
//! get an inverse wrong).

use bevy::prelude::*;
use ladderkit::core::spec::{
    Arrow, Background, Board, ChipLayout, Chips, Effect, Goal, Jump, Meta, Point, RandomJumps, Rules, SpaceBadge,
    SpaceEffect, SpaceName, SpaceTags, Start, VariantSpec,
};

/// One edit of the variant.
#[derive(Debug, Clone, PartialEq)]
pub enum EditCommand {
    AddJump(Jump),
    RemoveJump(usize),
    SetJump(usize, Jump),
    AddEffect(SpaceEffect),
    RemoveEffect(usize),
    SetEffect(usize, SpaceEffect),
    /// A space's effects, all at once (Paste).
    SetSpaceEffects(u32, Vec<Effect>),
    AddArrow(Arrow),
    RemoveArrow(usize),
    SetArrow(usize, Arrow),
    SetTags(Vec<SpaceTags>),
    SetChips(Option<Chips>),
    /// Jumps dealt afresh each game (a new seed is "Deal again").
    SetRandomJumps(Option<RandomJumps>),
    SetBoard(Board),
    SetStart(Start),
    SetGoal(Goal),
    SetRules(Rules),
    SetMeta(Meta),
    /// Free-form boards: a new last space.
    AddSpace(Point),
    /// Free-form boards: a new space `n` on the path at this point; the
    /// spaces from `n` on move up one, and everything on them with them.
    InsertSpace(u32, Point),
    /// Free-form boards: remove space `number`; later spaces move down one,
    /// jumps and effects on it go.
    RemoveSpace(u32),
    MoveSpace(u32, Point),
    /// All the jumps and space effects at once, under a name of its own
    /// ("Tune: 4 edits").
    SetLayout(Vec<Jump>, Vec<SpaceEffect>, String),
    /// Space `n`'s name (empty: no name).
    SetName(u32, String),
    /// Space `n`'s own badge (none: its effects' badges).
    SetBadge(u32, Option<SpaceBadge>),
    /// The tracing picture under the board: chosen, or removed (none).
    SetBackground(Option<Background>),
    /// The same picture's opacity, scale or offset (sliders merge).
    AdjustBackground(Background),
    /// Several edits as one undo step (deleting or moving a selection).
    Many(Vec<EditCommand>, String),
}

fn jump_name(j: &Jump) -> String {
    format!("{} {}→{}", j.direction().name(), j.from, j.to)
}

impl EditCommand {
    /// What the Edit menu calls it: "Add ladder 4→14".
    /// Edits that arrive in streams (typing, dragging a value) merge into
    /// one undo step while they keep changing the same thing.
    pub fn stream(&self) -> Option<String> {
        Some(match self {
            Self::SetJump(i, _) => format!("jump {i}"),
            Self::SetEffect(i, _) => format!("effect {i}"),
            Self::SetArrow(i, _) => format!("arrow {i}"),
            Self::SetChips(_) => "chips".into(),
            // Dragging a count merges; Deal again (a new seed) is a step.
            Self::SetRandomJumps(r) => format!("random jumps {:?}", r.as_ref().map(|r| r.seed)),
            Self::SetBoard(_) => "board".into(),
            Self::SetRules(_) => "rules".into(),
            Self::SetMeta(_) => "meta".into(),
            Self::AdjustBackground(_) => "background".into(),
            // Typing a name is one step.
            Self::SetName(n, _) => format!("name {n}"),
            Self::SetBadge(n, _) => format!("badge {n}"),
            Self::MoveSpace(n, _) => format!("space {n}"),
            // Nudging several spaces merges like nudging one.
            Self::Many(edits, _) if edits.iter().all(|e| matches!(e, Self::MoveSpace(..))) => {
                let spaces: Vec<String> = edits.iter().filter_map(|e| e.stream()).collect();
                spaces.join(", ")
            }
            _ => return None,
        })
    }

    pub fn label(&self, spec: &VariantSpec) -> String {
        match self {
            Self::AddJump(j) => format!("Add {}", jump_name(j)),
            Self::RemoveJump(i) => {
                spec.jumps.get(*i).map_or("Delete jump".into(), |j| format!("Delete {}", jump_name(j)))
            }
            Self::SetJump(_, j) => format!("Move {}", jump_name(j)),
            Self::AddEffect(e) => format!("Add {} on {}", e.effect.describe(), e.space),
            Self::RemoveEffect(i) => spec
                .effects
                .get(*i)
                .map_or("Delete effect".into(), |e| format!("Delete {} on {}", e.effect.describe(), e.space)),
            Self::SetEffect(_, e) => format!("Set {} on {}", e.effect.describe(), e.space),
            Self::SetSpaceEffects(n, _) => format!("Paste effects on {n}"),
            Self::AddArrow(a) => format!("Add {} arrow on {}", a.kind.describe(), a.space),
            Self::RemoveArrow(i) => spec
                .arrows
                .get(*i)
                .map_or("Delete arrow".into(), |a| format!("Delete {} arrow on {}", a.kind.describe(), a.space)),
            Self::SetArrow(_, a) => format!("Set {} arrow on {}", a.kind.describe(), a.space),
            Self::SetTags(_) => "Change tags".into(),
            Self::SetChips(_) => "Change chips".into(),
            Self::SetRandomJumps(_) => "Change dealt jumps".into(),
            Self::SetBoard(_) => "Change board".into(),
            Self::SetStart(_) => "Change start".into(),
            Self::SetGoal(_) => "Change goal".into(),
            Self::SetRules(_) => "Change rules".into(),
            Self::SetMeta(_) => "Edit details".into(),
            Self::AddSpace(_) => "Add space".into(),
            Self::InsertSpace(n, _) => format!("Insert space {n}"),
            Self::Many(_, label) => label.clone(),
            Self::RemoveSpace(n) => format!("Delete space {n}"),
            Self::MoveSpace(n, _) => format!("Move space {n}"),
            Self::SetLayout(_, _, label) => label.clone(),
            Self::SetName(n, name) if name.is_empty() => format!("Unname space {n}"),
            Self::SetName(n, _) => format!("Name space {n}"),
            Self::SetBadge(n, Some(_)) => format!("Badge on space {n}"),
            Self::SetBadge(n, None) => format!("Remove the badge on space {n}"),
            Self::SetBackground(Some(_)) => "Set background picture".into(),
            Self::AdjustBackground(_) => "Adjust background picture".into(),
            Self::SetBackground(None) => "Remove background picture".into(),
        }
    }

    /// Applies the command; an error leaves the spec untouched.
    pub fn apply(&self, spec: &mut VariantSpec) -> Result<(), String> {
        let out_of_range = |what: &str, i: usize| format!("there is no {what} #{}", i + 1);
        match self {
            Self::AddJump(j) => spec.jumps.push(*j),
            Self::RemoveJump(i) => {
                if *i >= spec.jumps.len() {
                    return Err(out_of_range("jump", *i));
                }
                spec.jumps.remove(*i);
            }
            Self::SetJump(i, j) => *spec.jumps.get_mut(*i).ok_or_else(|| out_of_range("jump", *i))? = *j,
            Self::AddEffect(e) => spec.effects.push(*e),
            Self::RemoveEffect(i) => {
                if *i >= spec.effects.len() {
                    return Err(out_of_range("effect", *i));
                }
                spec.effects.remove(*i);
            }
            Self::SetEffect(i, e) => *spec.effects.get_mut(*i).ok_or_else(|| out_of_range("effect", *i))? = *e,
            Self::SetSpaceEffects(n, effects) => {
                spec.effects.retain(|e| e.space != *n);
                spec.effects.extend(effects.iter().map(|&effect| SpaceEffect { space: *n, effect }));
            }
            Self::AddArrow(a) => spec.arrows.push(*a),
            Self::RemoveArrow(i) => {
                if *i >= spec.arrows.len() {
                    return Err(out_of_range("arrow", *i));
                }
                spec.arrows.remove(*i);
            }
            Self::SetArrow(i, a) => *spec.arrows.get_mut(*i).ok_or_else(|| out_of_range("arrow", *i))? = *a,
            Self::SetTags(t) => spec.tags = t.clone(),
            Self::SetChips(c) => spec.chips = c.clone(),
            Self::SetRandomJumps(r) => spec.random_jumps = r.clone(),
            Self::SetBoard(b) => spec.board = b.clone(),
            Self::SetStart(s) => spec.start = *s,
            Self::SetGoal(g) => spec.goal = *g,
            Self::SetRules(r) => spec.rules = r.clone(),
            Self::SetMeta(m) => spec.meta = m.clone(),
            Self::SetName(n, name) => {
                let at = spec.names.iter().position(|s| s.space == *n);
                match (at, name.is_empty()) {
                    (Some(i), true) => {
                        spec.names.remove(i);
                    }
                    (Some(i), false) => spec.names[i].name = name.clone(),
                    (None, true) => {}
                    (None, false) => spec.names.push(SpaceName { space: *n, name: name.clone() }),
                }
            }
            Self::SetBadge(n, badge) => {
                spec.badges.retain(|b| b.space != *n);
                spec.badges.extend(badge.iter().map(|b| SpaceBadge { space: *n, ..b.clone() }));
            }
            Self::SetBackground(b) => spec.background = b.clone(),
            Self::AdjustBackground(b) => spec.background = Some(b.clone()),
            Self::SetLayout(jumps, effects, _) => (spec.jumps, spec.effects) = (jumps.clone(), effects.clone()),
            Self::AddSpace(p) => free_spaces(spec)?.push(*p),
            Self::MoveSpace(n, p) => {
                let spaces = free_spaces(spec)?;
                let i = (*n as usize).checked_sub(1);
                *i.and_then(|i| spaces.get_mut(i)).ok_or_else(|| format!("there is no space {n}"))? = *p;
            }
            Self::RemoveSpace(n) => {
                let n = *n;
                let spaces = free_spaces(spec)?;
                if n == 0 || n as usize > spaces.len() {
                    return Err(format!("there is no space {n}"));
                }
                spaces.remove(n as usize - 1);
                renumber(spec, |s| match s.cmp(&n) {
                    std::cmp::Ordering::Less => Some(s),
                    std::cmp::Ordering::Equal => None,
                    std::cmp::Ordering::Greater => Some(s - 1),
                });
            }
            Self::InsertSpace(n, p) => {
                let n = *n;
                let spaces = free_spaces(spec)?;
                if n == 0 || n as usize > spaces.len() + 1 {
                    return Err(format!("space {n} is not on the path"));
                }
                spaces.insert(n as usize - 1, *p);
                renumber(spec, |s| Some(if s >= n { s + 1 } else { s }));
            }
            Self::Many(edits, _) => {
                for edit in edits {
                    edit.apply(spec)?;
                }
            }
        }
        Ok(())
    }
}

/// Every space number the variant names, mapped by `map`: where a space
/// went, or `None` for a space that is gone (what is on it goes too;
/// a start or goal on it falls back to the tray or the last space).
fn renumber(spec: &mut VariantSpec, map: impl Fn(u32) -> Option<u32>) {
    spec.jumps.retain_mut(|j| match (map(j.from), map(j.to)) {
        (Some(from), Some(to)) => {
            (j.from, j.to) = (from, to);
            true
        }
        _ => false,
    });
    spec.effects.retain_mut(|e| {
        let target = match &mut e.effect {
            Effect::GoTo(k) => map(*k).map(|to| *k = to).is_some(),
            _ => true,
        };
        map(e.space).map(|s| e.space = s).is_some() && target
    });
    spec.arrows.retain_mut(|a| map(a.space).map(|s| a.space = s).is_some());
    spec.names.retain_mut(|m| map(m.space).map(|s| m.space = s).is_some());
    spec.badges.retain_mut(|b| map(b.space).map(|s| b.space = s).is_some());
    for t in &mut spec.tags {
        t.spaces = t.spaces.iter().filter_map(|&s| map(s)).collect();
    }
    spec.tags.retain(|t| !t.spaces.is_empty());
    if let Some(Chips { layout: ChipLayout::Placed(spaces), .. }) = &mut spec.chips {
        *spaces = spaces.iter().filter_map(|&s| map(s)).collect();
    }
    spec.rules.first_throw.retain_mut(|t| map(t.to).map(|to| t.to = to).is_some());
    if let Start::Space(s) = spec.start {
        spec.start = map(s).map_or(Start::Tray, Start::Space);
    }
    if let Goal::Space(s) = spec.goal {
        spec.goal = map(s).map_or(Goal::Last, Goal::Space);
    }
}

fn free_spaces(spec: &mut VariantSpec) -> Result<&mut Vec<Point>, String> {
    match &mut spec.board {
        Board::Free { spaces } => Ok(spaces),
        _ => Err("spaces can only be added, moved or removed on free-form boards".into()),
    }
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub label: String,
    pub before: VariantSpec,
    pub after: VariantSpec,
    /// What a stream of edits changes (see `EditCommand::stream`).
    stream: Option<String>,
}

/// Undo and redo stacks.
#[derive(Resource, Debug, Default)]
pub struct History {
    undo: Vec<Entry>,
    redo: Vec<Entry>,
}

impl History {
    /// Enough for a long session; the oldest edits fall off.
    const LIMIT: usize = 500;

    /// Records an edit. An edit of the same `stream` as the last one (typing
    /// a name, dragging a value) extends it instead.
    pub fn record(&mut self, label: String, before: VariantSpec, after: VariantSpec, stream: Option<String>) {
        self.redo.clear();
        if let Some(last) = self.undo.last_mut().filter(|l| stream.is_some() && l.stream == stream) {
            last.after = after;
            last.label = label;
            return;
        }
        self.undo.push(Entry { label, before, after, stream });
        if self.undo.len() > Self::LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// The spec to go back to, if any.
    pub fn undo(&mut self) -> Option<&Entry> {
        let entry = self.undo.pop()?;
        self.redo.push(entry);
        self.redo.last()
    }

    pub fn redo(&mut self) -> Option<&Entry> {
        let entry = self.redo.pop()?;
        self.undo.push(entry);
        self.undo.last()
    }

    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|e| e.label.as_str())
    }

    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|e| e.label.as_str())
    }

    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

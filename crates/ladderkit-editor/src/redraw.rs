//! Frames only when something changes. A desktop window waits for input
//! (Bevy's reactive update mode, `reactive`) and asks for the next frame
//! itself while something moves or computes: a background job (the odds,
//! the tuner, the perfect bot's solve) or a play-test; egui asks for its
//! own animations through bevy_egui. An idle editor then costs next to
//! nothing, where it used to draw sixty frames a second.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use crate::EditorMode;
use crate::jobs::FrameBudget;

/// The longest an idle window goes without a frame: what runs on the clock
/// (noticing a change made to the file outside, the autosave) runs at least
/// this often.
pub const IDLE_WAIT: Duration = Duration::from_secs(1);

/// How a desktop window updates: on input, when asked, and every
/// `IDLE_WAIT` at the latest.
pub fn reactive() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, keep_drawing_while_busy).add_systems(
        PreUpdate,
        drop_unchanged_modifiers.after(EguiPreUpdateSet::ProcessInput).before(EguiPreUpdateSet::BeginPass),
    );
}

/// bevy_egui tells egui the modifier keys every frame as an event, and egui
/// asks for another frame at once after any event, so the window never
/// rested. Modifiers as they were are no news.
fn drop_unchanged_modifiers(mut inputs: Query<&mut EguiInput>, mut last: Local<Option<egui::Modifiers>>) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => {
                let changed = *last != Some(*now);
                *last = Some(*now);
                changed
            }
            _ => true,
        });
    }
}

/// Another frame while a job ran in this one (it goes on, or its result is
/// to be shown) or a play-test runs (pieces move, bots play).
fn keep_drawing_while_busy(
    budget: Res<FrameBudget>,
    mode: Res<State<EditorMode>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if budget.busy() || *mode.get() == EditorMode::Playtest {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events_after(app: &mut App, events: Vec<egui::Event>) -> Vec<egui::Event> {
        let mut query = app.world_mut().query::<&mut EguiInput>();
        query.single_mut(app.world_mut()).unwrap().0.events = events;
        app.update();
        query.single(app.world()).unwrap().0.events.clone()
    }

    #[test]
    fn modifiers_as_they_were_are_no_news() {
        let mut app = App::new();
        app.add_systems(Update, drop_unchanged_modifiers);
        app.world_mut().spawn(EguiInput::default());
        let none = egui::Event::ModifiersChanged(egui::Modifiers::NONE);
        let shift = egui::Event::ModifiersChanged(egui::Modifiers::SHIFT);
        let typed = egui::Event::Text("a".into());
        assert_eq!(events_after(&mut app, vec![none.clone(), typed.clone()]), [none.clone(), typed.clone()]);
        assert_eq!(events_after(&mut app, vec![none.clone()]), [], "the same modifiers again: no event");
        assert_eq!(events_after(&mut app, vec![none.clone(), typed.clone()]), [typed]);
        assert_eq!(events_after(&mut app, vec![shift.clone()]), [shift], "Shift pressed is news");
        assert_eq!(events_after(&mut app, vec![none.clone()]), [none], "and so is its release");
    }
}

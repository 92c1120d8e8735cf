//! Where events go. Simulations pass `()` and pay nothing for them; the
//! editor, the terminal game and replays pass a `Vec<Event>`.

use crate::event::Event;

pub trait EventSink {
    fn push(&mut self, event: Event);
}

impl EventSink for () {
    #[inline]
    fn push(&mut self, _: Event) {}
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

//! Share › Copy link: the design as a board link (`ladderkit::core::link`),
//! the same link `ladderkit share` prints, opening in the web page the
//! editor is served from (the desktop's links open the page `web/serve.sh`
//! serves). The link is copied and shown with its length; one too long to
//! send is not made, and the window says to send the file instead.

use bevy::prelude::*;
use ladderkit::core::link::{self, Length};
use ladderkit::core::to_string;

use crate::EditorSet;
use crate::document::Document;
use crate::intents::Intent;
use crate::platform;

/// The last link made, while its window shows.
#[derive(Resource, Debug, Default)]
pub struct Sharing {
    pub shown: Option<Shared>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Shared {
    /// The link, or `None` when it would be too long.
    pub url: Option<String>,
    pub characters: usize,
    pub length: Length,
    /// The document generation it was made for.
    pub generation: u64,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Sharing>().add_systems(Update, share.in_set(EditorSet::Files));
}

fn share(mut intents: MessageReader<Intent>, doc: Res<Document>, mut sharing: ResMut<Sharing>) {
    for intent in intents.read() {
        match intent {
            Intent::ShareLink => {
                let url = link::url(&platform::page_base(), &to_string(&doc.spec().game_only()));
                let (characters, length) = (url.chars().count(), Length::of(&url));
                let url = (length != Length::TooLong).then_some(url);
                if let Some(url) = &url {
                    // The desktop copies through egui as the window opens.
                    let _ = platform::copy_text(url);
                }
                sharing.shown = Some(Shared { url, characters, length, generation: doc.generation() });
            }
            Intent::CloseShare => sharing.shown = None,
            _ => {}
        }
    }
}

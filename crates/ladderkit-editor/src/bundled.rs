//! The bundled variants, built into the binary: a new user's editor has
//! them wherever it was copied to. The welcome window opens them as
//! untitled copies.

use std::sync::OnceLock;

use ladderkit::core::check_source;
use ladderkit::core::spec::VariantSpec;

/// File name and text of each bundled variant, in the order offered.
pub const VARIANTS: &[(&str, &str)] = &[
    ("gameweave-large.ron", include_str!("../../../variants/gameweave-large.ron")),
    ("gameweave-medium.ron", include_str!("../../../variants/gameweave-medium.ron")),
    ("gameweave-small.ron", include_str!("../../../variants/gameweave-small.ron")),
    ("milton-bradley.ron", include_str!("../../../variants/milton-bradley.ron")),
    ("milton-bradley-stomp.ron", include_str!("../../../variants/milton-bradley-stomp.ron")),
    ("treehouse.ron", include_str!("../../../variants/treehouse.ron")),
    ("treehouse-team.ron", include_str!("../../../variants/treehouse-team.ron")),
    ("treehouse-lose-sideways.ron", include_str!("../../../variants/treehouse-lose-sideways.ron")),
    ("treehouse-lose-upright.ron", include_str!("../../../variants/treehouse-lose-upright.ron")),
    ("carcassonne-scoreboard.ron", include_str!("../../../variants/carcassonne-scoreboard.ron")),
    ("taiwan-chips.ron", include_str!("../../../variants/taiwan-chips.ron")),
    ("anniversary-arrows.ron", include_str!("../../../variants/anniversary-arrows.ron")),
    ("game-of-the-goose.ron", include_str!("../../../variants/game-of-the-goose.ron")),
    ("random-board.ron", include_str!("../../../variants/random-board.ron")),
];

/// The variant shown behind the welcome window.
pub const DEFAULT: usize = 0;

/// The bundled variants, parsed once (the welcome window lists them every
/// frame). The texts are ours and tested to parse.
pub fn specs() -> &'static [VariantSpec] {
    static SPECS: OnceLock<Vec<VariantSpec>> = OnceLock::new();
    SPECS.get_or_init(|| VARIANTS.iter().filter_map(|(_, text)| check_source(text).spec).collect())
}

/// A bundled variant, parsed (`None` only for an index out of range).
pub fn spec(i: usize) -> Option<VariantSpec> {
    specs().get(i).cloned()
}

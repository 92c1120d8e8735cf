//! Build a variant in code, check it, save its RON text, and solve it.
//!
//! cargo run --example build_variant

use ladderkit::analysis::{Options, analyze};
use ladderkit::core::Seats;
use ladderkit::core::spec::{Effect, Jump, Overshoot, PathStyle, SpaceEffect, VariantSpec};
use ladderkit::core::{compile, to_string};

fn main() {
    let mut spec = VariantSpec::new_grid("Garden path", 6, 6, PathStyle::Boustrophedon);
    spec.meta.description = "A 6×6 board with three ladders, three snakes and a muddy square.".into();
    spec.rules.overshoot = Overshoot::Bounce;
    spec.jumps = vec![
        Jump::new(3, 16),
        Jump::new(8, 22),
        Jump::new(20, 33),
        Jump::new(35, 12),
        Jump::new(27, 9),
        Jump::new(17, 4),
    ];
    spec.effects = vec![SpaceEffect { space: 24, effect: Effect::LoseTurns(1) }];

    let compiled = compile(&spec);
    for d in &compiled.diagnostics {
        println!("{d}");
    }
    let analysis =
        analyze(&compiled, &Options { seats: Seats::new(3).unwrap(), ..Options::default() }).expect("a clean variant");
    println!("{}", to_string(&spec));
    println!(
        "expected rolls {:.4}, expected turns {:.4}, fastest game {} rolls",
        analysis.expected_rolls, analysis.expected_turns, analysis.min_rolls
    );
    for (seat, p) in analysis.seats.win.iter().enumerate() {
        println!("seat {} wins {:.2}%", seat + 1, p * 100.0);
    }
}

//! How much does the finishing rule matter? Solves the Milton Bradley board
//! under each overshoot rule.
//!
//! cargo run --example compare_overshoot

use ladderkit::analysis::{Options, analyze};
use ladderkit::core::spec::Overshoot;
use ladderkit::core::{check_source, compile};

fn main() {
    let spec = check_source(include_str!("../variants/milton-bradley.ron")).spec.expect("bundled variant parses");
    println!("{:<12} {:>10} {:>8} {:>6}", "overshoot", "E[rolls]", "median", "p90");
    for rule in [Overshoot::Forfeit, Overshoot::Bounce, Overshoot::ReachOrPass] {
        let mut variant = spec.clone();
        variant.rules.overshoot = rule;
        let a = analyze(&compile(&variant), &Options::default()).expect("solvable");
        let p90 = a.percentiles.iter().find(|(p, _)| *p == 90).map_or(0, |(_, n)| *n);
        println!("{:<12} {:>10.4} {:>8} {:>6}", format!("{rule:?}"), a.expected_rolls, a.median_rolls, p90);
    }
}

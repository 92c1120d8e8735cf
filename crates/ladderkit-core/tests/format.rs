//! The RON format: canonical round trips, and hostile text that must give
//! errors, never panics.

use ladderkit_core::spec::*;
use ladderkit_core::{Code, check_source, parse, to_string};
use proptest::prelude::*;

const BUNDLED: [&str; 4] = [
    include_str!("../../../variants/gameweave-small.ron"),
    include_str!("../../../variants/gameweave-medium.ron"),
    include_str!("../../../variants/gameweave-large.ron"),
    include_str!("../../../variants/milton-bradley.ron"),
];

fn board() -> impl Strategy<Value = Board> {
    prop_oneof![
        (1u32..30, 1u32..30, prop::sample::select(PathStyle::ALL.to_vec()))
            .prop_map(|(cols, rows, path)| Board::Grid { cols, rows, path }),
        (1u32..200, any::<bool>(), 0u32..2).prop_map(|(spaces, looped, first)| Board::Track { spaces, looped, first }),
        prop::collection::vec((-50.0f32..50.0, -50.0f32..50.0), 1..20)
            .prop_map(|v| Board::Free { spaces: v.into_iter().map(|(x, y)| Point { x, y }).collect() }),
    ]
}

fn effect() -> impl Strategy<Value = Effect> {
    prop_oneof![
        (0u32..12).prop_map(Effect::LoseTurns),
        Just(Effect::ExtraTurn),
        (-20i32..20).prop_map(Effect::MoveBy),
        (0u32..200).prop_map(Effect::GoTo),
        (0u32..5).prop_map(Effect::Points),
        Just(Effect::MoveAgain),
        Just(Effect::ToStart),
        Just(Effect::Wait),
    ]
}

fn arrow() -> impl Strategy<Value = Arrow> {
    let kind = prop_oneof![
        Just(ArrowKind::DoubleUp),
        Just(ArrowKind::ExtraTurn),
        (0u32..120, 0u32..120).prop_map(|(from, to)| ArrowKind::Deploy { from, to }),
    ];
    (0u32..120, prop::sample::select(Direction::ALL.to_vec()), kind).prop_map(|(space, points, kind)| Arrow {
        space,
        points,
        kind,
    })
}

fn chips() -> impl Strategy<Value = Option<Chips>> {
    let values = prop::collection::vec((0u32..4, 0u32..30).prop_map(|(value, count)| ChipCount { value, count }), 0..3);
    let layout = prop_oneof![
        any::<u64>().prop_map(|seed| ChipLayout::Random { seed }),
        prop::collection::vec(0u32..120, 0..40).prop_map(ChipLayout::Placed),
    ];
    let power = prop_oneof![Just(Power::DoublePoints), Just(Power::SnakeImmunity), (0u32..5).prop_map(Power::Boost)];
    let upgrade = prop::option::of((0u32..6, power).prop_map(|(cost, power)| Upgrade { cost, power }));
    prop::option::of((values, layout, upgrade).prop_map(|(values, layout, upgrade)| Chips { values, layout, upgrade }))
}

fn tags() -> impl Strategy<Value = Vec<SpaceTags>> {
    let tag = prop::sample::select(vec![Tag::NoChip, Tag::KeepClear, Tag::Safe]);
    prop::collection::vec(
        (tag, prop::collection::vec(0u32..120, 0..6)).prop_map(|(tag, spaces)| SpaceTags { tag, spaces }),
        0..3,
    )
}

fn random_jumps() -> impl Strategy<Value = Option<RandomJumps>> {
    let lengths = (0u32..20, prop::option::of(0u32..60), any::<bool>());
    let free = prop::collection::vec((0u32..120, 0u32..120).prop_map(|(a, b)| a..=b), 0..3);
    prop::option::weighted(0.3, (any::<u64>(), 0u32..12, 0u32..12, lengths, free)).prop_map(|r| {
        r.map(|(seed, ladders, snakes, (min_length, max_length, no_chains), free)| RandomJumps {
            seed,
            ladders,
            snakes,
            min_length,
            max_length,
            no_chains,
            free,
        })
    })
}

fn rules() -> impl Strategy<Value = Rules> {
    let extra = prop::option::of(prop_oneof![(1u32..20).prop_map(ExtraTurnOn::Total), Just(ExtraTurnOn::Doubles)]);
    let overshoot = prop::sample::select(vec![Overshoot::Forfeit, Overshoot::Bounce, Overshoot::ReachOrPass]);
    let entry = prop_oneof![Just(Entry::Direct), (1u32..13).prop_map(Entry::OnRoll)];
    let play = prop_oneof![
        Just(Play::Classic),
        (0u32..3, any::<bool>(), prop::collection::vec(0u32..4, 0..4)).prop_map(
            |(first_turn_dice, upright, pieces)| {
                let lose_turn = if upright { LoseTurnRule::Upright } else { LoseTurnRule::Sideways };
                Play::Treehouse(Treehouse { first_turn_dice, lose_turn, pieces })
            }
        ),
    ];
    let numbers = (0u32..6, 0u32..6, 0u32..4, 1u32..21);
    let win = prop_oneof![Just(Win::FirstHome), Just(Win::MostPoints), (0u32..30).prop_map(Win::TargetScore)];
    let bump = prop::option::of(
        (
            prop::sample::select(vec![BumpWho::All, BumpWho::Top]),
            prop::sample::select(vec![BumpTo::Start, BumpTo::TurnStart, BumpTo::Swap]),
            prop::sample::select(vec![BumpWhen::EachLanding, BumpWhen::EndOfTurn]),
        )
            .prop_map(|(who, to, when)| Bump { who, to, when }),
    );
    let first_throw = prop::collection::vec(
        (prop::collection::vec(0u32..8, 0..4), 0u32..80).prop_map(|(dice, to)| FirstThrow { dice, to }),
        0..3,
    );
    let flags = (any::<(bool, bool, bool)>(), win, bump, first_throw);
    (numbers, entry, overshoot, extra, prop::option::of(0u32..4), flags, play).prop_map(
        |(
            (min, max, count, sides),
            entry,
            overshoot,
            extra_turn,
            cap,
            ((chains, shared, rotate), win, bump, first_throw),
            play,
        )| {
            Rules {
                players: PlayerRange { min, max },
                dice: Dice { count, sides },
                entry,
                overshoot,
                extra_turn,
                max_consecutive_turns: cap,
                follow_chains: chains,
                shared_squares: shared,
                bump,
                first_player: if rotate { FirstPlayer::Rotate } else { FirstPlayer::Seat1 },
                play,
                win,
                first_throw,
            }
        },
    )
}

prop_compose! {
    fn variant()(
        board in board(),
        name in "[a-zA-Z \"\\\\é→]{0,20}",
        start in prop_oneof![Just(Start::Tray), (0u32..50).prop_map(Start::Space)],
        goal in prop_oneof![Just(Goal::Last), (0u32..900).prop_map(Goal::Space)],
        jumps in prop::collection::vec((0u32..120, 0u32..120, prop::option::of(prop::sample::select(vec![JumpKind::Ladder, JumpKind::Snake]))), 0..30),
        effects in prop::collection::vec((0u32..120, effect()), 0..10),
        tags in tags(),
        chips in chips(),
        arrows in prop::collection::vec(arrow(), 0..6),
        rules in rules(),
        random_jumps in random_jumps(),
        background in prop::option::of((0.0f32..=1.0, 0.1f32..4.0)),
        names in prop::collection::vec((0u32..120, "[a-zA-Z' ]{0,12}"), 0..4),
        badges in prop::collection::vec((0u32..120, "[A-Z☠»\"]{0,4}", prop::option::of("#[0-9a-fA-F]{6}|blue")), 0..3),
    ) -> VariantSpec {
        VariantSpec {
            format: FORMAT_VERSION,
            meta: Meta { name, description: "d".into(), author: String::new() },
            board, start, goal,
            jumps: jumps.into_iter().map(|(from, to, kind)| Jump { from, to, kind }).collect(),
            random_jumps,
            effects: effects.into_iter().map(|(space, effect)| SpaceEffect { space, effect }).collect(),
            tags, chips, arrows,
            rules,
            names: names.into_iter().map(|(space, name)| SpaceName { space, name }).collect(),
            badges: badges.into_iter().map(|(space, label, colour)| SpaceBadge { space, label, colour }).collect(),
            background: background.map(|(opacity, scale)| Background {
                path: "scan.png".into(), opacity, scale, offset: Point { x: 0.5, y: -1.25 },
            }),
        }
    }
}

proptest! {
    #[test]
    fn save_then_load_is_the_identity(spec in variant()) {
        let text = to_string(&spec);
        let parsed = parse(&text);
        prop_assert_eq!(parsed.spec.as_ref(), Some(&spec), "{}", text);
        prop_assert_eq!(to_string(parsed.spec.as_ref().unwrap()), text);
    }

    #[test]
    fn checking_any_spec_never_panics(spec in variant()) {
        let checked = check_source(&to_string(&spec));
        prop_assert!(checked.compiled.is_some());
    }

    /// The source map is held to the parser: however the text is spelled
    /// (RON's every kind of whitespace, nested comments, raw strings and
    /// identifiers), the span it gives each jump, effect and arrow holds
    /// what the parser read there, at RON's own line and column.
    #[test]
    fn the_source_map_finds_what_the_parser_read(spec in variant(), trivia in prop::collection::vec(0usize..64, 64)) {
        let text = respelled(&to_string(&spec), &trivia);
        let parsed = parse(&text);
        prop_assert_eq!(parsed.spec.as_ref(), Some(&spec), "the respelling is valid RON: {:?}", text);
        let map = &parsed.source_map;
        let options = ron::Options::default().with_default_extension(
            ron::extensions::Extensions::IMPLICIT_SOME | ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES,
        );
        let read = |span: Option<ladderkit_core::Span>| {
            let span = span.expect("every item is located");
            let (line, column) = place(&text, span.start);
            assert_eq!((span.line, span.column), (line, column), "{:?}", &text[span.start..span.end]);
            &text[span.start..span.end]
        };
        for (i, jump) in spec.jumps.iter().enumerate() {
            prop_assert_eq!(&options.from_str::<Jump>(read(map.jump(i))).unwrap(), jump);
        }
        for (i, effect) in spec.effects.iter().enumerate() {
            prop_assert_eq!(&options.from_str::<SpaceEffect>(read(map.effect(i))).unwrap(), effect);
        }
        for (i, arrow) in spec.arrows.iter().enumerate() {
            prop_assert_eq!(&options.from_str::<Arrow>(read(map.arrow(i))).unwrap(), arrow);
        }
        prop_assert_eq!(map.jump(spec.jumps.len()), None);
    }

    #[test]
    fn mangled_text_gives_diagnostics_not_panics(cut in 0usize..4000, byte in any::<u8>(), which in 0usize..4) {
        let text = BUNDLED[which];
        let mut bytes = text.as_bytes().to_vec();
        let at = cut % bytes.len();
        bytes[at] = byte;
        let mangled = String::from_utf8_lossy(&bytes);
        let _ = check_source(&mangled);
    }
}

/// What RON reads between tokens, every kind of it.
const TRIVIA: [&str; 12] = [
    " ",
    "\u{b}",
    "\u{c}",
    "\r",
    "\n\r",
    "\u{85}",
    "\u{200e}",
    "\u{2028}",
    "\u{2029}",
    "/* a /* nested ) ] \" */ b */",
    "// a line comment ] )\n",
    "/*\u{1b}[2J*/",
];

/// `canonical` spelled another valid way: trivia after `(`, `[`, `,`, `:`
/// (chosen by `choices`), field names as raw identifiers, and strings
/// without escapes as raw strings.
fn respelled(canonical: &str, choices: &[usize]) -> String {
    let body = canonical.find("Variant(").unwrap();
    let mut out = canonical[..body].to_owned();
    let mut choice = choices.iter().cycle();
    let mut rest = &canonical[body..];
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            let end = 1 + rest[1..].find(['"', '\\']).unwrap();
            if rest.as_bytes()[end] == b'"' {
                let raw = if choice.next().unwrap().is_multiple_of(2) { "r#\"" } else { "r##\"" };
                out.push_str(raw);
                out.push_str(&rest[1..end]);
                out.push_str(if raw == "r#\"" { "\"#" } else { "\"##" });
                rest = &rest[end + 1..];
                continue;
            }
            // An escaped string stays as written, whole.
            let mut at = 1;
            while rest.as_bytes()[at] != b'"' {
                at += if rest.as_bytes()[at] == b'\\' { 2 } else { 1 };
            }
            out.push_str(&rest[..=at]);
            rest = &rest[at + 1..];
            continue;
        }
        let word = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if word > 0 && rest[word..].starts_with(':') && rest.as_bytes()[0].is_ascii_lowercase() {
            if choice.next().unwrap().is_multiple_of(3) {
                out.push_str("r#");
            }
            out.push_str(&rest[..word]);
            rest = &rest[word..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
        if matches!(c, '(' | '[' | ',' | ':') {
            let pick = *choice.next().unwrap();
            if pick < TRIVIA.len() * 2 {
                out.push_str(TRIVIA[pick % TRIVIA.len()]);
            }
        }
    }
    out
}

/// Line and column of byte `at` as RON counts them: lines end at a line
/// feed, columns count characters.
fn place(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    (1 + before.matches('\n').count(), 1 + before.rsplit('\n').next().unwrap().chars().count())
}

#[test]
fn bundled_variants_are_canonical() {
    for text in BUNDLED {
        let spec = parse(text).spec.unwrap();
        assert_eq!(to_string(&spec), text);
    }
}

#[test]
fn every_truncation_is_a_syntax_error_with_a_position() {
    let text = BUNDLED[0];
    // Everything short of the closing parenthesis is incomplete.
    let close = text.rfind(')').unwrap();
    for cut in (0..=close).filter(|c| text.is_char_boundary(*c)) {
        let checked = check_source(&text[..cut]);
        let d = checked.diagnostics.first().unwrap_or_else(|| panic!("cut at {cut} passed"));
        assert_eq!(d.code, Code::Syntax, "cut at {cut}");
        let span = d.location.span.unwrap();
        assert!(span.line >= 1 && span.column >= 1 && span.start <= cut);
    }
}

#[test]
fn hostile_inputs_are_refused_cleanly() {
    let deep = format!("Variant(format: 1, meta: (name: \"x\"), board: {}", "(".repeat(100_000));
    let cases: Vec<(String, Code)> = vec![
        (deep, Code::Syntax),
        (BUNDLED[0].replace("cols: 6", "cols: 99999999999999999999999"), Code::Syntax),
        (BUNDLED[0].replace("cols: 6", "cols: -6"), Code::Syntax),
        (BUNDLED[0].replace("cols: 6", "cols: \"6\""), Code::Syntax),
        (BUNDLED[0].replace("rows: 6", "rows: 6.5"), Code::Syntax),
        (BUNDLED[0].replace("Bounce", "Bounced"), Code::Syntax),
        (BUNDLED[0].replace("format: 1,", "format: 1, colour: 3,"), Code::Syntax),
        (
            BUNDLED[0].replace("cols: 6,\n        rows: 6,", "cols: 4000000000,\n        rows: 4000000000,"),
            Code::LimitExceeded,
        ),
        ("\u{feff}\0\0garbage".to_owned(), Code::Syntax),
        (String::new(), Code::Syntax),
        ("x".repeat(9 * 1024 * 1024), Code::LimitExceeded),
    ];
    for (text, code) in cases {
        let checked = check_source(&text);
        assert!(checked.diagnostics.iter().any(|d| d.code == code), "{code}: {:?}", checked.diagnostics);
        assert!(checked.has_errors());
    }
}

#[test]
fn unknown_field_names_the_allowed_ones() {
    let text = BUNDLED[0].replace("format: 1,", "format: 1, colour: 3,");
    let d = &check_source(&text).diagnostics[0];
    assert!(d.help.as_deref().unwrap().contains("jumps"), "{d:?}");
    let span = d.location.span.unwrap();
    assert_eq!(span.line, 4, "the line after the two extension headers");
}

#[test]
fn hostile_chip_bags_and_costs_get_diagnostics_not_hangs() {
    let with = |values: &str, cost: &str| {
        let text = format!(
            "Variant(format: 1, meta: (name: \"x\"), board: Grid(cols: 6, rows: 6, path: Boustrophedon), \
             chips: (values: [{values}], upgrade: (cost: {cost}, power: DoublePoints)), rules: (win: MostPoints))"
        );
        check_source(&text).diagnostics.into_iter().map(|d| (d.code, d.message)).collect::<Vec<_>>()
    };
    // Counts that overflow a u32 sum, and a cost no table could hold.
    let huge = "(value: 1, count: 4000000000), (value: 2, count: 4000000000)";
    let found = with(huge, "4000000000");
    assert!(found.iter().any(|(c, m)| *c == Code::ChipsInvalid && m.contains("cannot cost")), "{found:?}");
    let found = with(huge, "4");
    assert!(found.iter().any(|(c, m)| *c == Code::ChipPlacement && m.contains("8000000000 chips")), "{found:?}");
    let found = with("(value: 1, count: 3)", "0");
    assert!(found.iter().any(|(c, m)| *c == Code::ChipsInvalid && m.contains("cannot cost 0")), "{found:?}");
}

/// Each kind of effect is in `Effect::KINDS` once, at its `kind_index`,
/// with a name, a badge and words of its own.
#[test]
fn every_kind_of_effect_has_its_facts() {
    for (i, kind) in Effect::KINDS.iter().enumerate() {
        assert_eq!(kind.kind_index(), i, "{kind:?}");
    }
    let distinct = |f: &dyn Fn(&Effect) -> String| {
        let mut all: Vec<String> = Effect::KINDS.iter().map(f).collect();
        all.sort();
        all.dedup();
        all.len()
    };
    assert_eq!(distinct(&|e| e.kind_name().to_owned()), Effect::KINDS.len());
    assert_eq!(distinct(&|e| e.badge()), Effect::KINDS.len());
    assert_eq!(distinct(&|e| e.describe()), Effect::KINDS.len());
    assert_eq!(Effect::MoveBy(-3).badge(), "-3");
    assert_eq!(Effect::MoveBy(-3).kind_index(), Effect::MoveBy(2).kind_index());
}

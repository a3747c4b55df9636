//! Property tests: Display round trip on generated trees, and no panic on arbitrary input.
use betza::{parse, Atom, Betza, Component, Direction, Facing, LegSpec, Modifier, Range, Repeat};
use proptest::prelude::*;

fn atom() -> impl Strategy<Value = Atom> {
    prop::sample::select(vec![
        Atom::W,
        Atom::F,
        Atom::D,
        Atom::N,
        Atom::A,
        Atom::H,
        Atom::C,
        Atom::L,
        Atom::Z,
        Atom::J,
        Atom::G,
        Atom::K,
        Atom::Q,
        Atom::R,
        Atom::B,
        Atom::O(2),
        Atom::O(3),
        Atom::U,
    ])
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(vec![
        Direction::F,
        Direction::B,
        Direction::L,
        Direction::R,
        Direction::V,
        Direction::S,
        Direction::H,
        Direction::Z,
        Direction::Q,
    ])
}

fn modifiers() -> impl Strategy<Value = Vec<Modifier>> {
    prop::sample::subsequence(
        vec![
            Modifier::M,
            Modifier::C,
            Modifier::D,
            Modifier::E,
            Modifier::N,
            Modifier::P,
            Modifier::G,
            Modifier::Y,
            Modifier::Z,
            Modifier::Q,
            Modifier::J,
            Modifier::T,
            Modifier::U,
            Modifier::X,
            Modifier::O,
        ],
        0..3,
    )
}

fn leg() -> impl Strategy<Value = LegSpec> {
    (prop::collection::vec(direction(), 0..3), modifiers()).prop_map(|(d, m)| LegSpec {
        directions: d.into_iter().map(|d| (d, 0..0)).collect(),
        modifiers: m.into_iter().map(|m| (m, 0..0)).collect(),
    })
}

fn component() -> impl Strategy<Value = Component> {
    (
        atom(),
        prop::collection::vec(leg(), 1..3),
        0u32..4,
        any::<bool>(),
        prop::option::weighted(
            0.3,
            (
                prop::collection::vec(leg(), 2..4),
                prop::collection::vec(leg(), 1..3),
            ),
        ),
    )
        .prop_map(|(atom, mut legs, r, initial, repeat)| {
            if initial {
                legs[0].modifiers.push((Modifier::I, 0..0));
            }
            let range = match (atom, r) {
                (Atom::O(_), _) => Range::Leap,
                (Atom::R | Atom::B | Atom::Q, 0 | 1) => Range::Unlimited,
                (_, 0) => Range::Leap,
                (_, 1) => Range::Unlimited,
                (_, n) => Range::Limited(n),
            };
            Component {
                legs,
                atom,
                range,
                span: 0..0,
                repeat: repeat.map(|(group, after)| Repeat { group, after }),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    #[test]
    fn display_round_trip_of_valid_generated_trees(cs in prop::collection::vec(component(), 1..4)) {
        let b = Betza { components: cs };
        prop_assume!(b.validate().is_ok());
        let text = b.to_string();
        let again = parse(&text);
        prop_assert!(again.is_ok(), "`{}` did not reparse: {:?}", text, again);
        let again = again.unwrap();
        prop_assert_eq!(&again, &b, "`{}`", text);
        prop_assert_eq!(again.expand(Facing::First), b.expand(Facing::First));
    }

    #[test]
    fn no_panic_on_arbitrary_strings(s in "\\PC{0,24}") {
        if let Ok(b) = parse(&s) {
            let _ = b.expand(Facing::Rotated);
            prop_assert_eq!(parse(&b.to_string()).ok(), Some(b));
        }
    }

    #[test]
    fn no_panic_on_xbetza_alphabet(s in "[a-zA-Z0-9() ]{0,16}") {
        match parse(&s) {
            Ok(b) => {
                let _ = betza::describe::describe(&b);
                let _ = betza::diagram::destinations(&b, 8, 8, (3, 3), Facing::First);
                prop_assert_eq!(parse(&b.to_string()).ok(), Some(b));
            }
            Err(es) => {
                prop_assert!(!es.is_empty());
                for e in es {
                    prop_assert!(e.span.end <= s.len());
                    let _ = e.render(&s);
                }
            }
        }
    }

    #[test]
    fn well_formed_brackets_read_back_from_their_canonical_form(
        s in "i?(\\[[fblrsvmcp]{0,2}[WFKRBQDAN][0-3]?([-?][fblrsvmcp]{0,2}[WFKRBQDAN][0-3]?){1,3}\\][KN]?){1,2}"
    ) {
        if let Ok(b) = parse(&s) {
            let _ = betza::diagram::destinations(&b, 8, 8, (3, 3), Facing::First);
            let again = parse(&b.to_string());
            prop_assert_eq!(again.as_ref().ok(), Some(&b), "`{}` printed `{}`: {:?}", s, b, again);
            prop_assert_eq!(again.unwrap().expand(Facing::Rotated), b.expand(Facing::Rotated));
        }
    }

    #[test]
    fn no_panic_on_brackets(s in "[WFKRBQDANfblrsvmcpyi\\[\\]?0-9-]{0,16}") {
        match parse(&s) {
            Ok(b) => {
                let _ = betza::describe::describe(&b);
                let _ = betza::diagram::destinations(&b, 8, 8, (3, 3), Facing::First);
                prop_assert_eq!(parse(&b.to_string()).ok(), Some(b));
            }
            Err(es) => {
                prop_assert!(!es.is_empty());
                for e in es {
                    prop_assert!(e.span.start <= e.span.end && e.span.end <= s.len(), "`{}`: {:?}", s, e);
                    prop_assert!(s.is_char_boundary(e.span.start) && s.is_char_boundary(e.span.end));
                    let _ = e.render(&s);
                }
            }
        }
    }
}

//! Bad input gets an error, never a panic: arbitrary and mutated FEN strings for every bundled game and a game of
//! multi-letter ids (on `Ok`, the FEN round-trips), and arbitrary move strings. The fuzzers in `fuzz/`
//! (docs/fuzzing.md) go further.
use proptest::prelude::*;

use crate::support::mutation;
use std::sync::OnceLock;
use tatsu::engine::{Engine, Position};

fn engines() -> &'static [(&'static str, Engine)] {
    static ENGINES: OnceLock<Vec<(&'static str, Engine)>> = OnceLock::new();
    ENGINES.get_or_init(|| {
        // The bundled games, and a game whose ids have several letters (`(N2)`, `(na)`, `+(Nb)` in FEN).
        let many = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/variants/many-pieces.tatsu"
        );
        tatsu::variants::bundled()
            .iter()
            .map(|&(name, source)| {
                let compiled =
                    tatsu::compile::compile(name, source).expect("bundled games compile");
                (name, Engine::new(compiled.game))
            })
            .chain(std::iter::once((
                "many-pieces",
                Engine::new(tatsu::variants::load(many).expect("compiles").game),
            )))
            .collect()
    })
}

/// Real FENs to mutate: every game's start position and the perft positions.
fn fens() -> &'static [String] {
    static FENS: OnceLock<Vec<String>> = OnceLock::new();
    FENS.get_or_init(|| {
        let mut fens: Vec<String> = engines()
            .iter()
            .map(|(_, e)| Position::start(e).to_fen())
            .collect();
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "tsv") {
                let text = std::fs::read_to_string(path).unwrap();
                fens.extend(
                    text.lines()
                        .skip(1)
                        .filter_map(|l| l.split('\t').nth(1))
                        .map(String::from),
                );
            }
        }
        fens.sort();
        fens.dedup();
        fens
    })
}

/// `from_fen` for every game: never panics; an error lists problems; a position's FEN reads back unchanged.
fn check_fen(text: &str) -> Result<(), TestCaseError> {
    for (name, engine) in engines() {
        match Position::from_fen(engine, text) {
            Err(e) => prop_assert!(!e.problems.is_empty(), "{}: `{}`", name, text),
            Ok(mut pos) => {
                let fen = pos.to_fen();
                let again = Position::from_fen(engine, &fen);
                prop_assert!(
                    again.is_ok(),
                    "{}: `{}` → `{}` does not read back",
                    name,
                    text,
                    fen
                );
                let again = again.unwrap();
                prop_assert_eq!(again.to_fen(), fen.clone(), "{}: `{}`", name, text);
                prop_assert_eq!(again.hash(), pos.hash(), "{}: `{}`", name, text);
                let _ = pos.legal_move_list();
                let _ = pos.outcome();
            }
        }
    }
    Ok(())
}

fn edit() -> impl Strategy<Value = mutation::Edit> {
    let token = prop_oneof![
        Just("/".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("+".to_string()),
        Just(" ".to_string()),
        Just(" - ".to_string()),
        Just("bonus".to_string()),
        Just("2147483647".to_string()),
        Just("4294967295".to_string()),
        Just("300".to_string()),
        Just("é".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        "\\(\\+?[a-zA-Z][a-z0-9]{0,2}\\)",
        "[0-9]{1,3}",
        "[a-zA-Z+]{1,3}",
    ];
    mutation::edit(token.boxed(), 8)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_as_fen(text in "\\PC{0,60}") {
        check_fen(&text)?;
    }

    #[test]
    fn fen_alphabet_as_fen(text in "[a-zA-Z0-9/+()\\[\\] -]{0,90}") {
        check_fen(&text)?;
    }

    #[test]
    fn mutated_fens(which in any::<prop::sample::Index>(), edits in prop::collection::vec(edit(), 1..5)) {
        let fen = which.get(fens());
        check_fen(&mutation::apply(fen, &edits))?;
    }

    #[test]
    fn arbitrary_move_strings(text in prop_oneof!["\\PC{0,12}", "[a-z]{1,2}[0-9]{1,2}[a-z]{1,2}[0-9]{1,2}[+a-z]?", "[a-z][0-9]{1,2}[a-z][0-9]{1,2}\\+?[a-z][a-z0-9]?", "[A-Z+]{1,2}@[a-z]{1,2}[0-9]{1,2}", "[A-Z][a-z0-9]@[a-z][0-9]{1,2}"]) {
        for (_, engine) in engines() {
            let mut pos = Position::start(engine);
            let fen = pos.to_fen();
            if let Ok(mv) = pos.parse_move(&text) {
                prop_assert_eq!(pos.uci(&mv), text.clone());
                pos.play(mv);
                pos.unplay();
            }
            prop_assert_eq!(pos.to_fen(), fen);
        }
    }

    #[test]
    fn mutated_legal_moves(game in any::<prop::sample::Index>(), mv in any::<prop::sample::Index>(), edits in prop::collection::vec(edit(), 1..3)) {
        let (_, engine) = game.get(engines());
        let mut pos = Position::start(engine);
        let moves = pos.legal_move_list();
        let text = mutation::apply(&pos.uci(mv.get(&moves)), &edits);
        if let Ok(found) = pos.parse_move(&text) {
            prop_assert_eq!(pos.uci(&found), text);
        }
    }
}

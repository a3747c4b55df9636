//! Burning (`burns "AREA" [spare ID…] [passive]`: Tenjiku Shogi's Fire Demon, docs/variant-language.md
//! "Burning"). The game is tests/data/variants/burning.tatsu, a 5x5 board with Kings (captured, not mated:
//! `extinction of K loss`), Guards (`W`) and Demons (`R`, `burns "K" passive`); every count is derived by hand
//! beside its test. No engine at hand plays burning on a small board (HaChu plays it only in Tenjiku Shogi).
use tatsu::engine::{perft, Engine, Position};
use variants::{compile_errors, engine, engine_of, moves, play_and_unplay, replaced, sorted};

use crate::support::variants;

const START: &str = "gk1dg/5/5/5/GD1KG w - - 0 1";

fn source() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/burning.tatsu"
    );
    std::fs::read_to_string(path).expect("the test variant exists")
}

/// The game with the Demon's `burns` item replaced.
fn with_burns(item: &str) -> Engine {
    engine_of(&replaced(&source(), r#"burns "K" passive"#, item))
}

fn perft_of(e: &Engine, fen: &str, depth: u32) -> u64 {
    let mut pos = Position::from_fen(e, fen).unwrap();
    perft::perft(&mut pos, depth)
}

#[test]
fn a_demon_burns_every_enemy_around_where_it_stops() {
    let e = engine("burning");
    // White: Guard a1, Demon b1, King d1, Guard e1. Guard a1: a2 (b1 is its own Demon), 1. Demon b1: b2 b3 b4,
    // b5 taking the King, and c1 (d1 is its own King), 5. King d1: c1 c2 d2 e2, 4. Guard e1: e2, 1. 11 moves; none
    // ends beside Black's Demon d5 (c4 d4 e4 c5 e5), so none is burned.
    assert_eq!(perft_of(&e, START, 1), 11);
    // The Demon to b4 burns the Guard a5 and the King b5 beside it; Black's Demon d5 and Guard e5 are two files
    // away. A removal resets the move clock.
    play_and_unplay(&e, START, "b1b4", "3dg/1D3/5/5/G2KG b - - 0 1");
    // Black has lost its King: the game is over, with no moves below.
    assert_eq!(perft_of(&e, "3dg/1D3/5/5/G2KG b - - 0 1", 1), 0);
    let mut pos = Position::from_fen(&e, "3dg/1D3/5/5/G2KG b - - 0 1").unwrap();
    assert!(pos.outcome().is_some(), "a side without its King has lost");
}

#[test]
fn burning_spares_friends_and_the_spared_types() {
    // White's Guard a3 stands beside b4, where the Demon stops: a friend, never burned.
    let fen = "gk1dg/5/G4/5/1D1KG w - - 0 1";
    let e = engine("burning");
    play_and_unplay(&e, fen, "b1b4", "3dg/1D3/G4/5/3KG b - - 0 1");
    // `spare G`: Black's Guard a5 stays, the King b5 is burned.
    let spares = with_burns(r#"burns "K" spare G passive"#);
    play_and_unplay(&spares, fen, "b1b4", "g2dg/1D3/G4/5/3KG b - - 0 1");
}

#[test]
fn a_piece_that_stops_beside_an_enemy_passive_demon_is_burned() {
    let e = engine("burning");
    // White's lone King c1 beside nothing: b1 b2 c2 d1 d2, 5 moves (burning takes no move away).
    let fen = "k4/5/2d2/5/2K2 w - - 0 1";
    assert_eq!(
        moves(&e, fen),
        sorted(&["c1b1", "c1b2", "c1c2", "c1d1", "c1d2"])
    );
    // To c2, beside Black's Demon c3: the King is burned, and White has lost.
    play_and_unplay(&e, fen, "c1c2", "k4/5/2d2/5/5 b - - 0 1");
    // To b1, two ranks from it: nothing happens.
    play_and_unplay(&e, fen, "c1b1", "k4/5/2d2/5/1K3 b - - 1 1");
    // Without `passive` the King stands beside the Demon.
    let active_only = with_burns(r#"burns "K""#);
    play_and_unplay(&active_only, fen, "c1c2", "k4/5/2d2/2K2/5 b - - 1 1");
}

#[test]
fn a_demon_that_stops_beside_an_enemy_demon_is_burned_and_burns_nothing() {
    let e = engine("burning");
    // White: Demon b1, King e1; Black: King a5, Guard a3, Demon c3.
    let fen = "k4/5/g1d2/5/1D2K w - - 0 1";
    // Demon b1: a1 c1 d1 (e1 is its King), b2 b3 b4 b5, 7. King e1: d1 d2 e2, 3. 10 moves.
    assert_eq!(perft_of(&e, fen, 1), 10);
    // To b2, in the passive area of Black's Demon c3: White's Demon is burned first and burns nothing, so the
    // Guard a3 beside b2 stays.
    play_and_unplay(&e, fen, "b1b2", "k4/5/g1d2/5/4K b - - 0 1");
    // To b5, out of that area (c3 is two ranks away): it burns the King a5 beside it; the Guard a3 is two ranks
    // away.
    play_and_unplay(&e, fen, "b1b5", "1D3/5/g1d2/5/4K b - - 0 1");
}

#[test]
fn perft_with_burning_leaves_the_position_and_hash_as_they_were() {
    let e = engine("burning");
    let mut pos = Position::from_fen(&e, START).unwrap();
    let hash = pos.hash();
    // Depth 3 makes and unmakes every burning move of the first plies (b1b4, and Black's replies beside White's
    // Demon): the position and the hash come back.
    assert!(perft::perft(&mut pos, 3) > 0);
    assert_eq!(pos.to_fen(), START);
    assert_eq!(pos.hash(), hash);
}

#[test]
fn burns_misuse_is_located() {
    let base = source();
    let errors = |from: &str, to: &str| compile_errors(&replaced(&base, from, to)).join("\n");
    let demon = r#"burns "K" passive"#;
    let e = errors(demon, r#"burns "R" passive"#);
    assert!(
        e.contains("t.tatsu:11:36: error: a burning area is a set of plain leaps"),
        "{e}"
    );
    let e = errors(demon, r#"burns "K" spare X passive"#);
    assert!(e.contains("t.tatsu:11:45: error: unknown piece `X`"), "{e}");
    let e = errors(demon, r#"burns "K" burns "W""#);
    assert!(
        e.contains("t.tatsu:11:39: error: `burns` is given twice"),
        "{e}"
    );
    let e = errors(r#"{ moves "K" }"#, r#"{ royal moves "K" }"#);
    assert!(
        e.contains("t.tatsu:11:29: error: `burns` in a game with a `royal` piece"),
        "{e}"
    );
    let e = errors("orientation rotate", "orientation rotate\ndrops");
    assert!(
        e.contains("t.tatsu:12:29: error: `burns` in a game with `drops`"),
        "{e}"
    );
    // A lame leap has a square that must be empty: no plain leap.
    let e = errors(demon, r#"burns "nD" passive"#);
    assert!(
        e.contains("t.tatsu:11:36: error: a burning area is a set of plain leaps"),
        "{e}"
    );
}

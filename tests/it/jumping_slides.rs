//! Jumping slides (`jumps-over "XBETZA"`: Taikyoku Shogi's Great Hawk, Great Eagle, Shitennou, Rain Demon and
//! Primordial Dragon, yetiowin805/taikyoku_shogi's `BlockingMode::Jump`; docs/variant-language.md, "Range
//! capture"). Counts derived by hand beside each test.
use tatsu::engine::{perft, Position};

use crate::support::variants::{compile_errors, engine_of, moves, played, sorted};

/// A 7x7 game with a Great Hawk whose forward slide passes any piece.
const HAWK: &str = r#"
board 7 x 7
orientation rotate
piece K "King" { royal moves "K" }
piece H "Great Hawk" { moves "Q" jumps-over "fR" }
piece P "Pawn" { moves "fW" }
start "k6/7/3p3/7/3P3/3H3/K6 w - - 0 1"
"#;

#[test]
fn a_jumping_slide_passes_any_piece_and_lands_on_empty_squares_and_enemies() {
    let e = engine_of(HAWK);
    // The Great Hawk d2. Forward (jumping): its Pawn d3 passed (not landed on), d4, Black's Pawn d5 (taken),
    // d6, d7: 4. Back d1: 1. Left c2 b2 a2, right e2 f2 g2: 6.
    // Forward diagonals c3 b4 a5 and e3 f4 g5: 6. Backward diagonals c1, e1: 2. 19. The King a1: a2 b1 b2 (the
    // Pawn d5 attacks d4 only): 3. The Pawn d3: d4: 1. 23.
    let start = Position::start(&e).to_fen();
    let hawk = crate::support::variants::from(&moves(&e, &start), "d2");
    assert_eq!(
        hawk,
        sorted(&[
            "d2d4", "d2d5", "d2d6", "d2d7", "d2d1", "d2c2", "d2b2", "d2a2", "d2e2", "d2f2", "d2g2",
            "d2c3", "d2b4", "d2a5", "d2e3", "d2f4", "d2g5", "d2c1", "d2e1",
        ])
    );
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 1), 23);
    // The pieces passed stay: after d2d6, the Pawns d3 and d5 are where they were.
    let pos = played(&e, &start, "d2d6");
    assert_eq!(pos.to_fen(), "k6/3H3/3p3/7/3P3/7/K6 b - - 1 1");
}

#[test]
fn a_jumping_slide_gives_check_through_any_piece() {
    let e = engine_of(HAWK);
    // Black's King on d7, Black to move: the Hawk d2 checks it through d3 and d5. The King may go to c7 e7 c6 e6 (d6 stays
    // on the file; nothing of White's reaches the others); the Pawn d5 to d4 stays on the file: illegal. 4.
    let fen = "3k3/7/3p3/7/3P3/3H3/K6 b - - 0 1";
    assert!(Position::from_fen(&e, fen).unwrap().in_check());
    assert_eq!(moves(&e, fen), sorted(&["d7c6", "d7c7", "d7e6", "d7e7"]));
}

#[test]
fn jumps_over_misuse_is_located() {
    let game = |item: &str| {
        format!(
            "board 5 x 5\npiece K \"King\" {{ royal moves \"K\" }}\npiece H \"Hawk\" {{ moves \"Q\" {item} }}\n\
             start \"k4/5/5/5/KH3 w - - 0 1\"\n"
        )
    };
    // A leap is not a line to slide along: an error at the string (its text, after the quote).
    let errors = compile_errors(&game(r#"jumps-over "N""#));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("t.tatsu:3:40") && e.contains("slides only")),
        "{errors:?}"
    );
    // A one-square line passes nothing: refused too; a limited slide of two or more squares is a line.
    let errors = compile_errors(&game(r#"jumps-over "W""#));
    assert!(
        errors.iter().any(|e| e.contains("slides only")),
        "{errors:?}"
    );
    assert_eq!(
        compile_errors(&game(r#"jumps-over "R3" enemies taking-passed"#)),
        Vec::<String>::new()
    );
    let errors = compile_errors(&game(r#"jumps-over "fR" jumps-over "R""#));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("t.tatsu:3:56") && e.contains("`jumps-over`")),
        "{errors:?}"
    );
}

#[test]
fn a_jumping_slide_of_enemies_takes_every_enemy_it_passes_within_its_reach() {
    let e = crate::support::variants::engine("free-eagle");
    // tests/data/variants/free-eagle.tatsu: the Eagle d2. Forward (`vR3 enemies taking-passed`): d3; the Pawn d4 (taken); over it d5, the third square;
    // not d6, beyond the reach once past a piece (the Pawn d5 is not passed either: it is beyond). Back d1. 4.
    // Left c2 b2 a2, right e2 f2 g2: 6. Diagonals c3 b4 a5, e3 f4 g5, c1, e1: 8. 18. The King a1: a2 b1 b2: 3. 21.
    let start = Position::start(&e).to_fen();
    let eagle = crate::support::variants::from(&moves(&e, &start), "d2");
    assert_eq!(
        eagle,
        sorted(&[
            "d2d3", "d2d4", "d2d5", "d2d1", "d2c2", "d2b2", "d2a2", "d2e2", "d2f2", "d2g2", "d2c3",
            "d2b4", "d2a5", "d2e3", "d2f4", "d2g5", "d2c1", "d2e1",
        ])
    );
    assert_eq!(perft::perft(&mut Position::start(&e), 1), 21);
    // d2d5 takes the Pawn d4 it passes and the one it lands on; unmade, all is back (FEN and hash).
    crate::support::variants::play_and_unplay(&e, &start, "d2d5", "3k3/7/3E3/7/7/7/K6 b - - 0 1");
}

#[test]
fn a_jumping_slide_of_enemies_stops_at_a_friend_and_checks_through_enemies_only() {
    let e = crate::support::variants::engine("free-eagle");
    // Black's King d5, White's Eagle d2 and a Black Pawn d3 between: the Eagle passes the Pawn and reaches d5
    // within three squares, so the King is in check. With a White Pawn on d3 instead, it is not.
    assert!(Position::from_fen(&e, "7/7/3k3/7/3p3/3E3/K6 b - - 0 1")
        .unwrap()
        .in_check());
    assert!(!Position::from_fen(&e, "7/7/3k3/7/3P3/3E3/K6 b - - 0 1")
        .unwrap()
        .in_check());
    // Beyond the reach once past a piece: the King d6 is four squares away, over the Pawn: no check.
    assert!(!Position::from_fen(&e, "7/3k3/7/7/3p3/3E3/K6 b - - 0 1")
        .unwrap()
        .in_check());
    // A friendly Pawn d3 ends the line: forward, the Eagle has no move (back, d1).
    let fen = "3k3/7/7/7/3P3/3E3/K6 w - - 0 1";
    let eagle = crate::support::variants::from(&moves(&e, fen), "d2");
    assert!(
        eagle.iter().all(|m| !m.starts_with("d2d") || m == "d2d1"),
        "{eagle:?}"
    );
}

#[test]
fn a_jumping_slide_that_takes_what_it_passes_may_not_expose_its_own_king() {
    let e = crate::support::variants::engine("free-eagle");
    // White's King a3, Black's Pawn c3 between it and Black's Eagle e3. White's Eagle c1 up the c file: c2; c3
    // taking the Pawn and standing in the line; c4 over c3 would take the Pawn and open the rank to the King:
    // illegal, though neither c1 nor c4 is on the King's lines.
    let fen = "6k/7/7/7/K1p1e2/7/2E4 w - - 0 1";
    let eagle = crate::support::variants::from(&moves(&e, fen), "c1");
    assert!(eagle.contains(&"c1c3".to_string()), "{eagle:?}");
    assert!(!eagle.contains(&"c1c4".to_string()), "{eagle:?}");
}

#[test]
fn a_move_that_takes_only_in_passing_is_written_as_a_capture_in_san() {
    // The Eagle d2 over Black's Pawn d3 to the empty d4 takes the Pawn (and checks the King d7 up the file):
    // `Exd4+`, read back to the same move.
    let e = crate::support::variants::engine("free-eagle");
    let fen = "3k3/7/7/7/3p3/3E3/K6 w - - 0 1";
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let mv = pos.parse_move("d2d4").unwrap();
    let text = tatsu::engine::san::write(&mut pos, &mv);
    assert_eq!(text, "Exd4+");
    assert_eq!(tatsu::engine::san::read(&mut pos, &text), Some(mv));
}

//! Castling to fixed files (`castles with R to g c`, Chess960) and castling with several partner types, on
//! `tests/data/variants/fischerandom.tatsu`, `caparandom.tatsu` and `perfect.tatsu` (their perft tables, checked in
//! `perft.rs`, come from the published Chess960 suite and from pyffish). The expected moves and FENs below are
//! worked out by hand from the rules (Chess960: king and rook end where they do in orthodox castling, the move
//! written as the king taking its own rook) and agree with pyffish's `fischerandom` under `chess960=True`.
use tatsu::engine::Position;
use tatsu::setup::Problem;
use variants::{
    compile_errors, engine, engine_of, from, moves, play_and_unplay, sorted, source_with,
};

use crate::support::binary::tatsu;
use crate::support::variants;

#[test]
fn chess960_castling_puts_king_and_rook_on_the_orthodox_files_wherever_they_start() {
    let e = engine("fischerandom");
    // King b1, rooks a1 and h1 (rights by file, HAha). Toward h: king to g1, rook to f1, written b1h1; toward a:
    // king to c1, rook to d1, written b1a1. Every square between the pieces and their destinations is empty;
    // the rook a8 guards a2.
    let fen = "r1k4r/8/8/8/8/8/8/RK5R w HAha - 0 1";
    let king = from(&moves(&e, fen), "b1");
    assert_eq!(king, sorted(&["b1a1", "b1b2", "b1c1", "b1c2", "b1h1"]));
    play_and_unplay(&e, fen, "b1h1", "r1k4r/8/8/8/8/8/8/R4RK1 b ha - 1 1");
    play_and_unplay(&e, fen, "b1a1", "r1k4r/8/8/8/8/8/8/2KR3R b ha - 1 1");
}

#[test]
fn chess960_castling_may_leave_the_king_or_the_rook_where_it_stands() {
    let e = engine("fischerandom");
    // King g1, rook h1: the king stays, the rook goes to f1 (written g1h1). King c1, rook a1: the king stays,
    // the rook goes to d1 (written c1a1).
    play_and_unplay(
        &e,
        "4k3/8/8/8/8/8/8/6KR w H - 0 1",
        "g1h1",
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
    );
    play_and_unplay(
        &e,
        "4k3/8/8/8/8/8/8/R1K5 w A - 0 1",
        "c1a1",
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
    );
}

#[test]
fn chess960_castling_needs_the_paths_empty_and_the_king_s_path_safe() {
    let e = engine("fischerandom");
    // King b1, rook h1: the king crosses c1..g1. A knight on e1 blocks; a rook on e8 attacks e1 on the path.
    assert!(!moves(&e, "4k3/8/8/8/8/8/8/1K2N2R w H - 0 1").contains(&"b1h1".to_string()));
    assert!(!moves(&e, "4r1k1/8/8/8/8/8/8/1K5R w H - 0 1").contains(&"b1h1".to_string()));
    // The rook's own path matters too: king f1, rook a1 goes to d1; a bishop on b1 is in the rook's way only.
    assert!(!moves(&e, "4k3/8/8/8/8/8/8/RB3K2 w A - 0 1").contains(&"f1a1".to_string()));
    assert!(moves(&e, "4k3/8/8/8/8/8/8/R4K2 w A - 0 1").contains(&"f1a1".to_string()));
}

#[test]
fn kqkq_name_the_outermost_rook_and_fens_write_the_rooks_files() {
    let e = engine("fischerandom");
    // K: the outermost rook right of the king (g1, not f1); Q: the outermost left of it (a1, not b1).
    let pos = Position::from_fen(&e, "rr2k1rr/8/8/8/8/8/8/RR2KRR1 w KQkq - 0 1").unwrap();
    assert_eq!(pos.to_fen(), "rr2k1rr/8/8/8/8/8/8/RR2KRR1 w GAha - 0 1");
    // The standard start with KQkq is the orthodox array with the corner rooks' rights.
    let start = Position::from_fen(
        &e,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
}

#[test]
fn a_castling_right_without_its_rook_is_refused_at_the_letter() {
    let e = engine("fischerandom");
    let Err(err) = Position::from_fen(&e, "4k3/8/8/8/8/8/8/R3K3 w C - 0 1") else {
        panic!("accepted");
    };
    assert!(
        matches!(
            err.problems[0].problem,
            Problem::CastlingPieces { letter: 'C', .. }
        ),
        "{err}"
    );
    // No rook right of the king: `K` names nothing.
    let Err(err) = Position::from_fen(&e, "4k3/8/8/8/8/8/8/R3K3 w K - 0 1") else {
        panic!("accepted");
    };
    assert!(
        matches!(err.problems[0].problem, Problem::UnknownCastling('K')),
        "{err}"
    );
}

#[test]
fn moving_the_king_or_a_rook_loses_its_rights() {
    let e = engine("fischerandom");
    let fen = "r1k4r/8/8/8/8/8/8/RK5R w HAha - 0 1";
    play_and_unplay(&e, fen, "b1c2", "r1k4r/8/8/8/8/8/2K5/R6R b ha - 1 1");
    play_and_unplay(&e, fen, "h1h2", "r1k4r/8/8/8/8/8/7R/RK6 b Aha - 1 1");
}

#[test]
fn capablanca_random_castles_to_the_i_and_c_files() {
    let e = engine("caparandom");
    // 10 files: king e1, rooks a1 and j1. Toward j the king ends on i1 and the rook on h1.
    let fen = "r3k4r/10/10/10/10/10/10/R3K4R w JAja - 0 1";
    play_and_unplay(&e, fen, "e1j1", "r3k4r/10/10/10/10/10/10/R6RK1 b ja - 1 1");
    play_and_unplay(&e, fen, "e1a1", "r3k4r/10/10/10/10/10/10/2KR5R b ja - 1 1");
}

#[test]
fn perfect_chess_castles_with_a_rook_or_a_chancellor() {
    let e = engine("perfect");
    // The queenside partner is the Chancellor in the corner: king e1 to c1, chancellor a1 to d1.
    let fen = "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1";
    assert!(moves(&e, fen).contains(&"e1c1".to_string()));
    play_and_unplay(&e, fen, "e1c1", "c3k2r/8/8/8/8/8/8/2KC3R b kq - 1 1");
    play_and_unplay(&e, fen, "e1g1", "c3k2r/8/8/8/8/8/8/C4RK1 b kq - 1 1");
}

#[test]
fn describe_explains_castling_to_fixed_files() {
    let run = tatsu(&["describe", "tests/data/variants/fischerandom.tatsu"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Chess960 castling"), "{}", run.stdout);
    assert!(run.stdout.contains("ends on the g-file"), "{}", run.stdout);
    assert!(run.stdout.contains("`e1h1` (to g1)"), "{}", run.stdout);
}

/// Chess with the king's moves replaced: the game of `variants/chess.tatsu`, its `KisO2` written `moves`.
fn chess_with_king(moves: &str) -> String {
    source_with(
        "variants/chess.tatsu",
        "moves \"KisO2\"",
        &format!("moves \"{moves}\""),
    )
}

fn castling_errors(moves: &str) -> Vec<String> {
    compile_errors(&chess_with_king(moves))
}

/// A king that also leaps two squares (`KD`) reaches g1 and c1 by itself: a castling written `e1g1` would read the
/// same as that leap, so each castling is written as the king taking its rook (`e1h1`, `e1a1`), and `e1g1` is the
/// leap (the rook stays on h1; the king's move costs both rights).
#[test]
fn a_castling_whose_destination_the_king_reaches_by_itself_is_written_as_taking_the_rook() {
    let e = engine_of(&chess_with_king("KDisO2"));
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let king = from(&moves(&e, fen), "e1");
    let expected = [
        "e1a1", "e1c1", "e1d1", "e1d2", "e1e2", "e1e3", "e1f1", "e1f2", "e1g1", "e1h1",
    ];
    assert_eq!(king, sorted(&expected));
    play_and_unplay(&e, fen, "e1h1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    play_and_unplay(&e, fen, "e1g1", "r3k2r/8/8/8/8/8/8/R5KR b kq - 1 1");
    play_and_unplay(&e, fen, "e1a1", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    play_and_unplay(&e, fen, "e1c1", "r3k2r/8/8/8/8/8/8/R1K4R b kq - 1 1");
    // XBoard's text: the castlings are `O-O` and `O-O-O`, as XBoard writes Chess960 castling; the leap is `e1g1`.
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let xboard = |pos: &mut Position, uci: &str| {
        let mv = pos.parse_move(uci).unwrap();
        tatsu::xboard::notation::move_text(pos.game(), &mv)
    };
    assert_eq!(xboard(&mut pos, "e1h1"), "O-O");
    assert_eq!(xboard(&mut pos, "e1a1"), "O-O-O");
    assert_eq!(xboard(&mut pos, "e1g1"), "e1g1");
}

/// `KisO1`: the king castles one square, where it also steps. The step `e1f1` and the castling `e1h1` (king f1, rook
/// e1) are two moves, and so are `e1d1` and `e1a1` (king d1, rook e1); plain chess keeps `e1g1`.
#[test]
fn a_one_square_castling_is_written_apart_from_the_king_s_step() {
    let e = engine_of(&chess_with_king("KisO1"));
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    play_and_unplay(&e, fen, "e1f1", "r3k2r/8/8/8/8/8/8/R4K1R b kq - 1 1");
    play_and_unplay(&e, fen, "e1h1", "r3k2r/8/8/8/8/8/8/R3RK2 b kq - 1 1");
    play_and_unplay(&e, fen, "e1a1", "r3k2r/8/8/8/8/8/8/3KR2R b kq - 1 1");
    let chess = engine_of(&chess_with_king("KisO2"));
    assert!(moves(&chess, fen).contains(&"e1g1".to_string()));
    assert!(!moves(&chess, fen).contains(&"e1h1".to_string()));
}

/// Written as taking its rook, a castling would read as a capture of that rook by a king that may capture its own
/// pieces (`dR`): refused, at the `O` component. Two castlings toward the same rook, both reached by the king's own
/// rook moves (`KRisO2isO3`: c1 and b1), would both read `e1a1`: refused too.
#[test]
fn a_castling_that_cannot_be_told_from_another_move_is_refused() {
    let errors = castling_errors("KDdRisO2");
    assert!(
        errors.iter().any(|e| e.contains("t.tatsu:16:14")
            && e.contains("may also capture its own partner (e1a1, for one)")),
        "{errors:?}"
    );
    let errors = castling_errors("KRisO2isO3");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("t.tatsu:16:16") && e.contains("both be written e1a1")),
        "{errors:?}"
    );
    assert!(castling_errors("KDisO2").is_empty());
    assert!(
        castling_errors("KdRisO2").is_empty(),
        "e1g1 is not reached: written as in chess"
    );
}

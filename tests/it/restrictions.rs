//! Move restrictions that judge a position's moves as a whole: compulsory capture (`forced-capture`). The
//! variants are `tests/data/variants/antichess.tatsu` (every capture compulsory, checked against Fairy-Stockfish in
//! `perft.rs`) and `tests/data/variants/forced-pawn-capture.tatsu` (only pawn captures). Counts are worked out
//! by hand in the comments.
use tatsu::engine::{Engine, Move, MoveKind, Position};
use tatsu::rules::Side;
use variants::{engine, moves, sorted};

use crate::support::variants;

fn antichess() -> Engine {
    engine("antichess")
}

#[test]
fn forced_capture_keeps_only_the_captures_en_passant_included() {
    let e = antichess();
    // Black's pawn d4 may take e3 en passant; nothing else captures, so that is the only move.
    let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3";
    assert_eq!(moves(&e, fen), sorted(&["d4e3"]));
    // White's knight c3 may take d5 or e4 ... only the two captures (the pawn d2 captures nothing).
    let fen = "4k3/8/8/3p4/4p3/2N5/3P4/4K3 w - - 0 1";
    assert_eq!(moves(&e, fen), sorted(&["c3d5", "c3e4"]));
}

#[test]
fn forced_capture_refuses_a_quiet_move_as_illegal() {
    let e = antichess();
    let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3";
    let mut pos = Position::from_fen(&e, fen).unwrap();
    assert!(pos.parse_move("e7e6").is_err());
    let mut legal = pos.legal_move_list();
    let capture = legal.pop().unwrap();
    assert!(pos.is_legal(capture));
    // The same quiet pawn step, built by hand, is refused by `is_legal` too.
    let g = e.game.geometry;
    let quiet = Move {
        from: g.parse_square("e7").unwrap(),
        to: g.parse_square("e6").unwrap(),
        piece: e.game.piece_by_symbol("P").unwrap(),
        kind: MoveKind::Normal,
        promotion: None,
        extra: None,
    };
    assert!(!pos.is_capture(quiet));
    assert!(!pos.is_legal(quiet));
}

#[test]
fn forced_capture_by_listed_types_leaves_other_captures_optional() {
    let e = engine("forced-pawn-capture");
    // The pawn e4 can take d5: the only legal move, though the rook a1 could take a8.
    assert_eq!(
        moves(&e, "r3k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1"),
        sorted(&["e4d5"])
    );
    // No pawn can capture: the rook's capture a8 is optional. Rook a1: a2..a8 (7), b1 c1 d1 (3); king e1: d1 d2
    // e2 f1 f2 (5); pawn e3: e4 (1). 16 moves.
    let all = moves(&e, "r3k3/8/8/3p4/8/4P3/8/R3K3 w - - 0 1");
    assert_eq!(all.len(), 16, "{all:?}");
}

#[test]
fn forced_capture_is_stated_in_the_rulebook() {
    let run = crate::support::binary::tatsu(&[
        "describe",
        "tests/data/variants/forced-pawn-capture.tatsu",
    ]);
    assert!(
        run.stdout.contains("## Compulsory capture")
            && run
                .stdout
                .contains("When a Pawn of the player to move can capture"),
        "{}",
        run.stdout
    );
}

#[test]
fn forced_capture_exports_as_fairy_stockfish_must_capture_and_by_types_is_lossy() {
    use crate::support::binary::tatsu;
    let all = tatsu(&[
        "export",
        "tests/data/variants/antichess.tatsu",
        "--to",
        "fsf",
    ]);
    assert!(all.stdout.contains("mustCapture = true"), "{}", all.stderr);
    let pawns = tatsu(&[
        "export",
        "tests/data/variants/forced-pawn-capture.tatsu",
        "--to",
        "fsf",
    ]);
    assert_ne!(pawns.code, 0);
    assert!(
        pawns.stderr.contains("forced-capture by"),
        "{}",
        pawns.stderr
    );
}

/// Atomic chess (`tests/data/variants/atomic.tatsu`); each list is pyffish's `atomic` for the same position.
#[test]
fn an_explosion_removes_the_capturer_and_every_piece_around_but_the_spared_ones() {
    let e = variants::engine("atomic");
    // Rxd5 blows up the rook, the knight on d5, the bishop on c6 and the black king on e6: the pawn on e5 stays.
    let mut pos = Position::from_fen(&e, "8/8/2b1k3/3np3/8/8/8/3RK3 w - - 0 1").unwrap();
    let mv = pos.parse_move("d1d5").unwrap();
    pos.play(mv);
    assert_eq!(pos.to_fen(), "8/8/8/4p3/8/8/8/4K3 b - - 0 1");
    assert!(pos.outcome().is_some_and(|o| o.winner == Some(Side::White)));
}

#[test]
fn a_move_may_not_blow_up_its_own_royal_piece() {
    let e = variants::engine("atomic");
    // Qxd3 would blow up the White king on e2; the king itself may not capture either.
    let list = variants::moves(&e, "4k3/8/8/8/8/3p4/3QK3/8 w - - 0 1");
    assert!(!list.contains(&"d2d3".to_string()) && !list.contains(&"e2d3".to_string()));
}

#[test]
fn royal_pieces_side_by_side_are_not_in_check() {
    let e = variants::engine("atomic");
    // The kings touch: the rook on a2 attacks the White king on e2 but cannot take it without blowing up its own;
    // apart, the rook on a1 checks the king on d1 (pyffish `gives_check` agrees on both).
    let pos = Position::from_fen(&e, "8/8/8/8/8/8/r3K3/3k4 w - - 0 1").unwrap();
    assert!(!pos.in_check());
    let pos = Position::from_fen(&e, "8/8/8/8/8/8/8/R2k2K1 b - - 0 1").unwrap();
    assert!(pos.in_check());
}

/// Xiangqi (`tests/data/variants/xiangqi.tatsu`); each list is pyffish's `xiangqi` for the same position.
#[test]
fn a_confined_piece_never_leaves_its_zone() {
    let e = variants::engine("xiangqi");
    let list = variants::moves(&e, "2b1k4/4a4/9/9/2B6/9/9/9/4A4/3AK4 w - - 0 1");
    // The elephant on c6 may not cross the river (a8, e8); the advisors stay in the palace.
    assert_eq!(variants::from(&list, "c6"), sorted(&["c6a4", "c6e4"]));
    assert!(variants::from(&list, "d1").is_empty());
    assert_eq!(
        variants::from(&list, "e2"),
        sorted(&["e2d3", "e2f1", "e2f3"])
    );
}

#[test]
fn royal_pieces_may_not_face_each_other_on_an_open_file() {
    let e = variants::engine("xiangqi");
    // The horse alone between the generals may not leave their file, and every horse move does; the general may
    // not step onto d1 (the file of the general on d10 is open).
    let list = variants::moves(&e, "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(list, sorted(&["e1d1", "e1e2", "e1f1"]));
    let list = variants::moves(&e, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(list, sorted(&["e1e2", "e1f1"]));
}

#[test]
fn with_dead_squares_allowed_a_piece_may_end_where_it_can_never_move_again() {
    // Breakthrough: the piece on d7 may step to c8, d8 or e8, where it has no move left (and wins); pyffish
    // `breakthrough` lists the same three moves for it.
    let e = variants::engine("breakthrough");
    let list = variants::moves(&e, "7p/3P4/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        variants::from(&list, "d7"),
        sorted(&["d7c8", "d7d8", "d7e8"])
    );
    let mut pos = Position::from_fen(&e, "7p/3P4/8/8/8/8/8/8 w - - 0 1").unwrap();
    let mv = pos.parse_move("d7d8").unwrap();
    pos.play(mv);
    assert!(pos.outcome().is_some_and(|o| o.winner == Some(Side::White)));
}

#[test]
fn an_immune_king_survives_its_own_capture_and_may_not_take_the_other_king() {
    // Atomar: the White king on d4 may not take the king on d5 (may-not-capture K), and takes the pawn on e5
    // without being blown up (immune K); the black king beside the blast survives too. pyffish `atomar` lists the
    // same seven moves.
    let e = variants::engine("atomar");
    let list = variants::moves(&e, "8/8/8/3kp3/3K4/8/8/8 w - - 0 1");
    assert_eq!(
        list,
        sorted(&["d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e4", "d4e5"])
    );
    let mut pos = Position::from_fen(&e, "8/8/8/3kp3/3K4/8/8/8 w - - 0 1").unwrap();
    let mv = pos.parse_move("d4e5").unwrap();
    pos.play(mv);
    assert_eq!(pos.to_fen(), "8/8/8/3kK3/8/8/8/8 b - - 0 1");
}

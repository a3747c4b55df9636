//! Remembered promotions (`promote to … remembered`): a promoted piece is a shadow type `X~` that plays as `X`,
//! is written `X~` in FEN (Fairy-Stockfish's crazyhouse form) and goes to the captor's hand as the piece that
//! promoted. Expected positions are worked out by hand from the rules (crazyhouse: FIDE chess with drops and
//! demotion of promoted pawns on capture); the perft tables `crazyhouse.tsv`, `capahouse.tsv`, `loop.tsv` and
//! `chessgi.tsv` hold pyffish's counts.
use crate::support::variants::{self, moves, play_and_unplay};
use tatsu::engine::{Engine, Position};

fn crazyhouse() -> Engine {
    Engine::new(tatsu::variants::load("crazyhouse").expect("bundled").game)
}

#[test]
fn a_promotion_makes_a_remembered_queen_written_with_a_tilde() {
    // d7-d8 promotes; the queen is written `Q~`, the move itself plainly `d7d8q`.
    play_and_unplay(
        &crazyhouse(),
        "k7/3P4/8/8/8/8/8/4K3[] w - - 0 1",
        "d7d8q",
        "k2Q~4/8/8/8/8/8/8/4K3[] b - - 0 1",
    );
}

#[test]
fn a_promoted_queen_goes_to_hand_as_a_pawn() {
    // The king takes the unprotected promoted queen: Black's hand gains a pawn, not a queen.
    play_and_unplay(
        &crazyhouse(),
        "3Q~k3/8/8/8/8/8/8/4K3[] b - - 0 1",
        "e8d8",
        "3k4/8/8/8/8/8/8/4K3[p] w - - 0 2",
    );
}

#[test]
fn a_queen_that_was_never_promoted_goes_to_hand_as_a_queen() {
    play_and_unplay(
        &crazyhouse(),
        "3Qk3/8/8/8/8/8/8/4K3[] b - - 0 1",
        "e8d8",
        "3k4/8/8/8/8/8/8/4K3[q] w - - 0 2",
    );
}

#[test]
fn in_loop_chess_a_promoted_queen_goes_to_hand_as_a_queen() {
    // Loop chess does not remember promotions: the captured queen is a queen in hand.
    let engine = variants::engine("loop");
    let mut pos = Position::from_fen(&engine, "3rk3/2P5/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
    for mv in ["c7d8q", "e8d8"] {
        let m = pos.parse_move(mv).unwrap();
        pos.play(m);
    }
    assert_eq!(pos.to_fen(), "3k4/8/8/8/8/8/8/4K3[Rq] w - - 0 2");
}

#[test]
fn a_remembered_queen_moves_as_a_queen_and_reads_back_from_its_fen() {
    let engine = crazyhouse();
    let fen = "4k3/8/8/8/3q~4/8/8/4K3[] b - - 0 1";
    let pos = Position::from_fen(&engine, fen).unwrap();
    assert_eq!(pos.to_fen(), fen);
    let plain = moves(&engine, "4k3/8/8/8/3q4/8/8/4K3[] b - - 0 1");
    assert_eq!(moves(&engine, fen), plain);
}

#[test]
fn a_remembered_piece_is_never_in_hand() {
    let engine = crazyhouse();
    assert!(Position::from_fen(&engine, "4k3/8/8/8/8/8/8/4K3[Q~] w - - 0 1").is_err());
}

#[test]
fn crazyhouse_pawns_are_never_dropped_on_the_first_or_last_rank() {
    let engine = crazyhouse();
    let drops: Vec<String> = moves(&engine, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .collect();
    // 64 squares, 2 kings, ranks 1 and 8 closed: 6 ranks of 8.
    assert_eq!(drops.len(), 48);
    assert!(drops.iter().all(|m| !m.ends_with('1') && !m.ends_with('8')));
}

#[test]
fn chessgi_pawns_may_be_dropped_on_the_first_rank() {
    let engine = variants::engine("chessgi");
    let drops: Vec<String> = moves(&engine, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .collect();
    // Ranks 1 to 7, less the king's square.
    assert_eq!(drops.len(), 55);
}

#[test]
fn the_material_limit_counts_a_remembered_piece_as_its_type() {
    // A limited, remembered promotion: with its own queen on the board as a promoted `Q~`, White may not make
    // another queen (it started with one).
    let source = r#"
board 8 x 8
zone last-rank = rank 8
drops
piece K "King" { royal moves "K" }
piece Q "Queen" { moves "Q" }
piece N "Knight" { moves "N" }
piece P "Pawn" { moves "fmWfcF" promote to Q N in last-rank mandatory limited remembered }
start "1n1qk3/8/8/8/8/8/8/1N1QK3[] w - - 0 1"
"#;
    let game = tatsu::compile::compile("limited.tatsu", source)
        .expect("compiles")
        .game;
    let engine = Engine::new(game);
    // The knight is on the board, the queen is not: only a queen (remembered) may be made.
    assert_eq!(
        crate::support::variants::from(&moves(&engine, "k7/2P5/8/8/8/8/8/1N2K3[] w - - 0 1"), "c7"),
        ["c7c8q"]
    );
    // With a promoted queen standing for the lost one, neither choice is open: the pawn may not move.
    assert!(crate::support::variants::from(
        &moves(&engine, "k7/2P5/8/8/8/8/8/1N1Q~K3[] w - - 0 1"),
        "c7"
    )
    .is_empty());
}

#[test]
fn extinction_of_a_type_counts_its_remembered_form() {
    let source = r#"
board 8 x 8
zone last-rank = rank 8
drops
piece K "King" { moves "K" }
piece Q "Queen" { moves "Q" }
piece P "Pawn" { moves "fmWfcF" promote to Q in last-rank mandatory remembered }
start "3qk3/8/8/8/8/8/8/3QK3[] w - - 0 1"
end { extinction of K Q loss }
"#;
    let engine = variants::engine_of(source);
    // White's only queen is a promoted one: not extinct, White still has moves.
    assert!(!moves(&engine, "3qk3/8/8/8/8/8/8/3Q~K3[] w - - 0 1").is_empty());
    // Without it, White has lost every queen: the position is decided.
    assert!(moves(&engine, "3qk3/8/8/8/8/8/8/4K3[] w - - 0 1").is_empty());
}

#[test]
fn under_drops_reserve_a_captured_piece_leaves_the_game() {
    // Pocket knight: the knight in hand comes from the start position; the rook taken on d8 goes to no hand.
    let engine = variants::engine("pocketknight");
    play_and_unplay(
        &engine,
        "3rk3/8/8/8/8/8/8/3RK3[Nn] w - - 0 1",
        "d1d8",
        "3Rk3/8/8/8/8/8/8/4K3[Nn] b - - 0 1",
    );
    // The reserve knight may be dropped on any empty square.
    let drops = moves(&engine, "3rk3/8/8/8/8/8/8/3RK3[Nn] w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("N@"))
        .count();
    assert_eq!(drops, 64 - 4);
}

#[test]
fn under_must_drop_a_side_holding_a_piece_must_drop_it() {
    let engine = variants::engine("must-drop");
    let all = moves(&engine, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[Nn] w - - 0 1");
    // Only the knight's drops on the free squares of rank 1 (the king stands on e1).
    assert_eq!(all.len(), 7);
    assert!(all.iter().all(|m| m.starts_with("N@") && m.ends_with('1')));
}

#[test]
fn under_must_drop_board_moves_are_legal_when_no_drop_is() {
    // White holds a knight but its first rank is full: it plays on the board.
    let engine = variants::engine("must-drop");
    let all = moves(
        &engine,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w - - 0 1",
    );
    assert_eq!(all.len(), 20);
    assert!(all.iter().all(|m| !m.contains('@')));
}

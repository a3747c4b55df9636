//! The makruk family's counting rules (docs/variant-language.md, `counting`): when a count starts, how long it
//! lasts, where the FEN keeps it, and that a count run out draws a game played. Every FEN and result below is what
//! pyffish 0.0.90 (Fairy-Stockfish's `makruk` and `asean`) gives after the same moves (`pyffish.get_fen`,
//! `pyffish.is_optional_game_end`); `scripts/fsf_oracle.py fens` compares thousands more along random games.
use crate::support::variants::{engine, played};

/// The bundled makruk.
fn makruk() -> Engine {
    Engine::new(tatsu::variants::load("makruk").expect("bundled").game)
}
use tatsu::engine::{Engine, Outcome, Position, Reason};

/// The FEN after playing `moves` from `fen`, and the result of the game then.
fn after(engine: &Engine, fen: &str, moves: &str) -> (String, Option<Outcome>) {
    let mut pos = played(engine, fen, moves);
    (pos.to_fen(), pos.outcome())
}

const COUNTED_DRAW: Option<Outcome> = Some(Outcome {
    winner: None,
    reason: Reason::Counting,
});

#[test]
fn a_bare_king_against_two_rooks_counts_from_the_pieces_on_the_board_to_eight_moves() {
    let e = makruk();
    let start = "8/8/8/4k3/8/8/R7/R3K3 w - - 0 1";
    // The count starts when the bare side is to move: limit 16 plies, counted from the 4 pieces (8 plies).
    let (fen, result) = after(&e, start, "e1f1");
    assert_eq!(fen, "8/8/8/4k3/8/8/R7/R4K2 b - 16 8 1");
    assert_eq!(result, None);
    // Nine plies later the count stands at 17, past its limit: drawn (the king never repeats a position).
    let walk = "e1f1 e5d5 f1g1 d5c5 g1h1 c5b5 h1g1 b5c6 g1f1";
    let (fen, result) = after(&e, start, walk);
    assert_eq!(fen, "8/8/2k5/8/8/8/R7/R4K2 b - 16 16 5");
    assert_eq!(result, None, "the 16th ply is still within the count");
    let (fen, result) = after(&e, start, &format!("{walk} c6d6"));
    assert_eq!(fen, "8/8/3k4/8/8/8/R7/R4K2 w - 16 17 6");
    assert_eq!(result, COUNTED_DRAW);
}

#[test]
fn a_side_with_more_than_its_king_gets_board_honour_counted_from_zero() {
    let e = makruk();
    let (fen, _) = after(&e, "4k3/3s4/8/8/8/8/3R4/4K3 w - - 0 1", "e1f1");
    assert_eq!(fen, "4k3/3s4/8/8/8/8/3R4/5K2 b - 128 0 1");
}

#[test]
fn a_bare_king_that_takes_the_last_pawn_counts_its_own_capture() {
    let e = makruk();
    // Against a rook: 16 moves (32 plies); three pieces are left, and the capture is the count's first ply.
    let (fen, _) = after(&e, "7k/8/8/8/8/4p3/3K4/r7 w - - 0 1", "d2e3");
    assert_eq!(fen, "7k/8/8/8/8/4K3/8/r7 b - 32 5 1");
}

#[test]
fn no_count_runs_while_a_pawn_is_on_the_board() {
    let e = makruk();
    let (fen, _) = after(&e, "8/8/8/4k3/8/1P6/8/R3K3 w - - 0 1", "e1f1");
    assert_eq!(fen, "8/8/8/4k3/8/1P6/8/R4K2 b - - 1 1");
}

#[test]
fn asean_counts_a_bare_king_from_zero() {
    let e = engine("asean");
    let (fen, _) = after(&e, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "e1f1");
    assert_eq!(fen, "8/8/8/4k3/8/8/8/R4K2 b - 32 0 1");
}

#[test]
fn a_running_count_reads_back_from_the_fen_and_unplay_restores_it() {
    let e = makruk();
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - 32 5 40";
    let mut pos = Position::from_fen(&e, fen).unwrap();
    assert_eq!(pos.to_fen(), fen);
    let mv = pos.parse_move("a1a2").unwrap();
    pos.play(mv);
    assert_eq!(pos.to_fen(), "8/8/8/4k3/8/8/R7/4K3 b - 32 6 40");
    pos.unplay();
    assert_eq!(pos.to_fen(), fen);
    // Past the limit already: the game is over.
    let over = Position::from_fen(&e, "8/8/8/4k3/8/8/8/R3K3 w - 32 33 40")
        .unwrap()
        .outcome();
    assert_eq!(over, COUNTED_DRAW);
}

#[test]
fn a_counting_limit_is_refused_where_the_game_has_no_count_or_a_shorter_one() {
    let chess = crate::games::common::engine("chess");
    let Err(err) = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/R3K3 w - 32 5 40") else {
        panic!("a counting limit in chess was accepted");
    };
    assert!(err.to_string().contains("no counting rules"), "{err}");
    let e = makruk();
    let Err(err) = Position::from_fen(&e, "4k3/8/8/8/8/8/8/R3K3 w - 130 5 40") else {
        panic!("a limit past 128 plies was accepted");
    };
    assert!(err.to_string().contains("at most 128 plies"), "{err}");
}

/// Each error of compiling a 4x4 game with this `end` block, as `line:col: message`.
fn errors(end: &str) -> Vec<String> {
    let source = format!(
        "board 4 x 4\npiece K {{ royal moves \"K\" }}\npiece R {{ moves \"R\" }}\nstart \"k3/4/4/R2K w - - 0 1\"\nend {{\n{end}\n}}\n"
    );
    crate::support::variants::compile_errors(&source)
}

#[test]
fn a_counting_rule_without_an_honour_or_with_rows_after_else_is_refused() {
    let none = errors("counting suspended-by R");
    assert!(
        none[0].contains("needs `board-honour` or `pieces-honour`"),
        "{none:?}"
    );
    let after_else = errors("counting pieces-honour R 16, else 64, 2 R 8");
    assert!(after_else[0].contains("t.tatsu:6:39"), "{after_else:?}");
    assert!(after_else[0].contains("never reached"), "{after_else:?}");
    let twice = errors("counting board-honour 64 board-honour 32");
    assert!(twice[0].contains("given twice"), "{twice:?}");
    let long = errors("counting board-honour 1000");
    assert!(long[0].contains("1 to 999 moves"), "{long:?}");
    assert_eq!(
        errors("counting board-honour 64 pieces-honour 2 R 8, else 64 count-from piece-count"),
        Vec::<String>::new()
    );
}

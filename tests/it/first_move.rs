//! First-move rights (docs/variant-language.md, `initial unmoved`) and Cambodian's count (`board-honour N at-most M
//! pieces`, `suspended-by ID in pieces-honour`), on `tests/data/variants/cambodian.tatsu`. Every move list and FEN
//! below is what pyffish 0.0.90 (Fairy-Stockfish's `cambodian`) gives for the same position and moves
//! (`pyffish.legal_moves`, `pyffish.get_fen`); `tests/data/perft/cambodian.tsv` and `karouk.tsv` hold its perft
//! counts.
use crate::support::variants::{engine, moves, played};
use tatsu::engine::{Engine, Outcome, Position, Reason};
use tatsu::rules::Side;

/// The FEN after playing `moves` from `fen`.
fn after(e: &Engine, fen: &str, moves: &str) -> String {
    played(e, fen, moves).to_fen()
}

const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";

#[test]
fn an_unmoved_king_may_leap_like_a_knight_one_rank_ahead() {
    let e = engine("cambodian");
    let list = moves(&e, "4k3/8/8/8/8/8/8/3K4 w D - 0 1");
    assert_eq!(
        list,
        ["d1b2", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1f2"]
    );
    // Without the right the leaps are gone.
    let list = moves(&e, "4k3/8/8/8/8/8/8/3K4 w - - 0 1");
    assert_eq!(list, ["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]);
}

#[test]
fn the_kings_leap_may_not_be_made_in_check() {
    let e = engine("cambodian");
    assert_eq!(
        moves(&e, "4k3/8/8/8/8/8/8/3K3r w D - 0 1"),
        ["d1c2", "d1d2", "d1e2"]
    );
}

#[test]
fn the_neangs_leap_only_moves_and_jumps_over_a_piece() {
    let e = engine("cambodian");
    assert_eq!(
        moves(&e, "4k3/8/8/8/8/8/4P3/3KM3 w E - 0 1"),
        ["d1c1", "d1c2", "d1d2", "e1d2", "e1e3", "e1f2", "e2e3"]
    );
    // An enemy pawn on the landing square: no capture by the leap.
    assert_eq!(
        moves(&e, "4k3/8/8/8/8/4p3/8/3KM3 w E - 0 1"),
        ["d1c1", "d1c2", "d1e2", "e1d2", "e1f2"]
    );
}

#[test]
fn a_first_move_right_goes_when_its_piece_moves_even_if_it_comes_back() {
    let e = engine("cambodian");
    assert_eq!(
        after(&e, START, "d1d2 h6h5 d2d1"),
        "rnsmksnr/8/ppppppp1/7p/8/PPPPPPPP/8/RNSKMSNR b Ede - 1 2"
    );
}

#[test]
fn an_enemy_rook_on_the_kings_file_takes_the_leap_away_whatever_stands_between() {
    let e = engine("cambodian");
    // The rook on e2 faces the black king on e8 across both camps' pawns.
    assert_eq!(
        after(&e, START, "a1a2 h6h5 a2e2"),
        "rnsmksnr/8/ppppppp1/7p/8/PPPPPPPP/4R3/1NSKMSNR b DEd - 1 2"
    );
    // On its rank, behind the neang: also lost (and the neang's right stays). Black, with two pieces, starts a
    // board's honour count.
    assert_eq!(
        after(&e, "3mk3/8/8/8/8/8/8/R2K4 w De - 0 1", "a1a8"),
        "R2mk3/8/8/8/8/8/8/3K4 b D 126 0 1"
    );
}

#[test]
fn a_capture_on_a_first_move_square_ends_its_right() {
    let e = engine("cambodian");
    assert_eq!(
        after(&e, "3mk3/8/8/8/8/8/8/3RK3 w d - 0 1", "d1d8"),
        "3Rk3/8/8/8/8/8/8/4K3 b - 30 6 1"
    );
}

#[test]
fn a_first_move_letter_whose_piece_is_not_on_its_square_is_an_error() {
    let e = engine("cambodian");
    let err = Position::from_fen(&e, "4k3/8/8/8/8/8/8/4K3 w D - 0 1")
        .err()
        .expect("no king on d1")
        .to_string();
    assert!(err.contains("the King on d1"), "{err}");
}

#[test]
fn cambodian_board_honour_counts_a_side_of_at_most_three_pieces_pawns_or_not() {
    let e = engine("cambodian");
    let cases = [
        // King and one or two pawns: 63 moves, counted from zero, although pawns stand on the board.
        (
            "4k3/4p3/8/8/8/8/3R4/4K3 w - - 0 1",
            "4k3/4p3/8/8/8/8/3R4/5K2 b - 126 0 1",
        ),
        (
            "4k3/3pp3/8/8/8/8/3R4/4K3 w - - 0 1",
            "4k3/3pp3/8/8/8/8/3R4/5K2 b - 126 0 1",
        ),
        // Four pieces: no count.
        (
            "4k3/2ppp3/8/8/8/8/3R4/4K3 w - - 0 1",
            "4k3/2ppp3/8/8/8/8/3R4/5K2 b - - 1 1",
        ),
        // A bare king while a pawn stands on the board: the pieces' honour waits.
        (
            "4k3/8/8/8/8/8/3RP3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/3RP3/5K2 b - - 1 1",
        ),
        // No pawn left: 15 moves against a rook, counted from the 3 pieces.
        (
            "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/3R4/5K2 b - 30 6 1",
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(after(&e, fen, "e1f1"), expected, "{fen}");
    }
}

#[test]
fn kar_ouk_is_won_by_the_first_check() {
    let e = engine("karouk");
    // pyffish: after the check the game is over (is_immediate_game_end, the side to move lost), with no moves.
    let mut pos = played(&e, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8");
    assert_eq!(pos.to_fen(), "R3k3/8/8/8/8/8/8/4K3 b - 30 0+1 6 1");
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(Side::White),
            reason: Reason::CheckLimit,
        })
    );
    assert!(pos.legal_move_list().is_empty());
    // A move that gives no check leaves the game going.
    let mut pos = played(&e, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a7");
    assert_eq!(pos.to_fen(), "4k3/R7/8/8/8/8/8/4K3 b - 30 1+1 6 1");
    assert_eq!(pos.outcome(), None);
    // The FEN carries the checks left, `1+1`, as pyffish writes it after a move.
    assert_eq!(
        after(&e, START, "d1f2"),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/5K2/RNS1MSNR b Ede - 1+1 1 1"
    );
}

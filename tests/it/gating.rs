//! Gating (`gating in ZONE`; Seirawan chess and S-House, `tests/data/variants/seirawan.tatsu` and `shouse.tatsu`,
//! Fairy-Stockfish's `seirawan` and `shouse`). The perft tables `tests/data/perft/seirawan.tsv` and `shouse.tsv`
//! (pyffish's counts) are checked by `perft.rs`; these tests state each rule on a position worked out by hand (each
//! list was also compared with `pyffish.legal_moves`, which agreed).
use tatsu::engine::Position;

use crate::support::variants::{
    compile_errors, engine, moves, play_and_unplay, played, replaced, source_with,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";

#[test]
fn a_piece_leaving_its_gating_square_may_bring_a_piece_from_hand_onto_it() {
    let e = engine("seirawan");
    // Each knight has three moves: to its two squares, plain, with the hawk or with the elephant.
    let all = moves(&e, START);
    assert_eq!(all.len(), 16 + 4 * 3);
    for m in ["b1a3h", "b1a3e", "b1c3h", "g1f3e", "g1h3h"] {
        assert!(all.contains(&m.to_string()), "{m}");
    }
    // The hawk stands on b1, White's hand keeps the elephant, and b1's right is spent (the FEN leaves `B` out).
    // A gating move is no capture and no pawn move: the move-limit counter goes on.
    play_and_unplay(
        &e,
        START,
        "b1c3h",
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Ehe] b KQCDFGkqbcdfg - 1 1",
    );
}

#[test]
fn the_right_goes_when_its_piece_leaves_without_gating() {
    let e = engine("seirawan");
    play_and_unplay(
        &e,
        START,
        "b1c3",
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR[HEhe] b KQCDFGkqbcdfg - 1 1",
    );
    // Back on b1, the knight's moves gate nothing.
    let mut pos = played(&e, START, "b1c3 g8f6 c3b1 f6g8");
    let list = pos.legal_move_list();
    let mut from_b1: Vec<String> = list
        .iter()
        .map(|m| pos.uci(m))
        .filter(|m| m.starts_with("b1"))
        .collect();
    from_b1.sort();
    assert_eq!(from_b1, ["b1a3", "b1c3"]);
}

#[test]
fn the_right_goes_when_its_piece_is_taken_on_its_square() {
    let e = engine("seirawan");
    // Black's knight takes the g1 knight: White's `G` is gone with it.
    play_and_unplay(
        &e,
        "4k3/8/8/8/8/7n/8/4K1N1[H] b G - 0 1",
        "h3g1",
        "4k3/8/8/8/8/8/8/4K1n1[H] w - - 0 2",
    );
}

#[test]
fn castling_may_gate_onto_the_king_square_or_the_rook_square() {
    let e = engine("seirawan");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1";
    let all = moves(&e, fen);
    for m in [
        "e1g1", "e1g1h", "e1g1e", "h1e1h", "h1e1e", "e1c1", "e1c1h", "a1e1e",
    ] {
        assert!(all.contains(&m.to_string()), "{m}");
    }
    // Onto the rook's square: the hawk stands in the corner, and of White's rights only a1's gate is left
    // (the king and the h-rook have moved), written `A` now that no castling letter stands for it.
    play_and_unplay(&e, fen, "h1e1h", "r3k2r/8/8/8/8/8/8/R4RKH[Ehe] b Akq - 1 1");
    play_and_unplay(
        &e,
        fen,
        "e1c1e",
        "r3k2r/8/8/8/8/8/8/2KRE2R[Hhe] b Hkq - 1 1",
    );
}

#[test]
fn a_gated_piece_does_not_make_a_move_legal_by_blocking_a_check() {
    let e = engine("seirawan");
    // The knight on d1 is pinned by the rook on a1: it may not move, even though a hawk brought onto d1 would
    // block the rook again (the official rule; Fairy-Stockfish issue 141). Only the king moves.
    assert_eq!(
        moves(&e, "4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1"),
        ["e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // In check from a1, the king may step off the rank to f2 or e2 but not along it to f1, though a hawk left
    // on e1 would shield f1; the knight on g1 cannot help.
    let all = moves(&e, "4k3/8/8/8/8/8/8/r3K1N1[H] w EG - 0 1");
    assert!(!all.iter().any(|m| m.starts_with("e1f1")), "{all:?}");
    assert!(all.contains(&"e1f2h".to_string()), "{all:?}");
}

#[test]
fn a_gated_piece_may_give_check() {
    let e = engine("seirawan");
    let pos = played(&e, "6k1/8/8/8/8/8/8/4K1N1[E] w G - 0 1", "g1f3e");
    assert!(pos.in_check(), "the elephant on g1 checks along the g-file");
}

#[test]
fn with_a_reserve_hand_the_rights_lapse_once_the_hand_is_empty() {
    // Seirawan chess: nothing can refill the hand, so the FEN stops writing White's `G`.
    play_and_unplay(
        &engine("seirawan"),
        "4k3/8/8/8/8/8/8/1N2K1N1[H] w BG - 0 1",
        "b1c3h",
        "4k3/8/8/8/8/2N5/8/1H2K1N1[] b - - 1 1",
    );
    // S-House: captures refill it, so the right stays.
    play_and_unplay(
        &engine("shouse"),
        "4k3/8/8/8/8/8/8/1N2K1N1[H] w BG - 0 1",
        "b1c3h",
        "4k3/8/8/8/8/2N5/8/1H2K1N1[] b G - 1 1",
    );
}

#[test]
fn a_piece_is_gated_only_where_it_could_be_dropped() {
    // S-House: a pawn in hand is never dropped on the first rank, so never gated there; the knight is.
    let all = moves(&engine("shouse"), "4k3/8/8/8/8/8/8/4K1N1[PN] w G - 0 1");
    let from_g1: Vec<&String> = all.iter().filter(|m| m.starts_with("g1")).collect();
    assert_eq!(from_g1, ["g1e2", "g1e2n", "g1f3", "g1f3n", "g1h3", "g1h3n"]);
    // Seirawan chess's hands are never dropped from: gating is their only way in.
    let all = moves(&engine("seirawan"), START);
    assert!(!all.iter().any(|m| m.contains('@')));
}

#[test]
fn a_castling_letter_stands_for_the_gates_of_its_king_and_rook() {
    let e = engine("seirawan");
    // `K` alone: castling short, and gates on e1 and h1, none on a1.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w K - 0 1";
    let all = moves(&e, fen);
    assert!(all.contains(&"h1g1h".to_string()));
    assert!(all.contains(&"e1d2e".to_string()));
    assert!(!all.iter().any(|m| m.starts_with("a1") && m.len() == 5));
    assert_eq!(Position::from_fen(&e, fen).unwrap().to_fen(), fen);
    // A gate letter needs a piece of its side on its square.
    let Err(err) = Position::from_fen(&e, "4k3/8/8/8/8/8/8/4K3[H] w G - 0 1") else {
        panic!("a gate letter without its piece is read");
    };
    assert!(err.to_string().contains("g1"), "{err}");
}

#[test]
fn a_move_that_promotes_does_not_gate() {
    // A rook-like piece that promotes on the last rank, starting on a gating square: its promotion has no room for a
    // gate, its other moves do.
    let source = r#"
        board 4 x 4
        zone last-rank = rank 4
        zone back-rank = rank 1
        drops reserve gating-only
        gating in back-rank
        piece K "King" { royal moves "K" }
        piece W "Warden" { moves "R" promote to Q in last-rank mandatory }
        piece Q "Queen" { moves "Q" }
        piece N "Knight" { moves "N" }
        start "3k/4/4/W2K[N] w A - 0 1"
    "#;
    let compiled = tatsu::compile::compile("promoting-gate.tatsu", source).expect("compiles");
    let e = tatsu::engine::Engine::new(compiled.game);
    let all = moves(&e, "3k/4/4/W2K[N] w A - 0 1");
    assert!(all.contains(&"a1a4q".to_string()), "{all:?}");
    assert!(
        !all.iter().any(|m| m.starts_with("a1a4") && m != "a1a4q"),
        "{all:?}"
    );
    assert!(all.contains(&"a1a2n".to_string()), "{all:?}");
}

/// A gated piece and a promotion are both written as a lower-case id after the move. A knight on a gating square
/// that may promote to a hawk on reaching the third rank (`b1c3h`) would write its promotion like its plain move
/// gating the hawk in: refused at `gating`. With the promotion mandatory, a move that promotes does not gate, so
/// nothing reads alike and the game compiles.
#[test]
fn an_optional_promotion_that_reads_like_a_gate_is_refused() {
    let with_knight = |promotion: &str| {
        let source = source_with(
            "tests/data/variants/seirawan.tatsu",
            "piece N \"Knight\" { moves \"N\" }",
            &format!("piece N \"Knight\" {{ moves \"N\" promote to H in last-rank{promotion} }}"),
        );
        replaced(
            &source,
            "zone last-rank = rank 8",
            "zone last-rank = rank 3",
        )
    };
    let errors = compile_errors(&with_knight(""));
    assert!(
        errors.iter().any(|e| e.contains("t.tatsu:18:1")
            && e.contains("`N` may promote on a move from the gating square")),
        "{errors:?}"
    );
    assert!(compile_errors(&with_knight(" mandatory")).is_empty());
}

//! `captures-unprotected-only` (Maka Dai Dai Shogi's Emperor, docs/variant-language.md "Capturing unprotected
//! pieces only"). The game is tests/data/variants/emperor.tatsu: a 5x5 board with royal Kings (`K`), Emperors
//! (`U`, the item), Rooks and Guards (`W`). Every count is derived by hand beside its test (no engine at hand
//! plays the Emperor on a small board). Files a–e, ranks 1–5; a FEN's first rank is rank 5.
use tatsu::engine::{perft, Engine, Position};
use variants::{compile_errors, engine, engine_of, from, moves, replaced};

use crate::support::variants;

fn source() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/emperor.tatsu"
    );
    std::fs::read_to_string(path).expect("the test variant exists")
}

fn perft_of(e: &Engine, fen: &str, depth: u32) -> u64 {
    let mut pos = Position::from_fen(e, fen).unwrap();
    perft::perft(&mut pos, depth)
}

#[test]
fn emperor_start_perft_1_counted_by_hand() {
    // White: King a1, Emperor e1; Black: Emperor a5, King e5. King a1: a2 b1 b2, each guarded by White's Emperor
    // (which reaches every square), so Black's Emperor's attack is no check: 3. Emperor e1: the 21 empty squares
    // (moving away exposes nothing: Black's Emperor's check on a1 is still answered by White's Emperor, from any
    // square), and a5 (Black's Emperor, which only Black's King e5 could guard, and it is not next to a5): 22. Not
    // e5: Black's Emperor guards its King. 25 moves.
    let e = engine("emperor");
    let start = "e3k/5/5/5/K3E w - - 0 1";
    assert_eq!(perft_of(&e, start, 1), 25);
    assert!(moves(&e, start).contains(&"e1a5".to_string()));
    assert!(!moves(&e, start).contains(&"e1e5".to_string()));
}

#[test]
fn captures_unprotected_only_takes_unprotected_pieces_and_spares_protected_ones() {
    // White: King a1, Emperor e1; Black: Rook c5, King e5, Guards a3 and c3. Black attacks a2 (Guard a3), not b1 or
    // b2: the King has 2 moves. The Emperor: the 19 empty squares; a3 (no Black piece attacks a3: the Rook keeps
    // to file c and rank 5, the Guard c3 steps to b3 c2 c4 d3, the King is far); c5 (the King e5 reaches d5 d4
    // e4 only, the Guard c3 reaches c4); not c3 (the Rook c5 attacks it through c4), not e5 (the Rook attacks it
    // through d5): 21. 23 moves.
    let e = engine("emperor");
    let fen = "2r1k/5/g1g2/5/K3E w - - 0 1";
    assert_eq!(perft_of(&e, fen, 1), 23);
    let emperor = from(&moves(&e, fen), "e1");
    assert_eq!(emperor.len(), 21);
    for taken in ["e1a3", "e1c5"] {
        assert!(emperor.contains(&taken.to_string()), "{taken}");
    }
    for protected in ["e1c3", "e1e5"] {
        assert!(!emperor.contains(&protected.to_string()), "{protected}");
    }
}

#[test]
fn captures_unprotected_only_counts_a_pinned_protector() {
    // As above without the Guard a3, and with White's Rook a5 pinning Black's Rook c5 to its King e5 along rank 5:
    // the Rook's recapture on c3 would expose its King, but it still protects c3 (as for `no-capture-of-protected`).
    // King a1: a2 b1 b2, 3. Rook a5: b5, c5 (taking), a4 a3 a2, 5. Emperor e1: 19 empty squares, and c5 (only the
    // Rook c5 itself could guard c5), not c3 or e5 (the Rook guards both): 20. 28 moves.
    let e = engine("emperor");
    let fen = "R1r1k/5/2g2/5/K3E w - - 0 1";
    assert_eq!(perft_of(&e, fen, 1), 28);
    let emperor = from(&moves(&e, fen), "e1");
    assert!(emperor.contains(&"e1c5".to_string()));
    assert!(!emperor.contains(&"e1c3".to_string()));
}

#[test]
fn captures_unprotected_only_counts_a_royal_protector() {
    // Black: King e5 and Guard e4, each guarding the other. The Emperor may take neither: it has the 21 empty
    // squares only. King a1: a2 b1 b2. 24 moves.
    let e = engine("emperor");
    let fen = "4k/4g/5/5/K3E w - - 0 1";
    assert_eq!(perft_of(&e, fen, 1), 24);
    assert_eq!(from(&moves(&e, fen), "e1").len(), 21);
}

#[test]
fn an_emperor_checks_only_an_unprotected_royal_piece() {
    let e = engine("emperor");
    // Black's lone King e5: White's Emperor could take it (nothing guards e5), so it is in check, and so it would be
    // on d5, d4 and e4: mated.
    let mated = "4k/5/5/5/K3E b - - 0 1";
    assert!(Position::from_fen(&e, mated).unwrap().in_check());
    assert_eq!(perft_of(&e, mated, 1), 0);
    // With a Guard e4 (which guards e5, e3, d4): no check. King e5: d5 is unguarded (checked), d4 is guarded (legal).
    // The Guard's moves (e3, d4) leave e5 unguarded: illegal. One move.
    let guarded = "4k/4g/5/5/K3E b - - 0 1";
    assert!(!Position::from_fen(&e, guarded).unwrap().in_check());
    assert_eq!(moves(&e, guarded), vec!["e5d4".to_string()]);
}

#[test]
fn captures_unprotected_only_in_a_game_without_royal_pieces() {
    // The Kings captured, not mated: no check, so the King a1 has a2 b1 b2 whatever attacks them, and the
    // Emperor's captures are judged the same (the no-royal legality path). The position of the second test
    // without the Guard a3: King 3; Emperor 20 empty squares and c5: 24.
    let src = replaced(&source(), r#"{ royal moves "K" }"#, r#"{ moves "K" }"#)
        + "end {\n  extinction of K loss\n}\n";
    let e = engine_of(&src);
    let fen = "2r1k/5/2g2/5/K3E w - - 0 1";
    assert_eq!(perft_of(&e, fen, 1), 24);
    let emperor = from(&moves(&e, fen), "e1");
    assert!(emperor.contains(&"e1c5".to_string()));
    assert!(!emperor.contains(&"e1c3".to_string()));
    assert!(!emperor.contains(&"e1e5".to_string()));
}

#[test]
fn captures_unprotected_only_misuse_is_located() {
    let game = |emperor: &str| {
        format!(
            "board 5 x 5\npiece K \"King\" {{ royal moves \"K\" }}\npiece E \"Emperor\" {{ {emperor} }}\n\
             start \"k4/5/5/5/KE3 w - - 0 1\"\n"
        )
    };
    // `piece E "Emperor" { moves "U" ` fills columns 1 to 30, the first keyword 31 to 55: the second starts at 57.
    let src = game(r#"moves "U" captures-unprotected-only captures-unprotected-only"#);
    let errors = compile_errors(&src);
    assert!(
        errors.iter().any(|e| e.contains("t.tatsu:3:57")
            && e.contains("`captures-unprotected-only` is given twice")),
        "{errors:?}"
    );
    // A piece that never captures: the rule would forbid nothing (a warning, at the keyword).
    // `piece E "Emperor" { moves "mU" ` fills columns 1 to 31: the keyword starts at 32.
    let src = game(r#"moves "mU" captures-unprotected-only"#);
    let compiled = tatsu::compile::compile("t.tatsu", &src).expect("compiles");
    let warnings: Vec<String> = compiled
        .warnings
        .iter()
        .map(|d| tatsu::diag::render_short(d, &src))
        .collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("t.tatsu:3:32") && w.contains("this piece never captures")),
        "{warnings:?}"
    );
}

//! Promotion rules beyond one `promote` line (docs/variant-language.md, "Promotion rules"): several lines per
//! piece, lines for one side, promotion limited by material, promotion and demotion on capture, promotion on
//! entering the zone. Perft against Fairy-Stockfish is in `perft.rs` (grand, opulent, sortofalmost, chigorin);
//! here each rule is checked on positions whose move lists are written out, with their source.
use tatsu::compile::compile;
use tatsu::engine::Engine;
use variants::{engine, from, moves, play_and_unplay, sorted};

use crate::support::variants;

fn game(text: &str) -> Engine {
    Engine::new(
        compile("t.tatsu", text)
            .unwrap_or_else(|d| panic!("{d:#?}"))
            .game,
    )
}

#[test]
fn limited_promotion_offers_only_pieces_the_side_has_lost() {
    let e = engine("grand");
    // White has lost one knight and nothing else: the pawns on a9 and j9 must promote on rank 10 and can only
    // become a knight; the pawn on c7 may step to c8 as a pawn or a knight (pyffish `grand` lists the same).
    let fen = "1r2k2b2/P8P/10/2P7/10/10/10/10/1PPPPPPPP1/RNBQKCAB1R w - - 0 1";
    let list = moves(&e, fen);
    assert_eq!(from(&list, "a9"), sorted(&["a9a10n", "a9b10n"]));
    assert_eq!(from(&list, "j9"), sorted(&["j9j10n"]));
    assert_eq!(from(&list, "c7"), sorted(&["c7c8", "c7c8n"]));
}

#[test]
fn a_pawn_with_no_choice_open_may_not_enter_the_rank_where_it_must_promote() {
    let e = engine("grand");
    // White has every piece it started with: no pawn may step or capture onto rank 10; c7c8 (optional promotion)
    // stays, unpromoted.
    let fen = "1r2k2b2/P8P/10/2P7/10/10/10/10/1PPPPPPPP1/RNBQKCABNR w - - 0 1";
    let list = moves(&e, fen);
    assert!(from(&list, "a9").is_empty() && from(&list, "j9").is_empty());
    assert_eq!(from(&list, "c7"), sorted(&["c7c8"]));
}

#[test]
fn a_capture_reopens_a_limited_choice() {
    let e = engine("grand");
    // White has every piece: the pawn on a9 cannot move (a10 needs a promotion, none is open). Black's rook takes
    // the rook on j1; now White may promote to a rook, and only to a rook.
    let fen = "4k4r/P9/10/10/10/10/10/10/1PPPPPPP2/RNBQKCABNR b - - 0 1";
    let after = "4k5/P9/10/10/10/10/10/10/1PPPPPPP2/RNBQKCABNr w - - 0 2";
    play_and_unplay(&e, fen, "j10j1", after);
    assert_eq!(from(&moves(&e, after), "a9"), sorted(&["a9a10r"]));
    let before = "4k4r/P9/10/10/10/10/10/10/1PPPPPPP2/RNBQKCABNR w - - 0 1";
    assert!(from(&moves(&e, before), "a9").is_empty());
}

#[test]
fn each_side_promotes_to_its_own_list() {
    // pyffish `sortofalmost` and `chigorin` list exactly these promotions.
    let fen_w = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1";
    let fen_b = "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1";
    let e = engine("sortofalmost");
    assert_eq!(
        from(&moves(&e, fen_w), "b7"),
        sorted(&["b7b8b", "b7b8c", "b7b8n", "b7b8r"])
    );
    assert_eq!(
        from(&moves(&e, fen_b), "g2"),
        sorted(&["g2g1b", "g2g1n", "g2g1q", "g2g1r"])
    );
    let e = engine("chigorin");
    assert_eq!(
        from(&moves(&e, fen_w), "b7"),
        sorted(&["b7b8c", "b7b8n", "b7b8r"])
    );
    assert_eq!(
        from(&moves(&e, fen_b), "g2"),
        sorted(&["g2g1b", "g2g1q", "g2g1r"])
    );
}

#[test]
fn promotion_and_demotion_on_capture_follow_micro_shogi() {
    let e = engine("capture-promotion");
    // Move lists from pyffish `micro` (hands empty): a capture flips the piece, a quiet move does not.
    let cases = [
        (
            "kb+r+l/4/p3/P2P/+L+RBK[-] w 0 1",
            "a1b2 a2a3+ b1b2 b1c2 c1a3+ c1b2 d1c2 d2d3",
        ),
        (
            "kb+r+l/p3/1+L2/3P/1+RBK[-] w 0 1",
            "b1a1 b1a2 b1b2 b1c2 b3a2 b3a4- b3b4 b3c2 b3c4 c1a3 c1b2 d1c2 d2d3",
        ),
        (
            "k1+r+l/p3/1b2/P1+PP/+L+RBK[-] w 0 1",
            "a1b2 a2a3 b1b2 c1a3 c1b2 d2d3",
        ),
        (
            "kb+r+l/p3/P3/3P/+L+RBK[-] b 0 1",
            "a4a3+ a5b4 b5c4 b5d3 c5b4 c5c4 c5d4 d5c4 d5d4",
        ),
        // pyffish also lists a3a4+: micro shogi lets the new knight stand on a4, where it can never move again;
        // tatsu's dead-square rule refuses a promotion to a piece that would be dead where it lands
        // (docs/variant-language.md, Pieces), and the promotion is mandatory, so the capture is not made.
        (
            "kb+r+l/p3/P3/3P/+L+RBK[-] w 0 1",
            "a1a2 a1b2 b1a2 b1b2 b1c2 c1b2 d1c2 d2d3",
        ),
    ];
    for (fen, expected) in cases {
        let expected: Vec<&str> = expected.split(' ').collect();
        assert_eq!(moves(&e, fen), sorted(&expected), "{fen}");
    }
    // The capturing pawn arrives as a knight, and the captured pawn goes to hand unpromoted.
    play_and_unplay(
        &e,
        "kb+r+l/4/p3/P2P/+L+RBK[] w - - 0 1",
        "a2a3+",
        "kb+r+l/4/+P3/3P/+L+RBK[P] b - - 0 1",
    );
}

#[test]
fn entering_and_capturing_in_the_zone_are_separate_triggers() {
    // Chu Shogi's rule: a piece may promote on entering the zone, or on capturing inside it; a quiet move inside
    // the zone does not promote. Worked out by hand: the silver on b4 is inside the zone (ranks 4-5).
    let e = game(
        r#"
board 5 x 5
orientation rotate
zone far = ranks 4..5
piece K { royal moves "K" }
piece S "Silver" { moves "FfW" promote to +S in far on entering promote to +S in far on capture }
piece +S "Gold" { moves "WfF" }
piece P "Pawn" { moves "fW" }
start "4k/1S3/2S2/5/K4 w - - 0 1"
end { stalemate loss }
"#,
    );
    let list = moves(&e, "4k/1S3/2S2/5/K4 w - - 0 1");
    // b4: a5, b5 and c5 are quiet moves inside the zone (no promotion); a3 leaves it (c3 holds a friend).
    assert_eq!(from(&list, "b4"), sorted(&["b4a3", "b4a5", "b4b5", "b4c5"]));
    // c3 enters the zone on c4 and d4 (b4 holds a friend): promotion optional.
    assert_eq!(
        from(&list, "c3"),
        sorted(&["c3b2", "c3c4", "c3c4+", "c3d2", "c3d4", "c3d4+"])
    );
    // Entering with a capture (d3xe4) fires both lines, and the promotion is offered once.
    let list = moves(&e, "k4/4p/3S1/5/K4 w - - 0 1");
    assert_eq!(
        from(&list, "d3"),
        sorted(&["d3c2", "d3c4", "d3c4+", "d3d4", "d3d4+", "d3e2", "d3e4", "d3e4+"])
    );
    // Inside the zone only the capture d4xe5 may promote.
    let list = moves(&e, "k3p/3S1/5/5/K4 w - - 0 1");
    assert_eq!(
        from(&list, "d4"),
        sorted(&["d4c3", "d4c5", "d4d5", "d4e3", "d4e5", "d4e5+"])
    );
}

#[test]
fn two_lines_offering_the_same_choice_give_one_move() {
    // An optional line on ranks 4-5 and a mandatory one on rank 5: on rank 5 the promotion is made once and
    // forced; on rank 4 it is optional.
    let e = game(
        r#"
board 5 x 5
orientation rotate
zone far = ranks 4..5
zone last = rank 5
piece K { royal moves "K" }
piece S "Silver" { moves "FfW" promote to +S in far promote to +S in last mandatory }
piece +S "Gold" { moves "WfF" }
start "4k/5/5/1S3/K4 w - - 0 1"
end { stalemate loss }
"#,
    );
    let list = moves(&e, "4k/5/1S3/5/K4 w - - 0 1");
    assert_eq!(
        from(&list, "b3"),
        sorted(&["b3a2", "b3a4", "b3a4+", "b3b4", "b3b4+", "b3c2", "b3c4", "b3c4+"])
    );
    let list = moves(&e, "4k/1S3/5/5/K4 w - - 0 1");
    assert_eq!(
        from(&list, "b4"),
        sorted(&["b4a3", "b4a5+", "b4b5+", "b4c3", "b4c5+"])
    );
}

#[test]
fn pieces_that_flip_after_every_move_follow_kyoto_shogi() {
    // Kyoto shogi's pieces: every move of an unpromoted piece promotes it, every move of a promoted one demotes it.
    let e = game(
        r#"
board 5 x 5
orientation rotate
zone everywhere = all
piece K "King" { royal moves "K" }
piece P "Pawn" { moves "fW" promote to +P in everywhere mandatory }
piece +P "Rook" { moves "R" promote to P in everywhere mandatory }
piece L "Lance" { moves "fR" promote to +L in everywhere mandatory }
piece +L "Gold" { moves "WfF" promote to L in everywhere mandatory }
piece S "Silver" { moves "FfW" promote to +S in everywhere mandatory }
piece +S "Bishop" { moves "B" promote to S in everywhere mandatory }
piece N "Knight" { moves "ffN" promote to +N in everywhere mandatory }
piece +N "Gold" { moves "WfF" promote to N in everywhere mandatory }
start "p+nks+l/5/5/5/+LSK+NP w - - 0 1"
end { stalemate loss }
"#,
    );
    // pyffish `kyotoshogi`, start position (its hands are empty, so drops play no part).
    let expected = "a1a2- a1b2- b1a2+ b1b2+ b1c2+ c1b2 c1c2 c1d2 d1c2- d1d2- d1e2- e1e2+";
    let expected: Vec<&str> = expected.split(' ').collect();
    assert_eq!(
        moves(&e, "p+nks+l/5/5/5/+LSK+NP w - - 0 1"),
        sorted(&expected)
    );
    play_and_unplay(
        &e,
        "p+nks+l/5/5/5/+LSK+NP w - - 0 1",
        "a1a2-",
        "p+nks+l/5/5/L4/1SK+NP b - - 1 1",
    );
}

#[test]
fn a_limited_line_beside_an_unlimited_one_limits_only_its_own_choices() {
    let e = engine("spartan");
    // Spartan chess: a hoplite promotes to a general, warlord, lieutenant or captain at will, and to a king only
    // while Black has fewer kings than the two it started with. pyffish `spartan` lists the same moves.
    let one_king = moves(&e, "4k3/8/8/8/8/8/h7/4K3 b - - 0 1");
    assert_eq!(
        from(&one_king, "a2"),
        sorted(&["a2b1c", "a2b1g", "a2b1k", "a2b1l", "a2b1w"])
    );
    let two_kings = moves(&e, "3kk3/8/8/8/8/8/h7/4K3 b - - 0 1");
    assert_eq!(
        from(&two_kings, "a2"),
        sorted(&["a2b1c", "a2b1g", "a2b1l", "a2b1w"])
    );
}

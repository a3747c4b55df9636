//! The XBetza moves beyond multi-leg ones, played end to end: the universal leaper `U`, cylinder legs `o`, must-jump
//! leapers (`j` on a leaper), tame moves `t` and unloading captures `u`. The variants are
//! `tests/data/variants/exotic-moves.tatsu` (all of them; its jumpers turn the legality shortcuts off) and
//! `exotic-fast.tatsu` (the ones that keep the shortcuts on). Every expected figure is worked out by hand in the
//! comments.
use tatsu::engine::{perft, Engine, Position};
use tatsu::inspect::{self, EmptyBoard};
use tatsu::rules::Side;
use variants::{engine, engine_of, moves, sorted, source_with};

use crate::support::variants;

fn exotic() -> Engine {
    engine("exotic-moves")
}

/// The destinations of the moves starting on `from`, sorted.
fn from_square(engine: &Engine, fen: &str, from: &str) -> Vec<String> {
    moves(engine, fen)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && m[from.len()..].starts_with(|c: char| c.is_ascii_lowercase())
        })
        .map(|m| m[from.len()..].to_string())
        .collect()
}

fn in_check(engine: &Engine, fen: &str) -> bool {
    Position::from_fen(engine, fen)
        .expect("valid FEN")
        .in_check()
}

#[test]
fn universal_leaper_reaches_every_empty_square() {
    let e = exotic();
    // Teleporter (`mUcK`) on d4, White king a1, Black king h8: `mU` reaches every empty square, 64 - 3 = 61 (none
    // of them is its own square); `cK` has nothing to capture. King a1: a2 b1 b2. Total 61 + 3 = 64.
    let fen = "7k/8/8/8/3T4/8/8/K7 w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 64, "{all:?}");
    let teleports = from_square(&e, fen, "d4");
    assert_eq!(teleports.len(), 61);
    for not in ["d4", "a1", "h8"] {
        assert!(!teleports.contains(&not.to_string()), "{not}");
    }
}

#[test]
fn universal_leaper_checks_from_anywhere() {
    let e = exotic();
    // A Black Kraken (`U`, move or capture anywhere) on d2 attacks every square but d2: the White king on e1 is in
    // check and every flight square (d1 f1 e2 f2) is attacked too; only taking the Kraken (e1d2) is legal.
    let fen = "k7/8/8/8/8/8/3x4/4K3 w - - 0 1";
    assert!(in_check(&e, fen));
    assert_eq!(moves(&e, fen), vec!["e1d2"]);
    // Far away on h8 it still checks, and nothing can take it: mate.
    let mate = "k6x/8/8/8/8/8/8/4K3 w - - 0 1";
    assert!(in_check(&e, mate));
    assert!(moves(&e, mate).is_empty());
}

#[test]
fn cylinder_rook_wraps_and_stops_at_its_own_square() {
    for e in [exotic(), engine("exotic-fast")] {
        // Cylinder rook (`oR`) on a4: up a5..a8 (4), down a3..a1 (3); right b4..h4 then round to a4, its own square,
        // which stops it; left round the edge to h4, g4 .. b4, stopped at a4 again. Rank 4: 7 squares, each
        // reached both ways but one move each. 4 + 3 + 7 = 14.
        let fen = "7k/8/8/8/C7/8/8/4K3 w - - 0 1";
        let expected = sorted(&[
            "a5", "a6", "a7", "a8", "a3", "a2", "a1", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
        ]);
        assert_eq!(from_square(&e, fen, "a4"), expected);
        // A White pawn on e4 stops both ways: right b4 c4 d4, left (round the edge) h4 g4 f4: 4 + 3 + 6 = 13.
        let blocked = "7k/8/8/8/C3P3/8/8/4K3 w - - 0 1";
        let expected = sorted(&[
            "a5", "a6", "a7", "a8", "a3", "a2", "a1", "b4", "c4", "d4", "h4", "g4", "f4",
        ]);
        assert_eq!(from_square(&e, blocked, "a4"), expected);
    }
}

#[test]
fn cylinder_rook_gives_check_across_the_edge() {
    for e in [exotic(), engine("exotic-fast")] {
        // White cylinder rook a4, Black king h4: one step left round the edge is h4, check. The king's flights:
        // g4 is still on the rook's rank (through h4, which the king leaves), so attacked; g3 g5 h3 h5 are safe.
        let fen = "8/8/8/8/C6k/8/8/4K3 b - - 0 1";
        assert!(in_check(&e, fen));
        assert_eq!(moves(&e, fen), vec!["h4g3", "h4g5", "h4h3", "h4h5"]);
    }
}

#[test]
fn cylinder_knight_jumps_round_the_edge() {
    for e in [exotic(), engine("exotic-fast")] {
        // Cylinder knight (`oN`) on a1: b3 c2 on the board, (-1,+2) round the edge to h3, (-2,+1) to g2; the
        // four leaps downward leave the board (ranks do not wrap).
        let fen = "7k/8/8/8/8/8/8/H3K3 w - - 0 1";
        assert_eq!(
            from_square(&e, fen, "a1"),
            sorted(&["b3", "c2", "h3", "g2"])
        );
    }
}

#[test]
fn must_jump_dabbaba_needs_a_hurdle() {
    let e = exotic();
    // Must-jump dabbaba (`jD`) on d4 alone: no move at all (each leap needs a piece on the square it jumps).
    assert!(from_square(&e, "7k/8/8/8/3D4/8/8/4K3 w - - 0 1", "d4").is_empty());
    // A White pawn on d5 lets it capture the Black pawn on d6; a Black pawn on e4 lets it go to f4 (the hurdle
    // of either colour is jumped, not captured); c4 and d3 are empty, so no leap to b4 or d2.
    let fen = "7k/8/3p4/3P4/3Dp3/8/8/4K3 w - - 0 1";
    assert_eq!(from_square(&e, fen, "d4"), sorted(&["d6", "f4"]));
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let mv = pos.parse_move("d4f4").unwrap();
    pos.play(mv);
    assert_eq!(pos.to_fen(), "7k/8/3p4/3P4/4pD2/8/8/4K3 b - - 1 1");
    pos.unplay();
    assert_eq!(pos.to_fen(), fen);
}

#[test]
fn must_jump_dabbaba_checks_only_over_a_hurdle() {
    let e = exotic();
    // Black king f4, White must-jump dabbaba d4: no check with e4 empty, check with a piece (even Black's own) on e4.
    assert!(!in_check(&e, "8/8/8/8/3D1k2/8/8/4K3 b - - 0 1"));
    assert!(in_check(&e, "8/8/8/8/3Dpk2/8/8/4K3 b - - 0 1"));
    // So a Black piece may not become the hurdle: the Black tame rook on e8 goes a8..d8 (4), f8 g8 h8 (3) and
    // e7..e2 (6) but not e4 (it would open the dabbaba's leap onto its own king), and it may not take the White
    // king on e1 (tame): 4 + 3 + 5 = 12 moves. The king f4 has its 8 neighbours, none attacked (the dabbaba's
    // leaps all lack a hurdle, the White king e1 reaches only ranks 1 and 2). Total 20.
    let fen = "4s3/8/8/8/3D1k2/8/8/4K3 b - - 0 1";
    let rook = from_square(&e, fen, "e8");
    assert_eq!(rook.len(), 12, "{rook:?}");
    assert!(!rook.contains(&"e4".to_string()) && !rook.contains(&"e1".to_string()));
    assert_eq!(moves(&e, fen).len(), 20);
}

#[test]
fn must_jump_nightrider_jumps_at_every_step() {
    let e = exotic();
    // Must-jump nightrider (`jN0`) on a1: the (1,2) step jumps a2 (a White pawn) to b3, the next one jumps b4 (a
    // White pawn) to c5, the third would jump c6 (empty): stop. The (2,1) step would jump b1 (empty). So b3 c5.
    // Pawns: a2a3, b4b5 (nothing to capture). King e1: d1 d2 e2 f1 f2. Total 2 + 2 + 5 = 9.
    let fen = "7k/8/8/8/1P6/8/P7/J3K3 w - - 0 1";
    assert_eq!(from_square(&e, fen, "a1"), sorted(&["b3", "c5"]));
    assert_eq!(moves(&e, fen).len(), 9);
}

#[test]
fn tame_piece_never_gives_check() {
    for e in [exotic(), engine("exotic-fast")] {
        // White tame rook (`tR`) on e1 facing the Black king on e8 down an open file: no check, and e7 is no
        // attacked square: the king has d8 f8 d7 e7 f7.
        let fen = "4k3/8/8/8/8/8/8/4S2K b - - 0 1";
        assert!(!in_check(&e, fen));
        assert_eq!(moves(&e, fen).len(), 5);
        // With White to move the tame rook may go e2..e7 (6), a1..d1 (4), f1 g1 (2), but not take the king on e8:
        // 12; King h1: g1 g2 h2. Total 15.
        let white = "4k3/8/8/8/8/8/8/4S2K w - - 0 1";
        let rook = from_square(&e, white, "e1");
        assert_eq!(rook.len(), 12, "{rook:?}");
        assert!(!rook.contains(&"e8".to_string()));
        assert_eq!(moves(&e, white).len(), 15);
    }
}

#[test]
fn tame_hop_needs_a_friendly_hurdle() {
    let e = exotic();
    // Friendly cannon (`mRtpafcR`) on a1: moves b1 c1 d1 (e1 is its king; a2 its pawn). It captures by hopping a
    // friendly piece: over the White pawn a2, a3 a4 empty, the Black pawn a5: a1a5. Over the king e1: f1 g1 h1
    // hold nothing to capture. So b1 c1 d1 a5.
    let fen = "k7/8/8/p7/8/8/P7/F3K3 w - - 0 1";
    assert_eq!(
        from_square(&e, fen, "a1"),
        sorted(&["b1", "c1", "d1", "a5"])
    );
    // With the colours of the two pawns swapped the hurdle a2 is an enemy: no capture.
    let enemy = "k7/8/8/P7/8/8/p7/F3K3 w - - 0 1";
    assert_eq!(from_square(&e, enemy, "a1"), sorted(&["b1", "c1", "d1"]));
    // It checks over a friendly hurdle only.
    assert!(in_check(&e, "k7/8/8/8/8/8/P7/F3K3 b - - 0 1"));
    assert!(!in_check(&e, "k7/8/8/8/8/8/p7/F3K3 b - - 0 1"));
}

#[test]
fn unload_swaps_the_captured_piece_onto_the_origin_and_unplay_restores_it() {
    for e in [exotic(), engine("exotic-fast")] {
        // Swapper (`mRucR`) d1, Black cylinder knight d5: it moves d2 d3 d4, c1 b1 a1, and captures d5 by
        // swapping: 7 moves, written plainly d1d5. The knight lands on d1; the clock resets.
        let fen = "4k3/8/8/3h4/8/8/8/3WK3 w - - 5 1";
        assert_eq!(
            from_square(&e, fen, "d1"),
            sorted(&["d2", "d3", "d4", "c1", "b1", "a1", "d5"])
        );
        let mut pos = Position::from_fen(&e, fen).unwrap();
        let hash = pos.hash();
        let mv = pos.parse_move("d1d5").unwrap();
        pos.play(mv);
        let after = "4k3/8/8/3W4/8/8/8/3hK3 b - - 0 1";
        assert_eq!(pos.to_fen(), after);
        assert_eq!(
            pos.hash(),
            Position::from_fen(&e, after).unwrap().hash(),
            "incremental hash"
        );
        pos.unplay();
        assert_eq!((pos.to_fen(), pos.hash()), (fen.to_string(), hash));
    }
}

#[test]
fn unload_never_puts_the_victim_where_it_could_not_move() {
    let e = exotic();
    // The victim would be a Black pawn on d1, Black's last rank, where it could never move again: no swap.
    let fen = "4k3/8/8/3p4/8/8/8/3WK3 w - - 0 1";
    assert_eq!(
        from_square(&e, fen, "d1"),
        sorted(&["d2", "d3", "d4", "c1", "b1", "a1"])
    );
}

#[test]
fn unload_that_puts_the_victim_next_to_the_king_is_illegal() {
    for e in [exotic(), engine("exotic-fast")] {
        // White king e1, Swapper e2 pinned by the Black cylinder rook e5. Plain moves up the file (e3 e4) stay
        // legal; taking e5 by swapping puts the rook on e2, checking e1: illegal; sideways moves expose the king.
        // King: d1 f1 d2 f2 (the rook covers the e-file and rank 5 only). Total 2 + 4 = 6.
        let fen = "k7/8/8/4c3/8/8/4W3/4K3 w - - 0 1";
        assert_eq!(
            moves(&e, fen),
            vec!["e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4"]
        );
    }
}

#[test]
fn unload_by_an_unpinned_piece_may_still_check_its_own_king() {
    for e in [exotic(), engine("exotic-fast")] {
        // White king e1, Swapper e2 (not pinned: nothing behind it on the e-file), Black cylinder rook b2. Taking b2
        // by swapping puts the rook on e2, next to the king on its file: illegal. The Swapper's plain moves are
        // legal: e3..e8 (6), d2 c2 (2), f2 g2 h2 (3). King: d1 f1; d2 is on the rook's rank (c2 d2), f2 too (round
        // the edge: a2 h2 g2 f2). Total 11 + 2 = 13.
        let fen = "k7/8/8/8/8/8/1c2W3/4K3 w - - 0 1";
        let all = moves(&e, fen);
        assert!(!all.contains(&"e2b2".to_string()), "{all:?}");
        assert_eq!(all.len(), 13, "{all:?}");
    }
}

#[test]
fn divide_sums_to_perft_and_make_unmake_restores_with_exotic_pieces() {
    // A middle game with every exotic piece: divide sums to perft and the position and hash come back.
    for (name, fen) in [
        (
            "exotic-moves",
            "c1dkt1wf/ppp1pppp/3j4/1s6/2P5/3J1S2/PP1PPPPP/CHDKT1W1 w - - 0 1",
        ),
        (
            "exotic-fast",
            "chbkt1wc/pppp1ppp/5s2/8/2S5/8/PPPPPPPP/CHBKT1WC w - - 0 1",
        ),
    ] {
        let e = engine(name);
        let mut pos = Position::from_fen(&e, fen).unwrap();
        let hash = pos.hash();
        let divided: u64 = perft::divide(&mut pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(divided, perft::perft(&mut pos, 3), "{name}");
        assert_eq!((pos.to_fen(), pos.hash()), (fen.to_string(), hash));
    }
}

#[test]
fn start_positions_count_by_hand() {
    // exotic-moves, White: pawns a3 b3 c3 e3 f3 g3 h3 (7); jN0 d2: (-2,+1) over c2 to b3 and (+2,+1) over e2 to f3
    // (the next steps would jump a3/g3, empty) (2); oN b1: c3 a3, (-2,+1) round to h2 is its own pawn (2); jD c1
    // over c2 to c3 (1); teleporter e1: the 32 empty squares (32); friendly cannon h1 over h2 to h7 (1); the
    // king, the cylinder rook (a1: h1 round the edge is its own piece), the tame rook and the swapper are
    // boxed in. 7 + 2 + 2 + 1 + 32 + 1 = 45.
    let e = exotic();
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 1), 45);
    // exotic-fast: 8 pawn steps, oN b1 to a3 c3, teleporter 32: 42.
    let f = engine("exotic-fast");
    let mut pos = Position::start(&f);
    assert_eq!(perft::perft(&mut pos, 1), 42);
}

#[test]
fn piece_diagrams_show_exotic_destinations() {
    let e = exotic();
    let game = &e.game;
    let g = game.geometry;
    let count = |piece: &str, at: &str| {
        let id = inspect::find_piece(game, piece).unwrap();
        let from = g.parse_square(at).unwrap();
        inspect::piece_moves(game, id, Side::White, from, &EmptyBoard, &[])
            .destinations
            .len()
    };
    // On an empty board: the Kraken reaches the 63 other squares; the cylinder rook from a4 the 14 of the test
    // above; the cylinder knight from a1 4; the must-jump dabbaba from d4 its 4 leaps (shown as over a hurdle);
    // the must-jump nightrider from d4 12 (as a nightrider: e6 f8, c6 b8, f5 h6, b5, f3 h2, b3, e2, c2).
    assert_eq!(count("X", "d4"), 63);
    assert_eq!(count("C", "a4"), 14);
    assert_eq!(count("H", "a1"), 4);
    assert_eq!(count("D", "d4"), 4);
    assert_eq!(count("J", "d4"), 12);
}

#[test]
fn unload_with_destroy_swaps_with_a_friendly_piece_but_never_the_royal_one() {
    // tests/data/variants/swap.tatsu: Exchanger `mRudR` on a1, Wazir a4, kings e1 and e8.
    // Exchanger: a2 a3 (slides), a4 (the first piece up the file is the friendly Wazir: swap), b1 c1 d1 (slides);
    // the King on e1 is friendly but royal: no swap. Wazir a4: a5 a3 b4. King e1: d1 d2 e2 f2 f1. 6 + 3 + 5 = 14.
    let e = engine("swap");
    let fen = "4k3/8/8/8/W7/8/8/R3K3 w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 14, "{all:?}");
    assert!(all.contains(&"a1a4".to_string()));
    assert!(!all.contains(&"a1e1".to_string()));
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let mv = pos.parse_move("a1a4").unwrap();
    pos.play(mv);
    // The Exchanger stands on a4 and the Wazir on a1; the clock is reset as for a capture.
    assert_eq!(pos.to_fen(), "4k3/8/8/8/R7/8/8/W3K3 b - - 0 1");
    pos.unplay();
    assert_eq!(pos.to_fen(), fen);
}

/// An Exchanger that may also capture a friendly piece outright (`mRudRdR`, found by `variant_mutate`) has two moves
/// onto the Wazir on a4: the capture, written `a1a4` (the Wazir leaves the board), and the swap, written in legs
/// `a1a1,a1a4` (the Wazir goes to a1), as for a piece with a plain enemy capture and an enemy swap.
#[test]
fn a_friendly_capture_beside_a_friendly_swap_writes_the_swap_in_legs() {
    let e = engine_of(&source_with(
        "tests/data/variants/swap.tatsu",
        "\"mRudR\"",
        "\"mRudRdR\"",
    ));
    let fen = "4k3/8/8/8/W7/8/8/R3K3 w - - 0 1";
    assert_eq!(
        from_square(&e, fen, "a1"),
        sorted(&["a2", "a3", "a4", "a1,a1a4", "b1", "c1", "d1"])
    );
    variants::play_and_unplay(&e, fen, "a1a4", "4k3/8/8/8/R7/8/8/4K3 b - - 0 1");
    variants::play_and_unplay(&e, fen, "a1a1,a1a4", "4k3/8/8/8/R7/8/8/W3K3 b - - 0 1");
}

/// tests/data/variants/unload-legs.tatsu: Unloader `mQafucQ`, Pusher `mRafudR`, Villager (a king in its own ranks
/// 1..3 only), kings.
fn unload_legs() -> Engine {
    engine("unload-legs")
}

/// White Unloader a1, Black Pusher f1 (it moves anywhere), White king h1, Black king e8.
const UNLOAD_FEN: &str = "4k3/8/8/8/8/8/8/Q4e1K w - - 0 1";

#[test]
fn unload_on_a_later_leg_puts_the_victim_where_that_leg_starts() {
    let e = unload_legs();
    // Unloader a1, plain queen moves without capturing: b1 c1 d1 e1 (f1 is occupied), a2..a8 (7), b2..h8 (7): 18.
    // Capturing f1 needs an empty first leg that turns on b1, c1, d1 or e1 and goes on to f1: 4 moves, the
    // Pusher put on the turning square. King h1: g1 g2 h2 (a Pusher never captures). 18 + 4 + 3 = 25.
    let all = moves(&e, UNLOAD_FEN);
    assert_eq!(all.len(), 25, "{all:?}");
    let unloads: Vec<&String> = all.iter().filter(|m| m.contains(',')).collect();
    assert_eq!(
        unloads,
        vec!["a1b1,b1f1", "a1c1,c1f1", "a1d1,d1f1", "a1e1,e1f1"]
    );
    // Turning on c1: the Unloader stands on f1, the Pusher on c1, a1 is empty; the clock resets.
    let mut pos = Position::from_fen(&e, UNLOAD_FEN).unwrap();
    let mv = pos.parse_move("a1c1,c1f1").unwrap();
    pos.play(mv);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/2e2Q1K b - - 0 1");
}

#[test]
fn each_unload_square_is_its_own_move_with_its_own_notation() {
    let e = unload_legs();
    // The four captures of f1 share from (a1) and to (f1) but leave the Pusher on b1, c1, d1, e1: four moves,
    // four texts, four positions; each text reads back to the very move generated.
    let mut pos = Position::from_fen(&e, UNLOAD_FEN).unwrap();
    let generated: Vec<_> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| pos.uci(m).contains(','))
        .collect();
    assert_eq!(generated.len(), 4);
    let mut after = Vec::new();
    for mv in &generated {
        let text = pos.uci(mv);
        assert_eq!(pos.parse_move(&text).unwrap(), *mv, "{text}");
        pos.play(*mv);
        after.push(pos.to_fen());
        pos.unplay();
    }
    assert_eq!(
        after,
        vec![
            "4k3/8/8/8/8/8/8/1e3Q1K b - - 0 1",
            "4k3/8/8/8/8/8/8/2e2Q1K b - - 0 1",
            "4k3/8/8/8/8/8/8/3e1Q1K b - - 0 1",
            "4k3/8/8/8/8/8/8/4eQ1K b - - 0 1",
        ]
    );
    // The plain text of the same from and to is no move here: the Unloader captures only by unloading.
    assert!(pos.parse_move("a1f1").is_err());
}

#[test]
fn multi_leg_unload_unplay_restores_board_and_hash() {
    let e = unload_legs();
    variants::play_and_unplay(
        &e,
        UNLOAD_FEN,
        "a1b1,b1f1",
        "4k3/8/8/8/8/8/8/1e3Q1K b - - 0 1",
    );
    variants::play_and_unplay(
        &e,
        UNLOAD_FEN,
        "a1e1,e1f1",
        "4k3/8/8/8/8/8/8/4eQ1K b - - 0 1",
    );
    // In the start position the Unloader d1 takes the Black Unloader d8 turning on d2..d7 (below); each one, the
    // Black queen coming to rest on the turning square, with the clock reset.
    let start = "v2qk1ev/8/8/8/8/8/8/V2QK1EV w - - 0 1";
    variants::play_and_unplay(
        &e,
        start,
        "d1d5,d5d8",
        "v2Qk1ev/8/8/3q4/8/8/8/V3K1EV b - - 0 1",
    );
}

#[test]
fn multi_leg_unload_never_puts_the_victim_where_it_could_not_move() {
    let e = unload_legs();
    // Unloader a1, Black Villager a7 (alive only on Black's ranks 6..8). The captures up the a-file may turn on
    // a2..a6, but the Villager could move again only on a6: one unload.
    let fen = "4k3/v7/8/8/8/8/8/Q3K3 w - - 0 1";
    let all = moves(&e, fen);
    let unloads: Vec<&String> = all.iter().filter(|m| m.contains(',')).collect();
    assert_eq!(unloads, vec!["a1a6,a6a7"]);
}

#[test]
fn multi_leg_unload_of_a_friend_moves_it_back_but_never_the_king() {
    let e = unload_legs();
    // Pusher a1, White Unloader a5, king e1. Up the file: a2 a3 a4 (plain), and the friend on a5 taken over a
    // turn on a2, a3 or a4 (3). Along rank 1: b1 c1 d1 (plain); the king e1 is friendly but royal: never taken.
    // 3 + 3 + 3 = 9.
    let fen = "4k3/8/8/Q7/8/8/8/E3K3 w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(
        variants::from(&all, "a1"),
        sorted(&[
            "a1a2",
            "a1a3",
            "a1a4",
            "a1b1",
            "a1c1",
            "a1d1",
            "a1a2,a2a5",
            "a1a3,a3a5",
            "a1a4,a4a5"
        ])
    );
    variants::play_and_unplay(&e, fen, "a1a3,a3a5", "4k3/8/8/E7/8/Q7/8/4K3 b - - 0 1");
}

#[test]
fn multi_leg_unload_capture_of_the_king_is_a_check() {
    let e = unload_legs();
    // Unloader a1, Black king a8 with a2..a7 empty: the Unloader could turn on a2..a6 and take a8, so the king is
    // in check, as from a plain capture. Its flights: a7 is still on the file (turn a2..a6, take a7), b8 and b7
    // are off the Unloader's lines: 2 moves.
    assert!(in_check(&e, "k7/8/8/8/8/8/8/Q3K3 b - - 0 1"));
    assert_eq!(
        moves(&e, "k7/8/8/8/8/8/8/Q3K3 b - - 0 1"),
        vec!["a8b7", "a8b8"]
    );
    // Next to the Unloader no square is left to turn on: no check (`mQ` does not capture).
    assert!(!in_check(&e, "8/8/8/8/8/8/k7/Q3K3 b - - 0 1"));
}

#[test]
fn unload_legs_start_position_counts_by_hand() {
    // White: Villager a1: a2 b1 b2 (3). Unloader d1: c1 b1, d2..d7, c2 b3 a4, e2 f3 g4 h5 (15 plain) and the Black
    // Unloader d8 taken turning on d2..d7 (6): 21. King e1: e2 f2 f1; d2 is attacked (the Black Unloader d8 turns
    // on d7..d3 and takes d2) (3). Pusher g1: f1, g2..g7 (7); the king e1 is royal, h1 has no square between (0).
    // Villager h1: g2 h2 (2). 3 + 21 + 3 + 7 + 2 = 36.
    let e = unload_legs();
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 1), 36);
}

#[test]
fn unload_is_refused_where_the_victim_could_not_land_or_be_recorded() {
    let variant = |betza: &str| {
        format!(
            "board 8 x 8\npiece K {{ royal moves \"K\" }}\npiece Q {{ moves \"{betza}\" }}\n\
             start \"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1\"\n"
        )
    };
    let refusal = |betza: &str| match tatsu::compile::compile("u.tatsu", &variant(betza)) {
        Ok(_) => None,
        Err(d) => d
            .iter()
            .map(|d| d.message.clone())
            .find(|m| m.contains("not supported")),
    };
    // Playable: after an empty turn (plain or `m`), after a hop on an earlier leg, on a cannon last leg, with `d`.
    for ok in [
        "afucQ",
        "afudQ",
        "mafucW",
        "afafucW",
        "pafmafucW",
        "afupcR",
        "ucR",
    ] {
        assert_eq!(refusal(ok), None, "{ok}");
    }
    // Refused: `u` before the last leg; a last leg starting on a capture, destroy, hop or induction turn (the
    // square is not empty); a capture on an earlier turn (a move records one square besides its destination); an
    // induction before (the last empty turn would be the friend's).
    for (bad, what) in [
        ("uafcQ", "on a leg other than the last"),
        ("cafucQ", "starts on a turning square that may hold a piece"),
        ("dafucQ", "starts on a turning square that may hold a piece"),
        ("pafucW", "starts on a turning square that may hold a piece"),
        ("xafucW", "starts on a turning square that may hold a piece"),
        ("cafmafucW", "also capture on a turning square"),
        ("xafmafucW", "induced moves"),
    ] {
        let message = refusal(bad).unwrap_or_else(|| panic!("{bad} compiles"));
        assert!(message.contains(what), "{bad}: {message}");
    }
}

/// A move two components reach (a rook's slide and a dabbaba's leap to the same square; a bishop's slide and an
/// alfil's leap) is one move, listed once. Counted by hand from `tests/data/variants/overlapping.tatsu`: the
/// Rook-Dabbaba on a1 slides to a2–a6 and b1–e1 (its own king stands on f1), and its leaps a3 and c1 are among
/// them; the Bishop-Alfil on c2 slides to b1, d1, b3, a4, d3, e4, f5, and its leaps a4 and e4 are among them.
#[test]
fn a_move_two_components_reach_is_one_move() {
    let engine = variants::engine("overlapping");
    let all = variants::moves(&engine, "5k/2zy2/6/6/2YZ2/X4K w - - 0 1");
    let mut unique = all.clone();
    unique.dedup();
    assert_eq!(all, unique, "a move is listed twice");
    assert_eq!(
        variants::from(&all, "a1"),
        variants::sorted(&["a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1b1", "a1c1", "a1d1", "a1e1"])
    );
    assert_eq!(
        variants::from(&all, "c2"),
        variants::sorted(&["c2a4", "c2b1", "c2b3", "c2d1", "c2d3", "c2e4", "c2f5"])
    );
}

/// A piece that both captures plainly and swaps (`RuR`) has two different moves from d1 onto d5: the capture
/// (the knight leaves the board) and the swap (the knight goes to d1). Both were written `d1d5`, so one of them
/// could not be chosen (found by the `variant_compile` fuzzer, with a 10 KB `W…uW…` string). The swap is written
/// in legs from the piece's own square, `d1d1,d1d5`; a piece that only swaps keeps the plain form (above).
#[test]
fn a_swap_of_a_piece_that_also_captures_plainly_is_written_in_legs() {
    let source = "board 8 x 8\n\
                  piece K \"King\" { royal moves \"K\" }\n\
                  piece R \"Rook\" { moves \"RuR\" }\n\
                  piece N \"Knight\" { moves \"N\" }\n\
                  start \"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1\"\n";
    let e = engine_of(source);
    let fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(
        from_square(&e, fen, "d1"),
        sorted(&["a1", "b1", "c1", "d2", "d3", "d4", "d5", "d1,d1d5"])
    );
    variants::play_and_unplay(&e, fen, "d1d5", "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1");
    variants::play_and_unplay(&e, fen, "d1d1,d1d5", "4k3/8/8/3R4/8/8/8/3nK3 b - - 0 1");
}

/// A borrower's swaps are written in legs when it could also borrow a plain capture: found by `variant_mutate`
/// (docs/fuzzing.md, fixed findings). exotic-fast's Teleporter written `xUcK` borrows from every friendly piece; on
/// f6 it borrows the cylinder rook's capture of the pawn on f2 and the swapper's unloading capture of it (the pawn
/// put back on f6). Both were written `f6f2`, so the move list could not be read back; the swap is `f6f6,f6f2`.
#[test]
fn a_borrower_writes_a_borrowed_swap_in_legs_beside_a_borrowed_capture() {
    let e = engine_of(&source_with(
        "tests/data/variants/exotic-fast.tatsu",
        "\"mUcK\"",
        "\"xUcK\"",
    ));
    let fen = "chbk1swc/pppppppp/5t2/8/8/HP6/P1PPPPPP/C1BKTSWC b - - 3 2";
    let mut list = moves(&e, fen);
    let all = list.len();
    list.sort();
    list.dedup();
    assert_eq!(list.len(), all, "two legal moves share a text");
    variants::play_and_unplay(
        &e,
        fen,
        "f6f2",
        "chbk1swc/pppppppp/8/8/8/HP6/P1PPPtPP/C1BKTSWC w - - 0 3",
    );
    variants::play_and_unplay(
        &e,
        fen,
        "f6f6,f6f2",
        "chbk1swc/pppppppp/5P2/8/8/HP6/P1PPPtPP/C1BKTSWC w - - 0 3",
    );
}

/// A piece with a plain capture and a swap along the same lines (`RucR`) has two captures of one victim: the
/// plain one written `a1a2`, the swap in legs, `a1a1,a1a2`.
#[test]
fn a_piece_that_captures_and_swaps_on_one_line_lists_both_captures() {
    let source = "board 8 x 8\n\
        piece K \"King\" { royal moves \"K\" }\n\
        piece R \"Rook swapper\" { moves \"RucR\" }\n\
        start \"k7/8/8/8/8/7K/r7/R7 w - - 0 1\"\n";
    let e = engine_of(source);
    let fen = "k7/8/8/8/8/7K/r7/R7 w - - 0 1";
    assert_eq!(
        from_square(&e, fen, "a1"),
        sorted(&["a2", "a1,a1a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1"])
    );
    variants::play_and_unplay(&e, fen, "a1a2", "k7/8/8/8/8/7K/R7/8 b - - 0 1");
    variants::play_and_unplay(&e, fen, "a1a1,a1a2", "k7/8/8/8/8/7K/R7/r7 b - - 0 1");
}

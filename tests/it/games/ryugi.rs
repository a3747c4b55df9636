//! RULES.md §1.7: the Ryugi test facts.
use super::common::*;
use crate::support::rules_facts::*;
use tatsu::engine::{perft::perft, Reason};
use tatsu::rules::Side;

const START: &str =
    "ribmqkdbir/ppppnnpppp/4pp4/10/10/10/10/4PP4/PPPPNNPPPP/RIBMQKDBIR w KQkq - 0 1";

#[test]
fn start_position_has_34_moves_for_each_side() {
    let e = engine("ryugi");
    let expected = set(&[
        "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e3e4", "e3e5", "f3f4",
        "f3f5", "g2g3", "g2g4", "h2h3", "h2h4", "i2i3", "i2i4", "j2j3", "j2j4", "e2c3", "e2d4",
        "e2f4", "e2g3", "f2d3", "f2e4", "f2g4", "f2h3", "b1b3", "i1i3", "d1c3", "g1h3", "g1i5",
        "g1j7",
    ]);
    assert_eq!(
        moves(&e, START)
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>(),
        expected
    );
    assert_eq!(moves(&e, &START.replace(" w ", " b ")).len(), 34);
}

#[test]
fn only_the_dragon_on_j7_changes_blacks_reply_count() {
    let e = engine("ryugi");
    let mut pos = position(&e, START);
    assert_eq!(perft(&mut pos, 2), 1155);
    for mv in pos.legal_move_list() {
        let text = pos.uci(&mv);
        pos.play(mv);
        let replies = pos.legal_move_list().len();
        pos.unplay();
        assert_eq!(
            replies,
            if text == "g1j7" { 33 } else { 34 },
            "after {text}"
        );
    }
}

#[test]
fn piece_ranges_on_an_empty_board_from_e5() {
    let e = engine("ryugi");
    for (symbol, count) in RYUGI_COUNTS_ON_E5 {
        assert_eq!(
            lone_destinations(&e, symbol, Side::White, "e5").len(),
            count,
            "{symbol} on e5"
        );
    }
    assert_eq!(
        lone_destinations(&e, "I", Side::White, "e5"),
        squares(RYUGI_KIRIN_ON_E5)
    );
}

#[test]
fn dragon_nightrider_rays_are_blocked_only_on_touch_down_squares() {
    let e = engine("ryugi");
    let alone = lone_destinations(&e, "D", Side::White, "a1");
    let mut expected = set(&["b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10"]);
    expected.extend(set(&["b3", "c5", "d7", "e9", "c2", "e3", "g4", "i5"]));
    assert_eq!(alone, expected);
    assert_eq!(alone.len(), RYUGI_DRAGON_COUNT_ON_A1);
    assert_eq!(
        moves(&e, "10/10/10/10/10/10/10/10/PP8/D9 w - - 0 1")
            .iter()
            .filter(|m| m.starts_with("a1"))
            .count(),
        8
    );
    assert_eq!(
        moves(&e, "10/10/10/10/10/10/10/1P8/10/D9 w - - 0 1")
            .iter()
            .filter(|m| m.starts_with("a1"))
            .count(),
        13
    );
}

#[test]
fn kirin_and_marshall_from_the_corner() {
    let e = engine("ryugi");
    assert_eq!(
        lone_destinations(&e, "I", Side::White, "a1"),
        squares(RYUGI_KIRIN_ON_A1)
    );
    assert_eq!(
        lone_destinations(&e, "M", Side::White, "a1").len(),
        RYUGI_MARSHALL_COUNT_ON_A1
    );
}

#[test]
fn king_castles_two_or_three_squares_with_the_rook_landing_beside_it() {
    let e = engine("ryugi");
    let fen = "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 34);
    for (castle, rook_from, rook_to) in [
        ("f1h1", "j1", "g1"),
        ("f1i1", "j1", "h1"),
        ("f1d1", "a1", "e1"),
        ("f1c1", "a1", "d1"),
    ] {
        assert!(all.contains(&castle.to_string()), "{castle}");
        let mut pos = position(&e, fen);
        play(&mut pos, castle);
        let g = e.game.geometry;
        assert!(
            pos.piece_at(g.parse_square(rook_from).unwrap()).is_none(),
            "{castle}: rook left {rook_from}"
        );
        let rook = pos
            .piece_at(g.parse_square(rook_to).unwrap())
            .expect("rook arrived");
        assert_eq!(e.game.piece(rook.0).symbol, "R", "{castle}");
    }
    let black = moves(&e, &fen.replace(" w ", " b "));
    assert_eq!(black.len(), 34);
    for castle in ["f10h10", "f10i10", "f10d10", "f10c10"] {
        assert!(black.contains(&castle.to_string()), "{castle}");
    }
}

#[test]
fn castling_king_may_not_cross_or_land_on_an_attacked_square() {
    let e = engine("ryugi");
    let with_rook_on = |sq: &str| {
        let rank6 = match sq {
            "g6" => "6r3",
            "i6" => "8r1",
            "c6" => "2r7",
            "b6" => "1r8",
            _ => unreachable!(),
        };
        moves(
            &e,
            &format!("5k4/10/10/10/{rank6}/10/10/10/10/R4K3R w KQ - 0 1"),
        )
    };
    let g6 = with_rook_on("g6");
    assert_eq!(g6.len(), 30);
    assert!(!g6.contains(&"f1h1".into()) && !g6.contains(&"f1i1".into()));
    assert!(g6.contains(&"f1d1".into()) && g6.contains(&"f1c1".into()));
    let i6 = with_rook_on("i6");
    assert_eq!(i6.len(), 33);
    assert!(!i6.contains(&"f1i1".into()) && i6.contains(&"f1h1".into()));
    let c6 = with_rook_on("c6");
    assert_eq!(c6.len(), 33);
    assert!(!c6.contains(&"f1c1".into()) && c6.contains(&"f1d1".into()));
    assert_eq!(
        with_rook_on("b6").len(),
        34,
        "b1 is crossed only by the rook"
    );
}

#[test]
fn castling_needs_the_right_of_that_wing() {
    let e = engine("ryugi");
    let all = moves(&e, "5k4/10/10/10/10/10/10/10/10/R4K3R w Q - 0 1");
    assert_eq!(all.len(), 32);
    let castles: Vec<_> = all
        .iter()
        .filter(|m| ["f1h1", "f1i1", "f1d1", "f1c1"].contains(&m.as_str()))
        .collect();
    assert_eq!(castles, vec!["f1c1", "f1d1"]);
}

#[test]
fn en_passant_only_on_the_next_move() {
    let e = engine("ryugi");
    let fen = "5k4/10/5p4/10/6P3/10/10/10/10/5K4 b - - 0 1";
    let black = moves(&e, fen);
    assert_eq!(black.len(), 7);
    assert!(black.contains(&"f8f6".into()) && black.contains(&"f8f7".into()));
    let mut pos = position(&e, fen);
    play(&mut pos, "f8f6");
    let white = uci_moves(&mut pos);
    assert_eq!(white.len(), 7);
    assert!(white.contains(&"g6f7".into()));
    play(&mut pos, "g6f7");
    assert!(
        pos.piece_at(e.game.geometry.parse_square("f6").unwrap())
            .is_none(),
        "the e.p. capture removes f6"
    );
}

#[test]
fn pawn_double_steps_from_any_friendly_pawn_start_square() {
    let e = engine("ryugi");
    let fen = "5k4/10/10/10/10/10/10/4p5/3P6/5K4 w - - 0 1";
    let all = moves(&e, fen);
    for m in ["d2d3", "d2d4", "d2e3"] {
        assert!(all.contains(&m.to_string()), "{m}");
    }
    let mut pos = position(&e, fen);
    play(&mut pos, "d2e3 f10g10");
    assert!(uci_moves(&mut pos).contains(&"e3e5".into()));
    let mut pos = position(&e, fen);
    play(&mut pos, "d2d3 f10g10");
    let pawn: Vec<_> = uci_moves(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("d3"))
        .collect();
    assert_eq!(pawn, vec!["d3d4"]);
}

#[test]
fn pawn_promotes_on_the_last_rank_to_one_of_seven_pieces() {
    let e = engine("ryugi");
    let all = moves(&e, "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(all.len(), 12);
    let promotions: Vec<_> = all.iter().filter(|m| m.starts_with("a9a10")).collect();
    assert_eq!(
        promotions,
        vec!["a9a10b", "a9a10d", "a9a10i", "a9a10m", "a9a10n", "a9a10q", "a9a10r"]
    );
}

#[test]
fn third_repetition_is_a_draw() {
    let e = engine("ryugi");
    let mut pos = position(&e, START);
    play(&mut pos, "e2c3 e9c8 c3e2 c8e9");
    assert_eq!(pos.outcome(), None, "second occurrence");
    play(&mut pos, "e2c3 e9c8 c3e2 c8e9");
    let outcome = pos.outcome().expect("third occurrence ends the game");
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::Repetition));
}

#[test]
fn sixty_four_move_rule_draws_after_128_quiet_plies() {
    let e = engine("ryugi");
    let mut pos = position(&e, "5k4/10/10/10/10/10/10/10/10/R4K4 w - - 127 80");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "a1a2");
    let outcome = pos.outcome().expect("the 128th quiet ply ends the game");
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::MoveLimit));
}

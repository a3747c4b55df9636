//! The game-end vocabulary (docs/variant-language.md, "End rules"): decided positions have no moves; extinction,
//! flag zones (with racing kings' equalising reply), the check limit, the bare king with the reprieve, checkmate,
//! repetition and draws as data, moves that may not give check; and the diagnostics of misuse.
//! Positions are worked out by hand from the rules as written (the shatranj and racing-kings results were also
//! checked with pyffish 0.0.90, which agrees); the perft tables of the same games come from Fairy-Stockfish
//! (tests/it/perft.rs).
use crate::support::variants::{compile_errors, engine, engine_of, moves};
use tatsu::engine::{perft::perft, Engine, Outcome, Position, Reason};
use tatsu::rules::Side;

/// Each error of compiling `source`, as `file:line:col: severity: message`.
fn decided(engine: &Engine, fen: &str) -> Option<Outcome> {
    Position::from_fen(engine, fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .decided()
}

fn won(winner: Side, reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(winner),
        reason,
    })
}

#[test]
fn a_bare_king_position_has_no_moves_and_perft_counts_nothing_below_it() {
    let e = crate::games::common::engine("heian-ryu-shogi");
    let fen = "3k3/7/7/7/7/7/7/7/7/7/7/2RK3[] b - - 0 1";
    assert_eq!(decided(&e, fen), won(Side::White, Reason::BareKing));
    assert!(crate::games::common::moves(&e, fen).is_empty());
    let mut pos = Position::from_fen(&e, fen).unwrap();
    assert_eq!(perft(&mut pos, 1), 0);
    assert_eq!(perft(&mut pos, 3), 0);
}

#[test]
fn a_king_on_the_hill_wins_and_ends_the_game() {
    let e = engine("kingofthehill");
    // White's king has just stepped onto d4.
    let fen = "rnbqkbnr/pppppppp/8/8/3K4/8/PPPPPPPP/RNBQ1BNR b kq - 0 1";
    assert_eq!(decided(&e, fen), won(Side::White, Reason::Flag));
    assert!(moves(&e, fen).is_empty());
    // A queen on d4 is no flag piece.
    let queen = "rnbqkbnr/pppppppp/8/8/3Q4/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1";
    assert_eq!(decided(&e, queen), None);
    assert!(!moves(&e, queen).is_empty());
}

#[test]
fn the_third_check_wins_and_the_fen_counts_checks_still_to_give() {
    let e = engine("threecheck");
    // White has one check left to give; Qxf7+ gives it.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 3";
    let mut pos = Position::from_fen(&e, fen).unwrap();
    assert_eq!(pos.to_fen(), fen, "the check field reads back");
    let mv = pos.parse_move("f3f7").unwrap();
    pos.play(mv);
    assert!(pos.to_fen().contains(" 0+3 "), "{}", pos.to_fen());
    assert_eq!(pos.decided(), won(Side::White, Reason::CheckLimit));
    assert!(pos.legal_move_list().is_empty());
    pos.unplay();
    assert_eq!(pos.to_fen(), fen, "unplay restores the count");
}

#[test]
fn a_check_field_the_game_does_not_count_is_an_error() {
    let chess = crate::games::common::engine("chess");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    assert!(Position::from_fen(&chess, fen).is_err());
    let e = engine("threecheck");
    let over = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+3 0 1";
    assert!(Position::from_fen(&e, over).is_err());
}

#[test]
fn losing_every_piece_of_one_type_loses_in_extinction_chess() {
    let e = engine("extinction");
    // Black has no queen left: White has won, whatever the moves.
    let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(decided(&e, fen), won(Side::White, Reason::Extinction));
    assert!(moves(&e, fen).is_empty());
}

#[test]
fn a_king_that_is_not_royal_castles_through_attacked_squares() {
    let e = engine("extinction");
    // The rook on f8 attacks f1, which White's king crosses: legal when the king is not royal.
    let all = moves(&e, "rnbqkr2/ppppp1pp/8/8/8/8/PPPPP1PP/RNBQK2R w KQq - 0 1");
    assert!(all.contains(&"e1g1".to_string()), "{all:?}");
}

#[test]
fn three_kings_lose_when_only_two_are_left() {
    let e = engine("threekings");
    let two = "k6k/8/8/8/8/8/8/K3K2K w - - 0 1";
    assert_eq!(decided(&e, two), won(Side::White, Reason::Extinction));
    let three = "k3k2k/8/8/8/8/8/8/K3K2K w - - 0 1";
    assert_eq!(decided(&e, three), None);
}

#[test]
fn a_horde_without_pieces_loses_and_has_no_castling() {
    let e = engine("horde");
    assert_eq!(
        decided(&e, "rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - 0 1"),
        won(Side::Black, Reason::Extinction)
    );
    assert_eq!(
        e.game
            .castling_rights
            .iter()
            .filter(|r| r.side == Side::White)
            .count(),
        0
    );
}

#[test]
fn a_bared_king_to_move_keeps_the_reprieve_while_it_can_bare_the_other() {
    let e = engine("shatranj");
    // Black is bare and to move, White has one piece left: not decided yet, Black may take it.
    let reprieve = "8/8/8/8/8/2k5/2R5/K7 b - - 0 1";
    assert_eq!(decided(&e, reprieve), None);
    assert!(moves(&e, reprieve).contains(&"c3c2".to_string()));
    // With two White pieces, the bared side to move has lost.
    let lost = "8/8/8/8/8/2k5/2R5/KR6 b - - 0 1";
    assert_eq!(decided(&e, lost), won(Side::White, Reason::BareKing));
    // Black has moved without taking: White, to move, wins.
    let after = "8/8/8/8/8/1k6/2R5/K7 w - - 0 1";
    assert_eq!(decided(&e, after), won(Side::White, Reason::BareKing));
    // Both bare: no result by this rule.
    assert_eq!(decided(&e, "8/8/8/8/8/1k6/8/K7 w - - 0 1"), None);
}

#[test]
fn extinction_of_a_royal_piece_is_refused_at_the_piece() {
    let errors = compile_errors(
        "board 4 x 4\npiece K { royal moves \"K\" }\nstart \"k3/4/4/3K w - - 0 1\"\nend { extinction of K loss }\n",
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("`K` is royal") && e.contains(":4:21")),
        "{errors:?}"
    );
}

#[test]
fn a_check_limit_without_a_royal_piece_is_refused() {
    let errors = compile_errors(
        "board 4 x 4\npiece K { moves \"K\" }\nstart \"k3/4/4/3K w - - 0 1\"\nend { check-limit 3 wins extinction of K loss }\n",
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("has none") && e.contains(":4:19")),
        "{errors:?}"
    );
}

/// A 4x4 game of two kings with the given `end` block.
fn kings_only(end: &str) -> Engine {
    let source = format!(
        "board 4 x 4\npiece K {{ royal moves \"K\" }}\nstart \"k3/4/4/3K w - - 0 1\"\nend {{ {end} }}\n"
    );
    engine_of(&source)
}

/// Both kings step out and back: Black's last move completes the second occurrence of the start position.
fn after_a_repetition(engine: &Engine) -> Option<Outcome> {
    let mut pos = Position::start(engine);
    for text in ["d1d2", "a4a3", "d2d1", "a3a4"] {
        let mv = pos.parse_move(text).unwrap();
        pos.play(mv);
    }
    pos.outcome()
}

#[test]
fn repetition_is_scored_as_the_game_says() {
    let draw = Some(Outcome {
        winner: None,
        reason: Reason::Repetition,
    });
    assert_eq!(after_a_repetition(&kings_only("repetition 2")), draw);
    assert_eq!(
        after_a_repetition(&kings_only("repetition 2 mover-loses")),
        won(Side::White, Reason::Repetition),
        "Black completed it"
    );
    assert_eq!(
        after_a_repetition(&kings_only("repetition 2 white-loses")),
        won(Side::Black, Reason::Repetition)
    );
}

#[test]
fn draws_are_scored_as_wins_for_the_side_with_draw_odds() {
    assert_eq!(
        after_a_repetition(&kings_only("repetition 2 draws-win black")),
        won(Side::Black, Reason::Repetition)
    );
}

#[test]
fn checkmate_win_makes_the_mated_side_the_winner() {
    let e = engine("misere");
    // Fool's mate: White is mated, and wins.
    let mut pos = Position::start(&e);
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let mv = pos.parse_move(text).unwrap();
        pos.play(mv);
    }
    assert_eq!(pos.outcome(), won(Side::White, Reason::Checkmate));
}

#[test]
fn racing_kings_lets_black_equalise_a_white_flag_once() {
    let e = engine("racingkings");
    // White's king is on a8; Black's can reach h8 in reply: the game goes on.
    assert_eq!(decided(&e, "K7/7k/8/8/8/8/8/8 b - - 0 1"), None);
    // Black's king cannot reach the 8th rank: White has won.
    assert_eq!(
        decided(&e, "K7/8/8/8/8/8/7k/8 b - - 0 1"),
        won(Side::White, Reason::Flag)
    );
    // Both kings arrived: a draw.
    assert_eq!(
        decided(&e, "K6k/8/8/8/8/8/8/8 w - - 0 1"),
        Some(Outcome {
            winner: None,
            reason: Reason::Flag
        })
    );
    // Black arrived first: White gets no reply.
    assert_eq!(
        decided(&e, "7k/K7/8/8/8/8/8/8 w - - 0 1"),
        won(Side::Black, Reason::Flag)
    );
}

#[test]
fn a_move_that_gives_check_is_illegal_where_the_game_says_so() {
    let e = engine("racingkings");
    // Rg1-h1 and Rg1-g6 would check the king on h6: neither is allowed.
    let all = moves(&e, "8/8/7k/8/8/8/8/K5R1 w - - 0 1");
    assert!(!all.contains(&"g1h1".to_string()), "{all:?}");
    assert!(!all.contains(&"g1g6".to_string()), "{all:?}");
    assert!(all.contains(&"g1g7".to_string()), "{all:?}");
}

#[test]
fn a_drop_that_wins_by_the_check_limit_is_no_forbidden_drop_mate() {
    let source = "board 4 x 4\ndrops\npiece K { royal moves \"K\" }\npiece P { moves \"fW\" drop no-mate }\n\
                  start \"3k/4/4/K3[P] w - - 0 1\"\nend { check-limit 1 wins }\n";
    let e = engine_of(source);
    // P@d3 checks the king on d4, which could step away: no mate, so the drop is legal, and it wins.
    let all = moves(&e, "3k/4/4/K3[P] w - - 0 1");
    assert!(all.contains(&"P@d3".to_string()), "{all:?}");
    let mut pos = Position::from_fen(&e, "3k/4/4/K3[P] w - - 0 1").unwrap();
    let mv = pos.parse_move("P@d3").unwrap();
    pos.play(mv);
    assert_eq!(pos.decided(), won(Side::White, Reason::CheckLimit));
}

#[test]
fn a_royal_piece_in_check_may_not_move_where_the_game_says_so() {
    let game = |end: &str| {
        let source = format!(
            "board 8 x 8\npiece K {{ royal moves \"K\" }}\npiece R {{ moves \"R\" }}\n\
             start \"7k/8/8/8/8/8/8/4K3 w - - 0 1\"\nend {{ {end} }}\n"
        );
        engine_of(&source)
    };
    // The rook on e8 checks the king on e1; the rook on a2 can only block on e2.
    let fen = "4r2k/8/8/8/8/8/R7/4K3 w - - 0 1";
    assert_eq!(
        moves(&game("royal-frozen-in-check"), fen),
        vec!["a2e2".to_string()]
    );
    assert!(moves(&game("stalemate draw"), fen).len() > 1);
}

#[test]
fn a_stalemate_is_won_by_the_side_with_fewer_pieces_and_drawn_with_equal_counts() {
    // Suicide chess (`stalemate fewer-pieces-win`); pyffish `suicide` game_result agrees on all three.
    let e = engine("suicide");
    let outcome = |fen: &str| {
        Position::from_fen(&e, fen)
            .unwrap_or_else(|err| panic!("{fen}: {err}"))
            .outcome()
    };
    // White, stalemated, has one piece against two: White wins.
    assert_eq!(
        outcome("8/8/8/8/8/p7/P7/7n w - - 0 1"),
        won(Side::White, Reason::Stalemate)
    );
    // One piece each: a draw.
    assert_eq!(
        outcome("8/8/8/8/8/p7/P7/8 w - - 0 1"),
        Some(Outcome {
            winner: None,
            reason: Reason::Stalemate
        })
    );
    // White, stalemated, has three pieces against two: Black wins.
    assert_eq!(
        outcome("8/8/8/8/p5p1/P5P1/6P1/8 w - - 0 1").map(|o| o.winner),
        Some(Some(Side::Black))
    );
}

#[test]
fn an_after_reply_flag_wins_only_when_the_piece_survives_the_reply() {
    // Jeson Mor: White's knight has just reached e5; Black to move might take it (none of its knights can) and the
    // game goes on; if the knight is still there with White to move, White has won. Checked with pyffish
    // `jesonmor` (is_immediate_game_end false, then true).
    let e = engine("jesonmor");
    let arrived = "4n4/9/9/9/4N4/9/9/9/4N4 b - - 1 1";
    assert_eq!(decided(&e, arrived), None);
    let stayed = "3n5/9/9/9/4N4/9/9/9/4N4 w - - 2 2";
    assert_eq!(decided(&e, stayed), won(Side::White, Reason::Flag));
}

#[test]
fn an_if_safe_flag_counts_only_where_no_enemy_piece_attacks_it() {
    // Dobutsu: White's lion on b4 (the far rank) is attacked by Black's giraffe on a4: no win yet; with the giraffe
    // elsewhere, White has won. pyffish `dobutsu` agrees (is_immediate_game_end).
    let e = engine("dobutsu");
    assert_eq!(decided(&e, "gL1/3/l2/3[-] b - - 0 1"), None);
    assert_eq!(
        decided(&e, "1L1/g2/l2/3[-] b - - 0 1"),
        won(Side::White, Reason::Flag)
    );
}

#[test]
fn a_frozen_king_may_take_its_only_checker_but_not_one_of_two() {
    // Fairy-Stockfish's makpong (`makpongRule`), whose lists these are: the king in check stays put, except to
    // take the single piece that gives check.
    let e = engine("makpong");
    assert_eq!(moves(&e, "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1"), ["d1d2"]);
    // Rook and knight both give check: taking the rook leaves the knight's check, so nothing is legal.
    assert!(moves(&e, "4k3/8/8/8/8/2n5/3r4/3K4 w - - 0 1").is_empty());
}

/// Shatar's mate rules (`checkmate-by-only N loses`, `checkmate-needs-check-by N R J`), each result what pyffish
/// 0.0.90's `game_result` gives for the same position and moves.
#[test]
fn a_shatar_mate_by_knights_alone_is_lost_by_the_side_that_gives_it() {
    let e = engine("shatar");
    let mut pos = Position::from_fen(&e, "6rk/5Npp/8/8/8/8/8/K7 b - - 0 1").unwrap();
    assert_eq!(pos.outcome(), won(Side::Black, Reason::Checkmate));
}

#[test]
fn a_shatar_mate_counts_only_after_a_shak_in_its_series_of_checks() {
    let e = engine("shatar");
    // A rook's mate is a shak itself.
    let mut pos = Position::from_fen(&e, "R5k1/5ppp/8/8/8/8/8/K7 b - - 0 1").unwrap();
    assert_eq!(pos.outcome(), won(Side::White, Reason::Checkmate));
    // A bishop's mate set up alone has no shak behind it: a draw (niol).
    let mated = "8/8/8/3B4/8/7p/kPK5/4R3 b - - 3 2";
    let mut pos = Position::from_fen(&e, mated).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Checkmate
        })
    );
    // The same mate played after the rook's check e7e1 (the king stepped out of it, still in the series): it counts.
    let mut pos = crate::support::variants::played(
        &e,
        "8/1B2R3/8/8/8/7p/1PK5/k7 w - - 0 1",
        "e7e1 a1a2 b7d5",
    );
    assert_eq!(pos.to_fen(), mated);
    assert_eq!(pos.outcome(), won(Side::White, Reason::Checkmate));
}

/// The move-limit counter is reset by a `reset-by` piece's irreversible moves only, as Fairy-Stockfish counts it: a
/// sideways pawn step can be undone, a forward one cannot (both FENs are pyffish 0.0.90's `get_fen`).
#[test]
fn a_sideways_pawn_step_does_not_reset_the_move_limit_counter() {
    let e = engine("pawnsideways");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pos = crate::support::variants::played(&e, start, "e2e4 e7e5 e4d4");
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2"
    );
    let pos = crate::support::variants::played(&e, start, "e2e4 e7e5 e4d4 d7d6");
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/ppp2ppp/3p4/4p3/3P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
    );
}

/// `reset-by promotions`: a promotion restarts the move-limit count whatever the piece, while the pawn's own moves
/// keep it (pawn-back chess, whose pawns step back). The clocks are pyffish 0.0.90's `get_fen` for its built-in
/// `pawnback`, from a clock of 7: `a7a8q` (no capture) gives 0; `e2e4` 8; `e2e4 e7e5 e4e3` 10. Without the words,
/// the promotion counts on (8).
#[test]
fn a_promotion_restarts_the_move_limit_count_where_the_game_says_reset_by_promotions() {
    use crate::support::variants::{played, source_with};
    let fen = "1nbqkbnr/Pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w Kk - 7 5";
    let clock = |e: &Engine, moves: &str| played(e, fen, moves).halfmove_clock();
    let e = engine("pawnback");
    assert_eq!(clock(&e, "a7a8q"), 0);
    assert_eq!(clock(&e, "e2e4"), 8);
    assert_eq!(clock(&e, "e2e4 e7e5 e4e3"), 10);
    let without = engine_of(&source_with(
        "tests/data/variants/pawnback.tatsu",
        "move-limit 100 plies reset-by promotions",
        "move-limit 100 plies",
    ));
    assert_eq!(clock(&without, "a7a8q"), 8);
}

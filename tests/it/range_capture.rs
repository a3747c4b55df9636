//! Range capture (`rank-order`, `jumps-lower [to-capture]`: Tenjiku Shogi's jumping generals,
//! docs/variant-language.md "Range capture"). The counts are derived by hand beside each test: HaChu 0.21, the one
//! engine at hand that plays Tenjiku Shogi, crashes on `variant tenjiku` once given a hash table (and lists no
//! moves without one), so no engine serves as an oracle here.
use tatsu::engine::{perft, Engine, Position};
use variants::{compile_errors, engine, engine_of, moves, replaced, sorted};

use crate::support::variants;

/// A 5x5 game: King above Great General above Rook General, pawns lowest.
const SMALL: &str = r#"
board 5 x 5
orientation rotate
rank-order K > Gg > Rg
piece K  "King"          { royal moves "K" }
piece Gg "Great General" { moves "Q" jumps-lower }
piece Rg "Rook General"  { moves "R" jumps-lower }
piece P  "Pawn"          { moves "fW" }
start "k4/5/5/5/4K w - - 0 1"
"#;

/// White's Great General a1 behind two lower pieces on its file (its own pawn a2, Black's pawn a3), Black's
/// Rook General a5 (lower) and King c5.
const BEHIND_TWO: &str = "(rg)1k2/5/p4/P4/(Gg)3K w - - 0 1";

#[test]
fn a_great_general_behind_two_lower_pieces_passes_over_both_perft_1() {
    let e = engine_of(SMALL);
    // Great General a1: up the file it passes its own pawn a2 (no landing), takes or passes Black's pawn a3, moves
    // to a4, takes or passes the Rook General a5 (lower): a3 a4 a5. Along the first rank b1 c1 d1, then its own
    // King e1 (higher) ends the line. The diagonal b2 c3 d4 e5 is empty. 10 moves.
    // King e1: d1 d2 e2 (Black's Rook General a5 passes its pawn a3 and White's a2 to a1, not the King's squares;
    // Black's King covers b4..d4). 3 moves. Pawn a2 takes a3. 1 move. 14 in all.
    let list = moves(&e, BEHIND_TWO);
    let gg = [
        "a1a3", "a1a4", "a1a5", "a1b1", "a1c1", "a1d1", "a1b2", "a1c3", "a1d4", "a1e5",
    ];
    let mut expected: Vec<&str> = gg.to_vec();
    expected.extend(["e1d1", "e1d2", "e1e2", "a2a3"]);
    assert_eq!(list, sorted(&expected));
    let mut pos = Position::from_fen(&e, BEHIND_TWO).unwrap();
    assert_eq!(perft::perft(&mut pos, 1), 14);
}

#[test]
fn jumps_lower_to_capture_stops_past_a_piece_only_on_an_enemy() {
    let e = engine_of(&replaced(
        SMALL,
        r#"moves "Q" jumps-lower"#,
        r#"moves "Q" jumps-lower to-capture"#,
    ));
    // As above, but past its own pawn a2 the Great General may stop only on an enemy: a3 and a5, not a4. 13 moves.
    let list = moves(&e, BEHIND_TWO);
    assert!(list.contains(&"a1a3".to_string()) && list.contains(&"a1a5".to_string()));
    assert!(!list.contains(&"a1a4".to_string()), "{list:?}");
    assert_eq!(list.len(), 13, "{list:?}");
}

#[test]
fn a_piece_of_equal_or_higher_rank_ends_the_line_and_is_taken_if_enemy() {
    let e = engine_of(SMALL);
    // White's Rook General a1, pawns a2 (White) and a3 (Black), Black's Great General a4 (higher: taken, not
    // passed), Black's Rook General a5 beyond it (never reached). Along the rank: b1 c1 d1, then the King e1.
    let fen = "(rg)1k2/(gg)4/p4/P4/(Rg)3K w - - 0 1";
    let list = variants::from(&moves(&e, fen), "a1");
    assert_eq!(list, sorted(&["a1a3", "a1a4", "a1b1", "a1c1", "a1d1"]));
    // Two Rook Generals (equal rank) never pass each other: White's a1 takes Black's a4 and stops there.
    let fen = "(rg)1k2/(rg)4/p4/P4/(Rg)3K w - - 0 1";
    let list = variants::from(&moves(&e, fen), "a1");
    assert_eq!(list, sorted(&["a1a3", "a1a4", "a1b1", "a1c1", "a1d1"]));
}

#[test]
fn a_range_capturer_gives_check_through_lower_pieces() {
    let e = engine_of(SMALL);
    // Black's King a5 on the file of White's Great General a1, two pawns between (a2 White's, a3 Black's): check.
    let fen = "k4/5/p4/P4/(Gg)3K b - - 0 1";
    let pos = Position::from_fen(&e, fen).unwrap();
    assert!(pos.in_check());
    // The King may not step to a4 (still on the line); b4 and b5 are safe. The pawn's capture a3xa2 leaves a pawn
    // (lower) on the line: still check, illegal. 2 moves.
    assert_eq!(moves(&e, fen), sorted(&["a5b4", "a5b5"]));
    // A plain Queen is blocked by the first pawn: no check.
    let plain = engine_of(&replaced(SMALL, r#"moves "Q" jumps-lower"#, r#"moves "Q""#));
    assert!(!Position::from_fen(&plain, fen).unwrap().in_check());
}

#[test]
fn only_a_piece_of_equal_or_higher_rank_blocks_a_range_capturers_check() {
    let e = engine_of(SMALL);
    // As above, with Black's Great General c4 (equal rank to White's): stepping to a4 blocks the file, and so does
    // taking the pawn a2 (c4-b3-a2), which puts it on the line; going to b4 blocks nothing.
    let fen = "k4/2(gg)2/p4/P4/(Gg)3K b - - 0 1";
    let list = moves(&e, fen);
    for legal in ["c4a4", "c4a2", "a5b5"] {
        assert!(list.contains(&legal.to_string()), "{legal}: {list:?}");
    }
    for illegal in ["c4b4", "a3a2", "a5a4"] {
        assert!(!list.contains(&illegal.to_string()), "{illegal}: {list:?}");
    }
}

#[test]
fn jumping_generals_start_position_perft_1_counted_by_hand() {
    let e = engine("range-capture");
    // White: Bishop General a1 passes G b2 and P c3: d4, e5 (p), f6 (g), g7 (Black's Bishop General, equal: taken,
    // end) = 4. Rook General b1 passes G b2, P b3: b4, b5, b6, b7 (equal) = 4; beside it a1 (equal) and c1 (Vice,
    // higher) block. Vice General c1: d2, passes P e3, f4, g5 (p) = 3; its other diagonal passes b2 and a3, both
    // White's. King d1: d2, e2; c2 is attacked by Black's Great General c7 through the pawns c5 and c3. Great
    // General e1: e2, e4, e5 (p), e6, e7 (Vice, lower: taken) = 5, then d2, b4, a5 (p) past P c3 = 3; the King d1
    // (higher) blocks one side, the Generals f1, g1 pass to the edge. Rook General f1 = 4, Bishop General g1 = 4
    // (as b1 and a1), Golds b2 and f2 two steps each, seven pawn steps. 4+4+3+2+8+4+4+2+2+7 = 40.
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 1), 40);
    // Deeper counts, to notice a change (tatsu's own; no other engine plays this game).
    assert_eq!(perft::perft(&mut pos, 2), 1_396);
    assert_eq!(perft::perft(&mut pos, 3), 51_599);
}

/// `range-capture.tatsu` with no royal piece: the legal moves are the pseudo-legal ones, so every capture move
/// must land on a square attack detection calls attacked, and the other way round.
fn without_check() -> Engine {
    let path = format!(
        "{}/tests/data/variants/range-capture.tatsu",
        env!("CARGO_MANIFEST_DIR")
    );
    let source = std::fs::read_to_string(path).unwrap();
    let source = replaced(&source, "royal moves", "moves");
    engine_of(&format!("{source}\nend {{ extinction of K loss }}\n"))
}

#[test]
fn attack_detection_agrees_with_the_range_captures_generated() {
    let e = without_check();
    let mut rng = tatsu::rng::SplitMix64::new(47);
    for game in 0..20 {
        let mut pos = Position::start(&e);
        for ply in 0..40 {
            let list = pos.legal_move_list();
            if list.is_empty() || pos.outcome().is_some() {
                break;
            }
            let us = pos.side_to_move();
            let mut taken: Vec<String> = list
                .iter()
                .filter(|&&m| pos.is_capture(m))
                .map(|m| e.game.geometry.name(m.to))
                .collect();
            taken.sort();
            taken.dedup();
            let mut attacked: Vec<String> = pos
                .pieces_of(us.opponent())
                .iter()
                .filter(|&&sq| pos.is_attacked(sq, us))
                .map(|&sq| e.game.geometry.name(sq))
                .collect();
            attacked.sort();
            assert_eq!(taken, attacked, "game {game}, ply {ply}: {}", pos.to_fen());
            let mv = list[rng.below(list.len())];
            pos.play(mv);
        }
    }
}

#[test]
fn range_capture_misuse_is_located() {
    let game = |extra: &str, gg: &str| {
        format!(
            "board 5 x 5\n{extra}\npiece K \"King\" {{ royal moves \"K\" }}\npiece Gg \"GG\" {{ {gg} }}\n\
             start \"k4/5/5/5/K4 w - - 0 1\"\n"
        )
    };
    let errors = compile_errors(&game("rank-order K > Xx", r#"moves "Q" jumps-lower"#));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("t.tatsu:2:16") && e.contains("unknown piece `Xx`")),
        "{errors:?}"
    );
    let errors = compile_errors(&game("rank-order K > Gg > K", r#"moves "Q" jumps-lower"#));
    assert!(
        errors.iter().any(
            |e| e.contains("t.tatsu:2:21") && e.contains("`K` is listed twice in `rank-order`")
        ),
        "{errors:?}"
    );
    let errors = compile_errors(&game("", r#"moves "Q" jumps-lower"#));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("t.tatsu:4:27") && e.contains("no `rank-order`")),
        "{errors:?}"
    );
    let errors = compile_errors(&game(
        "rank-order K > Gg",
        r#"moves "Q" jumps-lower jumps-lower"#,
    ));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("t.tatsu:4:39") && e.contains("`jumps-lower` is given twice")),
        "{errors:?}"
    );
    let errors = compile_errors(&game(
        "rank-order K > Gg\nrank-order K",
        r#"moves "Q" jumps-lower"#,
    ));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("t.tatsu:3:1") && e.contains("`rank-order` is given twice")),
        "{errors:?}"
    );
}

#[test]
fn a_jumper_that_cannot_jump_is_warned_about() {
    let warnings = |source: &str| -> Vec<String> {
        tatsu::compile::compile("t.tatsu", source)
            .expect("compiles")
            .warnings
            .iter()
            .map(|d| d.message.clone())
            .collect()
    };
    let source = |gg: &str, order: &str| {
        format!(
            "board 5 x 5\nrank-order {order}\npiece K \"King\" {{ royal moves \"K\" }}\npiece Gg \"GG\" {{ {gg} }}\n\
             start \"k4/5/5/5/K(Gg)3 w - - 0 1\"\n"
        )
    };
    let w = warnings(&source(r#"moves "N" jumps-lower"#, "K > Gg"));
    assert!(
        w.iter().any(|m| m.contains("no slide to jump with")),
        "{w:?}"
    );
    // Listed last with nothing unlisted below it: every type ranks alike or higher.
    let w = warnings(&source(r#"moves "Q" jumps-lower"#, "K Gg"));
    assert!(
        w.iter()
            .any(|m| m.contains("no piece type ranks below `Gg`")),
        "{w:?}"
    );
}

#[test]
fn a_game_without_range_capture_ranks_nothing() {
    let e = Engine::new(tatsu::variants::load("chess").unwrap().game);
    assert!(e
        .game
        .pieces
        .iter()
        .all(|p| p.rank == 0 && p.jumps_lower.is_none()));
    let e = engine("range-capture");
    let rank = |s: &str| e.game.piece(e.game.piece_by_symbol(s).unwrap()).rank;
    assert_eq!(
        [
            rank("K"),
            rank("Gg"),
            rank("Vg"),
            rank("Rg"),
            rank("Bg"),
            rank("P")
        ],
        [4, 3, 2, 1, 1, 0]
    );
}

#[test]
fn the_designers_diagram_shows_a_range_capturers_jumps() {
    // `tatsu piece` in a position whose side to move is not the piece's walks its rays as generation does: the
    // Great General e1 of the start has the 8 destinations counted in the perft-1 test above.
    let fen = "(bg)(rg)(gg)k(vg)(rg)(bg)/1g3g1/ppppppp/7/PPPPPPP/1G3G1/(Bg)(Rg)(Vg)K(Gg)(Rg)(Bg) b - - 0 1";
    let path = "tests/data/variants/range-capture.tatsu";
    let run = crate::support::binary::tatsu(&["piece", path, "Gg", "--at", "e1", "--fen", fen]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("White Great General (Gg) on e1, in the given position: 8 destinations"),
        "{}",
        run.stdout
    );
}

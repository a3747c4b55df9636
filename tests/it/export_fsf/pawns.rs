//! Pawns said to FSF as its pawn: by zone (src/export/fsf/zoned.rs), dropped (pawn_drops.rs), and the move count.
use super::{fsf_perft, game, ROOT};
use crate::support::pyffish::pyffish;
use tatsu::engine::{perft::perft, Engine, Position};

/// Horde's first-rank pawns may also step two squares: FSF's doubleStepRegion holds the first rank beside the
/// second (as FSF's built-in horde has it, its variant.cpp: `doubleStepRegion[WHITE] |= Rank1BB`). That step is a
/// slide (`fmW2`), which makes no en-passant target: FSF's enPassantRegion leaves out the squares it passes over
/// (its built-in horde: `enPassantRegion[BLACK] = Rank3BB`, "exclude en passant on second rank").
#[test]
fn a_first_rank_double_step_is_fsfs_double_step_region() {
    let g = game(&format!("{ROOT}/tests/data/variants/horde.tatsu"));
    let exported = tatsu::export::to_fsf(&g, "tatsu-horde", false).expect("exports without loss");
    for line in [
        "pawn = p",
        "doubleStepRegionWhite = *1 *2",
        "doubleStepRegionBlack = *7 *8",
        "enPassantRegionBlack = *1 *3 *4 *5 *6 *7 *8",
        "enPassantRegionWhite = *1 *2 *3 *4 *5 *6 *8",
    ] {
        assert!(
            exported.text.lines().any(|l| l == line),
            "{line}:\n{}",
            exported.text
        );
    }
}

/// The counts come from Fairy-Stockfish (pyffish) on the export. The second position has a first-rank double step
/// (a1a3) past a black pawn on b3: neither tatsu (a slide makes no target) nor FSF (a2 is outside its
/// enPassantRegion) lets b3a2 take en passant; FSF's built-in horde counts 318 and 7,473 there at depths 3 and 4
/// (`go perft`, also in tests/data/perft/horde.tsv).
#[test]
fn a_first_rank_double_step_counts_as_fairy_stockfish_counts_it() {
    if pyffish().is_none() {
        return;
    }
    let g = game(&format!("{ROOT}/tests/data/variants/horde.tatsu"));
    let exported = tatsu::export::to_fsf(&g, "tatsu-horde", false).unwrap();
    let dir = crate::support::scratch::scratch("fsf-zoned");
    let ini = dir.join("horde.ini");
    std::fs::write(&ini, &exported.text).unwrap();
    let engine = Engine::new(g);
    for (fen, depth) in [
        (None, 3),
        (Some("rnbqkbnr/pppppppp/8/8/8/1p6/8/P3P3 w kq - 0 1"), 3),
    ] {
        let mut pos = match fen {
            Some(f) => Position::from_fen(&engine, f).unwrap(),
            None => Position::start(&engine),
        };
        assert_eq!(
            fsf_perft(&ini, "tatsu-horde", depth, fen),
            perft(&mut pos, depth),
            "{fen:?} depth {depth}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Placement chess drops every piece on its first rank: the pawn too (its own `drop not in` zone), which FSF keeps
/// off its first rank unless `firstRankPawnDrops`. The counts come from Fairy-Stockfish (pyffish) on the export,
/// in a position with a pawn in each hand.
#[test]
fn a_pawn_dropped_on_its_first_rank_only_is_first_rank_pawn_drops() {
    let g = game(&format!("{ROOT}/tests/data/variants/placement.tatsu"));
    let exported =
        tatsu::export::to_fsf(&g, "tatsu-placement", false).expect("exports without loss");
    for line in ["firstRankPawnDrops = true", "dropRegionWhite = *1"] {
        assert!(
            exported.text.lines().any(|l| l == line),
            "{line}:\n{}",
            exported.text
        );
    }
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch("fsf-pawn-drops");
    let ini = dir.join("placement.ini");
    std::fs::write(&ini, &exported.text).unwrap();
    let fen = "8/pppppppp/8/8/8/8/1PPPPPPP/8[KQRRBBNNPkqrrbbnnp] w - - 0 1";
    let engine = Engine::new(g);
    let mut pos = Position::from_fen(&engine, fen).unwrap();
    assert_eq!(
        fsf_perft(&ini, "tatsu-placement", 2, Some(fen)),
        perft(&mut pos, 2)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `move-limit` with no `reset-by` piece: FSF's nMoveRuleTypes is then empty (`-`, as its pawnback sets it), so
/// its pawn's moves keep the count too. FSF's do_move restarts the count on every promotion: chess so edited
/// exports without `--lossy` where it says `reset-by promotions`, and is refused, naming the promotions, where not.
#[test]
fn no_piece_resetting_the_move_count_is_an_empty_n_move_rule_types() {
    let chess = |limit: &str| {
        let source = crate::support::variants::source_with(
            "variants/chess.tatsu",
            "move-limit 100 plies reset-by P",
            limit,
        );
        crate::support::variants::engine_of(&source).game.clone()
    };
    let exported = tatsu::export::to_fsf(
        &chess("move-limit 100 plies reset-by promotions"),
        "x",
        false,
    )
    .unwrap();
    assert!(
        exported.text.lines().any(|l| l == "nMoveRuleTypes = -"),
        "{}",
        exported.text
    );
    let refusal = super::refusal_of(&chess("move-limit 100 plies"));
    assert!(
        refusal
            .iter()
            .any(|r| r.contains("FSF's count restarts on every promotion")),
        "{refusal:?}"
    );
}

/// Pawn-back chess written as FSF writes it (one move set for its pawn, confined to ranks 2-8 as by FSF's
/// mobilityRegion, the count restarted by promotions only) exports without `--lossy`.
#[test]
fn pawn_back_chess_exports_as_fairy_stockfish_writes_it() {
    let path = format!("{ROOT}/tests/data/variants/pawnback.tatsu");
    let exported = tatsu::export::to_fsf(&game(&path), "tatsu-pawnback", false).unwrap();
    for line in [
        "customPiece1 = p:fbmWfceFifmnD",
        "mobilityRegionWhiteCustomPiece1 = *2 *3 *4 *5 *6 *7 *8",
    ] {
        assert!(
            exported.text.lines().any(|l| l == line),
            "{line}\n{}",
            exported.text
        );
    }
}

/// FSF's enPassantRegion holds for every double step of the game, so Horde's second rank can be left out of it
/// only while the pawn alone makes en-passant targets: a knight that also makes them (a lame `nD` step, tatsu's
/// target maker) would lose its targets there in FSF, and the export is refused, naming it.
#[test]
fn a_zone_double_step_without_targets_is_refused_where_another_piece_makes_targets() {
    let source = crate::support::variants::source_with(
        "tests/data/variants/horde.tatsu",
        r#"moves "N""#,
        r#"moves "NfmnD""#,
    );
    let g = crate::support::variants::engine_of(&source).game.clone();
    let refusal = super::refusal_of(&g);
    assert!(
        refusal
            .iter()
            .any(|r| r.contains("the Knight's moves make targets")),
        "{refusal:?}"
    );
}

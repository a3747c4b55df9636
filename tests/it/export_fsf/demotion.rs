//! Pieces that turn over and back (Kyoto shogi after every move, micro shogi on every capture) are FSF's
//! `pieceDemotion`, as its built-in `kyotoshogi` and `micro` say them (variant.cpp): only the unpromoted piece's
//! promotedPieceType, the promoted forms in the start written `+X`, micro's `piecePromotionOnCapture`.
use super::{exported_lines, fsf_perft, game, refusal_of, ROOT};
use crate::support::pyffish::pyffish;
use tatsu::engine::{perft::perft, Engine, Position};

/// The export's perft, counted by pyffish, at each (FEN, depth, count). The counts are pyffish's on FSF's built-in
/// game of the same name (`pyffish.legal_moves` recursively, pyffish 0.0.90), so the export says FSF's own game;
/// tatsu's perft of its file is checked against the same counts.
fn export_counts_as_fsfs_built_in(file: &str, counts: &[(Option<&str>, u32, u64)]) {
    let g = game(&format!("{ROOT}/{file}"));
    let name = std::path::Path::new(file)
        .file_stem()
        .unwrap()
        .to_string_lossy();
    let variant = format!("tatsu-{name}");
    let exported = tatsu::export::to_fsf(&g, &variant, false)
        .unwrap_or_else(|refusal| panic!("{file}: {refusal}"));
    let engine = Engine::new(g);
    for &(fen, depth, count) in counts {
        let mut pos = match fen {
            Some(f) => Position::from_fen(&engine, f).unwrap(),
            None => Position::start(&engine),
        };
        assert_eq!(
            perft(&mut pos, depth),
            count,
            "tatsu {file} {fen:?} {depth}"
        );
    }
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch(&format!("fsf-demotion-{name}"));
    let ini = dir.join("export.ini");
    std::fs::write(&ini, &exported.text).unwrap();
    for &(fen, depth, count) in counts {
        assert_eq!(
            fsf_perft(&ini, &variant, depth, fen),
            count,
            "pyffish on the export of {file} {fen:?} {depth}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn kyoto_shogis_turning_pieces_are_fsfs_piece_demotion() {
    let lines = exported_lines("tests/data/variants/kyotoshogi.tatsu");
    for want in [
        "pieceDemotion = true",
        // The pawn, silver, lance and knight only: the rook, bishop and golds turn back by demotion.
        "promotedPieceType = p:r s:b l:g n:o",
        "mandatoryPiecePromotion = true",
        "dropPromoted = true",
        "startFen = p+nks+l/5/5/5/+LSK+NP[-] w 0 1",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want}: {lines:#?}");
    }
    export_counts_as_fsfs_built_in(
        "tests/data/variants/kyotoshogi.tatsu",
        &[
            (None, 1, 12),
            (None, 2, 137),
            (None, 3, 1636),
            // After a seeded random game of pyffish's `kyotoshogi`: promoted pieces on the board, two in hand.
            (Some("1+nk1+l/5/p4/LK3/1sN2[PS] w - - 1 8"), 2, 895),
        ],
    );
}

#[test]
fn micro_shogis_turning_on_capture_is_fsfs_piece_promotion_on_capture() {
    let lines = exported_lines("tests/data/variants/micro.tatsu");
    for want in [
        "pieceDemotion = true",
        "promotedPieceType = p:n l:s b:g r:o",
        "piecePromotionOnCapture = true",
        "startFen = kb+r+l/p3/4/3P/+L+RBK[-] w 0 1",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want}: {lines:#?}");
    }
    export_counts_as_fsfs_built_in(
        "tests/data/variants/micro.tatsu",
        &[
            (None, 1, 9),
            (None, 2, 80),
            (None, 3, 767),
            // After a seeded random game of pyffish's `micro`: a rook and a bishop in hand.
            (Some("k+r1+l/4/4/LP1P/2BK[Rb] b - - 0 10"), 3, 1903),
        ],
    );
}

/// FSF's pieceDemotion turns back every promoted piece: a promoted form that stays promoted, beside others that
/// turn back, is named.
#[test]
fn a_promoted_form_that_does_not_turn_back_beside_others_that_do_is_refused() {
    let source = crate::support::variants::source_with(
        "tests/data/variants/kyotoshogi.tatsu",
        r#"{ moves "B" promote to S in everywhere mandatory on start-or-destination }"#,
        r#"{ moves "B" }"#,
    );
    let refused = refusal_of(&crate::support::variants::engine_of(&source).game);
    assert!(
        refused.contains(&"the Bishop (silver turned over) does not turn back into the Silver it promoted from; FSF's pieceDemotion turns back every promoted piece".to_string()),
        "{refused:#?}"
    );
}

/// FSF's piecePromotionOnCapture is one switch: a piece that turns over on any move beside others that turn on
/// captures only is named.
#[test]
fn promotion_on_capture_beside_promotion_on_any_move_is_refused() {
    let source = crate::support::variants::source_with(
        "tests/data/variants/micro.tatsu",
        "moves \"fR\"\n  promote to +L in everywhere mandatory on capture",
        "moves \"fR\"\n  promote to +L in everywhere mandatory on start-or-destination",
    );
    let refused = refusal_of(&crate::support::variants::engine_of(&source).game);
    assert!(
        refused
            .iter()
            .any(|r| r.contains("FSF's piecePromotionOnCapture is one switch for all")),
        "{refused:#?}"
    );
}

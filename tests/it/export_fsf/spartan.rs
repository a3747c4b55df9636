//! `royals last-safe` with one royal type is FSF's pseudo-royal piece with extinctionPieceCount 0 (the last of
//! the type may not be left attacked), `duple-check` its dupleCheck, and Spartan's hoplite's two `promote` lines
//! (the kings `limited`) one list of choices with promotionLimit: as FSF's built-in `spartan` says them
//! (variant.cpp's spartan_variant).
use super::{exported_lines, fsf_perft, game, ROOT};
use crate::support::pyffish::pyffish;
use tatsu::engine::{perft::perft, Engine, Position};

const FILE: &str = "tests/data/variants/spartan.tatsu";

#[test]
fn spartans_kings_are_fsfs_last_pseudo_royal_pieces_with_duple_check() {
    let lines = exported_lines(FILE);
    for want in [
        "king = -",
        "extinctionPseudoRoyal = true",
        "extinctionPieceTypes = k",
        "extinctionPieceCount = 0",
        "dupleCheck = true",
        "promotionPieceTypesBlack = gwlck",
        "promotionLimit = k:2",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want}: {lines:#?}");
    }
}

/// The counts are pyffish 0.0.90's on its built-in `spartan` (`pyffish.legal_moves` recursively). In the second
/// position Black's last king is in check by the rook on e5 and the hoplite's promotion to a second king is legal
/// there (a2b1k, one of its 5 moves): FSF recounts the pseudo-royal pieces after a pawn-style promotion, so the
/// new king answers the check, as in tatsu. The third: Black's two kings checked at once (the rook on c1, the
/// bishop on b5: duple check), 8 moves, each leaving one of them safe.
#[test]
fn pyffish_counts_the_exported_spartan_as_its_built_in() {
    let g = game(&format!("{ROOT}/{FILE}"));
    let exported = tatsu::export::to_fsf(&g, "tatsu-spartan", false)
        .unwrap_or_else(|refusal| panic!("{refusal}"));
    let rows: [(Option<&str>, u32, u64); 5] = [
        (None, 1, 20),
        (None, 3, 14244),
        (Some("4k3/8/8/4R3/8/7K/h7/8 b - - 0 1"), 1, 5),
        (Some("4k3/8/8/4R3/8/7K/h7/8 b - - 0 1"), 2, 95),
        (Some("2k1k3/8/8/1B6/8/8/8/2R1K3 b - - 0 1"), 2, 191),
    ];
    let engine = Engine::new(g);
    for (fen, depth, count) in rows {
        let mut pos = match fen {
            Some(f) => Position::from_fen(&engine, f).unwrap(),
            None => Position::start(&engine),
        };
        assert_eq!(perft(&mut pos, depth), count, "tatsu {fen:?} {depth}");
    }
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch("fsf-spartan");
    let ini = dir.join("spartan.ini");
    std::fs::write(&ini, &exported.text).unwrap();
    for (fen, depth, count) in rows {
        assert_eq!(
            fsf_perft(&ini, "tatsu-spartan", depth, fen),
            count,
            "{fen:?} {depth}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

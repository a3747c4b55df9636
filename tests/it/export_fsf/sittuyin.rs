//! Sittuyin's rules are the switches of FSF's built-in `sittuyin` (variant.cpp): its pawn's promotion on
//! standing is sittuyinPromotion (with promotionLimit), `only-promotions draws` the sittuyin stalemate that comes
//! with it, the rook's drops on the first rank sittuyinRookDrop, and the count FSF's `asean` countingRule once
//! the pawn is FSF's pawn.
use super::{exported_lines, fsf_perft, game, ROOT};
use crate::support::pyffish::pyffish;
use std::process::Command;

const FILE: &str = "tests/data/variants/sittuyin.tatsu";

#[test]
fn sittuyins_promotion_drops_and_count_are_fsfs_sittuyin_switches() {
    let lines = exported_lines(FILE);
    for want in [
        "pawn = p",
        "promotionRegionWhite = d5 e5 c6 f6 b7 g7 a8 h8",
        "promotionPieceTypes = f",
        "sittuyinPromotion = true",
        "promotionLimit = f:1",
        "sittuyinRookDrop = true",
        "dropRegionWhite = *1 *2 *3",
        "countingRule = asean",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want}: {lines:#?}");
    }
}

/// pyffish's perft of the export equals its built-in `sittuyin`'s: the rows of tests/data/perft/sittuyin.tsv
/// whose source is pyffish 0.0.90 (the set-up drops, a position with rooks in hand, one where a promotion is
/// legal). And in the position of the rules' 3.9 c.7 (White's king and last pawn, which could only promote),
/// the export ends the game drawn, as FSF's built-in does (its is_optional_game_end: a draw by rule, like the
/// move count).
#[test]
fn pyffish_plays_the_exported_sittuyin_as_its_built_in() {
    let g = game(&format!("{ROOT}/{FILE}"));
    let exported = tatsu::export::to_fsf(&g, "tatsu-sittuyin", false)
        .unwrap_or_else(|refusal| panic!("{refusal}"));
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch("fsf-sittuyin");
    let ini = dir.join("sittuyin.ini");
    std::fs::write(&ini, &exported.text).unwrap();
    let rows: [(Option<&str>, u32, u64); 5] = [
        (None, 2, 7744),
        (
            Some("1nf2r2/n5k1/ss2pppp/pppp4/4PPPP/PPPP2N1/6N1/2S1RSKF[Rr] w - - 0 8"),
            3,
            365,
        ),
        (
            Some("s2n4/8/1f2pppp/pppp4/4PPPP/PPPP4/KN4N1/1F6[SSRRksrrn] b - - 0 4"),
            2,
            1311,
        ),
        (
            Some("6nf/6ks/s3pppp/pppp4/4PPPP/PPPP4/K3N3/1F1S2RN[SRrrn] b - - 0 6"),
            3,
            3564,
        ),
        (
            Some("8/3N4/R5N1/3n3p/p1S4P/k7/1R2SK2/8[] w - - 17 79"),
            3,
            18956,
        ),
    ];
    for (fen, depth, count) in rows {
        assert_eq!(
            fsf_perft(&ini, "tatsu-sittuyin", depth, fen),
            count,
            "{fen:?} {depth}"
        );
    }
    let script = "import sys, pyffish as sf\n\
                  sf.load_variant_config(open(sys.argv[1]).read())\n\
                  print(sf.is_optional_game_end('tatsu-sittuyin', sys.argv[2], []))";
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(&ini)
        .arg("8/8/3p4/3P4/8/1kn5/8/K7 w - - 0 1")
        .output()
        .expect("python3 runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "(True, 0)");
    std::fs::remove_dir_all(&dir).ok();
}

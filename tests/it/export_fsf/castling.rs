//! Castling off each side's first rank is FSF's castlingRank (its built-in `omicron` and `shako` castle on the
//! second rank, variant.cpp). Omicron's file lets a pawn promote to a rook in a corner where it can never move
//! again (`dead-squares allowed`), as FSF's omicron does (pyffish lists b9a10r from `w**********1/*P8k*/…`).
use super::{exported_lines, fsf_perft, game, ROOT};
use crate::support::pyffish::pyffish;
use tatsu::engine::{perft::perft, Engine, Position};

#[test]
fn castling_on_the_second_rank_is_fsfs_castling_rank() {
    for file in [
        "tests/data/variants/omicron.tatsu",
        "tests/data/variants/shako.tatsu",
    ] {
        let lines = exported_lines(file);
        assert!(
            lines.iter().any(|l| l == "castlingRank = 2"),
            "{file}: {lines:#?}"
        );
    }
    // White may castle kingside (g2i2): 37 moves, 1,363 at depth 2, pyffish 0.0.90's counts on its built-in
    // `omicron` (legal_moves recursively).
    let fen = "w**********w/*c1rbqkbnrc*/*pppp1ppppp*/*1n8*/*4p5*/*7P2*/*6N1B1*/*PPPPPPP1PP*/*CRNBQK2RC*/W**********W w KQk - 3 4";
    let g = game(&format!("{ROOT}/tests/data/variants/omicron.tatsu"));
    let exported = tatsu::export::to_fsf(&g, "tatsu-omicron", false)
        .unwrap_or_else(|refusal| panic!("{refusal}"));
    let engine = Engine::new(g);
    let mut pos = Position::from_fen(&engine, fen).unwrap();
    assert_eq!(perft(&mut pos, 2), 1363);
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch("fsf-castling-rank");
    let ini = dir.join("omicron.ini");
    std::fs::write(&ini, &exported.text).unwrap();
    assert_eq!(fsf_perft(&ini, "tatsu-omicron", 2, Some(fen)), 1363);
    std::fs::remove_dir_all(&dir).ok();
}

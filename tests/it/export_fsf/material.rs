//! Insufficient material said to FSF by its own judgement (has_insufficient_material, its apiutil.h).
use super::{game, ROOT};
use crate::support::pyffish::pyffish;
use std::process::Command;
use tatsu::engine::{Engine, Position, Reason};

/// pyffish's `has_insufficient_material` on FSF's built-in `dragon`: both sides at once (the draw), per FEN.
fn fsf_both_insufficient(fens: &[&str]) -> Vec<bool> {
    let script = "import sys, pyffish as sf\n\
                  for fen in sys.argv[1:]:\n    print(all(sf.has_insufficient_material('dragon', fen, [])))";
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(fens)
        .output()
        .expect("python3 runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l == "True")
        .collect()
}

/// Dragon chess keeps FSF's generic material judgement (its `dragon` has no option of its own): a lone knight or
/// bishop with empty hands cannot mate, a dragon in hand or a rook can. So its file lists `none, N, B`, as chess
/// does, and the export needs no --lossy. Which positions are draws comes from pyffish on FSF's built-in `dragon`.
#[test]
fn dragons_insufficient_material_is_fsfs_own_judgement() {
    let g = game(&format!("{ROOT}/tests/data/variants/dragon.tatsu"));
    tatsu::export::to_fsf(&g, "tatsu-dragon", false).expect("exports without loss");
    if pyffish().is_none() {
        return;
    }
    let fens = [
        "8/8/8/4k3/8/8/8/3NK3[] w - - 0 1",
        "8/8/8/4k3/8/8/8/3NK3[d] w - - 0 1",
        "8/8/8/4k3/8/8/8/3BK3[] b - - 0 1",
        "8/8/8/4k3/8/8/8/3RK3[] w - - 0 1",
        "8/8/8/4k3/8/8/8/2NNK3[] w - - 0 1",
        "8/8/8/4k3/8/8/8/4K3[] w - - 0 1",
    ];
    let engine = Engine::new(g);
    let ours: Vec<bool> = fens
        .iter()
        .map(|fen| {
            let mut pos = Position::from_fen(&engine, fen).unwrap();
            pos.outcome()
                .is_some_and(|o| o.reason == Reason::InsufficientMaterial)
        })
        .collect();
    assert_eq!(ours, fsf_both_insufficient(&fens), "{fens:?}");
}

//! `tatsu match` as a referee of engines that break the rules: every fault loses, with its reason, and the summary
//! gives the score with and without the games faults decided.
use crate::support::binary::tatsu;

/// An engine that answers a legal move with `Illegal move` does not know a rule: it loses by that fault (and the
/// game does not go on with the two engines' boards apart); one that plays an illegal move loses too.
#[test]
fn an_engine_refusing_a_legal_move_loses_by_its_fault() {
    let dir = crate::support::scratch::scratch("referee");
    let pgn = dir.join("games.pgn");
    let refuser = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/engines/refuses-every-move.sh"
    );
    let us = format!("{} xboard", env!("CARGO_BIN_EXE_tatsu"));
    let run = tatsu(&[
        "match",
        "chess",
        "--engine",
        &us,
        "--engine",
        refuser,
        "--games",
        "2",
        "--tc",
        "2+0.01",
        "--opening-plies",
        "0",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = std::fs::read_to_string(&pgn).unwrap_or_default();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("Black refused the legal move"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("White played an illegal move: "),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("+2 =0 -0"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("2 games were decided by an engine's fault"),
        "{}",
        run.stdout
    );
    assert!(
        games.contains("[Termination \"Black refused the legal move"),
        "{games}"
    );
}

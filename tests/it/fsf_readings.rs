//! `tatsu check`'s Fairy-Stockfish warnings (`betza::fsf::fsf_differences`) against Fairy-Stockfish itself: each
//! string below is a piece `X` in an 8x8 game, loaded into pyffish as written (`customPiece1 = x:STRING`) and played
//! from a few positions built to show the readings apart (an empty board, rings of pieces around `X`, a far
//! target). The warning must be given exactly when some position's move list differs. Both games turn Black's
//! moves 180 degrees (`orientation rotate`, as Fairy-Stockfish does) and allow dead squares, so that neither rule
//! differs; no black piece but the king and quiet blockers (`mW`), so that only `X`'s reading is compared.
use crate::support::pyffish::{pyffish, ROOT};
use std::process::{Command, Stdio};
use tatsu::engine::Engine;

/// Strings read alike by both programs: no warning.
const ALIKE: &[&str] = &[
    "cR4R", "nNmcN", "gQpR", "W4cR", "KN", "mRcpR", "fmWfceF", "BnN", "FfW", "NN", "R4", "frlR",
    "nN", "nA", "gQ", "mQ2",
];

/// Strings Fairy-Stockfish reads as another piece, each with what differs there (pyffish 0.0.90).
const OTHERWISE: &[(&str, &str)] = &[
    ("fK", "three forward squares, not one"),
    (
        "RcR4",
        "`cR4` replaces the capture's unlimited range: no capture six squares away",
    ),
    (
        "mNnN",
        "`nN` makes the quiet leap lame: blocked by the ring",
    ),
    (
        "pRgQ",
        "`gQ` replaces the orthogonal cannon hop with a grasshopper's",
    ),
    (
        "nNN",
        "`n` on a rider is ignored: the ring does not block it",
    ),
    ("R10", "one digit of a range: a one-step rook"),
    (
        "mQ2pQ",
        "the cannon's squares let the two-step queen slide further",
    ),
    (
        "nH",
        "only D, N, A and Z shapes are lame there: the ring does not block it",
    ),
];

/// The positions, White to move; `X` on d4, or on a1 with targets six squares away.
const POSITIONS: &[&str] = &[
    "k7/8/8/8/3X4/8/8/K7 w - - 0 1",
    "k7/8/8/2yyy3/2yXy3/2yyy3/8/K7 w - - 0 1",
    "k7/8/8/2YYY3/2YXY3/2YYY3/8/K7 w - - 0 1",
    "k7/8/1yyyyy2/1y3y2/1y1X1y2/1y3y2/1yyyyy2/K7 w - - 0 1",
    "4k3/y7/8/8/8/8/7K/X5y1 w - - 0 1",
    "k7/8/3y4/8/3X1y2/8/1y6/K7 w - - 0 1",
];

fn tatsu_game(betza: &str) -> String {
    format!(
        "board 8 x 8\norientation rotate\ndead-squares allowed\npiece K \"King\" {{ royal moves \"K\" }}\n\
         piece X {{ moves \"{betza}\" }}\npiece Y {{ moves \"mW\" }}\nstart \"{}\"\nend {{ stalemate draw }}\n",
        POSITIONS[0]
    )
}

fn fsf_game(betza: &str) -> String {
    "[reading:chess]\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\n".to_string()
        + &format!("customPiece1 = x:{betza}\ncustomPiece2 = y:mW\ncastling = false\n")
}

/// The positions where the two programs list other moves, with both lists.
fn differences(betza: &str, dir: &std::path::Path) -> Vec<String> {
    let source = tatsu_game(betza);
    let compiled = tatsu::compile::compile("reading.tatsu", &source)
        .unwrap_or_else(|e| panic!("{betza}: {e:?}"));
    let engine = Engine::new(compiled.game);
    let ini = dir.join("reading.ini");
    std::fs::write(&ini, fsf_game(betza)).unwrap();
    let mut child = Command::new("python3")
        .arg(format!("{ROOT}/scripts/fsf_moves.py"))
        .arg(&ini)
        .arg("reading")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(POSITIONS.join("\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{betza}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs = String::from_utf8(out.stdout).unwrap();
    assert_eq!(theirs.lines().count(), POSITIONS.len(), "{betza}: {theirs}");
    POSITIONS
        .iter()
        .zip(theirs.lines())
        .filter_map(|(fen, theirs)| {
            let ours = crate::support::variants::moves(&engine, fen).join(" ");
            (ours != theirs).then(|| format!("{fen}: tatsu {ours} / pyffish {theirs}"))
        })
        .collect()
}

fn warned(betza: &str) -> bool {
    let parsed = betza::parse(betza).expect("valid XBetza");
    !betza::fsf::fsf_differences(betza, &parsed).is_empty()
}

#[test]
#[ignore = "slow oracle cross-check (Fairy-Stockfish via pyffish): run with --include-ignored, as CI does"]
fn a_string_without_a_warning_plays_the_same_moves_in_fairy_stockfish() {
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch("fsf-readings-alike");
    for betza in ALIKE {
        assert!(!warned(betza), "{betza} is warned about");
        let seen = differences(betza, &dir);
        assert!(seen.is_empty(), "{betza}: {seen:#?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[ignore = "slow oracle cross-check (Fairy-Stockfish via pyffish): run with --include-ignored, as CI does"]
fn a_string_fairy_stockfish_reads_as_another_piece_is_warned_about_and_plays_otherwise_there() {
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch("fsf-readings-otherwise");
    for (betza, why) in OTHERWISE {
        assert!(warned(betza), "{betza} ({why}) is not warned about");
        assert!(
            !differences(betza, &dir).is_empty(),
            "{betza} ({why}): no position shows it"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

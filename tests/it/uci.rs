//! `tatsu uci` and `tatsu usi` driven through scripted sessions, as a GUI would drive them: the handshake, the
//! variant option, positions and moves in each protocol's notation, the clock, `stop`, and bad input that must be
//! told and must not end the session.
use crate::support::binary::line_starting;
use crate::support::session::{text, Session};
use std::process::Command;

/// Runs `tatsu PROTOCOL` on `script` (one command per line), reads its output until `bestmoves` `bestmove` lines
/// have come, then syncs with `isready` and quits; returns everything it printed before the final `readyok`.
fn session(protocol: &str, script: &str, bestmoves: usize) -> String {
    let mut session = Session::start(&[protocol]);
    session.send(script);
    let mut lines = Vec::new();
    for _ in 0..bestmoves {
        lines.extend(session.read_until(|l| l.starts_with("bestmove ")));
    }
    session.send("isready");
    lines.extend(session.read_until(|l| l == "readyok"));
    lines.pop();
    let out = text(&lines);
    session.quit(&out);
    out
}

#[test]
fn uci_handshake_offers_every_bundled_game_in_uci_variant() {
    let out = session("uci", "uci", 0);
    let option = line_starting(&out, "option name UCI_Variant type combo default chess");
    for name in [
        "chess",
        "shogi",
        "crazyhouse",
        "makruk",
        "euroshogi",
        "chu-shogi",
        "ryugi",
    ] {
        assert!(option.contains(&format!(" var {name}")), "{name}: {option}");
    }
    assert!(out.lines().any(|l| l == "uciok"), "{out}");
    assert!(line_starting(&out, "id name tatsu").len() > 12);
}

#[test]
fn uci_go_depth_answers_a_legal_bestmove_after_info_lines() {
    let out = session(
        "uci",
        "uci\nisready\nposition startpos moves e2e4\ngo depth 3",
        1,
    );
    let info = line_starting(&out, "info depth 3 ");
    for word in [
        " seldepth ",
        " score cp ",
        " nodes ",
        " nps ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(word), "{word} missing: {info}");
    }
    let best = line_starting(&out, "bestmove ");
    let mv = best.split_whitespace().nth(1).unwrap();
    // A black reply: a move from the 7th or 8th rank.
    assert!(mv.ends_with('5') || mv.ends_with('6'), "{best}");
}

#[test]
fn usi_speaks_usi_squares_sfen_and_byoyomi_and_offers_only_games_it_can_write() {
    let script = "usi\nusinewgame\nposition startpos moves 7g7f 3c3d\ngo btime 0 wtime 0 byoyomi 300\n\
                  position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b S 1 moves S*5e\n\
                  go depth 2";
    let out = session("usi", script, 2);
    let option = line_starting(&out, "option name USI_Variant type combo default shogi");
    assert!(option.contains("var euroshogi"), "{option}");
    // Chess promotes to a chosen piece and chu-shogi's board is 12x12: USI cannot write them.
    assert!(
        !option.contains("var chess") && !option.contains("chu"),
        "{option}"
    );
    assert!(out.lines().any(|l| l == "usiok"), "{out}");
    assert!(!out.contains("error"), "{out}");
    let best: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove ")).collect();
    for line in best {
        let mv = line.split_whitespace().nth(1).unwrap();
        let b = mv.as_bytes();
        // Files 1-9, ranks a-i: `7g7f`, `2h2f`; or a drop `S*5d`.
        let usi = (b.len() >= 4 && b[0].is_ascii_digit() && (b'a'..=b'i').contains(&b[1]))
            || (b.len() == 4 && b[1] == b'*');
        assert!(usi, "{line}");
    }
}

#[test]
fn bad_uci_input_is_told_as_info_string_and_changes_nothing() {
    let script = "uci\nbogus command\nposition fen not-a-fen\nposition startpos moves e2e5\n\
                  setoption name UCI_Variant value nonesuch\nsetoption name Hash value x\n\
                  position startpos moves e2e4 e7e5\ngo depth 2 searchmoves\ngo depth 1 nodes";
    let out = session("uci", script, 2);
    let errors = out
        .lines()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert_eq!(errors, 7, "{out}");
    // The last good position stands: White to move after 1. e4 e5.
    let best = line_starting(&out, "bestmove ");
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!(mv.ends_with('3') || mv.ends_with('4'), "{best}");
}

#[test]
fn uci_variant_names_the_game_by_any_of_its_names() {
    let out = session(
        "uci",
        "setoption name UCI_Variant value chu\nposition startpos\ngo depth 1",
        1,
    );
    let best = line_starting(&out, "bestmove ");
    // Chu shogi's board has 12 ranks: Black's men stand on ranks 9 to 12... and White moves first, from ranks 1-5.
    assert!(!out.contains("error"), "{out}");
    assert!(best.len() > "bestmove ".len() + 3, "{best}");
}

/// `stop` ends `go infinite` at once, and `isready` during the search is answered without stopping it.
#[test]
fn go_infinite_answers_isready_and_waits_for_stop() {
    let mut session = Session::start(&["uci"]);
    session.send("position startpos\ngo infinite");
    std::thread::sleep(std::time::Duration::from_millis(300));
    session.send("isready");
    let before_stop = session.read_until(|l| l == "readyok");
    assert!(
        !before_stop.iter().any(|l| l.starts_with("bestmove")),
        "{before_stop:?}"
    );
    let started = std::time::Instant::now();
    session.send("stop");
    let best = session.read_until(|l| l.starts_with("bestmove "));
    assert!(
        started.elapsed() < std::time::Duration::from_secs(2),
        "{best:?}"
    );
    session.quit(&text(&best));
}

const TATSU: &str = env!("CARGO_BIN_EXE_tatsu");

/// `tatsu match VARIANT --engine A --engine B ARGS`: its exit code and what it printed.
fn referee(variant: &str, engines: [&str; 2], args: &[&str]) -> (i32, String) {
    let out = Command::new(TATSU)
        .args([
            "match", variant, "--engine", engines[0], "--engine", engines[1],
        ])
        .args(args)
        .output()
        .expect("tatsu runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// Asserts that every game was played and none lost by a fault of the protocol: an illegal or refused move, a
/// crash, silence. (A time loss on a loaded machine would be an engine's, not the referee's, and is not what the
/// tests check.)
fn no_fault(games: usize, code: i32, out: &str) {
    assert_eq!(code, 0, "{out}");
    let played: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(played.len(), games, "{out}");
    for game in played {
        for fault in ["illegal move", "refused", "crashed", "did not answer"] {
            assert!(!game.contains(fault), "{out}");
        }
    }
}

#[test]
fn the_referee_plays_tatsu_uci_against_tatsu_xboard_in_chess() {
    let (uci, xboard) = (format!("proto=uci {TATSU} uci"), format!("{TATSU} xboard"));
    let (code, out) = referee(
        "chess",
        [&uci, &xboard],
        &["--games", "2", "--tc", "1+0.02"],
    );
    no_fault(2, code, &out);
}

#[test]
fn the_referee_plays_tatsu_usi_against_tatsu_uci_in_shogi() {
    let (usi, uci) = (format!("{TATSU} usi"), format!("{TATSU} uci"));
    let (code, out) = referee(
        "shogi",
        [&usi, &uci],
        &[
            "--proto", "usi", "--proto", "uci", "--games", "2", "--tc", "1+0.02",
        ],
    );
    no_fault(2, code, &out);
}

/// A UCI engine whose `bestmove` is no legal move loses that game by its fault; the match goes on (the engine
/// restarted) and ends normally.
#[test]
fn a_uci_engine_with_bad_output_loses_the_game_not_the_match() {
    let bad = "while read -r line; do case \"$line\" in uci) echo 'id name Bad'; echo uciok;; \
               isready) echo readyok;; go*) echo 'info garbage'; echo 'bestmove e2e5';; quit) exit;; esac; done";
    let (code, out) = referee(
        "chess",
        [bad, &format!("{TATSU} uci")],
        &["--proto", "uci", "--games", "2", "--tc", "1+0.02"],
    );
    assert_eq!(code, 0, "{out}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for game in games {
        assert!(game.contains("played an illegal move: e2e5"), "{out}");
    }
}

/// An engine declared UCI that offers no `UCI_Variant` plays chess only: a match in another game stops with the
/// reason, before any game.
#[test]
fn a_uci_engine_without_the_variant_is_refused_with_the_reason() {
    let chess_only =
        "while read -r line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; \
                      quit) exit;; esac; done";
    let (code, out) = referee(
        "shogi",
        [chess_only, &format!("{TATSU} uci")],
        &["--proto", "uci"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("has no UCI_Variant option: it plays chess only"),
        "{out}"
    );
}

#[test]
fn a_short_match_against_fairy_stockfish_over_uci_has_no_forfeit() {
    let fsf = "/usr/games/fairy-stockfish";
    if !std::path::Path::new(fsf).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but Fairy-Stockfish is missing ({fsf}): .ci/run installs it, and in CI this match must run"
        );
        eprintln!("SKIPPED: Fairy-Stockfish is not installed here ({fsf})");
        return;
    }
    for variant in ["chess", "shogi", "crazyhouse"] {
        let (code, out) = referee(
            variant,
            [&format!("{TATSU} uci"), fsf],
            &["--proto", "uci", "--games", "2", "--tc", "1+0.05"],
        );
        no_fault(2, code, &out);
    }
}

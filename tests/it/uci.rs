//! `tatsu uci` and `tatsu usi` driven through scripted sessions, as a GUI would drive them: the handshake, the
//! variant option, positions and moves in each protocol's notation, the clock, `stop`, and bad input that must be
//! told and must not end the session.
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs `tatsu PROTOCOL` on `script` (one command per line), reads its output until `bestmoves` `bestmove` lines
/// have come, then syncs with `isready` and quits; returns everything it printed before the final `readyok`.
fn session(protocol: &str, script: &str, bestmoves: usize) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tatsu"))
        .arg(protocol)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "{script}").expect("write the script");
    stdin.flush().expect("flush");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut out = String::new();
    let mut seen = 0;
    while seen < bestmoves {
        let line = lines.next().expect("a line").expect("UTF-8 output");
        seen += usize::from(line.starts_with("bestmove "));
        out += &line;
        out.push('\n');
    }
    writeln!(stdin, "isready").expect("write");
    for line in lines.by_ref() {
        let line = line.expect("UTF-8 output");
        if line == "readyok" {
            break;
        }
        out += &line;
        out.push('\n');
    }
    let _ = stdin.write_all(b"quit\n");
    drop(stdin);
    let status = child.wait().expect("the session ends");
    assert!(status.success(), "exit status {status:?}\n{out}");
    out
}

fn line_starting<'a>(output: &'a str, prefix: &str) -> &'a str {
    output
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with `{prefix}` in:\n{output}"))
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

//! `tatsu xboard` driven through scripted CECP sessions, as XBoard would drive it: features, engine-defined
//! variants, highlights and promotion choices, illegal moves, game ends, and bad input that must not end the session.
use crate::support::binary::line_starting;
use crate::support::session::{text, Session};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs `tatsu xboard` on `script` (one command per line, `#sleep MS` to pause), waits for the answer to a final `ping` (so that a
/// search the script started has moved), sends `quit` and returns what it printed before the `pong`.
fn session(script: &str) -> String {
    session_with(&[], script)
}

/// [`session`] with arguments after `tatsu xboard` (variant files, options).
fn session_with(args: &[&str], script: &str) -> String {
    let mut session = Session::start(&[&["xboard"], args].concat());
    // `#sleep MS` lines pause the script (to let the engine think between commands).
    for line in format!("{script}\nping 424242").lines() {
        match line.strip_prefix("#sleep ") {
            Some(ms) => {
                std::thread::sleep(std::time::Duration::from_millis(ms.parse().expect("ms")))
            }
            None => session.send(line),
        }
    }
    let mut lines = session.read_until(|l| l == "pong 424242");
    lines.pop();
    let out = text(&lines);
    session.quit(&out);
    out
}

#[test]
fn protover_announces_every_bundled_game_and_finishes_the_features() {
    let out = session("xboard\nprotover 2");
    let features = line_starting(&out, "feature myname=");
    for name in [
        "ryugi",
        "euroshogi",
        "ryu-shogi",
        "heian-ryu-shogi",
        "dai-ryu-shogi",
        "normal",
        "shogi",
    ] {
        assert!(features.contains(name), "{name} missing: {features}");
    }
    for feature in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "highlight=1",
        "memory=1",
        "smp=1",
    ] {
        assert!(features.contains(feature), "{feature} missing: {features}");
    }
    assert!(out.lines().any(|l| l == "feature done=1"));
}

/// `xboard -variant chu` looks for XBoard's own name `chu` among the engine's variants and, not finding it, refused
/// tatsu ("Variant chu not supported by tatsu, but chu-shogi is") and played chess. The features now list XBoard's
/// name beside tatsu's (Chu Shogi's `aliases "chu"`), once, and `variant chu` sets Chu Shogi up.
#[test]
fn xboards_own_name_of_a_bundled_game_is_announced_beside_tatsus() {
    let out = session("xboard\nprotover 2\nvariant chu");
    let features = line_starting(&out, "feature myname=");
    let list = features
        .split("variants=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let names: Vec<&str> = list.split(',').collect();
    assert!(
        names.contains(&"chu-shogi") && names.contains(&"chu"),
        "{list}"
    );
    assert_eq!(names.iter().filter(|n| **n == "chu").count(), 1, "{list}");
    assert_eq!(
        names.iter().filter(|n| **n == "normal").count(),
        1,
        "{list}"
    );
    // `standard` is an alias of chess but no XBoard variant: not announced.
    assert!(!names.contains(&"standard"), "{list}");
    let setup = line_starting(&out, "setup ");
    assert!(setup.contains(" 12x12+0_"), "{setup}");
}

/// XBoard has 22 plain piece types and 21 promoted ones: Tenjiku Shogi's 36 start types do not fit, and XBoard,
/// given a setup whose FEN holds pieces it has no type for, set up an empty board and forfeited tatsu's first move
/// (seen under Xvfb). The session now tells the user why, in a `tellusererror` XBoard shows in a dialog; a game
/// that fits says nothing of the kind.
#[test]
fn a_game_whose_start_pieces_xboard_has_no_types_for_is_explained_to_the_user() {
    let out = session("xboard\nprotover 2\nvariant tenjiku-shogi");
    let told = line_starting(&out, "tellusererror XBoard cannot show tenjiku-shogi");
    // How many: Tenjiku's start has 36 types (docs/rules/tenjiku-shogi.md, after Wikipedia and the ZRF); XBoard has
    // 22 plain types and the King's, so at least 36 - 23 = 13 start types go without one.
    let missing: usize = told
        .split(": ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {told}"));
    assert!(missing >= 13, "{told}");
    assert!(told.contains("start pieces have no XBoard type"), "{told}");
    assert!(told.contains("tatsu serve"), "{told}");
    let out = session("xboard\nprotover 2\nvariant chu-shogi");
    assert!(!out.contains("tellusererror"), "{out}");
}

/// Ryu Shogi's warriors change their moves by zone; XBoard has no zones. With XBoard's legality testing on (its
/// default), a piece without a `piece` line moved as XBoard's own type, and XBoard forfeited tatsu's first warrior
/// move (`c2d3`, seen under Xvfb). Such a piece is now given every zone's moves, side by side (the union): the
/// Right Warrior's `vWrWlF`, `vRrRlB` and `vRrRlBK` all appear in its line.
#[test]
fn a_piece_whose_moves_depend_on_its_zone_is_given_xboard_every_zones_moves() {
    let out = session("xboard\nprotover 2\nvariant ryu-shogi");
    let line = line_starting(&out, "piece X& ");
    let betza = line.trim_start_matches("piece X& ");
    for zone_moves in ["vWrWlF", "vRrRlB", "vRrRlBK"] {
        assert!(betza.contains(zone_moves), "{zone_moves} missing: {line}");
    }
    assert!(
        out.contains("# piece X&: its moves depend on the zone it stands in"),
        "{out}"
    );
    // A piece whose moves are the same everywhere keeps its one string.
    assert_eq!(line_starting(&out, "piece K& "), "piece K& K");
}

/// XBoard's notation names a file by one letter: a game of more than 26 files (Taikyoku Shogi, 36) is not
/// offered; Tai Shogi's 25 files and 25 ranks (`a` to `y`, `1` to `I`) are.
#[test]
fn a_game_whose_files_xboard_cannot_name_is_not_offered() {
    let out = session("xboard\nprotover 2");
    let features = line_starting(&out, "feature myname=");
    assert!(features.contains("tai-shogi"), "{features}");
    assert!(!features.contains("taikyoku"), "{features}");
}

#[test]
fn an_engine_defined_variant_is_set_up_with_its_board_pieces_and_start_position() {
    let out = session("xboard\nprotover 2\nvariant ryugi");
    let setup = line_starting(&out, "setup (");
    assert!(
        setup.ends_with(
            ") 10x10+0_fairy ribmqkdbir/ppppnnpppp/4pp4/10/10/10/10/4PP4/PPPPNNPPPP/RIBMQKDBIR w KQkq - 0 1"
        ),
        "{setup}"
    );
    // 44 piece types per side: the queen keeps XBoard's queen type (4), the king the last type (43).
    let table = &setup["setup (".len()..setup.find(')').unwrap()];
    assert_eq!(table.len(), 88, "{table}");
    assert_eq!(&table[4..5], "Q");
    assert_eq!(&table[43..44], "K");
    assert!(out.lines().any(|l| l == "piece N& N"), "{out}");
}

#[test]
fn drop_games_put_the_droppable_pieces_in_the_holdings() {
    let out = session("variant euroshogi");
    let setup = line_starting(&out, "setup (");
    // EuroShogi drops five piece types (pawn, knight, bishop, rook, general): holdings of 5, shogi as parent.
    assert!(setup.contains(" 8x8+5_shogi "), "{setup}");
    assert!(
        setup.contains("[] w"),
        "empty holdings are written [] for XBoard: {setup}"
    );
}

#[test]
fn in_drop_games_the_pawn_keeps_xboards_pawn_type() {
    // Crazyhouse's queen has no shogi picture; it once took type 0, XBoard's pawn, and XBoard promoted it on
    // reaching the last rank.
    let out = session("variant crazyhouse");
    let setup = line_starting(&out, "setup (");
    assert!(setup.starts_with("setup (PNBRQ"), "{setup}");
}

#[test]
fn a_gating_game_is_set_up_as_seirawan_chess_and_gating_moves_pass_through() {
    let out = session_with(
        &["tests/data/variants/seirawan.tatsu"],
        "xboard\nprotover 2\nvariant seirawan\nforce\nusermove b1c3h\nusermove g8f6e\nusermove c3e4h",
    );
    let setup = line_starting(&out, "setup (");
    assert!(setup.contains(" 8x8+7_seirawan "), "{setup}");
    assert!(setup.ends_with("[HEhe] w KQBCDFGkqbcdfg - 0 1"), "{setup}");
    // The first two gate; the knight on c3 stands on no gating square, so its move brings nothing in.
    assert_eq!(out.matches("Illegal move").count(), 1, "{out}");
    assert!(out.contains("Illegal move: c3e4h"), "{out}");
}

#[test]
fn a_game_with_swaps_says_xboard_cannot_show_them() {
    // XBoard 4.9.1, tried under Xvfb: after the swap `c4d4` its board had the swapper on d4 and no victim on c4.
    let out = session_with(
        &["tests/data/variants/exotic-moves.tatsu"],
        "xboard\nprotover 2\nvariant exotic-moves",
    );
    let said = line_starting(&out, "# XBoard cannot show the swaps of");
    assert!(said.contains("Swapper (W)"), "{said}");
    assert_eq!(out.matches("# XBoard cannot show").count(), 1, "{out}");
    // Games without a swap say nothing of it.
    let chess = session("xboard\nprotover 2\nvariant normal");
    assert!(!chess.contains("# XBoard cannot show"), "{chess}");
}

#[test]
fn an_unknown_variant_is_an_error_and_the_session_goes_on() {
    let out = session("variant nosuchgame\nping 3");
    assert!(out.contains("Error (unknown variant): nosuchgame"), "{out}");
    assert!(out.lines().any(|l| l == "pong 3"), "{out}");
}

#[test]
fn time_commands_take_seconds_from_0_to_a_day_and_refuse_the_rest() {
    // `st nan` ended the session with a panic (a NaN passed the clamp); `st -1` and `st 1e20` were clamped.
    let bad = [
        "st nan",
        "st inf",
        "st -1",
        "st 86401",
        "level 40 5 nan",
        "level 4294967296 5 0",
    ];
    let out = session(&format!("xboard\nprotover 2\n{}\nping 1", bad.join("\n")));
    for command in bad {
        assert!(
            out.lines()
                .any(|l| l.starts_with("Error (") && l.ends_with(&format!("): {command}"))),
            "{command}: {out}"
        );
    }
    // At the edges: 0 (a millisecond) and a day; the session goes on and moves.
    let out = session("xboard\nprotover 2\nst 86400\nst 0\nnew\ngo\n#sleep 500");
    assert!(!out.contains("Error"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("move ")), "{out}");
}

#[test]
fn go_in_a_finished_game_answers_with_the_result() {
    // Black to move is stalemated: the session said nothing, and a GUI waiting for the engine's move waits on.
    let out =
        session("xboard\nprotover 2\nnew\nforce\nsetboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo");
    assert!(
        out.lines().any(|l| l == "1/2-1/2 {draw by stalemate}"),
        "{out}"
    );
    assert!(!out.contains("move "), "{out}");
    // Mated (White's back-rank mate of Black): the winner is named.
    let out =
        session("xboard\nprotover 2\nnew\nforce\nsetboard R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1\ngo");
    assert!(
        out.lines().any(|l| l == "1-0 {White wins by checkmate}"),
        "{out}"
    );
}

#[test]
fn an_illegal_move_is_refused_with_illegal_move() {
    let out = session("new\nforce\nusermove e2e5\nusermove e9e9\nping 1");
    assert!(out.lines().any(|l| l == "Illegal move: e2e5"), "{out}");
    assert!(out.lines().any(|l| l == "Illegal move: e9e9"), "{out}");
    assert!(out.lines().any(|l| l == "pong 1"), "{out}");
}

#[test]
fn bad_commands_get_an_error_and_never_end_the_session() {
    let junk = "foo bar\nlevel x y z\nst -\nsd many\nmemory lots\ncores\nsetboard not a fen\nlift zz99\nput\n\
                usermove\ntime\n\u{1b}[A\n@@@@\nvariant\nundo\nremove\nping 9";
    let out = session(junk);
    assert!(out.contains("Error (unknown command): foo bar"), "{out}");
    assert!(out.contains("tellusererror Illegal position"), "{out}");
    assert!(out.lines().any(|l| l == "pong 9"), "{out}");
}

#[test]
fn lift_highlights_exactly_the_legal_destinations() {
    // Ryugi's e2 knight (XBoard counts the ranks of a 10-rank board from 0, so it says e1): c3 and g3, d4 and f4;
    // c1 and g1 hold its own bishop and dragon, e3 and f3 its own pawns.
    let out = session("variant ryugi\nlift e1");
    assert_eq!(
        line_starting(&out, "highlight "),
        "highlight 10/10/10/10/10/10/3Y1Y4/2Y3Y3/10/10"
    );
}

#[test]
fn a_promotion_is_offered_as_a_choice_of_the_legal_pieces() {
    // A chess pawn on e7: e8 is a promotion square with four choices (magenta), and putting it there asks for
    // the queen first.
    let out = session("new\nforce\nsetboard 4k3/4P3/8/8/8/8/8/4K3 w - - 0 1\nlift e7\nput e8");
    assert_eq!(
        line_starting(&out, "highlight "),
        "highlight 8/8/8/8/8/8/8/8"
    );
    let out = session("new\nforce\nsetboard 7k/4P3/8/8/8/8/8/4K3 w - - 0 1\nlift e7\nput e8");
    assert_eq!(
        line_starting(&out, "highlight "),
        "highlight 4M3/8/8/8/8/8/8/8"
    );
    assert_eq!(line_starting(&out, "choice "), "choice QRBN");
}

#[test]
fn a_put_answers_for_the_position_it_is_made_in() {
    // A chess pawn lifted on a7, then the game changes before the put: the lift's moves (a chess pawn's
    // promotions) are not the new game's. With a game of five piece types this was a panic (the fuzzer's
    // `xboard_session`, `tests/data/fuzz/xboard_session/`); now the put asks the position it is made in.
    let lift = "new\nforce\nsetboard 8/P7/8/8/8/8/8/k1K5 w - - 0 1\nlift a7";
    let out = session_with(
        &["tests/data/variants/lame-pieces.tatsu"],
        &format!("{lift}\nvariant lame-pieces\nput a8\nping 7"),
    );
    assert!(
        out.lines().any(|l| l == "pong 7"),
        "the session lives: {out}"
    );
    assert!(!out.contains("choice "), "{out}");
    // In the same position the choice is offered; once the pawn has promoted, a8 holds a queen with no
    // promotion to choose.
    let out = session(&format!("{lift}\nput a8"));
    assert_eq!(line_starting(&out, "choice "), "choice QRBN");
    let out = session(&format!("{lift}\nusermove a7a8q\nput a8"));
    assert!(!out.contains("choice "), "{out}");
}

#[test]
fn the_engine_mates_and_announces_the_result_with_its_reason() {
    let out = session("new\nforce\nsetboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\nsd 3\ngo");
    assert!(out.lines().any(|l| l == "move d1d8"), "{out}");
    assert!(
        out.lines().any(|l| l == "1-0 {White wins by checkmate}"),
        "{out}"
    );
}

#[test]
fn a_user_move_that_ends_the_game_is_announced() {
    let out = session("new\nforce\nsetboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\nusermove d1d8");
    assert!(
        out.lines().any(|l| l == "1-0 {White wins by checkmate}"),
        "{out}"
    );
}

#[test]
fn the_engine_answers_a_move_in_every_bundled_game() {
    for (name, first) in [
        ("ryugi", "a1a2"),
        ("euroshogi", "a3a4"),
        ("ryu-shogi", "a3a4"),
        ("shogi", "a3a4"),
        ("dai-ryu-shogi", "a4a5"),
    ] {
        let script = format!("new\nvariant {name}\nsd 2\nusermove {first}\nping 2");
        let out = session(&script);
        assert!(!out.contains("Illegal move"), "{name}: {out}");
        assert!(
            out.lines().any(|l| l.starts_with("move ")),
            "{name}: no move in\n{out}"
        );
    }
}

#[test]
fn undo_takes_a_move_back_and_the_same_move_is_legal_again() {
    let out = session("new\nforce\nusermove e2e4\nundo\nusermove e2e4\nremove\nremove\nping 4");
    assert!(!out.contains("Illegal move"), "{out}");
    assert!(out.contains("Error (command not legal now)"), "{out}");
    assert!(out.lines().any(|l| l == "pong 4"), "{out}");
}

#[test]
fn analysis_posts_lines_until_exit_and_the_session_goes_on() {
    let out = session("new\nforce\npost\nanalyze\n#sleep 500\n.\n#sleep 200\nexit\nping 4");
    // Thinking output: depth, score, time, nodes, principal variation.
    let posted = out
        .lines()
        .find(|l| l.starts_with("1 "))
        .unwrap_or_else(|| panic!("no depth-1 line in:\n{out}"));
    assert!(posted.split_whitespace().count() >= 5, "{posted}");
    assert!(out.lines().any(|l| l == "pong 4"), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("move ")), "{out}");
}

#[test]
fn chess960_castling_is_o_o_and_o_o_o_as_xboard_writes_it() {
    let out = session_with(
        &["tests/data/variants/fischerandom.tatsu"],
        "xboard\nprotover 2\nvariant fischerandom\nforce\n\
         setboard r3k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1\nusermove O-O\nusermove 0-0-0\nusermove O-O",
    );
    // White castles with the g1 rook (king e1 to g1, rook to f1), Black with the a8 rook (written with zeros:
    // king to c8, rook to d8); White has no right left, so the second `O-O` is refused.
    assert_eq!(out.matches("Illegal move").count(), 1, "{out}");
    assert!(out.contains("Illegal move: O-O"), "{out}");
}

/// A castling tatsu writes as the king taking its rook because the king also reaches its destination (chess with a
/// `KD` king: `e1g1` is the king's leap) is `O-O`/`O-O-O` in XBoard's text too, and `e1g1` stays the leap.
#[test]
fn a_castling_written_as_taking_the_rook_is_o_o_in_xboard() {
    let dir = crate::support::scratch::scratch("xboard-castling");
    let chess = crate::support::variants::source_with(
        "variants/chess.tatsu",
        "moves \"KisO2\"",
        "moves \"KDisO2\"",
    );
    let file = dir.join("leaping-king.tatsu");
    std::fs::write(&file, chess).unwrap();
    let out = session_with(
        &[file.to_str().unwrap()],
        "xboard\nprotover 2\nvariant leaping-king\nforce\n\
         setboard r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\nusermove O-O\nusermove e8g8\nusermove e1g1",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // White castles (king g1, rook f1); Black's king leaps e8g8 (no castling: that is `e8h8`); White's king on g1
    // cannot leap to e1g1 again from e1: it is not there, so `e1g1` is refused.
    assert_eq!(out.matches("Illegal move").count(), 1, "{out}");
    assert!(out.contains("Illegal move: e1g1"), "{out}");
}

#[test]
fn a_pass_is_xboards_null_move_and_two_in_a_row_draw() {
    // Janggi: White passes with XBoard's `@@@@`, Black with its general's square twice (tatsu's notation); the
    // second pass in a row ends the game, so a third is refused.
    let out = session_with(
        &["tests/data/variants/janggicasual.tatsu"],
        "xboard\nprotover 2\nvariant janggicasual\nforce\nusermove @@@@\nusermove e9e9\nusermove @@@@",
    );
    assert!(
        out.lines()
            .any(|l| l == "1/2-1/2 {draw by two passes in a row}"),
        "{out}"
    );
    assert_eq!(out.matches("Illegal move").count(), 1, "{out}");
}

/// A line past the reader's limit (1 MiB) is dropped with an error, and the session reads on.
#[test]
fn an_oversized_line_is_refused_and_the_session_goes_on() {
    let huge = "x".repeat(tatsu::xboard::MAX_LINE_BYTES + 10);
    let out = session(&format!("new\n{huge}\nping 1"));
    assert!(
        out.contains("Error (a line of 1048586 bytes; at most 1048576 are read)"),
        "{}",
        &out[..out.len().min(500)]
    );
    assert!(out.contains("pong 1"), "{out}");
}

/// The GUI closing the engine's input while the engine thinks on a long clock ends the session at once, with
/// exit status 0 (the protocol's end of input), never a hang.
#[test]
fn closed_input_during_a_search_ends_the_session() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tatsu"))
        .arg("xboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "new\nlevel 0 60 0\ntime 360000\nusermove e2e4").expect("write");
    stdin.flush().expect("flush");
    std::thread::sleep(std::time::Duration::from_millis(200));
    drop(stdin);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "the engine still runs 30 s after its input closed"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
}

/// 32,000 `ping`s sent at once are all answered, in order: each line is handled once (the queue was scanned again
/// at every line, 26 s for these).
#[test]
fn thirty_two_thousand_pings_are_all_answered_in_order() {
    let script: Vec<String> = (0..32_000).map(|n| format!("ping {n}")).collect();
    let out = session(&script.join("\n"));
    let pongs: Vec<&str> = out.lines().filter(|l| l.starts_with("pong ")).collect();
    let expected: Vec<String> = (0..32_000).map(|n| format!("pong {n}")).collect();
    assert_eq!(pongs, expected);
}

/// The peak resident memory of process `pid` in bytes, where Linux tells it.
fn peak_memory(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Lines sent during a search wait in a queue bounded in bytes (`xboard::MAX_QUEUE_BYTES`): 200 lines of a
/// megabyte each are mostly refused, with an `Error` line counting them, and the engine's memory stays far below
/// what they would take (200 MB were held before the bound).
#[test]
fn huge_lines_during_a_search_are_bounded_by_the_queue() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tatsu"))
        .args(["xboard", "--hash", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines() {
            let Ok(line) = line else { break };
            let done = line == "pong 9";
            let _ = send.send(line);
            if done {
                break;
            }
        }
    });
    writeln!(stdin, "new\nst 60\ngo").expect("write");
    stdin.flush().expect("flush");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let huge = format!("name {}\n", "x".repeat(1_000_000));
    for _ in 0..200 {
        stdin.write_all(huge.as_bytes()).expect("write a huge line");
    }
    // `?` may itself be refused, the queue being full: it stops the search all the same.
    writeln!(stdin, "?").expect("write");
    stdin.flush().expect("flush");
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let peak = peak_memory(child.id());
    writeln!(stdin, "ping 9").expect("write");
    stdin.flush().expect("flush");
    let out: Vec<String> = receive.iter().collect();
    let _ = stdin.write_all(b"quit\n");
    drop(stdin);
    assert!(child.wait().expect("the session ends").success());
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:?}");
    let refused = out
        .iter()
        .find(|l| l.starts_with("Error (") && l.ends_with("they are dropped"))
        .unwrap_or_else(|| panic!("no line says lines were refused: {out:?}"));
    assert!(refused.contains("bytes of lines waited"), "{refused}");
    if let Some(peak) = peak {
        assert!(peak < 100_000_000, "the engine held {peak} bytes");
    }
}

/// XBoard adds `+` to any move into a promotion zone; where the piece cannot promote, the plain move is meant (the
/// issue: a cannon's capture `a1a7+` was "Illegal move"). Here a shogi Gold (which never promotes) steps into
/// Black's camp from its edge, sent as XBoard sends it.
#[test]
fn a_plus_on_a_move_that_cannot_promote_is_the_plain_move() {
    let out = session(
        "xboard\nprotover 2\nvariant shogi\nforce\n\
         setboard 4k4/9/9/G8/9/9/9/9/4K4[-] w - - 0 1\nusermove a6a7+\nusermove a6a7",
    );
    assert!(!out.contains("Illegal move: a6a7+"), "{out}");
    // After the first is played the Gold is on a7 and a6 is empty: the same move again is illegal.
    assert!(out.contains("Illegal move: a6a7"), "{out}");
}

/// XBoard's and other programs' names of the bundled games choose them: `chu` is Chu Shogi, `normal` is chess.
#[test]
fn xboard_and_fairy_stockfish_names_of_a_bundled_game_choose_it() {
    let out = session("xboard\nprotover 2\nvariant chu\nvariant Chu_Shogi\nvariant standard");
    assert!(!out.contains("Error (unknown variant)"), "{out}");
    let out = session("xboard\nprotover 2\nvariant chuu");
    assert!(out.contains("Error (unknown variant): chuu"), "{out}");
}

#[test]
fn a_node_cap_ends_each_search_whatever_the_clock_and_makes_play_repeatable() {
    // An hour on the clock: without the cap the engine would think for minutes (about 1/30 of its time).
    let script = "xboard\nprotover 2\nnew\nvariant shogi\nlevel 0 60 0\npost\ngo";
    let first = session_with(&["--nodes", "3000"], script);
    let posted: Vec<u64> = first
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            l.split_whitespace()
                .nth(3)
                .expect("nodes")
                .parse()
                .expect("a count")
        })
        .collect();
    assert!(!posted.is_empty(), "{first}");
    assert!(posted.iter().all(|&n| n <= 3000), "{posted:?}");
    assert!(line_starting(&first, "move ").len() > 5, "{first}");
    // The same search, line for line, but for the time each thinking line posts (its third field, in
    // centiseconds), which follows the machine's load.
    let untimed = |out: &str| -> Vec<String> {
        out.lines()
            .map(|l| match l.starts_with(|c: char| c.is_ascii_digit()) {
                true => {
                    let mut fields: Vec<&str> = l.split_whitespace().collect();
                    fields[2] = "-";
                    fields.join(" ")
                }
                false => l.to_string(),
            })
            .collect()
    };
    let second = session_with(&["--nodes", "3000"], script);
    assert_eq!(untimed(&first), untimed(&second));
}

/// XBoard sends a move with an intermediate square in legs (backend.c `SendMoveToProgram`: from, the kill square,
/// then on), also when that square is empty: a Chu Lion's pass `f3f4,f4f3` and its step-and-step `f3f4,f4g5` are
/// tatsu's `f3f3` and `f3g5`. And it writes ranks past the ninth as numbers: `j12`, never `j<`.
#[test]
fn a_lion_move_xboard_sends_in_legs_over_an_empty_square_is_the_plain_move() {
    let out = session(
        "new\nvariant chu-shogi\nforce\nusermove f4f5\nusermove g9g8\nusermove f3f4,f4f3\nusermove h9h8\n\
         usermove f3f4,f4g5\nusermove j12i11\nping 7",
    );
    assert!(!out.contains("Illegal move"), "{out}");
    assert!(out.lines().any(|l| l == "pong 7"), "{out}");
}

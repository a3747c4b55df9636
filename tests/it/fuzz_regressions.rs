//! Every input the fuzzers (`fuzz/`, see docs/fuzzing.md) found crashing, replayed through the same checks the
//! fuzz targets run (`fuzz/src/checks.rs`), so `cargo test` guards the fixes without cargo-fuzz.
use crate::support::fuzz_checks as checks;
use crate::support::variants::{engine_of, source_with};
use tatsu::engine::Position;

/// Every crashing input kept in `tests/data/fuzz/<target>/`, through its target's checks.
#[test]
fn saved_crash_inputs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fuzz");
    let mut count = 0;
    for target in std::fs::read_dir(dir).unwrap() {
        let target = target.unwrap().path();
        let name = target.file_name().unwrap().to_string_lossy().into_owned();
        for input in std::fs::read_dir(&target).unwrap() {
            let data = std::fs::read(input.unwrap().path()).unwrap();
            let text = String::from_utf8_lossy(&data);
            match name.as_str() {
                "betza_parse" => checks::betza_parse(&text),
                "variant_compile" => checks::variant_compile(&text),
                "fen" => checks::fen_every_game(&text),
                "moves" => checks::moves(&data),
                "variant_mutate" => checks::variant_mutate(&data),
                "xboard_session" => drop(checks::xboard_session(&data)),
                "ruletest_file" => checks::ruletest_file(&text),
                other => panic!("no fuzz target `{other}`"),
            }
            count += 1;
        }
    }
    assert!(count > 0);
}

/// Inputs of the targets whose first byte picks a game (`moves`, `variant_mutate`), kept without that byte in
/// `tests/data/fuzz_aimed/<target>/<game>--<what>` and replayed with the byte that picks `<game>` today: the
/// index of a game in `checks::all_games()` moves as test variants are added.
#[test]
fn aimed_crash_inputs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fuzz_aimed");
    let mut count = 0;
    for target in std::fs::read_dir(dir).unwrap() {
        let target = target.unwrap().path();
        let name = target.file_name().unwrap().to_string_lossy().into_owned();
        for input in std::fs::read_dir(&target).unwrap() {
            let path = input.unwrap().path();
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            let (game, _) = file.split_once("--").expect("named <game>--<what>");
            let index = checks::all_games()
                .iter()
                .position(|g| g.name == game)
                .unwrap_or_else(|| panic!("{file}: no game `{game}`"));
            let mut data = vec![u8::try_from(index).expect("at most 256 games")];
            data.extend(std::fs::read(&path).unwrap());
            match name.as_str() {
                "moves" => checks::moves(&data),
                "variant_mutate" => checks::variant_mutate(&data),
                other => panic!("no fuzz target with a game byte: `{other}`"),
            }
            count += 1;
        }
    }
    assert!(count > 0);
}

#[test]
fn seeds_pass_the_checks() {
    for (_, source, engine) in checks::engines() {
        checks::variant_compile(source);
        let start = Position::start(engine).to_fen();
        checks::fen_for(engine, &start);
    }
    checks::betza_parse("fmWfceFifmnD");
    checks::moves(b"\x00e2e4 e7e5 g1f3");
    checks::ruletest_file("variant \"chess\"\ntest \"start\" { count 20 perft 2 = 400 }\n");
}

/// The `ruletest_file` target skips files asking for a perft deeper than two plies (a long computation the user
/// asked for, not a hang), wherever the grammar reads one: glued to the number before it (the fuzzer's two timeouts,
/// kept in `tests/data/fuzz/ruletest_file/`), after a comment, or on the next line.
#[test]
fn a_deep_perft_is_seen_however_the_test_grammar_allows_it_to_be_written() {
    for deep in [
        "test \"t\" { count 20 perft 1 = 20perft 7 = 1 }",
        "test \"t\" { perft # deep\n # deeper\n 3 = 8902 }",
        "test \"t\" {\n  perft\n\t5 = 4865609 }",
        "test \"t\" { perft 10 = 1 }",
    ] {
        assert!(checks::asks_deep_perft(deep), "{deep:?}");
    }
    for shallow in [
        "test \"t\" { count 20 perft 2 = 400 }",
        "test \"t\" { perft 1 = 20 # perft\n }",
        "test \"t\" { perft 99999999999 = 1 }",
        "test \"perft\" { count 20 }",
    ] {
        assert!(!checks::asks_deep_perft(shallow), "{shallow:?}");
    }
}

/// The XBoard session under abuse, through the fuzz target's checks (every line the engine writes is a protocol
/// form; the position always reads back): commands out of order, moves in a finished game, nonsense `setboard`,
/// unknown variants, oversized and binary lines, and the engine playing both sides until the game ends.
#[test]
fn xboard_session_survives_abuse() {
    let long = "e2e4 ".repeat(20_000);
    let script = format!(
        "new\nforce\nundo\nusermove e2e4\ngo\nundo\nundo\nundo\nremove\nnew\nvariant nonsense\nvariant 99x99+0_\n\
         setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra\nsetboard \u{0}\u{ff}\n\
         setboard 8/8/8/8/8/8/8/8 w - - 0 1\nnew\nforce\nusermove f2f3\nusermove e7e5\nusermove g2g4\n\
         usermove d8h4\nusermove a2a3\ngo\nlevel x y z\nst -1\nsd 99999999999\ntime\nping\n{long}\n\
         lift z99\nput z99\nlift\nput\nresult\nnew\nvariant ryugi\ngo\nplayother\nanalyze\nexit\nquit\n"
    );
    let out = checks::xboard_session(script.as_bytes());
    for expected in [
        "Error (command not legal now): undo",
        "Error (unknown variant): nonsense",
        "tellusererror Illegal position",
        "0-1 {Black wins by checkmate}",
        "Illegal move: a2a3",
        "Error (`x` is not a number of moves): level x y z",
    ] {
        let shown: String = out
            .lines()
            .map(|l| &l[..l.len().min(200)])
            .collect::<Vec<_>>()
            .join("\n");
        assert!(out.contains(expected), "no `{expected}` in\n{shown}");
    }
    assert!(
        out.lines().any(|l| l.starts_with("move ")),
        "the engine never moved"
    );
}

/// fuzz/fen: holdings ending in a count (`[NP\x113]`) panicked in `engine::fen::parse_hand` ("not empty").
#[test]
fn fen_holdings_ending_in_a_count() {
    checks::fen_every_game("\0\0\0*3\u{bc}1//P8/P338/4K3[NP\u{11}3] w - - 0 1");
    for (_, _, engine) in checks::engines() {
        for fen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[3] w - - 0 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[P300] w - - 0 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[65536P] w - - 0 1",
        ] {
            assert!(Position::from_fen(engine, fen).is_err(), "{fen}");
        }
    }
}

/// An empty run longer than `i32::MAX - 1` squares overflowed `file` in `engine::fen::parse_board`.
#[test]
fn fen_huge_empty_run() {
    checks::fen_every_game("2147483647P2147483647/8/8/8/8/8/8/8 w - - 0 1");
    checks::fen_every_game("P2147483647P/8/8/8/8/8/8/8 w - - 0 1");
}

/// Clocks at `u32::MAX` overflowed in `engine::make` on the next move.
#[test]
fn fen_clocks_at_the_maximum() {
    let engine = &checks::engines()
        .iter()
        .find(|(name, _, _)| *name == "chess")
        .unwrap()
        .2;
    let fen = "4k3/8/8/8/8/8/8/4K2R b K - 4294967295 4294967295";
    checks::fen_for(engine, fen);
    let mut pos = Position::from_fen(engine, fen).unwrap();
    let mv = pos.parse_move("e8d8").unwrap();
    pos.play(mv);
    let mv = pos.parse_move("e1f1").unwrap();
    pos.play(mv);
    assert_eq!(pos.halfmove_clock(), u32::MAX);
    assert_eq!(pos.fullmove_number(), u32::MAX);
}

/// fuzz/fen: a castling right granted with a rook on the king's square and the king on the rook's was accepted
/// (`engine::fen::validate` checked only the side of the pieces there); the bogus castling then had the same UCI
/// text as the rook's own move, `e8c8`.
#[test]
fn fen_castling_right_needs_the_right_pieces() {
    checks::fen_every_game("k3r2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBpPP/R3K2R w KQkq - 0 1");
    let chess = &checks::engines()
        .iter()
        .find(|(name, _, _)| *name == "chess")
        .unwrap()
        .2;
    let Err(err) = Position::from_fen(chess, "k3r3/8/8/8/8/8/8/4K3 b q - 0 1") else {
        panic!("accepted")
    };
    assert!(err.to_string().contains("castling right `q`"), "{err}");
    // With the rook on a8 and the king on e8 the same right is valid, and the position reads back unchanged.
    let valid = "r3k3/8/8/8/8/8/8/4K3 b q - 0 1";
    let pos = Position::from_fen(chess, valid).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pos.to_fen(), valid);
}

/// fuzz/variant_mutate: chess with a NUL byte for the space after `KQkq` in the start position compiled (the compiler
/// checked only placement and side), and `Position::start` then panicked ("the compiler validated the start
/// position"). `compile` reads the start position with the one FEN reader and checks it against the rules.
#[test]
fn variant_start_position_the_executor_rejects() {
    let chess = tatsu::variants::bundled()
        .iter()
        .find(|(name, _)| *name == "chess")
        .unwrap()
        .1;
    // The fuzzer's input, rebuilt so that it stays aimed as chess.tatsu changes: pick chess, overwrite the space
    // after `KQkq` with a NUL byte.
    let game = checks::all_games()
        .iter()
        .position(|g| g.name == "chess")
        .unwrap() as u8;
    let at = (chess.find("KQkq - 0 1").unwrap() + 4) as u16;
    let [lo, hi] = at.to_le_bytes();
    checks::variant_mutate(&[game, lo, hi, 0, 0]);
    for bad in [
        "KQkq\0- 0 1",
        "KQkqX - 0 1",
        "KQkq e3 0 1",
        "KQkq - 0 1 extra",
    ] {
        let source = chess.replace("KQkq - 0 1", bad);
        let Err(diags) = tatsu::compile::compile("chess.tatsu", &source) else {
            panic!("`{bad}` compiled")
        };
        assert!(
            diags
                .iter()
                .any(|d| d.message.starts_with("start position: ")),
            "{bad}: {diags:?}"
        );
    }
}

/// selfplay (ryu-shogi, seed 7): a Left Warrior in zone 3 moves `vRlRrBK`, and the K's steps were generated again
/// by the riders' first squares: the same move twice in the legal list (perft counts it twice). `compile::graph`
/// now drops a ray that another ray of the piece covers.
#[test]
fn overlapping_components_generate_each_move_once() {
    let engine = &checks::engines()
        .iter()
        .find(|(name, _, _)| *name == "ryu-shogi")
        .unwrap()
        .2;
    for fen in [
        "cs1kgsc/rbx1wrb/p3gpp/1pp1p2/7/2p1P2/3P3/1v2B2/7/PPP1WPP/BRV1GXR/CSGK1SC[] b - - 31 16",
        "csgkvsc/rbxg1rb/pw1pppp/7/p6/W1p4/7/5P1/1P2P2/P1PP2P/BRVGXBR/CSG1KSC[] w - - 18 10",
    ] {
        let mut pos = Position::from_fen(engine, fen).unwrap();
        let moves = pos.legal_move_list();
        for (i, mv) in moves.iter().enumerate() {
            assert!(!moves[..i].contains(mv), "{fen}: {} twice", pos.uci(mv));
        }
        checks::fen_for(engine, fen);
    }
    let chess = &checks::engines()
        .iter()
        .find(|(name, _, _)| *name == "chess")
        .unwrap()
        .2;
    let kqw = engine_of(&source_with(
        "variants/chess.tatsu",
        "moves \"Q\"",
        "moves \"QKW\"",
    ));
    let fen = "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1";
    let plain = Position::from_fen(chess, fen)
        .unwrap()
        .legal_move_list()
        .len();
    assert_eq!(
        Position::from_fen(&kqw, fen)
            .unwrap()
            .legal_move_list()
            .len(),
        plain
    );
}

/// fuzz/variant_mutate (tests/data/fuzz/variant_mutate/crash-3025…): a ryugi pawn with a sideways double step left
/// an e.p. square (`g8` after f8h8) that `engine::fen::parse_ep` rejected, since it looked for the victim only
/// straight ahead: the FEN of a reachable position did not read back. The victim is now found beside the target,
/// with the square it came from empty; a triple step writes the passed square next to the victim, and a victim
/// not straight ahead of it is named as well (`b2c2`).
#[test]
fn en_passant_after_a_sideways_double_step_round_trips() {
    let engine = engine_of(&source_with(
        "variants/chess.tatsu",
        "ifmnDfmWfceF",
        "ifmnDfmWfceFismnD",
    ));
    let mut pos = Position::from_fen(&engine, "4k3/8/8/8/2p5/8/3P4/4K3 w - - 0 1").unwrap();
    let mv = pos.parse_move("d2b2").unwrap();
    pos.play(mv);
    checks::check_position(&mut pos);
    // The pawn on b2 is not straight ahead of c2: the field names it too (Fairy-Stockfish's form).
    assert!(pos.to_fen().contains(" b2c2 "), "{}", pos.to_fen());
}

/// fuzz/variant_mutate: a pawn `ifmnDfmWWfceF` (the `fmWW` a forward move-only rider) generated `b2b4` twice: once
/// from the initial lame double step, which creates an e.p. target, and once from the rider, which does not. They are
/// one move for the player (one UCI text); the executor keeps the double-step form, which creates the target.
#[test]
fn double_step_also_reached_by_a_rider() {
    let data = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fuzz/variant_mutate/variant_mutate-crash-a4e632a5877da73fcbbac96fd7519a3096a43622"
    ))
    .unwrap();
    checks::variant_mutate(&data);
}

/// Chess after 1.e4, Black to move: the position of the slow lines below.
fn chess_after_e4(engine: &tatsu::engine::Engine) -> Position<'_> {
    let mut pos = Position::start(engine);
    let e4 = pos.parse_move("e2e4").unwrap();
    pos.play(e4);
    pos
}

/// Found while profiling the `referee_reply` target: `xboard::notation::read_move` read a text ending in `+` again
/// without one `+` at a time, each time through SAN, which itself took each trailing mark off in turn, finding
/// every legal move's forms again for each: a move line of 2,000 `+` took 17 s, one of `tatsu match`'s 16 KiB
/// lines would have taken about 20 minutes and one of an XBoard session's 1 MiB lines days. A line of marks after a
/// move no one can make is now read in one pass. The test reads no clock (a timed assertion measures the machine):
/// on the old code its 1 MiB line alone would run for days, so it cannot pass within CI's time limit.
#[test]
fn a_move_line_ending_in_thousands_of_plus_signs_is_read_in_linear_time() {
    let engine = tatsu::variants::bundled_engine("chess").unwrap();
    let mut pos = chess_after_e4(&engine);
    let marks = "+".repeat(4_000);
    assert_eq!(
        tatsu::xboard::notation::read_move(&mut pos, &format!("e4{marks}")),
        None
    );
    let e5 = tatsu::xboard::notation::read_move(&mut pos, &format!("e5{marks}"));
    assert_eq!(e5.map(|mv| pos.uci(&mv)).as_deref(), Some("e7e5"));
    // As long as a line an XBoard session reads (`protocol::input::MAX_LINE_BYTES`).
    let marks = "+".repeat(1 << 20);
    assert_eq!(
        tatsu::xboard::notation::read_move(&mut pos, &format!("e4{marks}")),
        None
    );
    assert_eq!(
        tatsu::engine::san::read(&mut pos, &format!("e4{marks}")),
        None
    );
    assert_eq!(
        tatsu::engine::san::read(&mut pos, &format!("e7e5{marks}")),
        e5
    );
}

/// The same for SAN read on its own (`engine::san::read`, as the PGN's moves are read back): each trailing mark
/// taken off found the forms of every legal move again and parsed the text as coordinates again (100,000 marks
/// took 11.9 s in a release build of the old code, growing with the square of the marks: the 1 MiB here, about 20
/// minutes; no clock is read).
#[test]
fn a_san_text_ending_in_thousands_of_marks_is_read_in_linear_time() {
    let engine = tatsu::variants::bundled_engine("chess").unwrap();
    let mut pos = chess_after_e4(&engine);
    let marks = "+".repeat(1 << 20);
    assert_eq!(
        tatsu::engine::san::read(&mut pos, &format!("e4{marks}")),
        None
    );
    let e5 = tatsu::engine::san::read(&mut pos, &format!("e5{marks}"));
    assert_eq!(e5.map(|mv| pos.uci(&mv)).as_deref(), Some("e7e5"));
}

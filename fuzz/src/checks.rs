//! The checks behind the fuzz targets, shared with the normal test suite (`tests/it/fuzz_regressions.rs` includes this
//! file with `#[path]`), so that every crash the fuzzers found is replayed by `cargo test` without cargo-fuzz.
//!
//! Each function takes arbitrary input and panics only when tatsu breaks a promise: a panic inside tatsu, or an
//! invariant (round trip, make/unmake, legality) that does not hold.
#![allow(dead_code)]

use betza::Facing;
use std::sync::OnceLock;
use tatsu::engine::{Engine, Position};

/// Test variants whose position state no bundled game has, fuzzed beside them: gating rights in the castling field
/// and gating moves (`b1c3h`), promotions in place (`d5d5f`), a king in hand.
const STATEFUL_TEST_VARIANTS: [(&str, &str); 3] = [
    (
        "seirawan",
        include_str!("../../tests/data/variants/seirawan.tatsu"),
    ),
    (
        "sittuyin",
        include_str!("../../tests/data/variants/sittuyin.tatsu"),
    ),
    (
        "placement",
        include_str!("../../tests/data/variants/placement.tatsu"),
    ),
];

/// One game the fuzz targets read and play: its name, its source, and its engine, compiled the first time a target
/// asks for it (a run that never picks Chu Shogi never compiles it).
pub struct FuzzGame {
    pub name: &'static str,
    pub source: &'static str,
    engine: OnceLock<Engine>,
}

impl FuzzGame {
    pub fn engine(&self) -> &Engine {
        self.engine.get_or_init(|| {
            let compiled = tatsu::compile::compile(&format!("{}.tatsu", self.name), self.source)
                .unwrap_or_else(|_| panic!("{} compiles", self.name));
            Engine::new(compiled.game)
        })
    }
}

/// How many of [`all_games`] come first as the core list: the bundled games, then [`STATEFUL_TEST_VARIANTS`].
fn core_len() -> usize {
    tatsu::variants::bundled().len() + STATEFUL_TEST_VARIANTS.len()
}

/// Every game a target picks from by its first byte (`byte % len`): the bundled games, [`STATEFUL_TEST_VARIANTS`],
/// then every other variant of `tests/data/variants/` in file-name order (Fairy-Stockfish's variants written in
/// tatsu's language: explosions, walls, counting, check limits, …), so that the FEN reader and the executor are
/// fuzzed under every rule the language has. `fuzz/seed_corpus.py` writes its selector bytes in this order.
pub fn all_games() -> &'static [FuzzGame] {
    static GAMES: OnceLock<Vec<FuzzGame>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut games: Vec<FuzzGame> = tatsu::variants::bundled()
            .iter()
            .chain(STATEFUL_TEST_VARIANTS.iter())
            .map(|&(name, source)| FuzzGame {
                name,
                source,
                engine: OnceLock::new(),
            })
            .collect();
        let mut files: Vec<_> = std::fs::read_dir(test_variants_dir())
            .expect("tests/data/variants/ is readable")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "tatsu"))
            .map(|path| {
                (
                    path.file_stem().unwrap().to_string_lossy().into_owned(),
                    path,
                )
            })
            .collect();
        // By name, as seed_corpus.py sorts them (`a` before `a-b`).
        files.sort();
        for (name, path) in files {
            if games.iter().any(|g| g.name == name) {
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("a test variant is UTF-8");
            // Read once per process and kept for its whole life, as the compiled-in sources are.
            games.push(FuzzGame {
                name: Box::leak(name.into_boxed_str()),
                source: Box::leak(source.into_boxed_str()),
                engine: OnceLock::new(),
            });
        }
        games
    })
}

/// `tests/data/variants/`, from the fuzz crate (`fuzz/`) or from the main crate's tests, which include this file.
fn test_variants_dir() -> std::path::PathBuf {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let here = root.join("tests/data/variants");
    if here.is_dir() {
        here
    } else {
        root.join("../tests/data/variants")
    }
}

/// The game a selector byte picks.
fn pick(byte: u8) -> &'static FuzzGame {
    let games = all_games();
    &games[byte as usize % games.len()]
}

/// The core list (bundled games and [`STATEFUL_TEST_VARIANTS`]), compiled: `(name, source, engine)`. The
/// regression tests find games in it by name.
pub fn engines() -> &'static [(&'static str, &'static str, &'static Engine)] {
    static ENGINES: OnceLock<Vec<(&'static str, &'static str, &'static Engine)>> = OnceLock::new();
    ENGINES.get_or_init(|| {
        all_games()[..core_len()]
            .iter()
            .map(|g| (g.name, g.source, g.engine()))
            .collect()
    })
}

/// XBetza: parse; on success the canonical text reparses to the same tree, and every orientation expands,
/// describes and draws.
pub fn betza_parse(text: &str) {
    match betza::parse(text) {
        Ok(b) => {
            let canonical = b.to_string();
            let again = betza::parse(&canonical)
                .unwrap_or_else(|e| panic!("`{text}` → `{canonical}` does not reparse: {e:?}"));
            assert_eq!(again, b, "`{text}` → `{canonical}` reparses differently");
            assert_eq!(again.to_string(), canonical, "canonical text is not stable");
            // `destinations` expands the move in the orientation first.
            for o in [Facing::First, Facing::MirroredRanks, Facing::Rotated] {
                let _ = betza::diagram::destinations(&b, 9, 9, (4, 4), o);
            }
            let _ = b.validate();
            let _ = betza::describe::describe(&b);
        }
        Err(errors) => {
            assert!(!errors.is_empty(), "`{text}`: an error without errors");
            for e in errors {
                assert!(
                    e.span.start <= e.span.end && e.span.end <= text.len(),
                    "`{text}`: span {:?} outside the text",
                    e.span
                );
                let _ = e.render(text);
                let _ = e.to_string();
            }
        }
    }
}

/// A variant source: compiles or reports located diagnostics; a compiled game gets an engine and a start position
/// whose first moves are exercised.
pub fn variant_compile(source: &str) {
    // Rendered as `tatsu check` renders them: one renderer (one line index) for the file, the report capped.
    let renderer = tatsu::diag::Renderer::new(source);
    match tatsu::compile::compile("fuzz.tatsu", source) {
        Ok(compiled) => {
            for d in &compiled.warnings {
                assert!(d.span.start <= d.span.end && d.span.end <= source.len());
            }
            let _ = renderer.report(&compiled.warnings, tatsu::diag::Format::Human);
            let engine = Engine::new(compiled.game);
            let mut pos = Position::start(&engine);
            exercise(&mut pos, &[0, 1, 2, 3, 5]);
        }
        Err(diags) => {
            assert!(!diags.is_empty(), "a failed compile without diagnostics");
            for d in &diags {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= source.len(),
                    "{d:?}"
                );
            }
            let _ = renderer.report(&diags, tatsu::diag::Format::Human);
            let _ = renderer.report(&diags, tatsu::diag::Format::Short);
        }
    }
}

/// The `fen` target: the first byte picks a game of [`all_games`], the rest is the FEN text read for it.
pub fn fen(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    fen_for(pick(which).engine(), &String::from_utf8_lossy(rest));
}

/// FEN text read for every game of [`all_games`]: how `cargo test` replays a FEN the fuzzer found (saved without its
/// selector byte), a stronger check than the one game it crashed in.
pub fn fen_every_game(text: &str) {
    for game in all_games() {
        fen_for(game.engine(), text);
    }
}

/// Arbitrary FEN text for one game: an error with problems, or a position whose FEN round-trips and whose legal
/// moves make and unmake cleanly.
pub fn fen_for(engine: &Engine, text: &str) {
    match Position::from_fen(engine, text) {
        Err(e) => {
            assert!(
                !e.problems.is_empty(),
                "`{text}`: an error without problems"
            );
            let _ = e.to_string();
        }
        Ok(mut pos) => {
            check_position(&mut pos);
            let _ = pos.outcome();
            exercise(&mut pos, &[0, 7, 3]);
        }
    }
}

/// Move strings from a game's start position. The first byte picks the game of [`all_games`]; the rest is whitespace-separated
/// tokens. A token that is a legal move is played; any other token plays the legal move its first byte indexes
/// (so the fuzzer reaches deep positions). After every ply the game may end; `outcome` must not panic.
pub fn moves(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let engine = pick(which).engine();
    let text = String::from_utf8_lossy(rest);
    let mut pos = Position::start(engine);
    for token in text.split_whitespace().take(400) {
        let mv = match pos.parse_move(token) {
            Ok(mv) => mv,
            Err(e) => {
                let _ = e.to_string();
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                moves[token.as_bytes()[0] as usize % moves.len()]
            }
        };
        // Everything a FEN states, compared without writing the text (the FEN writer is checked at the end).
        let before = pos.to_setup();
        let hash = pos.hash();
        pos.play(mv);
        // The outcome after the move, kept: playing the same move again below gives the same history.
        let over = pos.outcome().is_some();
        pos.unplay();
        assert!(
            pos.to_setup() == before,
            "play/unplay {} changed the position {}",
            pos.uci(&mv),
            pos.to_fen()
        );
        assert_eq!(
            pos.hash(),
            hash,
            "play/unplay {} changed the hash",
            pos.uci(&mv)
        );
        pos.play(mv);
        if over {
            break;
        }
    }
    check_position(&mut pos);
}

/// The source of a game of [`all_games`] with byte edits: the first byte picks the variant, then each 4 bytes are one edit
/// `(position: u16, operation, byte)`.
pub fn variant_mutate(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let mut source = pick(which).source.as_bytes().to_vec();
    for edit in rest.chunks_exact(4).take(16) {
        let at = u16::from_le_bytes([edit[0], edit[1]]) as usize % (source.len() + 1);
        let byte = edit[3];
        match edit[2] % 4 {
            0 => {
                if at < source.len() {
                    source[at] = byte;
                }
            }
            1 => source.insert(at, byte),
            2 => {
                let end = (at + byte as usize % 16 + 1).min(source.len());
                source.drain(at..end);
            }
            _ => {
                // Duplicate a short run: repeats a line, a token or a brace.
                let end = (at + byte as usize % 32 + 1).min(source.len());
                let run: Vec<u8> = source[at..end].to_vec();
                source.splice(at..at, run);
            }
        }
    }
    variant_compile(&String::from_utf8_lossy(&source));
}

/// The position's FEN reparses to the same FEN and hash.
pub fn check_position(pos: &mut Position) {
    if let Err(v) = tatsu::audit::fen_round_trip(pos) {
        panic!("{v}");
    }
}

/// Plays a few plies, choosing moves by the given indices, auditing each ply with `tatsu::audit` (the checks
/// `tatsu selfplay` runs): every legal move, then the chosen one.
pub fn exercise(pos: &mut Position, choices: &[usize]) {
    for &choice in choices {
        if pos.outcome().is_some() {
            return;
        }
        let moves = pos.legal_move_list();
        let chosen = moves.get(choice % moves.len().max(1)).copied();
        let audited = tatsu::audit::legal_moves(pos, &moves)
            .and_then(|()| chosen.map_or(Ok(()), |mv| tatsu::audit::play(pos, mv)));
        if let Err(v) = audited {
            panic!("{v}");
        }
        if chosen.is_none() {
            return;
        }
    }
}

/// An XBoard session fed arbitrary lines: every line the engine writes is one of the protocol's forms, and the
/// session's position always reads back from its FEN. Searches are capped at a few hundred nodes so that `go`
/// returns at once.
pub fn xboard_session(data: &[u8]) -> String {
    use std::io::Write;
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, Mutex};

    /// The session's output, kept for the checks.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);
    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    static GAMES: OnceLock<Vec<tatsu::xboard::Offer>> = OnceLock::new();
    let games = GAMES.get_or_init(|| {
        // Every game, each compiled when a session first chooses it (`variant …`), as `tatsu xboard` offers the
        // bundled ones.
        all_games()
            .iter()
            .map(|g| {
                tatsu::xboard::Offer::lazy(tatsu::xboard::xboard_name(g.name), move || {
                    let compiled = tatsu::compile::compile(&format!("{}.tatsu", g.name), g.source)
                        .expect("compiles");
                    Arc::new(Engine::new(compiled.game))
                })
            })
            .collect()
    });
    let sink = Sink::default();
    let flag = || Arc::new(AtomicBool::new(false));
    let mut session = tatsu::xboard::Session::new(games, 1, Box::new(sink.clone()), flag(), flag());
    // Enough for a search to make its first moves and a quiescence search (what is fuzzed here is the protocol
    // around it; the search has its own tests): at 300 nodes the search took three quarters of the time.
    session.cap_nodes(60);
    let text = String::from_utf8_lossy(data);
    for line in text.lines().take(64) {
        // A GUI's `memory` asks for real memory; the fuzzer may not have gigabytes to give.
        if line.trim_start().starts_with("memory") || line.trim_start().starts_with("cores") {
            continue;
        }
        session.feed(line);
        let pos = session.position();
        let fen = pos.to_fen();
        let again = Position::from_fen(pos.engine(), &fen)
            .unwrap_or_else(|e| panic!("the session's position `{fen}` does not read back: {e}"));
        assert_eq!(again.to_fen(), fen, "the session's FEN does not round-trip");
        if session.has_quit() {
            break;
        }
    }
    let out = String::from_utf8(sink.0.lock().unwrap().clone()).expect("the engine writes UTF-8");
    const FORMS: &[&str] = &[
        "feature ",
        "move ",
        "Error (",
        "Illegal move",
        "pong ",
        "# ",
        "setup ",
        "piece ",
        "highlight ",
        "choice ",
        "tellusererror ",
        "1-0 {",
        "0-1 {",
        "1/2-1/2 {",
        "variant ",
    ];
    for line in out.lines() {
        let post = line
            .split_whitespace()
            .next()
            .is_some_and(|w| w.parse::<i64>().is_ok());
        assert!(
            post || FORMS.iter().any(|f| line.starts_with(f)),
            "not a protocol line: {line:?}"
        );
    }
    out
}

/// A rule-test file's text: it reads into tests or located errors, and the tests run without a panic. A file
/// named by `variant` is read as `tatsu test` would (at most 1 MiB). A deep `perft` step is a long computation
/// the user asked for, not a hang: inputs with one deeper than 2 are skipped.
pub fn ruletest_file(text: &str) {
    if asks_deep_perft(text) {
        return;
    }
    let report = tatsu::ruletest::run_source("fuzz.tests", text);
    for d in &report.errors {
        assert!(
            d.file != "fuzz.tests" || (d.span.start <= d.span.end && d.span.end <= text.len()),
            "{d:?}"
        );
        let _ = tatsu::diag::render_human(d, text);
    }
    for t in &report.tests {
        let _ = t.passed();
    }
}

/// Does `text` ask for a perft deeper than two plies? `perft` anywhere followed by its depth, however it is
/// placed: the test grammar needs no space before a keyword and allows comments between tokens, so
/// `perft 1 = 20perft 7` and `perft # deep\n 7` ask for depth 7 (the first was found by the fuzzer, which a
/// whitespace-split scan let through to a three-billion-node perft). A depth too large for `u32` is left to the
/// parser, which refuses it.
pub fn asks_deep_perft(text: &str) -> bool {
    text.match_indices("perft").any(|(at, word)| {
        let mut rest = &text[at + word.len()..];
        loop {
            rest = rest.trim_start();
            match rest.strip_prefix('#') {
                Some(comment) => rest = comment.split_once('\n').map_or("", |(_, after)| after),
                None => break,
            }
        }
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<u32>().is_ok_and(|depth| depth > 2)
    })
}

/// `balance_merge`: a games file as another machine might have written it, read and merged as `balance --merge`
/// does for chess. Reading gives records or an error at a line of the file; merging checks every record by replay
/// and must come back, with the games or an error, never a panic.
pub fn balance_merge(data: &[u8]) {
    let engine = tatsu::variants::bundled_engine("chess").expect("chess is bundled");
    match tatsu::balance::record::read_from(data, "games.jsonl") {
        Ok((records, _)) => {
            if let Ok(merged) = tatsu::balance::merge::merge(&engine, records) {
                assert!(merged.games.windows(2).all(|w| w[0].index < w[1].index));
            }
        }
        Err(e) => assert!(
            e.starts_with("games.jsonl:") || e.starts_with("cannot read"),
            "{e}"
        ),
    }
}

/// The split the `perft_units` target checks results against: chess to depth 2, split at 1 ply (20 units).
fn chess_split() -> &'static (tatsu::perft_units::Split, String) {
    static SPLIT: std::sync::OnceLock<(tatsu::perft_units::Split, String)> =
        std::sync::OnceLock::new();
    SPLIT.get_or_init(|| {
        let engine = tatsu::variants::bundled_engine("chess").expect("chess is bundled");
        let mut pos = Position::start(&engine);
        let split = tatsu::perft_units::Split::of(&mut pos, 2, 1);
        let digest = split.digest();
        (split, digest)
    })
}

/// `perft_units`: a units or results file as another machine might have written it. Each line is read as a
/// manifest and as a unit (a unit that parses is counted, when shallow); the whole is read as results of a
/// chess split and totalled. Errors are located at a line of the file; nothing panics.
pub fn perft_units(data: &[u8]) {
    use tatsu::perft_units::{count_unit, each_line, parse_manifest, parse_unit, Gathered};
    let engine = tatsu::variants::bundled_engine("chess").expect("chess is bundled");
    let read = each_line(data, "units.txt", |_, line| {
        let _ = parse_manifest(line);
        if let Ok(unit) = parse_unit(line) {
            if unit.depth <= 2 {
                let _ = count_unit(&engine, &unit);
            }
        }
        Ok(())
    });
    assert!(
        read.is_ok() || read.as_ref().unwrap_err().starts_with("units.txt:"),
        "{read:?}"
    );
    let (split, digest) = chess_split();
    let mut gathered = Gathered::new(split);
    match gathered.read(split, digest, "results.txt", data, &mut |_| {}) {
        Ok(()) => {
            if let Ok(total) = gathered.total() {
                assert!(gathered.counts.iter().all(Option::is_some), "{total}");
            }
        }
        Err(e) => assert!(e.starts_with("results.txt:"), "{e}"),
    }
}

/// Engine output as `tatsu match` reads it: byte 0 picks the game (as `fen`), then lines. Each line is classified
/// (`xboard::reply::classify`, `features` of a feature line); a `move` line's text is read as the referee reads it
/// (`xboard::notation::read_move`: coordinates, then SAN) and, when it names a move, that move must be legal, its
/// SAN (`engine::san::write`) must read back to it, and it is played; any other line plays the legal move its first
/// byte indexes, so that the fuzzer reaches deep positions. The text is also read as SAN on its own
/// (`engine::san::read`). At most 200 lines; the game stops when it is over.
pub fn referee_reply(data: &[u8]) {
    use tatsu::xboard::reply::{classify, features, variant_list, EngineLine};
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let engine = pick(which).engine();
    let text = String::from_utf8_lossy(rest);
    let mut pos = Position::start(engine);
    for line in text.lines().take(200) {
        if pos.outcome().is_some() {
            break;
        }
        let named = match classify(line) {
            EngineLine::Move(mv) => tatsu::xboard::notation::read_move(&mut pos, mv),
            EngineLine::Features(f) => {
                for (name, value) in features(f) {
                    assert!(!name.is_empty() && !name.contains('='), "{name}");
                    let _ = variant_list(value);
                }
                None
            }
            _ => None,
        };
        let _ = tatsu::engine::san::read(&mut pos, line);
        let mv = match named {
            Some(mv) => {
                assert!(pos.is_legal(mv), "`{line}` was read as an illegal move");
                mv
            }
            None => {
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                moves[line.bytes().next().unwrap_or(0) as usize % moves.len()]
            }
        };
        let san = tatsu::engine::san::write(&mut pos, &mv);
        assert_eq!(
            tatsu::engine::san::read(&mut pos, &san),
            Some(mv),
            "the SAN `{san}` does not read back in {}",
            pos.to_fen()
        );
        pos.play(mv);
    }
}

//! The test variants of `tests/data/variants/` and the small checks the engine tests share.
#![allow(dead_code)]
use tatsu::engine::{Engine, Position};

/// The path of every test variant (`tests/data/variants/*.tatsu`), sorted: a new file is picked up by every test
/// that runs over all of them.
pub fn all_paths() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants");
    let mut paths: Vec<String> = std::fs::read_dir(dir)
        .expect("tests/data/variants exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "tatsu"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    paths.sort();
    paths
}

/// The engine of every bundled game and every test variant (`all_paths`), each compiled once for the whole test
/// binary: the great shogi games take seconds to compile, and several tests walk every game.
pub fn every_engine() -> &'static [(String, std::sync::Arc<Engine>)] {
    static ENGINES: std::sync::OnceLock<Vec<(String, std::sync::Arc<Engine>)>> =
        std::sync::OnceLock::new();
    ENGINES.get_or_init(|| {
        let bundled = tatsu::variants::bundled().iter().map(|&(name, _)| {
            let engine = tatsu::variants::bundled_engine(name).expect("a bundled game");
            (name.to_string(), engine)
        });
        let files = all_paths().into_iter().map(|path| {
            let game = tatsu::variants::load(&path)
                .unwrap_or_else(|e| panic!("{e}"))
                .game;
            (path, std::sync::Arc::new(Engine::new(game)))
        });
        bundled.chain(files).collect()
    })
}

/// How many legal moves start on each square (boards of at most 26 files: the from-square is the move's first
/// letter and the digits after it), to compare a start position with a count by hand, piece by piece.
pub fn moves_per_from_square(pos: &mut Position) -> std::collections::BTreeMap<String, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for mv in pos.legal_move_list().iter() {
        let text = pos.uci(mv);
        let digits: String = text[1..].chars().take_while(char::is_ascii_digit).collect();
        *counts.entry(format!("{}{digits}", &text[..1])).or_insert(0) += 1;
    }
    counts
}

/// The engine of `tests/data/variants/NAME.tatsu`.
pub fn engine(name: &str) -> Engine {
    let path = format!(
        "{}/tests/data/variants/{name}.tatsu",
        env!("CARGO_MANIFEST_DIR")
    );
    Engine::new(
        tatsu::variants::load(&path)
            .expect("the test variant compiles")
            .game,
    )
}

/// The legal moves of a position in UCI notation, sorted.
pub fn moves(engine: &Engine, fen: &str) -> Vec<String> {
    let mut pos = Position::from_fen(engine, fen).expect("valid FEN");
    let mut list: Vec<String> = pos.legal_move_list().iter().map(|m| pos.uci(m)).collect();
    list.sort();
    list
}

/// The position after playing `moves` (UCI, space-separated) from `fen`.
pub fn played<'e>(engine: &'e Engine, fen: &str, moves: &str) -> Position<'e> {
    let mut pos = Position::from_fen(engine, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for text in moves.split_whitespace() {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play(mv);
    }
    pos
}

/// The moves of `list` that start on `square`.
pub fn from(list: &[String], square: &str) -> Vec<String> {
    list.iter()
        .filter(|m| m.starts_with(square))
        .cloned()
        .collect()
}

/// The strings, sorted (to compare with [`moves`]).
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut list: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    list.sort();
    list
}

/// Plays `mv`, checks the FEN after it and that the incremental hash is the hash of that FEN read afresh, then
/// takes it back and checks the position and hash are restored.
pub fn play_and_unplay(engine: &Engine, fen: &str, mv: &str, after: &str) {
    let mut pos = Position::from_fen(engine, fen).unwrap();
    let hash = pos.hash();
    let m = pos.parse_move(mv).unwrap();
    pos.play(m);
    assert_eq!(pos.to_fen(), after);
    assert_eq!(
        pos.hash(),
        Position::from_fen(engine, after).unwrap().hash(),
        "incremental hash after {mv}"
    );
    pos.unplay();
    assert_eq!(pos.to_fen(), fen);
    assert_eq!(pos.hash(), hash);
}

/// The errors of compiling `source` as `t.tatsu`, each rendered on one line (`t.tatsu:LINE:COL: message`); empty
/// when it compiles.
pub fn compile_errors(source: &str) -> Vec<String> {
    match tatsu::compile::compile("t.tatsu", source) {
        Ok(_) => Vec::new(),
        Err(diags) => diags
            .iter()
            .map(|d| tatsu::diag::render_short(d, source))
            .collect(),
    }
}

/// The engine of a variant given as text, which must compile.
pub fn engine_of(source: &str) -> Engine {
    Engine::new(
        tatsu::compile::compile("t.tatsu", source)
            .expect("the variant compiles")
            .game,
    )
}

/// The text of a file of the repository (`variants/chess.tatsu`) with `from` replaced by `to` ([`replaced`]).
pub fn source_with(file: &str, from: &str, to: &str) -> String {
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    replaced(&source, from, to)
}

/// `source` with `from` replaced by `to`; `from` must occur, so a test never silently runs on the unedited game.
pub fn replaced(source: &str, from: &str, to: &str) -> String {
    assert!(source.contains(from), "the source has no {from:?}");
    source.replace(from, to)
}

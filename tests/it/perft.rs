//! Perft counts of every bundled game against independent sources: the oracle tables of Fairy-Stockfish and
//! Sjaak II (EuroShogi, Ryugi), published chess and shogi results, and the counts in RULES.md (Ryu, Heian,
//! Dai-Ryu). Each `tests/data/perft/<variant>.tsv` row names its source. Rows above `TATSU_PERFT_MAX_NODES`
//! (default 100 million) are skipped, and so is the one such row today (EuroShogi's start position at depth 6,
//! 234,638,669 nodes) in `.ci/run` too: it alone takes 46 s of one core. Run every row with
//! `TATSU_PERFT_MAX_NODES=1000000000 cargo test --test it perft` (the test profile is optimised).
use std::fs;
use tatsu::engine::{perft::perft, Engine, Position};

struct Row {
    name: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn rows(variant: &str) -> Vec<Row> {
    let path = format!(
        "{}/tests/data/perft/{variant}.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            assert!(
                cols.len() >= 4,
                "{path}: a row needs name, fen, depth, nodes: {line}"
            );
            Row {
                name: cols[0].into(),
                fen: cols[1].into(),
                depth: cols[2].parse().expect("depth"),
                nodes: cols[3].parse().expect("nodes"),
            }
        })
        .collect()
}

fn max_nodes() -> u64 {
    std::env::var("TATSU_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000_000)
}

fn check_variant(variant: &str) {
    check_file(variant, variant);
}

/// The rows of `tests/data/perft/<variant>.tsv` against the game `file` (a bundled name or a path).
fn check_file(variant: &str, file: &str) {
    let compiled = tatsu::variants::load(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let engine = Engine::new(compiled.game);
    let mut failures = Vec::new();
    for row in rows(variant) {
        if row.nodes > max_nodes() {
            eprintln!(
                "skipped {variant} {} depth {} ({} nodes)",
                row.name, row.depth, row.nodes
            );
            continue;
        }
        let mut pos = Position::from_fen(&engine, &row.fen)
            .unwrap_or_else(|e| panic!("{variant} {}: {e}", row.name));
        let got = perft(&mut pos, row.depth);
        if got != row.nodes {
            failures.push(format!(
                "{variant} {} depth {}: expected {}, got {got}",
                row.name, row.depth, row.nodes
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn ryugi_perft_matches_fairy_stockfish_and_sjaak() {
    check_variant("ryugi");
}

#[test]
fn euroshogi_perft_matches_fairy_stockfish_and_sjaak() {
    check_variant("euroshogi");
}

#[test]
fn ryu_shogi_perft_matches_rules_counts() {
    check_variant("ryu-shogi");
}

#[test]
fn heian_ryu_shogi_perft_matches_rules_counts() {
    check_variant("heian-ryu-shogi");
}

#[test]
fn dai_ryu_shogi_perft_matches_rules_counts() {
    check_variant("dai-ryu-shogi");
}

#[test]
fn chess_perft_matches_published_results() {
    check_variant("chess");
}

#[test]
fn shogi_perft_matches_published_results() {
    check_variant("shogi");
}

/// Fairy-Stockfish 11.1's `go perft 4` from the start, and pyffish's counts in positions with remembered
/// promoted pieces (`Q~`), some of which the side to move can capture.
#[test]
fn crazyhouse_perft_matches_fairy_stockfish() {
    check_variant("crazyhouse");
}

#[test]
fn makruk_perft_matches_fairy_stockfish() {
    check_variant("makruk");
}

/// Every test variant written after a Fairy-Stockfish built-in (`tests/data/variants/<name>.tatsu` with a table
/// `tests/data/perft/<name>.tsv`): the rows are pyffish's counts (`scripts/fsf_oracle.py perft`).
#[test]
fn fairy_stockfish_variants_perft_matches_pyffish() {
    let mut checked = 0;
    for path in crate::support::variants::all_paths() {
        let name = std::path::Path::new(&path)
            .file_stem()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let table = format!("{}/tests/data/perft/{name}.tsv", env!("CARGO_MANIFEST_DIR"));
        if std::path::Path::new(&table).exists() {
            check_file(&name, &path);
            checked += 1;
        }
    }
    assert!(
        checked >= 8,
        "only {checked} Fairy-Stockfish variants have tables"
    );
}

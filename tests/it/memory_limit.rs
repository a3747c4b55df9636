//! The memory guard (issue 48, item 12): a game whose tables would take more than `MAX_TABLE_BYTES` is refused by
//! the compiler with the estimate and the limit, at its `board` statement, before the tables are allocated. These
//! tests only compile: none builds an engine, so a guard that let a game through would show as a wrong result here
//! and not as an abort.
use tatsu::compile::{compile, table_bytes, MAX_TABLE_BYTES};
use tatsu::diag::Diagnostic;

/// A 36x36 game with `types` piece types, each moving as `betza`, on an empty board.
fn big_game(types: usize, betza: &str) -> String {
    let mut s = String::from("board 36 x 36\n");
    s += &format!("start \"{} w - - 0 1\"\n", vec!["36"; 36].join("/"));
    for i in 0..types {
        s += &format!("piece X{i} {{ moves \"{betza}\" }}\n");
    }
    s
}

/// The memory guard's error in `source`'s diagnostics, checked to point at the `board` statement.
fn memory_error(source: &str) -> Diagnostic {
    let diags = compile("big.tatsu", source).expect_err("the game must be refused");
    let d = diags
        .into_iter()
        .find(|d| {
            d.message
                .starts_with("the engine's tables for this game would take about")
        })
        .expect("the memory guard's error");
    assert_eq!(&source[d.span.start..d.span.end], "board");
    assert!(
        d.message.ends_with("; the limit is 1 GiB (docs/limits.md)"),
        "{}",
        d.message
    );
    d
}

/// A 36x36 game with `types` piece types that all capture differently: type `i` moves as a bishop and a rook whose
/// four directions have ranges of none to 5 by the base-6 digits of `i + 1` (1,295 different ones), so that no two
/// share their reverse attack tables.
fn distinct_game(types: usize) -> String {
    let mut s = String::from("board 36 x 36\n");
    s += &format!("start \"{} w - - 0 1\"\n", vec!["36"; 36].join("/"));
    for i in 0..types {
        let mut betza = String::from("B");
        for (d, dir) in ["f", "b", "l", "r"].iter().enumerate() {
            let range = (i + 1) / 6usize.pow(d as u32) % 6;
            if range > 0 {
                betza += &format!("{dir}R{range}");
            }
        }
        s += &format!("piece X{i} {{ moves \"{betza}\" }}\n");
    }
    s
}

#[test]
fn a_thousand_piece_types_that_capture_differently_are_refused_with_the_estimate() {
    let d = memory_error(&distinct_game(1023));
    assert!(d.message.contains("GiB;"), "{}", d.message);
}

#[test]
fn piece_types_with_the_same_moves_share_their_tables() {
    // 100 queens took 915 MiB when each type kept its own rays and reverse tables; 100 different bishop-rooks,
    // each about a queen, still take hundreds.
    let queens = compile("big.tatsu", &big_game(100, "Q"))
        .expect("100 queens fit")
        .game;
    let shared = table_bytes(&queens);
    assert!(shared < 128 << 20, "100 queens: {shared} bytes");
    let distinct = compile("big.tatsu", &distinct_game(100))
        .expect("they fit")
        .game;
    let distinct = table_bytes(&distinct);
    assert!(
        distinct > 2 * shared,
        "100 different types: {distinct} bytes"
    );
}

#[test]
fn a_thousand_types_of_one_move_fit_on_the_largest_board() {
    let game = compile("big.tatsu", &big_game(1023, "W"))
        .expect("1023 wazirs share their tables")
        .game;
    assert!(table_bytes(&game) < MAX_TABLE_BYTES);
}

/// Every bundled game and every test variant is far under the limit (Taikyoku Shogi under it).
#[test]
fn every_bundled_and_test_variant_fits_the_memory_limit() {
    let mut sources: Vec<(String, String)> = tatsu::variants::bundled()
        .iter()
        .map(|(name, source)| (name.to_string(), source.to_string()))
        .collect();
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants");
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tatsu") {
            let source = std::fs::read_to_string(&path).unwrap();
            sources.push((path.display().to_string(), source));
        }
    }
    assert!(sources.len() > 50);
    for (name, source) in sources {
        match compile(&name, &source) {
            Ok(c) => {
                let bytes = table_bytes(&c.game);
                // Taikyoku Shogi (36x36, 210 types and their promotions) is the one game near the limit: about
                // 700 MiB estimated (docs/limits.md, "Memory"); the rest stay under an eighth of it.
                let bound = if name == "taikyoku-shogi" {
                    MAX_TABLE_BYTES
                } else {
                    MAX_TABLE_BYTES / 8
                };
                assert!(bytes < bound, "{name}: {bytes} bytes");
            }
            Err(diags) => assert!(
                !diags
                    .iter()
                    .any(|d| d.message.contains("the engine's tables")),
                "{name} is refused by the memory guard"
            ),
        }
    }
}

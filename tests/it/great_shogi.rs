//! The great shogi family's bundled games, Wa Shogi (variants/wa-shogi.tatsu) and Dai Shogi
//! (variants/dai-shogi.tatsu): the start positions' moves counted by hand per piece (docs/rules/wa-shogi.md and
//! docs/rules/dai-shogi.md give each count with its squares), the positions of a recorded run against HaChu
//! (tests/data/hachu/, written by `scripts/hachu_oracle.py --record`) replayed without HaChu, and the rules where
//! these games differ from their neighbours: shogi's promotion in Wa, no Lion-trading rule and Gold promotions in
//! Dai.
use crate::support::variants::{engine_of, moves, replaced};
use std::collections::{BTreeMap, BTreeSet};
use tatsu::engine::{Engine, Position};

fn bundled(name: &str) -> Engine {
    Engine::new(tatsu::variants::load(name).expect("bundled").game)
}

fn source(name: &str) -> &'static str {
    tatsu::variants::bundled()
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
        .expect("bundled")
}

/// The number of legal moves of the start position per start square.
fn start_moves_per_square(e: &Engine) -> BTreeMap<String, usize> {
    let mut pos = Position::start(e);
    let mut counts = BTreeMap::new();
    for mv in pos.legal_move_list().iter() {
        let text = pos.uci(mv);
        *counts.entry(squares(&text)[0].clone()).or_insert(0) += 1;
    }
    counts
}

/// The square names of a move text in tatsu's notation, in order (`f6f7,f7f8+` gives f6 f7 f7 f8).
fn squares(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase() && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            let mut j = i + 1;
            while chars.get(j).is_some_and(char::is_ascii_digit) {
                j += 1;
            }
            found.push(chars[i..j].iter().collect());
            i = j;
        } else {
            i += 1;
        }
    }
    found
}

fn expected(counts: &[(&str, usize)]) -> BTreeMap<String, usize> {
    counts.iter().map(|(sq, n)| (sq.to_string(), *n)).collect()
}

#[test]
fn wa_shogi_start_has_51_moves_as_counted_by_hand_per_piece() {
    // docs/rules/wa-shogi.md, "How it was checked": each piece's destinations named there.
    let pieces = [
        ("a1", 1),
        ("b1", 2),
        ("c1", 1),
        ("d1", 3),
        ("e1", 2),
        ("f1", 2),
        ("g1", 2),
        ("h1", 2),
        ("i1", 1),
        ("j1", 2),
        ("k1", 1),
        ("f2", 6),
        ("j2", 2),
        ("d3", 8),
        ("h3", 5),
    ];
    let pawns = [
        "a3", "b3", "c3", "e3", "f3", "g3", "i3", "j3", "k3", "d4", "h4",
    ];
    let mut want = expected(&pieces);
    want.extend(pawns.iter().map(|sq| (sq.to_string(), 1)));
    let counts = start_moves_per_square(&bundled("wa-shogi"));
    assert_eq!(counts, want);
    assert_eq!(counts.values().sum::<usize>(), 51);
}

#[test]
fn dai_shogi_start_has_71_moves_as_counted_by_hand_per_piece() {
    // docs/rules/dai-shogi.md, "How it was checked": rank by rank, each piece's destinations named there.
    let pieces = [
        // Rank 1: knights, stone and iron generals, coppers, silvers, golds (king and lances have none).
        ("b1", 2),
        ("c1", 2),
        ("d1", 1),
        ("e1", 2),
        ("f1", 1),
        ("g1", 1),
        ("i1", 1),
        ("j1", 1),
        ("k1", 2),
        ("l1", 1),
        ("m1", 2),
        ("n1", 2),
        // Rank 2: reverse chariots, leopards, blind tigers (cat swords and the drunk elephant have none).
        ("a2", 1),
        ("e2", 1),
        ("g2", 1),
        ("i2", 1),
        ("k2", 1),
        ("o2", 1),
        // Rank 3: violent oxen, angry boars, evil wolves, kirin, lion (the phoenix has none).
        ("b3", 3),
        ("d3", 3),
        ("f3", 1),
        ("g3", 2),
        ("h3", 2),
        ("j3", 1),
        ("l3", 3),
        ("n3", 3),
        // Rank 4: rooks, flying dragons, side movers, dragon horses.
        ("a4", 1),
        ("b4", 3),
        ("c4", 1),
        ("f4", 2),
        ("j4", 2),
        ("m4", 1),
        ("n4", 3),
        ("o4", 1),
        // The go-betweens.
        ("e6", 1),
        ("k6", 1),
    ];
    let mut want = expected(&pieces);
    // Thirteen pawns step forward: those on e5 and k5 stand behind the go-betweens.
    want.extend("abcdfghijlmno".chars().map(|file| (format!("{file}5"), 1)));
    let counts = start_moves_per_square(&bundled("dai-shogi"));
    assert_eq!(counts, want);
    assert_eq!(counts.values().sum::<usize>(), 71);
}

/// What HaChu's `lift` shows in a position, counted as scripts/hachu_oracle.py counts it: the (start,
/// destination) pairs (the first square of a double move included), and those of single moves that may promote.
fn hachu_counts(e: &Engine, fen: &str) -> (usize, usize) {
    let mut plain: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut promoting = BTreeSet::new();
    for text in moves(e, fen) {
        let first_leg = text.split(',').next().expect("a leg");
        let legs = squares(first_leg);
        let (start, to) = (legs[0].clone(), legs[1].clone());
        if text.ends_with('+') && !text.contains(',') {
            promoting.insert((start.clone(), to.clone()));
        }
        if to != start {
            plain.entry(start).or_default().insert(to);
        }
    }
    (plain.values().map(BTreeSet::len).sum(), promoting.len())
}

/// The recorded positions of `tests/data/hachu/NAME.tsv` (FEN, HaChu's pairs, HaChu's promoting pairs), checked
/// against `e`.
fn replay_recorded(name: &str, e: &Engine) -> usize {
    let path = format!("{}/tests/data/hachu/{name}.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
    let mut lines = 0;
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [fen, pairs, promoting] = fields[..] else {
            panic!("{path}: not FEN, pairs, promoting: {line}")
        };
        let want: (usize, usize) = (pairs.parse().unwrap(), promoting.parse().unwrap());
        assert_eq!(hachu_counts(e, fen), want, "{name}: {fen}");
        lines += 1;
    }
    lines
}

#[test]
fn wa_shogi_agrees_with_hachu_on_every_recorded_position() {
    // HaChu's `lift` shows the moves before the check rule (a King's step into attack too), so the recorded
    // counts are those of the game without a royal King, as the oracle script compares them.
    let source = replaced(source("wa-shogi"), " royal ", " ");
    let end = &source[source.find("end {").expect("an end block")..];
    let source = replaced(&source, end, "end { extinction of K loss }\n");
    let lines = replay_recorded("wa-shogi", &engine_of(&source));
    assert!(lines >= 100, "only {lines} recorded positions");
}

#[test]
fn dai_shogi_agrees_with_hachu_on_every_recorded_position() {
    let lines = replay_recorded("dai-shogi", &bundled("dai-shogi"));
    assert!(lines >= 100, "only {lines} recorded positions");
}

#[test]
fn dai_shogi_has_no_lion_trading_rule() {
    // White's Lion f6, Black's Lion f8 guarded by a Black gold on f9: Chu's file refuses the jump that takes it
    // (tests/it/games/chu_shogi.rs), Dai's allows it.
    let fen = "14k/15/15/15/15/15/5g9/5(ln)9/15/5(Ln)9/15/15/15/15/K14 w - - 0 1";
    let list = moves(&bundled("dai-shogi"), fen);
    assert!(list.contains(&"f6f8".to_string()), "{list:?}");
    let chu = "12/12/12/5g6/5n6/12/5N6/12/12/12/12/K10k w - - 0 1";
    assert!(!moves(&bundled("chu-shogi"), chu).contains(&"f6f8".to_string()));
}

#[test]
fn dai_shogi_minor_pieces_may_promote_to_gold_on_entering_the_camp() {
    // A White Stone General on c10 (fF) enters the camp (ranks 11 to 15) on b11 or d11, promoted or not; the
    // promoted Stone General moves as a Gold (WfF).
    let e = bundled("dai-shogi");
    let fen = "14k/15/15/15/15/2U12/15/15/15/15/15/15/15/15/K14 w - - 0 1";
    let list: Vec<String> = moves(&e, fen)
        .into_iter()
        .filter(|m| m.starts_with("c10"))
        .collect();
    assert_eq!(list, ["c10b11", "c10b11+", "c10d11", "c10d11+"]);
    let promoted = "14k/15/15/15/2+U12/15/15/15/15/15/15/15/15/15/K14 w - - 0 1";
    let list: Vec<String> = moves(&e, promoted)
        .into_iter()
        .filter(|m| m.starts_with("c11"))
        .collect();
    assert_eq!(
        list,
        ["c11b11", "c11b12", "c11c10", "c11c12", "c11d11", "c11d12"]
    );
}

#[test]
fn wa_shogi_promotes_on_moves_out_of_the_camp_as_in_shogi() {
    // A White Violent Stag (FfW) on e9, in the camp (ranks 9 to 11), may promote stepping back out to d8 or f8;
    // a Sparrow Pawn stepping onto the far rank must promote (it could never move again).
    let e = bundled("wa-shogi");
    let fen = "10k/11/4V6/11/11/11/11/11/11/11/K10 w - - 0 1";
    let list: Vec<String> = moves(&e, fen)
        .into_iter()
        .filter(|m| m.starts_with("e9d8"))
        .collect();
    assert_eq!(list, ["e9d8", "e9d8+"]);
    let pawn = "k10/4P6/11/11/11/11/11/11/11/11/10K w - - 0 1";
    let list: Vec<String> = moves(&e, pawn)
        .into_iter()
        .filter(|m| m.starts_with("e10"))
        .collect();
    assert_eq!(list, ["e10e11+"]);
}

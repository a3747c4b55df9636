//! Piece-range facts of RULES.md that three layers check, each in its own way: the compiled rays
//! (`tests/it/variants_valid.rs`), the executor's legal moves (`tests/it/games/`) and the binary's `piece --json`
//! (`tests/it/cli/`). The numbers are written once, here, as RULES.md gives them, so that the layers cannot drift
//! apart; each table names the RULES.md fact it copies.
#![allow(dead_code)]
use std::collections::BTreeSet;

/// Square names written `"c5 d4 …"`, as a set.
pub fn squares(names: &str) -> BTreeSet<String> {
    names.split_whitespace().map(String::from).collect()
}

/// RULES.md §1.7 fact 3: destinations of each Ryugi piece alone on e5 of the empty 10x10 board.
pub const RYUGI_COUNTS_ON_E5: [(&str, usize); 8] = [
    ("Q", 35),
    ("R", 18),
    ("B", 17),
    ("N", 8),
    ("K", 8),
    ("M", 26),
    ("D", 33),
    ("I", 8),
];

/// RULES.md §1.7 fact 3: the Kirin's squares from e5.
pub const RYUGI_KIRIN_ON_E5: &str = "c5 d4 d6 e3 e7 f4 f6 g5";

/// RULES.md §1.7 fact 4: a Dragon alone on a1 has 17 moves.
pub const RYUGI_DRAGON_COUNT_ON_A1: usize = 17;

/// RULES.md §1.7 fact 5: a Kirin alone on a1 reaches b2, a3 and c1.
pub const RYUGI_KIRIN_ON_A1: &str = "b2 a3 c1";

/// RULES.md §1.7 fact 5: a Marshall alone on a1 has 20 moves.
pub const RYUGI_MARSHALL_COUNT_ON_A1: usize = 20;

/// RULES.md §3.8 fact 6: the zone-1 Warriors' squares from d2 (Left V, Right X, Center W).
pub const RYU_WARRIORS_ON_D2: [(&str, &str); 3] = [
    ("V", "c2 d1 d3 e1 e3"),
    ("X", "c1 c3 d1 d3 e2"),
    ("W", "c2 c3 d1 e2 e3"),
];

/// RULES.md §3.8 fact 6: the Warriors' counts on d5 (zone 2) and d8 (zone 3), as `(piece, d5, d8)`.
pub const RYU_WARRIOR_COUNTS_ON_D5_D8: [(&str, usize, usize); 3] =
    [("V", 20, 23), ("X", 20, 23), ("W", 16, 22)];

/// RULES.md §3.8 fact 8: the promoted Ryu Shogi pieces alone on d5.
pub const RYU_PROMOTED_COUNTS_ON_D5: [(&str, usize); 8] = [
    ("+B", 16),
    ("+R", 21),
    ("+S", 22),
    ("+G", 25),
    ("+C", 21),
    ("+V", 23),
    ("+X", 23),
    ("+W", 19),
];

/// RULES.md §5.4 fact 7: the promoted Dai-Ryu Shogi pieces alone on e6.
pub const DAI_RYU_PROMOTED_COUNTS_ON_E6: [(&str, usize); 6] = [
    ("+N", 8),
    ("+L", 23),
    ("+T", 35),
    ("+U", 29),
    ("+B", 20),
    ("+R", 27),
];

/// The squares of [`DAI_RYU_COUNTS_BY_ZONE`]: e3 in zone 1, e6 in zone 2, e10 in zone 3.
pub const DAI_RYU_ZONE_SQUARES: [&str; 3] = ["e3", "e6", "e10"];

/// RULES.md §5.4 facts 4 and 5: Lance, Platinum, Reverse Warrior, Gold and Silver alone on e3 / e6 / e10.
pub const DAI_RYU_COUNTS_BY_ZONE: [(&str, [usize; 3]); 5] = [
    ("L", [13, 18, 19]),
    ("T", [7, 34, 31]),
    ("U", [5, 26, 25]),
    ("G", [6, 31, 33]),
    ("S", [5, 26, 25]),
];

//! `tatsu piece`: destinations per zone and in a position, marks, explanations, SVG, errors.
use super::*;

#[test]
fn piece_ryugi_empty_board_counts_on_e5() {
    for (piece, n) in RYUGI_COUNTS_ON_E5 {
        assert_eq!(
            count(&["piece", "ryugi", piece, "--at", "e5"]),
            n,
            "{piece} on e5"
        );
    }
    assert_eq!(
        destinations(&["piece", "ryugi", "Kirin", "--at", "e5"]),
        set(RYUGI_KIRIN_ON_E5)
    );
}

#[test]
fn piece_ryugi_corner_pieces_on_a1() {
    assert_eq!(
        count(&["piece", "ryugi", "D", "--at", "a1"]),
        RYUGI_DRAGON_COUNT_ON_A1
    );
    assert_eq!(
        destinations(&["piece", "ryugi", "I", "--at", "a1"]),
        set(RYUGI_KIRIN_ON_A1)
    );
    assert_eq!(
        count(&["piece", "ryugi", "M", "--at", "a1"]),
        RYUGI_MARSHALL_COUNT_ON_A1
    );
}

#[test]
fn piece_dragon_in_a_position_is_blocked_only_on_touch_down_squares() {
    let fen = "5k4/10/10/10/10/10/10/10/PP8/D4K4 w - - 0 1";
    assert_eq!(
        count(&["piece", "ryugi", "D", "--at", "a1", "--fen", fen]),
        8
    );
    let fen = "5k4/10/10/10/10/10/10/1P8/10/D4K4 w - - 0 1";
    assert_eq!(
        count(&["piece", "ryugi", "D", "--at", "a1", "--fen", fen]),
        13
    );
}

#[test]
fn piece_ryu_shogi_silver_per_zone() {
    assert_eq!(
        destinations(&["piece", "ryu-shogi", "S", "--at", "d5"]),
        set("d6 d7 d8 d9 d10 d11 d12 c6 b7 a8 e6 f7 g8 c4 b3 a2 e4 f3 g2")
    );
    assert_eq!(count(&["piece", "ryu-shogi", "Silver", "--at", "d8"]), 19);
    assert_eq!(
        destinations(&["piece", "ryu-shogi", "silver", "--at", "d2"]),
        set("c1 c3 d3 e1 e3")
    );
}

#[test]
fn piece_silver_on_d5_promotes_on_d10_to_d12_only() {
    let v = json(&["piece", "ryu-shogi", "S", "--at", "d5", "--json"]);
    let promoting: BTreeSet<String> = moves_of(&v)
        .iter()
        .filter(|m| !m["promotion"].as_array().unwrap().is_empty())
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(promoting, set("d10 d11 d12"));
    let d10 = moves_of(&v).iter().find(|m| m["to"] == "d10").unwrap();
    assert_eq!(d10["promotion"][0], "+S");
    assert_eq!(d10["must_promote"], true);
    assert_eq!(d10["kind"], "move-or-capture");
    assert_eq!(v["zone"], "zone2");
}

#[test]
fn piece_without_at_draws_one_diagram_per_zone() {
    let v = json(&["piece", "ryu-shogi", "S", "--json"]);
    let diagrams = v["diagrams"].as_array().expect("one diagram per zone");
    let got: Vec<(String, usize)> = diagrams
        .iter()
        .map(|d| {
            (
                d["from"].as_str().unwrap().to_string(),
                d["moves"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("d2".to_string(), 5),
            ("d5".to_string(), 19),
            ("d8".to_string(), 19)
        ]
    );
    let text = ok(&["piece", "ryu-shogi", "S"]);
    assert!(text.contains("White Silver (S) on d2 (in zone1), on an empty board: 5 destinations"));
    assert!(text.contains("on d8 (in zone3), on an empty board: 19 destinations"));
}

#[test]
fn piece_ryu_shogi_rook_warriors_pawn_and_promoted_counts() {
    for (sq, n) in [("d3", 4), ("d5", 17), ("d8", 21)] {
        assert_eq!(
            count(&["piece", "ryu-shogi", "R", "--at", sq]),
            n,
            "rook on {sq}"
        );
    }
    for (p, d2) in RYU_WARRIORS_ON_D2 {
        assert_eq!(
            destinations(&["piece", "ryu-shogi", p, "--at", "d2"]),
            set(d2),
            "{p} on d2"
        );
    }
    for (p, d5, d8) in RYU_WARRIOR_COUNTS_ON_D5_D8 {
        assert_eq!(
            count(&["piece", "ryu-shogi", p, "--at", "d5"]),
            d5,
            "{p} on d5"
        );
        assert_eq!(
            count(&["piece", "ryu-shogi", p, "--at", "d8"]),
            d8,
            "{p} on d8"
        );
    }
    for (sq, n) in [("d2", 1), ("d5", 3), ("d8", 6)] {
        assert_eq!(
            count(&["piece", "ryu-shogi", "P", "--at", sq]),
            n,
            "pawn on {sq}"
        );
    }
    assert_eq!(count(&["piece", "ryu-shogi", "Tokin", "--at", "d5"]), 6);
    for (p, n) in RYU_PROMOTED_COUNTS_ON_D5 {
        assert_eq!(
            count(&["piece", "ryu-shogi", p, "--at", "d5"]),
            n,
            "{p} on d5"
        );
    }
}

#[test]
fn piece_black_side_is_the_rotation() {
    let black =
        |p: &str, sq: &str| count(&["piece", "ryu-shogi", p, "--at", sq, "--side", "black"]);
    assert_eq!(black("S", "d8"), 19);
    assert_eq!(black("V", "d8"), 20);
    assert_eq!(black("P", "d5"), 6);
    assert_eq!(black("B", "d11"), 4);
}

#[test]
fn piece_dai_ryu_pieces_move_by_zone() {
    assert_eq!(
        destinations(&["piece", "dai-ryu-shogi", "N", "--at", "e3"]),
        set("d5 f5")
    );
    assert_eq!(
        destinations(&["piece", "dai-ryu-shogi", "N", "--at", "e6"]),
        set("d8 f8 d4 f4")
    );
    assert_eq!(count(&["piece", "dai-ryu-shogi", "N", "--at", "e10"]), 8);
    assert_eq!(
        destinations(&[
            "piece",
            "dai-ryu-shogi",
            "N",
            "--at",
            "e11",
            "--side",
            "black"
        ]),
        set("d9 f9 d13 f13")
    );
    // The Lance by its name, the others by their symbols.
    for (p, counts) in DAI_RYU_COUNTS_BY_ZONE {
        let name = if p == "L" { "Lance" } else { p };
        for (sq, n) in DAI_RYU_ZONE_SQUARES.into_iter().zip(counts) {
            assert_eq!(
                count(&["piece", "dai-ryu-shogi", name, "--at", sq]),
                n,
                "{name} on {sq}"
            );
        }
    }
    for (p, n) in DAI_RYU_PROMOTED_COUNTS_ON_E6 {
        assert_eq!(
            count(&["piece", "dai-ryu-shogi", p, "--at", "e6"]),
            n,
            "{p} on e6"
        );
    }
}

#[test]
fn piece_euroshogi_knight_promotes_on_entering_the_zone() {
    let v = json(&["piece", "euroshogi", "N", "--at", "d4", "--json"]);
    let moves: Vec<(String, bool)> = moves_of(&v)
        .iter()
        .map(|m| {
            (
                m["to"].as_str().unwrap().to_string(),
                !m["promotion"].as_array().unwrap().is_empty(),
            )
        })
        .collect();
    let expected = [("c4", false), ("e4", false), ("c6", true), ("e6", true)];
    assert_eq!(moves.len(), 4);
    for (sq, promotes) in expected {
        assert!(
            moves.contains(&(sq.to_string(), promotes)),
            "{sq}: {moves:?}"
        );
    }
    assert_eq!(
        destinations(&["piece", "euroshogi", "N", "--at", "d7"]),
        set("c7 e7")
    );
    assert_eq!(
        destinations(&["piece", "euroshogi", "N", "--at", "e5", "--side", "black"]),
        set("d5 f5 d3 f3")
    );
}

#[test]
fn piece_euroshogi_bishop_in_zone_promotes_on_every_move_even_leaving_it() {
    let v = json(&[
        "piece",
        "euroshogi",
        "B",
        "--at",
        "d6",
        "--fen",
        "4k3/8/3B4/8/8/8/8/K7[-] w",
        "--json",
    ]);
    let moves = moves_of(&v);
    assert_eq!(moves.len(), 11);
    assert!(moves.iter().all(|m| m["promotion"][0] == "+B"));
    assert!(moves.iter().any(|m| m["to"] == "a3") && moves.iter().any(|m| m["to"] == "h2"));
}

#[test]
fn piece_marks_pawn_initial_capture_and_move_with_betza_kind_names() {
    let v = json(&["piece", "ryugi", "P", "--at", "e3", "--json"]);
    let kind = |sq: &str| {
        moves_of(&v)
            .iter()
            .find(|m| m["to"] == sq)
            .map(|m| m["kind"].as_str().unwrap().to_string())
    };
    assert_eq!(kind("e4").as_deref(), Some("move"));
    assert_eq!(kind("e5").as_deref(), Some("initial"));
    assert_eq!(kind("d4").as_deref(), Some("capture"));
    assert_eq!(kind("f4").as_deref(), Some("capture"));
    // The chess pawn's double step from a square that is not a start square does not exist.
    assert_eq!(count(&["piece", "ryugi", "P", "--at", "e4"]), 3);
}

#[test]
fn piece_king_on_its_start_square_shows_the_four_castlings() {
    let v = json(&["piece", "ryugi", "K", "--at", "f1", "--json"]);
    let castling: BTreeSet<String> = moves_of(&v)
        .iter()
        .filter(|m| m["kind"] == "castling")
        .map(|m| {
            format!(
                "{}:{}",
                m["to"].as_str().unwrap(),
                m["rook_to"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(castling, set("h1:g1 i1:h1 d1:e1 c1:d1"));
    // In a position where g1 is attacked, only the queenside castlings remain.
    let fen = "5k4/10/10/10/6r3/10/10/10/10/R4K3R w KQ - 0 1";
    let v = json(&["piece", "ryugi", "K", "--at", "f1", "--fen", fen, "--json"]);
    let castling: BTreeSet<String> = moves_of(&v)
        .iter()
        .filter(|m| m["kind"] == "castling")
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(castling, set("c1 d1"));
}

#[test]
fn piece_explain_names_the_component_and_zone_rule() {
    let out = ok(&["piece", "ryu-shogi", "S", "--at", "d5", "--explain"]);
    assert!(
        out.contains("how it moves (standing in zone2, it moves as \"BfR\"):"),
        "{out}"
    );
    assert!(
        out.contains("fR       moves or captures any number of squares straight forward"),
        "{out}"
    );
    assert!(out.contains("-> d6 d7 d8 d9 d10 d11 d12"), "{out}");
    assert!(out.contains("must promote (to +S) on d10 d11 d12"), "{out}");
    assert!(
        out.contains("B        moves or captures any number of squares diagonally"),
        "{out}"
    );
    golden("piece-ryu-shogi-S-d5-explain.out", &out);
}

#[test]
fn piece_svg_writes_an_image_per_zone() {
    let dir = crate::support::scratch::scratch("cli");
    let one = dir.join("dragon.svg");
    ok(&[
        "piece",
        "ryugi",
        "D",
        "--at",
        "e5",
        "--svg",
        one.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&one).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches(r##"fill="#1565c0""##).count(),
        33 + 1,
        "33 marks and one legend key"
    );
    let zones = dir.join("silver.svg");
    ok(&["piece", "ryu-shogi", "S", "--svg", zones.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&zones).unwrap();
    assert_eq!(
        svg.matches("<svg").count(),
        4,
        "one outer image holding three boards"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A piece's picture on Taikyoku's 36x36 board draws the plain squares as one rectangle and a grid, and each row's
/// run of zone-tinted squares as one rectangle: square by square it was 1,296 rectangles a picture, and the rule
/// book of the game 57 MB (1,299 rectangles for the Pawn's picture before; the piece's own tile, the board, its
/// tinted runs and the legend's keys now).
#[test]
fn a_piece_picture_draws_its_squares_as_runs_not_one_by_one() {
    let dir = crate::support::scratch::scratch("cli");
    let file = dir.join("pawn.svg");
    ok(&[
        "piece",
        "taikyoku-shogi",
        "P",
        "--svg",
        file.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&file).unwrap();
    let rects = svg.matches("<rect").count();
    assert!(rects < 60, "{rects} rectangles");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn piece_errors_are_one_message_with_a_suggestion() {
    fails_with(&["piece", "ryugi", "Dargon"], "did you mean Dragon (D)?");
    fails_with(
        &["piece", "ryu-shogi", "Slver", "--at", "d5"],
        "did you mean Silver (S)",
    );
    fails_with(
        &["piece", "ryugi", "D", "--at", "k11"],
        "`k11` is not a square of the 10x10 board of ryugi",
    );
    fails_with(
        &["piece", "ryugi", "D", "--at", "e5", "--fen", "not a fen"],
        "invalid FEN",
    );
    fails_with(
        &[
            "piece",
            "ryugi",
            "D",
            "--fen",
            "5k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1",
        ],
        "--fen needs --at",
    );
    fails_with(&["piece", "nosuchgame", "D"], "neither a bundled variant");
}

#[test]
fn piece_in_a_position_keeps_only_legal_moves_when_it_stands_there() {
    // The king on f1 is checked along the first rank: the knight on e2 may only block on g1.
    let fen = "5k4/10/10/10/10/10/10/10/4N5/5K2r1 w - - 0 1";
    let v = json(&["piece", "ryugi", "N", "--at", "e2", "--fen", fen, "--json"]);
    assert_eq!(v["board"], "position-legal");
    let to: Vec<&str> = moves_of(&v)
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(to, ["g1"]);
    // Put on an empty square instead, it is shown with every move its rules allow there.
    let v = json(&["piece", "ryugi", "N", "--at", "e5", "--fen", fen, "--json"]);
    assert_eq!(v["board"], "position");
    assert_eq!(moves_of(&v).len(), 8);
}

#[test]
fn piece_marks_hops_and_lame_paths_of_a_test_variant() {
    let file = "tests/data/cli/hoppers.tatsu";
    // A cannon on an empty board: moves along its lines (8 on the e-file and 8 on rank 5 of the 9x9 board: 16),
    // and beyond the first square could capture by hopping.
    let v = json(&["piece", file, "Cannon", "--at", "e5", "--json"]);
    let moves = moves_of(&v);
    assert_eq!(moves.len(), 16);
    let e7 = moves.iter().find(|m| m["to"] == "e7").unwrap();
    assert_eq!(
        (e7["kind"].as_str(), e7["also"][0].as_str()),
        (Some("move"), Some("hop"))
    );
    let e6 = moves.iter().find(|m| m["to"] == "e6").unwrap();
    assert!(e6.get("also").is_none());
    // In a position it hops over its own horse on d4 to take the black horse on d6. By hand, on the 9x9 board:
    // a2 b2 c2 and e2..i2 along rank 2 (8), d1 (1), d3 up to the hurdle on d4 (1), and d6 over it (1): 11.
    let fen = "4k4/9/9/3h5/9/3H5/9/3C5/4K4 w - - 0 1";
    let v = json(&["piece", file, "C", "--at", "d2", "--fen", fen, "--json"]);
    let d6 = moves_of(&v)
        .iter()
        .find(|m| m["to"] == "d6")
        .expect("d6 is a capture");
    assert_eq!(d6["kind"], "hop");
    assert_eq!(moves_of(&v).len(), 11);
    let text = ok(&["piece", file, "C", "--at", "d2", "--fen", fen]);
    assert!(text.contains("  6 │ ·  ·  · ×h  ·"), "{text}");
    // The grasshopper lands right behind a hurdle that may stand on any square of its line but the last: from e5
    // each of its 8 lines has 4 squares, so it may land on the last 3 of each (24). The xiangqi horse needs its
    // first step empty.
    assert_eq!(count(&["piece", file, "Grasshopper", "--at", "e5"]), 24);
    let v = json(&["piece", file, "Horse", "--at", "e5", "--json"]);
    assert_eq!(moves_of(&v).len(), 8);
    assert_eq!(must_be_empty(&v), set("e4 d5 f5 e6"));
}

#[test]
fn piece_and_moves_follow_multi_leg_paths() {
    let file = "tests/data/variants/multi-leg.tatsu";
    // The xiangqi horse `mafsW`: its first step must be empty (listed), then a diagonal step outward.
    let v = json(&["piece", file, "Horse", "--at", "d4", "--json"]);
    assert_eq!(moves_of(&v).len(), 8);
    assert_eq!(must_be_empty(&v), set("d5 c4 e4 d3"));
    // The checkers-style jumper `cafW` captures the pawn it jumps over.
    let fen = "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        destinations(&["piece", file, "J", "--at", "d4", "--fen", fen]),
        set("d6")
    );
    let v = json(&[
        "moves",
        file,
        "--fen",
        "4k3/8/8/3p4/3J4/8/8/4K3 w - - 0 1",
        "--from",
        "d4",
        "--json",
    ]);
    let m = &v["moves"][0];
    assert_eq!(
        (
            m["to"].as_str(),
            m["victim"].as_str(),
            m["capture"].as_bool()
        ),
        (Some("d6"), Some("d5"), Some(true))
    );
}

/// A cannon's hop only captures, and the legend says so (the issue: "move only" with "also by hopping", nothing
/// saying the hop captures); a grasshopper's hop moves or captures.
#[test]
fn piece_legend_says_what_a_hop_does() {
    let file = "tests/data/cli/hoppers.tatsu";
    let cannon = ok(&["piece", file, "Cannon", "--at", "e5"]);
    assert!(
        cannon.contains("  h  (before a mark) also captures by hopping over a piece"),
        "{cannon}"
    );
    let dir = crate::support::scratch::scratch("piece-hop-legend");
    let path = dir.join("cannon.svg");
    ok(&[
        "piece",
        file,
        "Cannon",
        "--at",
        "e5",
        "--svg",
        path.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(svg.contains("also captures by hopping"), "{svg}");
    let grasshopper = ok(&["piece", file, "Grasshopper", "--at", "e5"]);
    assert!(
        grasshopper.contains("  h  moves or captures by hopping over a piece"),
        "{grasshopper}"
    );
}

/// In a position a square with a piece shows `×` before it and not its mark, so the legend names no mark that no
/// square shows (the issue: `h` listed where only `×h` appears).
#[test]
fn piece_legend_in_a_position_lists_only_the_marks_drawn() {
    let file = "tests/data/cli/hoppers.tatsu";
    let fen = "4k4/9/9/3h5/9/3H5/9/3C5/4K4 w - - 0 1";
    let text = ok(&["piece", file, "C", "--at", "d2", "--fen", fen]);
    assert!(text.contains("  6 │ ·  ·  · ×h  ·"), "{text}");
    assert!(!text.contains("\n  h  "), "{text}");
    assert!(
        text.contains("  ×  (before a piece) it can be captured"),
        "{text}"
    );
}

//! Taikyoku Shogi (variants/taikyoku-shogi.tatsu) held to independent counts: the start position's moves and
//! perft 2 against another implementation's (yetiowin805/taikyoku_shogi, run locally; tests/data/taikyoku/README.md), and
//! one position per unusual piece of the bundled file on the 36x36 board, its count derived by hand beside it.
//! The bundled engine is built once for the whole test binary (`bundled_engine`): it takes seconds.
use std::collections::BTreeSet;
use std::sync::Arc;
use tatsu::engine::{perft, Engine, Position};

use crate::support::variants::{moves, played};

fn taikyoku() -> Arc<Engine> {
    tatsu::variants::bundled_engine("taikyoku-shogi").expect("bundled")
}

/// A 36x36 FEN with these pieces (`("r18", "(Hm)")`), White to move.
fn fen(pieces: &[(&str, &str)]) -> String {
    let mut ranks = Vec::new();
    for rank in (1..=36).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..36 {
            let name = square(file, rank);
            match pieces.iter().find(|(sq, _)| *sq == name) {
                Some((_, piece)) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text += piece;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        ranks.push(text);
    }
    format!("{} w - - 0 1", ranks.join("/"))
}

/// The name of a square: files a to z, then aa to aj.
fn square(file: usize, rank: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    let file_name = if file < 26 {
        (letters[file] as char).to_string()
    } else {
        format!("a{}", letters[file - 26] as char)
    };
    format!("{file_name}{rank}")
}

fn count(pieces: &[(&str, &str)]) -> u64 {
    let engine = taikyoku();
    let mut pos = Position::from_fen(&engine, &fen(pieces)).expect("valid FEN");
    perft::perft(&mut pos, 1)
}

#[test]
fn taikyoku_compiles_without_diagnostics_with_402_pieces_a_side() {
    let source = tatsu::variants::bundled()
        .iter()
        .find(|(name, _)| *name == "taikyoku-shogi")
        .expect("bundled")
        .1;
    let compiled = tatsu::compile::compile("taikyoku-shogi.tatsu", source).expect("compiles");
    assert!(compiled.warnings.is_empty(), "{:#?}", compiled.warnings);
    // Wikipedia ("Taikyoku shogi"): 402 pieces a side. Count the start's piece tokens, upper case for White.
    let start = source.split("start \"").nth(1).expect("a start line");
    let board = start.split(' ').next().expect("the board field");
    let (mut white, mut black) = (0, 0);
    let mut chars = board.chars().peekable();
    while let Some(c) = chars.next() {
        let first = if c == '+' {
            chars.next().expect("a piece")
        } else {
            c
        };
        let letter = if first == '(' {
            let id: String = chars.by_ref().take_while(|&c| c != ')').collect();
            id.chars().next().expect("an id")
        } else {
            first
        };
        if letter.is_ascii_uppercase() {
            white += 1;
        } else if letter.is_ascii_lowercase() {
            black += 1;
        }
    }
    assert_eq!((white, black), (402, 402));
}

/// The squares of the start's range-capturing generals (Bishop and Flying Generals on rank 3, the Great, Vice,
/// Fierce Dragon and other generals on rank 4), whose moves the two implementations read differently.
const GENERALS: [&str; 8] = ["e3", "f3", "ae3", "af3", "p4", "r4", "s4", "u4"];

fn from_general(mv: &str) -> bool {
    GENERALS.iter().any(|sq| {
        mv.strip_prefix(sq)
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
    })
}

#[test]
fn taikyoku_start_moves_agree_with_yetiowin() {
    let oracle: BTreeSet<String> = include_str!("../data/taikyoku/yetiowin-start-moves.txt")
        .lines()
        .map(str::to_string)
        .collect();
    let engine = taikyoku();
    let start = Position::start(&engine).to_fen();
    let ours: BTreeSet<String> = moves(&engine, &start).into_iter().collect();
    // The same 280 moves. 52 are of pieces other than the range-capturing generals (30 Pawns step forward, six
    // being blocked by the Dogs and Go-Betweens of rank 12; the Dogs 3 each, the Go-Betweens 1 each; 8 leaps and
    // jumps from ranks 9 and 10 to the empty squares of ranks 12 and 13); 228 are the generals' (`jumps-lower
    // taking-passed`): past their own lower pieces to every empty square, taking all they pass, and never onto
    // Black's Flying Generals ae34 and f34 or King r36, which they may not pass.
    assert_eq!(ours, oracle);
    let generals = ours.iter().filter(|m| from_general(m)).count();
    assert_eq!((ours.len(), generals), (280, 228));
}

/// The root moves whose replies yetiowin and tatsu count differently, each for a reading written in
/// docs/rules/taikyoku-shogi.md, with (tatsu − yetiowin):
/// - Black's Flying General (ae34, f34) may in yetiowin also pass the Vice General, Bishop General and Fierce
///   Dragon, which one rank order cannot say (the file ranks it with the Bishop General): a White general
///   standing on its file blocks it in tatsu, and it cannot take one, so its moves past or onto that general
///   are missing;
/// - the Great General sweeping the r file to r28..r35 opens it beside Black's Lion s29 and Hook Mover q31:
///   tatsu's Lion may pass (out to an empty square and back, `s29s29`: +1), yetiowin counts a Lion's two steps
///   once per square it passes through (r4r30..r35), and yetiowin's Hook Mover turns on a piece it takes (r4r31).
const PERFT2_EXPLAINED: [(&str, i64); 19] = [
    ("af3a34", -1),
    ("af3a34+", -1),
    ("af3f29", -30),
    ("e3ae29", -30),
    ("e3aj34", -1),
    ("e3aj34+", -1),
    ("p4ae19", -24),
    ("p4f14", -19),
    ("s4ae16", -21),
    ("s4f17", -22),
    ("u4ae14", -19),
    ("u4f19", -24),
    ("r4r28", 1),
    ("r4r30", -2),
    ("r4r31", -33),
    ("r4r32", -5),
    ("r4r33", -5),
    ("r4r34", -5),
    ("r4r35", -5),
];

#[test]
fn taikyoku_start_perft_2_agrees_with_yetiowin_but_for_the_readings_written() {
    // yetiowin's replies to each of the 280 first moves, from its debug REPL (distinct moves, a two-step move
    // counted once per square it passes through; tests/data/taikyoku/README.md).
    let oracle: Vec<(String, i64)> = include_str!("../data/taikyoku/yetiowin-perft2-divide.txt")
        .lines()
        .map(|l| {
            let (mv, n) = l.split_once(' ').expect("move count");
            (mv.to_string(), n.parse().expect("a count"))
        })
        .collect();
    let engine = taikyoku();
    let mut pos = Position::start(&engine);
    let ours: std::collections::BTreeMap<String, i64> = perft::divide(&mut pos, 2)
        .into_iter()
        .map(|(m, n)| (pos.uci(&m), n as i64))
        .collect();
    assert_eq!(ours.len(), oracle.len());
    let mut differ = Vec::new();
    for (mv, theirs) in &oracle {
        let n = ours.get(mv).unwrap_or_else(|| panic!("{mv} not a move"));
        if n != theirs {
            differ.push((mv.as_str(), n - theirs));
        }
    }
    differ.sort();
    let mut explained = PERFT2_EXPLAINED.to_vec();
    explained.sort();
    assert_eq!(differ, explained);
    // The differences total -247: the Flying General's passes (-193), the Hook Mover's turn on a piece it
    // takes (-28, after r4r31) and the Lion's two-step paths and pass (-26 net over r4r28..r4r35).
    assert_eq!(ours.values().sum::<i64>(), 78_122 - 247);
}

#[test]
fn taikyoku_hook_mover_reaches_every_square_in_two_legs() {
    // The Hook Mover r18 (`RmasR`) on an empty board, White King a1, Black King aj36. A square on its file or
    // rank is a Rook move; any other square is reached by a first leg to the corner of the two lines through it
    // and r18 and a turn of 90°; no piece stands on those lines but the Kings, in the corners. So every square
    // but its own and its King's: 1,296 - 2 = 1,294 (the Black King taken among them). The King a1 (two steps
    // any way, `R2B2`): a2 a3 b1 c1 b2 c3, 6. 1,300.
    assert_eq!(count(&[("a1", "K"), ("aj36", "k"), ("r18", "(Hm)")]), 1300);
}

#[test]
fn taikyoku_tengu_and_peacock_turn_once_on_a_diagonal() {
    // The Tengu a1 (`BmasB`), White King aj1, Black King aj36. Its diagonal b2..aj36: 34 empty squares and the
    // King taken. A square (f, r) of a1's colour (f + r odd, files from 0) lies on the anti-diagonal f + r = 2k + 1,
    // which meets the long diagonal at (k, k + 1), k from 1 to 34 (f + r = 1 is a1 itself; f + r = 71 is aj36, on
    // the long diagonal): the turn there reaches it. So every square of its colour but a1: 648 - 1 = 647. The
    // King aj1 (an even square): ai1 ah1 aj2 aj3 ai2 ah3, 6. 653.
    assert_eq!(count(&[("aj1", "K"), ("aj36", "k"), ("a1", "(Lo)")]), 653);
    // The Peacock a1 (`bB2fBfmasB`): its backward steps leave the board, its forward diagonal and the turns are
    // the Tengu's, 647 squares; it promotes (to a Tengu) on reaching the camp, ranks 26 to 36, where each rank
    // holds 18 squares of its colour: 11 x 18 = 198 moves more. The Capricorn (`BmasB`, promoting to a Hook
    // Mover) has the same count. 647 + 198 + 6 = 851.
    assert_eq!(count(&[("aj1", "K"), ("aj36", "k"), ("a1", "(Pc)")]), 851);
    assert_eq!(count(&[("aj1", "K"), ("aj36", "k"), ("a1", "(Ca)")]), 851);
}

#[test]
fn taikyoku_furious_fiend_is_a_lion_reaching_three_squares() {
    // The Furious Fiend (a promoted Lion, `Q3KNADcaKmcabK`) r18 on an open board: the 8 squares beside it, the 16
    // at two steps (`N`, `A`, `D`), the 8 at three squares along a line (`Q3`; its first two squares are among
    // the others), and the pass out and back to r18 (`mcabK`): 33. The King a1: 6. 39.
    assert_eq!(count(&[("a1", "K"), ("aj36", "k"), ("r18", "+(Ln)")]), 39);
}

#[test]
fn taikyoku_free_eagle_takes_one_enemy_in_passing() {
    // The Free Eagle r18 (file 17), a Black Pawn s19 on its forward-right diagonal. Its Free King slides: file r
    // 35 squares, rank 18 35, forward-left q19..a35 17, backward-right s17..ai1 17, backward-left q17..b2 16 (a1
    // is its King), forward-right only the Pawn taken: 121. The move along a forward diagonal taking the piece it
    // passes: take s19 and stop on t20, u21 or v22 (up to four squares): 3. 124. The King a1: 6. 130.
    assert_eq!(
        count(&[("a1", "K"), ("aj36", "k"), ("r18", "(Fe)"), ("s19", "p")]),
        130
    );
}

#[test]
fn taikyoku_free_eagle_takes_every_enemy_it_passes_within_four_squares() {
    // The Free Eagle r18, Black Pawns s19 and t20 on its forward-right diagonal. Along it (`jumps-over "fB4"
    // enemies taking-passed`): take s19; t20 over s19; then u21 and v22 over both (the third and fourth squares),
    // and no further: 4. Its other Free King slides 120 (as beside one Pawn). 124; the King a1 6: 130. Before
    // the Free Eagle passed more than one piece (one-capture multi-leg atoms), u21 and v22 were missing: 128.
    let pieces = [
        ("a1", "K"),
        ("aj36", "k"),
        ("r18", "(Fe)"),
        ("s19", "p"),
        ("t20", "p"),
    ];
    assert_eq!(count(&pieces), 130);
    // The move to v22 takes both Pawns (FEN and incremental hash); unmade, the position is as before.
    let engine = taikyoku();
    let after = [("a1", "K"), ("aj36", "k"), ("v22", "(Fe)")];
    crate::support::variants::play_and_unplay(
        &engine,
        &fen(&pieces),
        "r18v22",
        &fen(&after).replace(" w ", " b "),
    );
    // A friendly piece ends the line: with its own Pawn on t20, only s19 along that diagonal.
    let friend = [
        ("a1", "K"),
        ("aj36", "k"),
        ("r18", "(Fe)"),
        ("s19", "p"),
        ("t20", "P"),
    ];
    let moves = moves(&engine, &fen(&friend));
    assert!(moves.contains(&"r18s19".to_string()));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("r18t20") || m.starts_with("r18u21")));
}

/// The Free Eagle among Gold Generals of both sides on 29 random positions, against yetiowin's move lists
/// (`scripts/yetiowin_moves.py FreeEagle Fe --seeds 1-29 --near 4 --golds 10-30 --write …`): its moves over
/// several enemies on one line. With one-capture multi-leg atoms instead, 4 of the 29 lists differ.
#[test]
fn taikyoku_free_eagle_moves_agree_with_yetiowin_among_pieces() {
    agrees_with_yetiowin(include_str!("../data/taikyoku/yetiowin-free-eagle.tsv"));
}

#[test]
fn taikyoku_great_general_takes_every_lower_piece_it_passes() {
    // The Great General r18 (`Q`, `jumps-lower taking-passed`; ranks below King and Crown Prince only): its Pawn
    // r19, Black Pawn r21, Black King r23, Black Pawn r25. Up the file: its Pawn r19 (lower) is passed, not
    // landed on; r20 (empty), r21 (the Pawn, taken), r22 (empty); the King r23 ranks higher: neither passed nor
    // taken, and the line ends there: 3. Down the file r17..r1 17, rank 18 35, forward-right s19..aj36 18,
    // forward-left q19..a35 17, backward-right s17..ai1 17, backward-left q17..b2 16 (a1 its King): 120. 123.
    // The Pawn r20, 1; the King a1, 6. 130.
    let pieces = [
        ("a1", "K"),
        ("r23", "k"),
        ("r18", "(Gg)"),
        ("r19", "P"),
        ("r21", "p"),
        ("r25", "p"),
    ];
    assert_eq!(count(&pieces), 130);
    // To r22 it takes both Pawns it passed, its own r19 and Black's r21.
    let engine = taikyoku();
    let pos = played(&engine, &fen(&pieces), "r18r22");
    let after = [("a1", "K"), ("r23", "k"), ("r22", "(Gg)"), ("r25", "p")];
    assert_eq!(pos.to_fen(), fen(&after).replace(" w ", " b "));
    assert!(!moves(&engine, &fen(&pieces)).contains(&"r18r23".to_string()));
}

#[test]
fn taikyoku_wooden_dove_jumps_to_the_third_diagonal_square_and_on_past_it() {
    // The Wooden Dove r18, its Pawn s19 on the forward-right diagonal. Diagonals: forward-right blocked by the
    // Pawn, forward-left 17, backward-right 17, backward-left 16 (a1 its King); two squares orthogonally: r19 r20
    // r17 r16 q18 p18 s18 t18, 8; the jump to the third diagonal square: u21 over the Pawn is new, the other three
    // (o21, o15, u15) are on open diagonals already: 1; on past the Pawn, the third square u21 empty: v22, and
    // w23 (v22 empty too): 2. 61. The Pawn s20, 1; the King, 6. 68.
    assert_eq!(
        count(&[("a1", "K"), ("aj36", "k"), ("r18", "(Wo)"), ("s19", "P")]),
        68
    );
}

/// The Wooden Dove among Gold Generals of both sides on 29 random positions, against yetiowin's move lists
/// (`scripts/yetiowin_moves.py WoodenDove Wo --seeds 1-29 --golds 5-40 --write …`, yetiowin's debug REPL): its
/// jumps over the first two diagonal squares, whatever stands there, to the 4th and 5th. Without them (`BR2G`
/// alone) 16 of the 29 lists differ.
#[test]
fn taikyoku_wooden_dove_moves_agree_with_yetiowin_among_pieces() {
    agrees_with_yetiowin(include_str!("../data/taikyoku/yetiowin-wooden-dove.tsv"));
}

/// Each line of `data` (a FEN, a square, yetiowin's moves from it) against tatsu's moves from that square.
fn agrees_with_yetiowin(data: &str) {
    let engine = taikyoku();
    for line in data.lines() {
        let [fen, from, oracle] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("a line of three fields: {line}");
        };
        let ours: BTreeSet<String> = moves(&engine, fen)
            .into_iter()
            .filter(|m| {
                m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
            })
            .collect();
        let theirs: BTreeSet<String> = oracle.split(' ').map(String::from).collect();
        assert_eq!(ours, theirs, "{fen} from {from}");
    }
}

#[test]
fn taikyoku_promotes_when_a_move_starts_or_ends_in_the_far_eleven_ranks() {
    // Pawns c25 (into the camp: c26 or c26+), e30 (inside it: e31 or e31+): 2 each; g35 to the far rank, where
    // a Pawn could not move again, so it must promote there (yetiowin's rule, tatsu's dead squares): g36+ only,
    // 1. The King a1: 6. 11.
    assert_eq!(
        count(&[
            ("a1", "K"),
            ("aj36", "k"),
            ("c25", "P"),
            ("e30", "P"),
            ("g35", "P")
        ]),
        11
    );
}

/// Types that move alike share their rays' building (`src/compile/pieces/graph/share.rs`: a later type copies an
/// earlier one's rays): on every square and for both sides their rays are the same, and each ray's source names a
/// move set of its own type, so that explanations and move text point at the type's own XBetza.
#[test]
fn taikyoku_types_that_move_alike_have_the_same_rays_from_their_own_move_sets() {
    use std::collections::BTreeMap;
    use tatsu::rules::Side;
    let engine = taikyoku();
    let game = &engine.game;
    let squares = game.geometry.squares();
    let mut by_moves: BTreeMap<Vec<String>, Vec<usize>> = BTreeMap::new();
    for p in 0..game.pieces.len() {
        let sets = game
            .move_sets
            .iter()
            .filter(|s| s.piece.index() == p)
            .map(|s| format!("{} {:?} {} {:?}", s.betza, s.zone, s.adds, s.within))
            .collect();
        by_moves.entry(sets).or_default().push(p);
    }
    let shared = by_moves.values().filter(|types| types.len() > 1).count();
    // 404 types, 218 distinct move strings (docs/performance.md, "Taikyoku Shogi, the bundled file").
    assert!(shared > 0 && by_moves.len() < game.pieces.len());
    let rays = |p: usize, side: Side, sq| {
        let slice = game.pieces[p].rays(side, squares, sq);
        game.rays[slice.range()].to_vec()
    };
    for types in by_moves.values().filter(|types| types.len() > 1) {
        let first = types[0];
        for &other in &types[1..] {
            for side in Side::BOTH {
                for sq in game.geometry.all() {
                    let (a, b) = (rays(first, side, sq), rays(other, side, sq));
                    let shape = |r: &tatsu::rules::Ray| (r.first, r.len, r.kind, r.flags);
                    assert!(
                        a.iter().map(shape).eq(b.iter().map(shape)),
                        "{other} as {first}"
                    );
                    for (ray, p) in a
                        .iter()
                        .map(|r| (r, first))
                        .chain(b.iter().map(|r| (r, other)))
                    {
                        let set = game.ray_sources[ray.source as usize].move_set as usize;
                        assert_eq!(game.move_sets[set].piece.index(), p);
                    }
                }
            }
        }
    }
}

/// The rays of the type `symbol`, per side and square: each one's kind, flags, squares and step rules.
type RayContents = Vec<(
    tatsu::rules::RayKind,
    tatsu::rules::RayFlags,
    Vec<tatsu::rules::Square>,
    Vec<tatsu::rules::StepRule>,
)>;

fn ray_contents(engine: &Engine, symbol: &str) -> Vec<RayContents> {
    let game = &engine.game;
    let p = game.piece_by_symbol(symbol).expect("declared");
    let squares = game.geometry.squares();
    let mut all = Vec::new();
    for side in tatsu::rules::Side::BOTH {
        for sq in game.geometry.all() {
            let slice = game.pieces[p.index()].rays(side, squares, sq);
            let rays = game.rays[slice.range()].iter().map(|r| {
                let squares = game.ray_squares(r).to_vec();
                (r.kind, r.flags, squares, game.ray_rules(r).to_vec())
            });
            all.push(rays.collect());
        }
    }
    all
}

/// A path's rays from a square are built by the first type that has it and found again by every later type with
/// the same path under the same clipping zones (`src/compile/pieces/graph/path_cache.rs`), whatever move string
/// it comes in: each type's rays are the ones it has in a game where it is built alone. `A` shares its paths with
/// `B` (the same slides, but `B` is confined to the first two ranks: other rays) and `C` (its forward slide; its
/// bishop moves are `within` a corner); `D` is confined as `B` is and finds `B`'s rook rays. A hole on d5 cuts
/// the lines through it.
#[test]
fn a_path_found_from_an_earlier_type_gives_the_rays_it_gives_when_built_alone() {
    let head = "board 8 x 8\nzone low = a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2\n\
                zone corner = a1 b1 a2 b2\nstart \"8/8/8/3*4/8/8/8/8 w - - 0 1\"\n";
    let pieces = [
        ("B", "piece B {\n  moves \"RfN\"\n  confined to low\n}\n"),
        (
            "C",
            "piece C {\n  moves \"fRmN\"\n  also moves in corner \"B\" within corner\n}\n",
        ),
        ("A", "piece A { moves \"RfNB\" }\n"),
        ("D", "piece D {\n  moves \"R\"\n  confined to low\n}\n"),
    ];
    let together: String = pieces.iter().map(|(_, text)| *text).collect();
    let game = crate::support::variants::engine_of(&format!("{head}{together}"));
    for (symbol, text) in pieces {
        let alone = crate::support::variants::engine_of(&format!("{head}{text}"));
        assert_eq!(
            ray_contents(&game, symbol),
            ray_contents(&alone, symbol),
            "{symbol}"
        );
    }
}

#[test]
fn taikyoku_great_hawk_jumps_any_piece_straight_forward() {
    // The Great Hawk r18 (`Q`, `jumps-over "fR"`), its Pawn r19, Black's King r30, White's King a1. Straight
    // forward it passes any piece: r19 (its own: passed, not landed on), r20..r29 (10), the King r30 (taken),
    // past it r31..r36 (6): 17. Its other lines are plain slides on an open board: back r17..r1 17, rank 18 35,
    // forward-right s19..aj36 18, forward-left q19..a35 17, backward-right s17..ai1 17, backward-left q17..b2 16
    // (a1 its King): 120. 137. The Pawn r19: r20, 1. The King a1 (`R2B2`): a2 a3 b1 c1 b2 c3, 6. 144.
    assert_eq!(
        count(&[("a1", "K"), ("r30", "k"), ("r18", "+(Hf)"), ("r19", "P")]),
        144
    );
}

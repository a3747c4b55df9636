//! Invariants of the executor over random playouts of every bundled game and the test variants (proptest):
//! generated moves ⇔ `is_legal`; make then unmake restores the position and its hash; the incremental hash equals
//! the hash of the same position read from its FEN; FEN round-trips; divide sums to perft; the colour-mirrored
//! (chess) or rotated (shogi) position has the same perft; every legal move has its own text, which reads back to it.
use proptest::prelude::*;
use tatsu::audit;
use tatsu::engine::{perft, Engine, Position};
use tatsu::rng::SplitMix64;
use tatsu::rules::Orientation;

use crate::support::variants;

/// Every bundled game, and every test variant of `tests/data/variants/` (pieces the bundled games lack: multi-leg
/// moves, lame riders, friendly capture, last-leg hops, `U`, cylinders, must-jump, tame, unload, induction,
/// borrowing).
fn engines() -> Vec<Engine> {
    tatsu::variants::bundled()
        .iter()
        .map(|&(g, _)| g.to_string())
        .chain(variants::all_paths())
        .map(|g| Engine::new(tatsu::variants::load(&g).expect("variant loads").game))
        .collect()
}

/// Plays up to `plies` random legal moves (a proptest seed fixes the whole playout), auditing every ply with
/// `tatsu::audit` (the checks `tatsu selfplay` and the fuzz targets run) and, beyond it, that every generated move
/// is `is_legal`.
fn random_playout<'e>(engine: &'e Engine, seed: u64, plies: usize) -> Position<'e> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::start(engine);
    for _ in 0..plies {
        let moves = pos.legal_move_list();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        for &mv in &moves {
            assert!(
                pos.is_legal(mv),
                "{}: generated {} is not legal",
                pos.to_fen(),
                pos.uci(&mv)
            );
        }
        let mv = moves[rng.below(moves.len())];
        if let Err(v) =
            audit::legal_moves(&mut pos, &moves).and_then(|()| audit::play(&mut pos, mv))
        {
            panic!("{v}");
        }
    }
    pos
}

/// The same position seen from the other side: Black's pieces become White's, rotated or mirrored as the game
/// relates the two players.
fn flip_fen(engine: &Engine, fen: &str) -> String {
    let game = &engine.game;
    let mut fields = fen.split_whitespace();
    let placement = fields.next().unwrap();
    let (board, hand) = match placement.find('[') {
        Some(i) => (&placement[..i], Some(&placement[i..])),
        None => (placement, None),
    };
    let swap = |s: &str| {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect::<String>()
    };
    let mut rows: Vec<Vec<Option<String>>> = board
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap();
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n * 10 + d;
                        chars.next();
                    }
                    cells.extend((0..n).map(|_| None));
                } else if c == '+' {
                    cells.push(Some(format!("+{}", chars.next().unwrap())));
                } else {
                    cells.push(Some(c.to_string()));
                }
            }
            cells
        })
        .collect();
    rows.reverse();
    if game.orientation == Orientation::Rotate {
        rows.iter_mut().for_each(|r| r.reverse());
    }
    let board: Vec<String> = rows
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out += &swap(p);
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    let castling = fields.next().map(swap).unwrap_or("-".into());
    let ep = fields.next().unwrap_or("-");
    let ep = if ep == "-" {
        "-".to_string()
    } else {
        let g = game.geometry;
        let sq = g.parse_square(ep).unwrap();
        let (mut f, r) = (g.file(sq), g.ranks as i32 - 1 - g.rank(sq));
        if game.orientation == Orientation::Rotate {
            f = g.files as i32 - 1 - f;
        }
        g.name(g.square(f, r).unwrap())
    };
    let rest: Vec<&str> = fields.collect();
    format!(
        "{}{} {side} {castling} {ep} {}",
        board.join("/"),
        hand.map(swap).unwrap_or_default(),
        rest.join(" ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn playouts_keep_every_invariant(seed in any::<u64>(), plies in 1usize..60) {
        for engine in engines().iter() {
            let mut pos = random_playout(engine, seed, plies);
            let divided: u64 = perft::divide(&mut pos, 2).iter().map(|(_, n)| n).sum();
            prop_assert_eq!(divided, perft::perft(&mut pos, 2), "divide sums to perft in {}", pos.to_fen());
            if !pos.bonus_pending() {
                let flipped = flip_fen(engine, &pos.to_fen());
                let mut mirror = Position::from_fen(engine, &flipped).unwrap_or_else(|e| panic!("{flipped}: {e}"));
                prop_assert_eq!(perft::perft(&mut mirror, 2), perft::perft(&mut pos, 2), "{} vs {}", pos.to_fen(), flipped);
            }
        }
    }
}

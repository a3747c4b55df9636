//! Invariants of the executor over random playouts of every bundled game and the test variants (proptest):
//! generated moves ⇔ `is_legal`; make then unmake restores the position and its hash; the incremental hash equals
//! the hash of the same position read from its FEN; FEN round-trips; divide sums to perft; the colour-mirrored
//! (chess) or rotated (shogi) position has the same perft; every legal move has its own text, which reads back to it.
use proptest::prelude::*;
use tatsu::engine::{perft, Engine, Position};
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

/// SplitMix64, so that a proptest seed fixes the whole playout.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Game-end rules never make a position with legal moves count as decided, and a position without legal moves
/// always has a result that says why; only draws that depend on history (repetition, the move count) and dead
/// positions may end a game that still has moves.
fn decided_iff_no_moves(pos: &mut Position, no_moves: bool) {
    use tatsu::engine::Reason;
    let fen = pos.to_fen();
    if pos.decided().is_some() {
        assert!(no_moves, "{fen}: decided, yet it has moves");
    }
    match pos.outcome() {
        None => assert!(!no_moves, "{fen}: no moves and no result"),
        Some(o) if no_moves => assert!(
            !matches!(
                o.reason,
                Reason::Repetition
                    | Reason::PerpetualCheck
                    | Reason::MoveLimit
                    | Reason::InsufficientMaterial
            ),
            "{fen}: no moves, but the result is {o}"
        ),
        Some(o) => assert!(
            matches!(
                o.reason,
                Reason::Repetition
                    | Reason::PerpetualCheck
                    | Reason::MoveLimit
                    | Reason::InsufficientMaterial
            ),
            "{fen}: has moves, but the result is {o}"
        ),
    }
}

/// Plays up to `plies` random legal moves, checking the per-move invariants at every step.
fn random_playout<'e>(engine: &'e Engine, seed: u64, plies: usize) -> Position<'e> {
    let mut rng = seed;
    let mut pos = Position::start(engine);
    for _ in 0..plies {
        let moves = pos.legal_move_list();
        decided_iff_no_moves(&mut pos, moves.is_empty());
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
        // Every move has its own text (so `parse_move`, which finds the move with that text, reads each one back
        // to itself: e.g. multi-leg unloads that differ only in the turning square); checked on the chosen move.
        let texts: std::collections::HashSet<String> = moves.iter().map(|m| pos.uci(m)).collect();
        assert_eq!(
            texts.len(),
            moves.len(),
            "{}: two moves share a text",
            pos.to_fen()
        );
        let mv = moves[(next(&mut rng) % moves.len() as u64) as usize];
        let text = pos.uci(&mv);
        assert_eq!(
            pos.parse_move(&text),
            Ok(mv),
            "{}: {text} reads back",
            pos.to_fen()
        );
        let (fen, hash) = (pos.to_fen(), pos.hash());
        pos.play(mv);
        let after = pos.to_fen();
        let reread = Position::from_fen(engine, &after).unwrap_or_else(|e| panic!("{after}: {e}"));
        assert_eq!(reread.to_fen(), after, "FEN round trip");
        assert_eq!(reread.hash(), pos.hash(), "incremental hash of {after}");
        pos.unplay();
        assert_eq!(
            (pos.to_fen(), pos.hash()),
            (fen.clone(), hash),
            "unplay of {}",
            pos.uci(&mv)
        );
        pos.play(mv);
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
    // The checks each side has still to give (`3+1`) change hands too.
    let rest: Vec<String> = fields
        .map(|f| match f.split_once('+') {
            Some((white, black)) => format!("{black}+{white}"),
            None => f.to_string(),
        })
        .collect();
    format!(
        "{}{} {side} {castling} {ep} {}",
        board.join("/"),
        hand.map(swap).unwrap_or_default(),
        rest.join(" ")
    )
}

/// Are the rules the same for both colours (each zone's Black copy is White's mirrored or rotated, both sides have
/// the same castling rights)? Only then may a colour-flipped position be compared (Horde is not).
fn colour_symmetric(engine: &Engine) -> bool {
    let game = &engine.game;
    let g = game.geometry;
    let image = |sq: tatsu::rules::Square| {
        let (mut f, r) = (g.file(sq), g.ranks as i32 - 1 - g.rank(sq));
        if game.orientation == Orientation::Rotate {
            f = g.files as i32 - 1 - f;
        }
        g.square(f, r).unwrap()
    };
    let rights = |side| {
        game.castling_rights
            .iter()
            .filter(|r| r.side == side)
            .count()
    };
    rights(tatsu::rules::Side::White) == rights(tatsu::rules::Side::Black)
        && game.zones.iter().all(|z| {
            z.squares[0].iter().count() == z.squares[1].iter().count()
                && z.squares[0]
                    .iter()
                    .all(|sq| z.squares[1].contains(image(sq)))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn playouts_keep_every_invariant(seed in any::<u64>(), plies in 1usize..60) {
        for engine in engines().iter() {
            let mut pos = random_playout(engine, seed, plies);
            let divided: u64 = perft::divide(&mut pos, 2).iter().map(|(_, n)| n).sum();
            prop_assert_eq!(divided, perft::perft(&mut pos, 2), "divide sums to perft in {}", pos.to_fen());
            if !pos.bonus_pending() && colour_symmetric(engine) {
                let flipped = flip_fen(engine, &pos.to_fen());
                let mut mirror = Position::from_fen(engine, &flipped).unwrap_or_else(|e| panic!("{flipped}: {e}"));
                prop_assert_eq!(perft::perft(&mut mirror, 2), perft::perft(&mut pos, 2), "{} vs {}", pos.to_fen(), flipped);
            }
        }
    }
}

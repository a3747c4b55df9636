//! Invariants of the executor over random playouts of every bundled game and the test variants (proptest):
//! generated moves ⇔ `is_legal`; make then unmake restores the position and its hash; the incremental hash equals
//! the hash of the same position read from its FEN; FEN round-trips; divide sums to perft; the colour-mirrored
//! (chess) or rotated (shogi) position has the same perft; every legal move has its own text, which reads back to it;
//! FEN → Setup → Position → FEN is stable at every ply (the test variants include one with 61 piece types, most with
//! ids of more than one letter).
use proptest::prelude::*;
use tatsu::engine::{perft, Engine, Position};
use tatsu::rules::{Orientation, Square};
use tatsu::setup::Setup;

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

/// Plays up to `plies` random legal moves, checking the per-move invariants at every step.
fn random_playout<'e>(engine: &'e Engine, seed: u64, plies: usize) -> Position<'e> {
    let mut rng = seed;
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
        let setup =
            Setup::from_fen(&after, &engine.game).unwrap_or_else(|e| panic!("{after}: {e}"));
        assert_eq!(setup.write(&engine.game), after, "FEN → Setup → FEN");
        let reread =
            Position::from_setup(engine, &setup).unwrap_or_else(|e| panic!("{after}: {e}"));
        assert_eq!(reread.to_fen(), after, "FEN → Setup → Position → FEN");
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
/// relates the two players. Done on the position's [`Setup`], written back by the one FEN writer.
fn flip_fen(engine: &Engine, fen: &str) -> String {
    let game = &engine.game;
    let g = game.geometry;
    let flip = |sq: Square| {
        let (mut f, r) = (g.file(sq), g.ranks as i32 - 1 - g.rank(sq));
        if game.orientation == Orientation::Rotate {
            f = g.files as i32 - 1 - f;
        }
        g.square(f, r).unwrap()
    };
    let mut setup = Setup::from_fen(fen, game).unwrap();
    for p in &mut setup.board {
        p.square = flip(p.square);
        p.side = p.side.opponent();
    }
    for h in &mut setup.hands {
        h.side = h.side.opponent();
    }
    setup.hands.sort_by_key(|h| h.side);
    setup.side = setup.side.opponent();
    for (c, _) in &mut setup.castling {
        *c = if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        };
    }
    setup.ep = setup.ep.map(|(sq, span)| (flip(sq), span));
    setup.write(game)
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

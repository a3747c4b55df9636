//! Invariants of the executor over random playouts of every bundled game and the test variants (proptest):
//! generated moves ⇔ `is_legal`; make then unmake restores the position and its hash; the incremental hash equals
//! the hash of the same position read from its FEN; FEN round-trips; divide sums to perft; the colour-mirrored
//! (chess) or rotated (shogi) position has the same perft; every legal move has its own text, which reads back to it;
//! FEN → Setup → Position → FEN is stable at every ply (the test variants include one with 61 piece types, most with
//! ids of more than one letter).
use proptest::prelude::*;
use tatsu::audit;
use tatsu::engine::{perft, Engine, Position};
use tatsu::rng::SplitMix64;
use tatsu::rules::{Square, Symmetry};
use tatsu::setup::Setup;

use crate::support::variants;

/// Game-end rules never make a position with legal moves count as decided, and a position without legal moves
/// always has a result that says why; only draws that depend on history (repetition, the move count) and dead
/// positions may end a game that still has moves.
fn decided_iff_no_moves(pos: &mut Position, no_moves: bool) {
    use tatsu::engine::Reason;
    let fen = pos.to_fen();
    if pos.decided().is_some() {
        assert!(no_moves, "{fen}: decided, yet it has moves");
    }
    let by_history = |r: Reason| {
        matches!(
            r,
            Reason::Repetition
                | Reason::PerpetualCheck
                | Reason::MoveLimit
                | Reason::InsufficientMaterial
        )
    };
    match pos.outcome() {
        None => assert!(!no_moves, "{fen}: no moves and no result"),
        Some(o) if no_moves => assert!(
            !by_history(o.reason),
            "{fen}: no moves, but the result is {o}"
        ),
        Some(o) => assert!(
            by_history(o.reason),
            "{fen}: has moves, but the result is {o}"
        ),
    }
}

/// The square that corresponds to `sq` for the other player (mirrored or rotated, as the game relates them).
fn flip_square(engine: &Engine, sq: Square) -> Square {
    let game = &engine.game;
    let g = game.geometry;
    let (mut f, r) = (g.file(sq), g.ranks as i32 - 1 - g.rank(sq));
    if game.orientation == Symmetry::Rotate {
        f = g.files as i32 - 1 - f;
    }
    g.square(f, r).unwrap()
}

/// Are the rules the same for both colours (each zone's Black copy is White's mirrored or rotated, both sides have
/// the same castling rights)? Only then may a colour-flipped position be compared (Horde is not).
fn colour_symmetric(engine: &Engine) -> bool {
    let game = &engine.game;
    let image = |sq: Square| flip_square(engine, sq);
    let rights = |side| {
        game.castling_rights
            .iter()
            .filter(|r| r.side == side)
            .count()
    };
    // A promotion line of one side (sortofalmost, chigorin, spartan) treats the sides differently.
    let one_sided = game
        .pieces
        .iter()
        .any(|p| p.promotions.iter().any(|line| line.side.is_some()));
    !one_sided
        && rights(tatsu::rules::Side::White) == rights(tatsu::rules::Side::Black)
        && game.zones.iter().all(|z| {
            z.squares[0].iter().count() == z.squares[1].iter().count()
                && z.squares[0]
                    .iter()
                    .all(|sq| z.squares[1].contains(image(sq)))
        })
}

/// Plays up to `plies` random legal moves (a proptest seed fixes the whole playout), auditing every ply with
/// `tatsu::audit` (the checks `tatsu selfplay` and the fuzz targets run) and, beyond it, that every generated move
/// is `is_legal`.
fn random_playout<'e>(engine: &'e Engine, seed: u64, plies: usize) -> Position<'e> {
    let mut rng = SplitMix64::new(seed);
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
        let mv = moves[rng.below(moves.len())];
        if let Err(v) =
            audit::legal_moves(&mut pos, &moves).and_then(|()| audit::play(&mut pos, mv))
        {
            panic!("{v}");
        }
        let after = pos.to_fen();
        let setup =
            Setup::from_fen(&after, &engine.game).unwrap_or_else(|e| panic!("{after}: {e}"));
        assert_eq!(setup.write(&engine.game), after, "FEN → Setup → FEN");
    }
    pos
}

/// The same position seen from the other side: Black's pieces become White's, rotated or mirrored as the game
/// relates the two players. Done on the position's [`Setup`], written back by the one FEN writer.
fn flip_fen(engine: &Engine, fen: &str) -> String {
    let game = &engine.game;
    let flip = |sq: Square| flip_square(engine, sq);
    let mut setup = Setup::from_fen(fen, game).unwrap();
    for p in &mut setup.board {
        p.square = flip(p.square);
        p.side = p.side.opponent();
    }
    // Walls (and holes, which a colour-symmetric game has symmetrically) move with the board.
    for (sq, _) in &mut setup.holes {
        *sq = flip(*sq);
    }
    for h in &mut setup.hands {
        h.side = h.side.opponent();
    }
    setup.hands.sort_by_key(|h| h.side);
    setup.side = setup.side.opponent();
    for (c, _) in &mut setup.castling {
        // A first-move right is named by its square's file: the flipped square's right names it now.
        let rights = &game.first_move_rights;
        if let Some(right) = rights.iter().find(|r| r.letter == *c) {
            let to = flip(right.square);
            *c = rights
                .iter()
                .find(|r| r.square == to)
                .expect("a colour-symmetric game has the flipped right")
                .letter;
            continue;
        }
        *c = if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        };
    }
    setup.ep = setup.ep.map(|(sq, span)| (flip(sq), span));
    setup.ep_victim = setup.ep_victim.map(flip);
    // The checks each side has still to give (`3+1`) change hands too.
    setup.checks_left = setup
        .checks_left
        .map(|([white, black], span)| ([black, white], span));
    setup.write(game)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    #[ignore = "slow random-game sweep (12 playouts of every game): run with --include-ignored, as CI does"]
    fn playouts_keep_every_invariant(seed in any::<u64>(), plies in 1usize..60) {
        // Every bundled game, and every test variant of `tests/data/variants/` (pieces the bundled games lack:
        // multi-leg moves, lame riders, friendly capture, last-leg hops, `U`, cylinders, must-jump, tame, unload,
        // induction, borrowing).
        for (_, engine) in variants::every_engine() {
            let engine: &Engine = engine;
            let mut pos = random_playout(engine, seed, plies);
            let divided: u64 = perft::divide(&mut pos, 2).iter().map(|(_, n)| n).sum();
            prop_assert_eq!(divided, perft::perft(&mut pos, 2), "divide sums to perft in {}", pos.to_fen());
            if !pos.bonus_pending() && colour_symmetric(engine) {
                let flipped = flip_fen(engine, &pos.to_fen());
                let mut mirror = Position::from_fen(engine, &flipped).unwrap_or_else(|e| panic!("{flipped}: {e}"));
                // The flip is of what the FEN says: passes made in play (janggi's two passes end the game) are not
                // in it, so the position is read back from its FEN too.
                let fen = pos.to_fen();
                let mut read = Position::from_fen(engine, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                prop_assert_eq!(perft::perft(&mut mirror, 2), perft::perft(&mut read, 2), "{} vs {}", fen, flipped);
            }
        }
    }
}

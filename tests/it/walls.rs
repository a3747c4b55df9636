//! Walls (docs/variant-language.md, "Walls"): `walls past|placed|shot` and `petrify`, on the test variants written
//! after Fairy-Stockfish's joust, isolation, amazons, petrified and duck. Every move list and FEN below is what pyffish
//! 0.0.90 gives for the same position and moves (`pyffish.legal_moves`, `pyffish.get_fen`) unless a comment
//! derives it by hand; `tests/data/perft/{joust,snailtrail,isolation,isolation7x7,amazons,petrified,duck}.tsv` hold
//! its perft counts.
use crate::support::variants::{engine, engine_of, moves, played, source_with};
use tatsu::engine::{Engine, Outcome, Position, Reason};
use tatsu::rules::Side;

#[test]
fn the_square_a_jousting_knight_leaves_becomes_a_wall_it_cannot_reenter() {
    let e = engine("joust");
    let start = "8/8/8/4n3/3N4/8/8/8 w - - 0 1";
    let pos = played(&e, start, "d4c2,c2d4 e5c4,c4e5");
    assert_eq!(pos.to_fen(), "8/8/8/4*3/2n*4/8/2N5/8 w - - 2 2");
    // c2's knight may not go back to d4 (a wall): five moves, each written with its wall.
    assert_eq!(
        moves(&e, &pos.to_fen()),
        [
            "c2a1,a1c2",
            "c2a3,a3c2",
            "c2b4,b4c2",
            "c2e1,e1c2",
            "c2e3,e3c2"
        ]
    );
}

#[test]
fn a_walled_in_snail_loses_by_having_no_move() {
    let e = engine("snailtrail");
    let fen = "P*p4/**5/7/7/7/7/7 w - - 0 1";
    assert!(moves(&e, fen).is_empty());
    let mut pos = Position::from_fen(&e, fen).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(Side::Black),
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn a_placed_wall_may_go_on_any_empty_square_of_the_zone_only() {
    let e = engine("isolation");
    let list = moves(&e, "3p2/6/6/6/6/6/6/2P3 w - - 0 1");
    // Five steps, each with every empty square of `open` but the destination: 46 - 1 (the pawn's new square) ...
    assert_eq!(list.len(), 225);
    // ... and never c1 (left by the pawn, but outside the zone) or d8.
    assert!(!list.iter().any(|m| m.ends_with("c1") || m.ends_with("d8")));
    assert!(list.contains(&"c1b1,b1a1".to_string()));
}

#[test]
fn an_amazon_shoots_along_its_own_moves_and_may_shoot_back_where_it_came_from() {
    let e = engine("amazons");
    let start = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1";
    let list = moves(&e, start);
    assert_eq!(list.len(), 2176);
    let from_d5: Vec<_> = list.iter().filter(|m| m.starts_with("d1d5,")).collect();
    assert_eq!(from_d5.len(), 32);
    assert!(list.contains(&"d1d5,d5d1".to_string()));
    assert!(list.contains(&"d1d5,d5d9".to_string()));
    // d10 holds a black amazon: the arrow stops before it.
    assert!(!list.contains(&"d1d5,d5d10".to_string()));
    assert_eq!(
        played(&e, start, "d1d5,d5d1").to_fen(),
        "3q2q3/10/10/q8q/10/3Q6/Q8Q/10/10/3*2Q3 b - - 1 1"
    );
}

#[test]
fn a_square_two_moves_of_the_shooter_reach_is_shot_once() {
    // A (3,3) leap and a queen's slide both reach three squares diagonally: pyffish (customPiece1 = q:GQ over
    // its amazons) lists 2,350 moves at the start, each once; d4's arrow to g7 is one of them.
    let e = engine_of(&source_with(
        "tests/data/variants/amazons.tatsu",
        "moves \"mQ\"",
        "moves \"GQ\"",
    ));
    let list = moves(&e, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1");
    let mut once = list.clone();
    once.dedup();
    assert_eq!(once, list, "a move listed twice");
    assert_eq!(list.len(), 2350);
    assert!(list.contains(&"g1d4,d4g7".to_string()));
}

#[test]
fn a_piece_that_captures_is_petrified_where_it_took() {
    let e = engine("petrified");
    assert_eq!(
        played(&e, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5").to_fen(),
        "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn a_wall_blocks_a_slider_and_is_never_captured() {
    let e = engine("petrified");
    // The rook stops before nothing on the first rank; the wall on c2 stands on no line of it and, unlike the
    // pawn it replaces here, attacks nothing: the king may go to d1.
    assert_eq!(
        moves(&e, "4k3/8/8/8/8/8/2*5/R3K3 w - - 0 1"),
        [
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "e1d1",
            "e1d2", "e1e2", "e1f1", "e1f2"
        ]
    );
    // Hand-derived: a wall on a4 ends the rook's file at a3, and is no capture.
    assert_eq!(
        crate::support::variants::from(&moves(&e, "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1"), "a1"),
        ["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"]
    );
}

#[test]
fn a_king_that_may_not_petrify_itself_gives_no_check() {
    let e = engine("petrified");
    // Kings side by side: neither attacks the other (their moves do not capture).
    assert_eq!(
        moves(&e, "8/8/8/3k4/3K4/8/8/8 w - - 0 1"),
        ["d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e4", "d4e5"]
    );
}

/// A game with walls and a cannon, derived by hand: a wall is a hurdle to a leg that hops over any piece.
fn cannon_game() -> Engine {
    let source = r#"
board 5 x 5
walls past
piece K { royal moves "mK" }
piece C { moves "mRpR" }
start "4k/5/5/5/C3K w - - 0 1"
"#;
    Engine::new(
        tatsu::compile::compile("cannon.tatsu", source)
            .unwrap()
            .game,
    )
}

#[test]
fn a_cannon_jumps_a_wall_as_it_would_a_piece() {
    let e = cannon_game();
    // The wall on a3 stops the cannon's slide at a2 and is its hurdle: it may land on a4 or a5 (no capture).
    let list = moves(&e, "4k/5/*4/5/C3K w - - 0 1");
    let cannon: Vec<_> = list
        .iter()
        .filter(|m| m.starts_with("a1"))
        .cloned()
        .collect();
    assert_eq!(
        cannon,
        [
            "a1a2,a2a1",
            "a1a4,a4a1",
            "a1a5,a5a1",
            "a1b1,b1a1",
            "a1c1,c1a1",
            "a1d1,d1a1"
        ]
    );
}

#[test]
fn a_star_is_a_wall_only_in_a_game_with_walls() {
    let chess = Engine::new(tatsu::variants::load("chess").unwrap().game);
    assert!(Position::from_fen(&chess, "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1").is_err());
    let e = engine("petrified");
    let pos = Position::from_fen(&e, "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(pos.to_fen(), "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1");
}

#[test]
fn unmaking_a_walling_move_restores_the_position_and_its_hash() {
    let e = engine("isolation");
    let mut pos = Position::from_fen(&e, "3p2/6/6/6/6/6/6/2P3 w - - 0 1").unwrap();
    let (fen, hash) = (pos.to_fen(), pos.hash());
    for mv in pos.legal_move_list() {
        pos.play(mv);
        assert_ne!(pos.hash(), hash);
        pos.unplay();
        assert_eq!((pos.to_fen(), pos.hash()), (fen.clone(), hash));
    }
    let e = engine("petrified");
    let fen = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1";
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let hash = pos.hash();
    let mv = pos.parse_move("e3d5").unwrap();
    pos.play(mv);
    pos.unplay();
    assert_eq!((pos.to_fen().as_str(), pos.hash()), (fen, hash));
}

#[test]
fn the_duck_moves_every_turn_to_another_empty_square() {
    let e = engine("duck");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(moves(&e, start).len(), 640);
    let pos = played(&e, start, "e2e4,e4e5");
    // pyffish writes `-` for the e.p. square (it names one only where an e.p. capture is possible); tatsu names
    // the square a double step passed, as standard FEN does.
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    let list = moves(&e, &pos.to_fen());
    assert_eq!(list.len(), 589);
    // It may not stay on e5, nor land on a piece; it may go where the pawn came from.
    assert!(!list.iter().any(|m| m.ends_with("e5")));
    assert!(!list.contains(&"e7e6,e6e4".to_string()));
    assert!(list.contains(&"e7e6,e6e2".to_string()));
    assert_eq!(
        played(&e, start, "e2e4,e4e5 g8f6,f6e2").to_fen(),
        "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP*PPP/RNBQKBNR w KQkq - 1 2"
    );
}

#[test]
fn the_duck_blocks_a_castling_and_may_land_on_the_kings_square_after_one() {
    let e = engine("duck");
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K*1R w KQkq - 0 1";
    let list = moves(&e, fen);
    assert!(!list.iter().any(|m| m.starts_with("e1g1")));
    let long: Vec<_> = list.iter().filter(|m| m.starts_with("e1c1")).collect();
    assert_eq!(long.len(), 41);
    assert!(list.contains(&"e1c1,c1a1".to_string()));
    assert!(!list.contains(&"e1c1,c1d1".to_string()));
    assert_eq!(
        played(&e, fen, "e1c1,c1e1").to_fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR*2R b kq - 1 1"
    );
}

#[test]
fn a_duck_game_has_one_duck() {
    let e = engine("duck");
    let two = "rnbqkbnr/pppppppp/8/4*3/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let error = Position::from_fen(&e, two)
        .err()
        .expect("two ducks")
        .to_string();
    assert!(error.contains("a second wall"), "{error}");
}

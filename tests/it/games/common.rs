//! Helpers shared by the rule-fact tests.
#![allow(dead_code)]
use std::collections::BTreeSet;
use tatsu::engine::{Engine, Outcome, Position};
use tatsu::rules::{PieceId, Side};

pub fn engine(variant: &str) -> Engine {
    let compiled = tatsu::variants::load(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
    Engine::new(compiled.game)
}

pub fn position<'e>(engine: &'e Engine, fen: &str) -> Position<'e> {
    Position::from_fen(engine, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of a position in UCI notation, sorted.
pub fn moves(engine: &Engine, fen: &str) -> Vec<String> {
    let mut pos = position(engine, fen);
    uci_moves(&mut pos)
}

pub fn uci_moves(pos: &mut Position) -> Vec<String> {
    let mut list: Vec<String> = pos.legal_move_list().iter().map(|m| pos.uci(m)).collect();
    list.sort();
    list
}

pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

pub fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen()));
        pos.play(mv);
    }
}

pub fn piece(engine: &Engine, symbol: &str) -> PieceId {
    engine
        .game
        .piece_by_symbol(symbol)
        .unwrap_or_else(|| panic!("no piece `{symbol}`"))
}

/// The destination squares of a lone piece on an otherwise empty board (promotion variants counted once).
pub fn lone_destinations(
    engine: &Engine,
    symbol: &str,
    side: Side,
    square: &str,
) -> BTreeSet<String> {
    let g = engine.game.geometry;
    let sq = g.parse_square(square).expect("square");
    let mut pos = Position::from_pieces(engine, side, &[(sq, piece(engine, symbol), side)]);
    pos.legal_move_list().iter().map(|m| g.name(m.to)).collect()
}

/// The lone piece's moves in UCI notation (promotions spelt out).
pub fn lone_moves(engine: &Engine, symbol: &str, side: Side, square: &str) -> Vec<String> {
    let g = engine.game.geometry;
    let sq = g.parse_square(square).expect("square");
    let mut pos = Position::from_pieces(engine, side, &[(sq, piece(engine, symbol), side)]);
    uci_moves(&mut pos)
}

pub fn outcome(pos: &mut Position) -> Option<Outcome> {
    pos.outcome()
}

/// The moves among `all` that start with `prefix` (e.g. drops `P@`).
pub fn starting_with<'a>(all: &'a [String], prefix: &str) -> Vec<&'a String> {
    all.iter().filter(|m| m.starts_with(prefix)).collect()
}

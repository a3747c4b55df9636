//! The generic executor: it interprets a compiled [`crate::rules::Game`] and knows no particular game.
//!
//! - [`Engine`] holds a game with the tables the executor derives from it once (hash keys, reverse attack maps);
//! - [`Position`] is one state of play, changed in place by [`Position::play`] / [`Position::unplay`];
//! - move generation walks the precomputed per-square rays; legality comes from the checks and pins found in the
//!   reverse attack tables, with make, test, unmake only for the moves they cannot decide (and, where hoppers or
//!   rules defeat pins, for the moves that touch a square the verdict reads: `rules/bystander.rs`);
//! - FEN (through [`crate::setup`]), [`notation`], [`perft`] and [`outcome`] are the interfaces around it;
//! - the files here are the executor's core; `rules/` holds its per-rule parts (promotion, gating, walls,
//!   counting, several royals, restrictions, trading, bystanders), each reached only by games with that rule.

mod attack;
pub(crate) mod attack_class;
mod board;
mod fen;
mod flags;
mod legal;
mod make;
mod movegen;
mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
mod position;
pub(crate) mod reach;
mod rules;
pub mod san;
pub(crate) mod tables;
mod zobrist;

pub use crate::setup::FenError;
pub use board::Cell;
pub use legal::Selected;
pub use moves::{Extra, Gate, Move, MoveKind, MoveList};
pub use notation::MoveError;
pub use outcome::{Outcome, Reason};
pub use position::Position;
pub use tables::Engine;

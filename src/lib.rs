//! # tatsu — a generic, data-driven chess-variant interpreter
//!
//! The pipeline shows in the modules:
//! `variant text → dsl (spanned syntax tree) → compile (names → ids, XBetza → move-rule graph) → rules::Game →
//! engine (the generic executor: move generation, make/unmake, check, legality, game end)`; `setup` (FEN ↔ an
//! unvalidated Setup, checked against a Game) serves the compiler's start position and the engine's positions.
//! Nothing in `src/` knows any particular game; the games are text files in `variants/`.

pub mod audit;
pub mod balance;
pub mod compile;
pub mod describe;
pub mod diag;
pub mod diff;
pub mod dsl;
pub mod engine;
pub mod eval;
pub mod export;
pub mod inspect;
pub mod line_reader;
pub mod perft_units;
pub mod pgn;
pub mod protocol;
pub mod render;
pub mod rng;
pub mod rules;
pub mod ruletest;
pub mod search;
pub mod serve;
pub mod setup;
pub mod uci;
pub mod variants;
pub mod xboard;

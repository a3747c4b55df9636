//! The engine sides of UCI (with Fairy-Stockfish's `UCI_Variant`) and of USI, the shogi protocol, and what a
//! referee reads of a UCI or USI engine's output. One session serves both protocols ([`Dialect`]): they differ in
//! a few words (`uci`/`usi`, `fen`/`sfen`, `ucinewgame`/`usinewgame`), in how a position and a move are written
//! ([`notation`]) and in the clock's names (`wtime` is Sente's time in UCI, `btime` in USI).
//!
//! UCI moves are Fairy-Stockfish's (`e7e8q`, `P@e4`, `a9a10`, `c7c8+`): tatsu's own notation
//! ([`crate::engine::notation`]). USI moves name files 9 to 1 from left to right and ranks `a` to `i` from the
//! top (`7g7f`, `2b3c+`, `P*5e`); only games whose board fits in 9x9 and whose moves USI can write are offered.
mod go;
pub mod notation;
pub mod reply;
mod session;

pub use notation::USI_MAX;
pub use session::{usi_offers, Session, SharedOut};

/// The protocol a session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Usi,
}

impl Dialect {
    /// The protocol's name as its commands spell it (`uci`, `usi`).
    pub fn word(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Usi => "usi",
        }
    }

    /// The name of the option that chooses the game (`UCI_Variant`, `USI_Variant`).
    pub fn variant_option(self) -> &'static str {
        match self {
            Dialect::Uci => "UCI_Variant",
            Dialect::Usi => "USI_Variant",
        }
    }
}

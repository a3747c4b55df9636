//! The semantic diff of two versions of a game (`tatsu diff OLD NEW`, docs/diff.md): what changed in the
//! designer's terms — board and zones, each piece's destinations on an empty board (per zone), promotion, drops,
//! castling, the other rules and the game end — and the first line of play where the two disagree.
mod data;
mod play;
mod rules;

pub use play::{first_disagreement, first_disagreement_with, Disagreement, Progress};

use crate::engine::Engine;

/// One change, in words, with its kind: `+` added, `-` removed, `~` changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub mark: char,
    pub text: String,
}

/// Every rule change between `old` and `new`, in a fixed order: board and zones, game rules, end rules, pieces
/// (each in words), then every other field of the games' data views that differs ([`crate::describe`]).
pub fn rule_changes(old: &Engine, new: &Engine) -> Vec<Change> {
    let mut out = rules::changes(&old.game, &new.game);
    data::changes(&mut out, old, new);
    out
}

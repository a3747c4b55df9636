//! Burning (`burns "AREA" [spare ID…] [passive]`, Tenjiku Shogi's Fire Demon): what a piece does to the enemy
//! pieces around it after it moves, and to those that stop beside it. The executor's part is
//! `engine/rules/burn.rs`.

/// Most squares a burning area may hold: the burned pieces of one move go on the executor's undo stack, counted
/// in a byte (docs/limits.md).
pub const MAX_BURN_AREA: usize = 64;

/// A piece's burning: its area, the types it spares, and whether it burns passively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Burn {
    /// The area as the file writes it (XBetza leaps, e.g. `K`).
    pub area: String,
    /// Per side (index = [`super::Side::index`]): the area's vectors (files, ranks) from the burner's square,
    /// turned for that side as its moves are; at most [`MAX_BURN_AREA`], each once.
    pub offsets: [Vec<(i32, i32)>; 2],
    /// Per piece type (index = [`super::PieceId`]): never burned by this piece (`spare`).
    pub spared: Vec<bool>,
    /// `passive`: an enemy piece that ends its move in the area, seen from where this piece stands, is removed.
    pub passive: bool,
}

impl Burn {
    /// Is the vector (files, ranks) from a burner of `side` to a square inside its area?
    #[inline]
    pub fn covers(&self, side: super::Side, delta: (i32, i32)) -> bool {
        self.offsets[side.index()].contains(&delta)
    }
}

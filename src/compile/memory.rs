//! The memory guard: an estimate of the tables a game needs (the move graph's rays and the engine's per-square,
//! per-piece tables), checked against [`MAX_TABLE_BYTES`] before they are allocated, so that a game too large for
//! memory is refused with a located error instead of aborting the process on a failed allocation.
//!
//! Every limit on its own (36x36 squares, 1,024 piece types, 16 million ray squares per type) can be met while their
//! product is gigabytes; this is the one check on the product. The figures follow the tables as
//! [`crate::engine::Engine::new`] builds them: keep them in step when a table is added or grows.

use super::Diags;
use crate::diag::Span;
use crate::engine::attack_class::ClassFinder;
use crate::engine::tables::capture_positions;
use crate::rules::{Game, PieceType, Ray, Square, SquareSet, StepRule};
use std::mem::size_of;

/// The most the compiled game and the engine's tables may take together (docs/limits.md).
pub const MAX_TABLE_BYTES: u64 = 1 << 30;

/// Words of a square bit set on a board of `squares` squares (`Engine::words`).
fn words(squares: u64) -> u64 {
    squares.div_ceil(64)
}

/// The bytes of the tables whose size follows from the board and the number of piece types alone, with every type
/// its own attack class (an upper bound, before any move is built): [`type_table_bytes`] and
/// [`class_table_bytes`].
pub fn fixed_table_bytes(squares: u64, pieces: u64) -> u64 {
    type_table_bytes(squares, pieces) + class_table_bytes(squares, pieces)
}

/// The bytes of the tables kept per side, square and piece type: the Zobrist keys, the move graph's ray slices
/// and, for the types that may reset the move-limit counter, the squares their quiet moves reach (counted for every
/// type: an upper bound); and the per-side, per-square and hand tables.
pub fn type_table_bytes(squares: u64, pieces: u64) -> u64 {
    let per_slot = 8 // Zobrist board keys
        + 8 // the piece's RaySlice in the move graph
        + size_of::<SquareSet>() as u64; // quiet_reach
    2 * squares * pieces * per_slot
        + 2 * squares * 8 // reaching
        + 2 * pieces * 64 * 8 // Zobrist hand keys
        + pieces * 2 // attack classes
}

/// The bytes of the reverse attack tables kept per side, square and attack class (types with the same capturing
/// rays share one, `engine::attack_class::ClassFinder`): the capture origins (a bit set of the board), the entry
/// ranges, and while they are built, a count and a cursor per slot.
pub fn class_table_bytes(squares: u64, classes: u64) -> u64 {
    let per_slot = words(squares) * 8 // capture_origins
        + 8 // entry_ranges: (u32, u32)
        + 8; // the count, then the cursor, of each slot while the entries are written
    2 * squares * classes * per_slot
}

/// The bytes one stored ray square costs in the game: its square and its step rule. Contents are stored once
/// (`compile::pieces::ray_store`), so only distinct ones count.
const BYTES_PER_RAY_SQUARE: u64 = (size_of::<Square>() + size_of::<StepRule>()) as u64;

/// The bytes of one reverse attack entry (`engine::tables::AttackEntry`): written in place, with no list beside.
const BYTES_PER_ATTACK_ENTRY: u64 = 8;

/// The rays' share of the game and of the engine built from it.
#[derive(Default)]
pub struct RayCount {
    pub rays: u64,
    /// The ray squares stored (distinct contents).
    pub squares: u64,
    /// The positions along the rays of each attack class's first type where a royal piece could be captured: one
    /// attack entry each ([`capture_positions`]; counted whether or not the game has a royal piece: an upper
    /// bound).
    pub capture_positions: u64,
    /// The attack classes found so far.
    pub classes: u64,
    finder: ClassFinder,
}

impl RayCount {
    /// Counts the piece type `p` in: its rays are `rays[first_ray..]` (each type's rays follow the last's), the
    /// stored squares and step rules are `squares` long and `rules`; a type of a new attack class adds its class's
    /// tables and entries, one that captures as an earlier type adds none.
    pub fn add_piece(
        &mut self,
        p: usize,
        pieces: &[PieceType],
        rays: &[Ray],
        squares: usize,
        rules: &[StepRule],
    ) {
        let first_ray = self.rays as usize;
        self.rays = rays.len() as u64;
        self.squares = squares as u64;
        if self.finder.class_of(p, pieces, rays, rules).1 {
            self.classes += 1;
            for ray in &rays[first_ray..] {
                let range = ray.first as usize..ray.first as usize + ray.len as usize;
                self.capture_positions += capture_positions(ray, &rules[range]).count() as u64;
            }
        }
    }

    /// Counts in a piece type whose rays are a copy of an earlier type's (`compile::pieces::graph::share`): its
    /// capturing rays are that type's, so it is of that type's attack class and adds no class and no entries. Its
    /// rays are `rays` long in all, the stored squares `squares`. (Asking [`ClassFinder::class_of`] would walk
    /// its rays and the earlier type's in full to find what is known: 7 % of `tatsu check taikyoku-shogi`.)
    pub fn add_copy(&mut self, rays: usize, squares: usize) {
        self.rays = rays as u64;
        self.squares = squares as u64;
    }

    /// The bytes of the rays, the squares stored and the attack entries (not the classes' per-slot tables).
    pub fn bytes(&self) -> u64 {
        self.rays * size_of::<Ray>() as u64
            + self.squares * BYTES_PER_RAY_SQUARE
            + self.capture_positions * BYTES_PER_ATTACK_ENTRY
    }
}

/// The estimate for a compiled game: what the guard checked, with every type's rays counted.
pub fn table_bytes(game: &Game) -> u64 {
    let squares = game.geometry.squares() as u64;
    let mut count = RayCount::default();
    for (p, piece) in game.pieces.iter().enumerate() {
        // Each type's rays are those after the last type's: up to the end of its last slice.
        let end = piece
            .graph
            .iter()
            .map(|slice| slice.start + slice.len)
            .max();
        let end = end.unwrap_or(0).max(count.rays as u32) as usize;
        let rays = &game.rays[..end];
        count.add_piece(
            p,
            &game.pieces,
            rays,
            game.ray_squares.len(),
            &game.ray_rules,
        );
    }
    type_table_bytes(squares, game.pieces.len() as u64)
        + class_table_bytes(squares, count.classes)
        + count.bytes()
}

/// What the move graph's builder needs to keep the whole game under [`MAX_TABLE_BYTES`].
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The board's squares.
    pub squares: u64,
    /// The piece types, promoted forms and shadows included.
    pub pieces: u64,
    /// Where a refusal points: the `board` statement (or the file's start).
    pub span: Span,
}

impl Budget {
    /// After `built` of the [`Budget::pieces`] piece types have their rays (`rays`): is the game over the limit?
    /// Then it is reported with an estimate projected from them, and the builder stops.
    pub fn over(&self, built: u64, rays: &RayCount, d: &mut Diags) -> bool {
        let per_type = type_table_bytes(self.squares, self.pieces);
        let grown = class_table_bytes(self.squares, rays.classes) + rays.bytes();
        if per_type + grown <= MAX_TABLE_BYTES {
            return false;
        }
        let built = built.max(1);
        let projected = per_type + grown / built * self.pieces;
        refuse(
            d,
            self.span,
            projected,
            &format!(
                "estimated from the rays of its first {built} of {} piece types",
                self.pieces
            ),
        );
        true
    }
}

/// Reports a game whose tables would take `bytes`, more than [`MAX_TABLE_BYTES`].
pub fn refuse(d: &mut Diags, span: Span, bytes: u64, how: &str) {
    d.error(
        span,
        format!(
            "the engine's tables for this game would take about {}; the limit is {} (docs/limits.md)",
            human_bytes(bytes),
            human_bytes(MAX_TABLE_BYTES)
        ),
    )
    .note(format!("{how}; use a smaller board, fewer piece types or pieces with shorter moves"));
}

/// `bytes` in the largest binary unit that keeps a whole number before the point: `3.1 GiB`, `512 MiB`.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 || value.fract() == 0.0 {
        format!("{value:.0} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_bytes_names_the_largest_unit() {
        assert_eq!(human_bytes(1 << 30), "1 GiB");
        assert_eq!(human_bytes(3_328_599_654), "3.1 GiB");
        assert_eq!(human_bytes(512), "512 bytes");
    }

    #[test]
    fn fixed_tables_grow_with_squares_and_pieces() {
        let chess = fixed_table_bytes(64, 6);
        assert!(chess < 1 << 20, "chess: {chess}");
        assert!(fixed_table_bytes(1296, 1023) > chess * 1000);
    }
}

//! The game's rules around the moves: castling (pass 5), gating, passing, walls, and the `end` block with its
//! counting, material and royalty rules (pass 7).

pub(super) mod castling;
mod castling_text;
mod counting;
pub(super) mod end;
mod fixed_castling;
pub(super) mod gating;
mod material;
pub(super) mod passing;
mod royalty;
pub(super) mod walls;

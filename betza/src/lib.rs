//! # betza — XBetza, the extended Betza notation of chess-variant pieces
//!
//! The pipeline is `text → parse → Betza (spanned syntax tree) → resolve → Resolved → expand → Vec<Path>`:
//! - [`parse`] reads a string strictly, with a pest grammar, and returns a [`Betza`] or every [`BetzaError`] found;
//! - `Display` on [`Betza`] prints the canonical form, and `parse(&b.to_string()) == Ok(b)` (modulo spans);
//! - [`Betza::resolve`] checks every component and reduces it to direction slots, modes and ranges once
//!   ([`Resolved`], independent of the player), refusing what would pass a limit of [`limits`];
//! - [`Resolved::expand`] (or [`Betza::expand`], both steps at once) turns it into geometric [`Path`]s for one
//!   player's [`Facing`]: pure geometry plus modality, with no board state. The variant compiler builds its
//!   move-rule graph from them.
//!
//! - [`describe::describe`] gives one line of plain English per component, and
//!   [`diagram::destinations`] / [`diagram::render`] the destinations on an empty board (used by `tatsu betza`);
//! - [`fsf::fsf_differences`] the components, or the whole string, that Fairy-Stockfish reads differently (used
//!   by `tatsu check`).
//!
//! Additions to the original API skeleton: `ErrorKind::{TrailingJunk, Unsupported}`, `BetzaError::render`,
//! `Betza::validate`, span-insensitive `PartialEq`/`Eq` on the tree, `Range::normalized`,
//! `Atom/Direction/Modifier::{letter, from_letter}`, `Modifier::{CANONICAL, rank}`, `LegSpec::has`,
//! `Component::initial_only`, `Facing::apply`, `Mode::intersects`, and the `describe` and `diagram` modules.
//!
//! See `README.md` beside this crate for the notation it accepts.

mod ast;
mod bracket;
mod error;
mod expand;
pub mod limits;
mod parse;

pub use ast::{Atom, Betza, Component, Direction, LegSpec, Modifier, Range, Repeat, Span};
pub use error::{BetzaError, ErrorKind};
pub use expand::{Facing, Leg, Mode, Path, Resolved};
pub use parse::parse;

pub mod describe;
pub mod diagram;
pub mod fsf;

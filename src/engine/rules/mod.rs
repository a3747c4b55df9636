//! The executor's per-rule parts: each module serves one family of rules of the compiled game, and games without
//! that rule never reach it beyond a flag or an empty table (see `engine::flags`). The core around them (position,
//! make/unmake, generation, legality, attack tables, hashing) lives in `engine` itself.
//!
//! - `promote`: the promotions a board move may or must make (`promote` lines);
//! - `standing`: promotion as a move of its own (`promote … on standing`);
//! - `gating`: pieces gated in from hand (`gating`);
//! - `walls`: walls and the duck (`walls`);
//! - `counting`: the makruk family's counting rules (`counting`);
//! - `royalty`: several royal pieces a side (`royals`);
//! - `restrict`: restrictions that judge the legal moves as a whole (compulsory capture);
//! - `trading`: the rules against trading pieces of a set (`no-capture-of-protected`, `no-counter-strike`);
//! - `unprotected`: pieces that take unprotected pieces only (`captures-unprotected-only`);
//! - `burn`: pieces removed around a burner after a move (`burns`, Tenjiku Shogi's Fire Demon);
//! - `range_capture`: slides that pass over pieces of lower rank (`jumps-lower`, `rank-order`);
//! - `bystander`: legality of the moves that touch nothing a hopper's or a rule's verdict reads.

pub(super) mod burn;
pub(super) mod bystander;
pub(super) mod counting;
pub(super) mod gating;
pub(super) mod promote;
pub(super) mod range_capture;
pub(super) mod restrict;
pub(super) mod royalty;
pub(super) mod standing;
pub(super) mod trading;
pub(super) mod unprotected;
pub(super) mod walls;

//! One test per rule fact of RULES.md, grouped by game and named after the rule it checks.
//! Every expected number or move list is the one RULES.md gives (hand-counted and confirmed by independent
//! move generators there); none comes from this program's output.
mod chu_shogi;
pub(crate) mod common;
mod dai_ryu_shogi;
mod euroshogi;
mod heian_ryu_shogi;
mod ryu_shogi;
mod ryugi;

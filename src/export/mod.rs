//! Export a compiled game to another engine's format (`tatsu export VARIANT --to fsf`, docs/export.md).
//!
//! An exporter says everything the target can say and lists what it cannot. Without `lossy` any such rule refuses
//! the export; with it, the definition is written without those rules and names each in a comment. Some limits
//! (a board larger than the target's) refuse the export either way.
mod fsf;
mod sjaak;

pub use fsf::to_fsf;
pub use sjaak::to_sjaak;

/// A written definition and the rules it had to leave out (empty unless the export was lossy).
#[derive(Clone, Debug)]
pub struct Exported {
    pub text: String,
    pub dropped: Vec<String>,
}

/// Why a game was not exported: every rule the target cannot express, and whether `lossy` could still write it.
#[derive(Clone, Debug)]
pub struct Refusal {
    pub target: &'static str,
    /// Rules the target cannot say, which a lossy export leaves out.
    pub inexpressible: Vec<String>,
    /// Problems no export can get round (the board is too large for the target).
    pub fatal: Vec<String>,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{} cannot express this game:", self.target)?;
        for p in self.fatal.iter().chain(&self.inexpressible) {
            writeln!(f, "  - {p}")?;
        }
        if self.fatal.is_empty() {
            write!(
                f,
                "(--lossy writes it anyway, without these rules, each named in a comment)"
            )
        } else {
            write!(
                f,
                "(not even a lossy export can get round the first of these)"
            )
        }
    }
}

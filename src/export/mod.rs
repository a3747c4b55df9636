//! Export a compiled game to another engine's format (`tatsu export VARIANT --to fsf`, docs/export.md), or to
//! an Interactive Diagram page for chessvariants.com.
//!
//! An exporter says everything the target can say and lists what it cannot. Without `lossy` any such rule refuses
//! the export; with it, the definition is written without those rules and names each in a comment. Some limits
//! (a board larger than the target's) refuse the export either way.
pub mod diagram;
mod fsf;
mod rules;
mod sjaak;

pub use diagram::to_diagram;
pub use fsf::to_fsf;
pub use sjaak::to_sjaak;

/// Does a piece promote `on standing` (sittuyin's promotion)? No exporter writes such a line: each leaves it out
/// and names it.
fn has_standing_promotion(game: &crate::rules::Game) -> bool {
    game.pieces
        .iter()
        .flat_map(|p| &p.promotions)
        .any(|line| line.trigger == crate::rules::PromotionTrigger::Standing)
}

/// The promotion line an exporter writes for a piece: its first, unless that is an `on standing` line, which no
/// exporter writes (named by [`rules::not_written`]; a piece with one has no other line).
fn written_promotion(p: &crate::rules::PieceType) -> Option<&crate::rules::Promotion> {
    p.promotions
        .first()
        .filter(|line| line.trigger != crate::rules::PromotionTrigger::Standing)
}

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

/// What an exporter found: the definition it wrote, the rules the target cannot say, and what no export gets round.
pub(crate) struct Draft {
    pub target: &'static str,
    pub body: String,
    pub lossy: Vec<String>,
    pub fatal: Vec<String>,
}

impl Draft {
    /// The export, with a header and one `# dropped` comment per rule left out, or the refusal: always when
    /// something is fatal, and when rules would be left out unless `lossy`.
    pub(crate) fn finish(
        self,
        game: &crate::rules::Game,
        lossy: bool,
    ) -> Result<Exported, Refusal> {
        if !self.fatal.is_empty() || (!self.lossy.is_empty() && !lossy) {
            return Err(Refusal {
                target: self.target,
                inexpressible: self.lossy,
                fatal: self.fatal,
            });
        }
        let mut text = format!(
            "# {} ({}), exported by tatsu for {}\n",
            game.title, game.name, self.target
        );
        for d in &self.lossy {
            text += &format!("# dropped ({} cannot say it): {d}\n", self.target);
        }
        text += &self.body;
        Ok(Exported {
            text,
            dropped: self.lossy,
        })
    }
}

/// What a piece's promotion says beyond one `promote` line for both sides without a material limit, which is all
/// the exporters write: `None` if nothing.
fn promotion_beyond_one_line(p: &crate::rules::PieceType) -> Option<&'static str> {
    let first = written_promotion(p)?;
    if p.promotions.len() > 1 {
        Some("has several `promote` lines")
    } else if first.side.is_some() {
        Some("promotes for one side only")
    } else if first.limits.is_some() {
        Some("promotes limited by material")
    } else {
        None
    }
}

/// Whether the moves are the same mirrored left to right (then mirroring and rotating Black's moves agree):
/// every path, all its legs, flipped file-wise is a path of the piece.
fn mirror_symmetric(b: &betza::Betza) -> bool {
    /// A leg as compared: its step, range and mode bits.
    type LegShape = ((i32, i32), Option<u32>, u16);
    let paths = |flip: bool| -> Vec<Vec<LegShape>> {
        let mut v: Vec<_> = b
            .expand(betza::Facing::First)
            .iter()
            .map(|p| {
                p.legs
                    .iter()
                    .map(|l| {
                        let files = if flip { -l.step.0 } else { l.step.0 };
                        ((files, l.step.1), l.max, l.mode.0)
                    })
                    .collect()
            })
            .collect();
        v.sort();
        v.dedup();
        v
    };
    paths(false) == paths(true)
}

/// A piece's move sets by zone as an exporter's lossy note names them: `"fW" in camp, "K" elsewhere`.
pub(crate) fn zoned_moves_text(
    game: &crate::rules::Game,
    sets: &[&crate::rules::MoveSet],
) -> String {
    sets.iter()
        .map(|s| match s.zone {
            Some(z) => format!("\"{}\" in {}", s.betza, game.zone(z).name),
            None => format!("\"{}\" elsewhere", s.betza),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

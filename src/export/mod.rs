//! Export a compiled game to another engine's format (`tatsu export VARIANT --to fsf`, docs/export.md), or to
//! an Interactive Diagram page for chessvariants.com.
//!
//! An exporter says everything the target can say and lists what it cannot. Without `lossy` any such rule refuses
//! the export; with it, the definition is written without those rules and names each in a comment. Some limits
//! (a board larger than the target's) refuse the export either way.
pub mod diagram;
mod fsf;
mod sjaak;

pub use diagram::to_diagram;
pub use fsf::to_fsf;
pub use sjaak::to_sjaak;

/// The lossy notes for every rule an exporter does not write: those of `own` (the exporter's list of `(present,
/// rule)`) that are present, then those neither exporter writes ([`unwritten_restrictions`]).
fn not_written(game: &crate::rules::Game, own: &[(bool, &'static str)]) -> Vec<String> {
    own.iter()
        .filter(|(present, _)| *present)
        .map(|&(_, rule)| rule)
        .chain(unwritten_restrictions(game))
        .map(|rule| format!("{rule}: not written by this exporter yet"))
        .collect()
}

/// The rules neither Fairy-Stockfish's nor Sjaak II's exporter writes yet (confinement, capture and hop
/// restrictions, passing and janggi's and shatar's end rules), named so that no exporter drops them silently.
fn unwritten_restrictions(game: &crate::rules::Game) -> Vec<&'static str> {
    use crate::rules::PromotionTrigger;
    let end = &game.end;
    let pieces = &game.pieces;
    [
        (end.facing_royals_illegal, "`facing-royals illegal`"),
        (game.pass_allowed, "`pass allowed`"),
        (end.facing_royals_must_break, "`facing-royals must-break`"),
        (end.double_pass_draws, "`double-pass draws`"),
        (
            has_standing_promotion(game),
            "promotion `on standing` (a move of its own, in place or by a step; the piece is written without it)",
        ),
        (end.only_promotions_draw, "`only-promotions draws`"),
        (
            !end.checkmate_by_only_loses.is_empty() || !end.checkmate_needs_check_by.is_empty(),
            "shatar's mate rules",
        ),
        (end.material_count.is_some(), "`material-count`"),
        (
            pieces.iter().any(|p| p.confined.is_some()),
            "`confined to` (the pieces' moves are written unconfined)",
        ),
        (
            game.move_sets.iter().any(|s| s.within.is_some()),
            "`moves … within` (the lines are written unconfined)",
        ),
        (
            pieces.iter().any(|p| !p.may_not_capture.is_empty()),
            "`may-not-capture`",
        ),
        (
            pieces.iter().any(|p| !p.may_not_hop_over.is_empty()),
            "`may-not-hop-over`",
        ),
        (
            game.protected_capture.is_some(),
            "`no-capture-of-protected`",
        ),
        (game.counter_strike.is_some(), "`no-counter-strike`"),
        (
            pieces.iter().flat_map(|p| &p.promotions).any(|line| {
                matches!(
                    line.trigger,
                    PromotionTrigger::Entering
                        | PromotionTrigger::Capture
                        | PromotionTrigger::CaptureTouching
                )
            }),
            "promotion `on entering`, `on capture` or `on capture-touching` (written as promotion on any move that starts or ends in the zone)",
        ),
    ]
    .into_iter()
    .filter(|(present, _)| *present)
    .map(|(_, rule)| rule)
    .collect()
}

/// Does a piece promote `on standing` (sittuyin's promotion)? No exporter writes such a line: each leaves it out
/// and names it.
fn has_standing_promotion(game: &crate::rules::Game) -> bool {
    game.pieces
        .iter()
        .flat_map(|p| &p.promotions)
        .any(|line| line.trigger == crate::rules::PromotionTrigger::Standing)
}

/// The promotion line an exporter writes for a piece: its first, unless that is an `on standing` line, which no
/// exporter writes (named by [`not_written`]; a piece with one has no other line).
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

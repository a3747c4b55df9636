//! The options of a piece's `drop` item: the per-file limit (nifu), no drop mate, either form, royal drops,
//! opposite colours, and zones closed to the piece's drops. Called by [`super`] for each `drop` item.
use super::PieceInfo;
use crate::compile::board::zones::ZoneTable;
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::DropOption;

/// A piece's `drop` options: nifu, no drop mate, zones closed to its drops.
pub(super) fn drop_options(
    info: &mut PieceInfo,
    opts: &[DropOption],
    zones: &mut ZoneTable,
    d: &mut Diags,
) {
    for o in opts {
        match o {
            DropOption::OnePerFile(s) => per_file_limit(info, 1, *s, d),
            DropOption::PerFile(n, s) => {
                if n.value == 0 || n.value > MAX_PER_FILE as u32 {
                    d.error(
                        n.span,
                        format!("`at-most {}`: the limit per file is 1 to {MAX_PER_FILE}", n.value),
                    )
                    .note("at most 0 would forbid every drop of the piece: leave it out of the hand instead");
                } else {
                    per_file_limit(info, n.value as u16, *s, d);
                }
            }
            DropOption::NoMate(s) => {
                info.no_drop_mate = true;
                info.drop_span.get_or_insert(*s);
            }
            DropOption::EitherForm(s) => {
                info.drop_either_form = Some(*s);
                info.drop_span.get_or_insert(*s);
            }
            DropOption::Allowed(s) => {
                info.drop_allowed = Some(*s);
                info.drop_span.get_or_insert(*s);
            }
            DropOption::OppositeColours(s) => {
                info.drop_opposite_colours = Some(*s);
                info.drop_span.get_or_insert(*s);
            }
            DropOption::NotIn(z) => {
                info.drop_span.get_or_insert(z.span);
                if let Some(id) = zones.resolve(z, d) {
                    info.drop_forbidden.push(id);
                }
            }
        }
    }
}

/// The largest `at-most N per-file` (a file holds at most 36 squares).
const MAX_PER_FILE: u16 = 36;

/// Records a piece's per-file drop limit; a second, different one is an error at it.
fn per_file_limit(info: &mut PieceInfo, limit: u16, span: Span, d: &mut Diags) {
    match info.per_file {
        Some(old) if old != limit => {
            d.error(
                span,
                format!("a second per-file drop limit ({limit}) for this piece, which already has {old}"),
            );
        }
        _ => info.per_file = Some(limit),
    }
    info.drop_span.get_or_insert(span);
}

//! What several royal pieces of one side mean (`royals all-safe`, `royals last-safe [duple-check]` in the `end`
//! block). A game where a side could have two royal pieces (two royal types, or a promotion to a royal type) must
//! say which; a start position with two royal pieces of one side is refused by `setup::validate` without it.
use crate::compile::header::Header;
use crate::compile::pieces::{PieceInfo, PieceNames};
use crate::compile::Diags;
use crate::dsl::ast::{EndItem, PieceItem, RoyalMeaning};
use crate::rules::Royalty;

pub fn resolve_royalty(
    head: &Header,
    names: &PieceNames,
    infos: &[PieceInfo],
    d: &mut Diags,
) -> Royalty {
    let mut royalty = Royalty::One;
    let mut first = None;
    for item in head.end.iter().flatten() {
        let EndItem::Royals {
            keyword,
            meaning,
            duple_check,
        } = item
        else {
            continue;
        };
        if let Some(at) = first {
            d.error(*keyword, "`royals` is given twice")
                .label(at, "first given here");
            continue;
        }
        first = Some(*keyword);
        royalty = match (meaning.value, duple_check) {
            (RoyalMeaning::AllSafe, Some(span)) => {
                d.error(
                    *span,
                    "`duple-check` goes with `royals last-safe`: with `all-safe` a single attacked royal piece is check already",
                );
                Royalty::AllSafe
            }
            (RoyalMeaning::AllSafe, None) => Royalty::AllSafe,
            (RoyalMeaning::LastSafe, duple) => Royalty::LastSafe {
                duple_check: duple.is_some(),
            },
        };
    }
    if royalty == Royalty::One {
        require_meaning(names, infos, d);
    }
    royalty
}

/// Without `royals`, a second royal type or a promotion to a royal type is an error at its text.
fn require_meaning(names: &PieceNames, infos: &[PieceInfo], d: &mut Diags) {
    let note = "say what several royal pieces of one side mean: `royals all-safe` (each must be kept safe) or \
                `royals last-safe` (only the last one) in the `end` block";
    let royal_spans = names.decls.iter().filter_map(|decl| {
        decl.items.iter().find_map(|i| match i {
            PieceItem::Royal(span) => Some((span, &decl.id.value)),
            _ => None,
        })
    });
    let mut first_royal = None;
    for (span, id) in royal_spans {
        match first_royal {
            None => first_royal = Some((span, id)),
            Some((at, first)) => {
                d.error(
                    *span,
                    format!("a second royal piece type (`{id}`, after `{first}`)"),
                )
                .label(*at, "first royal type")
                .note(note);
            }
        }
    }
    for span in infos.iter().flat_map(|i| &i.royal_promotions) {
        d.error(
            *span,
            "a promotion to a royal piece type gives a side a second royal piece",
        )
        .note(note);
    }
}

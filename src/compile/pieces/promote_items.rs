//! The items of a `promote` line that need more than a lookup: its choices, `limited to N`, the options of an
//! `on standing` line and the rule that such a line is a piece's only one. Called by [`super`].
use super::{PieceNames, Promote};
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::{self, Name, PieceItem};
use crate::rules::{PieceId, PromotionTrigger, StandingRules};

/// The options of an `on standing` line. `anywhere-if-last`, `not-attacking` and `not-checking` belong to that
/// trigger (errors at the word elsewhere), and a standing promotion is a move of its own, so it cannot be
/// `mandatory` (an error at the word).
pub(super) fn standing_rules(
    trigger: PromotionTrigger,
    mandatory: Option<&ast::Spanned<bool>>,
    options: [Option<Span>; 3],
    d: &mut Diags,
) -> StandingRules {
    let [anywhere_if_last, not_attacking, not_checking] = options;
    if trigger != PromotionTrigger::Standing {
        let names = ["anywhere-if-last", "not-attacking", "not-checking"];
        for (at, name) in options.iter().zip(names) {
            if let Some(at) = at {
                d.error(*at, format!("`{name}` without `on standing`"))
                    .note("it is a condition of a promotion made as a move of its own, in place or by a step (`on standing`)");
            }
        }
        return StandingRules::default();
    }
    if let Some(m) = mandatory.filter(|m| m.value) {
        d.error(m.span, "an `on standing` promotion cannot be `mandatory`")
            .note("it is a move of its own, which the player may choose not to make; leave out `mandatory`");
    }
    StandingRules {
        anywhere_if_last: anywhere_if_last.is_some(),
        not_attacking: not_attacking.is_some(),
        not_checking: not_checking.is_some(),
    }
}

/// `limited to N`: N from 1 to 65,535 (a side has at most 65,535 pieces); 0 could never promote.
pub(super) fn material_limit(n: &ast::Spanned<u32>, d: &mut Diags) -> Option<u16> {
    match u16::try_from(n.value) {
        Ok(0) => {
            d.error(n.span, "`limited to 0`: no promotion could ever be made")
                .note("the choice is open while the side has fewer than N of it on the board; give 1 or more");
            None
        }
        Ok(v) => Some(v),
        Err(_) => {
            d.error(n.span, "a material limit above 65535")
                .note("a position holds at most 65,535 pieces");
            None
        }
    }
}

/// A piece that promotes `on standing` has no other `promote` line: its promoting moves are then exactly its
/// standing promotions, which is how legality tells them apart. An error at the second line's keyword.
pub(super) fn standing_clash(
    earlier: &[Promote],
    trigger: PromotionTrigger,
    keyword: Span,
    d: &mut Diags,
) -> bool {
    let standing = |t: PromotionTrigger| t == PromotionTrigger::Standing;
    let Some(first) = earlier.first() else {
        return false;
    };
    if !standing(trigger) && !earlier.iter().any(|p| standing(p.trigger)) {
        return false;
    }
    d.error(
        keyword,
        "a piece that promotes `on standing` has no other `promote` line",
    )
    .note("a standing promotion is a move of its own; give the piece one `promote … on standing` line")
    .label(first.keyword, "its first `promote` line");
    true
}

/// The pieces a `promote to` line lists, each once, and where each is written; the royal ones are also noted in
/// `royal`.
pub(super) fn promotion_choices(
    to: &[Name],
    names: &PieceNames,
    royal: &mut Vec<Span>,
    d: &mut Diags,
) -> (Vec<PieceId>, Vec<Span>) {
    let mut choices = Vec::new();
    let mut spans = Vec::new();
    for t in to {
        let Some(id) = names.resolve(t, d) else {
            continue;
        };
        if choices.contains(&id) {
            d.error(t.span, format!("`{}` is listed twice", t.value));
        } else {
            if names.decls[id.index()]
                .items
                .iter()
                .any(|i| matches!(i, PieceItem::Royal(_)))
            {
                royal.push(t.span);
            }
            choices.push(id);
            spans.push(t.span);
        }
    }
    (choices, spans)
}

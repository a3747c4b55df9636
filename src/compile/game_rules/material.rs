//! `material-count ID N, … [bonus white|black X]` → [`MaterialCount`]: janggi's scoring of draws by rule.
use crate::compile::diags::Diags;
use crate::compile::pieces::PieceNames;
use crate::dsl::ast::{Name, Spanned};
use crate::rules::MaterialCount;

/// The largest value a piece (or the bonus) may be given: totals stay far from overflow with any board.
const MAX_VALUE: u32 = 10_000;

pub fn resolve_material_count(
    values: &[(Name, Spanned<u32>)],
    bonus: &Option<(bool, Spanned<String>)>,
    names: &PieceNames,
    d: &mut Diags,
) -> Option<MaterialCount> {
    let mut count = MaterialCount {
        tenths: vec![0; names.decls.len()],
        bonus_tenths: [0, 0],
    };
    let mut listed = vec![false; names.decls.len()];
    let mut ok = true;
    for (name, value) in values {
        if value.value > MAX_VALUE {
            d.error(value.span, format!("a piece value above {MAX_VALUE}"));
            ok = false;
        }
        let Some(id) = names.resolve(name, d) else {
            ok = false;
            continue;
        };
        if std::mem::replace(&mut listed[id.index()], true) {
            d.error(
                name.span,
                format!("`{}` is given a value twice", name.value),
            );
            ok = false;
        }
        count.tenths[id.index()] = value.value.min(MAX_VALUE) * 10;
    }
    if let Some((white, text)) = bonus {
        match tenths(&text.value) {
            Some(t) if t <= MAX_VALUE * 10 => count.bonus_tenths[usize::from(!*white)] = t,
            _ => {
                d.error(
                    text.span,
                    format!(
                        "a bonus is a number up to {MAX_VALUE} with at most one decimal (`1.5`)"
                    ),
                );
                ok = false;
            }
        }
    }
    ok.then_some(count)
}

/// `1.5` → 15; `2` → 20; more than one decimal, or too large: `None`.
fn tenths(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
    if frac.len() != 1 {
        return None;
    }
    whole
        .parse::<u32>()
        .ok()?
        .checked_mul(10)?
        .checked_add(frac.parse().ok()?)
}

//! Repetition: `x(y)zA` unrolled into the plain forms `xzA`, `xyzA`, `xyyzA`, … up to [`MAX_LEGS`] legs, each
//! resolved, with the paths of all of them counted against [`MAX_PATHS`].
use super::resolve::{
    path_count, realisations, resolve, too_many_realisations, unsupported, ResolvedForm,
};
use crate::limits::{MAX_LEGS, MAX_PATHS, MAX_REALISATIONS};
use crate::{BetzaError, Component, ErrorKind, LegSpec, Modifier, Span};

/// `x(y)zA` unrolled into the plain components `xzA`, `xyzA`, `xyyzA`, … up to [`MAX_LEGS`] legs (a
/// component without repetition is returned as it is).
pub(crate) fn unroll(c: &Component) -> Result<Vec<Component>, Vec<BetzaError>> {
    let Some(rep) = &c.repeat else {
        return Ok(vec![c.clone()]);
    };
    let mut errors = Vec::new();
    let bad_i = c.legs.iter().skip(1).chain(&rep.group).chain(&rep.after);
    for leg in bad_i {
        if let Some((_, sp)) = leg.modifiers.iter().find(|(m, _)| *m == Modifier::I) {
            errors.push(
                BetzaError::new(
                    ErrorKind::Other,
                    sp.clone(),
                    "`i` (initial move only) belongs to the whole move",
                )
                .help("put `i` at the start of the move, before `(`"),
            );
        }
    }
    if c.legs.is_empty() || rep.after.is_empty() || rep.group.len() < 2 {
        errors.push(BetzaError::new(
            ErrorKind::Unsupported,
            c.span.clone(),
            "a repeated group without `a` is valid XBetza but tatsu does not support it",
        ));
    }
    // The four places where two parts meet: x|z, x|y, y|y, y|z.
    for (a, b) in [
        (&c.legs, &rep.after),
        (&c.legs, &rep.group),
        (&rep.group, &rep.group),
        (&rep.group, &rep.after),
    ] {
        if let (Some(l), Some(r)) = (a.last(), b.first()) {
            if let Some(e) = junction_error(l, r) {
                errors.push(e);
            }
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.span.start);
        errors.dedup();
        return Err(errors);
    }
    let mut out = Vec::new();
    let mut legs = c.legs.clone();
    loop {
        let whole = concat(&legs, &rep.after);
        if whole.len() > MAX_LEGS {
            break;
        }
        out.push(Component {
            legs: whole,
            atom: c.atom,
            range: c.range,
            span: c.span.clone(),
            repeat: None,
        });
        legs = concat(&legs, &rep.group);
    }
    Ok(out)
}

/// Two parts written next to each other: the last leg of `a` and the first of `b` are one leg.
fn concat(a: &[LegSpec], b: &[LegSpec]) -> Vec<LegSpec> {
    let mut out = a.to_vec();
    let Some((first, rest)) = b.split_first() else {
        return out;
    };
    match out.last_mut() {
        Some(l) => {
            l.directions.extend(first.directions.iter().cloned());
            l.modifiers.extend(first.modifiers.iter().cloned());
            l.modifiers.sort_by_key(|(m, _)| m.rank());
        }
        None => out.push(first.clone()),
    }
    out.extend(rest.iter().cloned());
    out
}

/// Why the leg `l` followed directly by `r` (across a parenthesis) is not one valid leg, if it is not.
fn junction_error(l: &LegSpec, r: &LegSpec) -> Option<BetzaError> {
    let lm: Vec<&(Modifier, Span)> = l
        .modifiers
        .iter()
        .filter(|(m, _)| *m != Modifier::I)
        .collect();
    if let (Some((m, _)), Some((d, sp))) = (lm.first(), r.directions.first()) {
        return Some(
            BetzaError::new(
                ErrorKind::Other,
                sp.clone(),
                format!("repeating the group puts the direction `{}` after the modifier `{}`", d.letter(), m.letter()),
            )
            .help("in one leg, directions come first: move the `a` so that each repeated leg reads directions then modifiers, e.g. `m(af)W`"),
        );
    }
    let dup = r
        .modifiers
        .iter()
        .find(|(m, _)| *m != Modifier::I && lm.iter().any(|(x, _)| x == m))?;
    Some(
        BetzaError::new(
            ErrorKind::Other,
            dup.1.clone(),
            format!(
                "repeating the group repeats the modifier `{}` in one leg",
                dup.0.letter()
            ),
        )
        .help("write it once, on one side of the parenthesis"),
    )
}

/// A component checked and reduced, with `( … )` unrolled: one [`ResolvedForm`] per repetition count.
pub(crate) fn resolve_all(c: &Component) -> Result<Vec<ResolvedForm>, Vec<BetzaError>> {
    let comps = unroll(c)?;
    let too_many = |paths: String| {
        Err(vec![unsupported(
            c.span.clone(),
            &format!("a repetition that, unrolled to {MAX_LEGS} legs (enough for any path on a 36x36 board), expands into {paths} paths"),
            &format!("tatsu supports at most {MAX_PATHS} paths per component; restrict the directions of the repeated legs"),
        )])
    };
    let mut out = Vec::new();
    let mut paths = 0u64;
    // Chains the variant compiler would build from one square (a bent rider's paths are one chain each, bounded
    // by its own geometry).
    let mut ways = 0u64;
    for (k, comp) in comps.iter().enumerate() {
        if comps.len() > 1 && paths > MAX_PATHS {
            return too_many(format!("more than {MAX_PATHS}"));
        }
        // The first unrolled form that fails says why; the longer ones would repeat it.
        let r = resolve(comp)?;
        paths = paths.saturating_add(path_count(&r));
        if r.bend.is_none() {
            ways = ways.saturating_add(path_count(&r).saturating_mul(realisations(&r)));
        }
        if ways > MAX_REALISATIONS {
            return Err(vec![too_many_realisations(c, ways, k + 1 < comps.len())]);
        }
        out.push(r);
    }
    if comps.len() > 1 && paths > MAX_PATHS {
        return too_many(paths.to_string());
    }
    Ok(out)
}

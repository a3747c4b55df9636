//! The Interactive Diagram's bracket notation: `[F?R]`, `[W-B]`, `[cW-W]`.
//!
//! A bracket holds a sequence of simple Betza moves (legs), played one after the other; `-` between two legs
//! says the move goes on, `?` that it may also stop there (H. G. Muller, chessvariants.com, 2024: "separates the
//! enclosed moves by hyphens (if continuation is mandatory) or question marks (if the move could also end
//! there)"). The later legs are read relative to the leg before them: with no direction letters a leg goes
//! *outward*, as straight on as its atom allows (`[F-B]` carries straight on, `[F?R]` turns 45° either way: the
//! griffon); with letters, they are read as if the previous leg had gone forward (`[W-lW]` turns left).
//!
//! Each bracket is rewritten into the crate's own `a` chains (one component per place the move may stop), so
//! that resolution, expansion, `describe` and everything downstream see ordinary components. Only what an `a`
//! chain can say is accepted: the legs share one step length (`W F K R B Q`, or `D A`, or `H G`, or one oblique
//! atom throughout), and a leg's range differs from the one before only where a `y`/`g` toggle can switch it
//! (leaper ↔ rider). Everything else gets an [`ErrorKind::Unsupported`] error on the leg that asks for it.
use crate::expand::{class, direction_slots, Class, SlotSet};
use crate::limits::MAX_BRACKET_FORMS;
use crate::{Atom, BetzaError, Component, Direction, ErrorKind, LegSpec, Modifier, Range, Span};

/// What a bracket starting at `open` reads into: its components or its errors, and the byte where it ends
/// (after its `]`, or the end of the input when it is not closed).
pub(crate) struct Bracket {
    pub components: Result<Vec<Component>, Vec<BetzaError>>,
    pub end: usize,
}

/// One leg of a bracket: the simple move it was read as (spans in the whole input), and whether the move may
/// stop after it (`?` or the end of the bracket).
struct BracketLeg {
    move_: Component,
    may_stop: bool,
}

/// Reads the bracket whose `[` is at byte `open` of `input`.
pub(crate) fn read(input: &str, open: usize) -> Bracket {
    let inner_start = open + 1;
    let mut errors = Vec::new();
    let close = match input[inner_start..].find([']', '[']) {
        Some(k) if input.as_bytes()[inner_start + k] == b']' => inner_start + k,
        found => {
            let (span, message) = match found {
                Some(k) => (
                    inner_start + k..inner_start + k + 1,
                    "a bracket cannot hold another bracket",
                ),
                None => (open..inner_start, "`[` is not closed"),
            };
            errors.push(
                BetzaError::new(ErrorKind::Other, span, message)
                    .help("a bracket holds legs joined by `-` or `?` and ends with `]`: `[F?R]`"),
            );
            let end = input[inner_start..]
                .find(']')
                .map_or(input.len(), |k| inner_start + k + 1);
            return Bracket {
                components: Err(errors),
                end,
            };
        }
    };
    let span = open..close + 1;
    let legs = read_legs(input, inner_start, close, &mut errors);
    if !errors.is_empty() {
        return Bracket {
            components: Err(errors),
            end: close + 1,
        };
    }
    let mut components = Vec::new();
    for (k, leg) in legs.iter().enumerate() {
        if leg.may_stop {
            match chain(&legs[..=k], &span) {
                Ok(mut forms) => components.append(&mut forms),
                Err(mut es) => errors.append(&mut es),
            }
        }
    }
    errors.sort_by_key(|e| e.span.start);
    errors.dedup();
    Bracket {
        components: if errors.is_empty() {
            Ok(components)
        } else {
            Err(errors)
        },
        end: close + 1,
    }
}

/// Splits the text between the brackets at `-` and `?` and reads each piece as one simple move.
fn read_legs(
    input: &str,
    start: usize,
    close: usize,
    errors: &mut Vec<BetzaError>,
) -> Vec<BracketLeg> {
    let inner = &input[start..close];
    if inner.is_empty() {
        errors.push(
            BetzaError::new(
                ErrorKind::Empty,
                start - 1..close + 1,
                "the bracket is empty",
            )
            .help("write the legs of the move inside, joined by `-` or `?`: `[F?R]`"),
        );
        return Vec::new();
    }
    let mut legs = Vec::new();
    let mut leg_start = start;
    for (k, c) in inner.char_indices().chain([(inner.len(), ']')]) {
        let at = start + k;
        match c {
            '-' | '?' | ']' => {
                if at == leg_start {
                    let what = if c == ']' {
                        "the bracket ends with an empty leg".to_string()
                    } else {
                        format!("`{c}` joins an empty leg")
                    };
                    errors.push(
                        BetzaError::new(ErrorKind::Empty, at..at + 1, what)
                            .help("every leg is a simple move with an atom: `[F?R]`"),
                    );
                } else if let Some(move_) = read_leg(input, leg_start..at, errors) {
                    legs.push(BracketLeg {
                        move_,
                        may_stop: c != '-',
                    });
                }
                leg_start = at + c.len_utf8();
            }
            c if c.is_ascii_alphanumeric() => {}
            c => errors.push(
                BetzaError::new(
                    ErrorKind::UnknownLetter,
                    at..at + c.len_utf8(),
                    format!("`{c}` is not a bracket operator"),
                )
                .help("legs are joined by `-` (the move goes on) or `?` (the move may also stop here)"),
            ),
        }
    }
    legs
}

/// One leg's text (byte range `at` of `input`) read as a simple move: directions, modifiers, one atom, a range.
fn read_leg(input: &str, at: Span, errors: &mut Vec<BetzaError>) -> Option<Component> {
    let text = &input[at.clone()];
    if errors.iter().any(|e| e.span.start >= at.start) {
        return None;
    }
    let mut betza = match crate::parse::parse_unchecked(text) {
        Ok(b) => b,
        Err(es) => {
            errors.extend(es.into_iter().map(|e| shifted_error(e, at.start)));
            return None;
        }
    };
    for c in &mut betza.components {
        shift(c, at.start);
    }
    let mut components = betza.components.into_iter();
    let first = components.next()?;
    if let Some(second) = components.next() {
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                second.span.clone(),
                "a leg in a bracket has one atom",
            )
            .help(format!(
                "join the legs with `-` or `?`: `{}-{}`",
                &input[first.span.clone()],
                &input[second.span.clone()]
            )),
        );
        return None;
    }
    let (what, help) = match first.atom {
        _ if first.legs.len() > 1 || first.repeat.is_some() => (
            "`a` or `( )` inside a bracket",
            "inside brackets the legs are joined by `-` or `?`",
        ),
        Atom::O(_) => (
            "castling inside a bracket",
            "write castling as `O2` outside brackets",
        ),
        Atom::U => (
            "the universal leaper inside a bracket",
            "write `U` outside brackets",
        ),
        _ => return Some(first),
    };
    errors.push(
        BetzaError::new(
            ErrorKind::Unsupported,
            at,
            format!("{what} is not supported"),
        )
        .help(help),
    );
    None
}

fn shifted_error(mut e: BetzaError, by: usize) -> BetzaError {
    e.span = e.span.start + by..e.span.end + by;
    e
}

/// Moves every span of a component read from a slice of the input to its place in the whole input.
fn shift(c: &mut Component, by: usize) {
    let sh = |s: &mut Span| *s = s.start + by..s.end + by;
    sh(&mut c.span);
    for leg in &mut c.legs {
        leg.directions.iter_mut().for_each(|(_, s)| sh(s));
        leg.modifiers.iter_mut().for_each(|(_, s)| sh(s));
    }
}

/// The range a leg's atom goes, as the resolver counts it: `Some(n)` steps, or `None` for unlimited.
fn leg_range(c: &Component) -> Option<u32> {
    match c.range.normalized(c.atom) {
        Range::Leap => Some(1),
        Range::Limited(n) => Some(n),
        Range::Unlimited => None,
    }
}

/// The parity of a leg's direction slots (even: orthogonal, odd: diagonal), when its atom fixes it.
fn parity(atom: Atom) -> Option<usize> {
    match class(atom) {
        Class::Orth => Some(0),
        Class::Diag => Some(1),
        _ => None,
    }
}

/// The legs of a bracket up to a place where the move may stop, as `a` chains over the first leg's atom (more
/// than one when a leg's directions cannot be spelled in one group of letters).
fn chain(legs: &[BracketLeg], span: &Span) -> Result<Vec<Component>, Vec<BetzaError>> {
    let first = &legs[0].move_;
    let mut errors = Vec::new();
    // Each alternative is the list of legs of one `a` chain.
    let mut forms: Vec<Vec<LegSpec>> = vec![vec![first.legs[0].clone()]];
    let mut range = RangeState::new(first);
    for pair in legs.windows(2) {
        let (prev, leg) = (&pair[0].move_, &pair[1].move_);
        if let Err(e) = same_shape(first.atom, leg) {
            errors.push(e);
            continue;
        }
        let toggle = match range.step_to(leg_range(leg)) {
            Some(t) => t,
            None => {
                errors.push(unsupported(
                    leg.span.clone(),
                    "a leg whose range cannot follow the leg before it",
                    "an `a` chain switches between one step and unlimited (`W` ↔ `R`) after a leg that moves to an empty square or hops; other ranges must be the same in every leg",
                ));
                continue;
            }
        };
        let spellings = match continuation_spellings(first.atom, prev, leg) {
            Ok(s) => s,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if let Some(e) = initial_in_later_leg(leg) {
            errors.push(e);
        }
        let mut next = Vec::new();
        for form in &forms {
            for dirs in &spellings {
                let mut legs = form.clone();
                if toggle {
                    if let Err(e) = add_toggle(legs.last_mut().expect("a chain has a leg"), prev) {
                        errors.push(e);
                    }
                }
                let mut spec = leg.legs[0].clone();
                spec.directions = dirs.clone();
                legs.push(spec);
                next.push(legs);
            }
        }
        forms = next;
        if forms.len() > MAX_BRACKET_FORMS {
            errors.push(unsupported(
                span.clone(),
                &format!("a bracket that needs more than {MAX_BRACKET_FORMS} `a` chains"),
                "give the later legs directions that one group of letters can say (`[W-fsF]`), or fewer legs",
            ));
            break;
        }
    }
    if !errors.is_empty() {
        errors.dedup();
        return Err(errors);
    }
    // A move that stops after its first leg is that leg's own text; a longer one is the whole bracket.
    let span = if legs.len() == 1 {
        first.span.clone()
    } else {
        span.clone()
    };
    Ok(forms
        .into_iter()
        .map(|legs| Component {
            legs,
            atom: first.atom,
            range: first.range,
            span: span.clone(),
            repeat: None,
        })
        .collect())
}

fn unsupported(span: Span, what: &str, help: &str) -> BetzaError {
    BetzaError::new(
        ErrorKind::Unsupported,
        span,
        format!("{what} is valid XBetza but tatsu does not support it"),
    )
    .help(help.to_string())
}

/// Whether a later leg can share the `a` chain of a first leg on `atom`: later legs of an `a` chain are king-like
/// steps of the first atom's length (`W F K R B Q`: 1, `D A`: 2, `H G`: 3), or the same oblique leap again.
fn same_shape(atom: Atom, leg: &Component) -> Result<(), BetzaError> {
    let length = |a: Atom| crate::expand::base(a).0.max(crate::expand::base(a).1);
    let king_like = |a: Atom| matches!(class(a), Class::Orth | Class::Diag | Class::King);
    let ok = if class(atom) == Class::Oblique {
        crate::expand::base(leg.atom) == crate::expand::base(atom)
    } else {
        king_like(atom) && king_like(leg.atom) && length(leg.atom) == length(atom)
    };
    if ok {
        return Ok(());
    }
    Err(unsupported(
        leg.span.clone(),
        &format!("a `{}` leg after a `{}` leg", leg.atom.letter(), atom.letter()),
        "tatsu reads a bracket as an `a` chain, whose legs share one step length: `W F K R B Q` together, `D A` together, `H G` together, or one oblique atom throughout",
    ))
}

/// The range of the legs so far, and how a `y`/`g` toggle would change it (the resolver's rule: on `W F K R B
/// Q`, leaper ↔ rider; on other atoms, one step ↔ unlimited).
struct RangeState {
    current: Option<u32>,
    slider_letter: bool,
    family: bool,
}

impl RangeState {
    fn new(first: &Component) -> RangeState {
        RangeState {
            current: leg_range(first),
            slider_letter: first.atom.is_slider(),
            family: matches!(
                first.atom,
                Atom::W | Atom::F | Atom::K | Atom::R | Atom::B | Atom::Q
            ),
        }
    }

    /// Moves on to a leg with range `wanted`: `Some(false)` when it is the current range, `Some(true)` when a
    /// toggle on the leg before gives it, `None` when neither does.
    fn step_to(&mut self, wanted: Option<u32>) -> Option<bool> {
        if wanted == self.current {
            return Some(false);
        }
        let (slider, toggled) = if self.family {
            let s = !self.slider_letter;
            (s, if s { None } else { Some(1) })
        } else {
            (
                self.slider_letter,
                if self.current == Some(1) {
                    None
                } else {
                    Some(1)
                },
            )
        };
        if wanted != toggled {
            return None;
        }
        (self.slider_letter, self.current) = (slider, toggled);
        Some(true)
    }
}

/// Marks the leg before a range change with the toggle: `y` where it moves to an empty square, `g` where it
/// hops (`p`).
fn add_toggle(spec: &mut LegSpec, prev: &Component) -> Result<(), BetzaError> {
    let mods: Vec<Modifier> = spec.modifiers.iter().map(|(m, _)| *m).collect();
    let plain = mods.iter().all(|m| matches!(m, Modifier::M | Modifier::I));
    let hop = mods
        .iter()
        .filter(|m| **m != Modifier::I)
        .eq([Modifier::P].iter());
    let sp = prev.span.clone();
    if plain {
        spec.modifiers.retain(|(m, _)| *m != Modifier::M);
        spec.modifiers.push((Modifier::Y, sp));
    } else if hop {
        spec.modifiers.retain(|(m, _)| *m != Modifier::P);
        spec.modifiers.push((Modifier::G, sp));
    } else {
        return Err(unsupported(
            sp,
            "a leg that changes the range of the next one while capturing",
            "an `a` chain changes range only after a leg that moves to an empty square or hops",
        ));
    }
    spec.modifiers.sort_by_key(|(m, _)| m.rank());
    Ok(())
}

fn initial_in_later_leg(leg: &Component) -> Option<BetzaError> {
    let sp = leg.legs[0]
        .modifiers
        .iter()
        .find(|(m, _)| *m == Modifier::I)?
        .1
        .clone();
    Some(
        BetzaError::new(
            ErrorKind::Other,
            sp,
            "`i` (initial move only) belongs to the whole move",
        )
        .help("put `i` on the first leg: `[iW-W]`"),
    )
}

/// The direction letters of a later leg, in the king-like system relative to the previous leg that `a` chains
/// use: the leg's own letters read as if the previous leg had gone forward, or, without letters, outward (as
/// straight on as the atom allows).
fn continuation_spellings(
    atom: Atom,
    prev: &Component,
    leg: &Component,
) -> Result<Vec<Vec<(Direction, Span)>>, BetzaError> {
    let dirs = &leg.legs[0].directions;
    let at = dirs
        .first()
        .map_or(leg.span.start..leg.span.start, |(_, s)| s.clone());
    if class(atom) == Class::Oblique {
        // The same leap again: the letters keep the `a` chain's meaning, `f` (straight on) by default.
        if dirs.is_empty() {
            return Ok(vec![vec![(Direction::F, at)]]);
        }
        return Ok(vec![dirs.clone()]);
    }
    let reading = match (parity(leg.atom), parity(prev.atom)) {
        (None, _) => Atom::K,
        (Some(p), Some(q)) if p == q => Atom::W,
        (Some(_), Some(_)) => Atom::F,
        (Some(_), None) => {
            return Err(unsupported(
                leg.span.clone(),
                &format!("a `{}` leg after a king-like leg", leg.atom.letter()),
                "after a `K` or `Q` leg the turn to an orthogonal or diagonal leg depends on the step; write the two cases apart, e.g. `[W-W][F-W]`",
            ))
        }
    };
    let slots = match direction_slots(dirs, reading, false)? {
        Some(s) => s,
        None if reading == Atom::F => SlotSet::FORWARD_DIAGONALS,
        None => SlotSet::FORWARD,
    };
    Ok(king_spellings(slots)
        .into_iter()
        .map(|g| g.into_iter().map(|d| (d, at.clone())).collect())
        .collect())
}

/// Direction letters that select exactly `slots` in the king-like system of a later leg: one spelling, or two
/// when a single straight-on/back letter and a single sideways one are wanted together (`f` then `r` would read
/// as the diagonal `fr`).
pub(crate) fn king_spellings(slots: SlotSet) -> Vec<Vec<Direction>> {
    use Direction::{B, F, L, R, S, V};
    let pick = |both: Direction, a: (usize, Direction), b: (usize, Direction)| match (
        slots.contains(a.0),
        slots.contains(b.0),
    ) {
        (true, true) => vec![both],
        (true, false) => vec![a.1],
        (false, true) => vec![b.1],
        (false, false) => vec![],
    };
    let vertical = pick(V, (0, F), (4, B));
    let sideways = pick(S, (2, R), (6, L));
    // Both 45° turns forward (back) are `fs` (`bs`), as designers write them; single ones `fr`, `br`, `bl`, `fl`.
    let mut diagonals = Vec::new();
    for (v, right, left) in [(F, 1, 7), (B, 3, 5)] {
        match (slots.contains(right), slots.contains(left)) {
            (true, true) => diagonals.extend([v, S]),
            (true, false) => diagonals.extend([v, R]),
            (false, true) => diagonals.extend([v, L]),
            (false, false) => {}
        }
    }
    let single = |g: &[Direction]| g.len() == 1 && matches!(g[0], F | B | L | R);
    if diagonals.is_empty() && single(&vertical) && single(&sideways) {
        return vec![vertical, sideways];
    }
    // A lone `f`/`b` before the diagonal pairs (all spelled from `f`/`b`) is not read as a pair with them; `s`
    // and `v` never pair with what follows; the sideways group goes last.
    let out = if sideways == [S] {
        [sideways.clone(), vertical, diagonals].concat()
    } else {
        [vertical, diagonals, sideways].concat()
    };
    vec![out]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_spellings_select_exactly_the_wanted_slots() {
        for bits in 1..=255u8 {
            let wanted = (0..8)
                .filter(|s| bits & (1 << s) != 0)
                .fold(SlotSet::NONE, |acc, s| acc | SlotSet::FORWARD.turned(s));
            let spellings = king_spellings(wanted);
            let mut got = SlotSet::NONE;
            for letters in &spellings {
                let dirs: Vec<(Direction, Span)> = letters.iter().map(|&d| (d, 0..0)).collect();
                let read = direction_slots(&dirs, Atom::K, true)
                    .unwrap_or_else(|e| panic!("{letters:?}: {e}"))
                    .expect("letters select slots");
                assert!(got.intersection(read).is_empty(), "{letters:?} overlaps");
                got |= read;
            }
            assert_eq!(got, wanted, "{spellings:?}");
            let two = wanted.len() == 2 && !wanted.intersection(SlotSet::ODD).is_empty();
            assert!(spellings.len() == 1 || !two, "{spellings:?}");
        }
    }
}

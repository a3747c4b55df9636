//! The only file that touches pest.
//!
//! The pest grammar (`betza.pest`) only tokenises; this file assembles the tokens into components, checks
//! them with the same rules the expander uses ([`crate::expand`]), and collects every error it finds.
use crate::ast::{Atom, Betza, Component, Direction, LegSpec, Modifier, Range, Repeat};
use crate::{BetzaError, ErrorKind, Span};
use pest::Parser;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "betza.pest"]
struct Lexer;

#[derive(Clone, Debug)]
enum Tok {
    Lower(char),
    Upper(char),
    Number(String),
    Open,
    Close,
    Space,
    Other(char),
}

fn tokenize(input: &str) -> Vec<(Tok, Span)> {
    let Ok(mut pairs) = Lexer::parse(Rule::betza, input) else {
        // The grammar accepts any input; this is unreachable in practice but must not panic.
        return input
            .char_indices()
            .map(|(i, c)| (Tok::Other(c), i..i + c.len_utf8()))
            .collect();
    };
    let Some(top) = pairs.next() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for p in top.into_inner() {
        let span = p.as_span();
        let sp = span.start()..span.end();
        let text = p.as_str();
        let first = text.chars().next().unwrap_or(' ');
        let tok = match p.as_rule() {
            Rule::lower => Tok::Lower(first),
            Rule::upper => Tok::Upper(first),
            Rule::number => Tok::Number(text.to_string()),
            Rule::open => Tok::Open,
            Rule::close => Tok::Close,
            Rule::space => Tok::Space,
            Rule::other => Tok::Other(first),
            _ => continue,
        };
        out.push((tok, sp));
    }
    out
}

fn unknown_lower(c: char, sp: Span) -> BetzaError {
    let e = BetzaError::new(
        ErrorKind::UnknownLetter,
        sp,
        format!("`{c}` is not an XBetza modifier"),
    );
    match c {
        'k' => e.help("did you mean `c` (capture only)?"),
        'w' => {
            e.help("did you mean the atom `W` (one step orthogonally)? Atoms are capital letters")
        }
        _ => e.help(
            "modifiers are `m c d e t p g o y n j u x z q i a` and directions `f b l r v s h`",
        ),
    }
}

fn unknown_upper(c: char, sp: Span) -> BetzaError {
    let e = BetzaError::new(
        ErrorKind::UnknownLetter,
        sp,
        format!("`{c}` is not an XBetza atom"),
    );
    let help = match c {
        'P' => "there is no pawn atom: a chess pawn is `fmWfceFifmnD`".to_string(),
        'E' => "did you mean `RN` (the chancellor)?".to_string(),
        'M' => "did you mean `BN` (the archbishop)?".to_string(),
        'S' => "did you mean `FfW` (the shogi silver general)?".to_string(),
        'I' => "modifiers are lower case: did you mean `i` (initial move only)?".to_string(),
        'V' => "directions are lower case: did you mean `v` (forward and backward)?".to_string(),
        _ => "atoms are W F D N A H C L Z J G K Q R B U and O (castling)".to_string(),
    };
    e.help(help)
}

/// Parses an XBetza string, returning every error found.
pub fn parse(input: &str) -> Result<Betza, Vec<BetzaError>> {
    let toks = tokenize(input);
    let mut errors: Vec<BetzaError> = Vec::new();
    if input.is_empty() {
        return Err(vec![BetzaError::new(
            ErrorKind::Empty,
            0..0,
            "the move description is empty",
        )
        .help("write at least one atom, e.g. `K`")]);
    }
    let mut components = Vec::new();
    let mut legs: Vec<LegSpec> = Vec::new();
    let mut leg = LegSpec::default();
    let mut prefix_start: Option<usize> = None;
    let mut prefix_end = 0usize;
    // Whether the current leg already has a modifier (directions must come first).
    let mut leg_has_modifier = false;
    // Parenthesised repetition `x(y)z`: the legs of `x` once `(` is read, those of `y` once `)` is read, and
    // the span of the open `(`.
    let mut before: Option<Vec<LegSpec>> = None;
    let mut group: Option<Vec<LegSpec>> = None;
    let mut open_at: Option<Span> = None;
    let mut i = 0;
    while i < toks.len() {
        let (tok, sp) = toks[i].clone();
        match tok {
            Tok::Lower(c) => {
                let known = Direction::from_letter(c).is_some()
                    || c == 'a'
                    || Modifier::from_letter(c).is_some();
                if known {
                    prefix_start.get_or_insert(sp.start);
                    prefix_end = sp.end;
                }
                // In a leg after an `a`, `z` and `q` are directions (bends relative to the previous bend).
                let continuation = !legs.is_empty() || before.is_some();
                let direction = Direction::from_letter(c)
                    .or_else(|| Direction::from_bend_letter(c).filter(|_| continuation));
                if let Some(d) = direction {
                    if leg_has_modifier {
                        let mods: String = leg
                            .modifiers
                            .iter()
                            .filter(|(m, _)| *m != Modifier::I)
                            .map(|(m, _)| m.letter())
                            .collect();
                        errors.push(
                            BetzaError::new(
                                ErrorKind::Other,
                                sp.clone(),
                                format!("direction `{c}` comes after the modifier(s) `{mods}`"),
                            )
                            .help(format!(
                                "write directions first, then modifiers: `{c}{mods}`"
                            )),
                        );
                    }
                    leg.directions.push((d, sp));
                } else if c == 'a' {
                    legs.push(std::mem::take(&mut leg));
                    leg_has_modifier = false;
                } else if let Some(m) = Modifier::from_letter(c) {
                    if m == Modifier::I && !legs.is_empty() {
                        errors.push(
                            BetzaError::new(
                                ErrorKind::Other,
                                sp.clone(),
                                "`i` (initial move only) belongs to the whole move",
                            )
                            .help("put `i` at the start of the move"),
                        );
                    } else if leg.has(m) {
                        errors.push(
                            BetzaError::new(
                                ErrorKind::Other,
                                sp.clone(),
                                format!("modifier `{c}` is repeated"),
                            )
                            .help(format!("write `{c}` once")),
                        );
                    } else {
                        if m != Modifier::I {
                            leg_has_modifier = true;
                        }
                        leg.modifiers.push((m, sp));
                    }
                } else {
                    errors.push(unknown_lower(c, sp));
                }
            }
            Tok::Upper(c) => {
                let start = prefix_start.take().unwrap_or(sp.start);
                let Some(mut atom) = Atom::from_letter(c) else {
                    errors.push(unknown_upper(c, sp));
                    legs.clear();
                    leg = LegSpec::default();
                    leg_has_modifier = false;
                    (before, group, open_at) = (None, None, None);
                    i += 1;
                    continue;
                };
                let mut end = sp.end;
                let mut range = if atom.is_slider() {
                    Range::Unlimited
                } else {
                    Range::Leap
                };
                match toks.get(i + 1) {
                    Some((Tok::Number(digits), nsp)) => {
                        i += 1;
                        end = nsp.end;
                        match read_range(digits, nsp.clone(), atom) {
                            Ok(r) => range = r,
                            Err(e) => errors.push(e),
                        }
                    }
                    Some((Tok::Upper(c2), nsp)) if *c2 == c => {
                        i += 1;
                        end = nsp.end;
                        if atom.is_slider() || c == 'O' {
                            errors.push(
                                BetzaError::new(
                                    ErrorKind::MalformedRange,
                                    sp.start..nsp.end,
                                    format!("`{c}{c}`: `{c}` cannot be doubled"),
                                )
                                .help(if c == 'O' {
                                    "castling is written `O2`, `O3`…".to_string()
                                } else {
                                    format!("`{c}` already slides any distance; write `{c}`")
                                }),
                            );
                        } else {
                            range = Range::Unlimited;
                        }
                    }
                    Some((Tok::Other(ch @ ('-' | '+' | '.' | ',')), nsp)) => {
                        errors.push(
                            BetzaError::new(ErrorKind::MalformedRange, nsp.clone(), format!("`{ch}` cannot follow the atom `{c}`"))
                                .help(format!("a range is a plain number: `{c}2` (up to two steps) or `{c}0` (any distance)")),
                        );
                        i += 1;
                    }
                    _ => {}
                }
                if let Atom::O(_) = atom {
                    match range {
                        Range::Limited(n) if n <= u32::from(u8::MAX) => {
                            atom = Atom::O(n as u8);
                            range = Range::Leap;
                        }
                        Range::Leap => {
                            errors.push(
                                BetzaError::new(
                                    ErrorKind::MalformedRange,
                                    sp.clone(),
                                    "castling `O` needs the king's distance",
                                )
                                .help("write e.g. `O2` (the king moves two squares)"),
                            );
                        }
                        _ => {
                            errors.push(
                                BetzaError::new(
                                    ErrorKind::MalformedRange,
                                    sp.start..end,
                                    "castling distance must be between 1 and 255",
                                )
                                .help("write e.g. `O2`"),
                            );
                            range = Range::Leap;
                        }
                    }
                }
                legs.push(std::mem::take(&mut leg));
                leg_has_modifier = false;
                if let Some(o) = open_at.take() {
                    errors.push(
                        BetzaError::new(ErrorKind::Other, o, "`(` is not closed")
                            .help("close the repeated group before the atom: `m(af)W`"),
                    );
                    // Read it as if there were no parentheses.
                    let mut x = before.take().unwrap_or_default();
                    x.append(&mut legs);
                    legs = x;
                    group = None;
                }
                let repeat = match (before.take(), group.take()) {
                    (Some(x), Some(y)) => {
                        let z = std::mem::replace(&mut legs, x);
                        Some(Repeat { group: y, after: z })
                    }
                    _ => None,
                };
                let sort = |ls: &mut Vec<LegSpec>| {
                    for l in ls {
                        l.modifiers.sort_by_key(|(m, _)| m.rank());
                    }
                };
                sort(&mut legs);
                let repeat = repeat.map(|mut r| {
                    sort(&mut r.group);
                    sort(&mut r.after);
                    r
                });
                let comp = Component {
                    legs: std::mem::take(&mut legs),
                    atom,
                    range,
                    span: start..end,
                    repeat,
                };
                if !matches!(atom, Atom::O(0)) {
                    if let Err(mut es) = crate::expand::resolve_all(&comp) {
                        errors.append(&mut es);
                    }
                }
                components.push(comp);
            }
            Tok::Number(d) => {
                errors.push(
                    BetzaError::new(
                        ErrorKind::MalformedRange,
                        sp,
                        format!("the number `{d}` does not follow an atom"),
                    )
                    .help("a range goes right after its atom: `W4`, `N0`"),
                );
            }
            Tok::Open => {
                prefix_start.get_or_insert(sp.start);
                prefix_end = sp.end;
                if before.is_some() || open_at.is_some() {
                    errors.push(unsupported_parens(sp));
                } else {
                    legs.push(std::mem::take(&mut leg));
                    before = Some(std::mem::take(&mut legs));
                    leg_has_modifier = false;
                    open_at = Some(sp);
                }
            }
            Tok::Close => {
                prefix_end = sp.end;
                match open_at.take() {
                    Some(_) => {
                        legs.push(std::mem::take(&mut leg));
                        let y = std::mem::take(&mut legs);
                        group = Some(y);
                        leg_has_modifier = false;
                    }
                    None => errors.push(
                        BetzaError::new(ErrorKind::Other, sp, "`)` without a matching `(`")
                            .help("remove it, or open the group: `m(af)W`"),
                    ),
                }
            }
            Tok::Space => {
                let junk = i + 1 == toks.len() && prefix_start.is_none();
                errors.push(
                    BetzaError::new(
                        if junk {
                            ErrorKind::TrailingJunk
                        } else {
                            ErrorKind::UnknownLetter
                        },
                        sp,
                        "spaces are not allowed inside an XBetza move",
                    )
                    .help("remove the space"),
                );
            }
            Tok::Other(c) => {
                let junk = toks[i..]
                    .iter()
                    .all(|(t, _)| !matches!(t, Tok::Lower(_) | Tok::Upper(_)))
                    && prefix_start.is_none()
                    && !components.is_empty();
                let end = if junk { input.len() } else { sp.end };
                errors.push(if junk {
                    BetzaError::new(
                        ErrorKind::TrailingJunk,
                        sp.start..end,
                        format!("unexpected `{}` after the last atom", &input[sp.start..end]),
                    )
                    .help("remove it")
                } else {
                    BetzaError::new(
                        ErrorKind::UnknownLetter,
                        sp,
                        format!("`{c}` is not part of XBetza"),
                    )
                    .help("XBetza uses lower-case modifiers, capital atoms and digits")
                });
                if junk {
                    break;
                }
            }
        }
        i += 1;
    }
    if let Some(start) = prefix_start {
        let text = &input[start..prefix_end];
        errors.push(
            BetzaError::new(
                ErrorKind::ModifierWithoutAtom,
                start..prefix_end,
                format!("`{text}` is not followed by an atom"),
            )
            .help(format!(
                "modifiers describe an atom written after them, e.g. `{text}W`"
            )),
        );
    }
    if errors.is_empty() {
        if components.is_empty() {
            return Err(vec![BetzaError::new(
                ErrorKind::Empty,
                0..input.len(),
                "the move description has no atom",
            )
            .help("write at least one atom, e.g. `K`")]);
        }
        Ok(Betza { components })
    } else {
        errors.sort_by_key(|e| e.span.start);
        Err(errors)
    }
}

fn unsupported_parens(sp: Span) -> BetzaError {
    BetzaError::new(
        ErrorKind::Unsupported,
        sp,
        "a second or nested `(` in one move is valid XBetza but tatsu does not support it",
    )
    .help("tatsu supports one repeated group per atom: `m(af)W`; write further repetitions out with `a`")
}

fn read_range(digits: &str, sp: Span, atom: Atom) -> Result<Range, BetzaError> {
    let letter = atom.letter();
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(BetzaError::new(ErrorKind::MalformedRange, sp, format!("`{digits}` is not a range"))
            .help(format!("`0` alone means any distance (`{letter}0`); exact distances like `{letter}03` are not supported")));
    }
    match digits.parse::<u32>() {
        Ok(0) => Ok(Range::Unlimited),
        Ok(n) => Ok(Range::Limited(n)),
        Err(_) => Err(BetzaError::new(
            ErrorKind::MalformedRange,
            sp,
            format!("`{digits}` is too large for a range"),
        )
        .help(format!("use `{letter}0` for any distance"))),
    }
}

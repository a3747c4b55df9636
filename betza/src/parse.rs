//! The only file that touches pest.
//!
//! The pest grammar (`betza.pest`) only tokenises; this file assembles the tokens into components, checks
//! them with the same rules the expander uses ([`crate::expand`]), and collects every error it finds.
use crate::ast::{Atom, Betza, Component, Direction, LegSpec, Modifier, Range, Repeat};
use crate::{BetzaError, ErrorKind, Span};
use pest::Parser as _;
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
    parse_with(input, true)
}

/// Reads one leg of a bracket (`[F?R]`): the letters, atom and range, without resolving the component, whose
/// directions mean something else once the bracket is read as an `a` chain ([`crate::bracket`]).
pub(crate) fn parse_unchecked(input: &str) -> Result<Betza, Vec<BetzaError>> {
    parse_with(input, false)
}

fn parse_with(input: &str, resolve: bool) -> Result<Betza, Vec<BetzaError>> {
    if input.is_empty() {
        return Err(vec![BetzaError::new(
            ErrorKind::Empty,
            0..0,
            "the move description is empty",
        )
        .help("write at least one atom, e.g. `K`")]);
    }
    let mut parser = Parser::new(input);
    parser.resolve = resolve;
    while parser.i < parser.toks.len() {
        let (tok, sp) = parser.toks[parser.i].clone();
        match tok {
            Tok::Lower(c) => parser.lower(c, sp),
            Tok::Upper(c) => parser.upper(c, sp),
            Tok::Number(d) => parser.number(&d, sp),
            Tok::Open => parser.open(sp),
            Tok::Close => parser.close(sp),
            Tok::Space => parser.space(sp),
            Tok::Other('[') if resolve => parser.bracket(sp),
            Tok::Other(c) => {
                if parser.other(c, sp) {
                    break;
                }
            }
        }
        parser.i += 1;
    }
    parser.finish()
}

/// The state of one parse: the token stream and where it stands, the components read so far, the legs of the
/// one being read and every error found.
struct Parser<'a> {
    input: &'a str,
    toks: Vec<(Tok, Span)>,
    /// The token being read.
    i: usize,
    errors: Vec<BetzaError>,
    components: Vec<Component>,
    /// The legs of every path of the components read so far ([`crate::limits::MAX_MOVE_LEGS`]).
    move_legs: u64,
    /// The finished legs of the component being read, and its current leg.
    legs: Vec<LegSpec>,
    leg: LegSpec,
    /// Where the letters before the next atom start and end (for the component's span and for "not followed by
    /// an atom").
    prefix_start: Option<usize>,
    prefix_end: usize,
    /// Whether the current leg already has a modifier (directions must come first).
    leg_has_modifier: bool,
    /// Parenthesised repetition `x(y)z`: the legs of `x` once `(` is read, those of `y` once `)` is read, and
    /// the span of the open `(`.
    before: Option<Vec<LegSpec>>,
    group: Option<Vec<LegSpec>>,
    open_at: Option<Span>,
    /// Whether components are resolved as they are read (not for the legs of a bracket).
    resolve: bool,
}

impl<'a> Parser<'a> {
    fn new(input: &'a str) -> Parser<'a> {
        Parser {
            input,
            toks: tokenize(input),
            i: 0,
            errors: Vec::new(),
            components: Vec::new(),
            move_legs: 0,
            legs: Vec::new(),
            leg: LegSpec::default(),
            prefix_start: None,
            prefix_end: 0,
            leg_has_modifier: false,
            before: None,
            group: None,
            open_at: None,
            resolve: true,
        }
    }

    /// Closes the current leg (at an `a`, a parenthesis or the atom).
    fn end_leg(&mut self) {
        self.legs.push(std::mem::take(&mut self.leg));
        self.leg_has_modifier = false;
    }

    /// A lower-case letter: a direction, `a`, or a modifier of the current leg.
    fn lower(&mut self, c: char, sp: Span) {
        let known =
            Direction::from_letter(c).is_some() || c == 'a' || Modifier::from_letter(c).is_some();
        if known {
            self.prefix_start.get_or_insert(sp.start);
            self.prefix_end = sp.end;
        }
        // In a leg after an `a`, `z` and `q` are directions (bends relative to the previous bend).
        let continuation = !self.legs.is_empty() || self.before.is_some();
        let direction = Direction::from_letter(c)
            .or_else(|| Direction::from_bend_letter(c).filter(|_| continuation));
        if let Some(d) = direction {
            self.direction(c, d, sp);
        } else if c == 'a' {
            self.end_leg();
        } else if let Some(m) = Modifier::from_letter(c) {
            self.modifier(c, m, sp);
        } else {
            self.errors.push(unknown_lower(c, sp));
        }
    }

    fn direction(&mut self, c: char, d: Direction, sp: Span) {
        if self.leg_has_modifier {
            let mods: String = self
                .leg
                .modifiers
                .iter()
                .filter(|(m, _)| *m != Modifier::I)
                .map(|(m, _)| m.letter())
                .collect();
            self.errors.push(
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
        self.leg.directions.push((d, sp));
    }

    fn modifier(&mut self, c: char, m: Modifier, sp: Span) {
        if m == Modifier::I && !self.legs.is_empty() {
            self.errors.push(
                BetzaError::new(
                    ErrorKind::Other,
                    sp,
                    "`i` (initial move only) belongs to the whole move",
                )
                .help("put `i` at the start of the move"),
            );
        } else if self.leg.has(m) {
            self.errors.push(
                BetzaError::new(ErrorKind::Other, sp, format!("modifier `{c}` is repeated"))
                    .help(format!("write `{c}` once")),
            );
        } else {
            if m != Modifier::I {
                self.leg_has_modifier = true;
            }
            self.leg.modifiers.push((m, sp));
        }
    }

    /// A capital letter: the atom that ends a component, with the range written after it.
    fn upper(&mut self, c: char, sp: Span) {
        let start = self.prefix_start.take().unwrap_or(sp.start);
        let Some(atom) = Atom::from_letter(c) else {
            self.errors.push(unknown_upper(c, sp));
            self.legs.clear();
            self.leg = LegSpec::default();
            self.leg_has_modifier = false;
            (self.before, self.group, self.open_at) = (None, None, None);
            return;
        };
        let (range, end) = self.range(c, atom, &sp);
        let (atom, range) = self.castling_distance(atom, range, &sp, end);
        self.end_leg();
        self.finish_component(atom, range, start..end);
    }

    /// The range after the atom at `sp` (a number, a doubled letter, or nothing), and where the atom ends.
    fn range(&mut self, c: char, atom: Atom, sp: &Span) -> (Range, usize) {
        let mut end = sp.end;
        let mut range = if atom.is_slider() {
            Range::Unlimited
        } else {
            Range::Leap
        };
        match self.toks.get(self.i + 1).cloned() {
            Some((Tok::Number(digits), nsp)) => {
                self.i += 1;
                end = nsp.end;
                match read_range(&digits, nsp, atom) {
                    Ok(r) => range = r,
                    Err(e) => self.errors.push(e),
                }
            }
            Some((Tok::Upper(c2), nsp)) if c2 == c => {
                self.i += 1;
                end = nsp.end;
                if atom.is_slider() || c == 'O' {
                    self.errors.push(
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
                self.errors.push(
                    BetzaError::new(ErrorKind::MalformedRange, nsp, format!("`{ch}` cannot follow the atom `{c}`"))
                        .help(if matches!(ch, '-') {
                            format!("a range is a plain number: `{c}2` (up to two steps) or `{c}0` (any distance); legs are joined by `-` only inside brackets: `[{c}-R]`")
                        } else {
                            format!("a range is a plain number: `{c}2` (up to two steps) or `{c}0` (any distance)")
                        }),
                );
                self.i += 1;
            }
            _ => {}
        }
        (range, end)
    }

    /// `O`n: the number after `O` is the king's distance, not a range.
    fn castling_distance(
        &mut self,
        atom: Atom,
        range: Range,
        sp: &Span,
        end: usize,
    ) -> (Atom, Range) {
        let Atom::O(_) = atom else {
            return (atom, range);
        };
        match range {
            Range::Limited(n) if n <= u32::from(u8::MAX) => (Atom::O(n as u8), Range::Leap),
            Range::Leap => {
                self.errors.push(
                    BetzaError::new(
                        ErrorKind::MalformedRange,
                        sp.clone(),
                        "castling `O` needs the king's distance",
                    )
                    .help("write e.g. `O2` (the king moves two squares)"),
                );
                (atom, range)
            }
            _ => {
                self.errors.push(
                    BetzaError::new(
                        ErrorKind::MalformedRange,
                        sp.start..end,
                        "castling distance must be between 1 and 255",
                    )
                    .help("write e.g. `O2`"),
                );
                (atom, Range::Leap)
            }
        }
    }

    /// Assembles the legs read so far (and a repeated group) into a component, and checks it.
    fn finish_component(&mut self, atom: Atom, range: Range, span: Span) {
        if let Some(o) = self.open_at.take() {
            self.errors.push(
                BetzaError::new(ErrorKind::Other, o, "`(` is not closed")
                    .help("close the repeated group before the atom: `m(af)W`"),
            );
            // Read it as if there were no parentheses.
            let mut x = self.before.take().unwrap_or_default();
            x.append(&mut self.legs);
            self.legs = x;
            self.group = None;
        }
        let repeat = match (self.before.take(), self.group.take()) {
            (Some(x), Some(y)) => {
                let z = std::mem::replace(&mut self.legs, x);
                Some(Repeat { group: y, after: z })
            }
            _ => None,
        };
        let sort = |ls: &mut Vec<LegSpec>| {
            for l in ls {
                l.modifiers.sort_by_key(|(m, _)| m.rank());
            }
        };
        sort(&mut self.legs);
        let repeat = repeat.map(|mut r| {
            sort(&mut r.group);
            sort(&mut r.after);
            r
        });
        let comp = Component {
            legs: std::mem::take(&mut self.legs),
            atom,
            range,
            span,
            repeat,
        };
        self.add_component(comp);
    }

    /// Checks a component read (or rewritten from a bracket) and counts its legs toward the whole move's limit.
    fn add_component(&mut self, comp: Component) {
        if self.resolve && !matches!(comp.atom, Atom::O(0)) {
            match crate::expand::resolve_all(&comp) {
                Ok(forms) => {
                    let legs = forms.iter().map(crate::expand::leg_count).sum::<u64>();
                    self.move_legs = self.move_legs.saturating_add(legs);
                }
                Err(mut es) => self.errors.append(&mut es),
            }
        }
        self.components.push(comp);
    }

    /// `[`: a bracketed multi-leg move (`[F?R]`), read into `a` chains by [`crate::bracket`]; the tokens up to its
    /// `]` are consumed.
    fn bracket(&mut self, sp: Span) {
        // `i` before a bracket belongs to the whole move, as before any atom.
        let initial = self.legs.is_empty()
            && self.before.is_none()
            && self.leg.directions.is_empty()
            && self.leg.modifiers.iter().all(|(m, _)| *m == Modifier::I);
        let initial = if initial {
            self.prefix_start = None;
            std::mem::take(&mut self.leg).modifiers.pop()
        } else {
            None
        };
        if let Some(start) = self.prefix_start.take() {
            self.errors.push(
                BetzaError::new(
                    ErrorKind::Unsupported,
                    start..sp.start,
                    "letters before a bracket (other than `i`) are valid in the Interactive Diagram but tatsu does not support them",
                )
                .help("put directions and modifiers on the legs inside the bracket: `[vF?R]`"),
            );
            self.legs.clear();
            self.leg = LegSpec::default();
            self.leg_has_modifier = false;
            (self.before, self.group, self.open_at) = (None, None, None);
        }
        let read = crate::bracket::read(self.input, sp.start);
        while self
            .toks
            .get(self.i + 1)
            .is_some_and(|(_, s)| s.start < read.end)
        {
            self.i += 1;
        }
        match read.components {
            Ok(cs) => {
                for mut c in cs {
                    if let Some(i) = initial.clone().filter(|_| !c.initial_only()) {
                        c.legs[0].modifiers.insert(0, i);
                    }
                    self.add_component(c);
                }
            }
            Err(mut es) => self.errors.append(&mut es),
        }
    }

    fn number(&mut self, d: &str, sp: Span) {
        self.errors.push(
            BetzaError::new(
                ErrorKind::MalformedRange,
                sp,
                format!("the number `{d}` does not follow an atom"),
            )
            .help("a range goes right after its atom: `W4`, `N0`"),
        );
    }

    /// `(`: the legs so far are the part before a repeated group.
    fn open(&mut self, sp: Span) {
        self.prefix_start.get_or_insert(sp.start);
        self.prefix_end = sp.end;
        if self.before.is_some() || self.open_at.is_some() {
            self.errors.push(unsupported_parens(sp));
        } else {
            self.end_leg();
            self.before = Some(std::mem::take(&mut self.legs));
            self.open_at = Some(sp);
        }
    }

    /// `)`: the legs since `(` are the repeated group.
    fn close(&mut self, sp: Span) {
        self.prefix_end = sp.end;
        match self.open_at.take() {
            Some(_) => {
                self.end_leg();
                self.group = Some(std::mem::take(&mut self.legs));
            }
            None => self.errors.push(
                BetzaError::new(ErrorKind::Other, sp, "`)` without a matching `(`")
                    .help("remove it, or open the group: `m(af)W`"),
            ),
        }
    }

    fn space(&mut self, sp: Span) {
        let junk = self.i + 1 == self.toks.len() && self.prefix_start.is_none();
        self.errors.push(
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

    /// Any other character: trailing junk after the last atom (the rest of the input, one error, and the parse
    /// stops: `true`), or a character that is not part of XBetza.
    fn other(&mut self, c: char, sp: Span) -> bool {
        let junk = self.toks[self.i..]
            .iter()
            .all(|(t, _)| !matches!(t, Tok::Lower(_) | Tok::Upper(_)))
            && self.prefix_start.is_none()
            && !self.components.is_empty();
        let end = if junk { self.input.len() } else { sp.end };
        self.errors.push(if junk {
            BetzaError::new(
                ErrorKind::TrailingJunk,
                sp.start..end,
                format!(
                    "unexpected `{}` after the last atom",
                    &self.input[sp.start..end]
                ),
            )
            .help("remove it")
        } else if c == ']' {
            BetzaError::new(ErrorKind::UnknownLetter, sp, "`]` without a matching `[`")
                .help("remove it, or open the bracket: `[F?R]`")
        } else if c == '-' || c == '?' {
            BetzaError::new(
                ErrorKind::UnknownLetter,
                sp,
                format!("`{c}` joins legs only inside brackets"),
            )
            .help("write the legs in brackets: `[F?R]`, `[W-B]`")
        } else {
            BetzaError::new(
                ErrorKind::UnknownLetter,
                sp,
                format!("`{c}` is not part of XBetza"),
            )
            .help("XBetza uses lower-case modifiers, capital atoms and digits")
        });
        junk
    }

    /// Letters left without an atom, then the result: the move, or every error sorted by position.
    fn finish(mut self) -> Result<Betza, Vec<BetzaError>> {
        if let Some(start) = self.prefix_start {
            let text = &self.input[start..self.prefix_end];
            self.errors.push(
                BetzaError::new(
                    ErrorKind::ModifierWithoutAtom,
                    start..self.prefix_end,
                    format!("`{text}` is not followed by an atom"),
                )
                .help(format!(
                    "modifiers describe an atom written after them, e.g. `{text}W`"
                )),
            );
        }
        self.errors.extend(crate::expand::move_too_large(
            self.move_legs,
            &self.components,
        ));
        if !self.errors.is_empty() {
            self.errors.sort_by_key(|e| e.span.start);
            return Err(self.errors);
        }
        if self.components.is_empty() {
            return Err(vec![BetzaError::new(
                ErrorKind::Empty,
                0..self.input.len(),
                "the move description has no atom",
            )
            .help("write at least one atom, e.g. `K`")]);
        }
        Ok(Betza {
            components: self.components,
        })
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

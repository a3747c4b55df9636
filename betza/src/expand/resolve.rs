//! Resolution: one component's legs checked and reduced to direction slots, modes and ranges, independent of
//! the player's orientation. Every error of the notation that the grammar cannot see is found here.
use super::bend::{self, Bend};
use super::directions::{class, direction_slots, join, length, Class, SlotSet};
use super::Mode;
use crate::limits::{BOARD_SPAN, MAX_LEGS, MAX_MOVE_LEGS, MAX_PATHS, MAX_REALISATIONS};
use crate::{Atom, BetzaError, Component, Direction, ErrorKind, LegSpec, Modifier, Range, Span};

/// A component (one unrolled form of it, for `( … )`) checked and reduced to what expansion needs.
#[derive(Clone, Debug)]
pub(crate) struct ResolvedForm {
    pub atom: Atom,
    pub initial: bool,
    pub legs: Vec<ResolvedLeg>,
    /// `z`/`q` on a single-leg move; the leg's `max` is then the number of steps (already bounded).
    pub bend: Option<Bend>,
}

#[derive(Clone, Debug)]
pub(crate) struct ResolvedLeg {
    /// Absolute slots for the first leg, slots relative to the previous leg's direction for the others.
    /// For a leg with `z`/`q` directions: what it selects with no bend before it.
    pub slots: SlotSet,
    /// A later leg with `z`/`q` directions: its slots after a previous bend to the left and to the right.
    pub chiral: Option<[SlotSet; 2]>,
    pub mode: Mode,
    pub lame: bool,
    /// `j` on an atom longer than one square: the square halfway must hold a piece, which is jumped.
    pub jump: bool,
    /// `j` on a one-step rider: the first square is skipped whatever it holds; `max` counts the steps
    /// after it.
    pub skip_first: bool,
    /// `o`: the leg wraps around the left and right board edges (a cylinder).
    pub wrap: bool,
    /// Range of this leg (after any `g`/`y` toggles on earlier legs).
    pub max: Option<u32>,
}

impl ResolvedLeg {
    /// How many directions a path may take on this leg (at least 1, for counting paths).
    fn branches(&self) -> u32 {
        let chiral = self.chiral.map_or(0, |[l, r]| l.len().max(r.len()));
        self.slots.len().max(chiral).max(1)
    }
}

pub(crate) fn unsupported(span: Span, what: &str, help: &str) -> BetzaError {
    BetzaError::new(
        ErrorKind::Unsupported,
        span,
        format!("{what} is valid XBetza but tatsu does not support it"),
    )
    .help(help.to_string())
}

/// Checks one component and reduces it to direction slots and modes.
pub(crate) fn resolve(c: &Component) -> Result<ResolvedForm, Vec<BetzaError>> {
    let mut errors = Vec::new();
    let atom = c.atom;
    if let Atom::O(0) = atom {
        errors.push(
            BetzaError::new(
                ErrorKind::MalformedRange,
                c.span.clone(),
                "castling `O` needs the king's distance",
            )
            .help("write e.g. `O2` (the king moves two squares)"),
        );
    }
    if c.legs.is_empty() {
        errors.push(BetzaError::new(
            ErrorKind::Other,
            c.span.clone(),
            "a move needs at least one leg",
        ));
        return Err(errors);
    }
    if c.legs.len() > 1 && class(atom) == Class::Castle {
        errors.push(unsupported(
            c.span.clone(),
            "a multi-leg (`a`) castling",
            "write castling as `O2`, `isO3`, …",
        ));
    }
    if atom == Atom::U {
        check_universal(c, &mut errors);
    }
    let (legs, bend) = resolve_legs(c, &mut errors);
    check_unload(c, &legs, &mut errors);
    let mut legs = legs;
    if let Some((b, sp)) = bend.clone() {
        bend::check_bend(c, b, sp, &mut legs, &mut errors);
    }
    // Each leg multiplies the number of paths by its number of directions: refuse moves that would expand
    // into an unreasonable number of paths (e.g. a long chain of `a`s), instead of hanging.
    let paths = leg_paths(&legs);
    if legs.len() > MAX_LEGS || paths > MAX_PATHS {
        errors.push(unsupported(
            c.span.clone(),
            &format!("a move with {} legs expanding into {paths} paths", legs.len()),
            &format!("tatsu supports at most {MAX_LEGS} legs and {MAX_PATHS} paths per component; restrict the directions of the later legs"),
        ));
    }
    let form = ResolvedForm {
        atom,
        initial: c.initial_only(),
        legs,
        bend: bend.map(|x| x.0),
    };
    if errors.is_empty() {
        Ok(form)
    } else {
        Err(errors)
    }
}

/// The leg's range before any leg toggles it: one leap, or unlimited for the sliders and `0`.
fn written_range(c: &Component) -> Option<u32> {
    match c.range {
        Range::Leap => {
            if c.atom.is_slider() {
                None
            } else {
                Some(1)
            }
        }
        Range::Limited(0) | Range::Unlimited => None,
        Range::Limited(n) => Some(n),
    }
}

/// Resolves every leg of a component in order (a `g`/`y` leg toggles the range of the following ones), and
/// finds the single-leg bend (`z`/`q`) if there is one.
fn resolve_legs(
    c: &Component,
    errors: &mut Vec<BetzaError>,
) -> (Vec<ResolvedLeg>, Option<(Bend, Span)>) {
    let atom = c.atom;
    let mut legs: Vec<ResolvedLeg> = Vec::new();
    let mut leg_max = written_range(c);
    // XBoard's range toggle (`g`/`y` before an `a`): `W F K` become `R B Q` (unlimited, whatever range was
    // written) and back (range 1); other atoms go from range 1 to unlimited and from anything else to 1.
    let family = matches!(
        atom,
        Atom::W | Atom::F | Atom::K | Atom::R | Atom::B | Atom::Q
    );
    let mut slider_letter = atom.is_slider();
    let mut bend: Option<(Bend, Span)> = None;
    for (li, leg) in c.legs.iter().enumerate() {
        let (slots, chiral) = leg_slots(leg, atom, li, &legs, errors).unwrap_or_default();
        let read = read_modifiers(c, li, &mut bend, errors);
        let mode = default_mode(c, li, read.mode, leg_max, bend.is_some(), errors);
        let mut resolved = ResolvedLeg {
            slots,
            chiral,
            mode,
            lame: read.lame,
            jump: false,
            skip_first: false,
            wrap: read.wrap,
            max: leg_max,
        };
        if let Some(sp) = read.jump {
            check_jump(c, li, sp, bend.is_some(), &mut resolved, errors);
        }
        legs.push(resolved);
        if read.toggle {
            if family {
                slider_letter = !slider_letter;
                leg_max = if slider_letter { None } else { Some(1) };
            } else {
                leg_max = if leg_max == Some(1) { None } else { Some(1) };
            }
        }
    }
    (legs, bend)
}

/// What one leg's modifiers say, before defaults.
struct LegModifiers {
    mode: Mode,
    /// `g`/`y` before an `a`: the following legs toggle leaper ↔ rider.
    toggle: bool,
    lame: bool,
    wrap: bool,
    jump: Option<Span>,
}

/// Reads the modifiers of leg `li`; a `z`/`q` on a single-leg move is recorded in `bend`.
fn read_modifiers(
    c: &Component,
    li: usize,
    bend: &mut Option<(Bend, Span)>,
    errors: &mut Vec<BetzaError>,
) -> LegModifiers {
    let last = li + 1 == c.legs.len();
    let mut read = LegModifiers {
        mode: Mode::default(),
        toggle: false,
        lame: false,
        wrap: false,
        jump: None,
    };
    for (m, sp) in &c.legs[li].modifiers {
        let sp = sp.clone();
        let add = |read: &mut LegModifiers, mode: Mode| read.mode = read.mode.union(mode);
        match m {
            Modifier::I => {
                if li > 0 {
                    errors.push(
                        BetzaError::new(
                            ErrorKind::Other,
                            sp,
                            "`i` (initial move only) belongs to the whole move",
                        )
                        .help("put `i` at the start of the move, before its first leg"),
                    );
                }
            }
            Modifier::M => add(&mut read, Mode::MOVE),
            Modifier::C => add(&mut read, Mode::CAPTURE),
            Modifier::D => add(&mut read, Mode::DESTROY),
            Modifier::E => add(&mut read, Mode::EN_PASSANT),
            Modifier::T => add(&mut read, Mode::TAME),
            Modifier::U => add(&mut read, Mode::UNLOAD),
            Modifier::X => add(&mut read, Mode::INDUCE),
            Modifier::O => read.wrap = true,
            Modifier::N => read.lame = true,
            Modifier::J => read.jump = Some(sp),
            Modifier::P => add(&mut read, Mode::HOP),
            Modifier::G if last => add(&mut read, Mode::GRASSHOP),
            Modifier::G => {
                add(&mut read, Mode::HOP);
                read.toggle = true;
            }
            Modifier::Y if last => errors.push(
                BetzaError::new(
                    ErrorKind::Other,
                    sp,
                    "`y` means nothing on the last leg of a move",
                )
                .help("`y` goes before an `a`: it moves to an empty square and toggles leaper ↔ rider for the next leg (`FyafsF`, the griffon)"),
            ),
            Modifier::Y => {
                add(&mut read, Mode::MOVE);
                read.toggle = true;
            }
            Modifier::Z | Modifier::Q => bend::read_bend(c, *m, sp, bend, errors),
        }
    }
    read
}

/// The modes a leg gets when its modifiers say nothing (move or capture on the last leg, an empty turning square
/// before), and the checks that need the whole leg: castling takes no modifier, a hop needs a rider, `t` before
/// an `a` needs a hop.
fn default_mode(
    c: &Component,
    li: usize,
    mut mode: Mode,
    leg_max: Option<u32>,
    bent: bool,
    errors: &mut Vec<BetzaError>,
) -> Mode {
    let (atom, leg) = (c.atom, &c.legs[li]);
    let atom_span = c.span.end.saturating_sub(1).max(c.span.start)..c.span.end;
    let span_of = |wanted: &dyn Fn(Modifier) -> bool| {
        leg.modifiers
            .iter()
            .find(|(m, _)| wanted(*m))
            .map_or(atom_span.clone(), |x| x.1.clone())
    };
    if class(atom) == Class::Castle {
        if let Some((m, sp)) = leg.modifiers.iter().find(|(m, _)| *m != Modifier::I) {
            errors.push(
                BetzaError::new(
                    ErrorKind::Other,
                    sp.clone(),
                    format!("`{}` cannot modify castling", m.letter()),
                )
                .help("castling only takes `i` and `l`/`r`/`s`: `isO2`"),
            );
        }
        return Mode::MOVE;
    }
    if li + 1 == c.legs.len() {
        // `x` on the last leg borrows the moves of the friendly piece there: no default move or capture.
        let says = Mode::MOVE
            .union(Mode::CAPTURE)
            .union(Mode::DESTROY)
            .union(Mode::EN_PASSANT)
            .union(Mode::INDUCE);
        if !mode.intersects(says) {
            mode = mode.union(Mode::MOVE).union(Mode::CAPTURE);
        }
        // (A bent leaper such as `qN` makes several steps: `pqN` hops.)
        if mode.intersects(Mode::HOP.union(Mode::GRASSHOP)) && leg_max == Some(1) && !bent {
            let sp = span_of(&|m| matches!(m, Modifier::P | Modifier::G));
            errors.push(BetzaError::new(ErrorKind::Other, sp, format!("a hop (`p`/`g`) needs a rider, but `{}` here is a single leap", atom.letter())).help("hoppers slide: `pR` (cannon), `gQ` (grasshopper); a leaper that must jump over a piece is `jD`"));
        }
        return mode;
    }
    if mode.contains(Mode::TAME) && !mode.contains(Mode::HOP) {
        let sp = span_of(&|m| m == Modifier::T);
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                sp,
                "`t` on a leg before an `a` only restricts a hop: it needs `p` or `g` there",
            )
            .help("`tpafR` turns on a friendly piece only; on the last leg `t` means the move cannot capture a royal piece"),
        );
    }
    let says = Mode::MOVE
        .union(Mode::CAPTURE)
        .union(Mode::DESTROY)
        .union(Mode::EN_PASSANT)
        .union(Mode::HOP)
        .union(Mode::INDUCE);
    if !mode.intersects(says) {
        mode = mode.union(Mode::MOVE);
    }
    mode
}

/// `u` unloads the piece the move captures: the move must capture somewhere.
fn check_unload(c: &Component, legs: &[ResolvedLeg], errors: &mut Vec<BetzaError>) {
    let captures = Mode::CAPTURE.union(Mode::DESTROY).union(Mode::EN_PASSANT);
    if !legs.iter().any(|l| l.mode.contains(Mode::UNLOAD))
        || legs.iter().any(|l| l.mode.intersects(captures))
    {
        return;
    }
    let sp = c
        .legs
        .iter()
        .flat_map(|l| &l.modifiers)
        .find(|(m, _)| *m == Modifier::U)
        .map_or(c.span.clone(), |x| x.1.clone());
    errors.push(
        BetzaError::new(
            ErrorKind::Other,
            sp,
            "`u` unloads a captured piece, but this move captures nothing",
        )
        .help("combine it with a capture: `ucR` swaps places with an enemy piece, `udR` with a friendly one"),
    );
}

/// How many ways one path of a form may be realised from one square of the largest board, at most: every leg
/// before the last multiplies them by the number of squares it may go before turning, a hop on the last leg of a
/// multi-leg move by the number of squares its hurdle may stand on. Saturating.
pub(crate) fn realisations(r: &ResolvedForm) -> u64 {
    let span = |l: &ResolvedLeg| {
        // A cylinder leg may go round the board before it comes back to the mover's square.
        let line = if l.wrap {
            2 * BOARD_SPAN
        } else {
            BOARD_SPAN / length(r.atom).max(1) as u32
        };
        u64::from(l.max.map_or(line, |n| n.min(line)).max(1))
    };
    let Some((last, turns)) = r.legs.split_last() else {
        return 1;
    };
    let hurdles = if r.legs.len() > 1 && last.mode.intersects(Mode::HOP.union(Mode::GRASSHOP)) {
        span(last)
    } else {
        1
    };
    turns.iter().fold(hurdles, |n, l| n.saturating_mul(span(l)))
}

/// The error for a component whose paths may be realised in more than [`MAX_REALISATIONS`] ways from one square
/// (`more`: counting stopped there, at an unrolled form of a repetition).
pub(crate) fn too_many_realisations(c: &Component, ways: u64, more: bool) -> BetzaError {
    let at_least = if more { "at least " } else { "" };
    unsupported(
        c.span.clone(),
        &format!("a move whose paths can be realised in {at_least}{ways} ways from one square"),
        &format!("tatsu supports at most {MAX_REALISATIONS} realisations of one component from one square of a 36x36 board (each path, times each leg before the last that may go several squares); give the earlier legs a range, e.g. `W` or `W4` instead of `W0`, or fewer directions"),
    )
}

/// How many paths a resolved form expands into (per orientation).
pub(crate) fn path_count(r: &ResolvedForm) -> u64 {
    if let Some(b) = r.bend {
        return bend::bent_path_count(r, b);
    }
    leg_paths(&r.legs)
}

/// How many legs the paths of a form have in all ([`MAX_MOVE_LEGS`]).
pub(crate) fn leg_count(r: &ResolvedForm) -> u64 {
    if let Some(b) = r.bend {
        return bend::bent_leg_count(r, b);
    }
    leg_paths(&r.legs).saturating_mul(r.legs.len() as u64)
}

/// The error of a whole move whose paths have more than [`MAX_MOVE_LEGS`] legs in all (`legs`, summed by
/// [`leg_count`]), underlining every component; `None` within the limit.
pub(crate) fn move_too_large(legs: u64, components: &[Component]) -> Option<BetzaError> {
    if legs <= MAX_MOVE_LEGS {
        return None;
    }
    let start = components.first().map_or(0, |c| c.span.start);
    let end = components.last().map_or(0, |c| c.span.end);
    Some(unsupported(
        start..end,
        &format!("a move whose paths have {legs} legs in all"),
        &format!("tatsu supports at most {MAX_MOVE_LEGS} legs in all the paths of one move (`pzR`, the crooked rook-hopper, has 914,480); write fewer bent or multi-leg components, or shorten them with a range"),
    ))
}

/// How many paths legs without a bend expand into: each leg multiplies them by its number of directions.
fn leg_paths(legs: &[ResolvedLeg]) -> u64 {
    legs.iter()
        .fold(1u64, |n, l| n.saturating_mul(u64::from(l.branches())))
}

/// The direction slots of one leg and, for a later leg with `z`/`q` directions, the slots after a previous bend
/// to the left and to the right (`[after_left, after_right]`; the plain set is then what the leg selects with
/// no bend before it).
fn leg_slots(
    leg: &LegSpec,
    atom: Atom,
    li: usize,
    earlier: &[ResolvedLeg],
    errors: &mut Vec<BetzaError>,
) -> Option<(SlotSet, Option<[SlotSet; 2]>)> {
    let default = |li: usize| match (li > 0, class(atom)) {
        (false, Class::Orth) => SlotSet::EVEN,
        (false, Class::Diag) => SlotSet::ODD,
        (false, Class::Castle) => SlotSet::SIDEWAYS,
        (false, _) => SlotSet::ALL,
        (true, Class::King) | (true, Class::Oblique) => SlotSet::ALL_BUT_BACK,
        (true, _) => SlotSet::ON_OR_SQUARE_TURN,
    };
    let bends = leg
        .directions
        .iter()
        .any(|(d, _)| matches!(d, Direction::Z | Direction::Q));
    if !bends {
        return match direction_slots(&leg.directions, atom, li > 0) {
            Ok(m) => Some((m.unwrap_or_else(|| default(li)), None)),
            Err(e) => {
                errors.push(e);
                None
            }
        };
    }
    let first = leg
        .directions
        .iter()
        .find(|(d, _)| matches!(d, Direction::Z | Direction::Q))
        .map(|x| x.1.clone())
        .unwrap_or_default();
    if li == 0 {
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                first,
                "`z`/`q` directions bend relative to an earlier bend, but this is the first leg",
            )
            .help("`z` and `q` as directions belong to a leg after an `a`: `afsafzW`"),
        );
        return None;
    }
    // After a bend to the left, `z` (the other way) is `r` and `q` (the same way) is `l`; after a right bend the
    // reverse.
    let with = |z: Direction, q: Direction| -> Vec<(Direction, Span)> {
        leg.directions
            .iter()
            .map(|(d, sp)| match d {
                Direction::Z => (z, sp.clone()),
                Direction::Q => (q, sp.clone()),
                d => (*d, sp.clone()),
            })
            .collect()
    };
    let after_left = direction_slots(&with(Direction::R, Direction::L), atom, true);
    let after_right = direction_slots(&with(Direction::L, Direction::R), atom, true);
    match (after_left, after_right) {
        (Ok(l), Ok(r)) => {
            let (l, r) = (l.unwrap_or_default(), r.unwrap_or_default());
            // Earlier legs must be able to bend; the first leg's direction is absolute, not a bend.
            // An oblique leap is itself bent (g1-f3 starts forward and veers left), so it always counts.
            if class(atom) != Class::Oblique
                && !earlier.iter().skip(1).any(|e| {
                    !(e.slots | e.chiral.map_or(SlotSet::NONE, |c| c[0] | c[1]))
                        .difference(SlotSet::VERTICAL)
                        .is_empty()
                })
            {
                errors.push(
                    BetzaError::new(ErrorKind::Other, first, "`z`/`q` bend against or with the previous bend, but no earlier leg bends")
                        .help("an earlier leg after an `a` must turn, e.g. `afsafzW`: `fs` turns 45° either way, `fz` turns back"),
                );
                return None;
            }
            Some((l & r, Some([l, r])))
        }
        (Err(e), _) | (_, Err(e)) => {
            errors.push(e);
            None
        }
    }
}

/// The universal leaper `U` (the Interactive Diagram's Kraken) jumps to any square of the board but its
/// own. It has no directions and no range; modifiers that need a line or a later leg mean nothing on it.
fn check_universal(c: &Component, errors: &mut Vec<BetzaError>) {
    if !matches!(c.range, Range::Leap) {
        errors.push(
            BetzaError::new(
                ErrorKind::MalformedRange,
                c.span.clone(),
                "the universal leaper `U` takes no range: it already reaches every square",
            )
            .help("write `U`"),
        );
    }
    for leg in &c.legs {
        for (m, sp) in &leg.modifiers {
            if matches!(
                m,
                Modifier::N
                    | Modifier::J
                    | Modifier::P
                    | Modifier::G
                    | Modifier::Y
                    | Modifier::O
                    | Modifier::Z
                    | Modifier::Q
            ) {
                errors.push(
                    BetzaError::new(
                        ErrorKind::Other,
                        sp.clone(),
                        format!("`{}` means nothing on the universal leaper `U`", m.letter()),
                    )
                    .help("`U` teleports: it takes `m c d e i t u x` only"),
                );
            }
        }
    }
    if c.legs.len() > 1 {
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                c.span.clone(),
                "the universal leaper `U` cannot continue with `a`",
            )
            .help("a teleport has no direction for a next leg to follow"),
        );
    }
}

/// Checks `j` on one leg. On the one-step atoms `W F K` and the sliders `R B Q` (XBoard: "on W & F
/// atoms `j` = skip first square") it skips the first square of the line whatever it holds, which needs a
/// rider and takes the skipped step off the range. On every other atom it is Betza's "must jump": the square
/// halfway (XBoard's rule, rounded toward the start) must hold a piece, which is jumped.
fn check_jump(
    c: &Component,
    li: usize,
    sp: Span,
    bent: bool,
    leg: &mut ResolvedLeg,
    errors: &mut Vec<BetzaError>,
) {
    let atom = c.atom;
    let spec = &c.legs[li];
    let clash = spec
        .modifiers
        .iter()
        .find(|(m, _)| matches!(m, Modifier::P | Modifier::G | Modifier::N));
    if let Some((m, msp)) = clash {
        let why = if *m == Modifier::N {
            "`j` (must jump) and `n` (must not jump) contradict each other"
        } else {
            "`j` cannot be combined with a hop (`p`/`g`) on the same leg"
        };
        errors.push(
            BetzaError::new(ErrorKind::Other, join(&sp, msp), why).help(
                "`jR` skips the first square, `jD` must jump over a piece, `pR` hops over one",
            ),
        );
        return;
    }
    if length(atom) > 1 {
        leg.jump = true;
        return;
    }
    if bent {
        // A crooked or circular move: its first square may hold anything (the path has at least two steps).
        leg.skip_first = true;
        return;
    }
    match leg.max {
        None => leg.skip_first = true,
        Some(n) if n >= 2 => {
            leg.max = Some(n - 1);
            leg.skip_first = true;
        }
        Some(_) => {
            let a = atom.letter();
            errors.push(
                BetzaError::new(ErrorKind::Other, sp, format!("`j` on the one-step leaper `{a}` means nothing"))
                    .help(format!("on `{a}` `j` skips the first square of a line: write the rider `j{a}0`, or `j{a}3` for up to 3 squares counting the skipped one")),
            );
        }
    }
}

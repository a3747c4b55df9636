//! Plain-English descriptions, one line per component: `fmW` → "moves (without capturing) one square
//! straight forward".
use crate::expand::{base, class, resolve, Class, ResolvedLeg, SlotSet};
use crate::{Atom, Betza, Component, Mode};

/// One line of plain English per component of the move, in order.
pub fn describe(betza: &Betza) -> Vec<String> {
    betza.components.iter().map(describe_component).collect()
}

/// One line of plain English for one component (`"?"`-style text if the component does not validate).
pub fn describe_component(c: &Component) -> String {
    if c.repeat.is_some() {
        return match crate::expand::unroll(c) {
            Ok(cs) => {
                let lines: Vec<String> = cs.iter().take(3).map(describe_component).collect();
                format!(
                    "any of: {}; … (the group in parentheses repeated any number of times)",
                    lines.join("; or ")
                )
            }
            Err(e) => format!("invalid: {}", e.first().map_or("", |e| e.message.as_str())),
        };
    }
    let r = match resolve(c) {
        Ok(r) => r,
        Err(e) => return format!("invalid: {}", e.first().map_or("", |e| e.message.as_str())),
    };
    let mut s = String::new();
    if r.initial {
        s.push_str("as its first move only, ");
    }
    if let Atom::O(n) = r.atom {
        let side = match r.legs[0].slots {
            SlotSet::LEFT => "toward the left corner",
            SlotSet::RIGHT => "toward the right corner",
            _ => "toward either corner",
        };
        s.push_str(&format!("castles: the king moves {n} squares {side} and the corner piece jumps to its other side"));
        return s;
    }
    let first = &r.legs[0];
    if r.atom == Atom::U {
        s.push_str(&format!(
            "{} on any square of the board (the universal leaper: it teleports)",
            verb(first.mode)
        ));
        return s;
    }
    if let Some(b) = r.bend {
        let how = match b {
            crate::expand::Bend::Crooked => {
                "zig-zagging (turning 90° alternately one way and back at each step)"
            }
            crate::expand::Bend::Circular => {
                "round a circle (turning the same way at each step, either way round)"
            }
        };
        let over = if first.mode.contains(Mode::HOP) {
            "hopping over exactly one piece on the way (the other squares on the way empty)"
        } else if first.mode.contains(Mode::GRASSHOP) {
            "landing right behind the first piece on the way"
        } else if first.skip_first {
            "skipping its first square whatever is there, then over empty squares"
        } else {
            "over empty squares"
        };
        let verb = verb(Mode(first.mode.0 & !(Mode::HOP.0 | Mode::GRASSHOP.0)));
        s.push_str(&format!(
            "{verb} {}{} {}, up to {} steps {how}, {over}",
            distance(r.atom, Some(1), first.lame),
            extras(first),
            directions(r.atom, first.slots).trim_end(),
            first.max.unwrap_or(1)
        ));
        return s;
    }
    if first.skip_first {
        s.push_str("skips the first square of the line (empty or not), then ");
    }
    if r.legs.len() == 1 {
        s.push_str(&format!(
            "{} {}{} {}",
            verb(first.mode),
            distance(r.atom, first.max, first.lame),
            extras(first),
            directions(r.atom, first.slots)
        ));
        return s.trim_end().to_string();
    }
    s.push_str(&format!(
        "moves in {} legs: first {}{} {}, {}",
        r.legs.len(),
        distance(r.atom, first.max, first.lame),
        extras(first),
        directions(r.atom, first.slots).trim_end(),
        turning(first.mode)
    ));
    for (i, leg) in r.legs.iter().enumerate().skip(1) {
        let last = i + 1 == r.legs.len();
        let dist = match (class(r.atom), leg.max) {
            (Class::Oblique, _) => {
                distance(r.atom, leg.max, leg.lame).replacen("a ", "another ", 1)
            }
            (_, None) => "any distance".to_string(),
            _ => distance(r.atom, leg.max, leg.lame),
        } + &extras(leg);
        if last {
            s.push_str(&format!(
                "; then {} {} {}",
                later_verb(leg.mode),
                dist,
                relative(leg, r.atom)
            ));
        } else {
            s.push_str(&format!(
                "; then {} {}, {}",
                dist,
                relative(leg, r.atom),
                turning(leg.mode)
            ));
        }
    }
    s
}

fn verb(mode: Mode) -> String {
    let mv = mode.contains(Mode::MOVE);
    let cap = mode.contains(Mode::CAPTURE);
    let ep = mode.contains(Mode::EN_PASSANT);
    let mut v = match (mv, cap, ep) {
        (true, true, _) => "moves or captures".to_string(),
        (true, false, _) => "moves (without capturing)".to_string(),
        (false, true, true) => "captures (also en passant)".to_string(),
        (false, true, false) => "captures".to_string(),
        (false, false, true) => "captures en passant".to_string(),
        (false, false, false) => String::new(),
    };
    if mode.contains(Mode::TAME) && cap {
        v.push_str(" (but never a royal piece)");
    }
    if mode.contains(Mode::DESTROY) {
        if v.is_empty() {
            v = "destroys a friendly piece".to_string();
        } else {
            v.push_str(" (may also destroy a friendly piece)");
        }
    }
    if mode.contains(Mode::HOP) {
        v = format!("hops over exactly one piece (cannon-like) and {v}");
    }
    if mode.contains(Mode::GRASSHOP) {
        v = format!("jumps over the first piece in its way, lands right behind it and {v}");
    }
    if mode.contains(Mode::INDUCE) {
        let borrow = "borrows the moves of a friendly piece standing";
        v = if v.is_empty() {
            borrow.to_string()
        } else {
            format!("{v}, or {borrow}")
        };
    }
    if mode.contains(Mode::UNLOAD) {
        v.push_str(" (unloading what it captures on the square where this leg starts: a swap)");
    }
    v
}

/// [`verb`] for a leg after a turn, whose unload (`u`) square is the turning square, not the mover's.
fn later_verb(mode: Mode) -> String {
    if !mode.contains(Mode::UNLOAD) {
        return verb(mode);
    }
    verb(Mode(mode.0 & !Mode::UNLOAD.0))
        + " (unloading what it captures on the square where this leg starts, the square the move turned on)"
}

/// What `j` and `o` add to a leg's distance.
fn extras(leg: &ResolvedLeg) -> String {
    let mut s = String::new();
    if leg.jump {
        s.push_str(" (must jump: the square halfway must hold a piece)");
    }
    if leg.wrap {
        s.push_str(" (round a cylinder: the left and right edges join)");
    }
    s
}

/// What a non-final leg requires on its turning square.
fn turning(mode: Mode) -> String {
    let mut parts = Vec::new();
    if mode.contains(Mode::MOVE) {
        parts.push("to an empty square");
    }
    if mode.contains(Mode::CAPTURE) {
        parts.push("capturing an enemy piece there on the way (locust)");
    }
    if mode.contains(Mode::DESTROY) {
        parts.push("destroying a friendly piece there");
    }
    if mode.contains(Mode::HOP) {
        parts.push(if mode.contains(Mode::TAME) {
            "to a friendly piece, jumping over it"
        } else {
            "to a piece of either side, jumping over it"
        });
    }
    if mode.contains(Mode::INDUCE) {
        parts.push("to a friendly piece, which then makes the rest of the move");
    }
    if mode.contains(Mode::UNLOAD) {
        parts.push("unloading the captured piece where this leg starts");
    }
    if mode.contains(Mode::EN_PASSANT) {
        parts.push("capturing en passant");
    }
    parts.join(" or ")
}

fn distance(atom: Atom, max: Option<u32>, lame: bool) -> String {
    let (x, y) = base(atom);
    let len = x.max(y);
    let mut s = match class(atom) {
        Class::Oblique => {
            let (name, shape) = match atom {
                Atom::N => ("knight's jump", "2+1"),
                Atom::C | Atom::L => ("camel's jump", "3+1"),
                _ => ("zebra's jump", "3+2"),
            };
            match max {
                Some(1) => format!("a {name} ({shape})"),
                None => format!("any number of {name}s ({shape}) in a straight line"),
                Some(k) => format!("up to {k} {name}s ({shape}) in a straight line"),
            }
        }
        _ => match (max, len) {
            (Some(1), 1) => "one square".to_string(),
            (Some(1), l) => format!("{l} squares, jumping"),
            (None, 1) => "any number of squares".to_string(),
            (None, l) => format!("any number of {l}-square jumps"),
            (Some(k), 1) => format!("up to {k} squares"),
            (Some(k), l) => format!("up to {k} jumps of {l} squares"),
        },
    };
    if lame {
        s = s.replace(", jumping", "");
        s.push_str(" (not jumping: blocked by a piece on the way)");
    }
    s
}

pub(crate) fn name_of(v: (i32, i32)) -> String {
    let (x, y) = v;
    let fwd = match y.signum() {
        1 => "forward",
        -1 => "backward",
        _ => "",
    };
    let side = match x.signum() {
        1 => "right",
        -1 => "left",
        _ => "",
    };
    if x == 0 {
        format!("straight {fwd}")
    } else if y == 0 {
        side.to_string()
    } else if x.abs() == y.abs() {
        format!("diagonally {fwd}-{side}")
    } else {
        format!("{} {fwd} and {} {side}", y.abs(), x.abs())
    }
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
    }
}

fn directions(atom: Atom, slots: SlotSet) -> String {
    let full = match class(atom) {
        Class::Orth => SlotSet::EVEN,
        Class::Diag => SlotSet::ODD,
        _ => SlotSet::ALL,
    };
    if slots == full {
        return match class(atom) {
            Class::Orth => "orthogonally (forward, backward or sideways)",
            Class::Diag => "diagonally",
            Class::King => "in any of the eight directions",
            _ => "in any of its eight directions",
        }
        .to_string();
    }
    let vectors: Vec<(i32, i32)> = slots
        .iter()
        .map(|d| {
            let b = if class(atom) == Class::King {
                if d % 2 == 0 {
                    (0, 1)
                } else {
                    (1, 1)
                }
            } else {
                base(atom)
            };
            let r = crate::expand::ROT[d];
            (r[0] * b.0 + r[1] * b.1, r[2] * b.0 + r[3] * b.1)
        })
        .collect();
    let has = |v: (i32, i32)| vectors.iter().any(|&w| (w.0.signum(), w.1.signum()) == v);
    let mut names: Vec<String> = Vec::new();
    let mut used = vec![false; vectors.len()];
    // Pair up symmetric line directions into shorter phrases.
    if class(atom) != Class::Oblique {
        if has((-1, 0)) && has((1, 0)) {
            names.push("sideways".to_string());
            mark(&vectors, &mut used, |v| v.1 == 0);
        }
        if has((-1, 1)) && has((1, 1)) {
            names.push("diagonally forward".to_string());
            mark(&vectors, &mut used, |v| v.0 != 0 && v.1 > 0);
        }
        if has((-1, -1)) && has((1, -1)) {
            names.push("diagonally backward".to_string());
            mark(&vectors, &mut used, |v| v.0 != 0 && v.1 < 0);
        }
    }
    for (i, &v) in vectors.iter().enumerate() {
        if !used[i] {
            names.push(name_of(v));
        }
    }
    if class(atom) == Class::Oblique {
        format!("to {}", join_or(&names))
    } else {
        join_or(&names)
    }
}

fn mark(vectors: &[(i32, i32)], used: &mut [bool], f: impl Fn((i32, i32)) -> bool) {
    for (i, &v) in vectors.iter().enumerate() {
        if f(v) {
            used[i] = true;
        }
    }
}

fn relative(leg: &ResolvedLeg, atom: Atom) -> String {
    // An oblique atom's eight directions are not 45° apart: name the turns by direction slots (XBoard's).
    let oblique = [
        "in the same direction",
        "turned one direction clockwise",
        "turned two directions clockwise",
        "turned three directions clockwise",
        "straight back",
        "turned three directions anticlockwise",
        "turned two directions anticlockwise",
        "turned one direction anticlockwise",
    ];
    let king = [
        "in the same direction",
        "turning 45° right",
        "turning 90° right",
        "turning 135° right",
        "straight back",
        "turning 135° left",
        "turning 90° left",
        "turning 45° left",
    ];
    let names = if class(atom) == Class::Oblique {
        oblique
    } else {
        king
    };
    let list: Vec<String> = leg.slots.iter().map(|d| names[d].to_string()).collect();
    if leg.slots == SlotSet::ALL_BUT_BACK {
        return "in any direction except straight back".to_string();
    }
    let mut list = list;
    if let Some([after_left, _]) = leg.chiral {
        // After a left bend a right turn goes against it (`z`) and a left turn with it (`q`).
        for d in after_left.difference(leg.slots).iter() {
            list.push(match d {
                1..=3 => format!("turning {}° back against the previous bend", 45 * d),
                _ => format!("turning {}° further, with the previous bend", 45 * (8 - d)),
            });
        }
    }
    join_or(&list)
}

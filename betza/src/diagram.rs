//! Destinations of a move on an EMPTY board, and a text diagram of them. Pure geometry: no pieces.
//!
//! Moves that need a piece somewhere (hoppers, multi-leg moves turning on an occupied square) are shown as
//! if that piece were there: a cannon's landing squares are marked `hop` from the second square on, and a
//! locust's final squares are shown for every possible victim square.
use crate::{Betza, Facing, Mode, Path};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write;
use std::hash::{BuildHasherDefault, Hasher};

/// What a square in a diagram means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Only a non-capturing move may end here.
    Move,
    /// Only a capture may end here (including en passant and friendly destruction).
    Capture,
    /// A move or a capture may end here.
    MoveOrCapture,
    /// Reached only by an `i` (initial) move.
    Initial,
    /// Where the castling king lands.
    Castling,
    /// Reached by hopping over a piece (`p`, `g`), or by a multi-leg move that turns on an occupied square.
    Hop,
    /// Not a destination: a square that must be empty for a lame (`n`) leap.
    LamePath,
    /// `x` on the last leg: a friendly piece standing here lends the mover its moves.
    Borrow,
    /// A friendly piece standing here may be captured (destroyed) (`d`).
    Destroy,
    /// Not a destination: the first leg of a multi-leg move captures a piece here and the move goes on (the
    /// Lion's first step, a locust's victim).
    FirstLeg,
    /// Reached by the second leg of a move that captured on its first (the Lion's double capture and igui).
    SecondLeg,
    /// Where a friend lands that the piece makes move on (induction, `x` on a first leg).
    Induced,
}

impl Kind {
    /// Short name, as used in JSON output (`move`, `capture`, `move-or-capture`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Capture => "capture",
            Kind::MoveOrCapture => "move-or-capture",
            Kind::Initial => "initial",
            Kind::Castling => "castling",
            Kind::Hop => "hop",
            Kind::LamePath => "lame-path",
            Kind::Borrow => "borrow",
            Kind::Destroy => "destroy",
            Kind::FirstLeg => "first-leg",
            Kind::SecondLeg => "second-leg",
            Kind::Induced => "induced",
        }
    }

    /// One-character symbol used in text diagrams.
    pub fn symbol(self) -> char {
        match self {
            Kind::Move => 'm',
            Kind::Capture => 'c',
            Kind::MoveOrCapture => '*',
            Kind::Initial => 'i',
            Kind::Castling => 'O',
            Kind::Hop => 'h',
            Kind::LamePath => '-',
            Kind::Borrow => 'x',
            Kind::Destroy => 'd',
            Kind::FirstLeg => '1',
            Kind::SecondLeg => '2',
            Kind::Induced => '>',
        }
    }

    const ALL: [Kind; 12] = [
        Kind::MoveOrCapture,
        Kind::Move,
        Kind::Capture,
        Kind::Initial,
        Kind::Castling,
        Kind::Hop,
        Kind::Destroy,
        Kind::LamePath,
        Kind::Borrow,
        Kind::FirstLeg,
        Kind::SecondLeg,
        Kind::Induced,
    ];
}

/// A square of a diagram: file and rank from 0 (file 0 = `a`, rank 0 = `1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mark {
    pub file: i32,
    pub rank: i32,
    pub kind: Kind,
}

fn final_kind(path: &Path, mode: Mode, via_piece: bool) -> Kind {
    if path.castling.is_some() {
        return Kind::Castling;
    }
    if path.initial_only {
        return Kind::Initial;
    }
    if via_piece || mode.intersects(Mode(Mode::HOP.0 | Mode::GRASSHOP.0)) {
        return Kind::Hop;
    }
    let moves = Mode(Mode::MOVE.0 | Mode::CAPTURE.0 | Mode::DESTROY.0 | Mode::EN_PASSANT.0);
    if mode.contains(Mode::INDUCE) && !mode.intersects(moves) {
        return Kind::Borrow;
    }
    let mv = mode.contains(Mode::MOVE);
    let cap = mode.intersects(Mode(Mode::CAPTURE.0 | Mode::EN_PASSANT.0));
    match (mv, cap) {
        (true, true) => Kind::MoveOrCapture,
        (true, false) => Kind::Move,
        (false, true) => Kind::Capture,
        (false, false) => Kind::Destroy,
    }
}

/// Every square a move reaches from `(file, rank)` on an empty `width`×`height` board, with its kind.
/// A square gets one mark per kind, except that move + capture merge into move-or-capture and a
/// lame-path mark is dropped on a square that is also a destination. Sorted by rank, then file, then kind.
pub fn destinations(
    betza: &Betza,
    width: i32,
    height: i32,
    from: (i32, i32),
    orientation: Facing,
) -> Vec<Mark> {
    let mut raw: Vec<Mark> = Vec::new();
    let on = |x: i32, y: i32| x >= 0 && y >= 0 && x < width && y < height;
    let limit = width.max(height).max(1) as u32;
    // One set for every path, cleared between them: it keeps the room the largest path needed.
    let mut seen = Seen::default();
    for path in betza.expand(orientation) {
        if path.castling.is_some() {
            let leg = &path.legs[0];
            let n = leg.max.unwrap_or(1) as i32;
            let (x, y) = (from.0 + leg.step.0 * n, from.1 + leg.step.1 * n);
            if on(x, y) {
                raw.push(Mark {
                    file: x,
                    rank: y,
                    kind: Kind::Castling,
                });
            }
            continue;
        }
        if path.universal {
            let kind = final_kind(&path, path.legs[0].mode, false);
            for rank in 0..height {
                for file in (0..width).filter(|&f| (f, rank) != from) {
                    raw.push(Mark { file, rank, kind });
                }
            }
            continue;
        }
        seen.clear();
        walk(
            &path,
            0,
            from,
            false,
            (width, height, limit, from),
            &mut seen,
            &mut raw,
        );
    }
    merge(raw)
}

/// The (leg, square, via-piece) states a walk has explored.
type Seen = HashSet<(usize, i32, i32, bool), BuildHasherDefault<StateHasher>>;

/// Hashes a walk state with one multiplication per field (Fibonacci hashing): the keys are small integers no one
/// chooses against us, so the default SipHash, built to resist chosen keys, only cost time (a third of the time of
/// a diagram on a 9x9 board).
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Follows one path from `at`, leg `li` on. `seen` holds the (leg, square, via-piece) states already
/// explored for this path, so that multi-leg riders cost at most legs × squares × 2 visits.
fn walk(
    path: &Path,
    li: usize,
    at: (i32, i32),
    via_piece: bool,
    (w, h, limit, origin): (i32, i32, u32, (i32, i32)),
    seen: &mut Seen,
    out: &mut Vec<Mark>,
) {
    if !seen.insert((li, at.0, at.1, via_piece)) {
        return;
    }
    let Some(leg) = path.legs.get(li) else { return };
    let last = li + 1 == path.legs.len();
    let on = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
    let max = leg.max.unwrap_or(limit).min(limit);
    let hop = leg.mode.intersects(Mode(Mode::HOP.0 | Mode::GRASSHOP.0));
    // A step that must jump a piece (`j` on a leaper) is shown as if the piece were there.
    let via_piece = via_piece || !leg.jump_path.is_empty();
    let wrap = |x: i32| if leg.wrap { x.rem_euclid(w.max(1)) } else { x };
    let (mut x, mut y) = at;
    for k in 1..=max {
        if !leg.lame_path.is_empty() {
            for &(lx, ly) in &leg.lame_path {
                if on(wrap(x + lx), y + ly) && on(wrap(x + leg.step.0), y + leg.step.1) {
                    out.push(Mark {
                        file: wrap(x + lx),
                        rank: y + ly,
                        kind: Kind::LamePath,
                    });
                }
            }
        }
        x = wrap(x + leg.step.0);
        y += leg.step.1;
        // Round a cylinder, the piece's own square stops it.
        if !on(x, y) || (leg.wrap && (x, y) == origin) {
            break;
        }
        if last {
            // A hopper needs a screen before it lands: from the second square on.
            if hop && k < 2 {
                continue;
            }
            let kind = final_kind(path, leg.mode, via_piece);
            out.push(Mark {
                file: x,
                rank: y,
                kind,
            });
            // `mcdK`: a friendly piece may be destroyed here too.
            if leg.mode.contains(Mode::DESTROY)
                && matches!(kind, Kind::Move | Kind::Capture | Kind::MoveOrCapture)
            {
                out.push(Mark {
                    file: x,
                    rank: y,
                    kind: Kind::Destroy,
                });
            }
        } else {
            let needs_piece = !leg.mode.contains(Mode::MOVE);
            let bounds = (w, h, limit, origin);
            if leg.mode.contains(Mode::MOVE) {
                walk(path, li + 1, (x, y), via_piece, bounds, seen, out);
            }
            if needs_piece
                || leg.mode.intersects(Mode(
                    Mode::CAPTURE.0 | Mode::HOP.0 | Mode::DESTROY.0 | Mode::INDUCE.0,
                ))
            {
                walk(path, li + 1, (x, y), true, bounds, seen, out);
            }
        }
    }
}

fn merge(raw: Vec<Mark>) -> Vec<Mark> {
    let mut by_square: BTreeMap<(i32, i32), BTreeSet<Kind>> = BTreeMap::new();
    for m in raw {
        by_square
            .entry((m.rank, m.file))
            .or_default()
            .insert(m.kind);
    }
    let mut out = Vec::new();
    for ((rank, file), mut kinds) in by_square {
        if kinds.contains(&Kind::MoveOrCapture)
            || (kinds.contains(&Kind::Move) && kinds.contains(&Kind::Capture))
        {
            kinds.remove(&Kind::Move);
            kinds.remove(&Kind::Capture);
            kinds.insert(Kind::MoveOrCapture);
        }
        // A square the piece can reach is not shown as "must be empty" as well.
        if kinds.len() > 1 {
            kinds.remove(&Kind::LamePath);
        }
        out.extend(kinds.into_iter().map(|kind| Mark { file, rank, kind }));
    }
    out
}

/// Name of a file: `a`..`z`, then `aa`, `ab`, … for boards wider than 26 (`0 → a`, `25 → z`, `26 → aa`).
pub fn file_name(file: i32) -> String {
    match u8::try_from(file) {
        Ok(f) if f < 26 => ((b'a' + f) as char).to_string(),
        Ok(_) => format!(
            "{}{}",
            file_name(file / 26 - 1),
            (b'a' + (file % 26) as u8) as char
        ),
        Err(_) => "?".to_string(),
    }
}

/// Reads a file name (`a`, `z`, `aa`, …: lower-case letters) into a file from 0, the inverse of [`file_name`].
pub fn parse_file(letters: &str) -> Option<i32> {
    if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let mut value: i32 = 0;
    for b in letters.bytes() {
        value = value
            .checked_mul(26)?
            .checked_add(i32::from(b - b'a') + 1)?;
    }
    Some(value - 1)
}

/// Algebraic name of a square: the [`file_name`], then the rank from 1 (`(0, 0)` → `a1`, `(26, 0)` → `aa1`).
pub fn square_name(file: i32, rank: i32) -> String {
    format!("{}{}", file_name(file), rank + 1)
}

/// Reads an algebraic square (`d4`, `j10`, `aj36`) into `(file, rank)` from 0.
pub fn parse_square(s: &str) -> Option<(i32, i32)> {
    let split = s.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = s.split_at(split);
    if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: i32 = digits.parse().ok()?;
    Some((parse_file(letters)?, rank - 1))
}

/// Renders a text diagram (rank `height` at the top, file `a` on the left), the piece as `@`, each mark by
/// its [`Kind::symbol`] (`+` where several kinds meet), empty squares as `.`, followed by a legend of the symbols used.
pub fn render(marks: &[Mark], width: i32, height: i32, from: (i32, i32)) -> String {
    let mut out = String::new();
    for rank in (0..height).rev() {
        let _ = write!(out, "{:>3} ", rank + 1);
        for file in 0..width {
            let here: Vec<&Mark> = marks
                .iter()
                .filter(|m| m.file == file && m.rank == rank)
                .collect();
            let c = if (file, rank) == from {
                '@'
            } else {
                match here.as_slice() {
                    [] => '.',
                    [m] => m.kind.symbol(),
                    _ => '+',
                }
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    // Files past `z` have two-letter names (`aa`..): their first letters go on a row of their own above.
    let names: Vec<String> = (0..width).map(file_name).collect();
    if names.iter().any(|n| n.len() > 1) {
        out.push_str("    ");
        for name in &names {
            out.push(' ');
            out.push(if name.len() > 1 {
                name.chars().next().unwrap_or(' ')
            } else {
                ' '
            });
        }
        out.push('\n');
    }
    out.push_str("    ");
    for name in &names {
        out.push(' ');
        out.push(name.chars().last().unwrap_or('?'));
    }
    out.push('\n');
    let mut legend = vec!["@ the piece".to_string()];
    for k in Kind::ALL {
        if marks.iter().any(|m| m.kind == k) {
            let text = match k {
                Kind::Move => "move only (no capture)",
                Kind::Capture => "capture only",
                Kind::MoveOrCapture => "move or capture",
                Kind::Initial => "initial move only",
                Kind::Castling => "castling (king's destination)",
                Kind::Hop => "after hopping over a piece (or turning on one)",
                Kind::LamePath => "must be empty for the lame leap",
                Kind::Borrow => "a friendly piece here lends its moves",
                Kind::Destroy => "captures (destroys) a friendly piece",
                Kind::FirstLeg => "first leg: captures here and moves on",
                Kind::SecondLeg => "second leg, after capturing on the way",
                Kind::Induced => "where a friend it pushes lands",
            };
            legend.push(format!("{} {}", k.symbol(), text));
        }
    }
    let several = (0..height).any(|r| {
        (0..width).any(|f| {
            (f, r) != from && marks.iter().filter(|m| m.file == f && m.rank == r).count() > 1
        })
    });
    if several {
        legend.push("+ several of these".to_string());
    }
    let _ = writeln!(out, "legend: {}", legend.join(", "));
    out
}

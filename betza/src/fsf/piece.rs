//! A whole XBetza string as Fairy-Stockfish reads it, beside what this crate makes of it, in the same terms, so
//! that `tatsu export --to fsf` writes only strings that mean the same piece to both.
//!
//! Reading component by component ([`super::fsf_differences`]) misses one thing: Fairy-Stockfish keeps a piece's
//! moves in tables (steps, slides, hops; initial or not; quiet or capture) of one range per direction, and a
//! later component that reaches a direction an earlier one reached **replaces** its range. So `RcR4` captures
//! only up to four squares away there (XBoard: any distance), `NnN` is a lame knight, `pRgR` a grasshopper, while
//! `cR4R`, `nNmcN` and `gRpR` mean what XBoard means. [`fsf_text`] writes the components weakest first, so that a
//! later one only widens an earlier one; [`FsfMoves::of_fsf`] and [`FsfMoves::of_xbetza`] then say whether the
//! text means the same piece to both.
use crate::expand::{Facing, Mode, Path};
use crate::Betza;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// How a move reaches its square along one vector.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    /// Up to this many steps through empty squares (`None`: any number); a leap is `Ride(Some(1))`.
    Ride(Option<u32>),
    /// Up to this many leaps (`Some(1)`: one), each needing these squares (relative to its start) empty: a
    /// lame leaper (`n`).
    Lame(Option<u32>, Vec<(i32, i32)>),
    /// Over exactly one piece, landing anywhere beyond within this many steps in all (`p`, a cannon).
    Hop(Option<u32>),
    /// Over the first piece, landing directly behind it within this many steps in all (`g`, a grasshopper).
    Grasshop(Option<u32>),
    /// Moves this model cannot tell: Fairy-Stockfish's tables of one kind of move (quiet or capture) let one
    /// table's lines through where another table reaches (see `leaking_groups`). Only its reading has it.
    Leaked,
}

impl Reach {
    /// Whether every destination of `self` is one of `other`'s (same vector, mode and initial flag).
    fn within(&self, other: &Reach) -> bool {
        let at_most = |a: &Option<u32>, b: &Option<u32>| match (a, b) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(a), Some(b)) => a <= b,
        };
        match (self, other) {
            (Reach::Ride(a), Reach::Ride(b)) | (Reach::Hop(a), Reach::Hop(b)) => at_most(a, b),
            (Reach::Lame(Some(1), _), Reach::Ride(_))
            | (Reach::Grasshop(None), Reach::Hop(None)) => true,
            _ => self == other,
        }
    }
}

/// One kind of one-leg move: initial only or not, capturing or quiet, the step (files, ranks) for the first
/// player, and how it reaches.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FsfMove {
    pub initial: bool,
    pub capture: bool,
    pub step: (i32, i32),
    pub reach: Reach,
}

/// A piece's one-leg moves, with every move another one covers left out, so that two readings with the same
/// destinations compare equal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FsfMoves(BTreeSet<FsfMove>);

/// Fairy-Stockfish's move tables of a piece: per table, initial or not, capture or quiet, and direction, the
/// range (0: unlimited or a plain leap, -1: a lame leap, 1 on a hop: a grasshopper).
type Tables = BTreeMap<(Table, bool, bool, (i32, i32)), i32>;

/// Fairy-Stockfish's three move tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Table {
    Steps,
    Slider,
    Hopper,
}

impl FsfMoves {
    pub(super) fn from_moves(moves: impl IntoIterator<Item = FsfMove>) -> FsfMoves {
        // Sorted and without repeats, the moves of one kind and vector stand together: each is compared with its
        // own group only (a string of 100,000 `W`s gives one move).
        let all: Vec<FsfMove> = moves
            .into_iter()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut kept = BTreeSet::new();
        for group in
            all.chunk_by(|a, b| (a.initial, a.capture, a.step) == (b.initial, b.capture, b.step))
        {
            for m in group {
                if !group
                    .iter()
                    .any(|by| m.reach != by.reach && m.reach.within(&by.reach))
                {
                    kept.insert(m.clone());
                }
            }
        }
        FsfMoves(kept)
    }

    /// The moves Fairy-Stockfish (its `from_betza`) makes of `text`: letters it does not know are skipped, and a
    /// component replaces the range an earlier one gave a direction in the same table.
    pub fn of_fsf(text: &str) -> FsfMoves {
        let mut tables: Tables = BTreeMap::new();
        for atom in super::reader::read_atoms(text) {
            let table = if atom.hopper {
                Table::Hopper
            } else if atom.rider {
                Table::Slider
            } else {
                Table::Steps
            };
            for &step in &atom.steps {
                for (on, is_capture) in [(atom.quiet, false), (atom.capture, true)] {
                    if on {
                        tables.insert((table, atom.initial, is_capture, step), atom.table_range());
                    }
                }
            }
        }
        let leaks = leaking_groups(&tables);
        // What its move generator then makes of the tables (`Bitboards::init_pieces`): a leap in any direction, but
        // lame leaps only as the dabbaba, horse, elephant and Janggi elephant, rides only along the rook's,
        // the bishop's and the nightrider's lines, hops only along the rook's and the bishop's; no initial
        // capture. Whatever else a table holds makes no move.
        let (straight, diagonal, knight) = (
            |(x, y): (i32, i32)| x * y == 0 && x.abs() + y.abs() == 1,
            |(x, y): (i32, i32)| x.abs() == 1 && y.abs() == 1,
            |(x, y): (i32, i32)| x.abs() * y.abs() == 2,
        );
        FsfMoves::from_moves(
            tables
                .into_iter()
                .filter_map(|((table, initial, capture, step), d)| {
                    let (x, y) = (step.0.abs(), step.1.abs());
                    let lame_leaper =
                        matches!((x.min(y), x.max(y)), (0, 2) | (1, 2) | (2, 2) | (2, 3));
                    let reach = match (table, d) {
                        (Table::Steps, -1) if lame_leaper => {
                            Reach::Lame(Some(1), fsf_lame_path(step))
                        }
                        (Table::Steps, -1) => return None,
                        (Table::Steps, _) => Reach::Ride(Some(1)),
                        _ if table == Table::Slider
                            && !(straight(step) || diagonal(step) || knight(step)) =>
                        {
                            return None
                        }
                        _ if table == Table::Hopper && !(straight(step) || diagonal(step)) => {
                            return None
                        }
                        (Table::Slider, 0) => Reach::Ride(None),
                        (Table::Slider, d) => Reach::Ride(Some(d as u32)),
                        (Table::Hopper, 0) => Reach::Hop(None),
                        (Table::Hopper, 1) => Reach::Grasshop(None),
                        (Table::Hopper, d) => Reach::Hop(Some(d as u32)),
                    };
                    (!(initial && capture)).then_some(FsfMove {
                        initial,
                        capture,
                        step,
                        reach,
                    })
                })
                .chain(leaks.into_iter().map(|(initial, capture)| FsfMove {
                    initial,
                    capture,
                    step: (0, 0),
                    reach: Reach::Leaked,
                })),
        )
    }

    /// The one-leg moves this crate makes of the components of `betza` that `keep` selects (for the first
    /// player). Only what Fairy-Stockfish can say is asked of it: moving and capturing, hops, lame leaps.
    pub fn of_xbetza(betza: &Betza, keep: impl Fn(usize) -> bool) -> FsfMoves {
        FsfMoves::from_moves(
            xbetza_moves(&betza.expand(Facing::First))
                .into_iter()
                .filter(|&(component, _)| keep(component))
                .map(|(_, m)| m),
        )
    }

    /// The steps of the quiet moves that are not initial-only: where Fairy-Stockfish's `immobilityIllegal` looks
    /// for a way off a square on an empty board (captures do not count to it).
    pub fn quiet_steps(&self) -> BTreeSet<(i32, i32)> {
        self.0
            .iter()
            .filter(|m| !m.capture && !m.initial)
            .map(|m| m.step)
            .collect()
    }

    /// What Fairy-Stockfish's reading (`fsf`) adds to this one and lacks of it, in words, at most `limit`
    /// moves of each (for a refusal).
    pub fn difference(&self, fsf: &FsfMoves, limit: usize) -> String {
        let name = |m: &FsfMove| {
            let (x, y) = m.step;
            let unit = x.abs().max(y.abs()) == 1;
            let way = if unit || (x != 0 && y != 0 && x.abs() != y.abs()) {
                crate::describe::name_of(m.step)
            } else {
                format!(
                    "{} squares {}",
                    x.abs().max(y.abs()),
                    crate::describe::name_of(m.step)
                )
            };
            let reach = match (&m.reach, unit) {
                (Reach::Ride(Some(1)), true) => "one square".to_string(),
                (Reach::Ride(Some(n)), true) => format!("up to {n} squares"),
                (Reach::Ride(None), true) => "any distance".to_string(),
                (Reach::Ride(Some(1)), false) => "in one leap".to_string(),
                (Reach::Ride(Some(n)), false) => format!("in up to {n} leaps"),
                (Reach::Ride(None), false) => "in any number of leaps".to_string(),
                // Two readings may differ only in the square that blocks the leap (`nZ`): it is named.
                (Reach::Lame(Some(1), path), _) => {
                    format!("by a lame leap (blocked by a piece {})", blocking(path))
                }
                (Reach::Lame(_, path), _) => {
                    format!("by lame leaps (each blocked by a piece {})", blocking(path))
                }
                (Reach::Hop(_), _) => "hopping".to_string(),
                (Reach::Grasshop(_), _) => "by a grasshopper's hop".to_string(),
                (Reach::Leaked, _) => {
                    return format!(
                        "{} where its move tables overlap (FSF's masks let one table's lines through another's squares)",
                        if m.capture { "captures" } else { "moves" }
                    )
                }
            };
            format!(
                "{} {way} {reach}{}",
                if m.capture { "captures" } else { "moves" },
                if m.initial { " (initial move)" } else { "" }
            )
        };
        let list = |a: &FsfMoves, b: &FsfMoves| -> Option<String> {
            // A move the other reading covers with a longer one is not missing from it.
            let covered = |m: &FsfMove| {
                b.0.iter().any(|by| {
                    (m.initial, m.capture, m.step) == (by.initial, by.capture, by.step)
                        && m.reach.within(&by.reach)
                })
            };
            let all: Vec<String> = a.0.iter().filter(|m| !covered(m)).map(name).collect();
            let more = all.len().saturating_sub(limit);
            let mut shown = all.into_iter().take(limit).collect::<Vec<_>>().join(", ");
            if more > 0 {
                let _ = write!(shown, " and {more} more");
            }
            (!shown.is_empty()).then_some(shown)
        };
        let parts: Vec<String> = [
            list(fsf, self).map(|l| format!("adds {l}")),
            list(self, fsf).map(|l| format!("lacks {l}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        parts.join("; ")
    }
}

/// Where a lame leap is blocked, in words: the squares of its path, relative to its start ("1 backward and 1
/// right, or 1 backward").
fn blocking(path: &[(i32, i32)]) -> String {
    let words = |(x, y): (i32, i32)| {
        let ranks = match y.signum() {
            1 => Some(format!("{y} forward")),
            -1 => Some(format!("{} backward", -y)),
            _ => None,
        };
        let files = match x.signum() {
            1 => Some(format!("{x} right")),
            -1 => Some(format!("{} left", -x)),
            _ => None,
        };
        [ranks, files]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" and ")
    };
    path.iter()
        .map(|&sq| words(sq))
        .collect::<Vec<_>>()
        .join(", or ")
}

/// The (initial, capture) groups of Fairy-Stockfish's tables whose moves it makes otherwise than one table at a
/// time. Its move generator takes, for each kind of rider a table names (the rook's lines left-right or up-down,
/// the bishop's, the nightrider's, cannons and grasshoppers along those, the lame leapers), **every** direction
/// of that kind, and then keeps the squares of the group's mask: all squares any table of the group reaches on
/// an empty board (`PseudoMoves`, `PseudoAttacks`). So a square another table puts in the mask becomes a
/// destination of a rider written for other directions or a shorter range: `mQ2pQ` slides as far as the cannon
/// reaches, `flcnDrbpR` takes with the cannon leftwards where the dabbaba lands. A group is reported where a
/// square from another table lies on such a kind's directions, except where nothing new can come of it: a
/// plain leap's own square, and a lame leap's square on a rook's or bishop's line (the slide there needs the
/// same squares empty).
fn leaking_groups(tables: &Tables) -> BTreeSet<(bool, bool)> {
    // Beyond FSF's largest board (12x10) no square matters.
    const RADIUS: i32 = 11;
    let mut leaks = BTreeSet::new();
    let groups: BTreeSet<(bool, bool)> = tables.keys().map(|&(_, i, c, _)| (i, c)).collect();
    for group in groups {
        let entries: Vec<(Table, (i32, i32), i32)> = tables
            .iter()
            .filter(|((_, i, c, _), _)| (*i, *c) == group)
            .map(|(&(t, _, _, step), &d)| (t, step, d))
            .collect();
        let mut mask: Vec<((i32, i32), Source)> = Vec::new();
        for &(table, step, d) in &entries {
            if table == Table::Steps {
                mask.push((
                    step,
                    if d == -1 {
                        Source::LameLeap
                    } else {
                        Source::Leap
                    },
                ));
                continue;
            }
            // `sliding_attack` stops at once on a step of more than two squares.
            if step.0.abs().max(step.1.abs()) > 2 {
                continue;
            }
            let reach = match (table, d) {
                (_, 0) | (Table::Hopper, 1) => RADIUS,
                (_, d) => d.min(RADIUS),
            };
            let own = rider_kind(table, step, d).map(|(k, _)| k);
            for k in 1..=reach {
                mask.push(((step.0 * k, step.1 * k), Source::Line(own)));
            }
        }
        let kinds: BTreeMap<RiderKind, Vec<(i32, i32)>> = entries
            .iter()
            .filter_map(|&(t, step, d)| rider_kind(t, step, d))
            .collect();
        for (&kind, directions) in &kinds {
            let on_line = |q: (i32, i32)| {
                directions
                    .iter()
                    .any(|&(dx, dy)| (1..=RADIUS).any(|n| (dx * n, dy * n) == q))
            };
            let own: BTreeSet<(i32, i32)> = mask
                .iter()
                .filter(|(_, from)| *from == Source::Line(Some(kind)))
                .map(|(q, _)| *q)
                .collect();
            let slides = matches!(
                kind,
                RiderKind::RookH | RiderKind::RookV | RiderKind::Bishop
            );
            if mask.iter().any(|&(q, from)| {
                on_line(q)
                    && !own.contains(&q)
                    && from != Source::Leap
                    && !(from == Source::LameLeap && slides)
            }) {
                leaks.insert(group);
            }
        }
        // A lame leaper's kind takes all the leaps of its shape, masked the same way: a line's square at one of
        // them lets that lame leap through.
        let lame: Vec<(i32, i32)> = entries
            .iter()
            .filter(|(t, _, d)| *t == Table::Steps && *d == -1)
            .map(|(_, step, _)| *step)
            .collect();
        let shape = |(x, y): (i32, i32)| (x.abs().min(y.abs()), x.abs().max(y.abs()));
        if mask.iter().any(|&(q, from)| {
            matches!(from, Source::Line(_))
                && !lame.contains(&q)
                && lame.iter().any(|&l| shape(l) == shape(q))
        }) {
            leaks.insert(group);
        }
    }
    leaks
}

/// Where a square of a group's mask comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Leap,
    LameLeap,
    /// A slide or hop, and the rider kind its table names (none for lines FSF cannot ride).
    Line(Option<RiderKind>),
}

/// The kinds of rider FSF's move generator knows (`RiderType`), each with all its directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum RiderKind {
    RookH,
    RookV,
    Bishop,
    Nightrider,
    CannonH,
    CannonV,
    CannonDiagonal,
    GrasshopperH,
    GrasshopperV,
    GrasshopperDiagonal,
}

/// The rider kind a slide or hop table entry names, with all the directions of that kind.
fn rider_kind(table: Table, (x, y): (i32, i32), d: i32) -> Option<(RiderKind, Vec<(i32, i32)>)> {
    const HORIZONTAL_LINES: [(i32, i32); 2] = [(1, 0), (-1, 0)];
    const VERTICAL_LINES: [(i32, i32); 2] = [(0, 1), (0, -1)];
    const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let (ax, ay) = (x.abs(), y.abs());
    let grasshopper = d == 1;
    let (kind, directions): (RiderKind, &[(i32, i32)]) = match table {
        Table::Slider if (ax, ay) == (1, 0) => (RiderKind::RookH, &HORIZONTAL_LINES),
        Table::Slider if (ax, ay) == (0, 1) => (RiderKind::RookV, &VERTICAL_LINES),
        Table::Slider if (ax, ay) == (1, 1) => (RiderKind::Bishop, &DIAGONALS),
        Table::Slider if ax * ay == 2 => (RiderKind::Nightrider, &KNIGHT),
        Table::Hopper if (ax, ay) == (1, 0) && grasshopper => {
            (RiderKind::GrasshopperH, &HORIZONTAL_LINES)
        }
        Table::Hopper if (ax, ay) == (1, 0) => (RiderKind::CannonH, &HORIZONTAL_LINES),
        Table::Hopper if (ax, ay) == (0, 1) && grasshopper => {
            (RiderKind::GrasshopperV, &VERTICAL_LINES)
        }
        Table::Hopper if (ax, ay) == (0, 1) => (RiderKind::CannonV, &VERTICAL_LINES),
        Table::Hopper if (ax, ay) == (1, 1) && grasshopper => {
            (RiderKind::GrasshopperDiagonal, &DIAGONALS)
        }
        Table::Hopper if (ax, ay) == (1, 1) => (RiderKind::CannonDiagonal, &DIAGONALS),
        _ => return None,
    };
    Some((kind, directions.to_vec()))
}

/// The squares Fairy-Stockfish's lame leaper must find empty (`lame_leaper_path`): from the start towards the
/// destination, a straight step along the longer side while the sides differ, then diagonal steps; none for
/// leaps of four squares or more.
fn fsf_lame_path((files, ranks): (i32, i32)) -> Vec<(i32, i32)> {
    let mut path = BTreeSet::new();
    if files.abs().max(ranks.abs()) >= 4 {
        return Vec::new();
    }
    let (mut x, mut y) = (0, 0);
    while (x, y) != (files, ranks) {
        let diff = (files - x).abs() - (ranks - y).abs();
        if diff >= 0 {
            x += files.signum();
        }
        if diff <= 0 {
            y += ranks.signum();
        }
        if (x, y) != (files, ranks) {
            path.insert((x, y));
        }
    }
    path.into_iter().collect()
}

/// Each one-leg move this crate makes of a piece's paths (expanded for the first player), with the component
/// it comes from.
pub(super) fn xbetza_moves(paths: &[Path]) -> Vec<(usize, FsfMove)> {
    let mut moves = Vec::new();
    for path in paths {
        if path.legs.len() != 1 || path.castling.is_some() || path.universal {
            continue;
        }
        let leg = &path.legs[0];
        let reach = if leg.mode.intersects(Mode::HOP.union(Mode::GRASSHOP)) {
            match leg.max {
                // No square two steps away lies beyond a piece and within one step.
                Some(1) => continue,
                // Within two steps in all, a cannon and a grasshopper both land directly behind.
                Some(2) => Reach::Hop(Some(2)),
                max if leg.mode.contains(Mode::GRASSHOP) => Reach::Grasshop(max),
                max => Reach::Hop(max),
            }
        } else if !leg.lame_path.is_empty() {
            let path: BTreeSet<(i32, i32)> = leg.lame_path.iter().copied().collect();
            Reach::Lame(leg.max, path.into_iter().collect())
        } else {
            Reach::Ride(leg.max)
        };
        for (bit, capture) in [(Mode::MOVE, false), (Mode::CAPTURE, true)] {
            if leg.mode.contains(bit) {
                let m = FsfMove {
                    initial: path.initial_only,
                    capture,
                    step: leg.step,
                    reach: reach.clone(),
                };
                moves.push((path.component, m));
            }
        }
    }
    moves
}

/// A piece written for Fairy-Stockfish: the text, what Fairy-Stockfish reads in it, and what this crate reads
/// in the components it was written from. The piece means the same to both when `there == here`.
#[derive(Clone, Debug)]
pub struct FsfText {
    pub text: String,
    pub there: FsfMoves,
    pub here: FsfMoves,
}

/// The components of `betza` that `keep` selects, as one string for Fairy-Stockfish: as written when it reads
/// that as this crate does, else weakest first (a lame leap, a leap, shorter ranges, a grasshopper, then
/// unlimited ranges and cannons), since it lets a later component replace an earlier one's range in a direction
/// both reach. Whether the result means the same piece to it is [`FsfMoves::of_fsf`]'s to say.
pub fn fsf_text(betza: &Betza, keep: impl Fn(usize) -> bool) -> FsfText {
    fsf_text_of(betza, &xbetza_moves(&betza.expand(Facing::First)), keep)
}

/// [`fsf_text`], with the piece's moves already made ([`xbetza_moves`]).
pub(super) fn fsf_text_of(
    betza: &Betza,
    moves: &[(usize, FsfMove)],
    keep: impl Fn(usize) -> bool,
) -> FsfText {
    let kept: Vec<usize> = (0..betza.components.len()).filter(|&i| keep(i)).collect();
    let here = FsfMoves::from_moves(
        moves
            .iter()
            .filter(|(component, _)| keep(*component))
            .map(|(_, m)| m.clone()),
    );
    let as_written = join(betza, &kept);
    let there = FsfMoves::of_fsf(&as_written);
    if there == here {
        return FsfText {
            text: as_written,
            there,
            here,
        };
    }
    // How far each component's longest move reaches (a lame leap least, unlimited ranges and cannons most), in
    // one pass over the moves: a pass per component made a string of 25,000 components take minutes.
    let mut strength = vec![0u32; betza.components.len()];
    for (component, m) in moves {
        let reach = match m.reach {
            Reach::Lame(Some(1), _) => 0,
            Reach::Ride(Some(n)) | Reach::Lame(Some(n), _) => n.saturating_add(1),
            Reach::Grasshop(None) => 2,
            Reach::Grasshop(Some(n)) => n.saturating_add(1),
            Reach::Hop(Some(n)) => n.saturating_add(1),
            Reach::Ride(None) | Reach::Hop(None) | Reach::Lame(None, _) | Reach::Leaked => u32::MAX,
        };
        strength[*component] = strength[*component].max(reach);
    }
    let mut order = kept;
    order.sort_by_key(|&i| (strength[i], i));
    let text = join(betza, &order);
    let there = FsfMoves::of_fsf(&text);
    FsfText { text, there, here }
}

/// The components at `order`, one after another. `N` right after `nN` would read as `nNN`, a nightrider to
/// Fairy-Stockfish (it ignores `n` on a rider): an explicit `mc` (its default, moving and capturing) keeps two
/// such letters apart.
fn join(betza: &Betza, order: &[usize]) -> String {
    let mut text = String::new();
    for &i in order {
        let own = betza.components[i].to_string();
        if own.starts_with(|c: char| c.is_ascii_uppercase()) && text.ends_with(&own[..1]) {
            text.push_str("mc");
        }
        text.push_str(&own);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fsf(text: &str) -> FsfMoves {
        FsfMoves::of_fsf(text)
    }

    fn ours(text: &str) -> FsfMoves {
        FsfMoves::of_xbetza(&crate::parse(text).unwrap(), |_| true)
    }

    fn reaches(m: &FsfMoves, capture: bool, step: (i32, i32)) -> Vec<Reach> {
        m.0.iter()
            .filter(|x| x.capture == capture && x.step == step)
            .map(|x| x.reach.clone())
            .collect()
    }

    // pyffish 0.0.90, a rook-like `customPiece1 = a:…` on a1 of an 8x8 board with a black piece on a6:
    // `cRcR4` and `RcR4` do not capture it (five squares away), `cR4cR`/`cR4R` do.
    #[test]
    fn a_later_component_replaces_an_earlier_ones_range_in_fairy_stockfish() {
        assert_eq!(reaches(&fsf("cRcR4"), true, (0, 1)), [Reach::Ride(Some(4))]);
        assert_eq!(reaches(&fsf("RcR4"), true, (0, 1)), [Reach::Ride(Some(4))]);
        assert_eq!(reaches(&fsf("RcR4"), false, (0, 1)), [Reach::Ride(None)]);
        assert_eq!(reaches(&fsf("cR4R"), true, (0, 1)), [Reach::Ride(None)]);
        assert_eq!(fsf("cR4R"), ours("RcR4"));
        assert_ne!(fsf("RcR4"), ours("RcR4"));
    }

    // pyffish 0.0.90 with a white piece on c1 in front of the piece on a1: `pRgR` lands on d1 only, `gRpR` on
    // d1 to g1.
    #[test]
    fn a_grasshopper_after_a_cannon_replaces_it_in_fairy_stockfish() {
        assert_eq!(
            reaches(&fsf("pRgR"), false, (1, 0)),
            [Reach::Grasshop(None)]
        );
        assert_eq!(reaches(&fsf("gRpR"), false, (1, 0)), [Reach::Hop(None)]);
        assert_eq!(fsf("gRpR"), ours("pRgR"));
    }

    #[test]
    fn a_lame_knight_after_a_knight_replaces_it_in_fairy_stockfish() {
        assert_eq!(
            reaches(&fsf("NnN"), false, (1, 2)),
            [Reach::Lame(Some(1), vec![(0, 1)])]
        );
        assert_eq!(fsf("nNmcN"), ours("NnN"));
        assert_eq!(fsf("nN"), ours("nN"));
        // Two atom letters in a row are a rider to it: `nNN` is a nightrider.
        assert_eq!(reaches(&fsf("nNN"), false, (1, 2)), [Reach::Ride(None)]);
    }

    // pyffish 0.0.90, the piece on d4 of an empty 8x8 board: `D2`, `G3`, `nW`, `nC` and `pN` make no move,
    // `N2` and `nZ` do.
    #[test]
    fn fairy_stockfish_rides_hops_and_lame_leaps_only_along_its_own_lines() {
        for text in ["D2", "AA", "G3", "nW", "nC", "pN", "pD"] {
            assert_eq!(fsf(text), FsfMoves::default(), "{text}");
        }
        assert_ne!(fsf("N2"), FsfMoves::default());
        // FSF blocks its `nZ` (the Janggi elephant) on a straight and then a diagonal step; this crate on the first
        // diagonal step only (then a knight leap).
        assert_ne!(fsf("nZ"), ours("nZ"));
        assert_eq!(fsf("nA"), ours("nA"));
        assert_eq!(fsf("nD"), ours("nD"));
        assert_ne!(fsf("D2"), ours("D2"));
    }

    // pyffish 0.0.90: `mQ2pQ` on b5 of a game moves quietly to e2, three squares away, with no piece between;
    // `flcnDrbpR` on e7 takes c7 leftwards over a piece on d7.
    #[test]
    fn a_rider_let_through_another_tables_squares_is_reported() {
        for text in ["mQ2pQ", "flcnDrbpR", "R2pR", "rgRlR"] {
            assert!(
                fsf(text).0.iter().any(|m| m.reach == Reach::Leaked),
                "{text}"
            );
        }
        for text in [
            "mRcpR", "WR", "fBbA", "RnD", "BnA", "gQpR", "R", "fmWfceF", "R4cR",
        ] {
            assert!(
                !fsf(text).0.iter().any(|m| m.reach == Reach::Leaked),
                "{text}"
            );
        }
    }

    #[test]
    fn covered_moves_are_left_out_so_equal_pieces_compare_equal() {
        assert_eq!(fsf("WR"), fsf("R"));
        assert_eq!(ours("WR4"), fsf("R4"));
        assert_eq!(ours("mRcpR"), fsf("mRcpR"));
        assert_eq!(ours("fmWfceF"), fsf("fmWfceF"));
        assert_eq!(ours("KN"), fsf("KN"));
    }

    #[test]
    fn components_are_written_weakest_first() {
        let b = crate::parse("RcR4NnNpRgR").unwrap();
        let written = fsf_text(&b, |_| true);
        assert_eq!(written.text, "nNmcNgRcR4RpR");
        assert_eq!(fsf(&written.text), ours("RcR4NnNpRgR"));
        assert_eq!(written.there, written.here);
    }
}

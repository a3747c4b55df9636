//! The first line of play where two versions of a game disagree: the same moves from the start, until one
//! position has different legal moves in the two versions. Found with perft split by first move (divide), compared
//! move text by move text: at the first depth where the two divides differ, a first move whose counts differ is
//! played in both and the divide one ply shallower compared there, until a position's move lists differ.
use crate::engine::{perft, Engine, Position};
use std::collections::BTreeMap;

/// Where two versions first disagree: the moves that lead there and the legal moves only one version has.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Disagreement {
    pub path: Vec<String>,
    pub only_old: Vec<String>,
    pub only_new: Vec<String>,
}

/// How far [`first_disagreement_with`] has come: counting `depth` plies deep in both versions, `done` of `total`
/// first moves (both versions' together) counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub depth: u32,
    pub done: usize,
    pub total: usize,
}

/// The shortest-depth disagreement within `max_depth` plies of the start, or the perft counts (equal in both)
/// when there is none. One thread, no progress reports.
pub fn first_disagreement(
    old: &Engine,
    new: &Engine,
    max_depth: u32,
) -> Result<Disagreement, Vec<u64>> {
    first_disagreement_with(old, new, max_depth, 1, |_| {})
}

/// [`first_disagreement`] counting on `threads` threads, calling `progress` on the calling thread as first moves
/// are counted.
///
/// Two versions agree to a depth when every first move has the same text and the same count in both, not merely
/// when the totals are equal: a piece that steps left in one version and right in the other, on a board that is
/// its own mirror image, gives equal totals at every depth.
pub fn first_disagreement_with(
    old: &Engine,
    new: &Engine,
    max_depth: u32,
    threads: usize,
    mut progress: impl FnMut(Progress),
) -> Result<Disagreement, Vec<u64>> {
    let mut po = Position::start(old);
    let mut pn = Position::start(new);
    let mut counts = Vec::new();
    for depth in 1..=max_depth {
        let (a, b) = divide_both(&mut po, &mut pn, depth, threads, &mut progress);
        if a != b {
            return Ok(descend(
                &mut po,
                &mut pn,
                a,
                b,
                depth,
                threads,
                &mut progress,
            ));
        }
        counts.push(a.values().sum());
    }
    Err(counts)
}

/// Each version's perft `depth` plies deep, per first move, keyed by the move's text.
type Divide = BTreeMap<String, u64>;

fn divide_both(
    po: &mut Position,
    pn: &mut Position,
    depth: u32,
    threads: usize,
    progress: &mut impl FnMut(Progress),
) -> (Divide, Divide) {
    let old_moves = po.count_legal_moves() as usize;
    let total = old_moves + pn.count_legal_moves() as usize;
    let mut report = |done| progress(Progress { depth, done, total });
    let a = divide(po, depth, threads, &mut report);
    let b = divide(pn, depth, threads, |done| report(old_moves + done));
    (a, b)
}

fn divide(pos: &mut Position, depth: u32, threads: usize, mut done: impl FnMut(usize)) -> Divide {
    let counted = perft::divide_parallel(pos, depth, threads, |n, _| done(n));
    let mut by_text = Divide::new();
    for (mv, nodes) in counted {
        *by_text.entry(pos.uci(&mv)).or_default() += nodes;
    }
    by_text
}

/// From a position whose divides `a` (old) and `b` (new) differ, follows the first move (by text) whose counts
/// differ until the move lists themselves differ. Each step is one ply shallower, and at depth 1 every count is 1,
/// so differing divides there differ in their moves: the walk ends within `depth` steps.
fn descend(
    po: &mut Position,
    pn: &mut Position,
    mut a: Divide,
    mut b: Divide,
    mut depth: u32,
    threads: usize,
    progress: &mut impl FnMut(Progress),
) -> Disagreement {
    let mut path = Vec::new();
    loop {
        let same_moves = a.len() == b.len() && a.keys().all(|text| b.contains_key(text));
        if !same_moves || depth <= 1 {
            return Disagreement {
                path,
                only_old: a.keys().filter(|t| !b.contains_key(*t)).cloned().collect(),
                only_new: b.keys().filter(|t| !a.contains_key(*t)).cloned().collect(),
            };
        }
        // The divides differ and name the same moves, so some count differs; and a legal move's own text reads
        // back in the version that generated it. Neither `else` is taken; they end the walk rather than panic.
        let differing = a.iter().find(|&(text, n)| b.get(text) != Some(n));
        let Some(next) = differing.map(|(text, _)| text.clone()) else {
            return Disagreement {
                path,
                only_old: Vec::new(),
                only_new: Vec::new(),
            };
        };
        let (Ok(mo), Ok(mn)) = (po.parse_move(&next), pn.parse_move(&next)) else {
            return Disagreement {
                path,
                only_old: Vec::new(),
                only_new: Vec::new(),
            };
        };
        po.play(mo);
        pn.play(mn);
        path.push(next);
        depth -= 1;
        (a, b) = divide_both(po, pn, depth, threads, progress);
    }
}

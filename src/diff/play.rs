//! The first line of play where two versions of a game disagree: the same moves from the start, until one
//! position has different legal moves in the two versions. Found by comparing perft level by level and following a
//! first move whose subtree counts differ (a perft divide path).
use crate::engine::{perft::perft, Engine, Position};
use std::collections::BTreeSet;

/// Where two versions first disagree: the moves that lead there and the legal moves only one version has.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Disagreement {
    pub path: Vec<String>,
    pub only_old: Vec<String>,
    pub only_new: Vec<String>,
}

/// The shortest-depth disagreement within `max_depth` plies of the start, or the perft counts (equal in both)
/// when there is none.
pub fn first_disagreement(
    old: &Engine,
    new: &Engine,
    max_depth: u32,
) -> Result<Disagreement, Vec<u64>> {
    let mut po = Position::start(old);
    let mut pn = Position::start(new);
    let mut counts = Vec::new();
    for depth in 1..=max_depth {
        let (a, b) = (perft(&mut po, depth), perft(&mut pn, depth));
        if a != b {
            return Ok(descend(&mut po, &mut pn, depth));
        }
        counts.push(a);
    }
    Err(counts)
}

fn ucis(pos: &mut Position) -> BTreeSet<String> {
    let moves = pos.legal_move_list();
    moves.iter().map(|m| pos.uci(m)).collect()
}

/// Follows first moves whose subtrees count differently until the move lists themselves differ.
fn descend(po: &mut Position, pn: &mut Position, depth: u32) -> Disagreement {
    let mut path = Vec::new();
    let mut depth = depth;
    loop {
        let (mo, mn) = (ucis(po), ucis(pn));
        if mo != mn || depth <= 1 {
            return Disagreement {
                path,
                only_old: mo.difference(&mn).cloned().collect(),
                only_new: mn.difference(&mo).cloned().collect(),
            };
        }
        let mut next = None;
        for text in &mo {
            let (a, b) = (po.parse_move(text), pn.parse_move(text));
            let (Ok(a), Ok(b)) = (a, b) else { continue };
            po.play(a);
            pn.play(b);
            if perft(po, depth - 1) != perft(pn, depth - 1) {
                next = Some(text.clone());
                break;
            }
            po.unplay();
            pn.unplay();
        }
        match next {
            Some(text) => {
                path.push(text);
                depth -= 1;
            }
            // Equal subtrees but different totals cannot happen with equal move lists; stop here.
            None => {
                return Disagreement {
                    path,
                    only_old: Vec::new(),
                    only_new: Vec::new(),
                }
            }
        }
    }
}

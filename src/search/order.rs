//! Move ordering: the hash move first, then captures and promotions by victim and attacker value (MVV-LVA), then
//! the two killer moves of the ply, then quiet moves by their history score, and last the losing captures: those
//! that put a piece worth more than what they take on a square the other side attacks (the first exchange as
//! static exchange evaluation would judge it).
use super::tt::signature;
use crate::engine::{Move, MoveKind, Position};
use crate::eval::Evaluator;
use crate::rules::{PieceId, Side};

const HASH_MOVE: i32 = 2_000_000_000;
const CAPTURE: i32 = 1_000_000_000;
const KILLER: i32 = 900_000_000;
/// Losing captures come after every quiet move (whose history is within ±`HISTORY_MAX`).
const LOSING_CAPTURE: i32 = -1_000_000_000;
/// History scores stay within this bound (a saturating "gravity" update).
const HISTORY_MAX: i32 = 1 << 20;

/// Calls `f` with each enemy piece `mv` takes: one taken elsewhere (e.p., locust), whatever stands on the
/// destination (empty after e.p.), and the enemy pieces a range capturer takes in passing (`taking-passed`; its
/// own it loses are left to the evaluation of the position after the move). A friendly piece removed by `d` is
/// not a capture. The one walk over a move's victims that [`captured_value`] and [`takes_decisive`] share.
fn for_each_victim(pos: &Position, mv: &Move, mut f: impl FnMut(PieceId)) {
    if matches!(
        mv.kind,
        MoveKind::Drop | MoveKind::Pass | MoveKind::Castle { .. }
    ) {
        return;
    }
    let us = pos.side_to_move();
    for sq in mv.kind.victim().into_iter().chain([mv.to]) {
        if let Some((piece, side)) = pos.piece_at(sq) {
            if side != us {
                f(piece);
            }
        }
    }
    pos.for_each_swept(mv, |piece, side| {
        if side != us {
            f(piece);
        }
    });
}

/// Whether `mv` takes an enemy piece whose loss may end the game ([`Evaluator::decisive`]): such a capture is
/// worth more than its material, and quiescence never prunes it.
pub fn takes_decisive(pos: &Position, eval: &Evaluator, mv: &Move) -> bool {
    if !eval.any_decisive() {
        return false;
    }
    let mut decisive = false;
    for_each_victim(pos, mv, |piece| decisive |= eval.decisive(piece));
    decisive
}

/// The value of what a move captures (0 for a quiet move), each piece at least 1.
pub fn captured_value(pos: &Position, eval: &Evaluator, mv: &Move) -> i32 {
    let mut value = 0;
    for_each_victim(pos, mv, |piece| value += eval.value(piece).max(1));
    value
}

/// What a promotion adds (0 if the move does not promote).
pub fn promotion_gain(eval: &Evaluator, mv: &Move) -> i32 {
    mv.promotion
        .map_or(0, |p| (eval.value(p) - eval.value(mv.piece)).max(1))
}

/// Is the move a capture or a promotion (what quiescence searches)?
pub fn is_tactical(pos: &Position, eval: &Evaluator, mv: &Move) -> bool {
    mv.promotion.is_some() || captured_value(pos, eval, mv) > 0
}

/// Killer moves and the history table of one search thread.
pub struct Heuristics {
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    pieces: usize,
    squares: usize,
}

impl Heuristics {
    pub fn new(pieces: usize, squares: usize, plies: usize) -> Heuristics {
        Heuristics {
            killers: vec![[0; 2]; plies],
            history: vec![0; 2 * pieces * squares],
            pieces,
            squares,
        }
    }

    fn slot(&self, side: Side, mv: &Move) -> usize {
        (side.index() * self.pieces + mv.piece.index()) * self.squares + mv.to.index()
    }

    /// A quiet move caused a cutoff: it becomes a killer and gains history, more so the deeper the search and the
    /// later it came; the quiet moves `tried` before it, which failed, lose as much history as it gains.
    pub fn reward(&mut self, side: Side, ply: usize, mv: &Move, depth: i32, tried: &[Move]) {
        let sig = signature(mv);
        let killers = &mut self.killers[ply];
        if killers[0] != sig {
            killers[1] = killers[0];
            killers[0] = sig;
        }
        let bonus = (depth * depth).min(400) * (32 + 4 * tried.len().min(16) as i32);
        let slot = self.slot(side, mv);
        update(&mut self.history[slot], bonus);
        for failed in tried {
            let slot = self.slot(side, failed);
            update(&mut self.history[slot], -bonus);
        }
    }

    pub fn clear_killers(&mut self, ply: usize) {
        if let Some(k) = self.killers.get_mut(ply) {
            *k = [0; 2];
        }
    }

    /// Scores every move of `moves` into `scores` for [`pick`].
    pub fn score(
        &self,
        pos: &Position,
        eval: &Evaluator,
        moves: &[Move],
        scores: &mut Vec<i32>,
        hash_move: u32,
        ply: usize,
    ) {
        scores.clear();
        let side = pos.side_to_move();
        let killers = self.killers.get(ply).copied().unwrap_or([0; 2]);
        for mv in moves {
            let sig = signature(mv);
            let victim = captured_value(pos, eval, mv);
            let promotion = promotion_gain(eval, mv);
            let score = if sig == hash_move {
                HASH_MOVE
            } else if victim > 0 || promotion > 0 {
                let mvv_lva = victim * 64 + promotion * 16 - eval.value(mv.piece) / 16;
                // A capture that may end the game is never a losing one: a Chu Shogi King guarded by a Gold is
                // still worth a Lion ([`takes_decisive`]).
                let losing = promotion == 0
                    && !takes_decisive(pos, eval, mv)
                    && gives_up_more(pos, eval, mv, victim);
                if losing {
                    LOSING_CAPTURE + mvv_lva
                } else {
                    CAPTURE + mvv_lva
                }
            } else if sig == killers[0] {
                KILLER + 1
            } else if sig == killers[1] {
                KILLER
            } else {
                self.history[self.slot(side, mv)]
            };
            scores.push(score);
        }
    }
}

/// Does `mv`, gaining `gain` (what it takes and its promotion adds), put a piece worth more than that on a square
/// the other side attacks? The first exchange as static exchange evaluation would judge it: quiescence prunes such
/// a capture, and the move ordering tries it after the quiet moves. Never a drop (nothing is given up).
pub fn gives_up_more(pos: &Position, eval: &Evaluator, mv: &Move, gain: i32) -> bool {
    eval.value(mv.promotion.unwrap_or(mv.piece)) > gain
        && mv.kind != MoveKind::Drop
        && pos.is_attacked(mv.to, pos.side_to_move().opponent())
}

/// How many plies less than the usual late-move reduction a quiet move scored `score` by [`Heuristics::score`]
/// is reduced: a killer one less; else from its history, two less at the top of the scale and two more at the
/// bottom (a move that often failed here is searched shallower still).
pub fn reduction_relief(score: i32) -> i32 {
    if score >= KILLER {
        1
    } else {
        (i64::from(score) * 2 / i64::from(HISTORY_MAX)) as i32
    }
}

/// History with gravity: the entry moves towards ±`HISTORY_MAX` by `bonus`, less the closer it is. The product
/// reaches 2^35 (a bonus up to 38,400 times an entry up to 2^20), so it is taken in 64 bits.
fn update(entry: &mut i32, bonus: i32) {
    let decay = i64::from(*entry) * i64::from(bonus.abs()) / i64::from(HISTORY_MAX);
    *entry += bonus - decay as i32;
}

/// Moves the best-scored of `moves[i..]` to index `i` (selection sort, one step per move searched).
pub fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

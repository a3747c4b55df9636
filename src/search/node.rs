//! One search thread: principal variation search with a transposition table, null-move pruning and late-move
//! reductions where they are safe, check extensions, and a quiescence search over captures and promotions.
//!
//! The variant's rules hold inside the tree. A move may leave the same side to move (a bonus turn): its score is
//! then not negated. A position without legal moves is scored by [`Position::outcome`] (mate, stalemate as the
//! game says, and whatever else the game decides). A position that repeats one on the line or in the game history
//! is scored as the repetition rule would end the game, at its first recurrence, as engines do: a loss for the
//! side that gave check with every move of the cycle, a loss for the side the rule names (`mover-loses`,
//! `white-loses`), else a draw. The move-count rule draws. A draw scores 0, or as a win under `draws-win`.
use super::order::{self, pick, Heuristics};
use super::tt::{signature, Bound, Entry, Table};
use super::{Control, CHECK_GAP, MATE, MAX_PLY};
use crate::engine::outcome::perpetual_checker;
use crate::engine::{Move, MoveList, Position};
use crate::eval::Evaluator;
use crate::rules::{RepetitionLoser, Side};
use std::time::Instant;

pub const INFINITE: i32 = 32_000;
/// Scores beyond this are mates (or perpetual-check losses) a number of plies away.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Quiescence plies searched while in check before falling back to the static evaluation.
const QUIESCENCE_CHECK_PLIES: i32 = 4;
/// Reverse futility pruning: the deepest node it applies to, and its margin per ply (centipawns).
const RFP_MAX_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 90;
/// Late move pruning: at depth `d` up to this, quiet moves after the first `LMP_BASE + d * d` are not searched.
const LMP_MAX_DEPTH: i32 = 6;
const LMP_BASE: usize = 3;
/// Futility pruning: at depth `d` up to this, a quiet move is not searched when the static evaluation plus
/// `FUTILITY_BASE + FUTILITY_MARGIN * d` cannot reach alpha.
const FUTILITY_MAX_DEPTH: i32 = 5;
const FUTILITY_BASE: i32 = 100;
const FUTILITY_MARGIN: i32 = 80;
/// The quiet moves of a node whose history a cutoff lowers: the first this many tried before it.
const MALUS_MOVES: usize = 32;
/// Internal iterative reduction: the shallowest node searched a ply less for want of a hash move.
const IIR_MIN_DEPTH: i32 = 4;
/// Delta pruning in quiescence: what a capture may win beyond the value of what it takes (a positional swing).
const DELTA_MARGIN: i32 = 200;

/// How many plies less a late quiet move is searched first: grows with the logarithms of the depth and of the
/// move's place in the order (the later, the less likely to matter), one less in PV nodes, then less or more by
/// `relief` (from the move's history, [`order::reduction_relief`]); never negative, and the move keeps at least
/// one ply.
fn late_move_reduction(depth: i32, index: usize, pv_node: bool, relief: i32) -> i32 {
    let r = (0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25) as i32 - i32::from(pv_node);
    (r.max(1) - relief).clamp(0, (depth - 2).max(1))
}

/// What the moves loop of a node needs to know of it.
struct Node {
    depth: i32,
    beta: i32,
    ply: usize,
    check: bool,
    hash_move: u32,
    /// The static evaluation, taken at non-PV nodes out of check only (where moves may be pruned).
    static_eval: Option<i32>,
}

/// One position on the current line or in the game before it, for repetition.
#[derive(Clone, Copy, Debug)]
pub struct Visit {
    pub hash: u64,
    pub mover: Side,
    /// The side to move here is in check.
    pub check: bool,
    /// The turn passed with the move into here (false mid bonus turn).
    pub turn_passed: bool,
    /// Reached by a null move: repetitions are not looked for across it.
    pub null: bool,
}

pub struct Worker<'a, 'e> {
    pub pos: &'a mut Position<'e>,
    pub eval: &'a Evaluator,
    pub tt: &'a Table,
    pub control: &'a Control<'a>,
    pub nodes: u64,
    /// `nodes` when the stop conditions were last looked at (and the shared count last added to).
    checked: u64,
    /// Nodes between two looks: `Control::batch`, or fewer under an adaptive (time-only) control.
    interval: u64,
    /// When the stop conditions were last looked at (adaptive control only).
    last_check: Instant,
    pub stopped: bool,
    pub seldepth: usize,
    pub heuristics: Heuristics,
    pub path: Vec<Visit>,
    pub pv: Vec<Vec<Move>>,
    lists: Vec<MoveList>,
    scores: Vec<Vec<i32>>,
    /// Null-move pruning is off in this game (see [`Worker::null_move_allowed`]).
    null_moves: bool,
}

impl<'a, 'e> Worker<'a, 'e> {
    pub fn new(
        pos: &'a mut Position<'e>,
        eval: &'a Evaluator,
        tt: &'a Table,
        control: &'a Control<'a>,
    ) -> Self {
        let game = pos.game();
        let plies = MAX_PLY + 16;
        let path = pos
            .history_visits()
            .map(|(hash, mover, check, turn_passed)| Visit {
                hash,
                mover,
                check,
                turn_passed,
                null: false,
            })
            .collect();
        Worker {
            heuristics: Heuristics::new(game.pieces.len(), game.geometry.squares(), plies),
            // Passing the turn is no model of a side that may have to capture: compulsory capture's games
            // (antichess, losers) are also the games of zugzwang.
            null_moves: game.forced_capture.is_none(),
            pos,
            eval,
            tt,
            control,
            nodes: 0,
            checked: 0,
            // Adaptive: the first look comes at once, then the interval doubles while nodes are fast.
            interval: if control.adaptive { 1 } else { control.batch },
            last_check: Instant::now(),
            stopped: false,
            seldepth: 0,
            path,
            pv: (0..plies).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            lists: (0..plies).map(|_| MoveList::with_capacity(256)).collect(),
            scores: (0..plies).map(|_| Vec::with_capacity(256)).collect(),
        }
    }

    /// Counts a node; every `interval` nodes asks whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes - self.checked >= self.interval {
            self.look();
        }
        self.stopped
    }

    /// Adds the nodes since the last look to the shared count, asks whether to stop, and under an adaptive
    /// control sets the next interval from how long this one took.
    #[cold]
    fn look(&mut self) {
        let batch = self.nodes - self.checked;
        self.checked = self.nodes;
        if self.control.should_stop(batch) {
            self.stopped = true;
        }
        if self.control.adaptive {
            let now = Instant::now();
            let took = now.duration_since(self.last_check);
            self.last_check = now;
            if took > CHECK_GAP {
                self.interval = (self.interval / 2).max(1);
            } else if took < CHECK_GAP / 4 {
                self.interval = (self.interval * 2).min(self.control.batch);
            }
        }
    }

    /// Nodes searched by this thread not yet added to the shared count.
    pub fn uncounted(&self) -> u64 {
        self.nodes - self.checked
    }

    /// Plays `mv` and searches the reply; the score is for the side that played it.
    pub fn child(&mut self, mv: Move, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        let us = self.pos.side_to_move();
        self.pos.make(mv);
        let same = self.pos.side_to_move() == us;
        let check = self.pos.in_check();
        self.path.push(Visit {
            hash: self.pos.hash(),
            mover: us,
            check,
            turn_passed: !same,
            null: false,
        });
        let score = if same {
            self.search(depth, alpha, beta, ply + 1, check)
        } else {
            -self.search(depth, -beta, -alpha, ply + 1, check)
        };
        self.path.pop();
        self.pos.unmake();
        score
    }

    /// The score of a position for the side to move, searched `depth` plies (then quiescence).
    pub fn search(&mut self, depth: i32, alpha: i32, beta: i32, ply: usize, check: bool) -> i32 {
        let depth = if check && ply < 2 * MAX_PLY / 3 {
            depth + 1
        } else {
            depth
        };
        // Cleared before anything returns: the node above appends this ply's line to its own.
        self.pv[ply].clear();
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(alpha, beta, ply, check, 0);
        }
        if self.tick() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let (mut alpha, mut beta) = (alpha, beta);
        if let Some(score) = self.repetition(ply) {
            return score;
        }
        // Mate-distance pruning: no score here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = self.pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry.filter(|e| !pv_node && e.depth >= depth) {
            let score = from_tt(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let hash_move = entry.map_or(0, |e| e.mv);
        // Internal iterative reduction: a node the table knows no move for is searched a ply less; its best move
        // then guides the full-depth search when the node comes back at the next iteration.
        let depth = if depth >= IIR_MIN_DEPTH && hash_move == 0 {
            depth - 1
        } else {
            depth
        };
        let mut moves = std::mem::take(&mut self.lists[ply]);
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return self.terminal(ply);
        }
        if self.clock_draw_reached() {
            self.lists[ply] = moves;
            return self.drawn(ply);
        }
        let mut static_eval = None;
        if !pv_node && !check {
            let eval = self.eval.evaluate(self.pos);
            static_eval = Some(eval);
            let static_eval = eval;
            // Reverse futility (static null move): near the leaves, a position whose static evaluation beats
            // beta by more than a margin per ply left is taken to hold; the margin covers what the opponent's
            // best reply could win back. Not for mate scores, which a static evaluation cannot confirm.
            if depth <= RFP_MAX_DEPTH
                && beta.abs() < MATE_BOUND
                && static_eval - RFP_MARGIN * depth >= beta
            {
                self.lists[ply] = moves;
                return static_eval;
            }
            if depth >= 3
                && static_eval >= beta
                && self.null_move_allowed()
                && self.null_move_fails_high(depth, beta, ply)
            {
                self.lists[ply] = moves;
                return beta;
            }
        }
        let node = Node {
            depth,
            beta,
            ply,
            check,
            hash_move,
            static_eval,
        };
        let result = self.moves_loop(&mut moves, alpha, &node);
        self.lists[ply] = moves;
        if self.stopped {
            return 0;
        }
        let (best, best_move) = result;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            Entry {
                mv: best_move.map_or(0, |m| signature(&m)),
                score: to_tt(best, ply),
                depth,
                bound,
            },
        );
        best
    }

    /// Searches the moves of a node in order; returns the best score and move.
    fn moves_loop(
        &mut self,
        moves: &mut MoveList,
        mut alpha: i32,
        node: &Node,
    ) -> (i32, Option<Move>) {
        let &Node {
            depth,
            beta,
            ply,
            check,
            hash_move,
            static_eval,
        } = node;
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.heuristics
            .score(self.pos, self.eval, moves, &mut scores, hash_move, ply);
        self.heuristics.clear_killers(ply + 1);
        let us = self.pos.side_to_move();
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried = 0;
        // The quiet moves searched before a cutoff, whose history it lowers (a fixed array: nothing allocated).
        let mut quiets = [Move::NULL; MALUS_MOVES];
        for i in 0..moves.len() {
            pick(moves, &mut scores, i);
            let mv = moves[i];
            let tactical = order::is_tactical(self.pos, self.eval, &mv);
            // Near the leaves of a non-PV node (static_eval is only taken there, out of check), once a move has
            // been searched and no mate is against us: quiet moves late in the order (late move pruning), or
            // whose best case cannot reach alpha (futility), are not searched, unless they give check.
            if let Some(eval) = static_eval {
                if i > 0 && !tactical && best > -MATE_BOUND {
                    let late = depth <= LMP_MAX_DEPTH
                        && quiets_tried >= LMP_BASE + (depth * depth) as usize;
                    let futile = depth <= FUTILITY_MAX_DEPTH
                        && eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha;
                    if (late || futile) && !self.gives_check(mv) {
                        continue;
                    }
                }
            }
            let score = if i == 0 {
                self.child(mv, depth - 1, alpha, beta, ply)
            } else {
                // Late quiet moves are searched less deep first (never in check, never a capture or promotion,
                // never a drop that gives check: the child's own check extension undoes the reduction).
                let reduction = if depth >= 3 && i >= 3 && !check && !tactical {
                    late_move_reduction(
                        depth,
                        i,
                        beta - alpha > 1,
                        order::reduction_relief(scores[i]),
                    )
                } else {
                    0
                };
                let mut s = self.child(mv, depth - 1 - reduction, alpha, alpha + 1, ply);
                if s > alpha && reduction > 0 {
                    s = self.child(mv, depth - 1, alpha, alpha + 1, ply);
                }
                if s > alpha && s < beta {
                    s = self.child(mv, depth - 1, alpha, beta, ply);
                }
                s
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !tactical {
                            let tried = &quiets[..quiets_tried.min(MALUS_MOVES)];
                            self.heuristics.reward(us, ply, &mv, depth, tried);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                if let Some(slot) = quiets.get_mut(quiets_tried) {
                    *slot = mv;
                }
                quiets_tried += 1;
            }
        }
        self.scores[ply] = scores;
        (best, best_move)
    }

    /// Whether `mv` leaves the opponent in check: such a quiet move is never pruned, since a line of checks
    /// (a drop mate, a rook driving a king) looks quiet and hopeless to the static evaluation until its end.
    fn gives_check(&mut self, mv: Move) -> bool {
        self.pos.make(mv);
        let check = self.pos.in_check();
        self.pos.unmake();
        check
    }

    pub fn set_root_pv(&mut self, mv: Move) {
        self.update_pv(0, mv);
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(rest) = tail.first() {
            line.extend_from_slice(rest);
        }
    }

    /// Null-move pruning: if passing the turn still fails high at reduced depth, so would a real move. Off in
    /// games with compulsory capture, in check, mid bonus turn, and for a side with nothing but royal pieces and
    /// its lowest piece type on the board and an empty hand (where zugzwang is likely).
    fn null_move_allowed(&self) -> bool {
        if !self.null_moves || self.pos.bonus_pending() {
            return false;
        }
        let us = self.pos.side_to_move();
        let game = self.pos.game();
        if self.pos.hand(us).iter().any(|&n| n > 0) {
            return true;
        }
        let lowest = self.eval.lowest_value();
        self.pos.pieces_of(us).iter().any(|&sq| {
            self.pos
                .piece_at(sq)
                .is_some_and(|(p, _)| !game.pieces[p.index()].royal && self.eval.value(p) > lowest)
        })
    }

    fn null_move_fails_high(&mut self, depth: i32, beta: i32, ply: usize) -> bool {
        if let Some(last) = self.path.last() {
            if last.null {
                return false;
            }
        }
        let reduction = 3 + depth / 4;
        let us = self.pos.side_to_move();
        // The null move: the turn passes without a move.
        self.pos.make(Move::NULL);
        self.path.push(Visit {
            hash: self.pos.hash(),
            mover: us,
            check: false,
            turn_passed: true,
            null: true,
        });
        let score = -self.search(depth - reduction, -beta, -beta + 1, ply + 1, false);
        self.path.pop();
        self.pos.unmake();
        !self.stopped && score >= beta && score < MATE_BOUND
    }

    /// Quiescence: stand pat on the static evaluation, then only captures and promotions (every move in check,
    /// for a few plies, so that mates at the horizon are seen; every capture, without standing pat, where
    /// compulsory capture leaves the side nothing else).
    fn quiescence(&mut self, alpha: i32, beta: i32, ply: usize, check: bool, qply: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY + 8 {
            return self.eval.evaluate(self.pos);
        }
        let mut alpha = alpha;
        let mut moves = std::mem::take(&mut self.lists[ply]);
        // Standing pat, only captures and promotions are searched: only those are generated in full.
        let (any, stands) = if !check || qply >= QUIESCENCE_CHECK_PLIES {
            let eval = self.eval;
            let found = self
                .pos
                .legal_moves_selected(&mut moves, |pos, mv| order::is_tactical(pos, eval, mv));
            // A side that must capture (compulsory capture) has no quiet move to stand on: its captures are all
            // its moves, and all are searched.
            (found.any, !found.compelled)
        } else {
            self.pos.legal_moves(&mut moves);
            (!moves.is_empty(), false)
        };
        if !any {
            self.lists[ply] = moves;
            return self.terminal(ply);
        }
        let mut best = -INFINITE;
        if stands {
            best = self.eval.evaluate(self.pos);
            if best >= beta || check {
                self.lists[ply] = moves;
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.heuristics
            .score(self.pos, self.eval, &moves, &mut scores, 0, ply);
        let us = self.pos.side_to_move();
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let mv = moves[i];
            let prunable = stands && self.quiescence_prunes(&mv, best, alpha);
            self.pos.make(mv);
            let same = self.pos.side_to_move() == us;
            let gives = self.pos.in_check();
            // A move that gives check is searched whatever it risks: the mates quiescence finds are such lines.
            if prunable && !gives {
                self.pos.unmake();
                continue;
            }
            let score = if same {
                self.quiescence(alpha, beta, ply + 1, gives, qply + 1)
            } else {
                -self.quiescence(-beta, -alpha, ply + 1, gives, qply + 1)
            };
            self.pos.unmake();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.scores[ply] = scores;
        self.lists[ply] = moves;
        best
    }

    /// May quiescence, having stood pat on `stand_pat`, leave `mv` unsearched? When even winning what it takes
    /// (and its promotion) with a margin cannot lift the score to alpha (delta pruning), or when it gives up a
    /// piece worth more than it takes on a square the other side attacks (a losing capture, as SEE would judge
    /// the first exchange).
    fn quiescence_prunes(&self, mv: &Move, stand_pat: i32, alpha: i32) -> bool {
        // Taking a King under an extinction rule (Chu Shogi's, which has no check) can end the game: its material
        // value (a King's is a Gold's or so) says nothing of that, and a Lion taking a guarded King is no losing
        // capture. Pruned, quiescence did not see such a capture coming, one ply beyond the horizon.
        if order::takes_decisive(self.pos, self.eval, mv) {
            return false;
        }
        let gain =
            order::captured_value(self.pos, self.eval, mv) + order::promotion_gain(self.eval, mv);
        if stand_pat + gain + DELTA_MARGIN <= alpha {
            return true;
        }
        order::gives_up_more(self.pos, self.eval, mv, gain)
    }

    /// The score of a position without legal moves, as the game's rules end it.
    fn terminal(&mut self, ply: usize) -> i32 {
        let us = self.pos.side_to_move();
        match self.pos.outcome() {
            Some(outcome) => match outcome.winner {
                Some(w) if w == us => MATE - ply as i32,
                Some(_) => -MATE + ply as i32,
                None => 0,
            },
            None if self.pos.in_check() => -MATE + ply as i32,
            None => 0,
        }
    }

    /// Is the game drawn by a clock: the move limit reached, or a count of the counting rules run out?
    fn clock_draw_reached(&self) -> bool {
        let game = self.pos.game();
        game.end
            .move_limit
            .is_some_and(|limit| self.pos.halfmove_clock() >= limit)
            || self.pos.count_exhausted()
    }

    /// At a position that occurred before on the line or in the game (with the turn passed both times): its score
    /// under the game's repetition rule. `None` if it did not occur, or mid bonus turn.
    fn repetition(&self, ply: usize) -> Option<i32> {
        let now = *self.path.last()?;
        if !now.turn_passed {
            return None;
        }
        // Without drops a capture can never be undone, so nothing before the last one can repeat.
        let reach = if self.pos.game().drops {
            self.path.len()
        } else {
            self.pos.halfmove_clock() as usize + 1
        };
        let oldest = self.path.len().saturating_sub(reach + 1);
        let mut first = None;
        for i in (oldest..self.path.len() - 1).rev() {
            let visit = self.path[i + 1];
            if visit.null {
                return None;
            }
            let earlier = self.path[i];
            if earlier.turn_passed && earlier.hash == now.hash {
                first = Some(i);
                break;
            }
        }
        let first = first?;
        let rule = self.pos.game().end.repetition;
        if rule.is_some_and(|r| r.perpetual_check_loses) {
            let cycle = self.path[first + 1..]
                .iter()
                .map(|v| (v.mover, v.check, v.turn_passed));
            if let Some(side) = perpetual_checker(cycle) {
                return Some(self.lost_by(side, ply));
            }
        }
        Some(match rule.and_then(|r| r.loser) {
            None => self.drawn(ply),
            // The side to move did not complete the repetition: its opponent did.
            Some(RepetitionLoser::Mover) => self.lost_by(self.pos.side_to_move().opponent(), ply),
            Some(RepetitionLoser::Side(loser)) => self.lost_by(loser, ply),
        })
    }

    /// The score, for the side to move, of the game ending here with `loser` losing.
    fn lost_by(&self, loser: Side, ply: usize) -> i32 {
        let lost = MATE - ply as i32;
        if loser == self.pos.side_to_move() {
            -lost
        } else {
            lost
        }
    }

    /// The score, for the side to move, of a draw by a history rule (repetition, the move-count rule): 0, or a
    /// win for the side the game scores draws to (`draws-win`, armageddon).
    fn drawn(&self, ply: usize) -> i32 {
        match self.pos.game().end.draws_win {
            Some(winner) => self.lost_by(winner.opponent(), ply),
            None => 0,
        }
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

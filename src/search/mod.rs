//! The search: iterative deepening over `node::Worker`'s principal variation search, generic over any compiled
//! game (it uses only the executor: legal moves, make/unmake, check, [`Position::outcome`], the Zobrist hash).
//!
//! What is on and off, and why (docs/play.md repeats it for users):
//! - **Null-move pruning** is on in every game except in check, in the middle of a bonus turn, and for a side
//!   whose board holds only royal pieces and pieces of the cheapest type with an empty hand (zugzwang). It stays on
//!   in drop games (a move in hand is almost never worse than passing) and in games without royal pieces.
//! - **Late-move reductions** apply to quiet moves after the first three, never in check, never to captures or
//!   promotions; a reduced move that beats alpha is searched again at full depth.
//! - **Check extension**: a node in check is searched one ply deeper. Games without royal pieces have no check.
//! - **Bonus turns** (a move that leaves the same side to move) are searched without negating the score; null
//!   moves are off while one is pending, and repetitions are looked for only where the turn passed.
//! - The language has no forced-capture rule; if it gains one, stand-pat in quiescence and null moves must be
//!   turned off for such games.
//!
//! Several threads may search at once (`threads`), sharing the transposition table ("lazy SMP"); the first thread
//! reports and decides.
mod node;
pub mod order;
pub mod tt;

use crate::engine::{Move, Position};
use crate::eval::Evaluator;
use node::{Worker, INFINITE, MATE_BOUND};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
pub use tt::Table;

/// The score of mate at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// The deepest line searched (plies from the root, quiescence excluded).
pub const MAX_PLY: usize = 100;
/// Time kept back from every move for the protocol and the process (a move is never planned closer to the flag).
const OVERHEAD: Duration = Duration::from_millis(30);

/// A clock: time left for the side to move, the increment per move, and the moves to the next time control.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
}

/// When to stop. With nothing set, the search runs until stopped (analysis).
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
}

impl Limits {
    /// The time this move may take: (the point after which no new iteration starts, the point to stop at).
    fn budget(&self) -> (Option<Duration>, Option<Duration>) {
        if let Some(t) = self.movetime {
            let t = t.saturating_sub(OVERHEAD).max(Duration::from_millis(5));
            return (Some(t), Some(t));
        }
        let Some(clock) = self.clock else {
            return (None, None);
        };
        let left = clock.remaining.saturating_sub(OVERHEAD);
        let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
        let soft = left / (moves + 2) + clock.increment * 3 / 4;
        let hard = (soft * 4).min(left / 2).max(Duration::from_millis(5));
        (Some(soft.min(hard)), Some(hard))
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    /// Centipawns for the side to move; beyond ±`MATE_BOUND` a mate (see [`mate_in`]).
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
}

impl Report {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

/// Moves to mate (positive: the side to move mates; negative: it is mated), if the score is a mate score.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score + 1) / 2)
    } else {
        None
    }
}

/// The result of a search: the move to play (`None` when there is no legal move) and the last report.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub best: Option<Move>,
    pub report: Report,
}

/// What every thread of one search reads to know when to stop.
pub struct Control<'s> {
    stop: &'s AtomicBool,
    done: AtomicBool,
    start: Instant,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    nodes: AtomicU64,
    /// Nodes a thread counts between two looks at the stop conditions: 1024, or fewer under a small node limit
    /// (a sixteenth of it, a power of two, at least 16) so that budgets a few hundred nodes apart search
    /// differently. Under a time limit alone it is the most: see [`Control::adaptive`].
    batch: u64,
    /// Under a time limit and no node limit, each thread looks at the clock after fewer nodes than `batch` while
    /// its nodes are slow (a Taikyoku Shogi node generates the moves of up to 800 pieces on 1,296 squares: a
    /// fixed batch of 1,024 such nodes is not a safe step against a budget of a second or two; the cost per node
    /// was not measured apart). Node-limited searches keep the fixed batch, so that they stay the same from run
    /// to run.
    adaptive: bool,
}

/// Under [`Control::adaptive`], a thread whose last batch of nodes took longer than this halves its batch, and
/// doubles it (up to `Control::batch`) when the batch took under a quarter of it.
pub(crate) const CHECK_GAP: Duration = Duration::from_millis(2);

impl Control<'_> {
    /// Adds `batch` nodes to the shared count and says whether to stop (asked, limit reached, time up).
    fn should_stop(&self, batch: u64) -> bool {
        let nodes = self.nodes.fetch_add(batch, Ordering::Relaxed) + batch;
        self.stop.load(Ordering::Relaxed)
            || self.done.load(Ordering::Relaxed)
            || self.node_limit.is_some_and(|n| nodes >= n)
            || self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }
}

/// The most threads one search runs: more are clamped to this.
pub const MAX_THREADS: usize = 256;

/// A search set-up: the evaluation, the shared table and the number of threads.
pub struct Searcher<'a> {
    pub eval: &'a Evaluator,
    pub tt: &'a Table,
    pub threads: usize,
}

impl Searcher<'_> {
    /// Searches `pos` within `limits` (or until `stop` is set), calling `report` after every iteration. The
    /// position is left as it was. Always returns a legal move when there is one, even if stopped at once.
    pub fn search(
        &self,
        pos: &mut Position,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
    ) -> Outcome {
        let (soft, hard) = limits.budget();
        let start = Instant::now();
        // The reverse attack tables of a game of many types are built on the first attack test (0.8 s on
        // Taikyoku): built here, after the clock started, they are counted in the budget instead of overrunning
        // it. Callers that can (the protocols when a game is chosen, `tatsu search` as it loads) build them
        // before the clock starts.
        pos.engine().build_attack_tables();
        let control = Control {
            stop,
            done: AtomicBool::new(false),
            start,
            hard,
            node_limit: limits.nodes,
            nodes: AtomicU64::new(0),
            batch: limits.nodes.map_or(1024, |n| {
                (n / 16).clamp(16, 1024).next_power_of_two().min(1024)
            }),
            adaptive: limits.nodes.is_none() && hard.is_some(),
        };
        let threads = self.threads.clamp(1, MAX_THREADS);
        std::thread::scope(|scope| {
            for helper in 1..threads {
                let mut copy = pos.clone();
                let control = &control;
                scope.spawn(move || {
                    let mut worker = Worker::new(&mut copy, self.eval, self.tt, control);
                    iterate(&mut worker, limits, soft, helper, &mut |_| {});
                });
            }
            let mut worker = Worker::new(pos, self.eval, self.tt, &control);
            let outcome = iterate(&mut worker, limits, soft, 0, report);
            control.done.store(true, Ordering::Relaxed);
            outcome
        })
    }
}

/// Iterative deepening with aspiration windows from depth 5. Helper threads (`helper > 0`) start one ply deeper
/// on odd ids so that the threads do not all search the same tree in the same order.
fn iterate(
    worker: &mut Worker,
    limits: &Limits,
    soft: Option<Duration>,
    helper: usize,
    report: &mut dyn FnMut(&Report),
) -> Outcome {
    let mut moves = worker.pos.legal_move_list();
    let mut best = Report {
        depth: 0,
        seldepth: 0,
        score: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        pv: Vec::new(),
    };
    let Some(&first) = moves.first() else {
        return Outcome {
            best: None,
            report: best,
        };
    };
    let mut best_move = first;
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32)
        .clamp(1, MAX_PLY as u32 - 1);
    let mut score = 0;
    let mut depth = 1 + (helper % 2) as u32;
    while depth <= max_depth {
        let mut window = 40;
        let (mut alpha, mut beta) = if depth >= 5 {
            (score - window, score + window)
        } else {
            (-INFINITE, INFINITE)
        };
        let found = loop {
            let s = root(worker, &mut moves, depth as i32, alpha, beta);
            if worker.stopped {
                break None;
            }
            // A fail outside the widest window is the score: widening stops there (a root whose every move
            // scores -INFINITE failed low forever, and the doubling window overflowed).
            if s <= alpha && alpha > -INFINITE {
                alpha = (alpha - window).max(-INFINITE);
            } else if s >= beta && beta < INFINITE {
                beta = (beta + window).min(INFINITE);
            } else {
                break Some(s);
            }
            window = window.saturating_mul(2);
        };
        let Some(s) = found else { break };
        score = s;
        best_move = moves[0];
        best = Report {
            depth,
            seldepth: worker.seldepth as u32,
            score,
            nodes: worker.control.nodes.load(Ordering::Relaxed) + worker.uncounted(),
            elapsed: worker.control.start.elapsed(),
            pv: worker.pv[0].clone(),
        };
        if best.pv.first() != Some(&best_move) {
            best.pv = vec![best_move];
        }
        report(&best);
        let mated_within = mate_in(score).is_some_and(|m| (m.unsigned_abs() * 2) < depth);
        let out_of_time = soft.is_some_and(|s| worker.control.start.elapsed() >= s / 2);
        if mated_within || out_of_time {
            break;
        }
        depth += 1;
    }
    Outcome {
        best: Some(best_move),
        report: best,
    }
}

/// Searches the root moves, moving each new best one to the front (so the next iteration tries it first).
fn root(worker: &mut Worker, moves: &mut [Move], depth: i32, alpha: i32, beta: i32) -> i32 {
    if depth == 1 {
        let mut scores = Vec::new();
        let tt_move = worker.tt.probe(worker.pos.hash()).map_or(0, |e| e.mv);
        worker
            .heuristics
            .score(worker.pos, worker.eval, moves, &mut scores, tt_move, 0);
        let mut order: Vec<(i32, Move)> = scores.into_iter().zip(moves.iter().copied()).collect();
        order.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (slot, (_, mv)) in moves.iter_mut().zip(order) {
            *slot = mv;
        }
    }
    let mut alpha = alpha;
    let mut best = -INFINITE;
    for i in 0..moves.len() {
        let mv = moves[i];
        let score = if i == 0 {
            worker.child(mv, depth - 1, alpha, beta, 0)
        } else {
            let s = worker.child(mv, depth - 1, alpha, alpha + 1, 0);
            if s > alpha && s < beta {
                worker.child(mv, depth - 1, alpha, beta, 0)
            } else {
                s
            }
        };
        if worker.stopped {
            return best;
        }
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                worker.set_root_pv(mv);
                moves[..=i].rotate_right(1);
                if score >= beta {
                    break;
                }
            }
        }
    }
    best
}

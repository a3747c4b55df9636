//! Playing the games of a run: game `i` is a pure function of the run's settings, its seed and `i`, so any shard
//! on any machine plays it the same way.
//!
//! Games come in pairs. Both games of pair `k` start with the same random opening plies, drawn from stream `k` of
//! the seed, and give the two players the same two node budgets (the run's budget times a factor between 0.8 and
//! 1.2, also drawn from stream `k`), swapped: the player with White in one game has Black in the other. Two
//! copies of one deterministic engine would play the same game twice; the different budgets make them two
//! players, and the swap cancels whatever edge one budget gives.
use super::record::{GameRecord, RunKey, UNFINISHED};
use crate::engine::{Engine, Outcome, Position};
use crate::eval::Evaluator;
use crate::rng::SplitMix64;
use crate::search::{Limits, Searcher, Table};
use std::sync::atomic::{AtomicBool, Ordering};

/// The transposition table of a balance game, in MiB: small, because cheap searches fill little of it, and
/// cleared before every game so that a game does not depend on the games played before it.
const TABLE_MB: usize = 4;
/// Mixed into the seed for the players' budgets, so that they do not depend on how the opening drew.
const BUDGET_STREAM: u64 = 0x5851_F42D_4C95_7F2D;

/// What a process needs to play games of one variant: the evaluation and a table, built once.
pub struct Player<'e> {
    engine: &'e Engine,
    eval: Evaluator,
    table: Table,
}

impl<'e> Player<'e> {
    pub fn new(engine: &'e Engine) -> Player<'e> {
        Player {
            engine,
            eval: Evaluator::new(engine),
            table: Table::new(TABLE_MB),
        }
    }

    /// Plays game `index` of the run `key` to its end or to the ply limit.
    pub fn play(&self, key: &RunKey, index: u64) -> GameRecord {
        let opening = self.opening(key, index);
        self.play_from(key, index, &opening)
    }

    /// The random opening plies of game `index` (the same for both games of a pair), in the engine's notation.
    pub fn opening(&self, key: &RunKey, index: u64) -> Vec<String> {
        opening(self.engine, key, index)
    }

    /// Plays game `index` after the given opening plies (`--compare` plays one game's opening in the other
    /// version of the game; an opening move the other version does not allow ends the opening there).
    pub fn play_from(&self, key: &RunKey, index: u64, opening: &[String]) -> GameRecord {
        let never = AtomicBool::new(false);
        self.play_until(key, index, opening, &never)
            .expect("a game that is never stopped ends")
    }

    /// Plays game `index` of the run `key`, or `None` if `stop` is raised before it ends (a page's balance job
    /// is cancelled mid-game; a game cut short is not a record of the run).
    pub fn play_stoppable(
        &self,
        key: &RunKey,
        index: u64,
        stop: &AtomicBool,
    ) -> Option<GameRecord> {
        let opening = self.opening(key, index);
        self.play_until(key, index, &opening, stop)
    }

    fn play_until(
        &self,
        key: &RunKey,
        index: u64,
        opening: &[String],
        stop: &AtomicBool,
    ) -> Option<GameRecord> {
        let mut pos = Position::start(self.engine);
        let mut moves = Vec::new();
        for text in opening {
            if pos.outcome().is_some() {
                break;
            }
            let Ok(mv) = pos.parse_move(text) else { break };
            moves.push(text.clone());
            pos.play(mv);
        }
        let opening = moves.len() as u32;
        let nodes = budgets(key, index);
        self.table.clear();
        let searcher = Searcher {
            eval: &self.eval,
            tt: &self.table,
            threads: 1,
        };
        let outcome = loop {
            if let Some(outcome) = pos.outcome() {
                break Some(outcome);
            }
            if moves.len() >= key.max_plies as usize {
                break None;
            }
            let limits = Limits {
                depth: key.depth,
                nodes: Some(nodes[pos.side_to_move().index()]).filter(|&n| n > 0),
                ..Limits::default()
            };
            let best = searcher.search(&mut pos, &limits, stop, &mut |_| {}).best;
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let Some(best) = best else {
                break None;
            };
            moves.push(pos.uci(&best));
            pos.play(best);
        };
        let (winner, end, detail) = ending(outcome, moves.len());
        Some(GameRecord {
            run: key.clone(),
            index,
            nodes,
            opening,
            moves,
            winner,
            end,
            detail,
        })
    }
}

/// The random opening plies of game `index` of the run `key` (the same for both games of a pair), in the engine's
/// notation: drawn from stream `index / 2` of the seed, stopping early if the game ends.
pub fn opening(engine: &Engine, key: &RunKey, index: u64) -> Vec<String> {
    let mut rng = SplitMix64::stream(key.seed, index / 2);
    let mut pos = Position::start(engine);
    let mut line = Vec::new();
    for _ in 0..key.opening_plies {
        if pos.outcome().is_some() {
            break;
        }
        let moves = pos.legal_move_list();
        let mv = moves[rng.below(moves.len())];
        line.push(pos.uci(&mv));
        pos.play(mv);
    }
    line
}

/// The node budgets per move of White and Black in game `index` of the run `key`: a pair's two budgets, swapped
/// in its second game.
pub fn budgets(key: &RunKey, index: u64) -> [u64; 2] {
    let mut rng = SplitMix64::stream(key.seed ^ BUDGET_STREAM, index / 2);
    let budgets = [budget(key.nodes, &mut rng), budget(key.nodes, &mut rng)];
    if index % 2 == 0 {
        budgets
    } else {
        [budgets[1], budgets[0]]
    }
}

/// A record's `winner`, `end` and `detail` for a game that ended with `outcome` (`None`: stopped unfinished) after
/// `plies` plies.
pub fn ending(outcome: Option<Outcome>, plies: usize) -> (Option<String>, String, String) {
    match outcome {
        Some(o) => {
            let text = o.to_string();
            let detail = text.split_once(" (").map_or(text.as_str(), |(_, d)| d);
            (
                o.winner.map(|w| side_key(w).to_string()),
                o.reason.key().to_string(),
                detail.trim_end_matches(')').to_string(),
            )
        }
        None => (
            None,
            UNFINISHED.to_string(),
            format!("unfinished: {plies} plies reached"),
        ),
    }
}

/// A player's node budget: the run's, times a factor from 0.8 to 1.2.
fn budget(nodes: u64, rng: &mut SplitMix64) -> u64 {
    let factor = 0.8 + 0.4 * (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (nodes as f64 * factor).round() as u64
}

/// A side as records name it: as the data view does.
pub use crate::describe::side_key;

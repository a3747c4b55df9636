//! How far the run's players look ahead, and whether that is too shallow for the report's conclusions.
//!
//! A balance run plays cheap searches so that hundreds of games take minutes; below a few plies the engine does
//! not see a piece left hanging two moves on, and the report then describes the engine's blindness as much as the
//! game (a drop that mates at once, a flag race it cannot count). The report says how deep the run's budget
//! searches from the start position (a middle game searches less deep on the same budget) and, when that is under
//! [`SHALLOW_PLIES`], warns and names a budget that reaches it.
use super::defaults;
use super::record::RunKey;
use crate::engine::{Engine, Position};
use crate::eval::Evaluator;
use crate::search::{Limits, Searcher, Table};
use serde::Serialize;
use std::sync::atomic::AtomicBool;

/// Play that completes fewer plies than this from the start position is flagged as shallow: at 5 plies a search
/// sees a move, the reply, and a second move with its reply before quiescence, enough for the two-move tactics
/// (forks, a drop that mates after a check) that decide games between cheap players.
pub const SHALLOW_PLIES: u32 = 5;
/// The largest budget a probe for the suggested or default budget tries (each try is 4 times the one before).
pub const MAX_PROBE_NODES: u64 = 256_000;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PlayDepth {
    /// Plies the run's budget completes from the start position (iterative deepening's last finished depth).
    pub plies: u32,
    /// `plies` is under [`SHALLOW_PLIES`].
    pub shallow: bool,
    /// When shallow: the smallest of 4, 16, 64… times the run's budget (at most 256,000 nodes) that completes
    /// [`SHALLOW_PLIES`] from the start position; `None` when none does, or when the run has no node limit.
    pub suggested_nodes: Option<u64>,
}

/// The plies a one-thread search with a fresh table completes from `engine`'s start position within `nodes`
/// (0: no node limit) and `depth`. Deterministic, so every process that asks gets the same answer.
fn completed_plies(engine: &Engine, eval: &Evaluator, nodes: u64, depth: Option<u32>) -> u32 {
    let table = Table::new(1);
    let searcher = Searcher {
        eval,
        tt: &table,
        threads: 1,
    };
    let limits = Limits {
        depth,
        nodes: Some(nodes).filter(|&n| n > 0),
        ..Limits::default()
    };
    let mut pos = Position::start(engine);
    let never = AtomicBool::new(false);
    searcher
        .search(&mut pos, &limits, &never, &mut |_| {})
        .report
        .depth
}

/// The smallest of `from`, 4 × `from`, 16 × `from`… up to [`MAX_PROBE_NODES`] that completes [`SHALLOW_PLIES`]
/// from the start position, if one does.
fn smallest_deep_budget(engine: &Engine, eval: &Evaluator, from: u64) -> Option<u64> {
    std::iter::successors(Some(from), |n| Some(n.saturating_mul(4)))
        .take_while(|&n| n <= MAX_PROBE_NODES)
        .find(|&n| completed_plies(engine, eval, n, Some(SHALLOW_PLIES)) >= SHALLOW_PLIES)
}

/// The node budget of a run that names none: the smallest of [`defaults::NODES`], 4 times it, 16 times… (at most
/// [`MAX_PROBE_NODES`]) that completes [`SHALLOW_PLIES`] from `engine`'s start position, so that a report is not
/// shallow by default (measured per game: 1,000 nodes complete 5 plies in shogi but 16,000 are needed in Ryugi);
/// the largest when none does. Deterministic, so shards played on different machines choose the same budget.
pub fn default_nodes(engine: &Engine) -> u64 {
    let eval = Evaluator::new(engine);
    smallest_deep_budget(engine, &eval, defaults::NODES).unwrap_or(MAX_PROBE_NODES)
}

/// Measures the run `key`'s depth of play on `engine`: one search from the start position at the run's budget,
/// and when it is shallow, searches at larger budgets for the suggestion. Deterministic (one thread, a fresh
/// table each time), so a report is the same whichever process builds it.
pub fn probe(engine: &Engine, key: &RunKey) -> PlayDepth {
    let eval = Evaluator::new(engine);
    let plies = completed_plies(engine, &eval, key.nodes, key.depth);
    let shallow = plies < SHALLOW_PLIES;
    // A depth limit under the mark is the user's choice of shallow play, and no node budget lifts it.
    let depth_allows = key.depth.is_none_or(|d| d >= SHALLOW_PLIES);
    let suggested_nodes = if shallow && key.nodes > 0 && depth_allows {
        smallest_deep_budget(engine, &eval, key.nodes.saturating_mul(4))
    } else {
        None
    };
    PlayDepth {
        plies,
        shallow,
        suggested_nodes,
    }
}

/// The warning for shallow play, in words; `None` when the play is deep enough.
pub fn warning(d: &PlayDepth, nodes: u64) -> Option<String> {
    if !d.shallow {
        return None;
    }
    let budget = if nodes > 0 {
        format!("{nodes} nodes a move complete")
    } else {
        "the depth limit completes".to_string()
    };
    let advice = match d.suggested_nodes {
        Some(n) => format!("; --nodes {n} reaches {SHALLOW_PLIES}"),
        None if nodes > 0 => {
            format!("; no budget up to {MAX_PROBE_NODES} nodes reaches {SHALLOW_PLIES}")
        }
        None => String::new(),
    };
    Some(format!(
        "shallow play: {budget} {} {} from the start position (fewer than {SHALLOW_PLIES}), so these results \
         describe how a player that looks {} ahead fares, not yet the game{advice}",
        d.plies,
        plies_word(d.plies),
        plies(d.plies)
    ))
}

fn plies_word(n: u32) -> &'static str {
    if n == 1 {
        "ply"
    } else {
        "plies"
    }
}

fn plies(n: u32) -> String {
    format!("{n} {}", plies_word(n))
}

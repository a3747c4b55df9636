//! The search keeps to its limits on Taikyoku Shogi (36x36, 402 pieces a side), where nodes are slow and one ply
//! with quiescence took over 9 minutes (`tatsu search taikyoku-shogi --depth 1`, killed; docs/performance.md): a
//! legal move comes back however soon the search is stopped. No assertion is timed: each test would run for minutes (or not end) if the deadline or the node cap
//! went unchecked inside quiescence.
use std::sync::atomic::AtomicBool;
use tatsu::engine::Position;
use tatsu::eval::Evaluator;
use tatsu::search::{Limits, Outcome, Report, Searcher, Table};

/// Searches the Taikyoku start within `limits` on one thread; returns the outcome and the iterations reported.
fn search_taikyoku(limits: &Limits) -> (Outcome, Vec<Report>, Vec<tatsu::engine::Move>) {
    let engine = tatsu::variants::bundled_engine("taikyoku-shogi").expect("bundled");
    let mut pos = Position::start(&engine);
    let legal = pos.legal_move_list();
    let eval = Evaluator::new(&engine);
    let tt = Table::new(4);
    let searcher = Searcher {
        eval: &eval,
        tt: &tt,
        threads: 1,
    };
    let mut reports = Vec::new();
    let outcome = searcher.search(&mut pos, limits, &AtomicBool::new(false), &mut |r| {
        reports.push(r.clone())
    });
    (outcome, reports, legal.to_vec())
}

/// A node cap stops the search inside quiescence, at depth 1: the start has 280 legal moves (those
/// yetiowin805/taikyoku_shogi lists, tests/it/taikyoku.rs), and every root move is at
/// least one node (its reply's quiescence), so 64 nodes cannot finish the first ply. The first legal move, ready
/// before the first iteration, is the answer.
#[test]
fn search_node_cap_stops_quiescence_at_depth_one_with_a_legal_move() {
    let limits = Limits {
        depth: Some(1),
        nodes: Some(64),
        ..Limits::default()
    };
    let (outcome, reports, legal) = search_taikyoku(&limits);
    assert_eq!(legal.len(), 280);
    assert!(reports.is_empty(), "no iteration can finish: {reports:?}");
    let best = outcome.best.expect("a legal move");
    assert!(legal.contains(&best));
}

/// A time limit alone (`--movetime`, XBoard's `st`) looks at the clock after fewer nodes while nodes are slow:
/// the search ends (the test would otherwise take minutes, one ply being that long) with a legal move.
#[test]
fn search_movetime_on_taikyoku_ends_with_a_legal_move() {
    let limits = Limits {
        movetime: Some(std::time::Duration::from_millis(200)),
        ..Limits::default()
    };
    let (outcome, _, legal) = search_taikyoku(&limits);
    let best = outcome.best.expect("a legal move");
    assert!(legal.contains(&best));
}

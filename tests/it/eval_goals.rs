//! What the evaluation knows of how games are won, beyond material: a lone royal piece is driven to the edge and
//! mated, a flag piece is worth more as it nears its zone, and each check given counts toward a check limit. Each
//! test fails on the evaluation before these terms (`git show 365886e:src/eval/mod.rs`), as said beside it.
use crate::support::variants;
use std::sync::atomic::AtomicBool;
use tatsu::engine::{Engine, Position, Reason};
use tatsu::eval::Evaluator;
use tatsu::rules::Side;
use tatsu::search::{Limits, Searcher, Table};

fn bundled(name: &str) -> std::sync::Arc<Engine> {
    tatsu::variants::bundled_engine(name).expect("a bundled game")
}

/// The evaluation of `fen` for White.
fn white_score(engine: &Engine, eval: &Evaluator, fen: &str) -> i32 {
    let pos = Position::from_fen(engine, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    match pos.side_to_move() {
        Side::White => eval.evaluate(&pos),
        Side::Black => -eval.evaluate(&pos),
    }
}

/// Plays `fen` out, both sides searching `nodes` nodes a move on one thread, each with its own table as two engines
/// would; returns the outcome and the number of moves White made.
fn self_play(engine: &Engine, fen: &str, nodes: u64) -> (Option<tatsu::engine::Outcome>, u32) {
    let eval = Evaluator::new(engine);
    let tables = [Table::new(4), Table::new(4)];
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut pos = Position::from_fen(engine, fen).expect("valid FEN");
    let mut white_moves = 0;
    while pos.outcome().is_none() {
        let searcher = Searcher {
            eval: &eval,
            tt: &tables[pos.side_to_move().index()],
            threads: 1,
        };
        if pos.side_to_move() == Side::White {
            white_moves += 1;
        }
        let outcome = searcher.search(&mut pos, &limits, &AtomicBool::new(false), &mut |_| {});
        pos.play(outcome.best.expect("a legal move while the game goes on"));
    }
    (pos.outcome(), white_moves)
}

/// King and rook against king is won from every position where the rook cannot be taken at once, in at most 16
/// moves (the endgame tablebases' longest mate); chess's 50-move rule leaves room for three times that. Before the
/// lone-royal term, with no mate within its horizon, the search shuffled until the 50-move rule in each of these
/// three positions (`tatsu match` of the old binary against itself at 15,000 nodes: drawn at ply 100 each time).
#[test]
fn a_lone_king_is_mated_by_king_and_rook_before_the_move_count_rule() {
    let chess = bundled("chess");
    for fen in [
        "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
        "8/8/4k3/8/8/8/8/K6R w - - 0 1",
        "8/8/8/8/2k5/8/8/4K2R w - - 0 1",
    ] {
        let (outcome, moves) = self_play(&chess, fen, 15_000);
        let outcome = outcome.expect("the game ended");
        assert_eq!(
            (outcome.winner, outcome.reason),
            (Some(Side::White), Reason::Checkmate),
            "{fen}: {outcome} after {moves} moves"
        );
    }
}

/// The same material, the lone king in the corner with the other king near, against the lone king in the centre
/// with the other king far: the first is nearer mate. Before the term the second scored higher for White (the lone
/// king's own square term, which keeps a royal piece on its back rank, was all the evaluation said).
#[test]
fn a_lone_king_in_the_corner_is_worth_more_to_the_side_that_drove_it_there() {
    let chess = bundled("chess");
    let eval = Evaluator::new(&chess);
    let cornered = white_score(&chess, &eval, "k7/8/1K6/8/8/8/8/7R w - - 0 1");
    let central = white_score(&chess, &eval, "8/8/8/3k4/8/8/8/K6R w - - 0 1");
    assert!(cornered > central, "cornered {cornered}, central {central}");
}

/// A side with more than its royal piece is not "lone": the term leaves a king and a pawn alone.
#[test]
fn a_king_with_a_pawn_beside_it_is_not_driven_as_a_lone_king() {
    let chess = bundled("chess");
    let eval = Evaluator::new(&chess);
    let a8 = white_score(&chess, &eval, "k7/p7/1K6/8/8/8/8/7R w - - 0 1");
    let b8 = white_score(&chess, &eval, "1k6/p7/1K6/8/8/8/8/7R w - - 0 1");
    // Only the square terms differ: the Black king's own (equal on the back rank) and none of the lone-royal kind.
    assert_eq!(a8, b8);
}

/// King of the Hill: the king that reaches d4, e4, d5 or e5 wins. A king one move from the hill is worth more than
/// the same king at home, by more than the royal piece's penalty for leaving its back rank (2 ranks, 16); before
/// the flag term the home square scored higher.
#[test]
fn a_king_of_the_hill_king_gains_as_it_nears_the_hill() {
    let koth = variants::engine("kingofthehill");
    let eval = Evaluator::new(&koth);
    let home = white_score(&koth, &eval, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let near = white_score(&koth, &eval, "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    assert!(near > home + 50, "near {near}, home {home}");
}

/// Racing Kings: every rank the king climbs brings the goal (the 8th rank) nearer; Black's king stays on a1.
#[test]
fn a_racing_king_gains_with_every_rank_it_climbs() {
    let race = variants::engine("racingkings");
    let eval = Evaluator::new(&race);
    let scores: Vec<i32> = (2..=7)
        .map(|rank| {
            let mut rows = vec!["8".to_string(); 8];
            rows[8 - rank] = "7K".into();
            rows[7] = "k7".into();
            white_score(&race, &eval, &format!("{} w - - 0 1", rows.join("/")))
        })
        .collect();
    assert!(
        scores.windows(2).all(|w| w[1] > w[0]),
        "scores by rank 2 to 7: {scores:?}"
    );
}

/// Three-check: a side that has given two checks needs one more to win, which the evaluation before this term did
/// not see at all (the same position scored the same with `3+3` and `1+3`).
#[test]
fn a_three_check_side_two_checks_in_is_nearer_the_win() {
    let three = variants::engine("threecheck");
    let eval = Evaluator::new(&three);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    let two_in = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1";
    let (before, after) = (
        white_score(&three, &eval, start),
        white_score(&three, &eval, two_in),
    );
    assert!(after > before + 300, "3+3: {before}, 1+3: {after}");
}

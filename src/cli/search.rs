//! `tatsu search`: search one position and print each iteration and the best move (a quick look at what the
//! engine thinks, and the search-speed benchmark's command).
use super::error::CliError;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tatsu::engine::Position;
use tatsu::eval::Evaluator;
use tatsu::search::{self, Limits, Searcher, Table, MAX_PLY, MAX_THREADS};

/// Search a position and print every iteration (depth, score, nodes, speed, principal variation) and the best move.
///
/// Without a limit it searches to depth 8. Scores are centipawns for the side to move; `mate N` is a forced mate in
/// N moves (`mate -N`: the side to move is mated).
///
/// Examples:
///   tatsu search chess --depth 8
///   tatsu search euroshogi --movetime 2000
///   tatsu search shogi --fen "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1" --nodes 1000000
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct SearchArgs {
    #[command(flatten)]
    pub position: super::position::PositionArgs,
    /// Search this many plies deep (1 to 99: the search's longest line is 100 plies).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..MAX_PLY as i64))]
    pub depth: Option<u32>,
    /// Stop after about this many nodes (at least 1; a budget too small to finish one ply gives the first legal
    /// move, unsearched, and no iteration line).
    #[arg(long, value_parser = at_least_one)]
    pub nodes: Option<u64>,
    /// Stop after this many milliseconds (at least 1).
    #[arg(long, value_parser = at_least_one)]
    pub movetime: Option<u64>,
    /// Transposition table size in MiB (1 to 65536).
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Search threads, sharing the table (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = super::bounds::within(1, MAX_THREADS as u32))]
    pub threads: u32,
    /// Print one JSON object when the search ends (schema `tatsu.search/1`: every iteration and the best move)
    /// instead of a line per iteration.
    #[arg(long)]
    pub json: bool,
}

/// `search --json` (schema `tatsu.search/1`).
#[derive(serde::Serialize)]
struct SearchJson {
    schema: &'static str,
    fen: String,
    iterations: Vec<IterationJson>,
    /// `null` when the position has no legal move.
    bestmove: Option<String>,
}

/// One completed iteration: `score` in centipawns, or `mate` in moves (negative: being mated).
#[derive(serde::Serialize)]
struct IterationJson {
    depth: u32,
    seldepth: u32,
    score: Option<i32>,
    mate: Option<i32>,
    nodes: u64,
    time_ms: u128,
    nps: u64,
    pv: Vec<String>,
}

/// A budget of nothing would print a best move no search looked at: refused where it is read.
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

pub fn run(args: SearchArgs) -> Result<(), CliError> {
    let tt = Table::try_new(args.hash).map_err(|e| CliError::usage(format!("--hash: {e}")))?;
    args.position.run(|pos| go(&args, pos, &tt))
}

fn go(args: &SearchArgs, mut pos: Position, tt: &Table) -> Result<(), CliError> {
    let eval = Evaluator::new(pos.engine());
    // Part of loading, before `--movetime`'s clock starts (the search would otherwise build them in its time).
    pos.engine().build_attack_tables();
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        clock: None,
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.depth = Some(8);
    }
    let searcher = Searcher {
        eval: &eval,
        tt,
        threads: args.threads as usize,
    };
    let stop = AtomicBool::new(false);
    let game = pos.game();
    let fen = pos.to_fen();
    let mut iterations = Vec::new();
    let outcome = searcher.search(&mut pos, &limits, &stop, &mut |r| {
        let pv: Vec<String> =
            r.pv.iter()
                .map(|m| tatsu::engine::notation::to_uci(game, m))
                .collect();
        if args.json {
            let mate = search::mate_in(r.score);
            iterations.push(IterationJson {
                depth: r.depth,
                seldepth: r.seldepth,
                score: mate.is_none().then_some(r.score),
                mate,
                nodes: r.nodes,
                time_ms: r.elapsed.as_millis(),
                nps: r.nps(),
                pv,
            });
            return;
        }
        outln!(
            "depth {} seldepth {} score {} nodes {} time {} nps {} pv {}",
            r.depth,
            r.seldepth,
            score_text(r.score),
            r.nodes,
            r.elapsed.as_millis(),
            r.nps(),
            pv.join(" ")
        );
    });
    if args.json {
        return super::common::print_json(&SearchJson {
            schema: "tatsu.search/1",
            fen,
            iterations,
            bestmove: outcome.best.map(|mv| pos.uci(&mv)),
        });
    }
    match outcome.best {
        Some(mv) => outln!("bestmove {}", pos.uci(&mv)),
        None => outln!("bestmove (none)"),
    }
    Ok(())
}

/// `cp 31` or `mate 3`, as UCI writes scores.
pub fn score_text(score: i32) -> String {
    match search::mate_in(score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {score}"),
    }
}

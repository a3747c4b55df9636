//! `tatsu perft`: count the leaves of the legal move tree, optionally split by first move.
use super::common::{print_json, progress_bar};
use super::error::CliError;
use serde::Serialize;
use std::io::IsTerminal;
use tatsu::engine::{perft, Position};

/// Count the positions reachable in exactly N plies (perft), as Fairy-Stockfish's `go perft N` does.
///
/// Examples:
///   tatsu perft ryugi --depth 4
///   tatsu perft euroshogi --depth 3 --divide
///   tatsu perft chess --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --depth 2
///   tatsu perft path/to/my-variant.tatsu --depth 3 --moves e2e4 e7e5
///   tatsu perft chess --depth 2 --divide --json
///   tatsu perft chess --depth 6 --split 2 > units.txt && tatsu perft chess --units units.txt
///   tatsu perft chess --units part1.txt --results r1.txt && tatsu perft chess --total units.txt r*.txt
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: super::position::PositionArgs,
    /// How many plies deep to count (at most 64: far past any count that could finish, and the recursion's
    /// bound; docs/limits.md).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=64), required_unless_present_any = ["units", "total"])]
    pub depth: Option<u32>,
    /// Print one `move: count` line per legal move (sorted by move text) before the total.
    #[arg(long)]
    pub divide: bool,
    /// Count on this many threads, 1 to 256, splitting the first moves between them (default: every core).
    #[arg(long, value_parser = super::bounds::within(1, tatsu::search::MAX_THREADS as u32))]
    pub threads: Option<u32>,
    /// Write the work units of this perft instead of counting: a manifest line, then one line per legal move
    /// sequence of this many plies (`ID<TAB>FEN<TAB>MOVES<TAB>DEPTH`), whose counts add up to the perft
    /// (docs/balance.md).
    #[arg(long, value_name = "PLIES", conflicts_with_all = ["divide", "json"])]
    pub split: Option<u32>,
    /// Count the work units of this file (written by --split), each on its own line, and their total. Each unit
    /// names its position and depth, so --depth, --fen, --moves and --threads do not go with it.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["divide", "json", "split", "depth", "fen", "moves", "threads"]
    )]
    pub units: Option<std::path::PathBuf>,
    /// With --units: append each unit's result to this file as it is counted, and count no unit already there
    /// (a run that stopped resumes where it stopped).
    #[arg(long, value_name = "FILE", requires = "units")]
    pub results: Option<std::path::PathBuf>,
    /// Add up the results (lines written by --units) of the split whose manifest begins the first file: every
    /// unit must have one result, and results of another split or unit are refused.
    #[arg(
        long,
        value_name = "SPLIT RESULTS",
        num_args = 2..,
        conflicts_with_all = ["divide", "json", "split", "depth", "fen", "moves", "threads", "units"]
    )]
    pub total: Vec<std::path::PathBuf>,
    /// Print one JSON object: the position, the depth, the total and (with --divide) the count per move.
    #[arg(long)]
    pub json: bool,
}

/// `perft --json` (schema `tatsu.perft/1`).
#[derive(Serialize)]
struct PerftJson {
    schema: &'static str,
    variant: String,
    fen: String,
    depth: u32,
    nodes: u64,
    /// Per first move, sorted by move text; `null` without --divide.
    divide: Option<Vec<DivideJson>>,
}

#[derive(Serialize)]
struct DivideJson {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

pub fn run(args: PerftArgs) -> Result<(), CliError> {
    if let Some(path) = &args.units {
        let engine = super::common::load_engine(&args.position.variant)?;
        return super::perft_units::count(&engine, path, args.results.as_deref());
    }
    if !args.total.is_empty() {
        let engine = super::common::load_engine(&args.position.variant)?;
        return super::perft_units::total(&engine, &args.total);
    }
    let depth = args.depth.unwrap_or(0);
    if let Some(plies) = args.split {
        return args
            .position
            .run(|mut pos| super::perft_units::split(&mut pos, depth, plies));
    }
    args.position.run(|pos| count(&args, depth, pos))
}

fn count(args: &PerftArgs, depth: u32, mut pos: Position) -> Result<(), CliError> {
    let start = std::time::Instant::now();
    let bar = progress_bar(0, "perft", "first moves");
    let threads = super::common::threads_or_every_core(args.threads);
    let divided = perft::divide_parallel(&mut pos, depth.max(1), threads, |done, total| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let nodes: u64 = if depth == 0 {
        1
    } else {
        divided.iter().map(|(_, n)| n).sum()
    };
    let mut lines: Vec<(String, u64)> = if depth > 0 {
        divided.iter().map(|(mv, n)| (pos.uci(mv), *n)).collect()
    } else {
        Vec::new()
    };
    lines.sort();
    if args.json {
        print_json(&PerftJson {
            schema: "tatsu.perft/1",
            variant: pos.game().name.clone(),
            fen: pos.to_fen(),
            depth,
            nodes,
            divide: args.divide.then(|| {
                lines
                    .into_iter()
                    .map(|(mv, nodes)| DivideJson { mv, nodes })
                    .collect()
            }),
        })?;
    } else {
        if args.divide && depth > 0 {
            for (mv, n) in &lines {
                outln!("{mv}: {n}");
            }
            outln!();
        }
        outln!("Nodes searched: {nodes}");
    }
    let seconds = start.elapsed().as_secs_f64();
    if std::io::stderr().is_terminal() {
        eprintln!(
            "{:.3} s, {:.0} nodes/s",
            seconds,
            nodes as f64 / seconds.max(1e-9)
        );
    }
    Ok(())
}

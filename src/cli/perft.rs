//! `tatsu perft`: count the leaves of the legal move tree, optionally split by first move.
use std::io::IsTerminal;
use std::process::ExitCode;
use tatsu::engine::{perft, Position};

/// Count the positions reachable in exactly N plies (perft), as Fairy-Stockfish's `go perft N` does.
///
/// Examples:
///   tatsu perft ryugi --depth 4
///   tatsu perft euroshogi --depth 3 --divide
///   tatsu perft chess --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --depth 2
///   tatsu perft path/to/my-variant.tatsu --depth 3 --moves e2e4 e7e5
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: super::position::PositionArgs,
    /// How many plies deep to count.
    #[arg(long, short)]
    pub depth: u32,
    /// Print one `move: count` line per legal move before the total.
    #[arg(long)]
    pub divide: bool,
    /// Count on this many threads, splitting the first moves between them (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

pub fn run(args: PerftArgs) -> ExitCode {
    args.position.run(|pos| count(&args, pos))
}

fn count(args: &PerftArgs, mut pos: Position) -> ExitCode {
    let start = std::time::Instant::now();
    let bar = progress_bar();
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let divided = perft::divide_parallel(&mut pos, args.depth.max(1), threads, |done, total| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let nodes: u64 = if args.depth == 0 {
        1
    } else {
        divided.iter().map(|(_, n)| n).sum()
    };
    if args.divide && args.depth > 0 {
        for (mv, n) in &divided {
            outln!("{}: {n}", pos.uci(mv));
        }
        outln!();
    }
    outln!("Nodes searched: {nodes}");
    let seconds = start.elapsed().as_secs_f64();
    if std::io::stderr().is_terminal() {
        eprintln!(
            "{:.3} s, {:.0} nodes/s",
            seconds,
            nodes as f64 / seconds.max(1e-9)
        );
    }
    ExitCode::SUCCESS
}

/// A progress bar on a terminal; nothing when stderr is piped or redirected.
fn progress_bar() -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} perft {bar:40} {pos}/{len} first moves, {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

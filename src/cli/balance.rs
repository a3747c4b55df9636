//! `tatsu balance`: games between two copies of tatsu's engine, and the statistics a designer reads from them.
use super::common::{load_engine, print_json, progress_bar};
use super::error::CliError;
use std::io::IsTerminal;
use std::path::PathBuf;
use tatsu::balance::{
    compare, defaults, depth, html, merge, record, report, text, GameRecord, Player, RunKey, Shard,
};
use tatsu::engine::Engine;

/// Play the engine against itself from varied openings and report what the games say about the game's balance.
///
/// Each pair of games shares a random opening (--opening-plies) and two node budgets (--nodes ±20%), swapped
/// between the games: every opening is played with both colours. Reported: the first player's score with a 95%
/// Wilson interval and the draw rate, how the games ended, their length, what each piece type and each zone saw,
/// and piece values fitted from the results. Games are a pure function of the seed and their number, so shards
/// (--shard I/N, --out FILE) played anywhere merge (--merge FILE…) into exactly the single run's report.
/// docs/balance.md explains every number.
///
/// Examples:
///   tatsu balance chess --games 20 --max-plies 200
///   tatsu balance ryu-shogi --games 40 --nodes 2000 --html ryu.html
///   tatsu balance my-game.tatsu --games 200 --shard 3/8 --out shard3.jsonl --resume
///   tatsu balance my-game.tatsu --merge shard*.jsonl --json
///   tatsu balance my-game.tatsu --games 100 --compare my-game-v2.tatsu
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct BalanceArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    /// Games in the run, 1 to 1,000,000 (rounded up to an even number: each opening is played with both
    /// colours).
    #[arg(long, default_value_t = defaults::GAMES, value_parser = super::bounds::within(1, super::bounds::MAX_GAMES))]
    pub games: u32,
    /// Nodes searched per move (each player's budget is this ±20%); 0 for no node limit (then give --depth).
    /// Default: the smallest of 1,000, 4,000, 16,000… (at most 256,000) with which the search completes 5 plies
    /// from the game's start position, measured when the run starts (shown in a note).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search depth per move, at most (with --nodes 0, the only limit).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: Option<u32>,
    /// The run's seed: the same seed plays the same games.
    #[arg(long, default_value_t = defaults::SEED)]
    pub seed: u64,
    /// Stop a game after this many plies; it is reported as unfinished and not scored (1 to 100,000).
    #[arg(long, default_value_t = defaults::MAX_PLIES, value_parser = super::bounds::within(1, super::bounds::MAX_GAME_PLIES))]
    pub max_plies: u32,
    /// Uniformly random plies that open each pair of games (0 to 1,000).
    #[arg(long, default_value_t = defaults::OPENING_PLIES, value_parser = super::bounds::within(0, super::bounds::MAX_OPENING_PLIES))]
    pub opening_plies: u32,
    /// Play only shard I of N of the run (the games whose number is I-1 modulo N).
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Append each finished game to this file (one JSON line per game).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Skip the games already in --out.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Play nothing: make the report of the games in these files (the shards of one run).
    #[arg(long, num_args = 1.., conflicts_with_all = ["shard", "resume", "compare"])]
    pub merge: Vec<PathBuf>,
    /// Play the same openings and seeds in this version of the game too, and compare the two.
    #[arg(long)]
    pub compare: Option<String>,
    /// Print the report as one JSON object (schema `tatsu.balance/1`, or `tatsu.balance-compare/1`).
    #[arg(long)]
    pub json: bool,
    /// Write the report as a self-contained HTML page with charts.
    #[arg(long)]
    pub html: Option<PathBuf>,
}

/// The games of a `--merge` or `--resume` file; a last line cut short is skipped with a note (its game is not in
/// the report, and `--resume` plays it again).
fn read_games(path: &std::path::Path) -> Result<Vec<record::Located>, CliError> {
    let (games, skipped) = record::read(path).map_err(CliError::input)?;
    if let Some(note) = skipped {
        eprintln!("note: {note}");
    }
    Ok(games)
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    Shard::parse(text).ok_or_else(|| format!("`{text}` is not a shard I/N with 1 ≤ I ≤ N"))
}

pub fn run(args: BalanceArgs) -> Result<(), CliError> {
    if args.nodes == Some(0) && args.depth.is_none() {
        return Err(CliError::usage(
            "--nodes 0 needs a --depth (or the search would never stop)",
        ));
    }
    let engine = load_engine(&args.variant)?;
    if !args.merge.is_empty() {
        let sets = args
            .merge
            .iter()
            .map(|p| read_games(p))
            .collect::<Result<Vec<_>, _>>()?;
        let merged =
            merge::merge(&engine, sets.into_iter().flatten().collect()).map_err(CliError::input)?;
        for note in &merged.notes {
            eprintln!("note: {note}");
        }
        let games = merged.games;
        let key = games[0].run.clone();
        return output(&args, &engine, &key, &games);
    }
    let nodes = args.nodes.unwrap_or_else(|| {
        let nodes = depth::default_nodes(&engine);
        eprintln!(
            "note: {nodes} nodes a move, the smallest of 1000, 4000, 16000… that searches {} plies from the start \
             position (--nodes sets it)",
            depth::SHALLOW_PLIES
        );
        nodes
    });
    let key = RunKey {
        variant: engine.game.name.clone(),
        seed: args.seed,
        games: u64::from(args.games.div_ceil(2) * 2),
        max_plies: args.max_plies,
        opening_plies: args.opening_plies,
        nodes,
        depth: args.depth,
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let games = play_run(&args, &engine, &key, shard, None)?;
    let Some(other) = &args.compare else {
        return output(&args, &engine, &key, &games);
    };
    let other_engine = load_engine(other)?;
    let other_key = RunKey {
        variant: other_engine.game.name.clone(),
        ..key.clone()
    };
    let base_player = Player::new(&engine);
    let other_games = play_run(&args, &other_engine, &other_key, shard, Some(&base_player))?;
    let base = report::build(&engine, &key, &games).map_err(CliError::input)?;
    let other = report::build(&other_engine, &other_key, &other_games).map_err(CliError::input)?;
    let comparison = compare::compare(base, &games, other, &other_games);
    if args.json {
        print_json(&comparison)
    } else {
        outln!("{}", text::render_comparison(&comparison).trim_end());
        Ok(())
    }
}

/// Plays the shard's games that are not already in --out (with --resume), appending each to --out as it
/// finishes; returns all of them (those read back and those played) in index order. With `openings_from`, each
/// game starts with that player's opening plies for it (`--compare`).
fn play_run(
    args: &BalanceArgs,
    engine: &Engine,
    key: &RunKey,
    shard: Shard,
    openings_from: Option<&Player>,
) -> Result<Vec<GameRecord>, CliError> {
    let out = args.out.as_deref().filter(|_| openings_from.is_none());
    let mut done = Vec::new();
    if let Some(path) = out.filter(|p| args.resume && p.exists()) {
        let read = read_games(path)?;
        if let Some(other) = read.iter().find(|r| r.record.run != *key) {
            return Err(CliError::input(format!(
                "{} holds games of another run ({}), not of this one ({key}); resume with the same settings",
                other.at, other.record.run
            )));
        }
        if !read.is_empty() {
            // Checked as a merge checks them; only the games of this shard are played, so none is "missing".
            done = merge::merge(engine, read).map_err(CliError::input)?.games;
        }
    }
    let mut file = match out {
        Some(path) => Some(
            record::open(path, args.resume)
                .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let played: std::collections::HashSet<u64> = done.iter().map(|r| r.index).collect();
    let todo: Vec<u64> = shard
        .games(key.games)
        .filter(|i| !played.contains(i))
        .collect();
    let player = Player::new(engine);
    let bar = progress_bar(todo.len() as u64, "balance", "games");
    let clock = std::time::Instant::now();
    for &index in &todo {
        let game = match openings_from {
            Some(base) => player.play_from(key, index, &base.opening(key, index)),
            None => player.play(key, index),
        };
        if let Some(file) = file.as_mut() {
            record::append(file, &game)
                .map_err(|e| CliError::input(format!("cannot write a game: {e}")))?;
        }
        done.push(game);
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if std::io::stderr().is_terminal() && !todo.is_empty() {
        let minutes = clock.elapsed().as_secs_f64() / 60.0;
        eprintln!(
            "{} games of {} in {:.1} s: {:.1} games per minute",
            todo.len(),
            key.variant,
            minutes * 60.0,
            todo.len() as f64 / minutes.max(1e-9)
        );
    }
    done.sort_by_key(|r| r.index);
    Ok(done)
}

fn output(
    args: &BalanceArgs,
    engine: &Engine,
    key: &RunKey,
    games: &[GameRecord],
) -> Result<(), CliError> {
    let report = report::build(engine, key, games).map_err(CliError::input)?;
    if let Some(path) = &args.html {
        std::fs::write(path, html::render(&report))
            .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
    }
    if args.json {
        print_json(&report)
    } else {
        out!("{}", text::render(&report));
        Ok(())
    }
}

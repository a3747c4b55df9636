//! `tatsu match`: two XBoard engines play each other with tatsu as referee, on any bundled game or variant file.
mod game;
mod player;

use super::common::load_engine;
use super::error::CliError;
use game::{Record, TimeControl};
use player::Player;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tatsu::engine::{Engine, Move, Position};
use tatsu::rules::Side;
use tatsu::xboard::seconds;

/// Play two XBoard engines against each other, tatsu judging every move and game end.
///
/// Each opening (random first plies from --seed) is played twice, each engine having White once. Illegal
/// moves, crashes, silence and time losses lose the game, with the reason in the PGN. Every finished game is
/// appended to the PGN file at once, so an interrupted run keeps them. The summary gives the first engine's
/// score, the draw rate, and the Elo difference with its 95% interval.
///
/// Examples:
///   tatsu match chess --engine /usr/games/fairymax --engine "tatsu xboard" --games 20 --tc 10+0.1
///   tatsu match euroshogi --engine "tatsu xboard" --engine /usr/games/sjaakii --tc 5+0.1 --pgn out.pgn
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct MatchArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    /// An engine's command line (give two).
    #[arg(long = "engine", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// Games to play, 1 to 1,000,000 (rounded up to an even number: each opening with both colours).
    #[arg(long, default_value_t = 2, value_parser = super::bounds::within(1, super::bounds::MAX_GAMES))]
    pub games: u32,
    /// Time control: BASE+INC in seconds (e.g. 10+0.1).
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Random plies played before the engines take over (0 to 1,000).
    #[arg(long, default_value_t = 2, value_parser = super::bounds::within(0, super::bounds::MAX_OPENING_PLIES))]
    pub opening_plies: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once, each with its own pair of engine processes (1 to 64).
    #[arg(long, default_value_t = 1, value_parser = super::bounds::within(1, super::bounds::MAX_CONCURRENCY))]
    pub concurrency: u32,
    /// The variant's name as the engines know it (default: tatsu's XBoard name, `normal` for chess).
    #[arg(long)]
    pub xboard_variant: Option<String>,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<String>,
}

pub fn run(args: MatchArgs) -> Result<(), CliError> {
    if args.engines.len() != 2 {
        return Err(CliError::usage("give exactly two --engine commands"));
    }
    let Some(tc) = parse_tc(&args.tc) else {
        return Err(CliError::usage(format!(
            "`{}` is not a time control (BASE+INC in seconds, e.g. 10+0.1)",
            args.tc
        )));
    };
    let engine = load_engine(&args.variant)?;
    let variant_name = args
        .xboard_variant
        .clone()
        .unwrap_or_else(|| tatsu::xboard::xboard_name(&engine.game.name));
    let pgn = match &args.pgn {
        Some(path) => match std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            Ok(file) => Some(Mutex::new(file)),
            Err(e) => return Err(CliError::input(format!("cannot write {path}: {e}"))),
        },
        None => None,
    };
    let results: Mutex<Vec<(usize, Record)>> = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    let total = args.games.div_ceil(2) as usize * 2;
    let names: Mutex<[String; 2]> = Mutex::new([args.engines[0].clone(), args.engines[1].clone()]);
    let not_started: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            scope.spawn(|| {
                let started = Player::start(&args.engines[0])
                    .and_then(|a| Player::start(&args.engines[1]).map(|b| (a, b)));
                let (mut a, mut b) = match started {
                    Ok(pair) => pair,
                    Err(e) => {
                        *not_started.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                        return;
                    }
                };
                *names.lock().unwrap_or_else(|e| e.into_inner()) = [a.name.clone(), b.name.clone()];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let first_is_white = i % 2 == 0;
                    let players = if first_is_white {
                        [&mut a, &mut b]
                    } else {
                        [&mut b, &mut a]
                    };
                    // Both games of a pair replay the pair's opening from its seed: nothing is made before
                    // the games, whatever their number.
                    let pair = i / 2;
                    let moves = opening(
                        &engine,
                        args.seed.wrapping_add(pair as u64),
                        args.opening_plies,
                    );
                    let opening = (pair, moves.as_slice());
                    let record = game::play(&engine, &variant_name, opening, players, tc);
                    let white_black = if first_is_white {
                        [a.name.as_str(), b.name.as_str()]
                    } else {
                        [b.name.as_str(), a.name.as_str()]
                    };
                    let text = game::pgn(&record, &engine, white_black, i + 1);
                    if let Some(file) = &pgn {
                        let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
                        let _ = file.write_all(text.as_bytes()).and_then(|()| file.flush());
                    }
                    outln!(
                        "game {:>3}: {} - {}: {}",
                        i + 1,
                        white_black[0],
                        white_black[1],
                        result_text(&record)
                    );
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, record));
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let names = names.into_inner().unwrap_or_else(|e| e.into_inner());
    if results.is_empty() {
        let why = not_started.into_inner().unwrap_or_else(|e| e.into_inner());
        return Err(CliError::input(format!(
            "no game was played: {}",
            why.unwrap_or_else(|| "the engines did not start".to_string())
        )));
    }
    outln!("{}", summary(&results, &names));
    let played: Vec<(usize, Record)> = results.iter().filter(|(_, r)| !r.fault).cloned().collect();
    let faults = results.len() - played.len();
    if faults > 0 {
        outln!(
            "{faults} games were decided by an engine's fault (an illegal or refused move, a crash, silence, \
             time); without them:"
        );
        if played.is_empty() {
            outln!("no game left");
        } else {
            outln!("{}", summary(&played, &names));
        }
    }
    Ok(())
}

fn result_text(record: &Record) -> String {
    let score = match record.winner {
        Some(Side::White) => "1-0",
        Some(Side::Black) => "0-1",
        None => "1/2-1/2",
    };
    format!(
        "{score} ({}, {} plies, opening {})",
        record.reason,
        record.moves.len(),
        record.opening + 1
    )
}

/// `10+0.1` → 10 s base, 0.1 s increment.
fn parse_tc(text: &str) -> Option<TimeControl> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let (base, increment) = (seconds(base).ok()?, seconds(inc).ok()?);
    (base > Duration::ZERO).then_some(TimeControl { base, increment })
}

/// `plies` random legal first moves from `seed` (fewer if the game ends).
fn opening(engine: &Engine, seed: u64, plies: u32) -> Vec<Move> {
    let mut pos = Position::start(engine);
    let mut rng = tatsu::rng::SplitMix64::new(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_move_list();
        if legal.is_empty() || pos.outcome().is_some() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        pos.play(mv);
        moves.push(mv);
    }
    moves
}

/// The first engine's score, draw rate and Elo difference with a 95% interval (normal approximation of the
/// per-game score).
fn summary(results: &[(usize, Record)], names: &[String; 2]) -> String {
    let n = results.len() as f64;
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let scores: Vec<f64> = results
        .iter()
        .map(|(i, r)| {
            let first_side = if i % 2 == 0 { Side::White } else { Side::Black };
            match r.winner {
                Some(w) if w == first_side => {
                    wins += 1;
                    1.0
                }
                Some(_) => {
                    losses += 1;
                    0.0
                }
                None => {
                    draws += 1;
                    0.5
                }
            }
        })
        .collect();
    let mean = scores.iter().sum::<f64>() / n;
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (variance / n).sqrt();
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    if variance == 0.0 && mean != 0.5 {
        return format!(
            "{} vs {}: {} games, +{wins} ={draws} -{losses}, score {:.1}%\n\
             Elo difference: out of reach of {} games (every game {}); no interval",
            names[0],
            names[1],
            results.len(),
            mean * 100.0,
            results.len(),
            if mean > 0.5 { "won" } else { "lost" }
        );
    }
    format!(
        "{} vs {}: {} games, +{wins} ={draws} -{losses}, score {:.1}%, draws {:.1}%\n\
         Elo difference: {:+.0} (95% interval {:+.0} to {:+.0})",
        names[0],
        names[1],
        results.len(),
        mean * 100.0,
        draws as f64 / n * 100.0,
        elo(mean),
        elo(mean - margin),
        elo(mean + margin)
    )
}

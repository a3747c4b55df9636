//! `tatsu match`: two engines (XBoard, UCI or USI) play each other with tatsu as referee, on any bundled game or
//! variant file.
mod game;
mod pgn;
mod player;
mod sprt;
mod time_control;

use super::common::load_engine;
use super::error::CliError;
use game::{Record, TimeControl};
use player::{Player, StartError};
use sprt::{Sprt, SprtRun};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use tatsu::engine::{Engine, Move, Position};
use tatsu::rules::Side;

/// Play two engines (XBoard, UCI or USI: --proto) against each other, tatsu judging every move and game end.
///
/// Each opening (random first plies from --seed) is played twice, each engine having White once. Illegal
/// moves, crashes, silence and time losses lose the game, with the reason in the PGN. Every finished game is
/// appended to the PGN file at once, so an interrupted run keeps them. The summary gives the first engine's
/// score, the draw rate, and the Elo difference with its 95% interval.
///
/// Examples:
///   tatsu match chess --engine /usr/games/fairymax --engine "tatsu xboard" --games 20 --tc 10+0.1
///   tatsu match euroshogi --engine "tatsu xboard" --engine /usr/games/sjaakii --tc 5+0.1 --pgn out.pgn
///   tatsu match chess --engine "tatsu uci" --engine /usr/games/fairy-stockfish --proto uci --sprt 0 10 --games 400
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
    /// Time control: BASE+INC in seconds (e.g. 10+0.1); cutechess's forms too: `0:05+0.05` (minutes:seconds) and
    /// `40/60` (60 s for every 40 moves).
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
    /// The engines' protocol: xboard (the default), uci or usi. Given once, it is both engines'; twice, each
    /// engine's in order. An engine's command may name its own, as cutechess writes it: `proto=uci CMD`.
    #[arg(long = "proto", num_args = 1, value_parser = ["xboard", "uci", "usi"])]
    pub protos: Vec<String>,
    /// The variant's name as the engines know it (default: tatsu's XBoard name, `normal` for chess).
    #[arg(long)]
    pub xboard_variant: Option<String>,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<String>,
    /// Stop when a sequential probability ratio test decides whether the first engine is ELO0 or ELO1 Elo
    /// stronger (pentanomial GSPRT, logistic Elo, each from -1000 to 1000); --games is then the most played.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    pub sprt: Option<Vec<f64>>,
    /// The SPRT's chance of accepting ELO1 when ELO0 holds (false positive).
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub alpha: f64,
    /// The SPRT's chance of accepting ELO0 when ELO1 holds (false negative).
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
}

/// Starts in a row that may fail before the match ends: an engine that crashes or hangs is restarted for the next
/// game, but one that does not come up this many times running has a persistent fault.
pub const MAX_FAILED_STARTS: usize = 3;

/// Set by Ctrl-C (or SIGTERM): the games under way are dropped, the summary of those finished printed.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What the threads playing the games share.
struct Match<'a> {
    args: &'a MatchArgs,
    engine: &'a Engine,
    variant_name: String,
    tc: TimeControl,
    date: String,
    total: usize,
    next: AtomicUsize,
    results: Mutex<Vec<(usize, Record)>>,
    names: Mutex<[String; 2]>,
    /// Why the match ended before its last game (an engine that will not start or does not play the variant).
    ended: Mutex<Option<String>>,
    pgn: Option<Mutex<std::fs::File>>,
    /// The test of `--sprt` and the pairs so far; its verdict stops the match.
    sprt: Option<Mutex<SprtRun>>,
    decided: AtomicBool,
}

impl Match<'_> {
    fn stopping(&self) -> bool {
        INTERRUPTED.load(Ordering::Relaxed)
            || self.decided.load(Ordering::Relaxed)
            || lock(&self.ended).is_some()
    }
}

/// A mutex's content, even if a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

pub fn run(args: MatchArgs) -> Result<(), CliError> {
    if args.engines.len() != 2 {
        return Err(CliError::usage("give exactly two --engine commands"));
    }
    for k in 0..2 {
        player::engine_protocol(&args.protos, &args.engines[k], k).map_err(CliError::usage)?;
    }
    let Some(tc) = TimeControl::parse(&args.tc) else {
        return Err(CliError::usage(format!(
            "`{}` is not a time control (BASE+INC in seconds, e.g. 10+0.1; or M:SS+INC, or MOVES/BASE+INC, e.g. 40/60)",
            args.tc
        )));
    };
    let sprt = match &args.sprt {
        Some(elos) => Some(Mutex::new(SprtRun::new(
            Sprt::new(elos[0], elos[1], args.alpha, args.beta).map_err(CliError::usage)?,
        ))),
        None => None,
    };
    let engine = load_engine(&args.variant)?;
    let g = engine.game.geometry;
    for k in 0..2 {
        let (protocol, _) =
            player::engine_protocol(&args.protos, &args.engines[k], k).map_err(CliError::usage)?;
        if matches!(protocol, player::Protocol::Xboard)
            && !tatsu::xboard::notation::names_board(g.files as u32)
        {
            return Err(CliError::usage(format!(
                "{} ({} x {}) cannot be played over XBoard, whose notation names at most {} files (one letter \
                 each): give the engines `--proto uci`",
                engine.game.name,
                g.files,
                g.ranks,
                tatsu::xboard::notation::MAX_FILES,
            )));
        }
    }
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
    // Ctrl-C ends every engine's process group at once; the games they were playing are dropped below. A
    // handler set before (only in tests that run `run` twice) is kept.
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::Relaxed);
        player::end_every_group();
    });
    let m = Match {
        args: &args,
        engine: &engine,
        variant_name,
        tc,
        date: pgn::today(),
        total: args.games.div_ceil(2) as usize * 2,
        next: AtomicUsize::new(0),
        results: Mutex::new(Vec::new()),
        names: Mutex::new([args.engines[0].clone(), args.engines[1].clone()]),
        ended: Mutex::new(None),
        pgn,
        sprt,
        decided: AtomicBool::new(false),
    };
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            scope.spawn(|| play_games(&m));
        }
    });
    let mut results = m.results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _)| *i);
    let names = m.names.into_inner().unwrap_or_else(|e| e.into_inner());
    let ended = m.ended.into_inner().unwrap_or_else(|e| e.into_inner());
    let interrupted = INTERRUPTED.load(Ordering::Relaxed);
    if results.is_empty() {
        let why = match (ended, interrupted) {
            (_, true) => "interrupted".to_string(),
            (Some(why), false) => why,
            (None, false) => "the engines did not start".to_string(),
        };
        return Err(CliError::input(format!("no game was played: {why}")));
    }
    print_summary(&results, &names);
    if let Some(sprt) = m.sprt {
        outln!(
            "{}",
            sprt.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .report()
        );
    }
    if interrupted {
        return Err(CliError::input(format!(
            "the match was interrupted after {} of {} games; the games under way were dropped",
            results.len(),
            m.total
        )));
    }
    match ended {
        Some(why) => Err(CliError::input(format!(
            "the match ended after {} of {} games: {why}",
            results.len(),
            m.total
        ))),
        None => Ok(()),
    }
}

/// One thread's games, each with the thread's own pair of engines, until none is left or the match stops. An
/// engine whose fault decided a game is ended (its whole process group) and started again for the next.
fn play_games(m: &Match) {
    let mut pair: [Option<Player>; 2] = [None, None];
    while !m.stopping() {
        for (k, slot) in pair.iter_mut().enumerate() {
            if slot.is_none() {
                match start(&m.args.protos, &m.args.engines[k], k, &m.variant_name) {
                    Ok(p) => {
                        lock(&m.names)[k] = p.name.clone();
                        *slot = Some(p);
                    }
                    Err(why) => {
                        lock(&m.ended).get_or_insert(why);
                        return;
                    }
                }
            }
        }
        // Ctrl-C may have come while an engine started: it was not among the groups the handler ended.
        if m.stopping() {
            break;
        }
        let i = m.next.fetch_add(1, Ordering::Relaxed);
        if i >= m.total {
            break;
        }
        let [Some(a), Some(b)] = &mut pair else {
            break;
        };
        let first_is_white = i % 2 == 0;
        let (white, black) = if first_is_white { (a, b) } else { (b, a) };
        let white_black = [white.name.clone(), black.name.clone()];
        // Both games of a pair replay the pair's opening from its seed: nothing is made before the games,
        // whatever their number.
        let pair_index = i / 2;
        let moves = opening(
            m.engine,
            m.args.seed.wrapping_add(pair_index as u64),
            m.args.opening_plies,
        );
        let record = game::play(
            m.engine,
            &m.variant_name,
            (pair_index, moves.as_slice()),
            [white, black],
            m.tc,
        );
        if INTERRUPTED.load(Ordering::Relaxed) {
            break;
        }
        record_game(m, i, &record, &white_black);
        if let Some(sprt) = &m.sprt {
            if lock(sprt).add(i, first_engine_points(i, &record)) {
                m.decided.store(true, Ordering::Relaxed);
            }
        }
        if let Some(side) = record.faulty {
            let white_is_first = side == Side::White;
            pair[usize::from(white_is_first != first_is_white)] = None;
        }
        // The moves are in the PGN already; the summary needs only the result: memory stays flat however many
        // games are played.
        let mut record = record;
        record.moves = Vec::new();
        lock(&m.results).push((i, record));
    }
}

/// Starts an engine, trying again after a failed start up to [`MAX_FAILED_STARTS`] times in all; why it cannot be
/// used otherwise.
fn start(protos: &[String], engine: &str, k: usize, variant: &str) -> Result<Player, String> {
    let (protocol, command) = player::engine_protocol(protos, engine, k)?;
    let mut last = String::new();
    for _ in 0..MAX_FAILED_STARTS {
        match Player::start(command, protocol, variant) {
            Ok(p) => return Ok(p),
            Err(StartError::Unfit(why)) => return Err(why),
            Err(StartError::Failed(why)) => last = why,
        }
        if INTERRUPTED.load(Ordering::Relaxed) {
            break;
        }
    }
    Err(format!(
        "{last} ({MAX_FAILED_STARTS} starts in a row failed)"
    ))
}

/// Appends the finished game to the PGN file and prints its line.
fn record_game(m: &Match, i: usize, record: &Record, names: &[String; 2]) {
    if let Some(file) = &m.pgn {
        let header = pgn::Header {
            engine: m.engine,
            variant: &m.variant_name,
            names: [&names[0], &names[1]],
            round: i + 1,
            date: &m.date,
            tc: m.tc,
        };
        let text = pgn::write(record, &header);
        let mut file = lock(file);
        let _ = file.write_all(text.as_bytes()).and_then(|()| file.flush());
    }
    outln!(
        "game {:>3}: {} - {}: {}",
        i + 1,
        names[0],
        names[1],
        result_text(record)
    );
}

/// The score of every game, then without the games faults decided.
fn print_summary(results: &[(usize, Record)], names: &[String; 2]) {
    outln!("{}", summary(results, names));
    let played: Vec<(usize, Record)> = results
        .iter()
        .filter(|(_, r)| !r.fault())
        .cloned()
        .collect();
    let faults = results.len() - played.len();
    if faults > 0 {
        outln!(
            "{faults} games were decided by an engine's fault (an illegal or refused move, a crash, silence, \
             time); without them:"
        );
        if played.is_empty() {
            outln!("no game left");
        } else {
            outln!("{}", summary(&played, names));
        }
    }
}

fn result_text(record: &Record) -> String {
    let score = pgn::result(record);
    format!(
        "{score} ({}, {} plies, opening {})",
        record.reason,
        record.moves.len(),
        record.opening + 1
    )
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

/// The first engine's half-points (0, 1 or 2) in game `i`: it has White in the even games.
fn first_engine_points(i: usize, record: &Record) -> u8 {
    let first_side = if i % 2 == 0 { Side::White } else { Side::Black };
    match record.winner {
        Some(w) if w == first_side => 2,
        Some(_) => 0,
        None => 1,
    }
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

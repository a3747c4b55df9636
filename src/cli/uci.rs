//! `tatsu uci` and `tatsu usi`: the UCI and USI protocols on stdin and stdout. The session is the library's
//! ([`tatsu::uci::Session`]); this file reads the command line, makes the offers and wires the session to the
//! terminal through a reader thread that stops a search when `stop` comes.
use super::error::CliError;
use std::sync::{Arc, Mutex};
use tatsu::engine::Engine;
use tatsu::uci::{Dialect, Session};
use tatsu::xboard::Offer;

/// Speak UCI on stdin/stdout, for cutechess, UCI GUIs or `tatsu match --engine "tatsu uci" --proto uci`.
///
/// Every bundled game is offered in the `UCI_Variant` option (chess by default; Fairy-Stockfish's names for the
/// games it shares, `chu` for chu-shogi), and every variant file given, under its game's name. Moves are written as
/// Fairy-Stockfish writes them (`e7e8q`, `P@e4`, `a9a10`, `c7c8+`). See docs/play.md.
///
/// Examples:
///   cutechess-cli -engine cmd="tatsu uci" proto=uci -engine cmd=fairy-stockfish proto=uci -variant crazyhouse …
///   tatsu uci my-game.tatsu
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct UciArgs {
    /// Variant files to offer besides the bundled games.
    pub files: Vec<String>,
    #[command(flatten)]
    pub options: super::common::EngineOptions,
}

/// Speak USI, the shogi protocol, on stdin/stdout, for shogi GUIs or `tatsu match … --proto usi`.
///
/// The games USI can write are offered in the `USI_Variant` option (shogi by default): boards of at most 9x9
/// whose promotions are shogi's `+`. Squares are USI's (files 9 to 1, ranks a to i: `7g7f`, `P*5e`). See
/// docs/play.md.
///
/// Examples:
///   tatsu usi
///   tatsu usi my-shogi.tatsu
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct UsiArgs {
    #[command(flatten)]
    pub common: UciArgs,
}

pub fn run(args: UciArgs, dialect: Dialect) -> Result<(), CliError> {
    args.options.check()?;
    // USI names at most 9x9 squares: a larger bundled game is left out before its engine is built (Taikyoku takes
    // seconds), so that the session answers `usi` at once.
    let usi_max = u32::from(tatsu::uci::USI_MAX);
    let mut offers: Vec<Offer> = tatsu::variants::bundled()
        .iter()
        .filter(|&&(name, _)| {
            dialect != Dialect::Usi
                || tatsu::variants::bundled_board(name)
                    .is_some_and(|(files, ranks)| files <= usi_max && ranks <= usi_max)
        })
        .map(|&(name, _)| {
            Offer::lazy(name.to_string(), move || {
                tatsu::variants::bundled_engine(name).expect("a bundled name")
            })
        })
        .collect();
    let bundled_offered = offers.len();
    let mut problems = Vec::new();
    for name in &args.files {
        match tatsu::variants::load(name) {
            Ok(compiled) => offers.push(Offer::ready(Arc::new(Engine::new(compiled.game)))),
            Err(error) => problems.push(format!("{name}: {error}")),
        }
    }
    if dialect == Dialect::Usi {
        // The bundled games USI cannot write are left out silently (docs/play.md lists those offered); a file
        // given is the user's choice, so its refusal is told.
        let bundled = bundled_offered;
        let (kept, refused) = tatsu::uci::usi_offers(offers, bundled);
        offers = kept;
        problems.extend(refused.into_iter().map(|r| format!("not offered: {r}")));
    }
    // Told to the GUI, which shows `info string` lines; the session goes on with the games that load.
    for problem in &problems {
        for line in problem.lines() {
            super::common::emit(&format!("info string {line}\n"));
        }
    }
    if offers.is_empty() {
        return Err(CliError::input("no variant loads"));
    }
    let out: tatsu::uci::SharedOut = Arc::new(Mutex::new(std::io::stdout()));
    let mut session = Session::new(dialect, &offers, args.options.hash, out);
    if let Some(nodes) = args.options.nodes {
        session.cap_nodes(nodes);
    }
    let lines = tatsu::protocol::input::spawn_reader(
        std::io::BufReader::new(std::io::stdin()),
        session.stop_flag(),
        Arc::new(std::sync::atomic::AtomicBool::new(false)),
        session.arrival(),
    );
    session.serve(lines);
    Ok(())
}

//! `tatsu xboard`: the XBoard protocol on stdin and stdout. The session itself is the library's
//! ([`tatsu::xboard::Session`]); this file reads the command line and wires the session to the terminal: a reader
//! thread queues stdin's lines and raises the search's stop flag when one must interrupt it.
use super::error::CliError;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tatsu::engine::Engine;
use tatsu::xboard::{Offer, Session};

/// Speak the XBoard protocol (CECP v2) on stdin/stdout, for XBoard, WinBoard, cutechess or `tatsu match`.
///
/// Every bundled game is offered (chess as XBoard's `normal`), and every variant file given, under its file name.
/// See docs/play.md for how to set up XBoard.
///
/// Examples:
///   xboard -fcp "tatsu xboard" -variant ryugi
///   tatsu xboard my-game.tatsu
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct XboardArgs {
    /// Variant files to offer besides the bundled games.
    pub files: Vec<String>,
    #[command(flatten)]
    pub options: super::common::EngineOptions,
}

pub fn run(args: XboardArgs) -> Result<(), CliError> {
    args.options.check()?;
    // The bundled games compile (a test says so), each when a GUI first chooses it; the files given are compiled
    // now, so that their errors are told at once.
    // A bundled game whose squares XBoard cannot name (over 26 files) is left out before its engine is built.
    let mut offers: Vec<Offer> = tatsu::variants::bundled()
        .iter()
        .filter(|&&(name, _)| {
            tatsu::variants::bundled_board(name)
                .is_some_and(|(files, _)| tatsu::xboard::notation::names_board(files))
        })
        .map(|&(name, _)| {
            Offer::lazy(tatsu::xboard::xboard_name(name), move || {
                tatsu::variants::bundled_engine(name).expect("a bundled name")
            })
        })
        .collect();
    for name in &args.files {
        match tatsu::variants::load(name) {
            Ok(compiled) => {
                let g = compiled.game.geometry;
                if tatsu::xboard::notation::names_board(g.files as u32) {
                    offers.push(Offer::ready(Arc::new(Engine::new(compiled.game))));
                } else {
                    super::common::emit(&format!(
                        "# {name}: a board of {} files cannot be played over XBoard, whose notation names at most \
                         {} files (one letter each); use `tatsu uci`\n",
                        g.files,
                        tatsu::xboard::notation::MAX_FILES,
                    ));
                }
            }
            Err(error) => {
                // Told to XBoard as a comment: the session goes on with the games that load.
                for line in error.to_string().lines() {
                    super::common::emit(&format!("# {line}\n"));
                }
            }
        }
    }
    if offers.is_empty() {
        return Err(CliError::input("no variant loads"));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let discard = Arc::new(AtomicBool::new(false));
    let lines = tatsu::xboard::spawn_reader(
        std::io::BufReader::new(std::io::stdin()),
        stop.clone(),
        discard.clone(),
    );
    let out = Box::new(std::io::stdout());
    let mut session = Session::new(&offers, args.options.hash, out, stop, discard);
    if let Some(nodes) = args.options.nodes {
        session.cap_nodes(nodes);
    }
    session.serve(lines);
    Ok(())
}

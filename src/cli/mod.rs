//! The command line: one module per subcommand, each with its clap arguments and a `run` returning the exit code.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

// `common` first: its `outln!`/`out!` macros are used by the other commands.
#[macro_use]
mod common;
mod betza;
pub mod check;
mod describe;
mod r#match;
mod moves;
mod perft;
mod piece;
mod position;
mod search;
mod selfplay;
mod show;
mod values;
mod xboard;

#[derive(Parser, Debug)]
#[command(name = "tatsu", version, about = "A generic, data-driven chess-variant interpreter", long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Explain an XBetza move: canonical form, plain English, and a diagram of its destinations.
    ///
    /// Examples: `tatsu betza fmWfceFifmnD` (chess pawn), `tatsu betza fNsW --at d4`,
    /// `tatsu betza KisO2 --at e1`, `tatsu betza mRcpR --board 9x10`, `tatsu betza fN --side black --json`.
    Betza(betza::BetzaArgs),
    /// Compile variant files and report every problem.
    Check(check::CheckArgs),
    Perft(perft::PerftArgs),
    Piece(piece::PieceArgs),
    Moves(moves::MovesArgs),
    Show(show::ShowArgs),
    Describe(describe::DescribeArgs),
    /// Play random games, checking the executor's invariants at every ply, and summarise how they ended.
    Selfplay(selfplay::SelfplayArgs),
    Values(values::ValuesArgs),
    Search(search::SearchArgs),
    Xboard(xboard::XboardArgs),
    Match(r#match::MatchArgs),
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Betza(args) => betza::run(args),
        Command::Check(args) => check::run(&args),
        Command::Perft(args) => perft::run(args),
        Command::Piece(args) => piece::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Show(args) => show::run(args),
        Command::Describe(args) => describe::run(args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Values(args) => values::run(args),
        Command::Search(args) => search::run(args),
        Command::Xboard(args) => xboard::run(args),
        Command::Match(args) => r#match::run(args),
    }
}

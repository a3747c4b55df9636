//! The command line: one module per subcommand, each with its clap arguments and a `run`.
//!
//! The convention every subcommand follows:
//! - `run(args) -> Result<(), CliError>`. Output goes to stdout through `outln!`/`out!` (a closed pipe is not an
//!   error); progress and timing go to stderr, on a terminal only.
//! - Failures are returned, never printed: `CliError::input(message)` (exit status 1) or `CliError::usage(..)` (2),
//!   with `.hint(..)` for each `help:` line. `main` alone prints them and picks the exit status from
//!   [`error::Status`], the table docs/cli.md documents. A command that prints its own findings (`check`'s
//!   diagnostics, `selfplay`'s violations) returns `CliError::reported(status)`.
//! - `--json` output is a `Serialize` struct of the command's module, printed by [`common::print_json`]; every
//!   object carries `"schema"`: `"tatsu.COMMAND/N"`, whose N grows when a field changes meaning or disappears.
//! - Enumerated options are `clap::ValueEnum`s; every `--help` ends with examples.
use clap::{Parser, Subcommand};
use error::CliError;

// `common` first: its `outln!`/`out!` macros are used by the other commands.
#[macro_use]
mod common;
mod balance;
mod betza;
mod bounds;
pub mod check;
mod describe;
mod diff;
pub mod error;
mod export;
mod list;
mod r#match;
mod moves;
mod new;
mod perft;
mod perft_units;
mod piece;
mod position;
mod search;
mod selfplay;
mod serve;
mod show;
mod test;
mod uci;
mod values;
mod xboard;

pub use common::stdout_failure;

#[derive(Parser, Debug)]
#[command(name = "tatsu", version, about = "A generic, data-driven chess-variant interpreter", long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Colour the diagnostics on stderr and the diagrams of `piece` on stdout: `auto` on a terminal (and not
    /// with `NO_COLOR` set).
    #[arg(long, global = true, value_enum, default_value_t = common::ColorWhen::Auto)]
    pub color: common::ColorWhen,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Explain an XBetza move: canonical form, plain English, and a diagram of its destinations.
    ///
    /// Examples: `tatsu betza fmWfceFifmnD` (chess pawn), `tatsu betza fNsW --at d4`,
    /// `tatsu betza KisO2 --at e1`, `tatsu betza mRcpR --board 9x10`, `tatsu betza fN --side black --json`.
    Betza(betza::BetzaArgs),
    Check(check::CheckArgs),
    Perft(perft::PerftArgs),
    Piece(piece::PieceArgs),
    Moves(moves::MovesArgs),
    Show(show::ShowArgs),
    Describe(describe::DescribeArgs),
    Selfplay(selfplay::SelfplayArgs),
    Test(test::TestArgs),
    List(list::ListArgs),
    New(new::NewArgs),
    Export(export::ExportArgs),
    Diff(diff::DiffArgs),
    Values(values::ValuesArgs),
    Search(search::SearchArgs),
    Xboard(xboard::XboardArgs),
    Uci(uci::UciArgs),
    Usi(uci::UsiArgs),
    Match(r#match::MatchArgs),
    Balance(balance::BalanceArgs),
    Serve(serve::ServeArgs),
}

pub fn run(cli: Cli) -> Result<(), CliError> {
    common::set_color(cli.color);
    match cli.command {
        Command::Balance(args) => balance::run(args),
        Command::Betza(args) => betza::run(args),
        Command::Check(args) => check::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Piece(args) => piece::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Show(args) => show::run(args),
        Command::Describe(args) => describe::run(args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Test(args) => test::run(&args),
        Command::List(args) => list::run(&args),
        Command::New(args) => new::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Values(args) => values::run(args),
        Command::Search(args) => search::run(args),
        Command::Xboard(args) => xboard::run(args),
        Command::Uci(args) => uci::run(args, tatsu::uci::Dialect::Uci),
        Command::Usi(args) => uci::run(args.common, tatsu::uci::Dialect::Usi),
        Command::Match(args) => r#match::run(args),
        Command::Serve(args) => serve::run(args),
    }
}

//! The command line: one module per subcommand, each with its clap arguments and a `run` returning the exit code.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

pub mod check;
mod perft;
mod position;

#[derive(Parser, Debug)]
#[command(name = "tatsu", version, about = "A generic, data-driven chess-variant interpreter", long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Compile variant files and report every problem.
    Check(check::CheckArgs),
    Perft(perft::PerftArgs),
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Perft(args) => perft::run(args),
    }
}

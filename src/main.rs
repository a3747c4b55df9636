//! The `tatsu` command line: parse the arguments, run one subcommand, and print its error (if any) and pick the
//! exit code here, from the one table of `cli::error::Status` (docs/cli.md, "Exit status"). The command line
//! belongs to the binary; the library (`tatsu::…`) knows nothing of it.
use clap::Parser;
use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    match cli::run(cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprint!("{error}");
            ExitCode::from(error.status.code())
        }
    }
}

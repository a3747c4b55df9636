//! The `tatsu` command line: parse the arguments, dispatch to one subcommand, print what it returns and pick the
//! exit code. The command line belongs to the binary; the library (`tatsu::…`) knows nothing of it.
use clap::Parser;

mod cli;

fn main() -> std::process::ExitCode {
    cli::run(cli::Cli::parse())
}

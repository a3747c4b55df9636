//! The `tatsu` command line: parse the arguments, dispatch to one subcommand, return its exit code.
use clap::Parser;

fn main() -> std::process::ExitCode {
    tatsu::cli::run(tatsu::cli::Cli::parse())
}

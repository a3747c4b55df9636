//! The `tatsu` command line: parse the arguments, run one subcommand, and print its error (if any) and pick the
//! exit code here, from the one table of `cli::error::Status` (docs/cli.md, "Exit status"). The command line
//! belongs to the binary; the library (`tatsu::…`) knows nothing of it.
use clap::Parser;
use std::process::ExitCode;

// Standard error may be closed or full (`2>/dev/full`, a reader that quit): what cannot be written is dropped,
// never a panic. These shadow std's macros in the whole command line (declared before `mod cli`).
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod cli;

fn main() -> ExitCode {
    let result = cli::run(cli::Cli::parse());
    // Output that could not be written (a full disk; not a reader that quit) fails a command that succeeded.
    match (result, cli::stdout_failure()) {
        (Ok(()), None) => ExitCode::SUCCESS,
        (Ok(()), Some(why)) => {
            eprintln!("error: cannot write the output: {why}");
            ExitCode::from(cli::error::Status::Input.code())
        }
        (Err(error), _) => {
            eprint!("{error}");
            ExitCode::from(error.status.code())
        }
    }
}

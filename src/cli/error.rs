//! The command line's one error type and its exit codes. Commands return `Result<(), CliError>`; only `main`
//! prints an error and turns it into an exit status (the table is [`Status`], documented in docs/cli.md).
use std::fmt;

/// What kind of failure an exit status reports. Clap exits with 2 by itself on a misuse of the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// 1: the input is wrong: a variant that does not load or compile, a bad FEN, square, piece or move, a file
    /// that cannot be read or written, an invalid XBetza string.
    Input,
    /// 2: the command line itself is wrong (an option's value out of range); clap uses 2 for its own errors too.
    Usage,
    /// 3: `selfplay` found a broken invariant of the executor: a bug in tatsu, not in the input.
    Violation,
}

impl Status {
    pub fn code(self) -> u8 {
        match self {
            Status::Input => 1,
            Status::Usage => 2,
            Status::Violation => 3,
        }
    }
}

/// A failed command: what went wrong (printed as `error: …`), hints (`help: …`), and the exit status. A command
/// that has printed its problems itself (`check` its diagnostics, `selfplay` its violations) returns one without a
/// message, so that `main` only sets the status.
#[derive(Debug)]
pub struct CliError {
    pub status: Status,
    message: Option<String>,
    hints: Vec<String>,
}

impl CliError {
    /// Wrong input (exit status 1).
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            status: Status::Input,
            message: Some(message.into()),
            hints: Vec::new(),
        }
    }

    /// A misused option (exit status 2).
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            status: Status::Usage,
            ..CliError::input(message)
        }
    }

    /// The command has already printed why it failed; only the exit status remains.
    pub fn reported(status: Status) -> CliError {
        CliError {
            status,
            message: None,
            hints: Vec::new(),
        }
    }

    /// Adds a `help:` line.
    pub fn hint(mut self, hint: impl Into<String>) -> CliError {
        self.hints.push(hint.into());
        self
    }
}

/// `error: message` (a message that already starts with `error` — rendered diagnostics — is printed as it is),
/// then one `help: …` line per hint.
impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(message) = &self.message {
            let message = message.trim_end();
            if message.starts_with("error") {
                writeln!(f, "{message}")?;
            } else {
                writeln!(f, "error: {message}")?;
            }
        }
        for hint in &self.hints {
            writeln!(f, "help: {hint}")?;
        }
        Ok(())
    }
}

impl From<tatsu::engine::FenError> for CliError {
    fn from(error: tatsu::engine::FenError) -> CliError {
        CliError::input(error.to_string())
    }
}

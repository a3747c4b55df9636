//! Running the real `tatsu` binary from the command-line tests.
#![allow(dead_code)]
use std::process::Command;

/// What one run of the binary printed and how it exited.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `tatsu ARGS` from the repository root.
pub fn tatsu(args: &[&str]) -> Run {
    tatsu_in(env!("CARGO_MANIFEST_DIR"), args)
}

/// Runs `tatsu ARGS` from `dir` (so that file names print as given).
pub fn tatsu_in(dir: &str, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_tatsu"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    }
}

/// The names of the bundled games, as the library lists them.
pub fn bundled_games() -> Vec<&'static str> {
    tatsu::variants::bundled()
        .iter()
        .map(|&(name, _)| name)
        .collect()
}

/// The first line of a session's `output` that starts with `prefix`; a test failure showing the output if none.
pub fn line_starting<'a>(output: &'a str, prefix: &str) -> &'a str {
    output
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with `{prefix}` in:\n{output}"))
}

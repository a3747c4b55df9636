//! `--help` of every command, and output into a closed pipe.
use super::*;

#[test]
fn help_of_every_command_shows_examples() {
    for command in [
        "betza", "check", "perft", "piece", "moves", "show", "describe", "selfplay", "balance",
    ] {
        let out = ok(&[command, "--help"]);
        assert!(out.contains("Examples:"), "{command}");
        assert!(out.contains(&format!("tatsu {command} ")), "{command}");
    }
}

#[test]
fn piping_into_a_closed_reader_does_not_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tatsu"))
        .args(["describe", "dai-ryu-shogi"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

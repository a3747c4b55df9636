//! A `tatsu` protocol session (`xboard`, `uci`, `usi`) driven line by line, as a GUI or the referee drives it: the
//! one way the protocol tests spawn the binary, send commands and read its answers.
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl Session {
    /// Starts `tatsu ARGS` in the project's folder (so that variant files given by relative path are found).
    pub fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tatsu"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take().expect("stdin");
        let lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        Session {
            child,
            stdin,
            lines,
        }
    }

    /// Sends `text` (one command a line) and flushes it.
    pub fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").expect("write to the session");
        self.stdin.flush().expect("flush");
    }

    /// Reads lines until one for which `last` holds; returns them, that one included.
    pub fn read_until(&mut self, mut last: impl FnMut(&str) -> bool) -> Vec<String> {
        let mut read = Vec::new();
        for line in self.lines.by_ref() {
            let line = line.expect("UTF-8 output");
            let done = last(&line);
            read.push(line);
            if done {
                return read;
            }
        }
        panic!(
            "the session ended before the line waited for:\n{}",
            read.join("\n")
        );
    }

    /// Sends `quit`, waits for the process and asserts that it exited with status 0; `out` is shown if not.
    pub fn quit(mut self, out: &str) {
        let _ = self.stdin.write_all(b"quit\n");
        drop(self.stdin);
        let status = self.child.wait().expect("the session ends");
        assert!(status.success(), "exit status {status:?}\n{out}");
    }
}

/// `lines` as one text, each line ended by a newline.
pub fn text(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

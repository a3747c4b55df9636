//! One engine process spoken to in the XBoard protocol: started with `sh -c CMD`, its output read by a thread into
//! a channel so that every wait has a deadline. An engine that exits, or says nothing in time, is reported as such.
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub struct Player {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    usermove: bool,
    ping: u32,
}

/// What an engine said when it was to move.
pub enum Reply {
    Move(String),
    Resign,
    /// It exited or closed its output.
    Crashed,
    /// Nothing within the deadline.
    Timeout,
    /// It answered a move it was told with `Illegal move` (this line): it does not know a rule of the game.
    Refused(String),
}

/// How a `ping` ended.
pub enum Sync {
    Pong,
    /// The engine refused a move it was told before answering (this line).
    Refused(String),
    Silent,
}

/// Is this an engine's refusal of a move it was told? XBoard's form is `Illegal move: …`; Sjaak II writes
/// `Error (Illegal move or unknown command): …`.
fn is_refusal(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.starts_with("illegal move") || lower.starts_with("error (illegal move")
}

impl Player {
    /// Starts the engine and reads its features (waiting for `done=1`, at most 5 seconds). An engine that ends
    /// before that (`sh -c` starts any command, so a missing program shows only here) is an error saying how it
    /// ended.
    pub fn start(command: &str) -> Result<Player, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = Player {
            name: command.to_string(),
            child,
            stdin,
            lines,
            usermove: false,
            ping: 0,
        };
        player.send("xboard");
        player.send("protover 2");
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match player.lines.recv_timeout(wait) {
                Ok(line) => {
                    if let Some(features) = line.strip_prefix("feature ") {
                        player.read_features(features);
                        if features.contains("done=1") {
                            break;
                        }
                    }
                }
                // An engine of protocol 1 sends no features: it is ready when it is silent.
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("`{command}` {}", player.how_it_ended()));
                }
            }
        }
        Ok(player)
    }

    /// How the engine ended, once its output has closed (it may take a moment to exit after that).
    fn how_it_ended(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    return match status.code() {
                        Some(127) => {
                            "ended at once with exit status 127: no such command".to_string()
                        }
                        Some(126) => {
                            "ended at once with exit status 126: not an executable program"
                                .to_string()
                        }
                        Some(code) => format!("ended at once with exit status {code}"),
                        None => "was killed by a signal as it started".to_string(),
                    };
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => return "closed its output as it started".to_string(),
            }
        }
    }

    fn read_features(&mut self, features: &str) {
        if let Some(start) = features.find("myname=\"") {
            let rest = &features[start + 8..];
            if let Some(end) = rest.find('"') {
                self.name = rest[..end].to_string();
            }
        }
        if features.contains("usermove=1") {
            self.usermove = true;
        }
        for word in features.split_whitespace() {
            if let Some((name, _)) = word.split_once('=') {
                if ["usermove", "ping", "setboard", "time", "done"].contains(&name) {
                    self.send(&format!("accepted {name}"));
                }
            }
        }
    }

    pub fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
    }

    fn next_line(&mut self, deadline: Instant) -> Option<String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(wait).ok()
    }

    /// Sends `ping` and waits for the `pong`, or for a refusal of a move told before it, or gives up at `within`.
    pub fn sync(&mut self, within: Duration) -> Sync {
        self.ping += 1;
        let ping = self.ping;
        self.send(&format!("ping {ping}"));
        let deadline = Instant::now() + within;
        while let Some(line) = self.next_line(deadline) {
            let line = line.trim();
            if line == format!("pong {ping}") {
                return Sync::Pong;
            }
            if is_refusal(line) {
                return Sync::Refused(line.to_string());
            }
        }
        Sync::Silent
    }

    pub fn tell_move(&mut self, text: &str) {
        if self.usermove {
            self.send(&format!("usermove {text}"));
        } else {
            self.send(text);
        }
    }

    /// Waits for the engine's move until `deadline`.
    pub fn await_move(&mut self, deadline: Instant) -> Reply {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let line = line.trim();
                    if let Some(mv) = line.strip_prefix("move ") {
                        return Reply::Move(mv.trim().to_string());
                    }
                    if line == "resign" || line.starts_with("tellics resign") {
                        return Reply::Resign;
                    }
                    if is_refusal(line) {
                        return Reply::Refused(line.to_string());
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Reply::Timeout,
                Err(RecvTimeoutError::Disconnected) => return Reply::Crashed,
            }
        }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

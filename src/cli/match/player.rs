//! One engine process spoken to in the XBoard protocol: started with `sh -c CMD` in a process group of its own, its
//! output read by a thread into a bounded channel so that every wait has a deadline and no engine can fill the
//! referee's memory. An engine that exits, or says nothing in time, is reported as such. Ending a player ends its
//! whole process group (`quit`, then SIGTERM, then SIGKILL), so that nothing an engine started (the shell, a
//! program it forked) outlives the match; Ctrl-C ends every group still running ([`end_every_group`]).
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::collections::BTreeSet;
use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tatsu::line_reader::{LineEnd, LineReader};
use tatsu::xboard::reply::{classify, features, variant_list, EngineLine};

/// The longest engine line read; a longer one (no engine's protocol line is) is dropped whole.
pub const MAX_ENGINE_LINE: usize = 16 * 1024;
/// Lines read ahead of the referee: an engine printing faster than it is read waits on its pipe.
const LINES_AHEAD: usize = 256;
/// How long an engine has to start and send its features.
const START_WITHIN: Duration = Duration::from_secs(5);
/// How long an engine's group has to leave after `quit`, then after SIGTERM, before SIGKILL.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// The process groups of the engines running now, for Ctrl-C.
static GROUPS: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

pub struct Player {
    pub name: String,
    child: Child,
    group: Pid,
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

/// Why an engine could not be used.
pub enum StartError {
    /// It did not start (it ended at once, or stayed silent): a restart may do better.
    Failed(String),
    /// It started but does not play the match's variant: no restart will change that.
    Unfit(String),
}

impl Player {
    /// Starts the engine and reads its features (waiting for `done=1`, at most 5 seconds), then checks that it
    /// plays `variant` (its `variants` feature names it; one that sends none plays `normal` only) and, if it
    /// answers pings, that it answers one. An engine that ends before that (`sh -c` starts any command, so a
    /// missing program shows only here) is an error saying how it ended.
    pub fn start(command: &str, variant: &str) -> Result<Player, StartError> {
        let mut player = Player::spawn(command).map_err(StartError::Failed)?;
        player.send("xboard");
        player.send("protover 2");
        let deadline = Instant::now() + START_WITHIN;
        let mut variants: Option<Vec<String>> = None;
        let mut pings = false;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match player.lines.recv_timeout(wait) {
                Ok(line) => {
                    let EngineLine::Features(text) = classify(&line) else {
                        continue;
                    };
                    let mut done = false;
                    for (name, value) in features(text) {
                        match name {
                            "myname" => player.name = printable(value),
                            "usermove" => player.usermove = value == "1",
                            "ping" => pings = value == "1",
                            "variants" => {
                                variants = Some(
                                    variant_list(value).iter().map(|v| v.to_string()).collect(),
                                )
                            }
                            "done" => done = value == "1",
                            _ => {}
                        }
                        if [
                            "usermove", "ping", "setboard", "time", "done", "variants", "myname",
                        ]
                        .contains(&name)
                        {
                            player.send(&format!("accepted {name}"));
                        }
                    }
                    if done {
                        break;
                    }
                }
                // An engine of protocol 1 sends no features: it is ready when it is silent.
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(StartError::Failed(format!(
                        "`{command}` {}",
                        player.how_it_ended()
                    )));
                }
            }
        }
        let known = variants.unwrap_or_else(|| vec!["normal".to_string()]);
        if !known.iter().any(|v| v == variant) {
            return Err(StartError::Unfit(format!(
                "the engine `{}` ({command}) does not play the variant `{variant}`: it plays {}",
                player.name,
                known.join(", ")
            )));
        }
        if pings && !matches!(player.sync(START_WITHIN), Sync::Pong) {
            return Err(StartError::Failed(format!(
                "`{command}` did not answer ping as it started"
            )));
        }
        Ok(player)
    }

    /// The engine's process, in a process group of its own, and the thread reading its output.
    fn spawn(command: &str) -> Result<Player, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let group = Pid::from_raw(child.id() as i32);
        GROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(group.as_raw());
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (send, lines) = std::sync::mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || read_lines(BufReader::new(stdout), send));
        Ok(Player {
            name: printable(command),
            child,
            group,
            stdin,
            lines,
            usermove: false,
            ping: 0,
        })
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
            match classify(&line) {
                EngineLine::Pong(n) if n == ping => return Sync::Pong,
                EngineLine::Refusal => return Sync::Refused(printable(line.trim())),
                _ => {}
            }
        }
        Sync::Silent
    }

    /// Tells the engine a move, as `usermove TEXT` if it asked for that (`usermove=1`).
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
                Ok(line) => match classify(&line) {
                    EngineLine::Move(mv) => return Reply::Move(mv.to_string()),
                    EngineLine::Resign => return Reply::Resign,
                    EngineLine::Refusal => return Reply::Refused(printable(line.trim())),
                    _ => {}
                },
                Err(RecvTimeoutError::Timeout) => return Reply::Timeout,
                Err(RecvTimeoutError::Disconnected) => return Reply::Crashed,
            }
        }
    }
}

/// The engine's lines, each at most [`MAX_ENGINE_LINE`] bytes (a longer one is dropped), into the channel until the
/// engine closes its output or the player is gone.
fn read_lines(stdout: impl std::io::BufRead, send: SyncSender<String>) {
    let mut reader = LineReader::new(stdout, MAX_ENGINE_LINE);
    let mut line = Vec::new();
    let mut skipping = false;
    while let Ok(Some(end)) = reader.next_into(&mut line) {
        let was_skipping = skipping;
        skipping = end == LineEnd::TooLong || (was_skipping && end != LineEnd::Break);
        if was_skipping || end == LineEnd::TooLong {
            continue;
        }
        if send
            .send(String::from_utf8_lossy(&line).into_owned())
            .is_err()
        {
            break;
        }
    }
}

/// Text an engine sent, as the referee shows and records it: control characters and the quotes and braces that
/// would end a PGN tag or comment are replaced, and it is cut to 200 characters.
pub fn printable(text: &str) -> String {
    text.chars()
        .take(200)
        .map(|c| {
            if c.is_control() || matches!(c, '"' | '\\' | '{' | '}') {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// Ends every engine's process group still running (Ctrl-C): SIGTERM, then SIGKILL after a grace.
pub fn end_every_group() {
    let groups: Vec<i32> = GROUPS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .copied()
        .collect();
    for &g in &groups {
        let _ = killpg(Pid::from_raw(g), Signal::SIGTERM);
    }
    std::thread::sleep(QUIT_GRACE);
    for &g in &groups {
        let _ = killpg(Pid::from_raw(g), Signal::SIGKILL);
    }
}

/// Does any process of `group` (other than the engine's own, reaped) remain?
fn group_alive(group: Pid) -> bool {
    killpg(group, None).is_ok()
}

impl Drop for Player {
    /// `quit`, then SIGTERM to the whole group, then SIGKILL, each after a grace: nothing the engine started stays.
    fn drop(&mut self) {
        self.send("quit");
        for signal in [Some(Signal::SIGTERM), Some(Signal::SIGKILL), None] {
            let deadline = Instant::now() + QUIT_GRACE;
            loop {
                let _ = self.child.try_wait();
                if !group_alive(self.group) {
                    break;
                }
                if Instant::now() >= deadline {
                    if let Some(signal) = signal {
                        let _ = killpg(self.group, signal);
                    }
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            if !group_alive(self.group) {
                break;
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        GROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.group.as_raw());
    }
}

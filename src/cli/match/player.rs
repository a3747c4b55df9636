//! One engine process spoken to in the XBoard, UCI or USI protocol ([`Protocol`]): started with `sh -c CMD` in a process group of its own, its
//! output read by a thread into a bounded channel so that every wait has a deadline and no engine can fill the
//! referee's memory. An engine that exits, or says nothing in time, is reported as such. Ending a player ends its
//! whole process group (`quit`, then SIGTERM, then SIGKILL), so that nothing an engine started (the shell, a
//! program it forked) outlives the match; Ctrl-C ends every group still running ([`end_every_group`]).
use super::time_control::TimeControl;
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::collections::BTreeSet;
use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tatsu::engine::{Move, Position};
use tatsu::line_reader::{LineEnd, LineReader};
use tatsu::rules::{Game, Side};
use tatsu::uci::reply as uci_reply;
use tatsu::uci::Dialect;
use tatsu::xboard::reply::{classify, features, variant_list, EngineLine};

/// The longest engine line read; a longer one (no engine's protocol line is) is dropped whole.
pub const MAX_ENGINE_LINE: usize = 16 * 1024;
/// Lines read ahead of the referee: an engine printing faster than it is read waits on its pipe.
const LINES_AHEAD: usize = 256;
/// How long an engine has to start and send its features.
const START_WITHIN: Duration = Duration::from_secs(5);
/// How long an engine has to answer `ping` or `isready` once a game is chosen: loading the largest bundled game
/// (Taikyoku Shogi, 36x36) and building its tables takes 2 to 9 s on a loaded two-core machine.
pub const READY_WITHIN: Duration = Duration::from_secs(30);
/// How long an engine's group has to leave after `quit`, then after SIGTERM, before SIGKILL.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// The process groups of the engines running now, for Ctrl-C.
static GROUPS: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Xboard,
    /// UCI or USI: the referee sends the whole game (`position startpos moves …`) with every `go`.
    Uci(Dialect),
}

impl Protocol {
    /// `xboard`, `uci` or `usi`.
    pub fn named(word: &str) -> Option<Protocol> {
        match word {
            "xboard" => Some(Protocol::Xboard),
            "uci" => Some(Protocol::Uci(Dialect::Uci)),
            "usi" => Some(Protocol::Uci(Dialect::Usi)),
            _ => None,
        }
    }

    /// An `--engine` value's protocol and command: cutechess's `proto=uci CMD` names it, else `default` does.
    pub fn of_engine(value: &str, default: Protocol) -> Result<(Protocol, &str), String> {
        let Some(rest) = value.trim_start().strip_prefix("proto=") else {
            return Ok((default, value));
        };
        let (word, command) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let protocol = Protocol::named(word).ok_or(format!(
            "`proto={word}` in `{value}`: the protocols are xboard, uci and usi"
        ))?;
        if command.trim().is_empty() {
            return Err(format!("`{value}` names a protocol but no command"));
        }
        Ok((protocol, command.trim()))
    }
}

/// The protocol and command of the `k`th `--engine` value, given the `--proto` options: its own `proto=`, else the
/// `k`th `--proto`, else the only one, else XBoard.
pub fn engine_protocol<'a>(
    protos: &[String],
    engine: &'a str,
    k: usize,
) -> Result<(Protocol, &'a str), String> {
    if protos.len() > 2 {
        return Err("give --proto at most twice (once for both engines, or once for each)".into());
    }
    let word = protos
        .get(k)
        .or(protos.first())
        .map_or("xboard", String::as_str);
    let default =
        Protocol::named(word).ok_or(format!("`{word}` is not a protocol (xboard, uci, usi)"))?;
    Protocol::of_engine(engine, default)
}

pub struct Player {
    pub name: String,
    pub protocol: Protocol,
    child: Child,
    group: Pid,
    stdin: ChildStdin,
    lines: Receiver<String>,
    usermove: bool,
    /// It sent `feature memory=1`: it is told the hash size it may use (`memory N`) with each new game, and some
    /// engines (HaChu) take no move before that.
    memory: bool,
    /// The name it gave the match's game in its `variants` feature, where that is another of the game's names
    /// (HaChu's `chu` for `chu-shogi`): the name it is told.
    variant_name: Option<String>,
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

/// The hash size, in MiB, an XBoard engine that asks (`feature memory=1`) is told it may use, as XBoard's own
/// default.
const ENGINE_MEMORY_MB: u32 = 64;

/// The most legs of one move an XBoard engine may send a line each (a Lion's double move has two; three is the
/// most any bundled game's moves have), so that an engine ending every line in `,` still makes a move.
const MAX_LEGS: usize = 4;

/// Why an engine could not be used.
pub enum StartError {
    /// It did not start (it ended at once, or stayed silent): a restart may do better.
    Failed(String),
    /// It started but does not play the match's variant: no restart will change that.
    Unfit(String),
}

impl Player {
    /// Starts the engine in its protocol and checks that it plays `variant`, as [`Player::start_xboard`] and
    /// [`Player::start_uci`] say.
    pub fn start(command: &str, protocol: Protocol, variant: &str) -> Result<Player, StartError> {
        let mut player = Player::spawn(command).map_err(StartError::Failed)?;
        player.protocol = protocol;
        match protocol {
            Protocol::Xboard => player.start_xboard(command, variant)?,
            Protocol::Uci(dialect) => player.start_uci(command, dialect, variant)?,
        }
        Ok(player)
    }

    /// Reads the features (waiting for `done=1`, at most 5 seconds), then checks that the engine plays `variant`
    /// (its `variants` feature names it; one that sends none plays `normal` only) and, if it answers pings, that it
    /// answers one. An engine that ends before that (`sh -c` starts any command, so a missing program shows only
    /// here) is an error saying how it ended.
    fn start_xboard(&mut self, command: &str, variant: &str) -> Result<(), StartError> {
        let player = self;
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
                            "memory" => player.memory = value == "1",
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
                            "memory",
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
        // Its own name for the game if it has one, else another of the game's names (a bundled game's aliases).
        match known
            .iter()
            .find(|v| *v == variant)
            .or_else(|| known.iter().find(|v| same_game(v, variant)))
        {
            Some(name) if name != variant => player.variant_name = Some(name.clone()),
            Some(_) => {}
            None => {
                return Err(StartError::Unfit(format!(
                "the engine `{}` ({command}) does not play the variant `{variant}`: it plays {}",
                player.name,
                known.join(", ")
            )))
            }
        }
        if pings && !matches!(player.sync(START_WITHIN), Sync::Pong) {
            return Err(StartError::Failed(format!(
                "`{command}` did not answer ping as it started"
            )));
        }
        Ok(())
    }

    /// Sends `uci` (`usi`) and reads the name and the games of its `UCI_Variant` (`USI_Variant`) option until
    /// `uciok` (at most 5 seconds), chooses `variant` among them (by any of a bundled game's names: `normal` is
    /// `chess`) or, for an engine without the option, checks that `variant` is its protocol's own game (chess,
    /// shogi), then waits for `readyok`.
    fn start_uci(
        &mut self,
        command: &str,
        dialect: Dialect,
        variant: &str,
    ) -> Result<(), StartError> {
        let word = dialect.word();
        self.send(word);
        let deadline = Instant::now() + START_WITHIN;
        let mut offered: Option<Vec<String>> = None;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(wait) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(StartError::Failed(format!(
                        "`{command}` did not answer `{word}` with `{word}ok` within {} s",
                        START_WITHIN.as_secs()
                    )))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(StartError::Failed(format!(
                        "`{command}` {}",
                        self.how_it_ended()
                    )))
                }
            };
            match uci_reply::classify(&line) {
                uci_reply::EngineLine::Name(name) => self.name = printable(name),
                uci_reply::EngineLine::Variants(games) => {
                    offered = Some(games.iter().map(|g| printable(g)).collect())
                }
                uci_reply::EngineLine::Ok => break,
                _ => {}
            }
        }
        let own = match dialect {
            Dialect::Uci => "chess",
            Dialect::Usi => "shogi",
        };
        match offered {
            Some(games) => match games.iter().find(|g| *g == variant).or_else(|| games.iter().find(|g| same_game(g, variant))) {
                Some(game) => {
                    let line = format!("setoption name {} value {game}", dialect.variant_option());
                    self.send(&line);
                }
                None => {
                    return Err(StartError::Unfit(format!(
                        "the engine `{}` ({command}) does not play the variant `{variant}`: it plays {}",
                        self.name,
                        games.join(", ")
                    )))
                }
            },
            None if same_game(own, variant) => {}
            None => {
                return Err(StartError::Unfit(format!(
                    "the engine `{}` ({command}) has no {} option: it plays {own} only, not `{variant}`",
                    self.name,
                    dialect.variant_option()
                )))
            }
        }
        match self.sync(READY_WITHIN) {
            Sync::Pong => Ok(()),
            _ => Err(StartError::Failed(format!(
                "`{command}` did not answer isready as it started"
            ))),
        }
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
            protocol: Protocol::Xboard,
            child,
            group,
            stdin,
            lines,
            usermove: false,
            memory: false,
            variant_name: None,
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

    /// Sends `ping` and waits for the `pong`, or for a refusal of a move told before it, or gives up at `within`;
    /// for a UCI or USI engine, `isready` and `readyok`.
    pub fn sync(&mut self, within: Duration) -> Sync {
        if let Protocol::Uci(_) = self.protocol {
            self.send("isready");
            let deadline = Instant::now() + within;
            while let Some(line) = self.next_line(deadline) {
                if uci_reply::classify(&line) == uci_reply::EngineLine::Ready {
                    return Sync::Pong;
                }
            }
            return Sync::Silent;
        }
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

    /// Both engines: a new game of the variant at the time control; an XBoard engine in force mode.
    pub fn new_game(&mut self, variant: &str, tc: TimeControl) {
        match self.protocol {
            Protocol::Xboard => {
                self.send("new");
                let variant = self
                    .variant_name
                    .clone()
                    .unwrap_or_else(|| variant.to_string());
                if variant != "normal" {
                    self.send(&format!("variant {variant}"));
                }
                if self.memory {
                    self.send(&format!("memory {ENGINE_MEMORY_MB}"));
                }
                self.send(&tc.level_command());
                self.send("force");
                self.send("easy");
            }
            Protocol::Uci(dialect) => self.send(&format!("{}newgame", dialect.word())),
        }
    }

    /// Tells an XBoard engine a move played, as `usermove TEXT` if it asked for that (`usermove=1`); a UCI or USI
    /// engine is told the whole game with its next `go`.
    pub fn tell_move(&mut self, game: &Game, mv: &Move) {
        if self.protocol != Protocol::Xboard {
            return;
        }
        let text = tatsu::xboard::notation::move_text(game, mv);
        if self.usermove {
            self.send(&format!("usermove {text}"));
        } else {
            self.send(&text);
        }
    }

    /// Asks `side` for a move with the clocks (microseconds, by side) as they stand: XBoard's `time`, `otim`,
    /// `go`; UCI's (USI's) `position startpos moves …` and `go` with both clocks (USI's `btime` is Sente's,
    /// White's).
    pub fn go(
        &mut self,
        game: &Game,
        moves: &[Move],
        side: Side,
        clocks: [i64; 2],
        tc: TimeControl,
    ) {
        let ms = |micros: i64| micros.max(0) / 1000;
        let Protocol::Uci(dialect) = self.protocol else {
            self.send(&format!("time {}", ms(clocks[side.index()]) / 10));
            self.send(&format!(
                "otim {}",
                ms(clocks[side.opponent().index()]) / 10
            ));
            self.send("go");
            return;
        };
        let mut position = "position startpos".to_string();
        if !moves.is_empty() {
            position += " moves";
            for mv in moves {
                let text = tatsu::uci::notation::move_text(dialect, game, mv).unwrap_or_else(|t| t);
                position.push(' ');
                position += &text;
            }
        }
        self.send(&position);
        let (w, b) = (
            ms(clocks[Side::White.index()]),
            ms(clocks[Side::Black.index()]),
        );
        let inc = tc.increment.as_millis();
        let mut go = match dialect {
            Dialect::Uci => format!("go wtime {w} btime {b} winc {inc} binc {inc}"),
            Dialect::Usi if inc == 0 => format!("go btime {w} wtime {b} byoyomi 0"),
            Dialect::Usi => format!("go btime {w} wtime {b} binc {inc} winc {inc}"),
        };
        if tc.moves > 0 && dialect == Dialect::Uci {
            // The mover has made `moves.len() / 2` moves (White moves first).
            let made = (moves.len() / 2) as u32;
            go += &format!(" movestogo {}", tc.moves - made % tc.moves);
        }
        self.send(&go);
    }

    /// After the mover's reply: XBoard's `force`; for a UCI or USI engine that sent none in time, `stop`.
    pub fn after_move(&mut self, replied: bool) {
        match self.protocol {
            Protocol::Xboard => self.send("force"),
            Protocol::Uci(_) if !replied => self.send("stop"),
            Protocol::Uci(_) => {}
        }
    }

    /// The legal move an engine's text names in `pos`, in its protocol's notation; `None` if none.
    pub fn read_move(&self, pos: &mut Position, text: &str) -> Option<Move> {
        match self.protocol {
            Protocol::Xboard => tatsu::xboard::notation::read_move(pos, text),
            Protocol::Uci(dialect) => tatsu::uci::notation::read_move(dialect, pos, text),
        }
    }

    /// Waits for the engine's move until `deadline`. An XBoard engine may send a move of several legs one leg a
    /// line, each but the last ending in `,` (HaChu's Lion: `move j7k8,` then `move k8k7`), as XBoard reads them:
    /// the legs are joined into one text (`j7k8,k8k7`), at most [`MAX_LEGS`] of them.
    pub fn await_move(&mut self, deadline: Instant) -> Reply {
        let mut legs = String::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) if self.protocol != Protocol::Xboard => {
                    // `bestmove resign` is USI's resignation; any other text (`(none)`, `win`, nothing) is read as
                    // a move, and judged.
                    if let uci_reply::EngineLine::BestMove(mv) = uci_reply::classify(&line) {
                        return match mv {
                            "resign" => Reply::Resign,
                            mv => Reply::Move(mv.to_string()),
                        };
                    }
                }
                Ok(line) => match classify(&line) {
                    EngineLine::Move(mv)
                        if mv.ends_with(',') && legs.matches(',').count() + 1 < MAX_LEGS =>
                    {
                        legs += mv
                    }
                    EngineLine::Move(mv) => return Reply::Move(legs + mv),
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

/// Do two names mean the same game: the same name, or two names of one bundled game (`normal` and `chess`)?
fn same_game(a: &str, b: &str) -> bool {
    a == b
        || tatsu::variants::bundled_name(a)
            .is_some_and(|game| tatsu::variants::bundled_name(b) == Some(game))
}

//! One UCI or USI session. The command line feeds it stdin through a reader thread (the same bounded queue as
//! XBoard's, [`crate::protocol::input`]) and gives it stdout; tests feed it lines directly ([`Session::feed`]).
//!
//! A search runs on the session's thread; the reader raises its stop flag when `stop`, `quit` or `ponderhit`
//! arrives, and answers `isready` itself while a search runs, as the protocol asks (`readyok` at once, the search
//! going on). After `go infinite` or `go ponder`, `bestmove` waits for `stop` even when the search ends first.
//! Bad input (an unknown command, a bad position, an illegal move) is told as `info string error: …` and changes
//! nothing; no input ends the session but `quit` or the end of the input.
use super::go::{self, Go};
use super::notation::{self, usi_fits};
use super::Dialect;
use crate::engine::Position;
use crate::protocol::input::{Arrival, Input, LineQueue, MAX_LINE_BYTES, MAX_QUEUE_BYTES};
use crate::protocol::offer::{offer_named, Offer};
use crate::search::{self, Searcher, Table};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Where the session's lines go, shared with the reader thread (which answers `isready` during a search).
pub type SharedOut = Arc<Mutex<dyn Write + Send>>;

/// The session's state as the reader thread sees it: the search's stop flag and whether a search runs.
#[derive(Clone)]
struct Flags {
    stop: Arc<AtomicBool>,
    searching: Arc<AtomicBool>,
}

/// Does this line stop a search in progress? `stop`, `quit` and `ponderhit` (tatsu does not ponder: a `go
/// ponder` is a search until told, and the move is wanted now).
fn interrupts(line: &str) -> bool {
    matches!(
        line.split_whitespace().next(),
        Some("stop" | "quit" | "ponderhit")
    )
}

/// The engine's side of one UCI or USI session.
pub struct Session<'e> {
    dialect: Dialect,
    out: SharedOut,
    offers: &'e [Offer],
    current: usize,
    pos: Position<'e>,
    tt: Table,
    /// The table's size in MiB, as given at the start (the `Hash` option's default).
    hash: usize,
    flags: Flags,
    /// Lines taken from the reader during a search and not yet handled.
    pending: VecDeque<Input>,
    /// A cap on every search's nodes (tests and fuzzing), whatever `go` says.
    node_cap: Option<u64>,
    quit: bool,
}

/// Writes one line to `out` and flushes it; a closed output is not the session's concern (the GUI left).
fn say_to(out: &SharedOut, line: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

impl<'e> Session<'e> {
    /// A session offering `offers` (at least one) with a transposition table of `hash` MiB; the game at first is
    /// chess in UCI and shogi in USI when offered, else the first offered.
    pub fn new(dialect: Dialect, offers: &'e [Offer], hash: usize, out: SharedOut) -> Self {
        assert!(!offers.is_empty(), "a session offers at least one game");
        let default = match dialect {
            Dialect::Uci => "chess",
            Dialect::Usi => "shogi",
        };
        let current = offer_named(offers, default).unwrap_or(0);
        Session {
            dialect,
            out,
            offers,
            current,
            pos: Position::start(offers[current].engine()),
            tt: Table::new(hash),
            hash,
            flags: Flags {
                stop: Arc::new(AtomicBool::new(false)),
                searching: Arc::new(AtomicBool::new(false)),
            },
            pending: VecDeque::new(),
            node_cap: None,
            quit: false,
        }
    }

    /// Caps every search at `nodes`.
    pub fn cap_nodes(&mut self, nodes: u64) {
        self.node_cap = Some(nodes);
    }

    /// The position the session is at.
    pub fn position(&self) -> &Position<'e> {
        &self.pos
    }

    /// The flag that stops a search, for the reader thread.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.flags.stop.clone()
    }

    /// What the reader thread does with each line as it arrives: `isready` during a search is answered at once,
    /// `stop`, `quit` and `ponderhit` stop the search.
    pub fn arrival(&self) -> impl FnMut(&str) -> Arrival + Send + 'static {
        let flags = self.flags.clone();
        let out = self.out.clone();
        move |line| {
            if line.trim() == "isready" && flags.searching.load(Ordering::SeqCst) {
                say_to(&out, "readyok");
                Arrival::Answered
            } else if interrupts(line) {
                Arrival::Interrupt { moot: false }
            } else {
                Arrival::Queue
            }
        }
    }

    fn say(&self, line: &str) {
        say_to(&self.out, line);
    }

    fn error(&self, message: &str) {
        self.say(&format!("info string error: {message}"));
    }

    /// Handles one line without a reader thread: nothing interrupts a search, and `go infinite` is searched to
    /// the node cap (or the deepest depth) and answered at once.
    pub fn feed(&mut self, line: &str) {
        self.handle(line, None);
    }

    /// Has `quit` been read?
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Handles the GUI's lines in order until `quit` or the end of the input.
    pub fn serve(&mut self, lines: LineQueue) {
        while !self.quit {
            let input = match self.pending.pop_front() {
                Some(input) => input,
                None => match lines.recv() {
                    Ok(input) => input,
                    Err(_) => break,
                },
            };
            lines.handled(&input);
            match input {
                Input::Line(line) => self.handle(&line, Some(&lines)),
                Input::TooLong(n) => self.error(&format!(
                    "a line of {n} bytes (at most {MAX_LINE_BYTES} are read) is dropped"
                )),
                Input::Refused { lines, bytes } => self.error(&format!(
                    "{lines} lines of {bytes} bytes came while {MAX_QUEUE_BYTES} bytes of lines waited: they are dropped"
                )),
            }
        }
    }

    fn handle(&mut self, line: &str, lines: Option<&LineQueue>) {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match (command, self.dialect) {
            ("", _)
            | ("debug" | "register" | "stop" | "ponderhit", _)
            | ("gameover", Dialect::Usi) => {}
            ("uci", Dialect::Uci) | ("usi", Dialect::Usi) => self.identify(),
            ("isready", _) => {
                // The protocol's moment for slow set-up: the GUI waits for `readyok` before starting a clock.
                self.offers[self.current].prepare_search();
                self.say("readyok")
            }
            ("setoption", _) => self.set_option(rest),
            ("ucinewgame", Dialect::Uci) | ("usinewgame", Dialect::Usi) => {
                self.tt.clear();
                self.offers[self.current].prepare_search();
                self.pos = Position::start(self.offers[self.current].engine());
            }
            ("position", _) => match self.read_position(rest) {
                Ok(pos) => self.pos = pos,
                Err(message) => self.error(&format!("{message}; the position is unchanged")),
            },
            ("go", _) => {
                let go = go::parse(self.dialect, rest, self.pos.side_to_move());
                if !go.ignored.is_empty() {
                    self.error(&format!("go: ignored {}", go.ignored.join(" ")));
                }
                self.go(go, lines);
            }
            ("quit", _) => self.quit = true,
            _ => self.error(&format!("unknown command: {}", clip(line))),
        }
    }

    /// `id`, the options and `uciok` (`usiok`).
    fn identify(&self) {
        let word = self.dialect.word();
        self.say(&format!("id name tatsu {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the tatsu developers");
        let names: Vec<&str> = self.offers.iter().map(Offer::name).collect();
        self.say(&format!(
            "option name {} type combo default {} var {}",
            self.dialect.variant_option(),
            self.offers[self.current].name(),
            names.join(" var ")
        ));
        self.say(&format!(
            "option name {} type spin default {} min {} max {}",
            self.hash_option(),
            self.hash,
            crate::search::tt::MIN_MB,
            crate::search::tt::MAX_MB
        ));
        self.say(&format!("{word}ok"));
    }

    fn hash_option(&self) -> &'static str {
        match self.dialect {
            Dialect::Uci => "Hash",
            Dialect::Usi => "USI_Hash",
        }
    }

    /// `setoption name NAME [value VALUE]`: the game, or the table's size; other options are told as unknown.
    fn set_option(&mut self, rest: &str) {
        let Some(rest) = rest.strip_prefix("name") else {
            self.error("setoption: expected `setoption name NAME value VALUE`");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        if name.eq_ignore_ascii_case(self.dialect.variant_option()) {
            match offer_named(self.offers, value) {
                Some(index) => {
                    self.current = index;
                    self.offers[index].prepare_search();
                    self.pos = Position::start(self.offers[index].engine());
                }
                None => self.error(&format!("setoption: `{value}` is not a game offered")),
            }
        } else if name.eq_ignore_ascii_case(self.hash_option()) {
            match value.parse::<usize>().map(Table::try_new) {
                Ok(Ok(table)) => self.tt = table,
                Ok(Err(e)) => self.error(&format!("setoption: {e}")),
                Err(_) => self.error(&format!("setoption: `{value}` is not a number of MiB")),
            }
        } else if !name.starts_with("USI_") && !name.starts_with("UCI_") && name != "Ponder" {
            // The protocols' own options (`USI_Ponder`, `UCI_AnalyseMode`, …) are accepted and do nothing.
            self.error(&format!("setoption: no option `{name}`"));
        }
    }

    /// The position a `position` command describes: `startpos`, `fen FEN` (UCI) or `sfen SFEN` (USI), then
    /// `moves …`, each legal where it is played.
    fn read_position(&mut self, rest: &str) -> Result<Position<'e>, String> {
        let engine = self.offers[self.current].engine();
        let (setup, moves) = match rest.split_once(" moves") {
            Some((setup, moves)) => (setup.trim(), moves.trim()),
            None if rest.starts_with("moves") => ("", rest["moves".len()..].trim()),
            None => (rest, ""),
        };
        let mut pos = match (setup.split_once(char::is_whitespace), self.dialect) {
            _ if setup == "startpos" => Position::start(engine),
            (Some(("fen", fen)), Dialect::Uci) => {
                Position::from_fen(engine, fen.trim()).map_err(|e| format!("position: {e}"))?
            }
            (Some(("sfen", sfen)), Dialect::Usi) => {
                let fen = notation::sfen_to_fen(sfen).map_err(|e| format!("position: {e}"))?;
                Position::from_fen(engine, &fen).map_err(|e| format!("position: {e}"))?
            }
            _ => {
                let form = if self.dialect == Dialect::Uci {
                    "fen FEN"
                } else {
                    "sfen SFEN"
                };
                return Err(format!(
                    "position: expected `startpos` or `{form}`, then `moves …`"
                ));
            }
        };
        for text in moves.split_whitespace() {
            match notation::read_move(self.dialect, &mut pos, text) {
                Some(mv) => pos.play(mv),
                None => {
                    return Err(format!(
                        "position: `{}` is not a legal move there",
                        clip(text)
                    ))
                }
            }
        }
        Ok(pos)
    }

    /// Searches as `go` asked, reporting each iteration, and answers `bestmove`.
    fn go(&mut self, go: Go, lines: Option<&LineQueue>) {
        if go.mate {
            self.say("checkmate notimplemented");
            return;
        }
        let mut limits = go.limits;
        if let Some(cap) = self.node_cap {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        let stop = self.flags.stop.clone();
        stop.store(false, Ordering::SeqCst);
        self.flags.searching.store(true, Ordering::SeqCst);
        // A `stop` read before the flag was lowered waits in the queue: it stops this search at once.
        if let Some(lines) = lines {
            while let Ok(input) = lines.try_recv() {
                self.pending.push_back(input);
            }
        }
        if self.pending.iter().any(is_interrupt) {
            stop.store(true, Ordering::SeqCst);
        }
        let outcome = self.search(&limits, &stop);
        if go.until_stop {
            self.wait_for_stop(lines);
        }
        let best = match outcome {
            Some(mv) => {
                notation::move_text(self.dialect, self.pos.game(), &mv).unwrap_or_else(|text| {
                    self.error(&format!("USI cannot write the move {text}"));
                    "resign".into()
                })
            }
            None if self.dialect == Dialect::Usi => "resign".into(),
            // No legal move: what Stockfish and Fairy-Stockfish answer.
            None => "(none)".into(),
        };
        self.say(&format!("bestmove {best}"));
        self.flags.searching.store(false, Ordering::SeqCst);
    }

    /// Waits (after `go infinite`) until a `stop` or `quit` has come; lines that come meanwhile wait their turn.
    fn wait_for_stop(&mut self, lines: Option<&LineQueue>) {
        let Some(lines) = lines else { return };
        while !self.pending.iter().any(is_interrupt) {
            match lines.recv() {
                Ok(input) => self.pending.push_back(input),
                Err(_) => return,
            }
        }
    }

    /// Runs the search, printing an `info` line per iteration; the move found.
    fn search(
        &mut self,
        limits: &search::Limits,
        stop: &AtomicBool,
    ) -> Option<crate::engine::Move> {
        let offer = &self.offers[self.current];
        let searcher = Searcher {
            eval: offer.evaluator(),
            tt: &self.tt,
            threads: 1,
        };
        let (dialect, out, game) = (self.dialect, self.out.clone(), self.pos.game());
        let outcome = searcher.search(&mut self.pos, limits, stop, &mut |r| {
            let score = match search::mate_in(r.score) {
                Some(n) => format!("mate {n}"),
                None => format!("cp {}", r.score),
            };
            let pv: Vec<String> =
                r.pv.iter()
                    .map_while(|mv| notation::move_text(dialect, game, mv).ok())
                    .collect();
            say_to(
                &out,
                &format!(
                    "info depth {} seldepth {} score {score} nodes {} nps {} time {} pv {}",
                    r.depth,
                    r.seldepth,
                    r.nodes,
                    r.nps(),
                    r.elapsed.as_millis(),
                    pv.join(" ")
                ),
            );
        });
        outcome.best
    }
}

/// Is this waiting input one that stops a search?
fn is_interrupt(input: &Input) -> bool {
    matches!(input, Input::Line(line) if interrupts(line))
}

/// The games a USI session may offer: those USI can write (see [`usi_fits`]); and why each other one is not
/// offered, but for the first `quietly` offers, left out without a word.
pub fn usi_offers(offers: Vec<Offer>, quietly: usize) -> (Vec<Offer>, Vec<String>) {
    let mut kept = Vec::new();
    let mut refused = Vec::new();
    for (i, offer) in offers.into_iter().enumerate() {
        match usi_fits(&offer.engine().game) {
            Ok(()) => kept.push(offer),
            Err(_) if i < quietly => {}
            Err(why) => refused.push(format!("{}: {why}", offer.name())),
        }
    }
    (kept, refused)
}

/// Text from the GUI as an error message quotes it: at most 100 characters.
fn clip(text: &str) -> String {
    let mut clipped: String = text.chars().take(100).collect();
    if clipped.len() < text.len() {
        clipped.push('…');
    }
    clipped
}

//! One XBoard session (CECP version 2), independent of where its lines come from and go to: the command line
//! feeds it stdin through a reader thread and gives it stdout; tests and the fuzzer feed it lines directly.
//!
//! A command that must interrupt a search (`?`, `force`, `new`, `quit`, …) raises the search's stop flag when it
//! arrives (the reader does that, see [`interrupts`]), and one that makes the search's move moot (everything but
//! `?`) raises a discard flag too. The session handles each line in order; no input, however malformed, ends the
//! session except `quit` or the end of input.
use super::clock::TimeControl;
use super::{highlight, notation, setup, Offer};
use super::{Input, LineQueue, MAX_LINE_BYTES, MAX_QUEUE_BYTES};
use crate::engine::Position;
use crate::protocol::offer::offer_named;
use crate::rules::Side;
use crate::search::{self, Limits, Searcher, Table};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::TryRecvError;
use std::sync::Arc;

/// Commands that do not disturb a search in progress.
const QUIET: &[&str] = &[
    "time", "otim", "ping", ".", "post", "nopost", "hard", "easy", "computer", "name", "rating",
    "hint", "bk", "draw", "accepted", "rejected", "lift", "put", "hover", "option", "memory",
    "cores", "xboard", "protover", "random",
];

/// Does this line stop a search in progress, and does it make the search's move moot (`?` plays it)?
pub fn interrupts(line: &str) -> Option<bool> {
    let word = line.split_whitespace().next().unwrap_or("");
    (!word.is_empty() && !QUIET.contains(&word)).then_some(word != "?")
}

/// The lines taken from the reader and not yet handled, with how many of them would interrupt a search: each line
/// is classified once, as it comes (scanning the queue at every step made 32,000 `ping`s take 26 s).
#[derive(Default)]
struct Pending {
    lines: VecDeque<Input>,
    interrupts: usize,
}

impl Pending {
    fn push(&mut self, input: Input) {
        self.interrupts += usize::from(input.interrupts(interrupts).is_some());
        self.lines.push_back(input);
    }

    fn pop(&mut self) -> Option<Input> {
        let input = self.lines.pop_front()?;
        self.interrupts -= usize::from(input.interrupts(interrupts).is_some());
        Some(input)
    }
}

/// The engine's side of one session: the games it offers, the position, the clock and the search.
pub struct Session<'e> {
    /// Where the engine's lines go (stdout for a GUI).
    out: Box<dyn Write + 'e>,
    offers: &'e [Offer],
    current: usize,
    pos: Position<'e>,
    tt: Table,
    threads: usize,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Side>,
    clock: TimeControl,
    post: bool,
    analyzing: bool,
    /// The square (or hand piece) the last `lift` named. `put` asks for the moves from it in the position as it
    /// is then: moves kept from the lift went stale when a move, `undo`, `new`, `variant` or `setboard` came in
    /// between, and after `variant` named piece types of another game.
    lifted: String,
    stop: Arc<AtomicBool>,
    discard: Arc<AtomicBool>,
    /// A cap on every search's nodes (the fuzzer's, so that `go` always returns quickly); `None` for play.
    node_cap: Option<u64>,
    quit: bool,
}

impl<'e> Session<'e> {
    /// A session offering `offers`, with a transposition table of `hash` MiB. `stop` and `discard` are the flags
    /// the line reader raises (see [`interrupts`]).
    pub fn new(
        offers: &'e [Offer],
        hash: usize,
        out: Box<dyn Write + 'e>,
        stop: Arc<AtomicBool>,
        discard: Arc<AtomicBool>,
    ) -> Self {
        assert!(!offers.is_empty(), "a session offers at least one game");
        let current = offer_named(offers, "normal").unwrap_or(0);
        Session {
            offers,
            current,
            pos: Position::start(offers[current].engine()),
            tt: Table::new(hash),
            threads: 1,
            engine_side: Some(Side::Black),
            clock: TimeControl::default(),
            post: false,
            analyzing: false,
            lifted: String::new(),
            stop,
            discard,
            node_cap: None,
            out,
            quit: false,
        }
    }

    /// Caps every search at `nodes`, whatever the clock says.
    pub fn cap_nodes(&mut self, nodes: u64) {
        self.node_cap = Some(nodes);
    }

    /// The position the session is at.
    pub fn position(&self) -> &Position<'e> {
        &self.pos
    }

    /// Has `quit` been read?
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Handles one line and, when the engine is then to move, thinks and plays: the session without a reader
    /// thread (nothing interrupts a search; `analyze` searches once per line).
    pub fn feed(&mut self, line: &str) {
        self.handle(line);
        if self.quit {
            return;
        }
        if self.analyzing {
            self.think(true);
        } else if self.engine_to_move() {
            self.think(false);
        }
    }

    /// Writes one protocol line and flushes it; a closed output is not the session's concern (the GUI left).
    fn say(&mut self, line: &str) {
        let _ = writeln!(self.out, "{line}").and_then(|()| self.out.flush());
    }

    /// Handles the GUI's lines in order. The engine thinks when it is its move and no waiting line would
    /// interrupt the search (a `ping` waits for the move, as the protocol says); analysis runs while no line waits.
    pub fn serve(&mut self, lines: LineQueue) {
        let mut pending = Pending::default();
        let mut open = true;
        while !self.quit {
            // Reset before looking at the queue: a line that arrives later raises the flags again.
            self.stop.store(false, Ordering::SeqCst);
            self.discard.store(false, Ordering::SeqCst);
            loop {
                match lines.try_recv() {
                    Ok(line) => pending.push(line),
                    Err(TryRecvError::Disconnected) => {
                        open = false;
                        break;
                    }
                    Err(TryRecvError::Empty) => break,
                }
            }
            if !self.analyzing && pending.interrupts == 0 && open && self.engine_to_move() {
                self.think(false);
            } else if let Some(input) = pending.pop() {
                lines.handled(&input);
                self.handle_input(input);
            } else if !open {
                break;
            } else if self.analyzing {
                self.think(true);
                if let Ok(line) = lines.recv() {
                    pending.push(line);
                }
            } else if let Ok(line) = lines.recv() {
                pending.push(line);
            }
        }
    }

    fn handle_input(&mut self, input: Input) {
        match input {
            Input::Line(line) => self.handle(&line),
            Input::TooLong(n) => self.say(&format!(
                "Error (a line of {n} bytes; at most {MAX_LINE_BYTES} are read): the line is dropped"
            )),
            Input::Refused { lines, bytes } => self.say(&format!(
                "Error ({lines} lines of {bytes} bytes came while {MAX_QUEUE_BYTES} bytes of lines waited): \
                 they are dropped"
            )),
        }
    }

    fn engine_to_move(&mut self) -> bool {
        self.engine_side == Some(self.pos.side_to_move()) && self.pos.outcome().is_none()
    }

    fn handle(&mut self, line: &str) {
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" | "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "rating" | "ics" | "bk" | "hint" | "draw" | "hover" | "." | "?" => {}
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.variant(rest),
            "force" => self.engine_side = None,
            "go" => {
                self.engine_side = Some(self.pos.side_to_move());
                // Asked to move in a game already over (a finished position set up, or a `go` after the end):
                // the result is the answer, as when a move ends it; silence would leave the GUI waiting.
                self.announce_end();
            }
            "playother" => self.engine_side = Some(self.pos.side_to_move().opponent()),
            "usermove" => self.user_move(rest),
            "setboard" => self.set_board(rest),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "result" => self.engine_side = None,
            "level" | "st" | "sd" | "time" | "otim" => {
                if let Err(message) = self.clock.command(command, rest) {
                    self.say(&format!("Error ({message}): {line}"));
                }
            }
            "ping" => self.say(&format!("pong {rest}")),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => self.analyzing = true,
            "exit" => self.analyzing = false,
            "memory" => match rest.parse::<usize>().map(Table::try_new) {
                Ok(Ok(table)) => self.tt = table,
                // The old table stays: the GUI asked for more than this machine gives.
                Ok(Err(e)) => self.say(&format!("Error ({e}): {line}")),
                Err(_) => self.say(&format!("Error (not a number of MiB): {line}")),
            },
            "cores" => match rest.parse::<usize>() {
                Ok(n) => self.threads = n.clamp(1, crate::search::MAX_THREADS),
                Err(_) => self.say(&format!("Error (not a number of cores): {line}")),
            },
            "option" => {}
            "lift" => self.lift(rest),
            "put" => self.put(rest),
            "quit" => self.quit = true,
            _ if notation::from_xboard(self.pos.game().geometry, command).is_some()
                && rest.is_empty() =>
            {
                self.user_move(command)
            }
            _ => self.say(&format!("Error (unknown command): {line}")),
        }
    }

    fn features(&mut self) {
        self.say(&format!(
            "feature myname=\"tatsu {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 playother=1 \
             analyze=1 colors=0 time=1 draw=0 reuse=1 san=0 sigint=0 sigterm=0 memory=1 smp=1 \
             highlight=1 debug=1 exclude=0",
            env!("CARGO_PKG_VERSION"),
            self.announced_variants().join(",")
        ));
        self.say("feature done=1");
    }

    /// Every offer's names ([`setup::announced_names`]), each once.
    fn announced_variants(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for offer in self.offers {
            for name in setup::announced_names(offer.name()) {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
    }

    fn new_game(&mut self) {
        self.current = offer_named(self.offers, "normal").unwrap_or(self.current);
        self.offers[self.current].prepare_search();
        self.pos = Position::start(self.offers[self.current].engine());
        self.engine_side = Some(Side::Black);
        self.clock.new_game();
        self.analyzing = false;
        self.tt.clear();
    }

    fn variant(&mut self, name: &str) {
        // XBoard may prefix a board size (`10x10+0_ryugi`): the game defines its own.
        let name = name.rsplit('_').next().unwrap_or(name);
        let Some(index) = offer_named(self.offers, name) else {
            self.say(&format!("Error (unknown variant): {name}"));
            return;
        };
        self.current = index;
        self.offers[index].prepare_search();
        let engine = self.offers[index].engine();
        self.pos = Position::start(engine);
        let mapped = setup::map_game(engine);
        for problem in &mapped.problems {
            self.say(&format!("# XBoard cannot show {problem}"));
        }
        let missing = mapped.missing_from_start(&self.pos);
        if !missing.is_empty() {
            self.say(&format!(
                "tellusererror XBoard cannot show {}: {} start pieces have no XBoard type ({}, ...). \
                 Play it in tatsu serve",
                engine.game.name,
                missing.len(),
                missing.iter().take(2).cloned().collect::<Vec<_>>().join(", ")
            ));
        }
        if !setup::is_xboards_chess(&engine.game.name) {
            self.say(&mapped.setup_line(&engine.game));
        }
        for line in mapped.piece_lines(&engine.game) {
            self.say(&line);
        }
    }

    fn user_move(&mut self, text: &str) {
        match notation::read_move(&mut self.pos, text) {
            Some(mv) => {
                self.pos.play(mv);
                self.announce_end();
            }
            None => self.say(&format!("Illegal move: {text}")),
        }
    }

    fn set_board(&mut self, fen: &str) {
        let fen = fen.replacen("[]", "[-]", 1);
        match Position::from_fen(self.offers[self.current].engine(), &fen) {
            Ok(pos) => self.pos = pos,
            Err(error) => {
                self.say("tellusererror Illegal position");
                self.say(&format!("Error ({error}): setboard {fen}"));
            }
        }
    }

    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            if self.pos.history_visits().count() <= 1 {
                self.say("Error (command not legal now): undo");
                return;
            }
            self.pos.unplay();
        }
    }

    fn lift(&mut self, square: &str) {
        square.clone_into(&mut self.lifted);
        let moves = highlight::moves_from(&mut self.pos, square);
        self.say(&highlight::highlight(&self.pos, &moves));
    }

    fn put(&mut self, square: &str) {
        let g = self.pos.game().geometry;
        if let Some(to) = notation::square_from_xboard(g, square) {
            let moves = highlight::moves_from(&mut self.pos, &self.lifted);
            if let Some(line) = highlight::choice(&self.pos, &moves, to) {
                self.say(&line);
            }
        }
    }

    /// Prints the result line if the game is over.
    fn announce_end(&mut self) -> bool {
        let Some(outcome) = self.pos.outcome() else {
            return false;
        };
        let text = outcome.to_string();
        let (score, reason) = text.split_once(' ').unwrap_or((&text, ""));
        let reason = reason.trim_start_matches('(').trim_end_matches(')');
        self.say(&format!("{score} {{{reason}}}"));
        true
    }

    /// Searches the position: in analysis until interrupted, else within the clock, then plays the move.
    fn think(&mut self, analysis: bool) {
        let mut limits = if analysis {
            Limits::default()
        } else {
            self.clock.limits(&self.pos)
        };
        if let Some(cap) = self.node_cap {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        // From here the clock runs: whatever is still unbuilt (a game set up by `setboard` alone) is counted.
        let started = std::time::Instant::now();
        let eval = self.offers[self.current].evaluator();
        let searcher = Searcher {
            eval,
            tt: &self.tt,
            threads: self.threads,
        };
        let post = self.post || analysis;
        let game = self.pos.game();
        let out = &mut self.out;
        let outcome = searcher.search(&mut self.pos, &limits, &self.stop, &mut |r| {
            if post {
                let pv: Vec<String> = r.pv.iter().map(|m| notation::move_text(game, m)).collect();
                let line = format!(
                    "{} {} {} {} {}",
                    r.depth,
                    xboard_score(r.score),
                    r.elapsed.as_millis() / 10,
                    r.nodes,
                    pv.join(" ")
                );
                let _ = writeln!(out, "{line}").and_then(|()| out.flush());
            }
        });
        if analysis || self.discard.load(Ordering::SeqCst) {
            return;
        }
        self.clock.spent(started.elapsed());
        match outcome.best {
            Some(mv) => {
                let text = notation::move_text(game, &mv);
                self.pos.play(mv);
                self.say(&format!("move {text}"));
                self.announce_end();
            }
            None => {
                self.announce_end();
                self.engine_side = None;
            }
        }
    }
}

/// XBoard's score: centipawns, or ±(100000 + moves) for a mate.
fn xboard_score(score: i32) -> i32 {
    match search::mate_in(score) {
        Some(n) if n > 0 => 100_000 + n,
        Some(n) => -100_000 + n,
        None => score,
    }
}

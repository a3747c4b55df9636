//! One refereed game: both engines told the moves, tatsu judging every move (legality, notation) and every game
//! end (the game's own rules), illegal moves, crashes, silence and time losses adjudicated with the reason.
use super::player::{printable, Player, Reply, Sync};
use std::time::{Duration, Instant};
use tatsu::engine::{Engine, Move, Position};
use tatsu::rules::Side;

/// How long a game may run without the rules ending it: then it is drawn.
pub const MAX_PLIES: usize = 600;
/// How far below zero an engine's clock may go before it loses on time: the allowance for process and pipe latency
/// (a reply's time is measured from the referee's `go` to the line's arrival, scheduling delays included). One
/// amount for the whole game, not renewed each move: the clock is cumulative, so an engine that overruns by a
/// little every move uses it up and flags.
pub const GRACE: Duration = Duration::from_millis(50);

pub use super::time_control::TimeControl;

/// A finished game: the opening it was played from, the moves, the winner and why.
#[derive(Clone)]
pub struct Record {
    pub opening: usize,
    pub moves: Vec<Move>,
    pub winner: Option<Side>,
    pub reason: String,
    /// The side whose engine's fault decided the game (an illegal move, a refused legal move, a crash, silence, a
    /// time loss), not play: the summary also gives the score without these games, and that engine is restarted.
    pub faulty: Option<Side>,
}

impl Record {
    pub fn fault(&self) -> bool {
        self.faulty.is_some()
    }
}

/// Plays one game from the start position after the opening `moves`; `players[0]` has White.
pub fn play(
    engine: &Engine,
    variant_name: &str,
    (index, opening): (usize, &[Move]),
    players: [&mut Player; 2],
    tc: TimeControl,
) -> Record {
    let mut pos = Position::start(engine);
    let [white, black] = players;
    let mut players = [white, black];
    start_game(&mut players, variant_name, tc);
    let mut moves = play_opening(engine, &mut pos, opening, &mut players);
    if let Some((side, why)) = sync_after_opening(&mut players) {
        return fault(index, moves, side, why);
    }
    let base = tc.base.as_micros() as i64;
    let mut clocks = [base, base];
    loop {
        if let Some((winner, reason)) = decided(&mut pos, moves.len()) {
            return Record {
                opening: index,
                moves,
                winner,
                reason,
                faulty: None,
            };
        }
        let side = pos.side_to_move();
        let mv = match one_move(&mut pos, &mut players, &mut clocks, tc, &moves) {
            Ok(mv) => mv,
            Err(Stop::Resigned) => {
                return Record {
                    opening: index,
                    moves,
                    winner: Some(side.opponent()),
                    reason: format!("{} resigns", side_name(side)),
                    faulty: None,
                }
            }
            Err(Stop::Fault(why)) => return fault(index, moves, side, why),
        };
        players[side.opponent().index()].tell_move(&engine.game, &mv);
        pos.play(mv);
        moves.push(mv);
    }
}

/// Both engines: a new game of the variant at the time control.
fn start_game(players: &mut [&mut Player; 2], variant_name: &str, tc: TimeControl) {
    for p in players.iter_mut() {
        p.new_game(variant_name, tc);
    }
}

/// Plays the opening's moves on `pos` and tells both engines; returns them.
fn play_opening(
    engine: &Engine,
    pos: &mut Position,
    opening: &[Move],
    players: &mut [&mut Player; 2],
) -> Vec<Move> {
    for mv in opening {
        for p in players.iter_mut() {
            p.tell_move(&engine.game, mv);
        }
        pos.play(*mv);
    }
    opening.to_vec()
}

/// Pings both engines after the opening: the first that refused an opening move or stays silent, and why.
fn sync_after_opening(players: &mut [&mut Player; 2]) -> Option<(Side, String)> {
    for (i, p) in players.iter_mut().enumerate() {
        let side = if i == 0 { Side::White } else { Side::Black };
        let why = match p.sync(super::player::READY_WITHIN) {
            Sync::Pong => continue,
            Sync::Refused(line) => format!("refused a legal opening move ({line})"),
            Sync::Silent => "did not answer ping".to_string(),
        };
        return Some((side, why));
    }
    None
}

/// The game ended by its rules (winner and reason), or drawn after `MAX_PLIES` plies; `None` while it goes on.
fn decided(pos: &mut Position, plies: usize) -> Option<(Option<Side>, String)> {
    if let Some(outcome) = pos.outcome() {
        let text = outcome.to_string();
        let reason = text
            .split_once(' ')
            .map_or(text.clone(), |(_, r)| r.to_string());
        return Some((
            outcome.winner,
            reason.trim_matches(|c| c == '(' || c == ')').into(),
        ));
    }
    if plies >= MAX_PLIES {
        return Some((
            None,
            format!("draw by adjudication after {MAX_PLIES} plies"),
        ));
    }
    None
}

/// Why a move did not come: the side to move resigned, or lost by its engine's fault.
enum Stop {
    Resigned,
    Fault(String),
}

/// Asks the side to move for its move on its clock and checks it: the legal move (its clock charged and given
/// the increment), or why the game stops. Clocks are in microseconds and may go below zero by up to [`GRACE`].
/// `last` is the move before it, named if the engine refuses it.
fn one_move(
    pos: &mut Position,
    players: &mut [&mut Player; 2],
    clocks: &mut [i64; 2],
    tc: TimeControl,
    moves: &[Move],
) -> Result<Move, Stop> {
    let last = moves.last();
    let side = pos.side_to_move();
    let us = side.index();
    let mover = &mut players[us];
    mover.go(pos.game(), moves, side, *clocks, tc);
    let grace = GRACE.as_micros() as i64;
    let started = Instant::now();
    let allowed = Duration::from_micros((clocks[us] + grace).max(0) as u64);
    let reply = mover.await_move(started + allowed);
    let took = started.elapsed().as_micros() as i64;
    mover.after_move(matches!(reply, Reply::Move(_) | Reply::Resign));
    let text = match reply {
        Reply::Move(text) => text,
        Reply::Resign => return Err(Stop::Resigned),
        Reply::Crashed => return Err(Stop::Fault("crashed (the engine exited)".into())),
        Reply::Timeout => {
            return Err(Stop::Fault(format!(
                "lost on time (no move within {} ms)",
                allowed.as_millis()
            )))
        }
        Reply::Refused(line) => {
            let last = last.map(|mv| pos_text(pos, mv)).unwrap_or_default();
            return Err(Stop::Fault(format!(
                "refused the legal move {last} ({line})"
            )));
        }
    };
    clocks[us] -= took;
    if clocks[us] < -grace {
        return Err(Stop::Fault(format!(
            "lost on time (its clock at {} ms after {} ms)",
            clocks[us] / 1000,
            took / 1000
        )));
    }
    // The mover's moves of the game with this one (the opening's included, as XBoard counts them).
    let nth = moves.len() / 2 + 1;
    clocks[us] += tc.after_move(nth).as_micros() as i64;
    mover
        .read_move(pos, &text)
        .ok_or_else(|| Stop::Fault(format!("played an illegal move: {}", printable(&text))))
}

/// The text of the move just played in `pos` (for a refusal's reason), in tatsu's notation.
fn pos_text(pos: &Position, mv: &Move) -> String {
    tatsu::engine::notation::to_uci(pos.game(), mv)
}

/// `side` loses by its engine's fault.
fn fault(opening: usize, moves: Vec<Move>, side: Side, why: String) -> Record {
    Record {
        opening,
        moves,
        winner: Some(side.opponent()),
        reason: format!("{} {why}", side_name(side)),
        faulty: Some(side),
    }
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

//! One refereed game: both engines told the moves, tatsu judging every move (legality, notation) and every game
//! end (the game's own rules), illegal moves, crashes, silence and time losses adjudicated with the reason.
use super::player::{Player, Reply, Sync};
use std::time::{Duration, Instant};
use tatsu::engine::{Engine, Move, Position};
use tatsu::rules::Side;
use tatsu::xboard::notation;

/// How long a game may run without the rules ending it: then it is drawn.
pub const MAX_PLIES: usize = 600;
/// Time an engine may exceed its clock by before it loses on time (process and pipe latency).
const GRACE: Duration = Duration::from_millis(200);

#[derive(Clone, Copy, Debug)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

/// A finished game: the opening it was played from, the moves (in tatsu's notation), the winner and why.
#[derive(Clone)]
pub struct Record {
    pub opening: usize,
    pub moves: Vec<String>,
    pub winner: Option<Side>,
    pub reason: String,
    /// Decided by an engine's fault (an illegal move, a refused legal move, a crash, silence, a time loss), not
    /// by play: the summary also gives the score without these games.
    pub fault: bool,
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
    let mut clocks = [tc.base, tc.base];
    loop {
        if let Some((winner, reason)) = decided(&mut pos, moves.len()) {
            return Record {
                opening: index,
                moves,
                winner,
                reason,
                fault: false,
            };
        }
        let side = pos.side_to_move();
        let mv = match one_move(&mut pos, &mut players, &mut clocks, tc, moves.last()) {
            Ok(mv) => mv,
            Err(Stop::Resigned) => {
                return Record {
                    opening: index,
                    moves,
                    winner: Some(side.opponent()),
                    reason: format!("{} resigns", side_name(side)),
                    fault: false,
                }
            }
            Err(Stop::Fault(why)) => return fault(index, moves, side, why),
        };
        let uci = pos.uci(&mv);
        players[side.opponent().index()].tell_move(&notation::move_text(&engine.game, &mv));
        pos.play(mv);
        moves.push(uci);
    }
}

/// Both engines: a new game of the variant, the time control, in force mode.
fn start_game(players: &mut [&mut Player; 2], variant_name: &str, tc: TimeControl) {
    let seconds = tc.base.as_secs();
    let level = format!(
        "level 0 {}:{:02} {}",
        seconds / 60,
        seconds % 60,
        tc.increment.as_secs_f64()
    );
    for p in players.iter_mut() {
        p.send("new");
        if variant_name != "normal" {
            p.send(&format!("variant {variant_name}"));
        }
        p.send(&level);
        p.send("force");
        p.send("easy");
    }
}

/// Plays the opening's moves on `pos` and tells both engines; returns them in tatsu's notation.
fn play_opening(
    engine: &Engine,
    pos: &mut Position,
    opening: &[Move],
    players: &mut [&mut Player; 2],
) -> Vec<String> {
    let mut moves = Vec::new();
    for mv in opening {
        let text = pos.uci(mv);
        let xb = notation::move_text(&engine.game, mv);
        for p in players.iter_mut() {
            p.tell_move(&xb);
        }
        pos.play(*mv);
        moves.push(text);
    }
    moves
}

/// Pings both engines after the opening: the first that refused an opening move or stays silent, and why.
fn sync_after_opening(players: &mut [&mut Player; 2]) -> Option<(Side, String)> {
    for (i, p) in players.iter_mut().enumerate() {
        let side = if i == 0 { Side::White } else { Side::Black };
        let why = match p.sync(Duration::from_secs(10)) {
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
/// the increment), or why the game stops. `last` is the move before it, named if the engine refuses it.
fn one_move(
    pos: &mut Position,
    players: &mut [&mut Player; 2],
    clocks: &mut [Duration; 2],
    tc: TimeControl,
    last: Option<&String>,
) -> Result<Move, Stop> {
    let side = pos.side_to_move();
    let (us, them) = (side.index(), side.opponent().index());
    let mover = &mut players[us];
    mover.send(&format!("time {}", clocks[us].as_millis() / 10));
    mover.send(&format!("otim {}", clocks[them].as_millis() / 10));
    mover.send("go");
    let started = Instant::now();
    let reply = mover.await_move(started + clocks[us] + GRACE);
    let took = started.elapsed();
    mover.send("force");
    let text = match reply {
        Reply::Move(text) => text,
        Reply::Resign => return Err(Stop::Resigned),
        Reply::Crashed => return Err(Stop::Fault("crashed (the engine exited)".into())),
        Reply::Timeout => return Err(Stop::Fault("lost on time".into())),
        Reply::Refused(line) => {
            let last = last.cloned().unwrap_or_default();
            return Err(Stop::Fault(format!(
                "refused the legal move {last} ({line})"
            )));
        }
    };
    if took > clocks[us] + GRACE {
        return Err(Stop::Fault("lost on time".into()));
    }
    clocks[us] = clocks[us].saturating_sub(took) + tc.increment;
    notation::read_move(pos, &text)
        .ok_or_else(|| Stop::Fault(format!("played an illegal move: {text}")))
}

/// `side` loses by its engine's fault.
fn fault(opening: usize, moves: Vec<String>, side: Side, why: String) -> Record {
    Record {
        opening,
        moves,
        winner: Some(side.opponent()),
        reason: format!("{} {why}", side_name(side)),
        fault: true,
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The game in PGN: the variant, set-up and players' tags, the moves in tatsu's coordinate notation, the result
/// with its reason.
pub fn pgn(record: &Record, engine: &Engine, names: [&str; 2], round: usize) -> String {
    let result = match record.winner {
        Some(Side::White) => "1-0",
        Some(Side::Black) => "0-1",
        None => "1/2-1/2",
    };
    let mut text = format!(
        "[Event \"tatsu match\"]\n[Site \"?\"]\n[Round \"{round}\"]\n[White \"{}\"]\n[Black \"{}\"]\n\
         [Result \"{result}\"]\n[Variant \"{}\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n[Termination \"{}\"]\n\n",
        names[0], names[1], engine.game.name, engine.game.start_fen, record.reason
    );
    let mut line = String::new();
    for (i, mv) in record.moves.iter().enumerate() {
        if i % 2 == 0 {
            line += &format!("{}. ", i / 2 + 1);
        }
        line += mv;
        line.push(' ');
        if line.len() > 70 {
            text += line.trim_end();
            text.push('\n');
            line.clear();
        }
    }
    text += &format!("{line}{{{}}} {result}\n\n", record.reason);
    text
}

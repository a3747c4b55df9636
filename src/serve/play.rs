//! Positions from requests: every request carries its game (`start` and `moves`) and is replayed through the
//! engine, so repetition counts are right and no two pages share state. Then what `POST /api/position` and
//! `POST /api/pgn` answer.
use super::http::ApiError;
use super::library::Library;
use crate::describe::side_key;
use crate::engine::{Engine, Move, MoveKind, Position};
use crate::rules::{Side, Square};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// The most moves a request may carry.
pub const MAX_MOVES: usize = 10_000;
/// The longest FEN a request may carry (a 36x36 board of two-letter ids written in full is about 6 KB).
pub const MAX_FEN_BYTES: usize = 65_536;
/// The longest text of one move (`a36a35,a35a34` and a long piece id are far shorter).
pub const MAX_MOVE_BYTES: usize = 64;

/// A game so far, as every position request carries it.
#[derive(Deserialize, Debug)]
pub struct GameAt {
    pub game: String,
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
}

/// The engine of a served game that can be played: its current version, else its last good one.
pub fn playable(library: &Library, id: &str) -> Result<Arc<Engine>, ApiError> {
    let served = library
        .find(id)
        .ok_or_else(|| ApiError::not_found(format!("no game `{id}` is served")))?;
    let snapshot = served.snapshot();
    if let Some(loaded) = snapshot.playable() {
        return Ok(loaded.engine.clone());
    }
    let diagnostics = snapshot.current.err().map_or(Value::Null, |d| (*d).clone());
    Err(ApiError::new(
        409,
        format!("`{id}` does not compile and has no version that did"),
    )
    .with("diagnostics", diagnostics))
}

/// The position `at` describes, and the last move played; an unreadable FEN or an illegal move is a 400 naming it.
pub fn replay<'e>(
    engine: &'e Engine,
    at: &GameAt,
) -> Result<(Position<'e>, Option<Move>), ApiError> {
    let mut pos = start_of(engine, at)?;
    let mut last = None;
    play_moves(&mut pos, &at.moves, &mut |mv| last = Some(mv))?;
    Ok((pos, last))
}

/// The position `at` starts from (its FEN, or the game's start), after the request's size checks.
fn start_of<'e>(engine: &'e Engine, at: &GameAt) -> Result<Position<'e>, ApiError> {
    if at.moves.len() > MAX_MOVES {
        return Err(ApiError::bad_request(format!(
            "{} moves: a request may carry at most {MAX_MOVES}",
            at.moves.len()
        )));
    }
    match &at.start {
        Some(fen) if fen.len() > MAX_FEN_BYTES => Err(ApiError::bad_request(format!(
            "the start FEN has {} bytes, more than {MAX_FEN_BYTES}",
            fen.len()
        ))),
        Some(fen) => Position::from_fen(engine, fen)
            .map_err(|e| ApiError::bad_request(e.to_string()).with("field", json!("start"))),
        None => Ok(Position::start(engine)),
    }
}

/// Plays `moves` on `pos`, handing each to `each`; the first unreadable or illegal one is a 400 naming it.
fn play_moves(
    pos: &mut Position,
    moves: &[String],
    each: &mut dyn FnMut(Move),
) -> Result<(), ApiError> {
    for (index, text) in moves.iter().enumerate() {
        let mv = if text.len() > MAX_MOVE_BYTES {
            Err(format!("is longer than {MAX_MOVE_BYTES} bytes"))
        } else {
            pos.parse_move(text).map_err(|e| e.to_string())
        };
        let mv = mv.map_err(|why| {
            ApiError::bad_request(format!("move {} (`{}`): {why}", index + 1, shorten(text)))
                .with("index", json!(index))
                .with("fen", json!(pos.to_fen()))
        })?;
        pos.play(mv);
        each(mv);
    }
    Ok(())
}

/// A text cut to 64 bytes (at a character boundary) for an error message.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(64) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// `POST /api/position`'s answer.
pub fn position_json(pos: &mut Position, last: Option<Move>, ply: usize) -> Value {
    let game = pos.game();
    let g = game.geometry;
    let board: Vec<Value> = g
        .all()
        .filter_map(|sq| {
            let (piece, side) = pos.piece_at(sq)?;
            let ty = game.piece(piece);
            Some(
                json!({"square": g.name(sq), "piece": ty.symbol, "side": side_key(side),
                        "promoted": ty.promoted}),
            )
        })
        .collect();
    let walls: Vec<String> = g
        .all()
        .filter(|&sq| pos.is_wall(sq))
        .map(|sq| g.name(sq))
        .collect();
    let hand = |side: Side| -> Vec<Value> {
        pos.hand(side)
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(i, &n)| json!({"piece": game.pieces[i].symbol, "count": n}))
            .collect()
    };
    let hands = json!({"white": hand(Side::White), "black": hand(Side::Black)});
    let legal: Vec<Value> = pos
        .legal_move_list()
        .iter()
        .map(|m| move_json(pos, m))
        .collect();
    let result = pos.outcome().map(|o| {
        json!({"winner": o.winner.map(side_key), "reason": o.reason.key(), "words": o.to_string()})
    });
    let last_move = last.map(|m| {
        let mut copy = pos.clone();
        copy.unplay();
        move_json(&copy, &m)
    });
    json!({
        "fen": pos.to_fen(),
        "side_to_move": side_key(pos.side_to_move()),
        "ply": ply,
        "board": board,
        "walls": walls,
        "hands": hands,
        "legal_moves": legal,
        "checks": checks(pos),
        "last_move": last_move,
        "result": result,
    })
}

/// The squares of the side to move's royal pieces that are attacked, when it is in check.
fn checks(pos: &Position) -> Vec<String> {
    if !pos.in_check() {
        return Vec::new();
    }
    let game = pos.game();
    let us = pos.side_to_move();
    pos.pieces_of(us)
        .iter()
        .filter(|&&sq| {
            pos.piece_at(sq).is_some_and(|(p, _)| game.piece(p).royal)
                && pos.is_attacked(sq, us.opponent())
        })
        .map(|&sq| game.geometry.name(sq))
        .collect()
}

/// One move as the page enters and draws it, in the position before it.
pub fn move_json(pos: &Position, mv: &Move) -> Value {
    let game = pos.game();
    let g = game.geometry;
    let name = |sq: Square| g.name(sq);
    let symbol = |p: crate::rules::PieceId| game.piece(p).symbol.clone();
    let drop = mv.is_drop();
    let legs: Vec<String> = match mv.kind {
        MoveKind::Drop => vec![name(mv.to)],
        MoveKind::Pass => vec![name(mv.from)],
        MoveKind::Locust { victim } => vec![name(mv.from), name(victim), name(mv.to)],
        MoveKind::Unload { square } if square != mv.from => {
            vec![name(mv.from), name(square), name(mv.to)]
        }
        _ => vec![name(mv.from), name(mv.to)],
    };
    let mut captures: Vec<String> = Vec::new();
    if let Some(victim) = mv.kind.victim() {
        captures.push(name(victim));
    }
    let takes_on_to = !matches!(
        mv.kind,
        MoveKind::Castle { .. } | MoveKind::Drop | MoveKind::Pass | MoveKind::Unload { .. }
    );
    if takes_on_to && mv.to != mv.from && pos.piece_at(mv.to).is_some() {
        captures.push(name(mv.to));
    }
    let castling = match mv.kind {
        MoveKind::Castle { index } => {
            let c = &game.castlings[index as usize];
            json!({"rook_from": name(c.rook_from), "rook_to": name(c.rook_to)})
        }
        _ => Value::Null,
    };
    json!({
        "text": pos.uci(mv),
        "from": (!drop).then(|| name(mv.from)),
        "to": name(mv.to),
        "legs": legs,
        "piece": symbol(mv.piece),
        "drop": drop.then(|| symbol(mv.promotion.unwrap_or(mv.piece))),
        "promotion": if drop { None } else { mv.promotion.map(symbol) },
        "captures": captures,
        "castling": castling,
        "wall": mv.wall().map(name),
        "gate": mv.gate().map(|gate| symbol(gate.piece)),
    })
}

/// `POST /api/pgn`'s request.
#[derive(Deserialize, Debug)]
pub struct PgnRequest {
    #[serde(flatten)]
    pub at: GameAt,
    #[serde(default)]
    pub white: Option<String>,
    #[serde(default)]
    pub black: Option<String>,
}

/// The game in PGN: the Seven Tag Roster, `Variant`, the start position when it is not the game's, `Termination`
/// when it is over, the moves in SAN numbered from the start position's move number ([`crate::pgn`]), and the
/// result. A request that does not replay is a 400, as [`replay`] says.
pub fn pgn(engine: &Engine, at: &GameAt, names: [Option<&str>; 2]) -> Result<String, ApiError> {
    let start = start_of(engine, at)?;
    let mut end = start.clone();
    let mut moves = Vec::with_capacity(at.moves.len());
    play_moves(&mut end, &at.moves, &mut |mv| moves.push(mv))?;
    let game = &engine.game;
    let outcome = end.outcome();
    let result = crate::pgn::result(outcome.as_ref().map(|o| o.winner));
    let tag = crate::pgn::tag;
    let mut text = tag("Event", "tatsu serve") + &tag("Site", "?") + &tag("Date", "????.??.??");
    text += &tag("Round", "-");
    text += &tag("White", names[0].unwrap_or("?"));
    text += &tag("Black", names[1].unwrap_or("?"));
    text += &tag("Result", result);
    text += &tag("Variant", &game.name);
    if let Some(fen) = at.start.as_deref().filter(|fen| *fen != game.start_fen) {
        text += &tag("SetUp", "1");
        text += &crate::pgn::fen_tag(fen);
    }
    if let Some(o) = &outcome {
        text += &tag("Termination", &o.to_string());
    }
    text.push('\n');
    let movetext = crate::pgn::movetext(&start, &moves);
    let gap = if movetext.is_empty() { "" } else { " " };
    Ok(text + &movetext + gap + result + "\n")
}

//! `tatsu moves`: the legal moves of a position, in UCI notation or as JSON.
use super::common::{emit, parse_square, print_json, side_key};
use super::error::CliError;
use serde::Serialize;
use tatsu::engine::{Move, MoveKind, Position};
use tatsu::render::side_name;

/// List the legal moves, one per line, in the UCI notation perft uses (sorted).
///
/// Examples:
///   tatsu moves euroshogi
///   tatsu moves ryugi --moves e2c3 e9c8 --from c3
///   tatsu moves heian-ryu-shogi --fen "3k3/6p/7/7/7/7/7/7/7/7/7/3K3[G] w" --moves G@c2
///   tatsu moves ryugi --fen "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1" --json
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct MovesArgs {
    #[command(flatten)]
    pub position: super::position::PositionArgs,
    /// Only the moves of the piece on this square.
    #[arg(long)]
    pub from: Option<String>,
    /// Print a JSON object: the position and, per move, from, to, piece, capture, promotion, drop and check.
    #[arg(long)]
    pub json: bool,
}

/// `moves --json` (schema `tatsu.moves/1`).
#[derive(Serialize)]
struct MovesJson {
    schema: &'static str,
    variant: String,
    fen: String,
    side_to_move: &'static str,
    moves: Vec<MoveJson>,
}

/// One legal move.
#[derive(Serialize)]
struct MoveJson {
    uci: String,
    /// `null` for a drop or a pass.
    from: Option<String>,
    /// `null` for a pass.
    to: Option<String>,
    /// The moving (or dropped) piece's symbol; `null` for a pass.
    piece: Option<String>,
    capture: bool,
    promotion: Option<String>,
    drop: bool,
    castling: bool,
    en_passant: bool,
    /// The square of a piece captured elsewhere than on `to` (en passant, locust, unload).
    victim: Option<String>,
    pass: bool,
    /// The move gives check.
    check: bool,
}

pub fn run(args: MovesArgs) -> Result<(), CliError> {
    args.position.run(|pos| list(&args, pos))
}

fn list(args: &MovesArgs, mut pos: Position) -> Result<(), CliError> {
    let from = match &args.from {
        Some(text) => Some(piece_square(&mut pos, text)?),
        None => None,
    };
    let mut moves: Vec<Move> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| {
            from.is_none_or(|sq| m.from == sq && !matches!(m.kind, MoveKind::Drop | MoveKind::Pass))
        })
        .collect();
    moves.sort_by_key(|m| pos.uci(m));
    if args.json {
        let list = moves.iter().map(|m| move_json(&mut pos, m)).collect();
        return print_json(&MovesJson {
            schema: "tatsu.moves/1",
            variant: pos.game().name.clone(),
            fen: pos.to_fen(),
            side_to_move: side_key(pos.side_to_move()),
            moves: list,
        });
    }
    let mut out = String::new();
    for m in &moves {
        out += &pos.uci(m);
        out.push('\n');
    }
    emit(&out);
    if moves.is_empty() {
        match (pos.outcome(), from) {
            (Some(outcome), _) => eprintln!("no legal moves: {outcome}"),
            (None, Some(sq)) => eprintln!(
                "the piece on {} has no legal move",
                pos.game().geometry.name(sq)
            ),
            (None, None) => eprintln!("no legal moves"),
        }
    }
    Ok(())
}

/// The `--from` square: it must hold a piece of the side to move.
fn piece_square(pos: &mut Position, text: &str) -> Result<tatsu::rules::Square, CliError> {
    let game = pos.game();
    let sq = parse_square(game, text)?;
    let us = pos.side_to_move();
    match pos.piece_at(sq) {
        Some((_, side)) if side == us => Ok(sq),
        Some((piece, side)) => Err(CliError::input(format!(
            "--from {text}: the {} there is {}'s, and {} is to move",
            game.piece(piece).name,
            side_name(side),
            side_name(us)
        ))),
        None => Err(
            CliError::input(format!("--from {text}: the square is empty")).hint(format!(
                "{} can move the pieces on {}",
                side_name(us),
                squares_of(pos)
            )),
        ),
    }
}

/// The squares holding a piece of the side to move, in move-list order.
fn squares_of(pos: &mut Position) -> String {
    let g = pos.game().geometry;
    let mut squares: Vec<String> = pos
        .legal_move_list()
        .iter()
        .filter(|m| !matches!(m.kind, MoveKind::Drop | MoveKind::Pass))
        .map(|m| g.name(m.from))
        .collect();
    squares.sort();
    squares.dedup();
    if squares.is_empty() {
        return "no square (no piece can move)".into();
    }
    squares.join(", ")
}

fn move_json(pos: &mut Position, m: &Move) -> MoveJson {
    let game = pos.game();
    let g = game.geometry;
    let mover = pos.side_to_move();
    let board_move = !matches!(m.kind, MoveKind::Drop | MoveKind::Pass);
    let capture = match m.kind {
        MoveKind::EnPassant { .. } | MoveKind::Locust { .. } | MoveKind::Unload { .. } => true,
        MoveKind::Normal => pos.piece_at(m.to).is_some_and(|(_, s)| s != mover),
        _ => false,
    };
    let uci = pos.uci(m);
    pos.play(*m);
    let check = pos.side_in_check(mover.opponent());
    pos.unplay();
    let pass = matches!(m.kind, MoveKind::Pass);
    MoveJson {
        uci,
        from: board_move.then(|| g.name(m.from)),
        to: (!pass).then(|| g.name(m.to)),
        piece: (!pass).then(|| game.piece(m.piece).symbol.clone()),
        capture,
        promotion: m.promotion.map(|p| game.piece(p).symbol.clone()),
        drop: m.is_drop(),
        castling: matches!(m.kind, MoveKind::Castle { .. }),
        en_passant: matches!(m.kind, MoveKind::EnPassant { .. }),
        victim: m.kind.victim().map(|sq| g.name(sq)),
        pass,
        check,
    }
}

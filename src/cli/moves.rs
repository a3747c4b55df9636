//! `tatsu moves`: the legal moves of a position, in UCI notation or as JSON.
use super::common::{emit, fail, parse_square};
use serde_json::json;
use std::process::ExitCode;
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

pub fn run(args: MovesArgs) -> ExitCode {
    args.position.run(|pos| list(&args, pos))
}

fn list(args: &MovesArgs, mut pos: Position) -> ExitCode {
    let game = pos.game();
    let from = match &args.from {
        Some(text) => match parse_square(game, text) {
            Ok(sq) => Some(sq),
            Err(message) => return fail(&message),
        },
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
        let list: Vec<serde_json::Value> = moves.iter().map(|m| move_json(&mut pos, m)).collect();
        let out = json!({
            "variant": game.name,
            "fen": pos.to_fen(),
            "side_to_move": side_name(pos.side_to_move()).to_lowercase(),
            "moves": list,
        });
        emit(&format!("{out}\n"));
        return ExitCode::SUCCESS;
    }
    let mut out = String::new();
    for m in &moves {
        out += &pos.uci(m);
        out.push('\n');
    }
    emit(&out);
    if moves.is_empty() && from.is_none() {
        match pos.outcome() {
            Some(outcome) => eprintln!("no legal moves: {outcome}"),
            None => eprintln!("no legal moves"),
        }
    }
    ExitCode::SUCCESS
}

fn move_json(pos: &mut Position, m: &Move) -> serde_json::Value {
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
    json!({
        "uci": uci,
        "from": board_move.then(|| g.name(m.from)),
        "to": (!matches!(m.kind, MoveKind::Pass)).then(|| g.name(m.to)),
        "piece": (!matches!(m.kind, MoveKind::Pass)).then(|| game.piece(m.piece).symbol.clone()),
        "capture": capture,
        "promotion": m.promotion.map(|p| game.piece(p).symbol.clone()),
        "drop": m.is_drop(),
        "castling": matches!(m.kind, MoveKind::Castle { .. }),
        "en_passant": matches!(m.kind, MoveKind::EnPassant { .. }),
        "victim": m.kind.victim().map(|sq| g.name(sq)),
        "pass": matches!(m.kind, MoveKind::Pass),
        "check": check,
    })
}

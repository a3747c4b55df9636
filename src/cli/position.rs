//! Shared by the subcommands that take `--fen` and `--moves`: build the position they describe.
use crate::engine::{Engine, Position};

/// The start position (or `fen`), with `moves` played in order. Errors name the offending FEN or move.
pub fn setup<'e>(
    engine: &'e Engine,
    fen: Option<&str>,
    moves: &[String],
) -> Result<Position<'e>, String> {
    let mut pos = match fen {
        Some(fen) => Position::from_fen(engine, fen).map_err(|e| e.to_string())?,
        None => Position::start(engine),
    };
    for text in moves {
        let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
        pos.play(mv);
    }
    Ok(pos)
}

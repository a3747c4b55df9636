//! Shared by the subcommands that take `--fen` and `--moves`: build the position they describe.
use super::common::{fail, load_engine};
use std::process::ExitCode;
use tatsu::engine::{Engine, Position};

/// The arguments that say which game and which position: shared by the commands that look at a position.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    /// Start from this position instead of the game's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Play these moves (UCI notation) from the position first.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
}

impl PositionArgs {
    /// Loads the game, sets up the position these arguments describe and runs `command` on it; says why not (and
    /// fails) if either step goes wrong. A closure rather than a returned position, which would borrow the engine
    /// loaded here.
    pub fn run(&self, command: impl FnOnce(Position<'_>) -> ExitCode) -> ExitCode {
        let engine = match load_engine(&self.variant) {
            Ok(engine) => engine,
            Err(code) => return code,
        };
        match setup(&engine, self.fen.as_deref(), &self.moves) {
            Ok(pos) => command(pos),
            Err(message) => fail(&message),
        }
    }
}

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

//! Shared by the subcommands that take `--fen` and `--moves`: build the position they describe, and say exactly
//! which move of `--moves` failed and what was legal instead.
use super::common::load_engine;
use super::error::CliError;
use tatsu::engine::{Engine, Position};

/// The arguments that say which game and which position: shared by the commands that look at a position.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    /// Start from this position instead of the game's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Play these moves (UCI notation, separate arguments or one quoted list) from the position first.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
}

impl PositionArgs {
    /// Loads the game, sets up the position these arguments describe and runs `command` on it. A closure rather
    /// than a returned position, which would borrow the engine loaded here.
    pub fn run(
        &self,
        command: impl FnOnce(Position<'_>) -> Result<(), CliError>,
    ) -> Result<(), CliError> {
        let engine = load_engine(&self.variant)?;
        command(setup(&engine, self.fen.as_deref(), &self.moves)?)
    }
}

/// The start position (or `fen`), with `moves` played in order.
pub fn setup<'e>(
    engine: &'e Engine,
    fen: Option<&str>,
    moves: &[String],
) -> Result<Position<'e>, CliError> {
    let mut pos = match fen {
        Some(fen) => Position::from_fen(engine, fen)?,
        None => Position::start(engine),
    };
    // `--moves e2e4 e7e5` and `--moves "e2e4 e7e5"` alike.
    let moves = moves.iter().flat_map(|m| m.split_whitespace());
    for (index, text) in moves.enumerate() {
        let mv = read_move(&mut pos, text).map_err(|e| {
            let what = format!(
                "move {} of --moves, `{text}`, {e}\n  in {}",
                index + 1,
                pos.to_fen()
            );
            let error = CliError::input(what);
            match nearest_moves(&mut pos, text) {
                Some(hint) => error.hint(hint),
                None => error,
            }
        })?;
        pos.play(mv);
    }
    Ok(pos)
}

/// A move as the user wrote it: its exact UCI text, or failing that the one legal move whose text differs only
/// in case (`a7a8Q` for `a7a8q`).
fn read_move(pos: &mut Position, text: &str) -> Result<tatsu::engine::Move, String> {
    let error = match pos.parse_move(text) {
        Ok(mv) => return Ok(mv),
        Err(tatsu::engine::MoveError::Syntax(_)) => "is not a move in UCI notation",
        Err(tatsu::engine::MoveError::Illegal(_)) => "is not legal",
    };
    let moves = pos.legal_move_list();
    let mut same = moves
        .iter()
        .filter(|m| pos.uci(m).eq_ignore_ascii_case(text));
    match (same.next(), same.next()) {
        (Some(&mv), None) => Ok(mv),
        _ => Err(error.to_string()),
    }
}

/// What the user probably meant: the promotions a move without its letter can make, or the legal moves of the
/// piece on the square the text starts from, or the legal moves nearest in spelling.
fn nearest_moves(pos: &mut Position, text: &str) -> Option<String> {
    const SHOWN: usize = 8;
    let texts: Vec<String> = {
        let moves = pos.legal_move_list();
        moves.iter().map(|m| pos.uci(m)).collect()
    };
    if texts.is_empty() {
        return Some("there is no legal move here: the game is over".into());
    }
    // `e2e4,e7e5`: a list written with commas, where a comma only joins a move to the square it walls.
    if let Some((first, _)) = text.split_once(',') {
        if texts.iter().any(|t| t == first) {
            return Some(format!(
                "separate moves with spaces: `{first}` is a legal move, and `,` only joins a move to the square \
                 it walls (`e2e4,e4d5` in duck chess)"
            ));
        }
    }
    let lower = text.to_ascii_lowercase();
    let promotions: Vec<&String> = texts
        .iter()
        .filter(|t| {
            t.len() > lower.len()
                && t.to_ascii_lowercase().starts_with(&lower)
                && !t[lower.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    if !promotions.is_empty() {
        let letters: Vec<&str> = promotions.iter().map(|t| &t[text.len()..]).collect();
        return Some(format!(
            "`{text}` promotes: add one of {} ({})",
            letters.join(", "),
            list(&promotions, SHOWN)
        ));
    }
    let g = pos.game().geometry;
    let from = (2..=text.len().min(4))
        .rev()
        .filter(|&n| text.is_char_boundary(n))
        .find_map(|n| g.parse_square(&text[..n]).map(|_| &text[..n]));
    if let Some(from) = from {
        let same_from: Vec<&String> = texts
            .iter()
            .filter(|t| {
                t.starts_with(from) && t[from.len()..].starts_with(|c: char| c.is_ascii_lowercase())
            })
            .collect();
        if !same_from.is_empty() {
            return Some(format!(
                "the legal moves from {from}: {}",
                list(&same_from, SHOWN)
            ));
        }
        return Some(format!(
            "no legal move starts on {from}; legal moves include {}",
            list(&nearest_by_spelling(&texts, text), SHOWN)
        ));
    }
    Some(format!(
        "legal moves include {}",
        list(&nearest_by_spelling(&texts, text), SHOWN)
    ))
}

/// The legal move texts sorted by edit distance from `text`, nearest first.
fn nearest_by_spelling<'a>(texts: &'a [String], text: &str) -> Vec<&'a String> {
    let mut sorted: Vec<&String> = texts.iter().collect();
    sorted.sort_by_key(|t| (tatsu::diag::edit_distance(t, text), t.to_string()));
    sorted
}

/// At most `shown` texts, comma-separated, with how many more there are.
fn list(texts: &[&String], shown: usize) -> String {
    let mut out = texts
        .iter()
        .take(shown)
        .map(|t| t.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    if texts.len() > shown {
        out += &format!(" (and {} more)", texts.len() - shown);
    }
    out
}

//! `perft --split` and `perft --units`: a deep perft cut into independent work units, for a scheduler to spread
//! over machines (docs/balance.md has the GNU parallel and Slurm recipes).
//!
//! A unit is one line, `FEN<TAB>MOVES<TAB>DEPTH`: the root position, a prefix of legal moves from it (space
//! separated, in perft's notation; empty at split depth 0) and the plies left to count below the prefix. The units
//! of a split are every legal prefix of the split depth, so their counts add up to the plain perft.
use super::common::emit;
use super::error::CliError;
use tatsu::engine::{perft, Engine, Position};
use tatsu::line_reader::{LineEnd, LineReader};

/// Writes one unit per legal move sequence of `split` plies from `pos`, each to be counted `depth - split` deep.
pub fn split(pos: &mut Position, depth: u32, split: u32) -> Result<(), CliError> {
    if split > depth {
        return Err(CliError::usage(format!(
            "--split {split} is deeper than --depth {depth}"
        )));
    }
    let fen = pos.to_fen();
    let mut prefix = Vec::new();
    let mut text = String::new();
    walk(pos, split, &mut prefix, &mut |moves| {
        text += &format!("{fen}\t{}\t{}\n", moves.join(" "), depth - split);
        if text.len() > 1 << 16 {
            emit(&text);
            text.clear();
        }
    });
    emit(&text);
    Ok(())
}

fn walk(pos: &mut Position, plies: u32, prefix: &mut Vec<String>, out: &mut dyn FnMut(&[String])) {
    if plies == 0 {
        out(prefix);
        return;
    }
    for mv in pos.legal_move_list() {
        prefix.push(pos.uci(&mv));
        pos.play(mv);
        walk(pos, plies - 1, prefix, out);
        pos.unplay();
        prefix.pop();
    }
}

/// The longest line read as a unit: a FEN of the largest board and a prefix of 64 moves take a few kilobytes.
pub const MAX_UNIT_BYTES: usize = 1 << 20;

/// Counts every unit of a file as it is read (a split can have millions): one `COUNT<TAB>unit` line each, then the
/// total as `Nodes searched: N`. A line longer than [`MAX_UNIT_BYTES`] is an error at its line, so an endless
/// input stops there.
pub fn count(engine: &Engine, path: &std::path::Path) -> Result<(), CliError> {
    let cannot =
        |e: std::io::Error| CliError::input(format!("cannot read {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut lines = LineReader::new(std::io::BufReader::new(file), MAX_UNIT_BYTES);
    let mut bytes = Vec::new();
    let mut total = 0u64;
    while let Some(end) = lines.next_into(&mut bytes).map_err(cannot)? {
        let n = lines.number();
        let at = |why: String| CliError::input(format!("{}:{n}: {why}", path.display()));
        if end == LineEnd::TooLong {
            return Err(at(format!(
                "a line of more than {MAX_UNIT_BYTES} bytes is not a unit"
            )));
        }
        let line = std::str::from_utf8(&bytes).map_err(|_| at("not UTF-8 text".into()))?;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [fen, moves, depth] = fields[..] else {
            return Err(at("a unit is FEN<TAB>MOVES<TAB>DEPTH".into()));
        };
        let depth: u32 = depth
            .trim()
            .parse()
            .ok()
            .filter(|&d| d <= 64)
            .ok_or_else(|| at(format!("`{depth}` is not a depth (0 to 64)")))?;
        let mut pos = Position::from_fen(engine, fen).map_err(|e| at(e.to_string()))?;
        for mv in moves.split_whitespace() {
            let parsed = pos
                .parse_move(mv)
                .map_err(|e| at(format!("move `{mv}`: {e}")))?;
            pos.play(parsed);
        }
        let nodes = perft::perft(&mut pos, depth);
        total += nodes;
        emit(&format!("{nodes}\t{line}\n"));
    }
    emit(&format!("Nodes searched: {total}\n"));
    Ok(())
}

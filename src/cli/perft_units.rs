//! `perft --split` and `perft --units`: a deep perft cut into independent work units, for a scheduler to spread
//! over machines (docs/balance.md has the GNU parallel and Slurm recipes).
//!
//! A unit is one line, `FEN<TAB>MOVES<TAB>DEPTH`: the root position, a prefix of legal moves from it (space
//! separated, in perft's notation; empty at split depth 0) and the plies left to count below the prefix. The units
//! of a split are every legal prefix of the split depth, so their counts add up to the plain perft.
use super::common::emit;
use super::error::CliError;
use tatsu::engine::{perft, Engine, Position};

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

/// Counts every unit of a file: one `COUNT<TAB>unit` line each, then the total as `Nodes searched: N`.
pub fn count(engine: &Engine, path: &std::path::Path) -> Result<(), CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
    let mut total = 0u64;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| CliError::input(format!("{}:{}: {why}", path.display(), n + 1));
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

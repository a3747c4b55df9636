//! `perft --split`, `perft --units` and `perft --total`: a deep perft cut into independent work units, for a
//! scheduler to spread over machines (docs/balance.md has the GNU parallel and Slurm recipes), and the units'
//! counts added up with an integrity check, since the files come back from other machines.
//!
//! A split begins with its manifest, `#tatsu-perft-split<TAB>GAME<TAB>FEN<TAB>DEPTH<TAB>SPLIT<TAB>UNITS<TAB>DIGEST`:
//! the game, the root position, the perft's depth, the split depth, the number of units and a digest of them all
//! (FNV-1a over the manifest's fields and every unit's moves). Each unit is then one line,
//! `ID<TAB>FEN<TAB>MOVES<TAB>DEPTH`: `DIGEST/N` (the split it belongs to and its number from 0), the root position,
//! a prefix of legal moves from it (space separated, in perft's notation; empty at split depth 0) and the plies
//! left to count below the prefix. The units of a split are every legal prefix of the split depth, so their counts
//! add up to the plain perft. A counted unit is the line `COUNT<TAB>unit`: a result, which `--results` keeps for a
//! later run to resume from and `--total` adds up against the manifest.
use super::common::emit;
use super::error::CliError;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;
use tatsu::engine::{perft, Engine, Position};
use tatsu::line_reader::{LineEnd, LineReader};

/// The first field of a split's manifest line.
const MANIFEST: &str = "#tatsu-perft-split";

/// The longest line read as a unit or a result: a FEN of the largest board and a prefix of 64 moves take a few
/// kilobytes.
pub const MAX_UNIT_BYTES: usize = 1 << 20;

/// At most this many missing units (or repeated results) are named; the message counts the rest.
const MAX_MISSING_SHOWN: usize = 20;

/// What a split is: its manifest without the digest, and the moves of each unit in order.
struct Split {
    game: String,
    fen: String,
    depth: u32,
    split: u32,
    prefixes: Vec<String>,
}

impl Split {
    /// Every legal prefix of `split` plies from `pos`.
    fn of(pos: &mut Position, depth: u32, split: u32) -> Split {
        let mut prefixes = Vec::new();
        let mut prefix = Vec::new();
        walk(pos, split, &mut prefix, &mut |moves| {
            prefixes.push(moves.join(" "))
        });
        Split {
            game: pos.game().name.clone(),
            fen: pos.to_fen(),
            depth,
            split,
            prefixes,
        }
    }

    /// FNV-1a (64 bits) of the manifest's fields and every unit's moves, as 16 hex digits: the same split on any
    /// machine has the same digest, and any other list of units (one left out, one added, another position or
    /// depth) another, but for a chance collision.
    fn digest(&self) -> String {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut feed = |bytes: &[u8]| {
            for &b in bytes {
                hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        let head = format!(
            "{}\t{}\t{}\t{}\n",
            self.game, self.fen, self.depth, self.split
        );
        feed(head.as_bytes());
        for moves in &self.prefixes {
            feed(moves.as_bytes());
            feed(b"\n");
        }
        format!("{hash:016x}")
    }

    fn manifest(&self, digest: &str) -> String {
        format!(
            "{MANIFEST}\t{}\t{}\t{}\t{}\t{}\t{digest}",
            self.game,
            self.fen,
            self.depth,
            self.split,
            self.prefixes.len()
        )
    }

    /// Unit `n`'s line.
    fn unit(&self, digest: &str, n: usize) -> String {
        format!(
            "{digest}/{n}\t{}\t{}\t{}",
            self.fen,
            self.prefixes[n],
            self.depth - self.split
        )
    }
}

/// Writes the manifest and one unit per legal move sequence of `split` plies from `pos`, each to be counted
/// `depth - split` deep.
pub fn split(pos: &mut Position, depth: u32, split: u32) -> Result<(), CliError> {
    if split > depth {
        return Err(CliError::usage(format!(
            "--split {split} is deeper than --depth {depth}"
        )));
    }
    let split = Split::of(pos, depth, split);
    let digest = split.digest();
    let mut text = split.manifest(&digest) + "\n";
    for n in 0..split.prefixes.len() {
        text += &split.unit(&digest, n);
        text.push('\n');
        if text.len() > 1 << 16 {
            emit(&text);
            text.clear();
        }
    }
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

/// Calls `each` with every line of `path` that is not blank (its number and text), each at most
/// [`MAX_UNIT_BYTES`]; an error is located at `path:line`.
fn each_line(
    path: &Path,
    mut each: impl FnMut(usize, &str) -> Result<(), String>,
) -> Result<(), CliError> {
    let cannot =
        |e: std::io::Error| CliError::input(format!("cannot read {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut lines = LineReader::new(std::io::BufReader::new(file), MAX_UNIT_BYTES);
    let mut bytes = Vec::new();
    while let Some(end) = lines.next_into(&mut bytes).map_err(cannot)? {
        let n = lines.number();
        let at = |why: String| CliError::input(format!("{}:{n}: {why}", path.display()));
        if end == LineEnd::TooLong {
            return Err(at(format!(
                "a line of more than {MAX_UNIT_BYTES} bytes is not a unit"
            )));
        }
        let line = std::str::from_utf8(&bytes).map_err(|_| at("not UTF-8 text".into()))?;
        if !line.trim().is_empty() {
            each(n, line).map_err(at)?;
        }
    }
    Ok(())
}

/// A manifest line read back: its fields and digest.
struct Manifest {
    game: String,
    fen: String,
    depth: u32,
    split: u32,
    units: usize,
    digest: String,
}

fn parse_manifest(line: &str) -> Result<Manifest, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [MANIFEST, game, fen, depth, split, units, digest] = fields[..] else {
        return Err(format!(
            "not a split's manifest ({MANIFEST}<TAB>GAME<TAB>FEN<TAB>DEPTH<TAB>SPLIT<TAB>UNITS<TAB>DIGEST)"
        ));
    };
    let number = |text: &str, what: &str| {
        text.parse::<u32>()
            .ok()
            .filter(|&d| d <= 64)
            .ok_or_else(|| format!("`{}` is not a {what} (0 to 64)", short(text)))
    };
    Ok(Manifest {
        game: game.to_string(),
        fen: fen.to_string(),
        depth: number(depth, "depth")?,
        split: number(split, "split depth")?,
        units: units
            .parse()
            .map_err(|_| format!("`{}` is not a number of units", short(units)))?,
        digest: digest.to_string(),
    })
}

/// A unit line read: its id (`DIGEST/N`, split), position, moves and depth.
struct Unit<'l> {
    digest: &'l str,
    number: usize,
    fen: &'l str,
    moves: &'l str,
    depth: u32,
}

fn parse_unit(line: &str) -> Result<Unit<'_>, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, fen, moves, depth] = fields[..] else {
        return Err("a unit is ID<TAB>FEN<TAB>MOVES<TAB>DEPTH (as --split writes it)".into());
    };
    let (digest, number) = id
        .split_once('/')
        .and_then(|(d, n)| Some((d, n.parse().ok()?)))
        .ok_or_else(|| format!("`{}` is not a unit's id (DIGEST/N)", short(id)))?;
    let depth = depth
        .trim()
        .parse()
        .ok()
        .filter(|&d| d <= 64)
        .ok_or_else(|| format!("`{}` is not a depth (0 to 64)", short(depth)))?;
    Ok(Unit {
        digest,
        number,
        fen,
        moves,
        depth,
    })
}

/// Text from a file quoted in a message, cut to 40 characters.
fn short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Counts one unit's perft.
fn count_unit(engine: &Engine, unit: &Unit) -> Result<u64, String> {
    let mut pos = Position::from_fen(engine, unit.fen).map_err(|e| e.to_string())?;
    for mv in unit.moves.split_whitespace() {
        let parsed = pos
            .parse_move(mv)
            .map_err(|e| format!("move `{}`: {e}", short(mv)))?;
        pos.play(parsed);
    }
    Ok(perft::perft(&mut pos, unit.depth))
}

/// Counts every unit of a file as it is read (a split can have millions): one result line (`COUNT<TAB>unit`)
/// each, then the total. A unit of another split than the file's manifest, or one that repeats, is an error. With
/// `results`, each result is also appended to that file as it is counted, and a unit already there is not counted
/// again (a later run resumes). The total is `Nodes searched: N` when the file held its split's every unit;
/// for a part of a split, the line says so (`--total` adds the parts).
pub fn count(engine: &Engine, path: &Path, results: Option<&Path>) -> Result<(), CliError> {
    let done = match results.filter(|p| p.exists()) {
        Some(p) => read_results(p)?,
        None => HashMap::new(),
    };
    let mut out = match results {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| CliError::input(format!("cannot write {}: {e}", p.display())))?,
        ),
        None => None,
    };
    let mut manifest: Option<Manifest> = None;
    let mut seen: HashSet<usize> = HashSet::new();
    let mut total = 0u64;
    each_line(path, |n, line| {
        if line.starts_with(MANIFEST) {
            let m = parse_manifest(line)?;
            if m.game != engine.game.name || manifest.is_some() || n != 1 {
                return Err("a manifest of another game, or not on the first line".into());
            }
            manifest = Some(m);
            return Ok(());
        }
        if line.starts_with('#') {
            return Ok(());
        }
        let unit = parse_unit(line)?;
        if let Some(m) = &manifest {
            if unit.digest != m.digest || unit.number >= m.units {
                return Err(format!(
                    "unit `{}/{}` is not one of the split's {} units ({})",
                    short(unit.digest),
                    unit.number,
                    m.units,
                    m.digest
                ));
            }
            if unit.fen != m.fen || unit.depth != m.depth - m.split {
                return Err("the unit's position or depth is not its split's".into());
            }
        }
        if !seen.insert(unit.number) {
            return Err(format!("unit {} repeats", unit.number));
        }
        let id = format!("{}/{}", unit.digest, unit.number);
        let result = match done.get(&id) {
            Some((count, unit_text)) if unit_text == line => *count,
            Some(_) => return Err(format!("the result of unit {id} is of another unit")),
            None => {
                let count = count_unit(engine, &unit)?;
                if let Some(file) = out.as_mut() {
                    writeln!(file, "{count}\t{line}")
                        .and_then(|()| file.flush())
                        .map_err(|e| format!("cannot write a result: {e}"))?;
                }
                count
            }
        };
        total += result;
        emit(&format!("{result}\t{line}\n"));
        Ok(())
    })?;
    match manifest {
        Some(m) if seen.len() == m.units => emit(&format!("Nodes searched: {total}\n")),
        _ => emit(&format!(
            "Nodes in these {} units: {total} (not a whole split: `--total` adds the parts)\n",
            seen.len()
        )),
    }
    Ok(())
}

/// The results of a file: id to count and unit line. A line that is not a result, or a second result of one unit
/// with another count, is an error at its line.
fn read_results(path: &Path) -> Result<HashMap<String, (u64, String)>, CliError> {
    let mut done: HashMap<String, (u64, String)> = HashMap::new();
    each_line(path, |_, line| {
        let (count, unit) = line.split_once('\t').unwrap_or((line, ""));
        let count: u64 = count
            .parse()
            .map_err(|_| "a result is COUNT<TAB>ID<TAB>FEN<TAB>MOVES<TAB>DEPTH".to_string())?;
        let id = unit.split('\t').next().unwrap_or("").to_string();
        parse_unit(unit)?;
        match done.get(&id) {
            Some((c, u)) if (*c, u.as_str()) != (count, unit) => {
                Err(format!("unit {} has two different results", short(&id)))
            }
            _ => {
                done.insert(id, (count, unit.to_string()));
                Ok(())
            }
        }
    })?;
    Ok(done)
}

/// Adds up the results of `files[1..]` against the split whose manifest is the first line of `files[0]`: the split
/// is made again from the manifest's position and its digest checked, then every unit must have exactly one
/// result (the same result twice is skipped, with a note), and a result of another split or another unit is an
/// error naming it.
pub fn total(engine: &Engine, files: &[std::path::PathBuf]) -> Result<(), CliError> {
    let [split_file, result_files @ ..] = files else {
        return Err(CliError::usage("--total SPLIT RESULTS…"));
    };
    let mut manifest = None;
    each_line(split_file, |n, line| {
        if n == 1 {
            manifest = Some(parse_manifest(line)?);
        }
        Ok(())
    })?;
    let m = manifest.ok_or_else(|| {
        CliError::input(format!(
            "{}: no manifest on its first line",
            split_file.display()
        ))
    })?;
    if m.game != engine.game.name || m.split > m.depth {
        return Err(CliError::input(format!(
            "{}:1: the split is of `{}` (split depth {} of {}), not a split of `{}`",
            split_file.display(),
            short(&m.game),
            m.split,
            m.depth,
            engine.game.name
        )));
    }
    let mut pos = Position::from_fen(engine, &m.fen)
        .map_err(|e| CliError::input(format!("{}:1: {e}", split_file.display())))?;
    let split = Split::of(&mut pos, m.depth, m.split);
    if split.digest() != m.digest || split.prefixes.len() != m.units {
        return Err(CliError::input(format!(
            "{}:1: the manifest is not the split of its position: {} units, digest {}, where the manifest says {} and {}",
            split_file.display(),
            split.prefixes.len(),
            split.digest(),
            m.units,
            short(&m.digest)
        )));
    }
    let counts = gather(&split, &m.digest, result_files)?;
    let missing: Vec<usize> = (0..counts.len()).filter(|&n| counts[n].is_none()).collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing
            .iter()
            .take(MAX_MISSING_SHOWN)
            .map(usize::to_string)
            .collect();
        let more = match missing.len().saturating_sub(MAX_MISSING_SHOWN) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        return Err(CliError::input(format!(
            "{} of the split's {} units have no result: {}{more}",
            missing.len(),
            counts.len(),
            shown.join(", ")
        )));
    }
    let nodes: u64 = counts
        .iter()
        .map(|c| c.as_ref().map_or(0, |(n, _)| *n))
        .sum();
    emit(&format!("Nodes searched: {nodes}\n"));
    Ok(())
}

/// The result of each unit of `split` found in `files`, with where it was read.
fn gather(
    split: &Split,
    digest: &str,
    files: &[std::path::PathBuf],
) -> Result<Vec<Option<(u64, String)>>, CliError> {
    let mut counts: Vec<Option<(u64, String)>> = vec![None; split.prefixes.len()];
    let mut repeats = 0usize;
    for file in files {
        each_line(file, |n, line| {
            if line.starts_with('#') || line.starts_with("Nodes ") {
                return Ok(());
            }
            let (count, unit) = line.split_once('\t').unwrap_or((line, ""));
            let count: u64 = count
                .parse()
                .map_err(|_| "a result is COUNT<TAB>ID<TAB>FEN<TAB>MOVES<TAB>DEPTH".to_string())?;
            let u = parse_unit(unit)?;
            if u.digest != digest || u.number >= split.prefixes.len() {
                return Err(format!(
                    "unit `{}/{}` is not one of this split's",
                    short(u.digest),
                    u.number
                ));
            }
            if unit != split.unit(digest, u.number) {
                return Err(format!(
                    "the result of unit {} is of another unit",
                    u.number
                ));
            }
            let here = format!("{}:{n}", file.display());
            match &counts[u.number] {
                Some((c, there)) if *c == count => {
                    repeats += 1;
                    if repeats <= MAX_MISSING_SHOWN {
                        eprintln!("note: {here}: unit {} repeats {there}; skipped", u.number);
                    }
                }
                Some((c, there)) => {
                    return Err(format!(
                        "unit {} counts {count} here and {c} at {there}",
                        u.number
                    ))
                }
                None => counts[u.number] = Some((count, here)),
            }
            Ok(())
        })?;
    }
    if repeats > MAX_MISSING_SHOWN {
        eprintln!(
            "note: {} more repeated results skipped",
            repeats - MAX_MISSING_SHOWN
        );
    }
    Ok(counts)
}

use super::common::emit;
use super::error::CliError;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;
use tatsu::engine::{Engine, Position};
use tatsu::perft_units::{
    count_unit, parse_manifest, parse_unit, short, Gathered, Manifest, Split, MANIFEST,
};

/// [`tatsu::perft_units::each_line`] of the file at `path`.
fn each_line(
    path: &Path,
    each: impl FnMut(usize, &str) -> Result<(), String>,
) -> Result<(), CliError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    tatsu::perft_units::each_line(std::io::BufReader::new(file), &name, each)
        .map_err(CliError::input)
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
    let mut gathered = Gathered::new(&split);
    for file in result_files {
        let name = file.display().to_string();
        let reader = std::fs::File::open(file)
            .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
        gathered
            .read(
                &split,
                &m.digest,
                &name,
                std::io::BufReader::new(reader),
                &mut |note| eprintln!("note: {note}"),
            )
            .map_err(CliError::input)?;
    }
    if gathered.repeats > tatsu::perft_units::MAX_MISSING_SHOWN {
        eprintln!(
            "note: {} more repeated results skipped",
            gathered.repeats - tatsu::perft_units::MAX_MISSING_SHOWN
        );
    }
    let nodes = gathered.total().map_err(CliError::input)?;
    emit(&format!("Nodes searched: {nodes}\n"));
    Ok(())
}

//! A deep perft cut into independent work units (`perft --split`, `--units`, `--total`), for a scheduler to spread
//! over machines (docs/balance.md has the GNU parallel and Slurm recipes), and the units' counts added up with an
//! integrity check, since the files come back from other machines. The command line is `src/cli/perft_units.rs`.
//!
//! A split begins with its manifest, `#tatsu-perft-split<TAB>GAME<TAB>FEN<TAB>DEPTH<TAB>SPLIT<TAB>UNITS<TAB>DIGEST`:
//! the game, the root position, the perft's depth, the split depth, the number of units and a digest of them all
//! (FNV-1a over the manifest's fields and every unit's moves). Each unit is then one line,
//! `ID<TAB>FEN<TAB>MOVES<TAB>DEPTH`: `DIGEST/N` (the split it belongs to and its number from 0), the root position,
//! a prefix of legal moves from it (space separated, in perft's notation; empty at split depth 0) and the plies
//! left to count below the prefix. The units of a split are every legal prefix of the split depth, so their counts
//! add up to the plain perft. A counted unit is the line `COUNT<TAB>unit`: a result, which `--results` keeps for a
//! later run to resume from and `--total` adds up against the manifest.
use crate::engine::{perft, Engine, Position};
use crate::line_reader::{LineEnd, LineReader};

/// The first field of a split's manifest line.
pub const MANIFEST: &str = "#tatsu-perft-split";

/// The longest line read as a unit or a result: a FEN of the largest board and a prefix of 64 moves take a few
/// kilobytes.
pub const MAX_UNIT_BYTES: usize = 1 << 20;

/// At most this many missing units (or repeated results) are named; the message counts the rest.
pub const MAX_MISSING_SHOWN: usize = 20;

/// What a split is: its manifest without the digest, and the moves of each unit in order.
pub struct Split {
    pub game: String,
    pub fen: String,
    pub depth: u32,
    pub split: u32,
    pub prefixes: Vec<String>,
}

impl Split {
    /// Every legal prefix of `split` plies from `pos`.
    pub fn of(pos: &mut Position, depth: u32, split: u32) -> Split {
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
    pub fn digest(&self) -> String {
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

    pub fn manifest(&self, digest: &str) -> String {
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
    pub fn unit(&self, digest: &str, n: usize) -> String {
        format!(
            "{digest}/{n}\t{}\t{}\t{}",
            self.fen,
            self.prefixes[n],
            self.depth - self.split
        )
    }
}

/// Calls `each` with every line of `reader` that is not blank (its number and text), each at most
/// [`MAX_UNIT_BYTES`]; an error is located at `name:line`.
pub fn each_line(
    reader: impl std::io::BufRead,
    name: &str,
    mut each: impl FnMut(usize, &str) -> Result<(), String>,
) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot read {name}: {e}");
    let mut lines = LineReader::new(reader, MAX_UNIT_BYTES);
    let mut bytes = Vec::new();
    while let Some(end) = lines.next_into(&mut bytes).map_err(cannot)? {
        let n = lines.number();
        let at = |why: String| format!("{name}:{n}: {why}");
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

/// A manifest line read back: its fields and digest.
pub struct Manifest {
    pub game: String,
    pub fen: String,
    pub depth: u32,
    pub split: u32,
    pub units: usize,
    pub digest: String,
}

pub fn parse_manifest(line: &str) -> Result<Manifest, String> {
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
pub struct Unit<'l> {
    pub digest: &'l str,
    pub number: usize,
    pub fen: &'l str,
    pub moves: &'l str,
    pub depth: u32,
}

pub fn parse_unit(line: &str) -> Result<Unit<'_>, String> {
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
pub fn short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Counts one unit's perft.
pub fn count_unit(engine: &Engine, unit: &Unit) -> Result<u64, String> {
    let mut pos = Position::from_fen(engine, unit.fen).map_err(|e| e.to_string())?;
    for mv in unit.moves.split_whitespace() {
        let parsed = pos
            .parse_move(mv)
            .map_err(|e| format!("move `{}`: {e}", short(mv)))?;
        pos.play(parsed);
    }
    Ok(perft::perft(&mut pos, unit.depth))
}

/// The results of a split's units read so far: the count of each unit and where it was read, and how many
/// repeats were skipped.
pub struct Gathered {
    pub counts: Vec<Option<(u64, String)>>,
    pub repeats: usize,
}

impl Gathered {
    pub fn new(split: &Split) -> Gathered {
        Gathered {
            counts: vec![None; split.prefixes.len()],
            repeats: 0,
        }
    }

    /// Reads the results of one file (`name`) into the counts. A result of another split or another unit, or a
    /// second count of a unit that differs, is an error at its line; the same result again is skipped, and noted
    /// through `note` (the first [`MAX_MISSING_SHOWN`]).
    pub fn read(
        &mut self,
        split: &Split,
        digest: &str,
        name: &str,
        reader: impl std::io::BufRead,
        note: &mut dyn FnMut(String),
    ) -> Result<(), String> {
        each_line(reader, name, |n, line| {
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
            let here = format!("{name}:{n}");
            match &self.counts[u.number] {
                Some((c, there)) if *c == count => {
                    self.repeats += 1;
                    if self.repeats <= MAX_MISSING_SHOWN {
                        note(format!(
                            "{here}: unit {} repeats {there}; skipped",
                            u.number
                        ));
                    }
                }
                Some((c, there)) => {
                    return Err(format!(
                        "unit {} counts {count} here and {c} at {there}",
                        u.number
                    ))
                }
                None => self.counts[u.number] = Some((count, here)),
            }
            Ok(())
        })
    }

    /// The total, or an error naming the units with no result.
    pub fn total(&self) -> Result<u64, String> {
        let missing: Vec<usize> = (0..self.counts.len())
            .filter(|&n| self.counts[n].is_none())
            .collect();
        if missing.is_empty() {
            return Ok(self
                .counts
                .iter()
                .map(|c| c.as_ref().map_or(0, |(n, _)| *n))
                .sum());
        }
        let shown: Vec<String> = missing
            .iter()
            .take(MAX_MISSING_SHOWN)
            .map(usize::to_string)
            .collect();
        let more = match missing.len().saturating_sub(MAX_MISSING_SHOWN) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        Err(format!(
            "{} of the split's {} units have no result: {}{more}",
            missing.len(),
            self.counts.len(),
            shown.join(", ")
        ))
    }
}

//! One finished game as a line of a JSON Lines file: the run it belongs to, its index in the run, the moves and
//! how it ended. The statistics are computed from these records alone (by replaying the moves), so a report made
//! from a merged set of shard files is the report of the single run.
use crate::line_reader::{LineEnd, LineReader};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;

/// What makes two games parts of the same run: the game, the seed, the number of games and the settings of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunKey {
    /// The game's name (`Game::name`).
    pub variant: String,
    pub seed: u64,
    pub games: u64,
    pub max_plies: u32,
    pub opening_plies: u32,
    /// Nodes per move (the average of the two players' budgets); 0 for no node limit.
    pub nodes: u64,
    pub depth: Option<u32>,
}

/// The run in words, for messages: `chess, seed 1, 20 games, 1000 nodes, at most 300 plies, 2 opening plies`.
impl std::fmt::Display for RunKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}, seed {}, {} games, ",
            self.variant, self.seed, self.games
        )?;
        match (self.nodes, self.depth) {
            (0, Some(d)) => write!(f, "depth {d}")?,
            (n, Some(d)) => write!(f, "{n} nodes, depth at most {d}")?,
            (n, None) => write!(f, "{n} nodes")?,
        }
        write!(
            f,
            ", at most {} plies, {} opening plies",
            self.max_plies, self.opening_plies
        )
    }
}

/// A game as the engine played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub run: RunKey,
    /// The game's number in the run, from 0; its opening and budgets derive from the seed and this alone.
    pub index: u64,
    /// The node budgets per move of White and Black in this game.
    pub nodes: [u64; 2],
    /// How many of `moves` are random opening plies (fewer than the run's when the game ended sooner).
    pub opening: u32,
    /// All the moves in the engine's notation, the random opening plies first.
    pub moves: Vec<String>,
    /// `white`, `black`, or `null` for a draw or an unfinished game.
    pub winner: Option<String>,
    /// The rule that ended the game (`Reason::key`: `checkmate`, `repetition`, …) or `unfinished`.
    pub end: String,
    /// The same in words: `Black wins by checkmate`, `unfinished: 300 plies reached`.
    pub detail: String,
}

impl GameRecord {
    pub fn finished(&self) -> bool {
        self.end != UNFINISHED
    }
}

/// The `end` of a game stopped at the ply limit.
pub const UNFINISHED: &str = "unfinished";

/// Appends one game to a JSON Lines file and flushes it, so that an interrupted run keeps every finished game.
pub fn append(file: &mut std::fs::File, record: &GameRecord) -> std::io::Result<()> {
    let mut line = serde_json::to_string(record).map_err(std::io::Error::other)?;
    line.push('\n');
    file.write_all(line.as_bytes())?;
    file.flush()
}

/// Opens a games file to add to it: afresh, or (`resume`) after the games already in it, dropping a last line an
/// interruption cut short so that the next game starts on a line of its own.
pub fn open(path: &Path, resume: bool) -> std::io::Result<std::fs::File> {
    use std::io::{Read, Seek, SeekFrom};
    if resume && path.exists() {
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)?;
        // Only the tail is read: a cut line is shorter than a record (`read` refuses longer ones).
        let len = file.metadata()?.len();
        let from = len.saturating_sub(MAX_RECORD_BYTES as u64 + 1);
        let mut tail = Vec::new();
        file.seek(SeekFrom::Start(from))?;
        file.read_to_end(&mut tail)?;
        let keep = tail
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(from, |i| from + i as u64 + 1);
        if keep < len {
            file.set_len(keep)?;
        }
        return Ok(file);
    }
    std::fs::File::create(path)
}

/// The longest line read as a game record: a game of 100,000 plies (`tatsu balance --max-plies` at most) takes
/// about a megabyte.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// A record and where it was read: `file:line`, for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub record: GameRecord,
    pub at: String,
}

/// Reads a JSON Lines file of games. A last line without its line break was cut short by an interruption and is
/// skipped (it was never a finished record; the second value says so); any other line that is not a record, or
/// is longer than [`MAX_RECORD_BYTES`], is an error naming the file and line. Memory is bounded by the records,
/// whatever the file: an endless input without line breaks stops at the limit.
pub fn read(path: &Path) -> Result<(Vec<Located>, Option<String>), String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    read_from(std::io::BufReader::new(file), &path.display().to_string())
}

/// [`read`] from any reader, `name` naming it in messages.
pub fn read_from(
    reader: impl std::io::BufRead,
    name: &str,
) -> Result<(Vec<Located>, Option<String>), String> {
    let cannot = |e: std::io::Error| format!("cannot read {name}: {e}");
    let mut lines = LineReader::new(reader, MAX_RECORD_BYTES);
    let mut records = Vec::new();
    let mut line = Vec::new();
    while let Some(end) = lines.next_into(&mut line).map_err(cannot)? {
        let at = format!("{name}:{}", lines.number());
        if end == LineEnd::TooLong {
            return Err(format!(
                "{at}: a line of more than {MAX_RECORD_BYTES} bytes is not a game record"
            ));
        }
        let parsed = std::str::from_utf8(&line)
            .map_err(|_| format!("{at}: not a game record: not UTF-8 text"))
            .and_then(|text| {
                if text.trim().is_empty() {
                    return Ok(None);
                }
                serde_json::from_str(text)
                    .map(Some)
                    .map_err(|e| format!("{at}: not a game record: {e}"))
            });
        match parsed {
            Ok(Some(record)) => records.push(Located { record, at }),
            Ok(None) => {}
            Err(_) if end == LineEnd::EndOfInput => {
                let note = format!("{at}: a last line cut short (an interrupted run?) was skipped");
                return Ok((records, Some(note)));
            }
            Err(e) => return Err(e),
        }
    }
    Ok((records, None))
}

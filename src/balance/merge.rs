//! Merging game records that other machines wrote: a report is evidence a designer acts on, so each record is
//! checked before it counts. A game is a pure function of its run and its number ([`super::play`]), so a record
//! must be of the run, numbered within it, have the opening and the node budgets the seed gives that number, and
//! its moves, replayed from the start, must be legal and reach the ending it claims. Two records of one number
//! must be the same game (a repeat is skipped, with a note); the numbers no file holds are named.
use super::play::{budgets, ending, opening};
use super::record::{GameRecord, Located};
use crate::engine::{Engine, Position};
use std::collections::btree_map::{BTreeMap, Entry};

/// At most this many runs of missing game numbers are listed; the note counts the rest.
const MAX_MISSING_SHOWN: usize = 20;
/// Text from a record quoted in a message is cut to this many characters.
const MAX_QUOTED: usize = 60;

/// The games of a run, checked, each number once and in order, with notes on what was skipped or is missing.
#[derive(Debug, PartialEq)]
pub struct Merged {
    pub games: Vec<GameRecord>,
    pub notes: Vec<String>,
}

/// Checks `records` (all of one run, of `engine`'s game) and keeps one of each game number; an error names the
/// first record at fault by `file:line`.
pub fn merge(engine: &Engine, records: Vec<Located>) -> Result<Merged, String> {
    let Some(first) = records.first() else {
        return Err("the files hold no games".to_string());
    };
    let (key, first_at) = (first.record.run.clone(), first.at.clone());
    if key.variant != engine.game.name {
        return Err(format!(
            "{first_at}: the games are of `{}`, not of `{}`",
            quoted(&key.variant),
            engine.game.name
        ));
    }
    // The bounds of the command line (`src/cli/bounds.rs`): a record that claims a longer opening would make its
    // check draw that many random plies.
    if key.games > 1_000_000 || key.opening_plies > 1_000 || key.max_plies > 100_000 {
        return Err(format!(
            "{first_at}: not a run tatsu plays ({key}): at most 1000000 games, 1000 opening plies and 100000 plies"
        ));
    }
    let mut kept: BTreeMap<u64, Located> = BTreeMap::new();
    let mut notes = Vec::new();
    for located in records {
        let (record, at) = (&located.record, &located.at);
        if record.run != key {
            return Err(format!(
                "{at}: a game of another run ({}) than {first_at}'s ({key})",
                record.run
            ));
        }
        if record.index >= key.games {
            return Err(format!(
                "{at}: game {} is outside the run, whose {} games are numbered from 0 to {}",
                record.index,
                key.games,
                key.games.saturating_sub(1)
            ));
        }
        match kept.entry(record.index) {
            Entry::Occupied(earlier) if earlier.get().record == *record => notes.push(format!(
                "{at}: game {} repeats {}; skipped",
                record.index,
                earlier.get().at
            )),
            Entry::Occupied(earlier) => {
                return Err(format!(
                    "{at}: game {} differs from the game {} at {}: a game is a function of its run and number, \
                     so one of them is not the game tatsu played",
                    record.index,
                    record.index,
                    earlier.get().at
                ))
            }
            Entry::Vacant(slot) => {
                verify(engine, &located)?;
                slot.insert(located);
            }
        }
    }
    notes.extend(missing(key.games, &kept));
    Ok(Merged {
        games: kept.into_values().map(|l| l.record).collect(),
        notes,
    })
}

/// The note naming the game numbers below `games` that `kept` lacks, as runs (`3, 7-9`), if any.
fn missing(games: u64, kept: &BTreeMap<u64, Located>) -> Option<String> {
    let mut runs = Vec::new();
    let mut next = 0u64;
    for &index in kept.keys().chain(std::iter::once(&games)) {
        if index > next {
            runs.push((next, index - 1));
        }
        next = index + 1;
    }
    if runs.is_empty() {
        return None;
    }
    let shown: Vec<String> = runs
        .iter()
        .take(MAX_MISSING_SHOWN)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    let more = match runs.len().saturating_sub(MAX_MISSING_SHOWN) {
        0 => String::new(),
        n => format!(" and {n} more runs of numbers"),
    };
    Some(format!(
        "{} of the run's {games} games are in the files; missing: {}{more}",
        kept.len(),
        shown.join(", ")
    ))
}

/// Checks one record against its run: its number's opening and node budgets, and its moves replayed from the start
/// (each legal, none after the end) to the ending it claims.
pub fn verify(engine: &Engine, located: &Located) -> Result<(), String> {
    let (record, key) = (&located.record, &located.record.run);
    let fail = |why: String| Err(format!("{}: game {}: {why}", located.at, record.index));
    let expected = budgets(key, record.index);
    if record.nodes != expected {
        return fail(format!(
            "its node budgets {:?} are not the run's for this game ({expected:?})",
            record.nodes
        ));
    }
    let line = opening(engine, key, record.index);
    if record.opening as usize != line.len() || !record.moves.starts_with(&line) {
        return fail(format!(
            "its opening is not the run's for this game ({})",
            line.join(" ")
        ));
    }
    if record.moves.len() > key.max_plies as usize {
        return fail(format!(
            "it has {} plies, more than the run's {}",
            record.moves.len(),
            key.max_plies
        ));
    }
    let mut pos = Position::start(engine);
    for (ply, text) in record.moves.iter().enumerate() {
        if let Some(outcome) = pos.outcome() {
            return fail(format!("it goes on after its end at ply {ply} ({outcome})"));
        }
        match pos.parse_move(text) {
            Ok(mv) => pos.play(mv),
            Err(_) => {
                return fail(format!(
                    "ply {}, `{}`, is not a legal move there",
                    ply + 1,
                    quoted(text)
                ))
            }
        }
    }
    let outcome = pos.outcome();
    if outcome.is_none()
        && record.moves.len() < key.max_plies as usize
        && !pos.legal_move_list().is_empty()
    {
        return fail(format!(
            "it stops after {} plies, neither over nor at the run's limit of {}",
            record.moves.len(),
            key.max_plies
        ));
    }
    let (winner, end, detail) = ending(outcome, record.moves.len());
    if (&record.winner, &record.end, &record.detail) != (&winner, &end, &detail) {
        let who = |w: &Option<String>| w.as_deref().map_or("no winner".to_string(), quoted);
        return fail(format!(
            "it says `{}` ({}, {}), but its moves reach `{detail}` ({end}, {})",
            quoted(&record.detail),
            quoted(&record.end),
            who(&record.winner),
            who(&winner)
        ));
    }
    Ok(())
}

/// Record text as a message quotes it: control characters escaped, cut to [`MAX_QUOTED`] characters.
fn quoted(text: &str) -> String {
    let escaped: String = text.chars().flat_map(char::escape_default).collect();
    match escaped.char_indices().nth(MAX_QUOTED) {
        Some((cut, _)) => format!("{}…", &escaped[..cut]),
        None => escaped,
    }
}

//! The model of Fairy-Stockfish's Betza reader (`betza::fsf`) against Fairy-Stockfish itself: every line of
//! `tests/data/fsf_readings.txt` is a string with the squares pyffish gives it from e5 on an empty 9x9 board
//! (`scripts/fsf_betza_readings.py`).
use betza::diagram::{destinations, square_name, Kind};
use betza::fsf::{fsf_differences, fsf_reading};
use betza::Facing;
use std::collections::BTreeSet;

const SIZE: i32 = 9;

fn square((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// The squares the model's steps reach from e5 on an empty 9x9 board.
fn model_squares(text: &str) -> BTreeSet<String> {
    let (steps, _) = fsf_reading(text).unwrap_or_else(|| panic!("`{text}`: no reading"));
    let mut out = BTreeSet::new();
    for ((dx, dy), max) in steps {
        let (mut x, mut y, mut n) = (4, 4, 0);
        loop {
            x += dx;
            y += dy;
            n += 1;
            if !(0..SIZE).contains(&x) || !(0..SIZE).contains(&y) || max.is_some_and(|m| n > m) {
                break;
            }
            out.insert(square((x, y)));
        }
    }
    out
}

/// The table's rows: the string and pyffish's squares.
fn rows() -> Vec<(&'static str, BTreeSet<String>)> {
    include_str!("../data/fsf_readings.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let (betza, squares) = line.split_once(" ; ").expect("`xbetza ; squares`");
            let squares = squares
                .split_whitespace()
                .filter(|s| *s != "-")
                .map(str::to_string)
                .collect();
            (betza, squares)
        })
        .collect()
}

#[test]
fn the_model_of_fairy_stockfish_reads_every_string_as_pyffish_does() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (betza, want) in rows() {
        let got = model_squares(betza);
        if got != want {
            failures.push(format!("{betza}: pyffish {want:?}, model {got:?}"));
        }
        checked += 1;
    }
    assert!(checked > 300, "only {checked} lines");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The warning fires exactly where this crate's destinations differ from pyffish's: every string of the table
/// that this crate accepts, on the same empty board.
#[test]
fn a_difference_is_reported_exactly_where_the_squares_differ_from_pyffish() {
    let (mut differing, mut failures) = (0, Vec::new());
    for (text, want) in rows() {
        let Ok(b) = betza::parse(text) else { continue };
        let ours: BTreeSet<String> = destinations(&b, SIZE, SIZE, (4, 4), Facing::First)
            .iter()
            .filter(|m| m.kind != Kind::LamePath)
            .map(|m| square_name(m.file, m.rank))
            .collect();
        let warned = !fsf_differences(text, &b).is_empty();
        differing += usize::from(ours != want);
        if warned != (ours != want) {
            failures.push(format!(
                "{text}: warned {warned}, pyffish {want:?}, tatsu {ours:?}"
            ));
        }
    }
    assert!(differing >= 60, "only {differing} strings differ");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

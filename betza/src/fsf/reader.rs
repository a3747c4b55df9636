//! Fairy-Stockfish's Betza reader (`from_betza` in its `src/piece.cpp`), letter by letter: what it makes of each
//! atom of a string and of the letters written before it. Both models read through it: one component's
//! directions and range ([`super::fsf_reading`]) and a whole piece's move tables ([`super::FsfMoves::of_fsf`]).
//!
//! It knows the atoms `W F D N A H C L Z J G K R B Q`, the modifiers `m c p g n i` and the direction letters
//! `f b v h r l s`, and skips every other letter. A direction letter pairs with the next one when the two are
//! the same or one is vertical (`f b v h`) and the other horizontal (`r l s h`); a letter left alone stands for
//! itself doubled (`f` = `ff`). Each pair selects some of the eight symmetric versions of every vector of the
//! atom, by a fixed table, where `K` and `Q` are the two vectors of `W` and `F` (of `R` and `B`) each read on its
//! own. An atom doubled (`NN`) or followed by a digit rides; one digit only is read (`R10` is `R1`).
use std::collections::BTreeSet;

const VERTICAL: &str = "fbvh";
const HORIZONTAL: &str = "rlsh";

/// One atom as Fairy-Stockfish reads it, with what the letters before it (since the previous atom) say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct AtomReading {
    /// `m` and `c`: moves without and with capture (neither letter: both).
    pub quiet: bool,
    pub capture: bool,
    /// `p` or `g`: hops.
    pub hopper: bool,
    /// `g`: lands directly behind the piece hopped (Fairy-Stockfish stores it as a range of one).
    pub grasshopper: bool,
    /// `n`: a lame leap (ignored on a rider).
    pub lame: bool,
    /// `i`: an initial move.
    pub initial: bool,
    /// Rides: a sliding atom (`R B Q`), or a leaper doubled (`NN`) or followed by a digit.
    pub rider: bool,
    /// The digit after the atom, if any.
    pub digit: Option<u32>,
    /// The steps (files, ranks) it gives for the first player, by the direction table.
    pub steps: BTreeSet<(i32, i32)>,
}

impl AtomReading {
    /// How many steps at most (`None`: any number).
    pub fn max(&self) -> Option<u32> {
        if self.rider {
            self.digit.filter(|&d| d > 0)
        } else {
            Some(1)
        }
    }

    /// The range Fairy-Stockfish stores in its move table: 0 for a plain leap or an unlimited ride, -1 for a
    /// lame leap, the digit when there is one, else 1 for a grasshopper.
    pub fn table_range(&self) -> i32 {
        match self.digit {
            _ if self.lame && !self.rider => -1,
            Some(d) => d as i32,
            None if self.grasshopper => 1,
            None => 0,
        }
    }
}

/// The atoms of `text` as Fairy-Stockfish reads them, in order.
pub(super) fn read_atoms(text: &str) -> Vec<AtomReading> {
    let chars: Vec<char> = text.chars().collect();
    let mut atoms = Vec::new();
    let mut pending = AtomReading::default();
    let mut directions: Vec<String> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if let Some((pair, letters)) = direction_pair(&chars, i) {
            directions.push(pair);
            i += letters;
            continue;
        }
        match c {
            'm' => pending.quiet = true,
            'c' => pending.capture = true,
            'p' => pending.hopper = true,
            'g' => (pending.hopper, pending.grasshopper) = (true, true),
            'n' => pending.lame = true,
            'i' => pending.initial = true,
            _ => {
                if let Some((vectors, slides)) = fsf_atom(c) {
                    let mut atom = std::mem::take(&mut pending);
                    atom.rider = slides;
                    if let Some(&next) = chars.get(i + 1) {
                        if next.is_ascii_digit() || next == c {
                            atom.rider = true;
                            atom.digit = next.to_digit(10);
                            i += 1;
                        }
                    }
                    if !atom.quiet && !atom.capture {
                        (atom.quiet, atom.capture) = (true, true);
                    }
                    atom.steps = atom_steps(vectors, &directions);
                    directions.clear();
                    atoms.push(atom);
                }
            }
        }
        i += 1;
    }
    atoms
}

/// The vectors (ranks, files) of an atom Fairy-Stockfish knows, and whether it slides by default.
fn fsf_atom(c: char) -> Option<(&'static [(i32, i32)], bool)> {
    Some(match c {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'L' | 'C' => (&[(3, 1)], false),
        'J' | 'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        _ => return None,
    })
}

/// Fairy-Stockfish's table: for an atom vector (a, b) (a ranks, b files), each of its eight symmetric versions
/// as (ranks, files), with the direction pairs that select it.
fn versions((a, b): (i32, i32)) -> [((i32, i32), &'static [&'static str]); 8] {
    [
        ((a, b), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-a, -b), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((-b, a), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((b, -a), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((b, a), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-b, -a), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((-a, b), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((a, -b), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// The direction pair Fairy-Stockfish reads at `chars[i]`, if a direction letter stands there, and how many letters
/// it takes: the letter with the next one when that is the same letter or one of the other axis (`fr`, `ff`), else
/// the letter doubled (`f` alone is `ff`).
fn direction_pair(chars: &[char], i: usize) -> Option<(String, usize)> {
    let c = chars[i];
    if !VERTICAL.contains(c) && !HORIZONTAL.contains(c) {
        return None;
    }
    let paired = chars.get(i + 1).copied().filter(|&c2| {
        c2 == c
            || (VERTICAL.contains(c) && HORIZONTAL.contains(c2))
            || (HORIZONTAL.contains(c) && VERTICAL.contains(c2))
    });
    Some(match paired {
        Some(c2) => ([c, c2].iter().collect(), 2),
        None => ([c, c].iter().collect(), 1),
    })
}

/// The steps (files, ranks) an atom's vectors (ranks, files) give under the direction pairs, by
/// Fairy-Stockfish's table. A lone orthogonal vector splits a mixed pair into its two letters (`fs` on `W` is
/// `ff` and `ss`).
fn atom_steps(vectors: &[(i32, i32)], directions: &[String]) -> BTreeSet<(i32, i32)> {
    let mut steps = BTreeSet::new();
    for &vector in vectors {
        let mut dirs: Vec<String> = Vec::new();
        for s in directions {
            let b: Vec<char> = s.chars().collect();
            if vectors.len() == 1 && vector.1 == 0 && b[0] != b[1] {
                dirs.push([b[0], b[0]].iter().collect());
                dirs.push([b[1], b[1]].iter().collect());
            } else {
                dirs.push(s.clone());
            }
        }
        for ((ranks, files), selectors) in versions(vector) {
            if dirs.is_empty() || selectors.iter().any(|s| dirs.iter().any(|d| d == s)) {
                steps.insert((files, ranks));
            }
        }
    }
    steps
}

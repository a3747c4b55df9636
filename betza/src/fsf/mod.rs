//! How Fairy-Stockfish reads an XBetza string, where that differs from XBoard and the Interactive Diagram (whose
//! reading this crate follows). Designers copy piece strings between the programs, so `tatsu check` warns where
//! one string means two pieces.
//!
//! Its reader (`reader.rs`) pairs direction letters its own way, so that `fK` is straight forward *and* the two
//! forward diagonals there, where XBoard's king system makes it one step straight forward; and it reads one digit
//! of a range only (`R10` is `R1` to it).
//!
//! [`fsf_differences`] compares, component by component, the one-leg moves Fairy-Stockfish would make of the
//! component's own letters with what [`crate::Betza::expand`] makes of them, and reports the components whose
//! directions or ranges differ; where none does, it reads the whole string as Fairy-Stockfish reads a piece
//! ([`FsfMoves`], in `piece.rs`), whose components can change one another there. Letters Fairy-Stockfish does
//! not know at all (`a`, `e`, `o`, `j`, `x`, …) are not reported here: it cannot say those moves (`tatsu export
//! --to fsf` lists them), which is another matter.
mod piece;
mod reader;

pub use piece::{fsf_text, FsfMove, FsfMoves, FsfText, Reach};

use crate::expand::{Facing, Mode, Path};
use crate::{Atom, Betza, Component, Modifier, Span};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A component that Fairy-Stockfish reads differently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FsfDifference {
    /// The component's bytes in the string.
    pub span: Span,
    /// What the component means to XBoard, the Interactive Diagram and this crate, and to Fairy-Stockfish.
    pub message: String,
}

/// One move of a one-leg component, for the first player: the step (files, ranks) and how many steps at most
/// (`None`: unlimited).
pub type Step = ((i32, i32), Option<u32>);

/// What Fairy-Stockfish makes of the text of one component: its moves for the first player (steps as
/// (files, ranks)), and whether it hops (`p`/`g`, whose range Fairy-Stockfish encodes its own way). `None` when
/// the text holds no atom it knows, or more than one.
pub fn fsf_reading(text: &str) -> Option<(BTreeSet<Step>, bool)> {
    match reader::read_atoms(text).as_slice() {
        [atom] => Some((
            atom.steps.iter().map(|&step| (step, atom.max())).collect(),
            atom.hopper,
        )),
        _ => None,
    }
}

/// The one-leg moves this crate makes of each component (for the first player), indexed by component: one pass
/// over the paths (scanning them once per component made a string of 100,000 `W`s take minutes).
fn xbetza_readings(paths: &[Path], components: usize) -> Vec<BTreeSet<Step>> {
    let mut readings = vec![BTreeSet::new(); components];
    for p in paths {
        if p.legs.len() == 1 && p.castling.is_none() && !p.universal {
            if let Some(reading) = readings.get_mut(p.component) {
                reading.insert((p.legs[0].step, p.legs[0].max));
            }
        }
    }
    readings
}

/// The modifiers Fairy-Stockfish's Betza reader takes on a one-leg move.
pub const FSF_MODIFIERS: &[Modifier] = &[
    Modifier::M,
    Modifier::C,
    Modifier::N,
    Modifier::P,
    Modifier::G,
];

/// Can Fairy-Stockfish's Betza reader say this component: one leg, no repetition, an atom it has, only the
/// modifiers it takes ([`FSF_MODIFIERS`])? `tatsu export --to fsf` leaves the others out.
pub fn fsf_says(c: &Component) -> bool {
    !matches!(c.atom, Atom::O(_) | Atom::U | Atom::J | Atom::L)
        && c.legs.len() == 1
        && c.repeat.is_none()
        && c.legs[0]
            .modifiers
            .iter()
            .all(|(m, _)| FSF_MODIFIERS.contains(m))
}

/// The components of `betza` (parsed from `text`) that Fairy-Stockfish reads with other directions or another
/// range. Multi-leg components, castling and `U` are left out: Fairy-Stockfish cannot say them at all. When each
/// component reads alike and Fairy-Stockfish can say them all, the whole string is read as it reads a piece
/// ([`FsfMoves`]): a later component there replaces an earlier one's range (`RcR4`), and its move tables let
/// one component's squares through another's lines (`mQ2pQ`), which is a difference of the whole string.
pub fn fsf_differences(text: &str, betza: &Betza) -> Vec<FsfDifference> {
    let paths = betza.expand(Facing::First);
    let mut out = component_differences(text, betza, &paths);
    if out.is_empty() && betza.components.iter().all(fsf_says) {
        out.extend(piece_difference(text, betza, &paths));
    }
    out
}

/// The whole string as Fairy-Stockfish reads a piece, if that is another piece than this crate's reading; with
/// the order of the same components that it reads alike, if there is one.
fn piece_difference(text: &str, betza: &Betza, paths: &[Path]) -> Option<FsfDifference> {
    // A lame hopper (`pnN`) has no reading here to compare: tatsu refuses it, and says so.
    let lame_hop = |l: &crate::expand::Leg| {
        l.mode.intersects(Mode::HOP.union(Mode::GRASSHOP)) && !l.lame_path.is_empty()
    };
    if paths.iter().any(|p| p.legs.iter().any(lame_hop)) {
        return None;
    }
    let moves = piece::xbetza_moves(paths);
    let here = FsfMoves::from_moves(moves.iter().map(|(_, m)| m.clone()));
    let there = FsfMoves::of_fsf(text);
    if here == there {
        return None;
    }
    // A diagnostic quotes a string only as long as a piece's moves usually are (the file's line is echoed
    // under it anyway).
    const QUOTED: usize = 40;
    let quote = |t: &str| (t.len() <= QUOTED).then(|| format!("`{t}`"));
    let mut message = format!(
        "Fairy-Stockfish reads {} as another piece: its reading {}",
        quote(text).unwrap_or_else(|| "this string".to_string()),
        here.difference(&there, 1)
    );
    let reordered = piece::fsf_text_of(betza, &moves, |_| true);
    if reordered.there == reordered.here {
        let order = quote(&reordered.text).map_or(String::new(), |q| format!(" ({q})"));
        let _ = write!(
            message,
            "; written weakest first{order} it is the same piece to both"
        );
    }
    Some(FsfDifference {
        span: 0..text.len(),
        message,
    })
}

/// [`fsf_differences`] component by component.
fn component_differences(text: &str, betza: &Betza, paths: &[Path]) -> Vec<FsfDifference> {
    let readings = xbetza_readings(paths, betza.components.len());
    let mut out = Vec::new();
    for (index, comp) in betza.components.iter().enumerate() {
        if comp.legs.len() != 1 || comp.repeat.is_some() {
            continue;
        }
        let Some(own) = text.get(comp.span.clone()) else {
            continue;
        };
        let Some((fsf, hopper)) = fsf_reading(own) else {
            continue;
        };
        let ours = &readings[index];
        if ours.is_empty() {
            continue;
        }
        let directions = |s: &BTreeSet<Step>| s.iter().map(|(v, _)| *v).collect::<BTreeSet<_>>();
        let (fsf_dirs, our_dirs) = (directions(&fsf), directions(ours));
        let message = if fsf_dirs != our_dirs {
            format!(
                "Fairy-Stockfish reads `{own}` as {}; XBoard, the Interactive Diagram and tatsu read it as {}",
                name_steps(&fsf_dirs),
                name_steps(&our_dirs)
            )
        } else if !hopper && &fsf != ours {
            format!(
                "Fairy-Stockfish reads only the first digit of a range: to it `{own}` goes {}; to XBoard, the \
                 Interactive Diagram and tatsu {}",
                range_name(&fsf),
                range_name(ours)
            )
        } else {
            continue;
        };
        out.push(FsfDifference {
            span: comp.span.clone(),
            message,
        });
    }
    out
}

fn range_name(steps: &BTreeSet<Step>) -> String {
    match steps.iter().next().map(|(_, max)| *max) {
        Some(Some(1)) => "one step".to_string(),
        Some(Some(n)) => format!("up to {n} steps"),
        _ => "any number of steps".to_string(),
    }
}

/// The directions of a set of steps, in words ("no move at all" when empty), forward ones first.
fn name_steps(steps: &BTreeSet<(i32, i32)>) -> String {
    if steps.is_empty() {
        return "no move at all".to_string();
    }
    let mut sorted: Vec<(i32, i32)> = steps.iter().copied().collect();
    sorted.sort_by_key(|&(x, y)| (-y, x));
    let names: Vec<String> = sorted.into_iter().map(crate::describe::name_of).collect();
    let n = names.len();
    format!(
        "{n} direction{} ({})",
        if n == 1 { "" } else { "s" },
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn differs(s: &str) -> bool {
        let b = crate::parse(s).expect("valid XBetza");
        !fsf_differences(s, &b).is_empty()
    }

    #[test]
    fn a_forward_king_step_is_three_squares_to_fairy_stockfish() {
        let b = crate::parse("fKbR").unwrap();
        let d = fsf_differences("fKbR", &b);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].span, 0..2);
        assert!(d[0].message.contains("3 directions"), "{}", d[0].message);
        assert!(
            d[0].message.contains("1 direction (straight forward)"),
            "{}",
            d[0].message
        );
    }

    #[test]
    fn strings_both_programs_read_alike_give_no_difference() {
        for s in [
            "K",
            "Q",
            "fmWfceF",
            "FfW",
            "WfF",
            "fN",
            "ffN",
            "fsN",
            "lhN",
            "hlN",
            "NN",
            "R4",
            "fR",
            "frlR",
            "BnN",
            "mRcpR",
            "gQ",
            "KisO2",
            "vR",
            "fFfWbR",
            "fsmWfceFifmnD",
            "flmFflcW",
        ] {
            assert!(!differs(s), "{s}");
        }
    }

    /// Fairy-Stockfish keeps one range per direction and table, and a later component replaces an earlier one's:
    /// `RcR4` captures only up to four squares away there (pyffish 0.0.90, as in `piece.rs`). Each component
    /// alone reads alike, so the difference is the whole string's, with the order that mends it.
    #[test]
    fn a_later_component_replacing_an_earlier_ones_range_is_a_difference_of_the_whole_string() {
        let b = crate::parse("RcR4").unwrap();
        let d = fsf_differences("RcR4", &b);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].span, 0..4);
        assert!(
            d[0].message.contains("`RcR4` as another piece"),
            "{}",
            d[0].message
        );
        assert!(d[0].message.contains("(`cR4R`)"), "{}", d[0].message);
        assert!(!differs("cR4R"));
    }

    /// Fairy-Stockfish ignores `n` on a rider: with a pawn on d4, pyffish 0.0.90 gives its `nNN` on d3 the moves
    /// to c5 and e5 that XBetza's lame nightrider, blocked on d4, does not make. No order mends it.
    #[test]
    fn a_lame_nightrider_is_a_plain_nightrider_to_fairy_stockfish() {
        let b = crate::parse("nNN").unwrap();
        let d = fsf_differences("nNN", &b);
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(
            d[0].message.contains("in any number of leaps"),
            "{}",
            d[0].message
        );
        assert!(!d[0].message.contains("weakest first"), "{}", d[0].message);
    }

    /// Only strings whose every component Fairy-Stockfish can say are read whole: a multi-leg component, a
    /// castling or a modifier it lacks leaves the string to the per-component check.
    #[test]
    fn strings_fairy_stockfish_cannot_say_are_not_read_whole() {
        for s in ["RcR4mafW", "RcR4isO2", "RcR4dR"] {
            assert!(!differs(s), "{s}");
        }
    }

    #[test]
    fn king_directions_and_long_ranges_differ() {
        for s in ["fK", "bK", "sK", "vK", "fsK", "lQ", "fQ", "R10", "W12"] {
            assert!(differs(s), "{s}");
        }
    }
}

//! En passant (`e`) on a piece FSF knows only as a custom piece (Berolina's and Pawn-sideways' pawns).
//!
//! FSF's Betza reader skips the letter `e`; its parser puts a custom piece whose string holds one among the
//! en-passant types (enPassantTypes), whose every capture-only move (a square it attacks but cannot move to)
//! may then take en passant (its movegen.cpp). The targets are made by a move from the piece's initial-move table
//! (FSF's `i` moves, made from doubleStepRegion): the squares between its start and end (position.cpp). tatsu's
//! targets are the squares a lame move-only leap of more than one square passes over. So an `e` component is
//! written as it is where the two agree: the piece captures only by `e` moves (its other capturing moves also
//! move), and every lame move-only leap of the game is one of FSF's initial moves and the other way round.
use super::Writer;
use crate::rules::PieceId;
use betza::{Atom, Betza, Modifier};

/// `betza` without its `e` letters (as FSF's reader reads it), and the components that had one.
pub(super) fn without_en_passant(betza: &Betza) -> (Betza, Vec<usize>) {
    let mut stripped = betza.clone();
    let mut had = Vec::new();
    for (i, c) in stripped.components.iter_mut().enumerate() {
        if c.legs.len() != 1 || c.repeat.is_some() {
            continue;
        }
        let modifiers = &mut c.legs[0].modifiers;
        let before = modifiers.len();
        modifiers.retain(|(m, _)| *m != Modifier::E);
        if modifiers.len() != before {
            had.push(i);
        }
    }
    (stripped, had)
}

/// Has one leg of `c` modifier `m`?
fn has(c: &betza::Component, m: Modifier) -> bool {
    c.legs
        .iter()
        .any(|l| l.modifiers.iter().any(|(x, _)| *x == m))
}

/// Does the move only capture (`c` without `m`)?
fn capture_only(c: &betza::Component) -> bool {
    has(c, Modifier::C) && !has(c, Modifier::M)
}

/// Is the move a lame move-only leap of more than one square (tatsu's en-passant target maker)?
fn makes_targets(c: &betza::Component) -> bool {
    c.legs.len() == 1
        && has(c, Modifier::N)
        && has(c, Modifier::M)
        && !has(c, Modifier::C)
        && matches!(c.atom, Atom::D | Atom::A | Atom::H | Atom::G)
}

/// Does a move of the piece `id` (in any zone) make en-passant targets?
pub(super) fn makes_any_targets(game: &crate::rules::Game, id: PieceId) -> bool {
    crate::inspect::move_sets(game, id).iter().any(|set| {
        betza::parse(&set.betza).is_ok_and(|moves| moves.components.iter().any(makes_targets))
    })
}

impl Writer<'_> {
    /// Where the `e` components `with_e` of the piece `id` (whose moves are `betza`) mean for FSF what they mean
    /// here: true, else each difference is named and false.
    pub(super) fn en_passant_said(&mut self, id: PieceId, betza: &Betza, with_e: &[usize]) -> bool {
        let game = self.game;
        let name = &game.piece(id).name;
        let mut said = true;
        for (i, c) in betza.components.iter().enumerate() {
            if with_e.contains(&i) && !capture_only(c) {
                self.lossy.push(format!(
                    "the {name}'s \"{c}\": FSF takes en passant only by capture-only moves"
                ));
                said = false;
            } else if !with_e.contains(&i) && capture_only(c) {
                self.lossy.push(format!(
                    "the {name}'s \"{c}\" captures without `e`; FSF's en passant (enPassantTypes) takes every \
                     capture-only move of a piece with `e`"
                ));
                said = false;
            }
        }
        for (i, p) in game.pieces.iter().enumerate() {
            let Some(set) = crate::inspect::move_sets(game, PieceId(i as u16))
                .into_iter()
                .next()
            else {
                continue;
            };
            let Ok(moves) = betza::parse(&set.betza) else {
                continue;
            };
            for c in moves
                .components
                .iter()
                .filter(|c| !matches!(c.atom, Atom::O(_)))
            {
                let initial = has(c, Modifier::I) && c.legs.len() == 1;
                if makes_targets(c) != initial {
                    let why = if initial {
                        "an initial move, which makes FSF's en-passant targets, but not a lame move-only leap, \
                         which makes tatsu's"
                    } else {
                        "a lame move-only leap, which makes tatsu's en-passant targets, but not an initial (`i`) \
                         move, which makes FSF's"
                    };
                    self.lossy.push(format!(
                        "the {}'s \"{c}\" is {why} (for the {name}'s `e`)",
                        p.name
                    ));
                    said = false;
                }
            }
        }
        said
    }
}

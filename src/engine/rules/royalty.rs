//! Several royal pieces per side (`royals all-safe`, `royals last-safe`): when is a side in check? Games with one
//! royal piece per side keep its square in the position ([`Position::royal_square`]) and never come here.
use crate::engine::Position;
use crate::rules::{Royalty, Side, Square};

impl Position<'_> {
    /// Is `side` in check, in a game where it may have several royal pieces? With `all-safe`, when any of them is
    /// attacked; with `last-safe`, when its only one is, or (with `duple-check`) when every one of several is.
    pub(in crate::engine) fn royals_in_check(&self, side: Side) -> bool {
        let attacker = side.opponent();
        let mut royals = self.royal_squares(side);
        match self.engine.game.legality.royalty {
            Royalty::One => false,
            Royalty::AllSafe => royals.any(|sq| self.threatens(attacker, sq)),
            Royalty::LastSafe { duple_check } => match self.royal_count(side) {
                0 => false,
                1 => royals.any(|sq| self.threatens(attacker, sq)),
                _ => duple_check && royals.all(|sq| self.threatens(attacker, sq)),
            },
        }
    }

    /// Does `attacker` threaten a royal piece (or a castling king's path) on `sq`? Attacked, except in a game with
    /// explosions where one of `attacker`'s royal pieces stands next to `sq`: taking there would blow it up, and
    /// but by a piece that may not take it there (`captures-unprotected-only`).
    #[inline]
    pub(in crate::engine) fn threatens(&self, attacker: Side, sq: Square) -> bool {
        let attacked = if self.engine.flags.unprotected_only {
            self.threatens_unprotected(attacker, sq)
        } else {
            self.is_attacked(sq, attacker)
        };
        attacked && (self.engine.game.explosions.is_none() || !self.royal_next_to(attacker, sq))
    }

    /// Has `side` a royal piece on a square around `sq`?
    #[inline(never)]
    fn royal_next_to(&self, side: Side, sq: Square) -> bool {
        let game = &self.engine.game;
        let g = game.geometry;
        (-1..=1).any(|dy| {
            (-1..=1).any(|dx| {
                g.square(g.file(sq) + dx, g.rank(sq) + dy).is_some_and(|n| {
                    let cell = self.board[n.index()];
                    n != sq && cell.is(side) && game.pieces[cell.piece().index()].royal
                })
            })
        })
    }

    /// Do two royal pieces of opposite sides stand on one file with nothing between them (`facing-royals
    /// illegal`)? Each of White's royal pieces looks up its file to the first piece.
    pub(crate) fn royals_face(&self) -> bool {
        let game = &self.engine.game;
        let g = game.geometry;
        let is_black_royal = |s: Square| {
            let cell = self.board[s.index()];
            cell.is(Side::Black) && !cell.is_wall() && game.pieces[cell.piece().index()].royal
        };
        // The first piece up and the first piece down the file.
        let faces = |sq: Square| {
            [1, -1].into_iter().any(|step| {
                let mut rank = g.rank(sq) + step;
                while let Some(s) = g.square(g.file(sq), rank) {
                    if !self.board[s.index()].is_empty() {
                        return is_black_royal(s);
                    }
                    rank += step;
                }
                false
            })
        };
        match self.royal[Side::White.index()] {
            Some(sq) => faces(sq),
            None => self.royal_squares(Side::White).any(faces),
        }
    }

    /// With one royal piece a side on one file: the squares between them, the only ones whose contents can change
    /// [`Position::royals_face`]'s answer while neither royal piece moves (the walk away from the other royal piece
    /// finds no enemy royal piece, whatever stands there). `None` on different files, where no such move makes them
    /// face, or without one royal piece a side.
    pub(crate) fn facing_line(&self) -> Option<impl Iterator<Item = Square>> {
        let [Some(white), Some(black)] = self.royal else {
            return None;
        };
        let g = self.engine.game.geometry;
        let file = g.file(white);
        (file == g.file(black)).then(|| {
            let (low, high) = (
                g.rank(white).min(g.rank(black)),
                g.rank(white).max(g.rank(black)),
            );
            (low + 1..high).filter_map(move |rank| g.square(file, rank))
        })
    }

    /// Must the side to move break a facing of the royal pieces (`facing-royals must-break`, janggi's bikjang)?
    /// Then a move must leave them not facing, a pass is legal even in check, and that pass ends the game. Move
    /// generation, legality, the FEN reader, the outcome and the auditor all ask here.
    pub(crate) fn must_break_facing(&self) -> bool {
        self.engine.game.end.facing_royals_must_break && self.royals_face()
    }

    /// How many royal pieces each side has on the board, with one or several per side.
    pub(in crate::engine) fn royals_on_board(&self) -> [usize; 2] {
        Side::BOTH.map(|side| {
            if self.engine.royal_types.is_empty() {
                usize::from(self.royal[side.index()].is_some())
            } else {
                self.royal_count(side)
            }
        })
    }

    /// How many royal pieces `side` has on the board.
    pub(crate) fn royal_count(&self, side: Side) -> usize {
        self.engine
            .royal_types
            .iter()
            .map(|p| usize::from(self.counts[p.index() * 2 + side.index()]))
            .sum()
    }

    /// The squares of `side`'s royal pieces, read from the occupancy bit sets of the royal types.
    pub(in crate::engine) fn royal_squares(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        let words = self.engine.words;
        self.engine.royal_types.iter().flat_map(move |&p| {
            let occ = &self.occupancy[self.occupancy_slot(side, p)..][..words];
            occ.iter().enumerate().flat_map(|(w, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        Square((w * 64 + b) as u16)
                    })
                })
            })
        })
    }
}

//! Several royal pieces per side (`royals all-safe`, `royals last-safe`): when is a side in check? Games with one
//! royal piece per side keep its square in the position ([`Position::royal_square`]) and never come here.
use super::Position;
use crate::rules::{Royalty, Side, Square};

impl Position<'_> {
    /// Is `side` in check, in a game where it may have several royal pieces? With `all-safe`, when any of them is
    /// attacked; with `last-safe`, when its only one is, or (with `duple-check`) when every one of several is.
    pub(super) fn royals_in_check(&self, side: Side) -> bool {
        let attacker = side.opponent();
        let mut royals = self.royal_squares(side);
        match self.engine.game.end.royalty {
            Royalty::One => false,
            Royalty::AllSafe => royals.any(|sq| self.is_attacked(sq, attacker)),
            Royalty::LastSafe { duple_check } => match self.royal_count(side) {
                0 => false,
                1 => royals.any(|sq| self.is_attacked(sq, attacker)),
                _ => duple_check && royals.all(|sq| self.is_attacked(sq, attacker)),
            },
        }
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
    fn royal_squares(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
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

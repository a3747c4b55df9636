//! Burning (`burns "AREA" [spare ID…] [passive]`, Tenjiku Shogi's Fire Demon): after a board move, the mover is
//! removed if it stopped in the area of an enemy passive burner; otherwise, if it burns, the enemy pieces in its
//! area around where it stopped are removed. The removed pieces go on [`Position::blasts`], the stack explosions
//! use (a game has one or the other), which `unmake` pops, and `take` keeps the hash; games without burning never
//! get here (`RuleFlags::burning`).
use crate::engine::Position;
use crate::rules::{Game, PieceId, Side, Square};

/// The piece types that burn passively, whose pieces every move of the other side must look at.
pub(crate) fn passive_burners(game: &Game) -> Vec<PieceId> {
    (0..game.pieces.len())
        .map(|i| PieceId(i as u16))
        .filter(|&p| game.piece(p).burns.as_ref().is_some_and(|b| b.passive))
        .collect()
}

impl Position<'_> {
    /// Burns after `us`'s board move that ended on `to`, where the moving piece (promoted, if it promoted) now
    /// stands: first passively (the mover, if it stopped in an enemy passive burner's area, burning nothing
    /// then), else actively (the enemies in the mover's own area). Returns how many pieces it removed.
    #[inline(never)]
    pub(in crate::engine) fn burn(&mut self, to: Square, us: Side) -> u8 {
        let engine = self.engine;
        let game = &engine.game;
        let g = game.geometry;
        let arrived = self.board[to.index()].piece();
        if self.passively_burned(to, arrived, us.opponent()) {
            self.burn_one(to);
            return 1;
        }
        let Some(burn) = &game.piece(arrived).burns else {
            return 0;
        };
        let (file, rank) = (g.file(to), g.rank(to));
        let mut count = 0;
        for &(dx, dy) in &burn.offsets[us.index()] {
            let Some(sq) = g.square(file + dx, rank + dy) else {
                continue;
            };
            let cell = self.board[sq.index()];
            if cell.is_empty()
                || cell.is_wall()
                || cell.side() == us
                || burn.spared[cell.piece().index()]
            {
                continue;
            }
            self.burn_one(sq);
            count += 1; // at most MAX_BURN_AREA (64)
        }
        count
    }

    /// Does a piece of type `arrived` that stopped on `to` stand in the area of one of `them`'s passive burners
    /// that does not spare it?
    fn passively_burned(&self, to: Square, arrived: PieceId, them: Side) -> bool {
        let engine = self.engine;
        let g = engine.game.geometry;
        let words = engine.words;
        engine.passive_burners.iter().any(|&p| {
            let burn = engine
                .game
                .piece(p)
                .burns
                .as_ref()
                .expect("a passive burner burns");
            if self.count_on_board(them, p) == 0 || burn.spared[arrived.index()] {
                return false;
            }
            let occ = &self.occupancy[self.occupancy_slot(them, p)..][..words];
            occ.iter().enumerate().any(|(w, &word)| {
                let mut bits = word;
                while bits != 0 {
                    let sq = Square((w * 64 + bits.trailing_zeros() as usize) as u16);
                    bits &= bits - 1;
                    let delta = (g.file(to) - g.file(sq), g.rank(to) - g.rank(sq));
                    if burn.covers(them, delta) {
                        return true;
                    }
                }
                false
            })
        })
    }

    /// Removes the piece on `sq` for good (no hand receives it), keeping it for `unmake`, with the castling and
    /// first-move rights of its square.
    fn burn_one(&mut self, sq: Square) {
        let cell = self.take(sq);
        self.blasts.push((sq, cell));
        let lost = self.engine.castle_mask[sq.index()];
        if self.castling & lost != 0 {
            self.set_castling(self.castling & !lost);
        }
    }
}

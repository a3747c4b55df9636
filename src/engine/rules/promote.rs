//! The promotions a board move may or must make: every choice of every `promote` line that fires for it, each
//! once, the material limit applied, and none that could never move again from the destination; and the
//! unpromoted move unless a fired line is mandatory or the piece could never move again from its destination. A
//! piece with no `promote` line never comes here.
use crate::engine::moves::{Move, Sink};
use crate::engine::Position;
use crate::rules::PieceId;

impl Position<'_> {
    // Kept out of line: inlined into every ray walk it would cost the games without promotion their speed.
    #[inline(never)]
    pub(in crate::engine) fn push_promotions<S: Sink>(&self, mv: Move, out: &mut S) {
        let Move {
            from,
            to,
            piece,
            kind,
            ..
        } = mv;
        let game = &self.engine.game;
        let us = self.side;
        let ty = &game.pieces[piece.index()];
        let mut forced = ty.dead[us.index()].contains(to);
        let target = self.board[to.index()];
        let captures = kind.victim().is_some() || (!target.is_empty() && target.side() != us);
        for (i, line) in ty.promotions.iter().enumerate() {
            if !line.fires(game, us, from, to, captures) {
                continue;
            }
            forced |= line.mandatory;
            for (c, &choice) in line.choices.iter().enumerate() {
                // A choice an earlier line that also fires offers is already there.
                let repeated = i > 0
                    && ty.promotions[..i].iter().any(|l| {
                        l.choices.contains(&choice) && l.fires(game, us, from, to, captures)
                    });
                let open =
                    line.limits.is_none() || line.open(us, c, self.count_for_limit(us, choice));
                let dead = game.pieces[choice.index()].dead[us.index()].contains(to);
                if open && !repeated && !dead {
                    out.add(Move {
                        promotion: Some(choice),
                        ..mv
                    });
                }
            }
        }
        // Where promotion is forced and no choice is open, the move is not made at all.
        if !forced {
            out.add(mv);
        }
    }

    /// The pieces of `choice`'s kind `side` has on the board for a material limit: a type and its remembered
    /// promoted form (`Q` and `Q~`) together.
    pub fn count_for_limit(&self, side: crate::rules::Side, choice: PieceId) -> u16 {
        let ty = &self.engine.game.pieces[choice.index()];
        let plays_as = ty.shadow_of.unwrap_or(choice);
        let shadow = self.engine.game.pieces[plays_as.index()].shadow;
        self.count_on_board(side, plays_as) + shadow.map_or(0, |s| self.count_on_board(side, s))
    }
}

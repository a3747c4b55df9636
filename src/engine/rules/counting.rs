//! The count of the makruk family's counting rules ([`crate::rules::Counting`]), kept as Fairy-Stockfish keeps
//! it: a limit and the plies counted so far, both in plies. After each move the side to move may start a count
//! (when none runs, or when a capture or promotion has just left it bare, which switches board's honour to pieces'
//! honour); a count that has gone past its limit draws. The count is history, like the move limit: it ends a game
//! played, never stops move generation.
use crate::engine::Position;
use crate::rules::{Counting, PieceId, Side};

/// A running count: `limit` plies (0: none runs) and the plies counted so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Count {
    pub limit: u16,
    pub ply: u16,
}

impl Position<'_> {
    /// The count after a move by `mover` that took a piece of type `captured` (if any) and promoted or not. Games
    /// without counting rules never call this.
    pub(in crate::engine) fn update_count(
        &mut self,
        rule: &Counting,
        mover: Side,
        captured: Option<PieceId>,
        promoted: bool,
    ) {
        let mut count = self.rules.count;
        if count.limit != 0 {
            count.ply = count.ply.saturating_add(1);
        }
        let to_move = mover.opponent();
        let total = (self.lists[0].len() + self.lists[1].len()) as u16;
        // A bare king that takes the last suspending piece starts its own count with that capture.
        if rule.from_piece_count
            && captured.is_some_and(|p| {
                rule.suspended_by.contains(&p) || rule.pieces_honour_suspended_by.contains(&p)
            })
            && self.lists[mover.index()].len() == 1
        {
            let moves = self.count_moves(rule, mover);
            if moves != 0 {
                count = Count {
                    limit: 2 * moves,
                    ply: 2 * total - 1,
                };
            }
        }
        let bared = (captured.is_some() || promoted) && self.lists[to_move.index()].len() == 1;
        if count.limit == 0 || bared {
            let moves = self.count_moves(rule, to_move);
            if moves != 0 {
                let bare = self.lists[to_move.index()].len() == 1;
                count = Count {
                    limit: 2 * moves,
                    ply: if rule.from_piece_count && bare {
                        2 * total
                    } else {
                        0
                    },
                };
            }
        }
        self.rules.count = count;
    }

    /// The moves a count run for `side` would last now, or 0 when no count may run: a suspending piece stands on
    /// the board, the opponent is bare, or no honour applies.
    fn count_moves(&self, rule: &Counting, side: Side) -> u16 {
        let other = side.opponent();
        if self.any_on_board(&rule.suspended_by) || self.lists[other.index()].len() == 1 {
            return 0;
        }
        let pieces = self.lists[side.index()].len();
        if rule
            .board_honour_max_pieces
            .is_some_and(|most| pieces > usize::from(most))
        {
            return 0;
        }
        if pieces > 1 {
            return rule.board_honour.unwrap_or(0);
        }
        if self.any_on_board(&rule.pieces_honour_suspended_by) {
            return 0;
        }
        rule.pieces_honour
            .iter()
            .find(|row| match row.piece {
                Some(p) => self.count_on_board(other, p) >= row.at_least,
                None => true,
            })
            .map_or(0, |row| row.moves)
    }

    /// Does a piece of one of these types stand on the board, either side's?
    fn any_on_board(&self, types: &[PieceId]) -> bool {
        types
            .iter()
            .any(|&p| self.count_on_board(Side::White, p) + self.count_on_board(Side::Black, p) > 0)
    }

    /// Has the running count gone past its limit? (The game is then drawn, unless the side to move is mated.)
    pub(crate) fn count_exhausted(&self) -> bool {
        self.rules.count.limit != 0 && self.rules.count.ply > self.rules.count.limit
    }
}

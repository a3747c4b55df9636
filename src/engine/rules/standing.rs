//! Promotion as a move of its own (`promote … on standing`, sittuyin's): a piece standing in its line's zone (or
//! anywhere, as its side's last one on the board, under `anywhere-if-last`) becomes a choice in place, written
//! with its square twice (`d5d5f`), or by one move of the choice that captures nothing, to an empty square.
//!
//! These moves are generated here, apart from the piece's own rays, and only in games that have such a line (one
//! engine flag per node elsewhere). The conditions that need the position after the move (`not-attacking`,
//! `not-checking`) are judged by legality, so every such move takes the full test (make, test, unmake); they are
//! few. Make and unmake need nothing of their own: an in-place promotion is a board move whose destination is its
//! origin, which never captures there.
use crate::engine::moves::{Move, MoveKind, MoveList, Sink};
use crate::engine::tables::PieceTraits;
use crate::engine::{Cell, Position};
use crate::rules::{PieceId, Promotion, PromotionTrigger, Side, Square};

impl Position<'_> {
    /// The standing promotions of every piece of the side to move.
    pub(crate) fn standing_promotions(&self, out: &mut MoveList) {
        for &from in &self.lists[self.side.index()] {
            self.standing_promotions_from(from, out);
        }
    }

    /// The standing promotions of the piece on `from`, which belongs to the side to move.
    pub(crate) fn standing_promotions_from(&self, from: Square, out: &mut MoveList) {
        let game = &self.engine.game;
        let us = self.side;
        let piece = self.board[from.index()].piece();
        for line in &game.pieces[piece.index()].promotions {
            if !self.may_promote_standing(line, piece, from) {
                continue;
            }
            for (c, &choice) in line.choices.iter().enumerate() {
                if line.limits.is_some() && !line.open(us, c, self.count_for_limit(us, choice)) {
                    continue;
                }
                let first = out.len();
                // A choice may not stand where it could never move again.
                if !game.pieces[choice.index()].dead[us.index()].contains(from) {
                    out.push(Move {
                        from,
                        to: from,
                        piece,
                        kind: MoveKind::Normal,
                        promotion: Some(choice),
                        extra: None,
                    });
                }
                // The choice's own moves from this square, as the executor walks them (zones, lame legs, multi-leg
                // moves, its dead squares); only those that end on an empty square without capturing are kept.
                let slice = game.pieces[choice.index()].rays(us, self.engine.squares(), from);
                let mut steps = Steps {
                    board: &self.board,
                    from,
                    piece,
                    choice,
                    out,
                };
                self.rays_moves(from, choice, &game.rays[slice.range()], &mut steps);
                if self.engine.traits[choice.index()].contains(PieceTraits::REPEATS_MOVES) {
                    crate::engine::movegen::dedup_moves(out, first);
                }
            }
        }
    }

    /// Does `line` let the side to move's `piece` on `from` promote standing: a standing line of that side, the
    /// piece in the zone, or the side's only one of its type on the board under `anywhere-if-last`?
    fn may_promote_standing(&self, line: &Promotion, piece: PieceId, from: Square) -> bool {
        let us = self.side;
        line.trigger == PromotionTrigger::Standing
            && line.side.is_none_or(|s| s == us)
            && (self.engine.game.zone(line.zone).contains(us, from)
                || line.standing.anywhere_if_last && self.count_on_board(us, piece) == 1)
    }

    /// Is `mv`, a move of `mover` that has just been made, a standing promotion that its line's conditions forbid:
    /// the promoted piece attacks an enemy piece (`not-attacking`), or the opponent is in check (`not-checking`,
    /// a discovered check included)? Only games with standing promotions ask.
    pub(crate) fn breaks_standing_rules(&self, mv: Move, mover: Side) -> bool {
        let Some(choice) = mv.promotion.filter(|_| mv.kind == MoveKind::Normal) else {
            return false;
        };
        // A piece with a standing line has no other `promote` line (the compiler sees to it), so its promoting
        // board moves are its standing promotions.
        let Some(line) = self.engine.game.pieces[mv.piece.index()]
            .promotions
            .iter()
            .find(|l| l.trigger == PromotionTrigger::Standing && l.choices.contains(&choice))
        else {
            return false;
        };
        let them = mover.opponent();
        (line.standing.not_checking && self.side_in_check(them))
            || (line.standing.not_attacking
                && self.lists[them.index()]
                    .iter()
                    .any(|&target| self.attacks_from(mv.to, target, mover)))
    }
}

/// Where the choice's moves from the promoting piece's square go: the quiet ones become standing promotions of
/// `piece` to `choice`.
struct Steps<'a> {
    board: &'a [Cell],
    from: Square,
    piece: PieceId,
    choice: PieceId,
    out: &'a mut MoveList,
}

impl Sink for Steps<'_> {
    fn add(&mut self, mv: Move) {
        // A double step of the choice is a move like another here: a promotion makes no e.p. target.
        let quiet = matches!(mv.kind, MoveKind::Normal | MoveKind::CreatesEp)
            && mv.promotion.is_none()
            && mv.from == self.from
            && mv.to != self.from
            && self.board[mv.to.index()].is_empty();
        if quiet {
            self.out.push(Move {
                kind: MoveKind::Normal,
                piece: self.piece,
                promotion: Some(self.choice),
                ..mv
            });
        }
    }
}

impl Position<'_> {
    /// `only-promotions draws`: is the side to move, not in check, down to two pieces on the board, one of them a
    /// piece that promotes standing, and is every legal move it has a promotion? (Judged after the history draws,
    /// in [`Position::outcome`]; move generation does not look.)
    pub(crate) fn only_promotions_left(&mut self) -> bool {
        let game = &self.engine.game;
        let ours = &self.lists[self.side.index()];
        let promotes_standing = |sq: &Square| {
            game.pieces[self.board[sq.index()].piece().index()]
                .promotions
                .iter()
                .any(|l| l.trigger == PromotionTrigger::Standing)
        };
        if ours.len() != 2 || !ours.iter().any(promotes_standing) || self.in_check() {
            return false;
        }
        let moves = self.legal_move_list();
        moves
            .iter()
            .all(|mv| mv.promotion.is_some() && mv.kind == MoveKind::Normal)
    }
}

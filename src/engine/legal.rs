//! Legality: a pseudo-legal move is legal when it leaves the mover's royal piece unattacked, a castling king
//! crosses no attacked square, and a drop that the rules forbid to mate does not mate.
use super::moves::{Move, MoveKind, MoveList};
use super::Position;

impl Position<'_> {
    /// The legal moves of the side to move, written into `out` (cleared first).
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        self.pseudo_moves(out);
        let us = self.side;
        let engine = self.engine;
        let royal = match self.royal[us.index()] {
            Some(royal) if !engine.has_hoppers && !self.in_check() => royal,
            // In check, with hoppers about, or without a royal piece: test every move in full.
            _ => {
                out.retain(|&mv| self.is_legal_pseudo(mv));
                return;
            }
        };
        // Not in check and nothing hops: a move can only expose the royal piece by leaving a line to it, and a
        // drop only adds a blocker. Everything else is tested in full.
        out.retain(|&mv| {
            let safe = match mv.kind {
                MoveKind::Normal | MoveKind::CreatesEp => {
                    mv.from != royal && !engine.on_line(us.opponent(), royal, mv.from)
                }
                MoveKind::Drop => !engine.game.pieces[mv.piece.index()]
                    .drop
                    .as_ref()
                    .is_some_and(|d| d.no_drop_mate),
                MoveKind::Pass => true,
                MoveKind::EnPassant { .. } | MoveKind::Locust { .. } | MoveKind::Castle { .. } => {
                    false
                }
            };
            safe || self.is_legal_pseudo(mv)
        });
    }

    /// The legal moves, in a new list.
    pub fn legal_move_list(&mut self) -> MoveList {
        let mut moves = MoveList::with_capacity(128);
        self.legal_moves(&mut moves);
        moves
    }

    /// Is `mv` a legal move here? Accepts any value, generated or not. Independent of [`Position::legal_moves`]'s
    /// shortcuts: the move must be one its piece can make, and it is always tested by make/test/unmake.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        let mut candidates = MoveList::with_capacity(64);
        match mv.kind {
            MoveKind::Drop | MoveKind::Castle { .. } | MoveKind::Pass => {
                self.pseudo_moves(&mut candidates)
            }
            _ => {
                let mover = self.board.get(mv.from.index()).copied().unwrap_or_default();
                if !mover.is(self.side) {
                    return false;
                }
                self.piece_moves(mv.from, &mut candidates);
            }
        }
        candidates.contains(&mv) && self.is_legal_pseudo(mv)
    }

    /// Does the side to move have at least one legal move?
    pub fn has_legal_move(&mut self) -> bool {
        let mut moves = MoveList::with_capacity(128);
        self.pseudo_moves(&mut moves);
        moves.into_iter().any(|mv| self.is_legal_pseudo(mv))
    }

    /// Legality of a move produced by the pseudo-legal generator.
    pub(crate) fn is_legal_pseudo(&mut self, mv: Move) -> bool {
        let game = &self.engine.game;
        let us = self.side;
        match mv.kind {
            MoveKind::Pass => return true,
            MoveKind::Castle { index } => {
                let castling = &game.castlings[index as usize];
                if castling
                    .safe
                    .iter()
                    .any(|&sq| self.is_attacked(sq, us.opponent()))
                {
                    return false;
                }
            }
            _ => {}
        }
        self.make(mv);
        let mut legal = !self.side_in_check(us);
        if legal && mv.kind == MoveKind::Drop && self.side != us {
            let forbids_mate = game.pieces[mv.piece.index()]
                .drop
                .as_ref()
                .is_some_and(|d| d.no_drop_mate);
            if forbids_mate && self.in_check() && !self.has_legal_move() {
                legal = false;
            }
        }
        self.unmake();
        legal
    }
}

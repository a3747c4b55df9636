//! Legality: a pseudo-legal move is legal when it leaves the mover's royal piece unattacked, a castling king
//! crosses no attacked square, and a drop that the rules forbid to mate does not mate.
use super::attack::MAX_CHECKS;
use super::moves::{Move, MoveKind, MoveList};
use super::Position;
use crate::rules::Square;

impl Position<'_> {
    /// The legal moves of the side to move, written into `out` (cleared first).
    ///
    /// Without hoppers, one pass over the reverse attack tables ([`Position::threats`]) finds the checks and the
    /// pinned pieces. Then a move that neither captures every checker nor blocks every checking line is illegal,
    /// a royal move is legal when its destination is not attacked with the royal piece gone from its square, and
    /// any other move is legal unless its piece is pinned. Pinned pieces, en passant, castling and drops that may
    /// not mate but might check are tested in full (make, test, unmake).
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        self.pseudo_moves(out);
        let us = self.side;
        let them = us.opponent();
        let engine = self.engine;
        let game = &engine.game;
        let royal = match self.royal[us.index()] {
            Some(royal) if !engine.has_hoppers => royal,
            // With hoppers about, or without a royal piece: test every move in full.
            _ => {
                out.retain(|&mv| self.is_legal_pseudo(mv));
                return;
            }
        };
        let threats = self.threats(royal, us);
        if threats.count > MAX_CHECKS {
            out.retain(|&mv| self.is_legal_pseudo(mv));
            return;
        }
        let checks = &threats.checks[..threats.count];
        let resolves_checks = |to: Square| {
            checks.iter().all(|check| {
                check.from == to
                    || game.ray_squares[check.first as usize..][..check.len as usize].contains(&to)
            })
        };
        let enemy_royal = self.royal[them.index()];
        out.retain(|&mv| match mv.kind {
            MoveKind::Normal | MoveKind::CreatesEp => {
                if mv.from == royal {
                    if mv.promotion.is_none() && game.pieces[mv.piece.index()].demote_in.is_none() {
                        !self.is_attacked_vacating(mv.to, them, royal)
                    } else {
                        self.is_legal_pseudo(mv)
                    }
                } else if !resolves_checks(mv.to) {
                    false
                } else {
                    !threats.pinned.contains(mv.from) || self.is_legal_pseudo(mv)
                }
            }
            MoveKind::Drop => {
                if !resolves_checks(mv.to) {
                    return false;
                }
                let forbids_mate = game.pieces[mv.piece.index()]
                    .drop
                    .as_ref()
                    .is_some_and(|d| d.no_drop_mate);
                // A drop can only mate if the dropped piece could attack the enemy royal piece from there.
                let may_check =
                    enemy_royal.is_some_and(|target| engine.reaches(us, target, mv.piece, mv.to));
                !(forbids_mate && may_check) || self.is_legal_pseudo(mv)
            }
            MoveKind::Pass => true,
            MoveKind::EnPassant { .. } | MoveKind::Castle { .. } => self.is_legal_pseudo(mv),
        });
    }

    /// The legal moves, in a new list.
    pub fn legal_move_list(&mut self) -> MoveList {
        let mut moves = MoveList::with_capacity(128);
        self.legal_moves(&mut moves);
        moves
    }

    /// Is `mv` one of the legal moves here? Accepts any value, generated or not.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        self.legal_move_list().contains(&mv)
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

//! Move restrictions that judge a position's legal moves as a whole: compulsory capture. Games without them
//! never call in here (a compiled flag decides, once per node).
use crate::engine::moves::{Move, MoveKind, MoveList};
use crate::engine::Position;
use crate::rules::ForcedCapture;

impl Position<'_> {
    /// Does `mv` (a move of the side to move, not yet made) capture an enemy piece? Destroying a friendly
    /// piece (`d`) is not a capture.
    pub fn is_capture(&self, mv: Move) -> bool {
        let them = self.side.opponent();
        match mv.kind {
            MoveKind::Castle { .. } | MoveKind::Drop | MoveKind::Pass => false,
            kind => kind.victim().is_some() || self.board[mv.to.index()].is(them),
        }
    }

    fn is_forced(&self, forced: &ForcedCapture, mv: Move) -> bool {
        forced.by[mv.piece.index()] && self.is_capture(mv)
    }

    /// Applies compulsory capture to a list of legal moves: when one of them is a forced capture, only those
    /// stay.
    pub(crate) fn keep_forced_captures(&self, moves: &mut MoveList) {
        if let Some(forced) = &self.engine.game.forced_capture {
            if moves.iter().any(|&mv| self.is_forced(forced, mv)) {
                moves.retain(|&mv| self.is_forced(forced, mv));
            }
        }
    }

    /// Applies `must-drop` to a list of legal moves: while the side to move holds a piece and one of the moves is
    /// a drop, only drops stay.
    pub(crate) fn keep_drops(&self, moves: &mut MoveList) {
        let holds = self.hands[self.side.index()].iter().any(|&c| c > 0);
        if holds && moves.iter().any(|mv| mv.kind == MoveKind::Drop) {
            moves.retain(|mv| mv.kind == MoveKind::Drop);
        }
    }

    /// Is a legal `mv` still allowed by `must-drop`?
    pub(crate) fn allowed_by_must_drop(&mut self, mv: Move) -> bool {
        if !self.engine.game.must_drop || mv.kind == MoveKind::Drop {
            return true;
        }
        let mut moves = MoveList::with_capacity(128);
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Is a legal `mv` still allowed by compulsory capture?
    pub(crate) fn allowed_by_forced_capture(&mut self, mv: Move) -> bool {
        match &self.engine.game.forced_capture {
            Some(forced) if !self.is_forced(forced, mv) => {
                let mut moves = MoveList::with_capacity(128);
                self.legal_moves(&mut moves);
                moves.contains(&mv)
            }
            _ => true,
        }
    }
}

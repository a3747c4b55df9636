//! The rules against trading pieces of a set (`no-capture-of-protected`, `no-counter-strike`: Chu Shogi's
//! Lions). Games without them never call in here: the legality test looks at two `Option`s first.
use crate::engine::moves::{Move, MoveKind};
use crate::engine::Position;
use crate::rules::{CounterStrike, PieceId, ProtectedCapture, Square};

impl Position<'_> {
    /// The enemy pieces `mv` (not yet made) takes: on its destination and on its e.p. or locust square.
    pub(crate) fn taken(&self, mv: Move) -> [Option<(Square, PieceId)>; 2] {
        let them = self.side.opponent();
        let enemy = |sq: Square| {
            let cell = self.board[sq.index()];
            (!cell.is_empty() && !cell.is_wall() && cell.side() == them).then(|| (sq, cell.piece()))
        };
        match mv.kind {
            MoveKind::Castle { .. } | MoveKind::Drop | MoveKind::Pass | MoveKind::Unload { .. } => {
                [None, None]
            }
            MoveKind::EnPassant { .. } => [None, mv.kind.victim().and_then(enemy)],
            kind => [
                (mv.to != mv.from).then(|| enemy(mv.to)).flatten(),
                kind.victim().and_then(enemy),
            ],
        }
    }

    /// Where `mv` (not yet made) takes a piece of the counter-strike set with a piece outside it: the square the
    /// position will remember. `None` for any other move.
    pub(crate) fn strikes(&self, rule: &CounterStrike, mv: Move) -> Option<Square> {
        if rule.has(mv.piece) {
            return None;
        }
        self.taken(mv)
            .into_iter()
            .flatten()
            .find(|&(_, piece)| rule.has(piece))
            .map(|(sq, _)| sq)
    }

    /// Does `mv` answer a piece of the set taken by an outsider by taking one with an outsider?
    pub(crate) fn breaks_counter_strike(&self, rule: &CounterStrike, mv: Move) -> bool {
        self.rules.struck.is_some() && self.strikes(rule, mv).is_some()
    }

    /// The square whose protection decides whether `mv` (not yet made) may be played: where a piece of the set
    /// takes an enemy of the set standing on a square not adjacent to its start, with no bridge (no other piece
    /// taken, or only one of the `bridge-not` types). `None`: the rule does not apply to the move.
    pub(crate) fn protected_target(&self, rule: &ProtectedCapture, mv: Move) -> Option<Square> {
        if !rule.has(mv.piece) {
            return None;
        }
        let g = self.engine.game.geometry;
        let taken = self.taken(mv);
        let from_afar = |sq: Square| {
            (g.file(sq) - g.file(mv.from))
                .abs()
                .max((g.rank(sq) - g.rank(mv.from)).abs())
                >= 2
        };
        let (i, (target, _)) = taken.iter().enumerate().find_map(|(i, t)| {
            t.filter(|&(sq, p)| rule.has(p) && from_afar(sq))
                .map(|t| (i, t))
        })?;
        let bridge = taken[1 - i].is_some_and(|(_, p)| !rule.bridge_not[p.index()]);
        (!bridge).then_some(target)
    }
}

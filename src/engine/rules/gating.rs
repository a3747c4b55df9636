//! Gating (`gating in ZONE`): each move that leaves a square where the mover's side holds a gating right becomes
//! also one move per piece in hand that may enter there. Games without gating never call in here.
use crate::engine::movegen::droppable;
use crate::engine::moves::{Gate, Move, MoveKind, MoveList};
use crate::engine::Position;
use crate::rules::{PieceId, Side, Square};

impl Position<'_> {
    /// Adds to `out` the gating forms of its moves. A castling may gate onto the castling piece's square or the
    /// partner's, unless the castling ends on it; a move that promotes does not gate (its text would have no
    /// room for both, and Fairy-Stockfish offers neither).
    #[inline(never)]
    pub(crate) fn add_gates(&self, out: &mut MoveList) {
        let us = self.side;
        if self.castling & self.engine.gate_rights[us.index()] == 0 {
            return;
        }
        let game = &self.engine.game;
        for i in 0..out.len() {
            let mv = out[i];
            match mv.kind {
                MoveKind::Drop | MoveKind::Pass => {}
                _ if mv.promotion.is_some() => {}
                MoveKind::Castle { index } => {
                    let c = &game.castlings[index as usize];
                    for (square, on_partner) in [(c.king_from, false), (c.rook_from, true)] {
                        if square != c.king_to && square != c.rook_to {
                            self.gate_onto(mv, square, on_partner, out);
                        }
                    }
                }
                _ => self.gate_onto(mv, mv.from, false, out),
            }
        }
    }

    /// Pushes `mv` once per piece in hand that may enter on `square`, if the side holds the right there.
    fn gate_onto(&self, mv: Move, square: Square, on_partner: bool, out: &mut MoveList) {
        let us = self.side;
        let squares = self.engine.squares();
        if self.castling & self.engine.gate_mask[us.index() * squares + square.index()] == 0 {
            return;
        }
        for (p, &count) in self.hands[us.index()].iter().enumerate() {
            let piece = PieceId(p as u16);
            if count > 0 && self.may_gate(piece, us, square) {
                out.push(mv.gating(Gate { piece, on_partner }));
            }
        }
    }

    /// May `side` gate a `piece` onto `square`? Where it could be dropped (its drop zones, and not where it could
    /// never move again); royal pieces are never gated.
    fn may_gate(&self, piece: PieceId, side: Side, square: Square) -> bool {
        let ty = &self.engine.game.pieces[piece.index()];
        !ty.royal
            && ty
                .drop
                .as_ref()
                .is_some_and(|rule| droppable(ty, rule, side, square))
    }

    /// Makes the gate of `mv` (after the move itself): the piece leaves the hand for its square. Under
    /// `drops reserve`, a side whose hand is now empty loses its remaining gating rights: nothing can use them.
    pub(crate) fn make_gate(&mut self, mv: &Move, gate: Gate, us: Side) {
        let square = gate.square(&self.engine.game, mv);
        let count = self.hands[us.index()][gate.piece.index()];
        self.set_hand(us, gate.piece, count - 1);
        self.put(square, gate.piece, us);
        if self.engine.flags.gates_lapse && self.hands[us.index()].iter().all(|&n| n == 0) {
            let rights = self.engine.gate_rights[us.index()];
            if self.castling & rights != 0 {
                self.set_castling(self.castling & !rights);
            }
        }
    }

    /// Undoes [`Position::make_gate`] (before the move itself is undone, which needs the square empty).
    pub(crate) fn unmake_gate(&mut self, mv: &Move, gate: Gate, us: Side) {
        let square = gate.square(&self.engine.game, mv);
        self.take(square);
        let count = self.hands[us.index()][gate.piece.index()];
        self.set_hand(us, gate.piece, count + 1);
    }
}

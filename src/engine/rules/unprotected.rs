//! `captures-unprotected-only` (Maka Dai Dai Shogi's and Tai Shogi's Emperor): such a piece never takes an enemy
//! piece that is protected, that is whose square some enemy piece attacks once the capture is made (every enemy
//! piece counts, pinned or royal ones too, as for `no-capture-of-protected`). A capture it may not make is no
//! threat either: it checks a royal piece only where the royal piece is unprotected. Games without the item never
//! call in here: the legality test reads one flag of the moving type, and check detection one engine flag.
use crate::engine::moves::Move;
use crate::engine::Position;
use crate::rules::{PieceId, Side, Square};

/// The squares of the pieces a move takes, whose protection decides whether it may be played.
pub(crate) type Victims = [Option<(Square, PieceId)>; 2];

impl Position<'_> {
    /// The pieces `mv` (not yet made) takes, if its piece captures unprotected pieces only.
    #[inline]
    pub(crate) fn unprotected_victims(&self, mv: Move) -> Option<Victims> {
        let ty = &self.engine.game.pieces[mv.piece.index()];
        (ty.captures_unprotected_only && mv.kind != crate::engine::moves::MoveKind::Drop)
            .then(|| self.taken(mv))
            .filter(|v| v.iter().any(Option::is_some))
    }

    /// Once the move is made: is a square where it took a piece attacked by `enemy` (the piece was protected)?
    pub(crate) fn took_protected(&self, victims: &Victims, enemy: Side) -> bool {
        victims
            .iter()
            .flatten()
            .any(|&(sq, _)| self.is_attacked(sq, enemy))
    }

    /// Could `attacker` take a royal piece on `sq`, in a game where some type captures unprotected pieces only? By
    /// any other piece that attacks `sq`, or by such a piece whose capture would leave `sq` unattacked by the
    /// royal piece's side (the capturer's start counting as empty, as it is once it moves).
    pub(in crate::engine) fn threatens_unprotected(&self, attacker: Side, sq: Square) -> bool {
        let engine = self.engine;
        let game = &engine.game;
        let defender = attacker.opponent();
        let plain = (0..game.pieces.len()).any(|p| {
            !game.pieces[p].captures_unprotected_only
                && self.attacked_by(PieceId(p as u16), sq, attacker, sq)
        }) || (engine.flags.has_borrowers
            && self.attacked_by_borrower(sq, attacker, sq));
        plain
            || self.pieces_of(attacker).iter().any(|&from| {
                let cell = self.board[from.index()];
                game.pieces[cell.piece().index()].captures_unprotected_only
                    && self.attacks_from(from, sq, attacker)
                    && !self.is_attacked_vacating(sq, defender, from)
            })
    }
}

//! Legality without make/unmake for a bystander move: one that changes no square the verdict reads.
//!
//! Games whose hoppers defeat the checks-and-pins shortcut (janggi, xiangqi), or whose rules it does not know
//! (facing royal pieces, passing), test every move in full: make, ask, unmake. But "is the mover's royal piece
//! attacked after the move" reads only the attack lines into the royal piece's square that an enemy piece mans
//! ([`Position::attack_lines`]: the attacker's square and the squares its ray crosses), and "do the royal pieces
//! face" only the squares between them when they share a file. A plain move of a piece that is not royal, from
//! and to squares off those lines, brings no enemy piece anywhere and changes none of their squares: it leaves
//! both answers as they were before it, and those are asked once per node.
use crate::engine::moves::{Move, MoveKind};
use crate::engine::Position;
use crate::rules::{Game, JumpsLower, Royalty, SquareSet};

/// Does the game judge legality by the attack test and the facing rules only, so that bystander moves may skip
/// make/unmake, and would it otherwise make and unmake every move (`slow_path`)? Other games never ask per node.
pub(crate) fn applies(
    game: &Game,
    slow_path: bool,
    has_relays: bool,
    promotes_standing: bool,
) -> bool {
    slow_path
        && game.legality.royalty == Royalty::One
        && !has_relays
        && !promotes_standing
        && !game.legality.giving_check_illegal
        && game.explosions.is_none()
        && game.walls.is_none()
        && game.protected_capture.is_none()
        // Protection of the royal piece's square, which check by such a piece reads, is anywhere on the board.
        && !game.pieces.iter().any(|p| p.captures_unprotected_only)
        // A slide that takes what it passes (`taking-passed`, of a range capturer or a jumping line) changes
        // squares between its own two.
        && !game.pieces.iter().any(|p| {
            p.jumps_lower == Some(JumpsLower::TakingPassed)
                || p.jumps_over.as_ref().is_some_and(|j| j.taking_passed)
        })
}

/// What the legality of a node's moves shares, asked once per node.
pub(crate) struct NodeLegality {
    /// [`Position::must_break_facing`].
    pub must_break: bool,
    bystanders: Option<Bystanders>,
}

/// The squares no bystander move touches, and the verdict on every bystander move.
struct Bystanders {
    watched: SquareSet,
    legal: bool,
}

impl NodeLegality {
    /// The verdict on `mv` without making it, if it is a bystander move.
    #[inline]
    pub fn bystander_verdict(&self, mv: Move, game: &Game) -> Option<bool> {
        let b = self.bystanders.as_ref()?;
        (mv.kind == MoveKind::Normal
            && mv.promotion.is_none()
            && mv.extra.is_none()
            && !b.watched.contains(mv.from)
            && !b.watched.contains(mv.to)
            && !game.pieces[mv.piece.index()].royal)
            .then_some(b.legal)
    }
}

impl Position<'_> {
    /// The facts the legality of every move of this node needs, without the bystander shortcut (for a single move).
    pub(crate) fn move_legality(&self) -> NodeLegality {
        NodeLegality {
            must_break: self.must_break_facing(),
            bystanders: None,
        }
    }

    /// The facts the legality of every move of this node needs, with the bystander shortcut where the game has it.
    pub(crate) fn node_legality(&self) -> NodeLegality {
        let must_break = self.must_break_facing();
        let royal = self.royal[self.side.index()].filter(|_| self.engine.flags.bystanders);
        let bystanders = royal.map(|royal| {
            let mut watched = SquareSet::new();
            let attacked = self.attack_lines(royal, self.side.opponent(), &mut watched);
            let end = &self.engine.game.end;
            let mut facing = false;
            let facing_illegal = self.engine.game.legality.facing_royals_illegal;
            if facing_illegal || end.facing_royals_must_break {
                if let Some(between) = self.facing_line() {
                    between.for_each(|sq| watched.insert(sq));
                    facing = (facing_illegal || must_break) && self.royals_face();
                }
            }
            Bystanders {
                watched,
                legal: !facing && !attacked,
            }
        });
        NodeLegality {
            must_break,
            bystanders,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Engine, MoveList, Position};

    /// A bystander move gets the verdict the full test (make, test, unmake) gives: legal beside a piece held on the
    /// file by the facing generals (xiangqi), legal beside the empty line of a cannon (xiangqi), illegal in check
    /// (xiangqi), illegal while the generals face and must break it (janggi's bikjang). Each position has bystander
    /// moves, and moves the shortcut leaves to the full test.
    #[test]
    fn a_bystander_move_gets_the_verdict_of_the_full_test() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants");
        for (variant, fen, verdict) in [
            // The horse on e3 stands between the generals; the pawn and the other horse are bystanders.
            ("xiangqi", "4k4/9/9/9/9/9/P8/4N4/9/1N2K4 w - - 0 1", true),
            // The cannon on e7 has no screen: the horse may not give it one on e2 or e4 (not bystanders, the full
            // test refuses them); its other moves and the pawn's are bystanders.
            ("xiangqi", "3k5/9/9/4c4/9/9/P8/2N6/9/4K4 w - - 0 1", true),
            // The chariot on a1 gives check along the first rank.
            ("xiangqi", "3k5/9/9/9/9/9/P8/7N1/9/r3K4 w - - 0 1", false),
            // The generals face: every move must break the line (or pass).
            ("janggi", "9/4k4/9/9/9/9/P8/9/4K4/1N7 w - - 0 1", false),
        ] {
            let compiled =
                crate::variants::load(&format!("{dir}/{variant}.tatsu")).expect("variant loads");
            let engine = Engine::new(compiled.game);
            let mut pos = Position::from_fen(&engine, fen).expect("valid FEN");
            let node = pos.node_legality();
            let mut moves = MoveList::new();
            pos.pseudo_moves(&mut moves);
            let (mut bystanders, mut others) = (0, 0);
            for &mv in moves.iter() {
                match node.bystander_verdict(mv, &engine.game) {
                    Some(legal) => {
                        bystanders += 1;
                        assert_eq!(legal, verdict, "{variant} {fen}: {mv:?}");
                        assert_eq!(legal, pos.is_legal_pseudo(mv), "{variant} {fen}: {mv:?}");
                    }
                    None => others += 1,
                }
            }
            assert!(
                bystanders > 0 && others > 0,
                "{variant} {fen}: {bystanders} bystanders, {others} others"
            );
        }
    }
}

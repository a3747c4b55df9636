//! The executor's invariants, checked on a live position: one auditor for `tatsu selfplay`, the invariant tests and
//! the fuzz targets, so that all three hold the executor to the same promises.
//!
//! At a position: every legal move has a UCI text of its own and, played and taken back, restores the FEN and the
//! hash and leaves the mover's royal pieces unattacked; a position with no legal move is over. For the move chosen
//! to be played: it is `is_legal`, its text reads back to it, and the position after it round-trips through FEN
//! with the same hash.
use crate::engine::{Move, MoveKind, Outcome, Position};
use crate::rng::SplitMix64;
use std::fmt;

/// One broken invariant: the position (FEN), the move involved if any, and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub fen: String,
    pub mv: Option<String>,
    pub what: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n  FEN: {}", self.what, self.fen)?;
        if let Some(mv) = &self.mv {
            write!(f, "\n  move: {mv}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Violation {}

/// Checks every legal move of the position (`moves`, its legal move list): distinct texts; play then unplay
/// restores FEN and hash; no move leaves the mover in check. An empty list must mean the game is over.
pub fn legal_moves(pos: &mut Position, moves: &[Move]) -> Result<(), Violation> {
    let fen = pos.to_fen();
    let hash = pos.hash();
    let us = pos.side_to_move();
    let violation = |mv: Option<String>, what: String| Violation {
        fen: fen.clone(),
        mv,
        what,
    };
    if moves.is_empty() && pos.outcome().is_none() {
        return Err(violation(
            None,
            "no legal move, yet the game is not over".into(),
        ));
    }
    let mut texts = std::collections::HashSet::new();
    for &mv in moves {
        let text = pos.uci(&mv);
        if !texts.insert(text.clone()) {
            return Err(violation(
                Some(text),
                "two legal moves have this UCI text".into(),
            ));
        }
        pos.play(mv);
        let exposed = pos.side_in_check(us) && !ends_whatever_it_exposes(pos, mv);
        pos.unplay();
        if exposed {
            return Err(violation(
                Some(text),
                "a legal move leaves the mover's royal piece attacked".into(),
            ));
        }
        if pos.hash() != hash {
            return Err(violation(Some(text), "play/unplay changed the hash".into()));
        }
        let after = pos.to_fen();
        if after != fen {
            return Err(violation(
                Some(text),
                format!("play/unplay changed the FEN to {after}"),
            ));
        }
    }
    Ok(())
}

/// Is `mv`, just played, one of the moves the rules allow to leave the mover attacked because it ends the game: an
/// explosion that blows up the enemy king, or a pass with the royal pieces facing (`facing-royals must-break`,
/// janggi's bikjang: the side in check may pass, and the game is over).
fn ends_whatever_it_exposes(pos: &mut Position, mv: Move) -> bool {
    let explodes = pos.game().explosions.is_some();
    explodes && pos.decided().is_some() || mv.kind == MoveKind::Pass && pos.must_break_facing()
}

/// Checks the move about to be played (`is_legal`, and its text reads back to it), plays it, and checks that the
/// position after it round-trips through FEN with the same hash.
pub fn play(pos: &mut Position, mv: Move) -> Result<(), Violation> {
    let fen = pos.to_fen();
    let text = pos.uci(&mv);
    let violation = |what: String| Violation {
        fen: fen.clone(),
        mv: Some(text.clone()),
        what,
    };
    if !pos.is_legal(mv) {
        return Err(violation("a generated move is not is_legal".into()));
    }
    match pos.parse_move(&text) {
        Ok(parsed) if parsed == mv => {}
        Ok(_) => return Err(violation(format!("`{text}` parses to another move"))),
        Err(e) => return Err(violation(format!("its UCI text does not parse: {e}"))),
    }
    pos.play(mv);
    fen_round_trip(pos).map_err(|v| violation(format!("after the move: {}", v.what)))
}

/// The position's FEN reads back to the same FEN and hash.
pub fn fen_round_trip(pos: &Position) -> Result<(), Violation> {
    let fen = pos.to_fen();
    let violation = |what: String| Violation {
        fen: fen.clone(),
        mv: None,
        what,
    };
    let again = Position::from_fen(pos.engine(), &fen)
        .map_err(|e| violation(format!("its FEN does not read back: {e}")))?;
    if again.to_fen() != fen {
        return Err(violation(format!(
            "the FEN reads back as {}",
            again.to_fen()
        )));
    }
    if again.hash() != pos.hash() {
        return Err(violation("the FEN reads back with another hash".into()));
    }
    Ok(())
}

/// How an audited random game ended: the plies played and the outcome (`None` when stopped at the ply limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    pub plies: u32,
    pub outcome: Option<Outcome>,
}

/// Plays uniformly random legal moves from `pos` until the game ends or `max_plies` are played, auditing every
/// ply ([`legal_moves`], then [`play`] for the chosen move). The first violation stops the game; `pos` is then the
/// position it was found in (or the one after the move, for a FEN round trip).
pub fn random_game(
    pos: &mut Position,
    rng: &mut SplitMix64,
    max_plies: u32,
) -> Result<Playout, (u32, Violation)> {
    for ply in 0..max_plies {
        if let Some(outcome) = pos.outcome() {
            return Ok(Playout {
                plies: ply,
                outcome: Some(outcome),
            });
        }
        let moves = pos.legal_move_list();
        legal_moves(pos, &moves).map_err(|v| (ply, v))?;
        play(pos, moves[rng.below(moves.len())]).map_err(|v| (ply, v))?;
    }
    Ok(Playout {
        plies: max_plies,
        outcome: pos.outcome(),
    })
}

//! How the game ends: checkmate, stalemate, repetition (with the perpetual-check rule), the move-count draw,
//! bare king and insufficient material, each as the compiled [`crate::rules::EndRules`] say.
use super::Position;
use crate::rules::{Side, StalemateResult};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    Stalemate,
    Repetition,
    PerpetualCheck,
    MoveLimit,
    BareKing,
    InsufficientMaterial,
}

/// A finished game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual check",
            Reason::MoveLimit => "move-count rule",
            Reason::BareKing => "bare king",
            Reason::InsufficientMaterial => "insufficient material",
        };
        match self.winner {
            Some(Side::White) => write!(f, "1-0 (White wins by {why})"),
            Some(Side::Black) => write!(f, "0-1 (Black wins by {why})"),
            None => write!(f, "1/2-1/2 (draw by {why})"),
        }
    }
}

impl Position<'_> {
    /// The result if the game is over in this position, judged for the side to move.
    pub fn outcome(&mut self) -> Option<Outcome> {
        let us = self.side;
        let end = &self.engine.game.end;
        if self.bonus_pending {
            // Mid-turn: nothing is judged until the turn passes.
            return None;
        }
        if let Some(bare) = end.bare_king_loses {
            for side in [us, us.opponent()] {
                if self.is_bare(side, bare.hand_must_be_empty) {
                    return Some(Outcome {
                        winner: Some(side.opponent()),
                        reason: Reason::BareKing,
                    });
                }
            }
        }
        if !self.has_legal_move() {
            if self.in_check() {
                return Some(Outcome {
                    winner: Some(us.opponent()),
                    reason: Reason::Checkmate,
                });
            }
            let winner = match end.stalemate {
                StalemateResult::Win => Some(us),
                StalemateResult::Draw => None,
                StalemateResult::Loss => Some(us.opponent()),
            };
            return Some(Outcome {
                winner,
                reason: Reason::Stalemate,
            });
        }
        if let Some(outcome) = self.repetition_outcome() {
            return Some(outcome);
        }
        if end.move_limit.is_some_and(|limit| self.halfmove >= limit) {
            return Some(Outcome {
                winner: None,
                reason: Reason::MoveLimit,
            });
        }
        if self.insufficient_material() {
            return Some(Outcome {
                winner: None,
                reason: Reason::InsufficientMaterial,
            });
        }
        None
    }

    fn is_bare(&self, side: Side, hand_must_be_empty: bool) -> bool {
        let game = &self.engine.game;
        let only_royals = self.lists[side.index()]
            .iter()
            .all(|sq| game.pieces[self.board[sq.index()].piece().index()].royal);
        only_royals && (!hand_must_be_empty || self.hands[side.index()].iter().all(|&c| c == 0))
    }

    fn repetition_outcome(&self) -> Option<Outcome> {
        let rule = self.engine.game.end.repetition?;
        let now = self.history.last()?;
        let occurrences: Vec<usize> = (0..self.history.len())
            .filter(|&i| self.history[i].turn_passed && self.history[i].hash == now.hash)
            .collect();
        if occurrences.len() < rule.count as usize {
            return None;
        }
        if rule.perpetual_check_loses {
            // The cycle: every move from the first of the repeated occurrences up to now.
            let first = occurrences[occurrences.len() - rule.count as usize];
            let cycle = &self.history[first + 1..];
            for side in Side::BOTH {
                let mut moves = cycle
                    .iter()
                    .filter(|e| e.mover == side && e.turn_passed)
                    .peekable();
                if moves.peek().is_some() && moves.all(|e| e.check) {
                    return Some(Outcome {
                        winner: Some(side.opponent()),
                        reason: Reason::PerpetualCheck,
                    });
                }
            }
        }
        Some(Outcome {
            winner: None,
            reason: Reason::Repetition,
        })
    }

    /// Are the non-royal pieces on the board (both sides, hands empty) exactly one of the game's multisets?
    /// Read from the per-type piece counts: nothing collected or sorted.
    fn insufficient_material(&self) -> bool {
        let game = &self.engine.game;
        if game.end.insufficient_material.is_empty() || self.hands.iter().flatten().any(|&c| c > 0)
        {
            return false;
        }
        let royal = |p: usize| game.pieces[p].royal;
        let on_board = |p: usize| self.counts[p * 2] as usize + self.counts[p * 2 + 1] as usize;
        let material: usize = (0..game.pieces.len())
            .filter(|&p| !royal(p))
            .map(on_board)
            .sum();
        game.end.insufficient_material.iter().any(|set| {
            set.len() == material
                && set.iter().all(|p| {
                    !royal(p.index())
                        && set.iter().filter(|&q| q == p).count() == on_board(p.index())
                })
        })
    }
}

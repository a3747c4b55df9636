//! How the game ends: checkmate, stalemate, repetition (with the perpetual-check rule), the move-count draw,
//! bare king, extinction, flag squares, check counting, the counting rules and insufficient material, each as the compiled
//! [`crate::rules::EndRules`] say.
//!
//! A position that a rule decides by what stands on the board ([`Position::decided`]: bare king, extinction, a flag
//! reached, the check limit) has no legal moves, as in Fairy-Stockfish, so perft counts nothing below it. Draws that
//! depend on the game's history (repetition, the move-count rule, a count run out) do not stop move generation: they end a game
//! played with [`Position::play`], and [`Position::outcome`] reports them.
use super::Position;
use crate::rules::{Extinct, Extinction, PieceId, RepetitionLoser, Side, Verdict};
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
    Extinction,
    Flag,
    CheckLimit,
    Counting,
    /// Two passes in a row (`double-pass draws`).
    DoublePass,
    /// A pass with the royal pieces facing (`facing-royals must-break`: janggi's bikjang).
    FacingRoyals,
    /// A draw by rule decided by material (`material-count`).
    MaterialCount,
}

impl Reason {
    /// The reason as JSON and file formats name it (`checkmate`, `perpetual_check`, …).
    pub fn key(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::MoveLimit => "move_limit",
            Reason::BareKing => "bare_king",
            Reason::InsufficientMaterial => "insufficient_material",
            Reason::Extinction => "extinction",
            Reason::Flag => "flag",
            Reason::CheckLimit => "check_limit",
            Reason::Counting => "counting",
            Reason::DoublePass => "double_pass",
            Reason::FacingRoyals => "facing_royals",
            Reason::MaterialCount => "material_count",
        }
    }

    /// The reason as rule-test files write it: the key with hyphens (`perpetual-check`, `move-limit`).
    pub fn word(self) -> String {
        self.key().replace('_', "-")
    }

    /// The reason a rule-test word names, if any (the inverse of [`Reason::word`]).
    pub fn from_word(word: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.word() == word)
    }

    /// Every reason, in the order reports list them.
    pub const ALL: [Reason; 14] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::Repetition,
        Reason::PerpetualCheck,
        Reason::MoveLimit,
        Reason::BareKing,
        Reason::InsufficientMaterial,
        Reason::Extinction,
        Reason::Flag,
        Reason::CheckLimit,
        Reason::Counting,
        Reason::DoublePass,
        Reason::FacingRoyals,
        Reason::MaterialCount,
    ];
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
            Reason::Extinction => "extinction",
            Reason::Flag => "reaching the flag zone",
            Reason::CheckLimit => "check count",
            Reason::Counting => "the counting rule",
            Reason::DoublePass => "two passes in a row",
            Reason::FacingRoyals => "a pass with the royal pieces facing",
            Reason::MaterialCount => "material count",
        };
        match self.winner {
            // A mate that does not count (shatar's mate without a shak; `checkmate draw`).
            None if self.reason == Reason::Checkmate => {
                write!(f, "1/2-1/2 (draw: a checkmate that does not count)")
            }
            Some(Side::White) => write!(f, "1-0 (White wins by {why})"),
            Some(Side::Black) => write!(f, "0-1 (Black wins by {why})"),
            None => write!(f, "1/2-1/2 (draw by {why})"),
        }
    }
}

/// The winner when `side` gets `verdict`.
fn winner(side: Side, verdict: Verdict) -> Option<Side> {
    match verdict {
        Verdict::Win => Some(side),
        Verdict::Draw => None,
        Verdict::Loss => Some(side.opponent()),
    }
}

/// The side that gave check with every one of its moves in a cycle of positions, if one did. Each item is
/// `(mover, the move gave check, the turn passed)`; moves in the middle of a bonus turn do not count. The search
/// judges the cycles on its own line with this too.
pub fn perpetual_checker<I>(cycle: I) -> Option<Side>
where
    I: Iterator<Item = (Side, bool, bool)> + Clone,
{
    Side::BOTH.into_iter().find(|&side| {
        let mut moves = cycle
            .clone()
            .filter(|&(mover, _, passed)| mover == side && passed)
            .peekable();
        moves.peek().is_some() && moves.all(|(_, check, _)| check)
    })
}

impl Position<'_> {
    /// The result if the game is over in this position, judged for the side to move; a draw is scored as a win
    /// where the game says so (`draws-win`).
    pub fn outcome(&mut self) -> Option<Outcome> {
        let outcome = self.unscored_outcome()?;
        let outcome = self.counted(outcome);
        Some(match (outcome.winner, self.engine.game.end.draws_win) {
            (None, Some(side)) => Outcome {
                winner: Some(side),
                ..outcome
            },
            _ => outcome,
        })
    }

    /// A draw by the move limit, repetition or passing, decided by material where the game says so
    /// (`material-count`, as janggi scores them); equal totals stay a draw.
    fn counted(&self, outcome: Outcome) -> Outcome {
        let Some(count) = &self.engine.game.end.material_count else {
            return outcome;
        };
        let by_rule = matches!(
            outcome.reason,
            Reason::Repetition | Reason::MoveLimit | Reason::DoublePass | Reason::FacingRoyals
        );
        if outcome.winner.is_some() || !by_rule {
            return outcome;
        }
        let totals = Side::BOTH.map(|side| {
            let pieces: u64 = self.lists[side.index()]
                .iter()
                .map(|sq| u64::from(count.tenths[self.board[sq.index()].piece().index()]))
                .sum();
            pieces + u64::from(count.bonus_tenths[side.index()])
        });
        Outcome {
            winner: match totals[0].cmp(&totals[1]) {
                std::cmp::Ordering::Greater => Some(Side::White),
                std::cmp::Ordering::Less => Some(Side::Black),
                std::cmp::Ordering::Equal => None,
            },
            reason: Reason::MaterialCount,
        }
    }

    fn unscored_outcome(&mut self) -> Option<Outcome> {
        if self.rules.bonus_pending {
            // Mid-turn: nothing is judged until the turn passes.
            return None;
        }
        if let Some(outcome) = self.decided() {
            return Some(outcome);
        }
        let us = self.side;
        let end = &self.engine.game.end;
        if !self.has_legal_move() {
            if self.in_check() {
                return Some(Outcome {
                    winner: self.checkmate_winner(),
                    reason: Reason::Checkmate,
                });
            }
            let winner = if end.stalemate_by_piece_count {
                // Fewer pieces on the board win; equal counts draw.
                let (ours, theirs) = (
                    self.lists[us.index()].len(),
                    self.lists[us.opponent().index()].len(),
                );
                match ours.cmp(&theirs) {
                    std::cmp::Ordering::Less => Some(us),
                    std::cmp::Ordering::Greater => Some(us.opponent()),
                    std::cmp::Ordering::Equal => None,
                }
            } else {
                winner(us, end.stalemate)
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
        if self.count_exhausted() {
            return Some(Outcome {
                winner: None,
                reason: Reason::Counting,
            });
        }
        if end.only_promotions_draw && self.only_promotions_left() {
            // Sittuyin's stalemate (3.9 c.7): promoting is optional, so a side that could only promote is
            // stalemated.
            return Some(Outcome {
                winner: None,
                reason: Reason::Stalemate,
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

    /// Is the game decided by what stands on the board? Then there are no legal moves. Free for games without
    /// such rules (one flag, computed when the engine is built).
    #[inline]
    pub(crate) fn is_decided(&mut self) -> bool {
        self.engine.flags.decides_positions && self.decided().is_some()
    }

    /// The result a rule gives this position whatever the moves: bare king, extinction, a flag reached, the check
    /// limit. The side that has just moved is judged first, as Fairy-Stockfish does. Nothing is judged in the
    /// middle of a bonus turn.
    pub fn decided(&mut self) -> Option<Outcome> {
        let end = &self.engine.game.end;
        if !self.engine.flags.decides_positions || self.rules.bonus_pending {
            return None;
        }
        let us = self.side;
        let both = [us.opponent(), us];
        if let Some(bare) = end.bare_king_loses {
            let order = if bare.reprieve {
                both
            } else {
                [us, us.opponent()]
            };
            for side in order {
                if self.is_bare(side, bare.hand_must_be_empty) && self.bares(side, bare.reprieve) {
                    return Some(Outcome {
                        winner: Some(side.opponent()),
                        reason: Reason::BareKing,
                    });
                }
            }
        }
        for rule in &end.extinction {
            if let Some(&side) = both.iter().find(|&&side| self.is_extinct(side, rule)) {
                return Some(Outcome {
                    winner: winner(side, rule.verdict),
                    reason: Reason::Extinction,
                });
            }
        }
        if let Some(outcome) = self.flag_outcome() {
            return Some(outcome);
        }
        if self.rules.passes > 0 {
            if let Some(reason) = self.pass_ending() {
                return Some(Outcome {
                    winner: None,
                    reason,
                });
            }
        }
        let limit = end.check_limit?;
        both.iter()
            .find(|side| self.rules.checks[side.index()] >= limit)
            .map(|&side| Outcome {
                winner: Some(side),
                reason: Reason::CheckLimit,
            })
    }

    /// The winner of a checkmate of the side to move: its opponent (or as `checkmate` says), but under shatar's
    /// rules a mate by knights alone (`checkmate-by-only`) is won by the mated side, and a mate counts only if the
    /// unbroken series of checks that led to it held a shak (`checkmate-needs-check-by`), a draw otherwise. The
    /// series is read from the game's history (positions played with [`Position::play`]); a position reached
    /// otherwise (a search's line) is judged by its own check alone, as a position set up from a FEN is.
    fn checkmate_winner(&self) -> Option<Side> {
        let end = &self.engine.game.end;
        let us = self.side;
        if !end.checkmate_by_only_loses.is_empty() {
            let types = self.checking_types(us);
            if !types.is_empty()
                && types
                    .iter()
                    .all(|t| end.checkmate_by_only_loses.contains(t))
            {
                return Some(us);
            }
        }
        if !end.checkmate_needs_check_by.is_empty() {
            let played = self.history.last().is_some_and(|e| e.hash == self.hash);
            let earlier = if played {
                &self.history[..self.history.len() - 1]
            } else {
                &[]
            };
            // This position, then the positions two plies apart before it while the same side stood in check.
            let series_has_shak = self.is_shak()
                || earlier
                    .iter()
                    .rev()
                    .skip(1)
                    .step_by(2)
                    .take_while(|e| e.check)
                    .any(|e| e.shak);
            if !series_has_shak {
                return None;
            }
        }
        winner(us, end.checkmate)
    }

    /// Does the pass just made end the game: a second one in a row (`double-pass draws`), or one with the royal
    /// pieces facing (`facing-royals must-break`)? Fairy-Stockfish judges both only after a move made since the
    /// position was set up, as a count of passes kept from move to move does.
    #[cold]
    fn pass_ending(&self) -> Option<Reason> {
        let end = &self.engine.game.end;
        if end.double_pass_draws && self.rules.passes >= 2 {
            Some(Reason::DoublePass)
        } else if self.must_break_facing() {
            Some(Reason::FacingRoyals)
        } else {
            None
        }
    }

    /// Does the bare `side` lose now? Always, but with the reprieve: then the opponent must not be bare too, and a
    /// bared side to move (which might bare the other side in turn) loses only against two or more pieces.
    fn bares(&self, side: Side, reprieve: bool) -> bool {
        if !reprieve {
            return true;
        }
        let game = &self.engine.game;
        let other = side.opponent();
        let men = self.lists[other.index()]
            .iter()
            .filter(|sq| !game.pieces[self.board[sq.index()].piece().index()].royal)
            .count()
            + self.hands[other.index()]
                .iter()
                .map(|&c| c as usize)
                .sum::<usize>();
        men >= if side == self.side { 2 } else { 1 }
    }

    /// How many pieces of type `p` `side` has, on the board and in hand; a remembered promoted piece `X~` counts
    /// as an `X` (it is never in hand).
    fn held(&self, side: Side, p: PieceId) -> usize {
        let shadow = self.engine.game.pieces[p.index()]
            .shadow
            .map_or(0, |s| self.counts[s.index() * 2 + side.index()] as usize);
        self.counts[p.index() * 2 + side.index()] as usize
            + shadow
            + self.hands[side.index()][p.index()] as usize
    }

    /// Has `side` at most the rule's number of pieces (board and hand), in all or of one listed type?
    fn is_extinct(&self, side: Side, rule: &Extinction) -> bool {
        let at_most = rule.at_most as usize;
        let hand = &self.hands[side.index()];
        match &rule.pieces {
            Extinct::AnyPiece => {
                self.lists[side.index()].len() + hand.iter().map(|&c| c as usize).sum::<usize>()
                    <= at_most
            }
            Extinct::Types(types) => types.iter().any(|&p| self.held(side, p) <= at_most),
            Extinct::Together(types) => {
                types.iter().map(|&p| self.held(side, p)).sum::<usize>() <= at_most
            }
        }
    }

    /// A flag reached: that side wins. With `black-may-equalise`, White reaching first leaves Black one reply: if
    /// Black's flag piece can reach its zone at once, the game goes on, and if it does, the game is drawn.
    fn flag_outcome(&mut self) -> Option<Outcome> {
        let us = self.side;
        let reached = [
            self.reached_flag(Side::White),
            self.reached_flag(Side::Black),
        ];
        let end = &self.engine.game.end;
        let flag = |winner| {
            Some(Outcome {
                winner,
                reason: Reason::Flag,
            })
        };
        if end.flags.iter().any(|f| f.if_safe || f.after_reply) {
            // The side to move's flag piece has stood through the reply (or, if safe, could not be taken): it
            // wins, or draws when a safe flag piece of the other side stands too. Otherwise the side that has
            // just moved wins with a safe piece (an `after-reply` flag never counts for it).
            if reached[us.index()] {
                let safe_draw = reached[us.opponent().index()]
                    && end.flags.iter().any(|f| f.if_safe && !f.after_reply);
                return flag(if safe_draw { None } else { Some(us) });
            }
            return reached[us.opponent().index()].then_some(Outcome {
                winner: Some(us.opponent()),
                reason: Reason::Flag,
            });
        }
        if !self.engine.game.end.black_may_equalise {
            let side = [us.opponent(), us]
                .into_iter()
                .find(|s| reached[s.index()])?;
            return flag(Some(side));
        }
        if reached[us.index()] {
            // The opponent has had its reply.
            let both = reached[0] && reached[1];
            return flag(if us == Side::White && both {
                None
            } else {
                Some(us)
            });
        }
        let them = us.opponent();
        if !reached[them.index()] {
            return None;
        }
        if us == Side::Black && !self.in_check() && self.can_reach_flag() {
            return None;
        }
        flag(Some(them))
    }

    /// Has the side to move a legal move that puts a flag piece in its flag zone? (Only asked in a game with
    /// `black-may-equalise`, after White has reached the flag.)
    fn can_reach_flag(&mut self) -> bool {
        let game = &self.engine.game;
        let us = self.side;
        let mut moves = super::MoveList::with_capacity(64);
        self.pseudo_moves(&mut moves);
        moves.into_iter().any(|mv| {
            let lands = mv.promotion.unwrap_or(mv.piece);
            game.end
                .flags
                .iter()
                .any(|f| f.pieces.contains(&lands) && game.zone(f.zone).contains(us, mv.to))
                && self.is_legal_pseudo(mv)
        })
    }

    /// Does a flag piece of `side` stand in its flag zone (and, under `if-safe`, unattacked; under
    /// `after-reply`, with `side` to move)?
    fn reached_flag(&self, side: Side) -> bool {
        let game = &self.engine.game;
        game.end.flags.iter().any(|flag| {
            let zone = game.zone(flag.zone);
            (!flag.after_reply || side == self.side)
                && self.lists[side.index()].iter().any(|&sq| {
                    zone.contains(side, sq)
                        && flag.pieces.contains(&self.board[sq.index()].piece())
                        && (!flag.if_safe || !self.is_attacked(sq, side.opponent()))
                })
        })
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
            let cycle = self.history[first + 1..]
                .iter()
                .map(|e| (e.mover, e.check, e.turn_passed));
            if let Some(side) = perpetual_checker(cycle) {
                return Some(Outcome {
                    winner: Some(side.opponent()),
                    reason: Reason::PerpetualCheck,
                });
            }
        }
        let winner = match rule.loser {
            None => None,
            // The side to move did not complete the repetition: its opponent did.
            Some(RepetitionLoser::Mover) => Some(self.side),
            Some(RepetitionLoser::Side(loser)) => Some(loser.opponent()),
        };
        Some(Outcome {
            winner,
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
        let count = |p: usize| self.counts[p * 2] as usize + self.counts[p * 2 + 1] as usize;
        // A remembered promoted piece `X~` is an `X` here.
        let on_board = |p: usize| count(p) + game.pieces[p].shadow.map_or(0, |s| count(s.index()));
        let material: usize = (0..game.pieces.len())
            .filter(|&p| !royal(p))
            .map(count)
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

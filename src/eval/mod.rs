//! Evaluation built from the compiled rules, with no game code: material from the piece values that
//! [`values::estimate`] derives from each piece's moves, pieces in hand, square terms from each piece's mobility
//! on its square, its distance to promotion and, for a flag piece, to its zone (`goals.rs`), the checks given toward
//! a check limit (`goals.rs`), a royal-safety term, the drive against a lone royal piece (`lone_royal.rs`) and a
//! tempo bonus. Everything is computed once per game ([`Evaluator::new`]); [`Evaluator::evaluate`] allocates
//! nothing.
mod distance;
mod goals;
mod king_steps;
mod lone_royal;
pub mod values;

use king_steps::KingSteps;

use crate::engine::{Engine, Position};
use crate::rules::{Game, PieceId, Side, Square, Verdict};

/// Share of a piece's value that its square's mobility may add or remove (centralisation).
const SQUARE_SHARE: f64 = 0.2;
/// Share of the promotion gain counted one move away from promoting (divided by the distance squared).
const PROMOTION_SHARE: f64 = 0.2;
/// A royal piece's penalty per rank it has left its own back rank.
const ROYAL_ADVANCE: i32 = 8;
/// Per friendly piece next to the royal piece, and per enemy piece next to it.
const SHELTER: i32 = 10;
const ATTACKER: i32 = 14;
const TEMPO: i32 = 10;
/// The largest score an evaluation gives, either way: below the search's mate scores (30,000 less a ply each), which
/// a material sum may pass in the great shogi games (Tai Shogi's Emperors and 177 pieces a side reached 92,451, and
/// the search's windows broke). A lead beyond it is scored as it.
pub const EVAL_LIMIT: i32 = 20_000;
const _: () = assert!(EVAL_LIMIT < crate::search::MATE - 2 * crate::search::MAX_PLY as i32);

pub struct Evaluator {
    squares: usize,
    pieces: usize,
    /// Material on the board, per piece type (royal pieces count 0: both sides always have theirs).
    board: Vec<i32>,
    hand: Vec<i32>,
    /// Index `(side * pieces + piece) * squares + square`.
    square_terms: Vec<i32>,
    king_steps: KingSteps,
    /// The estimates `board` and `hand` come from (for `tatsu values`).
    pub estimates: Vec<values::Estimate>,
    pub density: f64,
    lowest: i32,
    /// Per piece type: does an extinction rule count it toward a side's loss (Chu Shogi's King and Crown Prince)?
    /// Taking one may end the game, whatever the piece's material value says.
    decisive: Vec<bool>,
    /// Any `decisive` type at all: games without one pay nothing for the check.
    any_decisive: bool,
    /// Per piece type: is it a side's king without being `royal`, the piece whose loss alone loses the game
    /// ([`guarded_types`])? It is evaluated as a royal piece is: kept home and sheltered.
    guarded: Vec<bool>,
    any_guarded: bool,
    /// Mate decides the game (checkmate loses), so a lone royal piece is to be driven to the edge.
    mates: bool,
    /// Per number of checks a side has given, its bonus (`check-limit` games; empty in others).
    check_terms: Vec<i32>,
    /// Per piece type named by a flag rule: the most its square terms add for nearing its zone (for `tatsu values`).
    pub flag_bonus: Vec<Option<i32>>,
}

impl Evaluator {
    pub fn new(engine: &Engine) -> Evaluator {
        let game = &engine.game;
        let squares = engine.squares();
        let pieces = game.pieces.len();
        let mobility = values::estimate(engine);
        let board: Vec<i32> = mobility
            .estimates
            .iter()
            .map(|e| if e.royal { 0 } else { e.value })
            .collect();
        let hand = mobility.estimates.iter().map(|e| e.hand).collect();
        let guarded = guarded_types(engine);
        let mut square_terms = vec![0; 2 * pieces * squares];
        let mut flag_bonus = vec![None; pieces];
        for side in Side::BOTH {
            for (p, e) in mobility.estimates.iter().enumerate() {
                let slot = (side.index() * pieces + p) * squares;
                let distance = promotion_distance(game, PieceId(p as u16), side);
                let gain = promotion_gain(game, &mobility.estimates, p);
                let flag = goals::flag_terms(game, PieceId(p as u16), side);
                if let Some(most) = flag.as_ref().and_then(|terms| terms.iter().max()) {
                    flag_bonus[p] = Some(flag_bonus[p].unwrap_or(0).max(*most));
                }
                for sq in game.geometry.all() {
                    let term = if e.royal || guarded[p] {
                        -ROYAL_ADVANCE * advance(game, side, sq)
                    } else {
                        let local = mobility.local[slot + sq.index()];
                        let share = if e.mobility > 0.0 {
                            (local / e.mobility - 1.0).clamp(-1.0, 1.0)
                        } else {
                            0.0
                        };
                        let centre = e.value as f64 * SQUARE_SHARE * share;
                        let promote = match distance[sq.index()] {
                            0 | u16::MAX => 0.0,
                            d => gain * PROMOTION_SHARE / (d as f64 * d as f64),
                        };
                        (centre + promote).round() as i32
                    };
                    let goal = flag.as_ref().map_or(0, |terms| terms[sq.index()]);
                    square_terms[slot + sq.index()] = term + goal;
                }
            }
        }
        let lowest = mobility
            .estimates
            .iter()
            .filter(|e| !e.royal)
            .map(|e| e.value)
            .min()
            .unwrap_or(0);
        let mut decisive = vec![false; pieces];
        for rule in &game.end.extinction {
            if rule.verdict != Verdict::Loss {
                continue;
            }
            if let crate::rules::Extinct::Types(list) | crate::rules::Extinct::Together(list) =
                &rule.pieces
            {
                for p in list {
                    decisive[p.index()] = true;
                }
            }
        }
        Evaluator {
            mates: game.end.checkmate == Verdict::Loss,
            check_terms: goals::check_terms(game),
            flag_bonus,
            any_decisive: decisive.contains(&true),
            any_guarded: guarded.contains(&true),
            guarded,
            decisive,
            lowest,
            squares,
            pieces,
            board,
            hand,
            square_terms,
            king_steps: KingSteps::new(game.geometry),
            estimates: mobility.estimates,
            density: mobility.density,
        }
    }

    /// The material value of a piece type on the board (0 for a royal piece).
    #[inline]
    pub fn value(&self, piece: PieceId) -> i32 {
        self.board[piece.index()]
    }

    /// Whether taking a piece of this type may end the game (an extinction rule counts it toward a loss).
    #[inline]
    pub fn decisive(&self, piece: PieceId) -> bool {
        self.decisive[piece.index()]
    }

    /// Whether the game has a type whose capture may end it ([`Evaluator::decisive`]).
    #[inline]
    pub fn any_decisive(&self) -> bool {
        self.any_decisive
    }

    /// The value of the least valuable non-royal piece type.
    pub fn lowest_value(&self) -> i32 {
        self.lowest
    }

    /// The score of the position for the side to move, in centipawns, within ±[`EVAL_LIMIT`].
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut score = [0i32; 2];
        for side in Side::BOTH {
            let s = side.index();
            for &sq in pos.pieces_of(side) {
                if let Some((piece, _)) = pos.piece_at(sq) {
                    let p = piece.index();
                    score[s] += self.board[p]
                        + self.square_terms[(s * self.pieces + p) * self.squares + sq.index()];
                    if self.any_guarded && self.guarded[p] {
                        score[s] += self.safety_at(pos, sq, side);
                    }
                }
            }
            for (p, &count) in pos.hand(side).iter().enumerate() {
                score[s] += self.hand[p] * count as i32;
            }
            score[s] += self.royal_safety(pos, side);
            if !self.check_terms.is_empty() {
                let given = pos.rules.checks[s] as usize;
                score[s] += self.check_terms[given.min(self.check_terms.len() - 1)];
            }
        }
        if self.mates {
            let lone = lone_royal::lone_royal(pos, &self.king_steps);
            score[0] += lone[0];
            score[1] += lone[1];
        }
        let us = pos.side_to_move();
        (score[us.index()] - score[us.opponent().index()] + TEMPO).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Friendly pieces next to the royal piece shelter it; enemy pieces next to it threaten it.
    fn royal_safety(&self, pos: &Position, side: Side) -> i32 {
        match pos.royal_square(side) {
            Some(royal) => self.safety_at(pos, royal, side),
            None => 0,
        }
    }

    /// The shelter and threat around `side`'s piece on `at` (a royal or guarded piece).
    fn safety_at(&self, pos: &Position, at: Square, side: Side) -> i32 {
        self.king_steps
            .around(at)
            .iter()
            .map(|&sq| match pos.piece_at(sq) {
                Some((_, owner)) if owner == side => SHELTER,
                Some(_) => -ATTACKER,
                None => 0,
            })
            .sum()
    }
}

/// The types that are a side's king without being `royal`: those an extinction rule that loses names alone, or
/// together with others counted as one (Chu Shogi's King and Crown Prince, `extinction of K +E together loss`),
/// where neither side starts with more than one of them, so that losing that one piece ends the game.
/// Extinction chess, whose rule names every type on its own, guards none: each type is one piece among an army.
fn guarded_types(engine: &Engine) -> Vec<bool> {
    let game = &engine.game;
    let start = Position::start(engine);
    let mut guarded = vec![false; game.pieces.len()];
    for rule in &game.end.extinction {
        let list = match &rule.pieces {
            crate::rules::Extinct::Types(list) if list.len() == 1 => list,
            crate::rules::Extinct::Together(list) => list,
            _ => continue,
        };
        let at_most_one = Side::BOTH.into_iter().all(|side| {
            let on_board = start
                .pieces_of(side)
                .iter()
                .filter(|&&sq| start.piece_at(sq).is_some_and(|(p, _)| list.contains(&p)))
                .count();
            let in_hand: usize = list
                .iter()
                .map(|p| start.hand(side)[p.index()] as usize)
                .sum();
            on_board + in_hand <= 1
        });
        if rule.verdict != Verdict::Loss || rule.at_most != 0 || !at_most_one {
            continue;
        }
        for p in list {
            guarded[p.index()] = !game.pieces[p.index()].royal;
        }
    }
    guarded
}

/// Ranks from the side's own back rank.
fn advance(game: &Game, side: Side, sq: Square) -> i32 {
    let rank = game.geometry.rank(sq);
    match side {
        Side::White => rank,
        Side::Black => game.geometry.ranks as i32 - 1 - rank,
    }
}

/// What promoting adds: the best choice's value over the piece's own (0 if it cannot promote).
fn promotion_gain(game: &Game, estimates: &[values::Estimate], p: usize) -> f64 {
    let best = game
        .promotion_choices(PieceId(p as u16))
        .iter()
        .map(|c| estimates[c.index()].value)
        .max()
        .unwrap_or(0);
    (best - estimates[p].value).max(0) as f64
}

/// Per square, the fewest moves (on an empty board) after which the piece has made a promoting move; 0 where it
/// cannot promote, `u16::MAX` where it never gets there.
fn promotion_distance(game: &Game, piece: PieceId, side: Side) -> Vec<u16> {
    let promotions = &game.pieces[piece.index()].promotions;
    if promotions.iter().all(|l| l.side.is_some_and(|s| s != side)) {
        return vec![0; game.geometry.squares()];
    }
    distance::moves_until(game, piece, side, |from, to| {
        promotions
            .iter()
            .any(|l| l.fires(game, side, from, to, true))
    })
}

//! Positions from and to FEN, through [`Setup`]: reading and writing the text is `crate::setup`'s; building a
//! position from a checked setup, and the one check that needs the executor, are here.
use super::position::EnPassant;
use super::rules::counting::Count;
use super::{Engine, Position};
use crate::diag::Span;
use crate::rules::{PieceId, Side, Square};
use crate::setup::{self, Derived, FenError, FenProblem, Held, Placed, Problem, Setup};

impl<'e> Position<'e> {
    /// The game's start position, which the compiler read and validated against the rules. Whether the side not
    /// to move is in check there is not tested: `from_fen(engine, &engine.game.start_fen)` makes that test too.
    pub fn start(engine: &'e Engine) -> Position<'e> {
        let game = &engine.game;
        let setup =
            Setup::from_fen(&game.start_fen, game).expect("the compiler read the start position");
        let derived =
            setup::validate(&setup, game).expect("the compiler validated the start position");
        Position::build(engine, &setup, derived)
    }

    /// A position holding only the given pieces, with `side` to move, no castling rights and empty hands.
    /// Not validated: meant for diagrams and tests (a lone piece on an empty board).
    pub fn from_pieces(
        engine: &'e Engine,
        side: Side,
        pieces: &[(Square, PieceId, Side)],
    ) -> Position<'e> {
        let mut pos = Position::empty(engine);
        for &(sq, piece, owner) in pieces {
            if pos.board[sq.index()].is_empty() {
                pos.put(sq, piece, owner);
            }
        }
        pos.set_side(side);
        pos.reset_history();
        pos
    }

    /// Reads a FEN of this engine's game.
    pub fn from_fen(engine: &'e Engine, fen: &str) -> Result<Position<'e>, FenError> {
        Position::from_setup(engine, &Setup::from_fen(fen, &engine.game)?)
    }

    /// The position a setup describes, if it is valid in this game (see [`setup::validate`]) and the side not to
    /// move is not in check (unless the side to move is in the middle of a bonus turn).
    pub fn from_setup(engine: &'e Engine, setup: &Setup) -> Result<Position<'e>, FenError> {
        let derived =
            setup::validate(setup, &engine.game).map_err(|problems| FenError { problems })?;
        let mut pos = Position::build(engine, setup, derived);
        let opponent_in_check = pos.side_in_check(pos.side.opponent());
        // After an explosion took the side to move's royal piece, the game is over and the winner may stand in
        // check (it blew the enemy king up instead of answering).
        let blown_up =
            engine.game.explosions.is_some() && pos.royals_on_board()[pos.side.index()] == 0;
        // With the royal pieces facing (`facing-royals must-break`, janggi's bikjang) a side may pass in check, and
        // that pass ends the game. It is the only move that leaves its own side in check, so a FEN with the royals
        // facing and the side not to move in check is the finished game after it (found by fuzz/moves: the last
        // position of such a game did not read back).
        let passed_facing = opponent_in_check && pos.must_break_facing();
        if passed_facing {
            pos.rules.passes = 1;
        }
        if opponent_in_check && !pos.rules.bonus_pending && !blown_up && !passed_facing {
            let span = setup.side_span.unwrap_or(Span::new(0, 0));
            return Err(FenError {
                problems: vec![FenProblem {
                    span,
                    problem: Problem::OpponentInCheck,
                }],
            });
        }
        Ok(pos)
    }

    /// Builds the position of a validated setup.
    fn build(engine: &'e Engine, setup: &Setup, derived: Derived) -> Position<'e> {
        let mut pos = Position::empty(engine);
        for p in &setup.board {
            pos.put(p.square, p.piece, p.side);
        }
        for &(sq, _) in &setup.holes {
            if !engine.game.holes.contains(sq) {
                pos.put_wall(sq);
                pos.rules.duck = Some(sq);
            }
        }
        for held in &setup.hands {
            let count = pos.hands[held.side.index()][held.piece.index()];
            // validate() bounds the pieces of a position by MAX_PIECES, a u16.
            pos.set_hand(held.side, held.piece, count + held.count as u16);
        }
        pos.set_side(setup.side);
        pos.set_castling(derived.castling);
        pos.set_ep(derived.ep.map(|(target, victim)| EnPassant {
            targets: [target; 3],
            count: 1,
            victim,
        }));
        pos.set_struck(derived.struck);
        pos.halfmove = setup.halfmove;
        pos.fullmove = setup.fullmove.max(1);
        pos.set_bonus(setup.bonus.is_some());
        if let (Some(limit), Some((left, _))) = (engine.game.end.check_limit, setup.checks_left) {
            for side in Side::BOTH {
                // validate() bounds each count by the limit.
                pos.set_checks(side, limit - left[side.index()] as u8);
            }
        }
        if let Some((limit, _)) = setup.counting_limit.filter(|&(limit, _)| limit > 0) {
            // Fairy-Stockfish's reading: with a count running, the halfmove field holds the count's plies.
            // validate() bounds the limit by the game's longest count.
            pos.rules.count = Count {
                limit: limit as u16,
                ply: setup.halfmove.min(u32::from(u16::MAX)) as u16,
            };
            pos.halfmove = 0;
        }
        pos.reset_history();
        pos
    }

    /// What a FEN of this position says (with empty spans).
    pub fn to_setup(&self) -> Setup {
        let game = self.game();
        let none = Span::default();
        let board = game
            .geometry
            .all()
            .filter_map(|square| {
                let (piece, side) = self.piece_at(square)?;
                Some(Placed {
                    square,
                    piece,
                    side,
                    span: none,
                })
            })
            .collect();
        let hands = Side::BOTH
            .iter()
            .flat_map(|&side| {
                self.hands[side.index()]
                    .iter()
                    .enumerate()
                    .filter(|(_, &count)| count > 0)
                    .map(move |(p, &count)| Held {
                        side,
                        piece: PieceId(p as u16),
                        count: u32::from(count),
                        span: none,
                    })
            })
            .collect();
        // The customary order: White's rights before Black's, the one toward the higher files (`K`) first.
        let g = game.geometry;
        let mut held: Vec<_> = game
            .castling_rights
            .iter()
            .enumerate()
            .filter(|(i, _)| self.castling >> i & 1 != 0)
            .map(|(_, r)| r)
            .collect();
        held.sort_by_key(|r| (r.side, -g.file(r.rook_from)));
        let mut letters: Vec<(Side, usize, i32, char)> =
            held.iter().map(|r| (r.side, 0, 0, r.letter)).collect();
        // First-move rights after each side's castling letters, in file order, as Fairy-Stockfish writes gates.
        let first = game.castling_rights.len();
        letters.extend(
            game.first_move_rights
                .iter()
                .enumerate()
                .filter(|(i, _)| self.castling >> (first + i) & 1 != 0)
                .map(|(_, r)| (r.side, 1, g.file(r.square), r.letter)),
        );
        // Gating rights likewise, but those a castling letter implies (its castling piece's and partner's
        // squares), as Fairy-Stockfish leaves them out.
        if let Some(gating) = &game.gating {
            let implied = |side: Side, sq: Square| {
                held.iter()
                    .any(|r| r.side == side && (r.king_from == Some(sq) || r.rook_from == sq))
            };
            letters.extend(
                gating
                    .rights
                    .iter()
                    .enumerate()
                    .filter(|&(i, r)| {
                        self.castling & game.gate_bit(i) != 0 && !implied(r.side, r.square)
                    })
                    .map(|(_, r)| (r.side, 1, g.file(r.square), r.letter)),
            );
        }
        letters.sort_by_key(|&(side, group, file, _)| (side, group, file));
        Setup {
            board,
            holes: game
                .geometry
                .all()
                .filter(|&sq| game.holes.contains(sq) || self.board[sq.index()].is_wall())
                .map(|sq| (sq, none))
                .collect(),
            board_span: none,
            hands,
            hands_span: None,
            side: self.side,
            side_span: None,
            castling: letters.iter().map(|&(.., letter)| (letter, none)).collect(),
            // The passed square next to the piece that passed (the only one for a double step): validate() finds
            // the piece beside it.
            ep: self
                .ep
                .filter(|ep| ep.count > 0)
                .map(|ep| (ep.targets[ep.count as usize - 1], none))
                .or(self.rules.struck.map(|sq| (sq, none))),
            // Named only where the reader would not find it from the target alone: where it is not straight ahead
            // of the target (Berolina's diagonal double step); the reader looks straight ahead first.
            ep_victim: self.ep.filter(|ep| ep.count > 0).and_then(|ep| {
                let g = game.geometry;
                let target = ep.targets[ep.count as usize - 1];
                let forward = if self.side == Side::White { -1 } else { 1 };
                let ahead = g.square(g.file(target), g.rank(target) + forward);
                (ahead != Some(ep.victim)).then_some(ep.victim)
            }),
            counting_limit: (self.rules.count.limit != 0)
                .then_some((u32::from(self.rules.count.limit), none)),
            halfmove: if self.rules.count.limit != 0 {
                u32::from(self.rules.count.ply)
            } else {
                self.halfmove
            },
            fullmove: self.fullmove,
            checks_left: game.end.check_limit.map(|limit| {
                let left =
                    |side: Side| u32::from(limit.saturating_sub(self.rules.checks[side.index()]));
                ([left(Side::White), left(Side::Black)], none)
            }),
            bonus: self.rules.bonus_pending.then_some(none),
        }
    }

    pub fn to_fen(&self) -> String {
        self.to_setup().write(self.game())
    }
}

//! A setup checked against the rules of a game, without an executor: what the compiler can say about a start
//! position and what `Position::from_setup` relies on.
use super::castling;
use super::error::{FenProblem, Problem};
use super::{Setup, MAX_PIECES};
use crate::diag::Span;
use crate::rules::{Game, PieceId, Royalty, Side, Square};

/// What the checks work out for the position to be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Derived {
    /// Bit `i`: the right [`Game::castling_rights`]`[i]` is held.
    pub castling: u32,
    /// The e.p. target square and the piece that has just passed over it.
    pub ep: Option<(Square, Square)>,
    /// `no-counter-strike`: where the last move took a piece of the set with an outsider (the e.p. field's
    /// square in such a game).
    pub struck: Option<Square>,
}

/// Checks a setup against `game`: pieces on distinct squares, at most [`MAX_PIECES`] pieces, holdings only in a
/// game with drops and only of droppable pieces, one royal piece per side at most (unless the game says what
/// several mean), no piece where it could never
/// move, castling rights with their pieces in place, an e.p. square some piece has just passed over, `bonus` only
/// in a game with bonus turns. Every problem found, at the text it is about.
pub fn validate(setup: &Setup, game: &Game) -> Result<Derived, Vec<FenProblem>> {
    let mut problems = Vec::new();
    let mut problem = |span, problem| problems.push(FenProblem { span, problem });
    let (board, royals) = place_pieces(setup, game, &mut problem);
    check_hands(setup, game, royals, &mut problem);
    check_holes(setup, game, &mut problem);
    let mut castling = castling::read_rights(&setup.castling, &board, game, &mut problem);
    if game.gates_lapse() {
        for side in Side::BOTH {
            if !setup.hands.iter().any(|h| h.side == side && h.count > 0) {
                castling &= !game.gate_rights(side);
            }
        }
    }
    let (struck, ep) = last_move(setup, game, &board, &mut problem);
    check_counters(setup, game, &mut problem);
    if problems.is_empty() {
        Ok(Derived {
            castling,
            ep,
            struck,
        })
    } else {
        problems.sort_by_key(|p| p.span.start);
        Err(problems)
    }
}

/// The setup's board, one piece per square, and per side how many royal pieces it has when the game allows one:
/// a second piece on a square, a second royal piece, a piece where it could never move are problems.
fn place_pieces(
    setup: &Setup,
    game: &Game,
    problem: &mut impl FnMut(Span, Problem),
) -> (Vec<Option<(PieceId, Side)>>, [u32; 2]) {
    let g = game.geometry;
    let mut board: Vec<Option<(PieceId, Side)>> = vec![None; g.squares()];
    let mut royals = [0u32; 2];
    for p in &setup.board {
        let cell = &mut board[p.square.index()];
        if cell.is_some() {
            problem(p.span, Problem::SquareTwice);
            continue;
        }
        *cell = Some((p.piece, p.side));
        let piece = game.piece(p.piece);
        if piece.royal && game.legality.royalty == Royalty::One {
            royals[p.side.index()] += 1;
            if royals[p.side.index()] == 2 {
                problem(p.span, Problem::SecondRoyal(p.side));
            }
        }
        // A piece on a hole is reported once, as on a hole (below).
        if piece.dead[p.side.index()].contains(p.square) && !game.holes.contains(p.square) {
            problem(
                p.span,
                Problem::DeadSquare {
                    side: p.side,
                    piece: piece.name.clone(),
                    square: g.name(p.square),
                },
            );
        }
    }
    (board, royals)
}

/// The hands: at most [`MAX_PIECES`] pieces in all, still one royal piece per side, only droppable pieces, and
/// only in a game with drops.
fn check_hands(
    setup: &Setup,
    game: &Game,
    mut royals: [u32; 2],
    problem: &mut impl FnMut(Span, Problem),
) {
    let mut total = setup.board.len() as u64;
    for held in &setup.hands {
        total += u64::from(held.count);
        if total > u64::from(MAX_PIECES) {
            problem(held.span, Problem::TooManyPieces { found: total });
        }
        // A royal piece may be held (`drop allowed`): it is still one per side.
        if game.piece(held.piece).royal && game.legality.royalty == Royalty::One {
            royals[held.side.index()] += held.count;
            if royals[held.side.index()] >= 2 {
                problem(held.span, Problem::SecondRoyal(held.side));
            }
        }
        if game.drops && game.piece(held.piece).drop.is_none() {
            problem(
                held.span,
                Problem::CannotBeHeld(game.piece(held.piece).symbol.clone()),
            );
        }
    }
    if let (false, Some(span), false) = (game.drops, setup.hands_span, setup.hands.is_empty()) {
        problem(span, Problem::NoHands);
    }
}

/// The `*` squares: every hole of the game, and off them walls only in a game with walls (one in a duck game).
fn check_holes(setup: &Setup, game: &Game, problem: &mut impl FnMut(Span, Problem)) {
    let g = game.geometry;
    // In a game with walls, a `*` off the game's holes is a wall; a duck game has at most one.
    let duck = game
        .walls
        .as_ref()
        .is_some_and(|w| w.placement == Some(crate::rules::WallPlacement::Duck));
    let mut walls = 0;
    for &(sq, span) in &setup.holes {
        if game.holes.contains(sq) {
            continue;
        }
        walls += 1;
        if game.walls.is_none() {
            problem(span, Problem::NotAHole(g.name(sq)));
        } else if duck && walls > 1 {
            problem(span, Problem::SecondDuck(g.name(sq)));
        }
    }
    for hole in game.holes.iter() {
        match setup.board.iter().find(|p| p.square == hole) {
            Some(p) => problem(p.span, Problem::MissingHole(g.name(hole))),
            None if !setup.holes.iter().any(|&(sq, _)| sq == hole) => {
                problem(setup.board_span, Problem::MissingHole(g.name(hole)))
            }
            None => {}
        }
    }
}

/// What the e.p. field says about the last move: where it struck (`no-counter-strike`), or the e.p. target and
/// the piece that has just passed over it.
fn last_move(
    setup: &Setup,
    game: &Game,
    board: &[Option<(PieceId, Side)>],
    problem: &mut impl FnMut(Span, Problem),
) -> (Option<Square>, Option<(Square, Square)>) {
    let g = game.geometry;
    // In a game with `no-counter-strike`, the e.p. field names where the last move took a piece of the set: the
    // taker stands there now (an outsider of the side that moved), or a locust capture left it empty.
    let struck = game.counter_strike.as_ref().and_then(|rule| {
        let (sq, span) = setup.ep?;
        let mover = setup.side.opponent();
        match board[sq.index()] {
            None => {}
            Some((piece, side)) if side == mover && !rule.has(piece) => {}
            Some(_) => problem(span, Problem::NoStrike(g.name(sq))),
        }
        Some(sq)
    });
    let ep = setup
        .ep
        .filter(|_| struck.is_none())
        .and_then(|(first, span)| {
            let mover = setup.side.opponent();
            let found = match setup.ep_victim {
                None => ep_victim(board, game, mover, first).map(|v| (first, v)),
                Some(second) => named_ep(board, game, mover, first, second),
            };
            if found.is_none() {
                problem(span, Problem::NoEpVictim(g.name(first)));
            }
            found
        });
    (struck, ep)
}

/// The fields the game must have a rule for: `bonus`, the checks left, the counting limit.
fn check_counters(setup: &Setup, game: &Game, problem: &mut impl FnMut(Span, Problem)) {
    if let (Some(span), None) = (setup.bonus, &game.bonus_turn) {
        problem(span, Problem::NoBonusTurns);
    }
    if let Some((left, span)) = setup.checks_left {
        match game.end.check_limit {
            None => problem(span, Problem::NoCheckLimit),
            Some(limit) if left.iter().any(|&n| n > u32::from(limit)) => {
                problem(span, Problem::ChecksOverLimit(limit))
            }
            Some(_) => {}
        }
    }
    if let Some((plies, span)) = setup.counting_limit {
        match &game.end.counting {
            None => problem(span, Problem::NoCounting),
            Some(rule) if plies > 2 * u32::from(rule.longest()) => {
                problem(span, Problem::CountOverLimit(2 * u32::from(rule.longest())))
            }
            Some(_) => {}
        }
    }
}

/// The (target, piece) of a two-square e.p. field (`e3f4`): the empty square is the target, the other holds a piece
/// of `mover` next to it.
fn named_ep(
    board: &[Option<(PieceId, Side)>],
    game: &Game,
    mover: Side,
    a: Square,
    b: Square,
) -> Option<(Square, Square)> {
    let g = game.geometry;
    let (target, victim) = match (board[a.index()], board[b.index()]) {
        (None, Some(_)) => (a, b),
        (Some(_), None) => (b, a),
        _ => return None,
    };
    let next_to = (g.file(target) - g.file(victim)).abs() <= 1
        && (g.rank(target) - g.rank(victim)).abs() <= 1;
    let ours = board[victim.index()].is_some_and(|(_, s)| s == mover);
    (next_to && ours).then_some((target, victim))
}

/// The piece that has just passed over an (empty) e.p. target: a piece of `mover` next to it, with the square on
/// the other side (where it came from) empty. Straight ahead in the mover's forward direction first (a pawn's double
/// step), then sideways, diagonally and backwards (a variant's sideways or diagonal multi-step).
fn ep_victim(
    board: &[Option<(PieceId, Side)>],
    game: &Game,
    mover: Side,
    target: Square,
) -> Option<Square> {
    let g = game.geometry;
    let forward = if mover == Side::White { 1 } else { -1 };
    let (file, rank) = (g.file(target), g.rank(target));
    let directions = [
        (0, forward),
        (-1, forward),
        (1, forward),
        (-1, 0),
        (1, 0),
        (0, -forward),
        (-1, -forward),
        (1, -forward),
    ];
    let empty = |sq: Square| board[sq.index()].is_none();
    if !empty(target) {
        return None;
    }
    directions.iter().find_map(|&(dx, dy)| {
        let victim = g.square(file + dx, rank + dy)?;
        let origin = g.square(file - dx, rank - dy)?;
        let ours = board[victim.index()].is_some_and(|(_, s)| s == mover);
        (ours && empty(origin)).then_some(victim)
    })
}

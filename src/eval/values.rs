//! Piece values estimated from the compiled move graph alone, the way H. G. Muller's programs and Fairy-Stockfish
//! value pieces they were never told about: a piece is worth what it can reach.
//!
//! For every square of the board, the piece's rays are walked on an empty board in which every other square is
//! occupied with probability `density` (derived from the start position). A destination `k` squares down a slide
//! is reachable with probability `(1 - density)^k`, so long slides count for less than short leaps, as they do
//! in play; a hop needs a hurdle, a lame leap an empty path. Each reachable destination is weighted by what it
//! allows (move and capture 1, capture only 0.6, move only 0.4) and by its direction (forward moves are worth more
//! than backward ones). The average over all squares is the piece's *mobility* `m`; its value is `K * m^E`, with
//! `K` and `E` fixed once so that on the chess board the knight comes out near 3 pawns and the queen near 9.5
//! (Muller's observation that value grows faster than mobility). A piece that promotes adds a small share of what
//! promoting would gain (a pawn is worth more than its few moves). Nothing names a game.
use crate::engine::Engine;
use crate::rules::{Game, PieceId, Ray, RayFlags, RayKind, Side, Square, StepRule};

/// Destination weights by what the move may do there.
const BOTH: f64 = 1.0;
const CAPTURE_ONLY: f64 = 0.6;
const MOVE_ONLY: f64 = 0.4;
/// Direction weights: a step toward the enemy, sideways, back home.
const FORWARD: f64 = 1.15;
const SIDEWAYS: f64 = 1.0;
const BACKWARD: f64 = 0.85;
/// Value in centipawns of mobility `m`: `SCALE * m^EXPONENT`.
const SCALE: f64 = 41.0;
const EXPONENT: f64 = 1.2;
/// The share of the promotion gain a piece that may promote is worth beforehand.
const POTENTIAL: f64 = 0.04;
/// The fraction of the start position's occupation assumed in a typical middle game.
const DENSITY_SHARE: f64 = 0.6;

/// What the estimate found for one piece type.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    pub piece: PieceId,
    /// Centipawns on the board.
    pub value: i32,
    /// Centipawns in hand (games with drops), else equal to `value`.
    pub hand: i32,
    /// The average number of destinations over all squares of an empty board.
    pub reach: f64,
    /// The average weighted mobility `m` (blocking, modality and direction taken into account).
    pub mobility: f64,
    /// The share of its empty-board destinations that lie forward.
    pub forward: f64,
    pub royal: bool,
}

/// The weighted mobility of every (side, piece, square), and the per-piece estimates built from it.
pub struct Mobility {
    /// Index `(side * pieces + piece) * squares + square`.
    pub local: Vec<f64>,
    pub estimates: Vec<Estimate>,
    pub density: f64,
}

/// Hand pieces are worth more than the same piece on the board: they can go anywhere.
pub const HAND_BONUS: f64 = 1.15;

/// The occupation probability assumed for the estimate, from the start position.
pub fn density(engine: &Engine) -> f64 {
    let pos = crate::engine::Position::start(engine);
    let occupied = pos.pieces_of(Side::White).len() + pos.pieces_of(Side::Black).len();
    (DENSITY_SHARE * occupied as f64 / engine.squares() as f64).clamp(0.05, 0.5)
}

/// Estimates every piece type of the game.
pub fn estimate(engine: &Engine) -> Mobility {
    let game = &engine.game;
    let squares = engine.squares();
    let pieces = game.pieces.len();
    let density = density(engine);
    let mut local = vec![0.0; 2 * pieces * squares];
    let mut estimates = Vec::with_capacity(pieces);
    let mut seen = vec![0.0f64; squares];
    for p in 0..pieces {
        let piece = PieceId(p as u16);
        let (mut reach, mut total, mut forward) = (0.0, 0.0, 0.0);
        for side in Side::BOTH {
            for from in game.geometry.all() {
                let m = square_mobility(game, piece, side, from, density, &mut seen);
                local[(side.index() * pieces + p) * squares + from.index()] = m.weighted;
                if side == Side::White {
                    reach += m.destinations;
                    total += m.weighted;
                    forward += m.forward;
                }
            }
        }
        let mobility = total / squares as f64;
        let value = value_of(mobility);
        let drops = game.drops && game.pieces[p].drop.is_some();
        estimates.push(Estimate {
            piece,
            value,
            hand: if drops {
                (value as f64 * HAND_BONUS).round() as i32
            } else {
                value
            },
            reach: reach / squares as f64,
            mobility,
            forward: if reach > 0.0 { forward / reach } else { 0.0 },
            royal: game.pieces[p].royal,
        });
    }
    add_promotion_potential(game, &mut estimates);
    Mobility {
        local,
        estimates,
        density,
    }
}

/// Adds [`POTENTIAL`] of the best promotion's gain to each piece that may promote (and to its hand value).
fn add_promotion_potential(game: &Game, estimates: &mut [Estimate]) {
    let base: Vec<i32> = estimates.iter().map(|e| e.value).collect();
    for (p, e) in estimates.iter_mut().enumerate() {
        if game.pieces[p].promotions.is_empty() {
            continue;
        }
        let choices = game.promotion_choices(PieceId(p as u16));
        let best = choices.iter().map(|c| base[c.index()]).max();
        let gain = (best.unwrap_or(0) - base[p]).max(0) as f64;
        let extra = (gain * POTENTIAL).round() as i32;
        e.value += extra;
        e.hand = if e.hand == base[p] {
            e.value
        } else {
            (e.value as f64 * HAND_BONUS).round() as i32
        };
    }
}

/// Centipawns for an average weighted mobility.
pub fn value_of(mobility: f64) -> i32 {
    (SCALE * mobility.max(0.0).powf(EXPONENT)).round() as i32
}

struct SquareMobility {
    destinations: f64,
    weighted: f64,
    forward: f64,
}

/// One piece's mobility from one square. `best` is scratch, one slot per square, left zeroed: a destination that
/// several rays reach (the legs of a multi-leg move) counts once, at its likeliest.
fn square_mobility(
    game: &Game,
    piece: PieceId,
    side: Side,
    from: Square,
    density: f64,
    best: &mut [f64],
) -> SquareMobility {
    let squares = game.geometry.squares();
    let slice = game.pieces[piece.index()].rays(side, squares, from);
    let mut touched: Vec<Square> = Vec::new();
    for ray in &game.rays[slice.range()] {
        let modality = modality(ray.flags);
        if modality == 0.0 {
            continue;
        }
        for (sq, p) in reachable(game, ray, density) {
            let w = p * modality * direction(game, side, from, sq);
            if best[sq.index()] == 0.0 {
                touched.push(sq);
            }
            best[sq.index()] = best[sq.index()].max(w);
        }
    }
    let mut m = SquareMobility {
        destinations: touched.len() as f64,
        weighted: 0.0,
        forward: 0.0,
    };
    for sq in touched {
        m.weighted += best[sq.index()];
        if direction(game, side, from, sq) > SIDEWAYS {
            m.forward += 1.0;
        }
        best[sq.index()] = 0.0;
    }
    m
}

fn modality(flags: RayFlags) -> f64 {
    match (flags.has(RayFlags::MOVE), flags.has(RayFlags::CAPTURE)) {
        (true, true) => BOTH,
        (false, true) => CAPTURE_ONLY,
        (true, false) => MOVE_ONLY,
        (false, false) => 0.0,
    }
}

/// Forward is toward the far side for the player: up the board for White, down for Black.
fn direction(game: &Game, side: Side, from: Square, to: Square) -> f64 {
    let g = game.geometry;
    let up = g.rank(to) - g.rank(from);
    let up = if side == Side::White { up } else { -up };
    match up.signum() {
        1 => FORWARD,
        0 => SIDEWAYS,
        _ => BACKWARD,
    }
}

/// The destinations of one ray, each with the probability that it is reachable on a board of this density.
fn reachable(game: &Game, ray: &Ray, density: f64) -> Vec<(Square, f64)> {
    let squares = game.ray_squares(ray);
    let empty = 1.0 - density;
    match ray.kind {
        RayKind::Slide => squares
            .iter()
            .enumerate()
            .map(|(k, &sq)| (sq, empty.powi(k as i32)))
            .collect(),
        RayKind::Lame => squares
            .last()
            .map(|&sq| vec![(sq, empty.powi(squares.len() as i32 - 1))])
            .unwrap_or_default(),
        // Exactly one hurdle among the squares before, the rest empty.
        RayKind::Hop => squares
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, &sq)| (sq, k as f64 * density * empty.powi(k as i32 - 1)))
            .collect(),
        RayKind::Grasshop => squares
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, &sq)| (sq, density * empty.powi(k as i32 - 1)))
            .collect(),
        RayKind::Chain => chain_reachable(game.ray_rules(ray), squares, density),
    }
}

/// A chain's destinations: each condition met along the way multiplies the probability (an empty square needed:
/// `1 - density`; a piece needed: `density`; either will do: 1).
fn chain_reachable(rules: &[StepRule], squares: &[Square], density: f64) -> Vec<(Square, f64)> {
    let mut p = 1.0;
    let mut out = Vec::new();
    for (&rule, &sq) in rules.iter().zip(squares) {
        let piece_allowed = rule.reads_occupant();
        if rule.contains(StepRule::DEST) {
            out.push((sq, p));
            p *= 1.0 - density;
        } else if !rule.contains(StepRule::EMPTY) {
            p *= density;
        } else if !piece_allowed {
            p *= 1.0 - density;
        }
    }
    out
}

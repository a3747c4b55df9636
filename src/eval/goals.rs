//! The goals besides mate in the evaluation. The flag rules: a piece that wins by reaching a zone (King of the
//! Hill's and Racing Kings' kings, Dobutsu Shogi's lion, Jeson Mor's knights) is worth more the fewer moves it needs
//! to get there, which its material value, measured by its moves alone, cannot say. The check limit (three-check):
//! each check given brings the win nearer, the last ones most.
use super::distance::moves_until;
use crate::rules::{Game, PieceId, Side};

/// Per move of progress toward the zone, counted from the square furthest from it: a race is won a move at a time.
pub(super) const FLAG_STEP: i32 = 25;
/// Besides, `FLAG_NEAR / d` at `d` moves from the zone (`2 · FLAG_NEAR` on it, where a rule asks the piece to stay
/// or to be safe there): the last moves are the ones the other side must answer.
pub(super) const FLAG_NEAR: i32 = 100;

/// Per square, the bonus of `piece` of `side` standing there for the flag rules that name it (the best one where
/// several do), or `None` if no flag rule names it.
pub(super) fn flag_terms(game: &Game, piece: PieceId, side: Side) -> Option<Vec<i32>> {
    let mut best: Option<Vec<i32>> = None;
    for rule in game.end.flags.iter().filter(|f| f.pieces.contains(&piece)) {
        let zone = game.zone(rule.zone);
        let mut distance = moves_until(game, piece, side, |_, to| zone.contains(side, to));
        for sq in game.geometry.all() {
            if zone.contains(side, sq) {
                distance[sq.index()] = 0;
            }
        }
        let Some(far) = distance.iter().copied().filter(|&d| d != u16::MAX).max() else {
            continue;
        };
        let terms = best.get_or_insert_with(|| vec![0; distance.len()]);
        for (term, &d) in terms.iter_mut().zip(&distance) {
            if d != u16::MAX {
                *term = (*term).max(flag_bonus(d, far));
            }
        }
    }
    best
}

/// The bonus at `d` moves from the zone, where the furthest reachable square is `far` moves away.
fn flag_bonus(d: u16, far: u16) -> i32 {
    let near = match d {
        0 => 2 * FLAG_NEAR,
        d => FLAG_NEAR / d as i32,
    };
    FLAG_STEP * (far - d) as i32 + near
}

/// A side that has given `k` of the `limit` checks that win gains `CHECK_GAIN · k / (limit − k)`.
const CHECK_GAIN: i32 = 200;

/// Per number of checks given (0 to `limit − 1`), the bonus of the side that gave them; empty without the rule.
pub(super) fn check_terms(game: &Game) -> Vec<i32> {
    let Some(limit) = game.end.check_limit else {
        return Vec::new();
    };
    (0..limit).map(|k| check_bonus(k, limit)).collect()
}

/// The bonus for `given` of the `limit` checks that win (`given < limit`).
fn check_bonus(given: u8, limit: u8) -> i32 {
    CHECK_GAIN * given as i32 / (limit - given) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_piece_gains_with_every_move_toward_its_zone() {
        let bonuses: Vec<i32> = (0..=6).map(|d| flag_bonus(d, 6)).collect();
        assert_eq!(bonuses, [350, 225, 150, 108, 75, 45, 16]);
        assert!(bonuses.windows(2).all(|w| w[0] > w[1]));
    }

    #[test]
    fn each_check_given_toward_the_limit_counts_more_than_the_one_before() {
        // Five-check, by hand from the documented 200·k/(5−k): 0, 200/4, 400/3, 600/2, 800/1.
        let gains: Vec<i32> = (0..5).map(|k| check_bonus(k, 5)).collect();
        assert_eq!(gains, [0, 50, 133, 300, 800]);
    }
}

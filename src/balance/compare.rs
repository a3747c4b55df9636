//! Two versions of a game played on the same openings and seeds: the difference in the first player's score
//! (two-proportion z-test) and in game length (difference of means).
use super::math::{round, two_means, two_proportions, Difference};
use super::record::GameRecord;
use super::report::{first_player_score, Report};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub schema: &'static str,
    pub base: Report,
    pub other: Report,
    /// `other` minus `base`: the first player's score (draws as half) over finished games.
    pub score: Rounded,
    /// `other` minus `base`: the mean length in plies over all games.
    pub length: Rounded,
}

/// A [`Difference`], rounded for the report.
#[derive(Clone, Debug, Serialize)]
pub struct Rounded {
    pub diff: f64,
    pub low: f64,
    pub high: f64,
    pub z: f64,
    pub p: f64,
}

impl From<Difference> for Rounded {
    fn from(d: Difference) -> Rounded {
        Rounded {
            diff: round(d.diff, 4),
            low: round(d.low, 4),
            high: round(d.high, 4),
            z: round(d.z, 3),
            p: round(d.p, 4),
        }
    }
}

/// Compares two reports made from `base_games` and `other_games`.
pub fn compare(
    base: Report,
    base_games: &[GameRecord],
    other: Report,
    other_games: &[GameRecord],
) -> Comparison {
    let lengths =
        |games: &[GameRecord]| -> Vec<u32> { games.iter().map(|g| g.moves.len() as u32).collect() };
    let finished = |games: &[GameRecord], first: &str| {
        games
            .iter()
            .filter(|g| first_player_score(g, first).is_some())
            .count() as f64
    };
    let score = two_proportions(
        base.score.score,
        finished(base_games, base.first_player),
        other.score.score,
        finished(other_games, other.first_player),
    );
    let length = two_means(&lengths(base_games), &lengths(other_games));
    Comparison {
        schema: "tatsu.balance-compare/1",
        base,
        other,
        score: score.into(),
        length: length.into(),
    }
}

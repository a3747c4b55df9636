//! Balance statistics from real play: games between two copies of tatsu's engine from varied openings, and what
//! they say about a game (first-player advantage, how games end, how long they last, what each piece and each
//! zone does, piece values fitted from the results). docs/balance.md explains every statistic.
//!
//! A run is a list of games numbered from 0; each game is a pure function of the run's settings ([`RunKey`]) and
//! its number ([`play::Player::play`]), so a run can be split into shards played anywhere and merged back
//! ([`merge::merge`], which checks each record by replaying it) into exactly the report ([`report::build`]) a
//! single run gives.
pub mod compare;
pub mod depth;
pub mod fit;
pub mod html;
pub mod math;
pub mod merge;
pub mod play;
pub mod record;
pub mod report;
pub mod tally;
pub mod text;

/// A run's settings when none are given, the same for `tatsu balance` and `tatsu serve`'s Balance tab: 20 games,
/// at most 300 plies each, after 2 random opening plies, from seed 1; the node budget a move is measured per game
/// ([`depth::default_nodes`]: the smallest of 1,000, 4,000, 16,000… that searches 5 plies from the start).
pub mod defaults {
    pub const GAMES: u32 = 20;
    /// The first node budget a run without one tries (see [`super::depth::default_nodes`]).
    pub const NODES: u64 = 1_000;
    pub const MAX_PLIES: u32 = 300;
    pub const OPENING_PLIES: u32 = 2;
    pub const SEED: u64 = 1;
}

pub use play::Player;
pub use record::{GameRecord, RunKey};
pub use report::Report;

/// A slice of a run: shard `index` (from 1) of `count` plays the games whose number is `index - 1` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Reads `I/N` (1 ≤ I ≤ N).
    pub fn parse(text: &str) -> Option<Shard> {
        let (i, n) = text.split_once('/')?;
        let (index, count) = (i.trim().parse().ok()?, n.trim().parse().ok()?);
        (1..=count)
            .contains(&index)
            .then_some(Shard { index, count })
    }

    /// The games of the run this shard plays.
    pub fn games(self, total: u64) -> impl Iterator<Item = u64> {
        (self.index - 1..total).step_by(self.count as usize)
    }
}

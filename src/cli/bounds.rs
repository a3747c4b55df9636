//! The ranges of the game-playing commands' numbers (`selfplay`, `balance`, `match`, `search`), checked where
//! clap reads them so that a value outside is a usage error (exit 2) naming the range, never a silent clamp, a
//! wrap or an allocation that cannot be made. docs/limits.md lists them.

/// Games of one `selfplay`, `balance` or `match` run: `balance` and `match` keep every game's record for the
/// report, and a million games is years of play at any useful strength.
pub const MAX_GAMES: u32 = 1_000_000;
/// Random plies opening each game of `balance` and `match`.
pub const MAX_OPENING_PLIES: u32 = 1_000;
/// Plies of one `selfplay` or `balance` game before it is stopped as unfinished: the position keeps its history
/// for the repetition rules.
pub const MAX_GAME_PLIES: u32 = 100_000;
/// Games played at once by `match`, each with its own pair of engine processes.
pub const MAX_CONCURRENCY: u32 = 64;

/// A clap parser for a `u32` option in `min..=max`.
pub fn within(min: u32, max: u32) -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(i64::from(min)..=i64::from(max))
}

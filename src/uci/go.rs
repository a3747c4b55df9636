//! The arguments of `go` and the search limits they give. UCI names the clocks by colour (`wtime` is White's);
//! USI's `btime` is Sente's, the side that moves first, which tatsu calls White. USI adds `byoyomi`: time given
//! afresh every move once the main time is spent.
use super::Dialect;
use crate::rules::Side;
use crate::search::{Clock, Limits, MAX_PLY};
use std::time::Duration;

/// What a `go` asked for.
#[derive(Clone, Debug, Default)]
pub struct Go {
    pub limits: Limits,
    /// `infinite` or `ponder`: the search ends only at `stop`, and `bestmove` waits for it.
    pub until_stop: bool,
    /// USI's `go mate`: a checkmate search, which tatsu does not do.
    pub mate: bool,
    /// Words not understood, told to the GUI; the rest of the command is still obeyed.
    pub ignored: Vec<String>,
}

/// Reads `go`'s arguments for the side to move. A number out of range is clamped (a negative clock, which
/// cutechess sends once a side has overstepped, is zero); a word without its number is ignored and named.
pub fn parse(dialect: Dialect, args: &str, side: Side) -> Go {
    let mut go = Go::default();
    let (mut time, mut increment) = ([None, None], [Duration::ZERO, Duration::ZERO]);
    let (mut moves_to_go, mut byoyomi) = (None, Duration::ZERO);
    // USI's `btime` is the first player's clock (tatsu's White); UCI's is Black's.
    let first = |word: &str| match (dialect, word) {
        (Dialect::Uci, "wtime" | "winc") | (Dialect::Usi, "btime" | "binc") => 0,
        _ => 1,
    };
    let mut words = args.split_whitespace();
    while let Some(word) = words.next() {
        let mut number = || -> Option<u64> {
            let text = words.next()?;
            // A negative or fractional clock is read as what it says, rounded toward zero, and never below zero.
            text.parse::<i64>()
                .map(|n| n.max(0) as u64)
                .ok()
                .or_else(|| text.parse::<f64>().ok().map(|f| f.max(0.0) as u64))
        };
        match word {
            "infinite" | "ponder" => go.until_stop = true,
            "mate" if dialect == Dialect::Usi => {
                // `go mate TIME`: the time (or `infinite`) is moot, tatsu answers at once.
                go.mate = true;
                words.next();
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "movetime" | "depth" | "nodes"
            | "byoyomi" => {
                let Some(n) = number() else {
                    go.ignored.push(format!("{word} without a number"));
                    continue;
                };
                let ms = Duration::from_millis(n);
                match word {
                    "wtime" | "btime" => time[first(word)] = Some(ms),
                    "winc" | "binc" => increment[first(word)] = ms,
                    "movestogo" => moves_to_go = Some(n.clamp(1, u32::MAX as u64) as u32),
                    "movetime" => go.limits.movetime = Some(ms.max(Duration::from_millis(1))),
                    "depth" => go.limits.depth = Some(n.clamp(1, MAX_PLY as u64) as u32),
                    "nodes" => go.limits.nodes = Some(n.max(1)),
                    _ => byoyomi = ms,
                }
            }
            other => go.ignored.push(other.to_string()),
        }
    }
    let us = side.index();
    match time[us] {
        // Main time spent, byoyomi left: the byoyomi is this move's time.
        Some(t) if t.is_zero() && !byoyomi.is_zero() => go.limits.movetime = Some(byoyomi),
        Some(remaining) => {
            go.limits.clock = Some(Clock {
                remaining: remaining + byoyomi,
                increment: increment[us] + byoyomi,
                moves_to_go,
            })
        }
        None if !byoyomi.is_zero() => go.limits.movetime = Some(byoyomi),
        None => {}
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_clocks_are_by_colour_and_usi_btime_is_the_first_players() {
        let go = parse(
            Dialect::Uci,
            "wtime 1000 btime 2000 winc 10 binc 20",
            Side::Black,
        );
        let clock = go.limits.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_millis(2000));
        assert_eq!(clock.increment, Duration::from_millis(20));
        let go = parse(Dialect::Usi, "btime 1000 wtime 2000 byoyomi 0", Side::White);
        assert_eq!(
            go.limits.clock.unwrap().remaining,
            Duration::from_millis(1000)
        );
    }

    #[test]
    fn byoyomi_alone_is_the_moves_time_and_bad_numbers_do_not_stop_the_command() {
        let go = parse(Dialect::Usi, "btime 0 wtime 0 byoyomi 3000", Side::White);
        assert_eq!(go.limits.movetime, Some(Duration::from_secs(3)));
        let go = parse(
            Dialect::Uci,
            "wtime -50 depth x nodes 99999999999999999999 depth 7",
            Side::White,
        );
        assert_eq!(go.limits.clock.unwrap().remaining, Duration::ZERO);
        assert_eq!(go.limits.depth, Some(7));
        assert_eq!(go.limits.nodes, Some(u64::MAX));
        assert_eq!(go.ignored, ["depth without a number"]);
        let go = parse(Dialect::Uci, "infinite searchmoves e2e4", Side::White);
        assert!(go.until_stop);
        assert_eq!(go.ignored, ["searchmoves", "e2e4"]);
    }
}

//! The match's time control: `--tc` as tatsu and cutechess write it, the XBoard `level` command it becomes, the PGN
//! `TimeControl` tag, and how a session's time comes back to a clock.
use std::time::Duration;
use tatsu::xboard::seconds;

/// A time control: `base` for the first `moves` moves of each side (0: for the whole game), then again for each
/// next `moves`, plus `increment` after every move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    pub moves: u32,
    pub base: Duration,
    pub increment: Duration,
}

/// The most moves a session may have (`N/…`).
pub const MAX_SESSION_MOVES: u32 = 1_000;

impl TimeControl {
    /// Reads `BASE+INC` (seconds, e.g. `10+0.1`), with cutechess's forms: a base of `M:SS` (`0:05+0.05`,
    /// `1:30`) and a session `N/BASE[+INC]` (`40/60`: 60 s for each 40 moves). `None` if it is none of these (or
    /// has no time at all).
    pub fn parse(text: &str) -> Option<TimeControl> {
        let (moves, rest) = match text.split_once('/') {
            Some((n, rest)) => (
                n.parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_SESSION_MOVES).contains(n))?,
                rest,
            ),
            None => (0, text),
        };
        let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
        let base = match base.split_once(':') {
            Some((minutes, secs)) => {
                let minutes: u64 = minutes.parse().ok().filter(|m| *m <= 24 * 60)?;
                Duration::from_secs(minutes * 60) + seconds(secs).ok()?
            }
            None => seconds(base).ok()?,
        };
        let increment = seconds(inc).ok()?;
        (base > Duration::ZERO).then_some(TimeControl {
            moves,
            base,
            increment,
        })
    }

    /// The XBoard command that sets it: `level MOVES MIN:SEC INC`.
    pub fn level_command(&self) -> String {
        let secs = self.base.as_secs();
        format!(
            "level {} {}:{:02} {}",
            self.moves,
            secs / 60,
            secs % 60,
            self.increment.as_secs_f64()
        )
    }

    /// The PGN `TimeControl` tag's value (PGN standard: `MOVES/SECONDS`, `SECONDS+INC`).
    pub fn pgn_tag(&self) -> String {
        let session = if self.moves > 0 {
            format!("{}/", self.moves)
        } else {
            String::new()
        };
        let base = self.base.as_secs_f64();
        if self.increment.is_zero() {
            format!("{session}{base}")
        } else {
            format!("{session}{base}+{}", self.increment.as_secs_f64())
        }
    }

    /// Time added to a side's clock after its `nth` move of the game (from 1): the increment, and the base again
    /// when the move ends a session.
    pub fn after_move(&self, nth: usize) -> Duration {
        let session_ends = self.moves > 0 && nth % self.moves as usize == 0;
        self.increment
            + if session_ends {
                self.base
            } else {
                Duration::ZERO
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(moves: u32, base_ms: u64, inc_ms: u64) -> Option<TimeControl> {
        Some(TimeControl {
            moves,
            base: Duration::from_millis(base_ms),
            increment: Duration::from_millis(inc_ms),
        })
    }

    #[test]
    fn tatsu_and_cutechess_forms_read_alike() {
        assert_eq!(TimeControl::parse("10+0.1"), tc(0, 10_000, 100));
        assert_eq!(TimeControl::parse("0:05+0.05"), tc(0, 5_000, 50));
        assert_eq!(TimeControl::parse("1:30"), tc(0, 90_000, 0));
        assert_eq!(TimeControl::parse("40/60"), tc(40, 60_000, 0));
        assert_eq!(TimeControl::parse("40/1:00+1"), tc(40, 60_000, 1_000));
        for bad in [
            "", "0", "0+1", "x", "40/", "0/60", "1:xx", "5:", "/60", "1001/60",
        ] {
            assert_eq!(TimeControl::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_session_gives_its_time_again_after_its_last_move() {
        let t = TimeControl::parse("40/60+1").unwrap();
        assert_eq!(t.after_move(39), Duration::from_secs(1));
        assert_eq!(t.after_move(40), Duration::from_secs(61));
        assert_eq!(t.after_move(80), Duration::from_secs(61));
        assert_eq!(t.level_command(), "level 40 1:00 1");
        assert_eq!(t.pgn_tag(), "40/60+1");
        assert_eq!(TimeControl::parse("10+0.1").unwrap().pgn_tag(), "10+0.1");
    }
}

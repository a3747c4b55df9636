//! The time control XBoard sets (`level`, `st`, `sd`, `time`, `otim`) and the search limits it gives a move.
use crate::engine::Position;
use crate::search::{Clock, Limits};
use std::time::Duration;

#[derive(Clone, Debug, Default)]
pub struct TimeControl {
    /// Moves per session (0: the whole game), base time, increment.
    moves_per_session: u32,
    base: Duration,
    increment: Duration,
    /// `st`: exactly this long per move.
    per_move: Option<Duration>,
    /// `sd`: at most this deep.
    depth: Option<u32>,
    /// The engine's clock, as `time` last said (or as the base time, minus what the engine has spent since).
    remaining: Option<Duration>,
}

impl TimeControl {
    /// Reads one time command; says what is wrong with its arguments.
    pub fn command(&mut self, command: &str, args: &str) -> Result<(), String> {
        let number = |text: &str| -> Result<u64, String> {
            text.parse::<u64>()
                .map_err(|_| format!("`{text}` is not a number"))
        };
        match command {
            "level" => {
                let parts: Vec<&str> = args.split_whitespace().collect();
                let [mps, base, inc] = parts.as_slice() else {
                    return Err("level takes MPS BASE INC".into());
                };
                self.moves_per_session = mps
                    .parse()
                    .map_err(|_| format!("`{mps}` is not a number of moves"))?;
                self.base = minutes_seconds(base).ok_or(format!("`{base}` is not a time"))?;
                self.increment = seconds(inc)?;
                self.per_move = None;
                self.remaining = Some(self.base);
            }
            "st" => self.per_move = Some(seconds(args)?.max(Duration::from_millis(1))),
            "sd" => self.depth = Some(number(args)?.clamp(1, 99) as u32),
            "time" => {
                self.remaining = Some(Duration::from_millis(number(args)?.saturating_mul(10)))
            }
            "otim" => {
                number(args)?;
            }
            _ => {}
        }
        Ok(())
    }

    pub fn new_game(&mut self) {
        self.depth = None;
        self.remaining = (self.base > Duration::ZERO).then_some(self.base);
    }

    /// Counts the time a move took against the clock (until XBoard's next `time` corrects it).
    pub fn spent(&mut self, took: Duration) {
        if let Some(left) = self.remaining {
            self.remaining = Some(left.saturating_sub(took) + self.increment);
        }
    }

    pub fn limits(&self, pos: &Position) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            limits.movetime = Some(t);
        } else if let Some(remaining) = self.remaining {
            let moves_to_go = (self.moves_per_session > 0).then(|| {
                let played = pos.fullmove_number().saturating_sub(1);
                self.moves_per_session - played % self.moves_per_session
            });
            limits.clock = Some(Clock {
                remaining,
                increment: self.increment,
                moves_to_go,
            });
        } else if self.depth.is_none() {
            // No time control given: a few seconds a move.
            limits.movetime = Some(Duration::from_secs(5));
        }
        limits
    }
}

/// The longest `st` and `level` increment read: a day.
pub const MAX_SECONDS: f64 = 86_400.0;

/// Seconds as `st` and `level`'s increment give them (`2`, `0.5`), and `tatsu match --tc`: a number from 0 to
/// [`MAX_SECONDS`]. Not a clamp: `nan` passed every clamp and stopped the session (a panic converting it to a
/// duration), and `-1` or `1e20` are not what a user meant either.
pub fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (0.0..=MAX_SECONDS).contains(s))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("`{text}` is not a number of seconds from 0 to 86400"))
}

/// `5` (minutes) or `0:30` (minutes:seconds).
fn minutes_seconds(text: &str) -> Option<Duration> {
    match text.split_once(':') {
        Some((m, s)) => Some(Duration::from_secs(
            m.parse::<u64>().ok()?.checked_mul(60)? + s.parse::<u64>().ok()?,
        )),
        None => {
            let minutes: f64 = text.parse().ok()?;
            (0.0..1e6)
                .contains(&minutes)
                .then(|| Duration::from_secs_f64(minutes * 60.0))
        }
    }
}

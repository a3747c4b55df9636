//! The page's balance reports: a run of `tatsu balance` as a job whose progress streams game by game and whose
//! end is the report, as `--json` gives it and as `--html` draws it; and the report of records a designer played
//! elsewhere (`balance --out`), checked game by game before they count, as `--merge` checks them.
use super::http::ApiError;
use super::jobs::{Event, Jobs};
use crate::balance::{defaults, depth, html, merge, record, report, Player, RunKey};
use crate::engine::Engine;
use serde::Deserialize;
use serde_json::{json, Value};
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Duration;

/// The longest a balance run from the page plays; then it stops and reports the games it finished.
pub const BALANCE_CAP: Duration = Duration::from_secs(15 * 60);
/// The most games one run from the page plays (the command line plays up to a million, in shards).
pub const MAX_PAGE_GAMES: u64 = 1_000;
/// The node budgets per move a run from the page may ask for.
pub const PAGE_NODES: RangeInclusive<u64> = 100..=1_000_000;
/// The game lengths in plies a run from the page may ask for.
pub const PAGE_MAX_PLIES: RangeInclusive<u32> = 10..=1_000;
/// The random opening plies a run from the page may ask for.
pub const PAGE_OPENING_PLIES: RangeInclusive<u32> = 0..=40;

/// `POST /api/balance`'s request: the game and the run's settings, each defaulting as `tatsu balance` does.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct BalanceRequest {
    pub game: String,
    #[serde(default = "default_games")]
    pub games: u64,
    /// Absent: measured per game, as `tatsu balance` does ([`depth::default_nodes`]).
    #[serde(default)]
    pub nodes: Option<u64>,
    #[serde(default = "default_max_plies")]
    pub max_plies: u32,
    #[serde(default = "default_opening_plies")]
    pub opening_plies: u32,
    #[serde(default = "default_seed")]
    pub seed: u64,
}

fn default_games() -> u64 {
    defaults::GAMES.into()
}
fn default_max_plies() -> u32 {
    defaults::MAX_PLIES
}
fn default_opening_plies() -> u32 {
    defaults::OPENING_PLIES
}
fn default_seed() -> u64 {
    defaults::SEED
}

impl BalanceRequest {
    /// The run the request asks for, or why it cannot be played here.
    fn run(&self, engine: &Engine) -> Result<RunKey, ApiError> {
        within("games", self.games, &(1..=MAX_PAGE_GAMES))?;
        let nodes = match self.nodes {
            Some(nodes) => nodes,
            None => depth::default_nodes(engine),
        };
        within("nodes", nodes, &PAGE_NODES)?;
        within("max_plies", self.max_plies, &PAGE_MAX_PLIES)?;
        within("opening_plies", self.opening_plies, &PAGE_OPENING_PLIES)?;
        Ok(RunKey {
            variant: engine.game.name.clone(),
            seed: self.seed,
            games: self.games.div_ceil(2) * 2,
            max_plies: self.max_plies,
            opening_plies: self.opening_plies,
            nodes,
            depth: None,
        })
    }
}

/// A setting inside its range, or a 400 naming it and the range.
fn within<T: PartialOrd + std::fmt::Display>(
    name: &str,
    value: T,
    range: &RangeInclusive<T>,
) -> Result<(), ApiError> {
    if range.contains(&value) {
        return Ok(());
    }
    Err(ApiError::bad_request(format!(
        "`{name}` {value} is outside {} to {}",
        range.start(),
        range.end()
    )))
}

impl Jobs {
    /// `POST /api/balance`: plays the run game by game (`progress` after each), then sends the report (`done`);
    /// stopped or capped, it reports the games finished so far, or an error when there are none.
    pub fn balance(&self, engine: Arc<Engine>, request: BalanceRequest) -> Result<u64, ApiError> {
        let key = request.run(&engine)?;
        self.start(BALANCE_CAP, move |events, stop| {
            play_run(&engine, &key, events, stop)
        })
    }
}

fn play_run(engine: &Engine, key: &RunKey, events: &Sender<Event>, stop: &AtomicBool) {
    let player = Player::new(engine);
    let mut games = Vec::new();
    for index in 0..key.games {
        let Some(game) = player.play_stoppable(key, index, stop) else {
            break;
        };
        let _ = events.send((
            "progress",
            json!({"done": index + 1, "of": key.games, "winner": game.winner, "end": game.end}),
        ));
        games.push(game);
    }
    let stopped = stop.load(Ordering::Relaxed);
    if games.is_empty() {
        let _ = events.send(("error", json!({"error": "cancelled before a game ended"})));
        return;
    }
    match report_json(engine, key, &games) {
        Ok(mut done) => {
            done["stopped"] = json!(stopped);
            let _ = events.send(("done", done));
        }
        Err(e) => {
            let _ = events.send(("error", json!({"error": e})));
        }
    }
}

/// The report of `games` as the page shows it: `{"report": tatsu.balance/1, "html": the --html page}`.
fn report_json(
    engine: &Engine,
    key: &RunKey,
    games: &[crate::balance::GameRecord],
) -> Result<Value, String> {
    let report = report::build(engine, key, games)?;
    let html = html::render(&report);
    Ok(json!({"report": report, "html": html}))
}

/// `POST /api/balance/records`'s request: game records as `tatsu balance --out` writes them (JSON Lines).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct RecordsRequest {
    pub game: String,
    pub records: String,
}

/// `POST /api/balance/records`: the report of records played elsewhere, each replayed and checked as `balance
/// --merge` checks it (a forged result, a game of another run or of another game is refused with its line).
pub fn records_report(engine: &Engine, request: &RecordsRequest) -> Result<Value, ApiError> {
    let (records, cut) = record::read_from(request.records.as_bytes(), "the records")
        .map_err(ApiError::bad_request)?;
    let merged = merge::merge(engine, records).map_err(ApiError::bad_request)?;
    let key = merged.games[0].run.clone();
    let mut answer = report_json(engine, &key, &merged.games).map_err(ApiError::bad_request)?;
    let notes: Vec<String> = cut.into_iter().chain(merged.notes).collect();
    answer["notes"] = json!(notes);
    Ok(answer)
}

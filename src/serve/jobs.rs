//! Engine work that outlives its request: searches and perft counts run on their own threads and report through
//! a server-sent event stream (`GET /api/jobs/ID/events`). Each job has a time cap and a node cap, is cancelled
//! when its stream closes (the page went away), when nobody opens its stream in time, or by `DELETE`; at most
//! [`MAX_JOBS`] run at once.
use super::http::ApiError;
use super::play::{replay, GameAt};
use crate::engine::notation::to_uci;
use crate::engine::perft::perft;
use crate::engine::{Engine, Position};
use crate::eval::Evaluator;
use crate::search::{self, Limits, Searcher, Table};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Jobs running at once; one more is refused (429).
pub const MAX_JOBS: usize = 4;
/// The longest a search runs, whatever it asks.
pub const SEARCH_CAP: Duration = Duration::from_secs(30);
/// The most nodes a search visits, whatever it asks.
pub const SEARCH_NODE_CAP: u64 = 50_000_000;
/// The longest a perft count runs.
pub const PERFT_CAP: Duration = Duration::from_secs(60);
/// The deepest perft asked for.
pub const MAX_PERFT_DEPTH: u32 = 8;
/// How long a job waits for its event stream to be opened before it is cancelled.
pub const UNWATCHED: Duration = Duration::from_secs(10);
/// A search's transposition table, in MiB.
const TABLE_MIB: usize = 16;

/// One event of a job's stream: its name and data.
pub type Event = (&'static str, Value);

struct Job {
    stop: Arc<AtomicBool>,
    finished: Arc<AtomicBool>,
    /// The events, until a stream takes them.
    events: Option<Receiver<Event>>,
    started: Instant,
    cap: Duration,
}

/// The jobs of one server.
#[derive(Default)]
pub struct Jobs {
    table: Mutex<HashMap<u64, Job>>,
    next: AtomicU64,
}

impl Jobs {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Job>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts `work` on its own thread, under the time cap `cap`; its id.
    pub(super) fn start(
        &self,
        cap: Duration,
        work: impl FnOnce(&Sender<Event>, &AtomicBool) + Send + 'static,
    ) -> Result<u64, ApiError> {
        let mut table = self.lock();
        let running = table
            .values()
            .filter(|j| !j.finished.load(Ordering::Relaxed))
            .count();
        if running >= MAX_JOBS {
            return Err(ApiError::new(
                429,
                format!("{running} jobs are running, the most at once: try again when one ends"),
            ));
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let (sender, receiver) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let finished = Arc::new(AtomicBool::new(false));
        let (thread_stop, thread_finished) = (stop.clone(), finished.clone());
        std::thread::Builder::new()
            .name(format!("job {id}"))
            .spawn(move || {
                work(&sender, &thread_stop);
                thread_finished.store(true, Ordering::Relaxed);
            })
            .map_err(|e| ApiError::new(500, format!("cannot start a thread: {e}")))?;
        table.insert(
            id,
            Job {
                stop,
                finished,
                events: Some(receiver),
                started: Instant::now(),
                cap,
            },
        );
        Ok(id)
    }

    /// The events of job `id` and its stop flag, for its one stream.
    pub fn stream(&self, id: u64) -> Result<(Receiver<Event>, Arc<AtomicBool>), ApiError> {
        let mut table = self.lock();
        let job = table
            .get_mut(&id)
            .ok_or_else(|| ApiError::not_found(format!("no job {id}")))?;
        let events = job.events.take().ok_or_else(|| {
            ApiError::new(409, format!("job {id}'s events are already being read"))
        })?;
        Ok((events, job.stop.clone()))
    }

    /// Cancels job `id`; false if there is no such job running.
    pub fn cancel(&self, id: u64) -> bool {
        let table = self.lock();
        match table.get(&id) {
            Some(job) if !job.finished.load(Ordering::Relaxed) => {
                job.stop.store(true, Ordering::Relaxed);
                true
            }
            _ => false,
        }
    }

    /// Stops jobs past their cap or never watched, and forgets jobs finished and read (or long finished).
    pub fn tick(&self) {
        let mut table = self.lock();
        for job in table.values() {
            let age = job.started.elapsed();
            if age > job.cap || (job.events.is_some() && age > UNWATCHED) {
                job.stop.store(true, Ordering::Relaxed);
            }
        }
        table.retain(|_, job| {
            let finished = job.finished.load(Ordering::Relaxed);
            !(finished && (job.events.is_none() || job.started.elapsed() > job.cap + UNWATCHED))
        });
    }

    /// `POST /api/search`.
    pub fn search(&self, engine: Arc<Engine>, request: SearchRequest) -> Result<u64, ApiError> {
        replay(&engine, &request.at)?;
        let limits = request.limit.limits()?;
        self.start(SEARCH_CAP, move |events, stop| {
            let outcome =
                replay(&engine, &request.at).map(|(pos, _)| run_search(pos, &limits, events, stop));
            if let Err(e) = outcome {
                let _ = events.send(("error", json!({"error": e.message})));
            }
        })
    }

    /// `POST /api/perft`.
    pub fn perft(&self, engine: Arc<Engine>, request: PerftRequest) -> Result<u64, ApiError> {
        if !(1..=MAX_PERFT_DEPTH).contains(&request.depth) {
            return Err(ApiError::bad_request(format!(
                "perft depth {} is outside 1 to {MAX_PERFT_DEPTH}",
                request.depth
            )));
        }
        replay(&engine, &request.at)?;
        self.start(PERFT_CAP, move |events, stop| {
            let counted = replay(&engine, &request.at).map(|(mut pos, _)| {
                run_perft(&mut pos, request.depth, request.divide, events, stop)
            });
            if let Err(e) = counted {
                let _ = events.send(("error", json!({"error": e.message})));
            }
        })
    }
}

/// `POST /api/search`'s request.
#[derive(Deserialize, Debug)]
pub struct SearchRequest {
    #[serde(flatten)]
    pub at: GameAt,
    pub limit: Limit,
}

/// How long a search runs: a preset, nodes or milliseconds.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
pub enum Limit {
    Preset { preset: String },
    Nodes { nodes: u64 },
    Ms { ms: u64 },
}

impl Limit {
    fn limits(&self) -> Result<Limits, ApiError> {
        let (nodes, ms) = match self {
            Limit::Preset { preset } => match preset.as_str() {
                "quick" => (Some(20_000), None),
                "club" => (None, Some(1_000)),
                "strong" => (None, Some(5_000)),
                other => {
                    return Err(ApiError::bad_request(format!(
                        "`{other}` is not a preset (quick, club, strong)"
                    )))
                }
            },
            Limit::Nodes { nodes } => (Some(*nodes), None),
            Limit::Ms { ms } => (None, Some(*ms)),
        };
        if nodes == Some(0) || ms == Some(0) {
            return Err(ApiError::bad_request("a search limit must be at least 1"));
        }
        Ok(Limits {
            depth: None,
            nodes: Some(nodes.unwrap_or(SEARCH_NODE_CAP).min(SEARCH_NODE_CAP)),
            movetime: ms.map(|ms| Duration::from_millis(ms).min(SEARCH_CAP)),
            clock: None,
        })
    }
}

/// A score as the page shows it: centipawns, or a mate in N moves.
fn score_json(score: i32) -> (Value, Value) {
    match search::mate_in(score) {
        Some(n) => (Value::Null, json!(n)),
        None => (json!(score), Value::Null),
    }
}

fn run_search(mut pos: Position, limits: &Limits, events: &Sender<Event>, stop: &AtomicBool) {
    let table = match Table::try_new(TABLE_MIB) {
        Ok(t) => t,
        Err(e) => {
            let _ = events.send((
                "error",
                json!({"error": format!("no memory for the search: {e}")}),
            ));
            return;
        }
    };
    let eval = Evaluator::new(pos.engine());
    let searcher = Searcher {
        eval: &eval,
        tt: &table,
        threads: 1,
    };
    let game = pos.game();
    let outcome = searcher.search(&mut pos, limits, stop, &mut |r| {
        let (score, mate) = score_json(r.score);
        let pv: Vec<String> = r.pv.iter().map(|m| to_uci(game, m)).collect();
        let _ = events.send((
            "iteration",
            json!({"depth": r.depth, "score": score, "mate": mate, "nodes": r.nodes,
                   "ms": r.elapsed.as_millis() as u64, "pv": pv}),
        ));
    });
    let r = &outcome.report;
    let (score, mate) = score_json(r.score);
    let best = outcome.best.map(|m| to_uci(game, &m));
    let _ = events.send((
        "done",
        json!({"best": best, "score": score, "mate": mate, "depth": r.depth, "nodes": r.nodes,
               "ms": r.elapsed.as_millis() as u64, "stopped": stop.load(Ordering::Relaxed)}),
    ));
}

/// `POST /api/perft`'s request.
#[derive(Deserialize, Debug)]
pub struct PerftRequest {
    #[serde(flatten)]
    pub at: GameAt,
    pub depth: u32,
    #[serde(default)]
    pub divide: bool,
}

/// Counts perft root move by root move, with progress (and divide rows); stops between counts when asked.
fn run_perft(
    pos: &mut Position,
    depth: u32,
    divide: bool,
    events: &Sender<Event>,
    stop: &AtomicBool,
) {
    let started = Instant::now();
    let moves = pos.legal_move_list();
    let mut total = 0;
    for (i, &mv) in moves.iter().enumerate() {
        let nodes = if depth <= 1 {
            Some(1)
        } else {
            pos.make(mv);
            let n = count(pos, depth - 1, stop);
            pos.unmake();
            n
        };
        let Some(nodes) = nodes else {
            let _ = events.send(("error", json!({"error": "cancelled"})));
            return;
        };
        total += nodes;
        if divide {
            let _ = events.send(("divide", json!({"move": pos.uci(&mv), "nodes": nodes})));
        }
        let _ = events.send(("progress", json!({"done": i + 1, "of": moves.len()})));
    }
    let ms = started.elapsed().as_millis() as u64;
    let _ = events.send((
        "done",
        json!({"nodes": total, "ms": ms, "moves": moves.len()}),
    ));
}

/// Perft below the root, looking at the stop flag before each move of the plies above the last two; `None`
/// once stopped.
fn count(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= 2 {
        return Some(perft(pos, depth));
    }
    let mut nodes = 0;
    for mv in pos.legal_move_list() {
        pos.make(mv);
        let n = count(pos, depth - 1, stop);
        pos.unmake();
        nodes += n?;
    }
    Some(nodes)
}

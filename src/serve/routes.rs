//! Which handler answers which request, and the handlers that are only a few lines.
use super::balance::{records_report, BalanceRequest, RecordsRequest};
use super::http::{read_json, ApiError, EventStream, Reply};
use super::jobs::{PerftRequest, SearchRequest};
use super::play::{self, GameAt, PgnRequest};
use super::{admit, assets, with_cookie, Shared};
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};
use tiny_http::{Method, Request};

/// How often an event stream with nothing to say checks that its page is still there.
const PING: Duration = Duration::from_secs(1);
/// How often the watch stream says it is alive when no file changes.
const WATCH_PING: Duration = Duration::from_secs(15);

/// Answers one request (event streams stay on this thread until they end).
pub fn handle(shared: &Shared, mut request: Request) {
    let cookie = match admit(shared, &request) {
        Ok(cookie) => cookie,
        Err(e) => return e.reply().send(request),
    };
    let path = request
        .url()
        .split('?')
        .next()
        .unwrap_or_default()
        .to_string();
    let method = request.method().clone();
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    // The streams answer on the socket themselves.
    match (&method, segments.as_slice()) {
        (Method::Get, ["api", "watch"]) => return watch(shared, request),
        (Method::Get, ["api", "jobs", id, "events"]) => {
            return match job_id(id).and_then(|id| Ok((id, shared.jobs.stream(id)?))) {
                Ok((_, (events, stop))) => job_events(request, &events, &stop),
                Err(e) => e.reply().send(request),
            }
        }
        _ => {}
    }
    let reply = match (&method, segments.as_slice()) {
        (Method::Get, [""]) => page("index.html"),
        (Method::Get, ["static", name]) => page(name),
        (Method::Get, ["api", "games"]) => Ok(games(shared)),
        (Method::Get, ["api", "games", id]) => game(shared, id),
        (Method::Post, ["api", "position"]) => position(shared, &mut request),
        (Method::Post, ["api", "pgn"]) => pgn(shared, &mut request),
        (Method::Post, ["api", "piece"]) => {
            read_json(&mut request).and_then(|r| super::piece::piece(shared, &r))
        }
        (Method::Post, ["api", "search"]) => {
            read_json::<SearchRequest>(&mut request).and_then(|r| {
                let engine = play::playable(&shared.library, &r.at.game)?;
                shared
                    .jobs
                    .search(engine, r)
                    .map(|id| Reply::json(&json!({"job": id.to_string()})))
            })
        }
        (Method::Post, ["api", "perft"]) => read_json::<PerftRequest>(&mut request).and_then(|r| {
            let engine = play::playable(&shared.library, &r.at.game)?;
            shared
                .jobs
                .perft(engine, r)
                .map(|id| Reply::json(&json!({"job": id.to_string()})))
        }),
        (Method::Post, ["api", "balance"]) => {
            read_json::<BalanceRequest>(&mut request).and_then(|r| {
                let engine = play::playable(&shared.library, &r.game)?;
                shared
                    .jobs
                    .balance(engine, r)
                    .map(|id| Reply::json(&json!({"job": id.to_string()})))
            })
        }
        (Method::Post, ["api", "balance", "records"]) => read_json::<RecordsRequest>(&mut request)
            .and_then(|r| {
                let engine = play::playable(&shared.library, &r.game)?;
                records_report(&engine, &r).map(|v| Reply::json(&v))
            }),
        (Method::Delete, ["api", "jobs", id]) => {
            job_id(id).and_then(|id| match shared.jobs.cancel(id) {
                true => Ok(Reply::no_content()),
                false => Err(ApiError::not_found(format!("no job {id} is running"))),
            })
        }
        _ => Err(ApiError::not_found(format!(
            "nothing answers {method} {path}"
        ))),
    };
    with_cookie(reply.unwrap_or_else(ApiError::reply), cookie).send(request);
}

fn page(name: &str) -> Result<Reply, ApiError> {
    assets::asset(name)
        .map(|(kind, text)| Reply::bytes(kind, text.as_bytes()))
        .ok_or_else(|| ApiError::not_found(format!("no page file `{name}`")))
}

fn job_id(text: &str) -> Result<u64, ApiError> {
    text.parse()
        .map_err(|_| ApiError::not_found(format!("no job `{text}`")))
}

fn games(shared: &Shared) -> Reply {
    let games: Vec<Value> = shared.library.games.iter().map(|g| g.summary()).collect();
    Reply::json(&json!({"games": games}))
}

/// `GET /api/games/ID`: the game, or the diagnostics of its current text and its last good version.
fn game(shared: &Shared, id: &str) -> Result<Reply, ApiError> {
    let served = shared
        .library
        .find(id)
        .ok_or_else(|| ApiError::not_found(format!("no game `{id}` is served")))?;
    let snapshot = served.snapshot();
    let described = |loaded: &super::library::Loaded| {
        let mut value = loaded.json().clone();
        if let Value::Object(map) = &mut value {
            map.insert("ok".into(), json!(true));
            map.insert("id".into(), json!(id));
            map.insert("version".into(), json!(snapshot.version));
        }
        value
    };
    Ok(Reply::json(&match &snapshot.current {
        Ok(loaded) => described(loaded),
        Err(diagnostics) => json!({
            "ok": false, "id": id, "version": snapshot.version, "diagnostics": **diagnostics,
            "last_good": snapshot.last_good.as_deref().map(described),
        }),
    }))
}

fn position(shared: &Shared, request: &mut Request) -> Result<Reply, ApiError> {
    let at: GameAt = read_json(request)?;
    let engine = play::playable(&shared.library, &at.game)?;
    let (mut pos, last) = play::replay(&engine, &at)?;
    Ok(Reply::json(&play::position_json(
        &mut pos,
        last,
        at.moves.len(),
    )))
}

fn pgn(shared: &Shared, request: &mut Request) -> Result<Reply, ApiError> {
    let r: PgnRequest = read_json(request)?;
    let engine = play::playable(&shared.library, &r.at.game)?;
    let names = [r.white.as_deref(), r.black.as_deref()];
    let text = play::pgn(&engine, &r.at, names)?;
    Ok(Reply::json(&json!({"pgn": text})))
}

/// `GET /api/jobs/ID/events`: the job's events until it ends; the job stops if the page goes away.
fn job_events(
    request: Request,
    events: &std::sync::mpsc::Receiver<super::jobs::Event>,
    stop: &std::sync::atomic::AtomicBool,
) {
    let Ok(mut stream) = EventStream::open(request) else {
        stop.store(true, Ordering::Relaxed);
        return;
    };
    loop {
        let sent = match events.recv_timeout(PING) {
            Ok((name, data)) => {
                let last = name == "done" || name == "error";
                match stream.send(name, &data) {
                    Ok(()) if last => return,
                    sent => sent,
                }
            }
            Err(RecvTimeoutError::Timeout) => stream.ping(),
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if sent.is_err() {
            stop.store(true, Ordering::Relaxed);
            return;
        }
    }
}

/// `GET /api/watch`: each served file's `state` as the stream opens, then a `change` event per change of one,
/// until the page goes away or the server stops.
fn watch(shared: &Shared, request: Request) {
    let changes = shared.library.watch();
    let Ok(mut stream) = EventStream::open(request) else {
        return;
    };
    for state in shared.library.states() {
        if stream.send("state", &state).is_err() {
            return;
        }
    }
    let mut quiet_since = Instant::now();
    while !shared.stopping.load(Ordering::Relaxed) {
        let sent = match changes.recv_timeout(PING) {
            Ok(change) => {
                quiet_since = Instant::now();
                stream.send("change", &change)
            }
            Err(RecvTimeoutError::Timeout) if quiet_since.elapsed() >= WATCH_PING => {
                quiet_since = Instant::now();
                stream.ping()
            }
            Err(RecvTimeoutError::Timeout) => Ok(()),
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if sent.is_err() {
            return;
        }
    }
}

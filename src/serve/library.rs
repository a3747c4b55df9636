//! The games a server serves: bundled games by name and the files named on the command line, each under an id
//! (never a path from a request). A file is compiled when the server starts and again each time it changes on
//! disk ([`Library::poll`]); a version that does not compile keeps the last good one playable, and every change is
//! told to the pages watching (`GET /api/watch`).
use super::diagnostics::diagnostics_json;
use super::game_json;
use crate::dsl::source::{self, ReadError};
use crate::engine::Engine;
use crate::variants;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

/// A game that compiled: its engine and, built on first request, its description for the page.
pub struct Loaded {
    pub engine: Arc<Engine>,
    json: OnceLock<Value>,
}

impl Loaded {
    fn new(engine: Arc<Engine>) -> Arc<Loaded> {
        Arc::new(Loaded {
            engine,
            json: OnceLock::new(),
        })
    }

    /// The game as `GET /api/games/ID` describes it (without id and version).
    pub fn json(&self) -> &Value {
        self.json.get_or_init(|| game_json::game_json(&self.engine))
    }
}

/// Where a served game comes from.
#[derive(Clone, Debug)]
pub enum Origin {
    Bundled(&'static str),
    File(PathBuf),
}

/// One served game and its current state.
pub struct Served {
    pub id: String,
    pub origin: Origin,
    state: Mutex<State>,
}

#[derive(Clone)]
struct State {
    /// Changes seen since the server started, from 1.
    version: u64,
    /// The file's modification time and length when last read (files only).
    stamp: Option<(SystemTime, u64)>,
    /// The current text's game, or its diagnostics.
    current: Result<Arc<Loaded>, Arc<Value>>,
    last_good: Option<Arc<Loaded>>,
}

/// What a request sees of a served game at one moment.
pub struct Snapshot {
    pub version: u64,
    pub current: Result<Arc<Loaded>, Arc<Value>>,
    pub last_good: Option<Arc<Loaded>>,
}

impl Snapshot {
    /// The game to play: the current version, else the last good one.
    pub fn playable(&self) -> Option<&Arc<Loaded>> {
        self.current.as_ref().ok().or(self.last_good.as_ref())
    }
}

impl Served {
    fn new(id: String, origin: Origin) -> Served {
        let (stamp, current) = match &origin {
            Origin::Bundled(_) => (None, Err(Arc::new(Value::Null))),
            Origin::File(path) => (stamp(path), compile_file(path)),
        };
        let last_good = current.as_ref().ok().cloned();
        Served {
            id,
            origin,
            state: Mutex::new(State {
                version: 1,
                stamp,
                current,
                last_good,
            }),
        }
    }

    pub fn snapshot(&self) -> Snapshot {
        if let Origin::Bundled(name) = self.origin {
            // Bundled games compile (a test holds them to it) and are compiled on first use.
            if let Some(engine) = variants::bundled_engine(name) {
                let loaded = self.bundled_loaded(engine);
                return Snapshot {
                    version: 1,
                    current: Ok(loaded.clone()),
                    last_good: Some(loaded),
                };
            }
        }
        let state = self.lock();
        Snapshot {
            version: state.version,
            current: state.current.clone(),
            last_good: state.last_good.clone(),
        }
    }

    fn bundled_loaded(&self, engine: Arc<Engine>) -> Arc<Loaded> {
        let mut state = self.lock();
        if let Ok(loaded) = &state.current {
            return loaded.clone();
        }
        let loaded = Loaded::new(engine);
        state.current = Ok(loaded.clone());
        loaded
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A handler that panicked while holding the lock left the state whole (it is replaced, never edited).
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The entry of `GET /api/games`.
    pub fn summary(&self) -> Value {
        let (name, title, ok, version) = match &self.origin {
            Origin::Bundled(name) => {
                let title = variants::bundled_engine(name).map(|e| e.game.title.clone());
                (name.to_string(), title, true, 1)
            }
            Origin::File(_) => {
                let state = self.lock();
                let game = state.current.as_ref().ok().or(state.last_good.as_ref());
                let name = game.map(|l| l.engine.game.name.clone());
                let title = game.map(|l| l.engine.game.title.clone());
                (
                    name.unwrap_or_else(|| self.id.clone()),
                    title,
                    state.current.is_ok(),
                    state.version,
                )
            }
        };
        let (source, path) = match &self.origin {
            Origin::Bundled(_) => ("bundled", None),
            Origin::File(path) => ("file", Some(path.display().to_string())),
        };
        json!({"id": self.id, "name": name, "title": title, "source": source, "path": path,
               "version": version, "ok": ok})
    }

    /// Reads the file again if its time or length changed; the event to tell the watchers, if it did.
    fn poll(&self) -> Option<Value> {
        let Origin::File(path) = &self.origin else {
            return None;
        };
        let now = stamp(path);
        let mut state = self.lock();
        if now == state.stamp {
            return None;
        }
        state.stamp = now;
        state.version += 1;
        state.current = compile_file(path);
        if let Ok(loaded) = &state.current {
            state.last_good = Some(loaded.clone());
        }
        Some(self.watch_event(&state))
    }

    /// A file's state as a watch event, `{id, version, ok, diagnostics}`: sent as a `change` when a save is seen,
    /// and as a `state` when a page opens its watch.
    fn watch_event(&self, state: &State) -> Value {
        let diagnostics = match &state.current {
            Ok(_) => Value::Array(Vec::new()),
            Err(d) => (**d).clone(),
        };
        json!({"id": self.id, "version": state.version, "ok": state.current.is_ok(),
               "diagnostics": diagnostics})
    }
}

/// A file's modification time and length, `None` when it cannot be read (deleted between saves).
fn stamp(path: &Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// Reads (at most [`source::MAX_FILE_BYTES`]) and compiles a file: its game, or its diagnostics as JSON.
fn compile_file(path: &Path) -> Result<Arc<Loaded>, Arc<Value>> {
    let name = path.display().to_string();
    let text = match source::read_file(&name, path) {
        Ok(source) => variants::Text {
            file: name.clone(),
            source,
        },
        Err(e) => {
            let message = match e {
                ReadError::Io(io) => format!("cannot read `{name}`: {io}"),
                other => format!("`{name}` is not read: {other}"),
            };
            return Err(Arc::new(
                json!([{"severity": "error", "file": name, "message": message,
                                         "rendered": format!("error: {message}")}]),
            ));
        }
    };
    match text.compile() {
        Ok(compiled) => Ok(Loaded::new(Arc::new(Engine::new(compiled.game)))),
        Err(diagnostics) => Err(Arc::new(diagnostics_json(&text.source.text, &diagnostics))),
    }
}

/// Every served game, and the pages watching for changes.
pub struct Library {
    pub games: Vec<Served>,
    watchers: Mutex<Vec<SyncSender<Value>>>,
}

/// The most watch events queued for a page that does not read them; more are dropped for it.
const WATCH_QUEUE: usize = 64;

impl Library {
    /// The games `args` name: bundled names, files, and folders (their `*.tatsu` files); none: every bundled game.
    pub fn from_args(args: &[String]) -> Result<Library, String> {
        let mut games: Vec<Served> = Vec::new();
        let mut add = |origin: Origin| {
            let base = match &origin {
                Origin::Bundled(name) => name.to_string(),
                Origin::File(path) => file_id(path),
            };
            let mut id = base.clone();
            let mut n = 2;
            while games.iter().any(|g| g.id == id) {
                id = format!("{base}-{n}");
                n += 1;
            }
            games.push(Served::new(id, origin));
        };
        if args.is_empty() {
            variants::bundled()
                .iter()
                .for_each(|(name, _)| add(Origin::Bundled(name)));
        }
        for arg in args {
            if let Some((name, _)) = variants::bundled().iter().find(|(n, _)| n == arg) {
                add(Origin::Bundled(name));
                continue;
            }
            let path = Path::new(arg);
            if path.is_dir() {
                let files = folder_files(path)?;
                if files.is_empty() {
                    return Err(format!("`{arg}` holds no variant file (`*.tatsu`)"));
                }
                files.into_iter().for_each(|f| add(Origin::File(f)));
            } else if path.is_file() {
                add(Origin::File(path.to_path_buf()));
            } else {
                return Err(format!(
                    "`{arg}` is neither a bundled game ({}) nor a variant file or folder",
                    variants::bundled()
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        Ok(Library {
            games,
            watchers: Mutex::new(Vec::new()),
        })
    }

    pub fn find(&self, id: &str) -> Option<&Served> {
        self.games.iter().find(|g| g.id == id)
    }

    /// A new watcher's queue of change events. Register it before reading [`Library::states`], so that no change
    /// falls between the states a page is sent and the changes it is told of.
    pub fn watch(&self) -> Receiver<Value> {
        let (sender, receiver) = std::sync::mpsc::sync_channel(WATCH_QUEUE);
        self.watchers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(sender);
        receiver
    }

    /// Every served file's state as it is now, as a watch event each: what a page that opens its watch is sent
    /// first. Without it, a file saved between a page's loading the game and its watching would never reach that
    /// page (the page skips a version it already shows).
    pub fn states(&self) -> Vec<Value> {
        self.games
            .iter()
            .filter(|g| matches!(g.origin, Origin::File(_)))
            .map(|g| g.watch_event(&g.lock()))
            .collect()
    }

    /// Looks at every served file once and tells the watchers of each change.
    pub fn poll(&self) {
        for game in &self.games {
            if let Some(event) = game.poll() {
                let mut watchers = self.watchers.lock().unwrap_or_else(|e| e.into_inner());
                // A page that went away has dropped its receiver: forget it. A full queue loses this event only.
                watchers.retain(|w| {
                    !matches!(
                        w.try_send(event.clone()),
                        Err(std::sync::mpsc::TrySendError::Disconnected(_))
                    )
                });
            }
        }
    }
}

/// A file's id: its name without `.tatsu`, kept to letters, digits, `-` and `_` (others become `-`).
fn file_id(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if id.is_empty() {
        "game".into()
    } else {
        id
    }
}

/// A folder's `*.tatsu` files in name order (not its sub-folders). A link is served only if it points inside
/// the folder: naming a folder must not serve a file elsewhere.
fn folder_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let inside = dir
        .canonicalize()
        .map_err(|e| format!("cannot read `{}`: {e}", dir.display()))?;
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read `{}`: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "tatsu") && p.is_file())
        .filter(|p| p.canonicalize().is_ok_and(|real| real.starts_with(&inside)))
        .collect();
    files.sort();
    Ok(files)
}

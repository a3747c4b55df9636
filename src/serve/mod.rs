//! `tatsu serve`: a local web server for the designer's board (docs/serve.md). The page in the binary keeps each
//! game's moves; every request carries them and is answered from the compiled rules, so the server holds no
//! game state. One thread per request (and per event stream), on tiny_http.
//!
//! Safety: requests whose `Host` is not the served address are refused (DNS rebinding); on an address other than
//! loopback every request needs the access token; games are named by id, never by path; bodies, FENs, moves and
//! jobs are bounded (docs/limits.md).
mod assets;
mod balance;
mod diagnostics;
mod game_json;
pub mod http;
pub mod jobs;
mod library;
mod piece;
pub mod play;
mod routes;

use http::{ApiError, Reply};
use library::Library;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Requests handled at once; more are answered 503 at once.
pub const MAX_REQUESTS: usize = 64;
/// How often served files are looked at for changes.
pub const POLL: Duration = Duration::from_millis(300);

/// What to serve and where.
#[derive(Clone, Debug)]
pub struct Config {
    /// Bundled game names, files and folders; none: every bundled game.
    pub games: Vec<String>,
    pub bind: IpAddr,
    /// 0: any free port.
    pub port: u16,
}

/// What every request thread shares.
struct Shared {
    library: Library,
    jobs: jobs::Jobs,
    /// The `Host` values accepted; empty: any (a wildcard address, where the token protects).
    hosts: Vec<String>,
    token: Option<String>,
    busy: AtomicUsize,
    stopping: AtomicBool,
}

/// A running server.
pub struct Server {
    http: Arc<tiny_http::Server>,
    shared: Arc<Shared>,
    addr: SocketAddr,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Reads and compiles the games, binds, and starts answering on background threads.
    pub fn start(config: &Config) -> Result<Server, String> {
        let library = Library::from_args(&config.games)?;
        let cannot = |e: &dyn std::fmt::Display| {
            format!("cannot listen on {}:{}: {e}", config.bind, config.port)
        };
        let listener = std::net::TcpListener::bind(SocketAddr::new(config.bind, config.port))
            .map_err(|e| cannot(&e))?;
        // Without TCP_NODELAY every answer on a kept-alive connection waited about 40 ms: tiny_http writes the
        // head and the body apart, and Nagle's algorithm holds the body's last segment until the browser's
        // delayed acknowledgement of the head. Linux gives accepted sockets the listener's setting.
        nix::sys::socket::setsockopt(&listener, nix::sys::socket::sockopt::TcpNoDelay, &true)
            .map_err(|e| cannot(&e))?;
        let http = tiny_http::Server::from_listener(listener, None).map_err(|e| cannot(&e))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| "the server has no IP address".to_string())?;
        let token = if config.bind.is_loopback() {
            None
        } else {
            Some(new_token()?)
        };
        let shared = Arc::new(Shared {
            library,
            jobs: jobs::Jobs::default(),
            hosts: allowed_hosts(addr),
            token,
            busy: AtomicUsize::new(0),
            stopping: AtomicBool::new(false),
        });
        let http = Arc::new(http);
        let accept = {
            let (http, shared) = (http.clone(), shared.clone());
            std::thread::spawn(move || accept(&http, &shared))
        };
        let poll = {
            let shared = shared.clone();
            std::thread::spawn(move || {
                while !shared.stopping.load(Ordering::Relaxed) {
                    std::thread::sleep(POLL);
                    shared.library.poll();
                    shared.jobs.tick();
                }
            })
        };
        Ok(Server {
            http,
            shared,
            addr,
            threads: vec![accept, poll],
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's URL, with the access token when one is needed.
    pub fn url(&self) -> String {
        let host = match self.addr.ip() {
            ip if ip.is_unspecified() => "localhost".to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        match &self.shared.token {
            Some(token) => format!("http://{host}:{}/?token={token}", self.addr.port()),
            None => format!("http://{host}:{}/", self.addr.port()),
        }
    }

    /// The access token, when the address is not loopback.
    pub fn token(&self) -> Option<&str> {
        self.shared.token.as_deref()
    }

    /// Blocks until the server stops.
    pub fn wait(mut self) {
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }

    /// Stops accepting requests (streams open end when their pages leave) and the file watch.
    pub fn stop(mut self) {
        self.shared.stopping.store(true, Ordering::Relaxed);
        self.http.unblock();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// The accepted `Host` values: the address and port, and `localhost` for loopback; none checked on a wildcard.
fn allowed_hosts(addr: SocketAddr) -> Vec<String> {
    let port = addr.port();
    match addr.ip() {
        ip if ip.is_unspecified() => Vec::new(),
        IpAddr::V4(ip) if ip.is_loopback() => {
            vec![format!("{ip}:{port}"), format!("localhost:{port}")]
        }
        IpAddr::V6(ip) if ip.is_loopback() => {
            vec![format!("[{ip}]:{port}"), format!("localhost:{port}")]
        }
        IpAddr::V4(ip) => vec![format!("{ip}:{port}")],
        IpAddr::V6(ip) => vec![format!("[{ip}]:{port}")],
    }
}

/// 128 random bits from the system, in hex.
fn new_token() -> Result<String, String> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| format!("cannot make an access token (reading /dev/urandom): {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn accept(http: &tiny_http::Server, shared: &Arc<Shared>) {
    while let Ok(request) = http.recv() {
        if shared.stopping.load(Ordering::Relaxed) {
            break;
        }
        if shared.busy.fetch_add(1, Ordering::Relaxed) >= MAX_REQUESTS {
            shared.busy.fetch_sub(1, Ordering::Relaxed);
            ApiError::new(503, "the server is busy: too many requests at once")
                .reply()
                .send(request);
            continue;
        }
        let mine = shared.clone();
        let spawned = std::thread::Builder::new()
            .name("request".into())
            .spawn(move || {
                // Counted down however the handler ends: one that panicked must not keep its slot.
                let _slot = Slot(&mine.busy);
                routes::handle(&mine, request);
            });
        if spawned.is_err() {
            // The request went with the closure: its client sees the connection close.
            shared.busy.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// One of the [`MAX_REQUESTS`] slots, given back when dropped.
struct Slot<'a>(&'a AtomicUsize);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Checks `Host` and the token; the cookie to set when the token came in the URL.
fn admit(shared: &Shared, request: &tiny_http::Request) -> Result<Option<String>, ApiError> {
    let host = http::header_value(request, "Host").unwrap_or_default();
    if !shared.hosts.is_empty() && !shared.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(ApiError::new(
            403,
            format!(
                "the Host header `{host}` is not this server's address ({})",
                shared.hosts.join(" or ")
            ),
        ));
    }
    let Some(token) = &shared.token else {
        return Ok(None);
    };
    if let Some(given) = http::query_value(request.url(), "token") {
        if http::same_secret(given, token) {
            return Ok(Some(format!(
                "tatsu_token={token}; Path=/; HttpOnly; SameSite=Strict"
            )));
        }
    } else if http::cookie_value(request, "tatsu_token")
        .is_some_and(|c| http::same_secret(c, token))
    {
        return Ok(None);
    }
    Err(ApiError::new(
        403,
        "this server needs its access token: open the URL it printed",
    ))
}

/// A reply with the token cookie added.
fn with_cookie(mut reply: Reply, cookie: Option<String>) -> Reply {
    reply.cookie = cookie;
    reply
}

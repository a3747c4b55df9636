//! `tatsu serve`'s JSON API, spoken over plain TCP to a server started in this process on a free port: games and
//! their description, positions replayed from moves (a capture, a drop, a promotion choice, a Lion's double move),
//! refusals (an illegal move, a foreign `Host`, an unknown id), a file's live reload with its diagnostics, and the
//! search, perft and balance jobs' event streams, and balance records checked before they are reported.
use crate::support;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;
use tatsu::serve::{Config, Server};

fn serve(games: &[&str]) -> Server {
    Server::start(&Config {
        games: games.iter().map(|g| g.to_string()).collect(),
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
    })
    .unwrap()
}

/// Sends one request and returns the status and the body read to the end (the server closes or sends a length).
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    host: Option<&str>,
    body: Option<&Value>,
) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let host = host.map_or_else(|| addr.to_string(), str::to_string);
    // A server that refuses a body (413) may close before it is all written: the reply is read all the same.
    let _ = write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

fn get(server: &Server, path: &str) -> (u16, Value) {
    let (status, body) = request(server.addr(), "GET", path, None, None);
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

fn post(server: &Server, path: &str, body: Value) -> (u16, Value) {
    let (status, text) = request(server.addr(), "POST", path, None, Some(&body));
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A server-sent event stream: each `(event, data)` until the stream ends or `until` names the event just read.
fn events(
    server: &Server,
    path: &str,
    until: &[&str],
    mut each: impl FnMut(&str, &Value),
) -> Vec<(String, Value)> {
    let mut stream = TcpStream::connect(server.addr()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.addr()
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut seen = Vec::new();
    let mut event = String::new();
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap_or(0) > 0 {
        let text = line.trim_end().to_string();
        line.clear();
        if let Some(name) = text.strip_prefix("event: ") {
            event = name.to_string();
        } else if let Some(data) = text.strip_prefix("data: ") {
            let data: Value = serde_json::from_str(data).unwrap();
            each(&event, &data);
            seen.push((event.clone(), data));
            if until.contains(&event.as_str()) {
                break;
            }
        }
    }
    seen
}

fn legal<'v>(position: &'v Value, text: &str) -> &'v Value {
    position["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == text)
        .unwrap_or_else(|| panic!("{text} is not among the legal moves"))
}

#[test]
fn the_games_list_names_each_served_game_by_id() {
    let server = serve(&["chess", "chu-shogi"]);
    let (status, list) = get(&server, "/api/games");
    assert_eq!(status, 200);
    let ids: Vec<&str> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["chess", "chu-shogi"]);
    assert_eq!(list["games"][1]["title"], "Chu Shogi");
    assert_eq!(list["games"][0]["source"], "bundled");
}

#[test]
fn a_game_gives_its_board_pieces_and_rule_book() {
    let server = serve(&["chu-shogi"]);
    let (status, game) = get(&server, "/api/games/chu-shogi");
    assert_eq!(status, 200);
    assert_eq!(game["ok"], true);
    assert_eq!(game["board"]["files"], 12);
    assert_eq!(game["board"]["squares"].as_array().unwrap().len(), 144);
    assert_eq!(game["rotated"], true);
    let lion = game["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["letter"] == "N")
        .unwrap();
    assert_eq!(lion["name"], "Lion");
    assert_eq!(lion["glyph"], "獅", "the file gives the Lion its kanji");
    assert!(game["rules_html"].as_str().unwrap().contains("<h2"));
    assert_eq!(game["describe"]["schema"], "tatsu.describe/2");
    let (_, chess) = get(&server, "/api/games/chu-shogi");
    assert_eq!(chess["version"], 1);
}

#[test]
fn an_unknown_game_id_is_404_with_a_json_error() {
    let server = serve(&["chess"]);
    let (status, error) = get(&server, "/api/games/../../etc/passwd");
    assert_eq!(status, 404);
    assert!(error["error"].is_string());
    let (status, error) = post(
        &server,
        "/api/position",
        json!({"game": "shogi", "moves": []}),
    );
    assert_eq!(status, 404, "{error}");
}

#[test]
fn a_host_header_that_is_not_the_served_address_is_refused() {
    let server = serve(&["chess"]);
    let (status, body) = request(
        server.addr(),
        "GET",
        "/api/games",
        Some("attacker.example:80"),
        None,
    );
    assert_eq!(status, 403);
    assert!(body.contains("Host"), "{body}");
    let local = format!("localhost:{}", server.addr().port());
    assert_eq!(
        request(server.addr(), "GET", "/api/games", Some(&local), None).0,
        200
    );
}

#[test]
fn a_position_lists_a_capture_with_the_captured_square() {
    let server = serve(&["chess"]);
    let (status, pos) = post(
        &server,
        "/api/position",
        json!({"game": "chess", "moves": ["e2e4", "d7d5"]}),
    );
    assert_eq!(status, 200, "{pos}");
    assert_eq!(pos["side_to_move"], "white");
    let capture = legal(&pos, "e4d5");
    assert_eq!(capture["captures"], json!(["d5"]));
    assert_eq!(capture["legs"], json!(["e4", "d5"]));
    assert_eq!(legal(&pos, "e4e5")["captures"], json!([]));
    assert_eq!(pos["last_move"]["text"], "d7d5");
    assert_eq!(pos["legal_moves"].as_array().unwrap().len(), 31);
}

#[test]
fn a_drop_from_hand_is_a_legal_move_without_a_from_square() {
    let server = serve(&["crazyhouse"]);
    let moves = json!(["e2e4", "d7d5", "e4d5", "d8d5"]);
    let (status, pos) = post(
        &server,
        "/api/position",
        json!({"game": "crazyhouse", "moves": moves}),
    );
    assert_eq!(status, 200, "{pos}");
    assert_eq!(pos["hands"]["white"], json!([{"piece": "P", "count": 1}]));
    assert_eq!(pos["hands"]["black"], json!([{"piece": "P", "count": 1}]));
    let drop = legal(&pos, "P@e4");
    assert_eq!(drop["drop"], "P");
    assert_eq!(drop["from"], Value::Null);
    assert_eq!(drop["legs"], json!(["e4"]));
}

#[test]
fn a_promotion_is_one_legal_move_per_choice() {
    let server = serve(&["chess"]);
    let start = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
    let (status, pos) = post(
        &server,
        "/api/position",
        json!({"game": "chess", "start": start, "moves": []}),
    );
    assert_eq!(status, 200, "{pos}");
    let mut choices: Vec<&str> = pos["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "e7")
        .map(|m| m["promotion"].as_str().unwrap())
        .collect();
    choices.sort_unstable();
    assert_eq!(choices, ["B", "N", "Q", "R"]);
    assert_eq!(legal(&pos, "e7e8q")["legs"], json!(["e7", "e8"]));
}

#[test]
fn a_lion_double_move_lists_its_legs_square_by_square() {
    let server = serve(&["chu-shogi"]);
    let start = "11k/12/12/12/12/5p6/5N6/12/12/12/12/K11 w - - 0 1";
    let (status, pos) = post(
        &server,
        "/api/position",
        json!({"game": "chu-shogi", "start": start}),
    );
    assert_eq!(status, 200, "{pos}");
    let through = legal(&pos, "f6f7,f7f8");
    assert_eq!(through["legs"], json!(["f6", "f7", "f8"]));
    assert_eq!(through["captures"], json!(["f7"]));
    let igui = legal(&pos, "f6f7,f7f6");
    assert_eq!(igui["legs"], json!(["f6", "f7", "f6"]));
    assert_eq!(igui["captures"], json!(["f7"]));
    // The move text given back replays.
    let (status, after) = post(
        &server,
        "/api/position",
        json!({"game": "chu-shogi", "start": start, "moves": ["f6f7,f7f8"]}),
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["last_move"]["legs"], json!(["f6", "f7", "f8"]));
}

#[test]
fn an_illegal_move_is_400_naming_its_index() {
    let server = serve(&["chess"]);
    let (status, error) = post(
        &server,
        "/api/position",
        json!({"game": "chess", "moves": ["e2e4", "e7e5", "e4e5"]}),
    );
    assert_eq!(status, 400);
    assert_eq!(error["index"], 2);
    assert!(error["error"].as_str().unwrap().contains("e4e5"), "{error}");
    let (status, error) = post(
        &server,
        "/api/position",
        json!({"game": "chess", "start": "8/8 w"}),
    );
    assert_eq!(status, 400);
    assert!(error["error"].as_str().unwrap().contains("FEN"), "{error}");
    let (status, text) = request(server.addr(), "POST", "/api/position", None, None);
    assert_eq!(status, 400, "{text}");
}

#[test]
fn pgn_numbers_the_moves_and_gives_the_result() {
    let server = serve(&["chess"]);
    let moves = json!(["f2f3", "e7e5", "g2g4", "d8h4"]);
    let (status, pgn) = post(
        &server,
        "/api/pgn",
        json!({"game": "chess", "moves": moves, "white": "A \"B\""}),
    );
    assert_eq!(status, 200);
    let text = pgn["pgn"].as_str().unwrap();
    assert!(text.contains("[White \"A \\\"B\\\"\"]"), "{text}");
    assert!(text.contains("\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{text}");
    // From a position with Black to move, the first move is numbered `N...`.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let (_, pgn) = post(
        &server,
        "/api/pgn",
        json!({"game": "chess", "start": fen, "moves": ["e7e5", "g1f3"]}),
    );
    let text = pgn["pgn"].as_str().unwrap();
    assert!(text.contains("[SetUp \"1\"]"), "{text}");
    assert!(text.contains("\n\n1... e5 2. Nf3 *\n"), "{text}");
}

#[test]
fn pgn_numbers_the_move_after_a_bonus_turn_again() {
    // Heian Ryu Shogi: a drop into the mover's first zone earns another turn (G@c2, then Gc3 by the same side).
    let server = serve(&["heian-ryu-shogi"]);
    let fen = "3k3/6p/7/7/7/7/7/7/7/7/7/3K3[G] w - - 0 1";
    let (status, pgn) = post(
        &server,
        "/api/pgn",
        json!({"game": "heian-ryu-shogi", "start": fen, "moves": ["G@c2", "c2c3", "d12c11", "d1d2"]}),
    );
    assert_eq!(status, 200, "{pgn}");
    let text = pgn["pgn"].as_str().unwrap();
    assert!(
        text.contains("\n\n1. G@c2 1. Gc3 Kc11 2. Kd2 *\n"),
        "{text}"
    );
}

#[test]
fn perft_divide_totals_the_known_count() {
    let server = serve(&["chess"]);
    let (status, job) = post(
        &server,
        "/api/perft",
        json!({"game": "chess", "depth": 3, "divide": true}),
    );
    assert_eq!(status, 200, "{job}");
    let id = job["job"].as_str().unwrap();
    let seen = events(
        &server,
        &format!("/api/jobs/{id}/events"),
        &["done", "error"],
        |_, _| {},
    );
    let rows: Vec<u64> = seen
        .iter()
        .filter(|(e, _)| e == "divide")
        .map(|(_, d)| d["nodes"].as_u64().unwrap())
        .collect();
    assert_eq!(rows.len(), 20);
    assert_eq!(rows.iter().sum::<u64>(), 8902);
    let (last, data) = seen.last().unwrap();
    assert_eq!(last, "done");
    assert_eq!(data["nodes"], 8902);
    let (status, _) = post(&server, "/api/perft", json!({"game": "chess", "depth": 9}));
    assert_eq!(status, 400);
}

#[test]
fn a_search_reports_iterations_then_its_best_move() {
    let server = serve(&["chess"]);
    let (status, job) = post(
        &server,
        "/api/search",
        json!({"game": "chess", "moves": ["e2e4"], "limit": {"preset": "quick"}}),
    );
    assert_eq!(status, 200, "{job}");
    let id = job["job"].as_str().unwrap();
    let seen = events(
        &server,
        &format!("/api/jobs/{id}/events"),
        &["done", "error"],
        |_, _| {},
    );
    assert!(seen
        .iter()
        .any(|(e, d)| e == "iteration" && d["pv"].as_array().is_some_and(|pv| !pv.is_empty())));
    let (last, done) = seen.last().unwrap();
    assert_eq!(last, "done");
    assert!(done["best"].is_string(), "{done}");
}

#[test]
fn a_cancelled_search_ends_its_stream_at_once() {
    let server = serve(&["chess"]);
    let (_, job) = post(
        &server,
        "/api/search",
        json!({"game": "chess", "limit": {"ms": 20000}}),
    );
    let id = job["job"].as_str().unwrap().to_string();
    let started = std::time::Instant::now();
    let addr = server.addr();
    let path = format!("/api/jobs/{id}");
    let seen = events(
        &server,
        &format!("/api/jobs/{id}/events"),
        &["done", "error"],
        |event, _| {
            if event == "iteration" {
                let _ = request(addr, "DELETE", &path, None, None);
            }
        },
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the search ran on: {:?}",
        started.elapsed()
    );
    assert_eq!(seen.last().unwrap().1["stopped"], true);
    assert_eq!(
        request(addr, "DELETE", "/api/jobs/999", None, None).0,
        404,
        "no such job"
    );
}

const GOOD: &str =
    "title \"Test\"\nboard 3 x 3\npiece K \"King\" {\n  royal\n  moves \"K\"\n}\nstart \"k2/3/2K w - - 0 1\"\n";

/// GOOD with an error on line 5, column 11 (`K!`).
fn broken() -> String {
    GOOD.replace("moves \"K\"", "moves \"K!\"")
}

/// A scratch folder holding `mine.tatsu` (GOOD), served alone: the folder, the file and the server.
fn serve_good_file(scratch: &str) -> (std::path::PathBuf, std::path::PathBuf, Server) {
    let dir = support::scratch::scratch(scratch);
    let file = dir.join("mine.tatsu");
    std::fs::write(&file, GOOD).unwrap();
    let server = serve(&[file.to_str().unwrap()]);
    (dir, file, server)
}

#[test]
fn a_served_file_reloads_and_keeps_its_last_good_version_when_broken() {
    let (dir, file, server) = serve_good_file("serve-reload");
    let (status, game) = get(&server, "/api/games/mine");
    assert_eq!((status, &game["ok"]), (200, &json!(true)), "{game}");
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(500));
        std::fs::write(&file, broken()).unwrap();
    });
    let seen = events(&server, "/api/watch", &["change"], |_, _| {});
    writer.join().unwrap();
    let change = &seen.last().unwrap().1;
    assert_eq!(
        (&change["id"], &change["version"], &change["ok"]),
        (&json!("mine"), &json!(2), &json!(false))
    );
    let first = &change["diagnostics"][0];
    assert_eq!(
        (&first["line"], &first["column"]),
        (&json!(5), &json!(11)),
        "{first}"
    );
    assert!(first["caret"].as_str().unwrap().contains('^'));
    let (_, game) = get(&server, "/api/games/mine");
    assert_eq!(game["ok"], false);
    assert_eq!(game["last_good"]["ok"], true);
    let (status, pos) = post(
        &server,
        "/api/position",
        json!({"game": "mine", "moves": ["c1b1"]}),
    );
    assert_eq!(status, 200, "the last good version stays playable: {pos}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_saved_before_the_page_watches_reaches_it_as_the_streams_first_state() {
    // A page loads the game (version 1), the file is saved broken, the server notices (version 2), and only then
    // does the page open its watch: the change has been told to no one, so the stream's first events are each
    // file's state as it is now.
    let (dir, file, server) = serve_good_file("serve-state");
    let (_, game) = get(&server, "/api/games/mine");
    assert_eq!(game["version"], 1, "{game}");
    std::fs::write(&file, broken()).unwrap();
    let noticed = std::time::Instant::now();
    while get(&server, "/api/games/mine").1["version"] != 2 {
        assert!(
            noticed.elapsed() < Duration::from_secs(30),
            "the save was never noticed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let seen = events(&server, "/api/watch", &["state"], |_, _| {});
    let (name, state) = seen.last().unwrap();
    assert_eq!(
        (name.as_str(), &state["id"], &state["version"], &state["ok"]),
        ("state", &json!("mine"), &json!(2), &json!(false))
    );
    assert_eq!(state["diagnostics"][0]["line"], 5, "{state}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn off_loopback_every_request_needs_the_access_token() {
    let server = Server::start(&Config {
        games: vec!["chess".into()],
        bind: "0.0.0.0".parse().unwrap(),
        port: 0,
    })
    .unwrap();
    let token = server.token().expect("a token off loopback").to_string();
    assert!(
        server.url().ends_with(&format!("/?token={token}")),
        "{}",
        server.url()
    );
    let addr: SocketAddr = format!("127.0.0.1:{}", server.addr().port())
        .parse()
        .unwrap();
    assert_eq!(request(addr, "GET", "/api/games", None, None).0, 403);
    assert_eq!(
        request(addr, "GET", "/api/games?token=wrong", None, None).0,
        403
    );
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET /?token={token} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(
        text.contains(&format!("tatsu_token={token}")),
        "the page keeps the token in a cookie"
    );
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(stream, "GET /api/games HTTP/1.1\r\nHost: x\r\nCookie: tatsu_token={token}\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
}

#[test]
fn a_body_over_the_limit_is_413_and_too_many_moves_400() {
    let server = serve(&["chess"]);
    let huge = json!({"game": "chess", "start": "x".repeat(tatsu::serve::http::MAX_BODY_BYTES)});
    let (status, text) = request(server.addr(), "POST", "/api/position", None, Some(&huge));
    assert_eq!(status, 413, "{text}");
    let moves = vec!["e2e4"; tatsu::serve::play::MAX_MOVES + 1];
    let (status, error) = post(
        &server,
        "/api/position",
        json!({"game": "chess", "moves": moves}),
    );
    assert_eq!(status, 400);
    assert!(
        error["error"].as_str().unwrap().contains("at most 10000"),
        "{error}"
    );
}

/// The run the balance tests play: short games of few nodes, so that the test takes a second.
const BALANCE_RUN: [&str; 8] = [
    "--games",
    "4",
    "--nodes",
    "200",
    "--max-plies",
    "40",
    "--seed",
    "7",
];

/// Starts a balance job with the test run's settings and returns its id.
fn start_balance(server: &Server, games: u64) -> String {
    let (status, job) = post(
        server,
        "/api/balance",
        json!({"game": "chess", "games": games, "nodes": 200, "max_plies": 40, "seed": 7}),
    );
    assert_eq!(status, 200, "{job}");
    job["job"].as_str().unwrap().to_string()
}

#[test]
fn a_balance_run_reports_game_by_game_and_ends_with_the_command_lines_report() {
    let server = serve(&["chess"]);
    let id = start_balance(&server, 4);
    let seen = events(
        &server,
        &format!("/api/jobs/{id}/events"),
        &["done", "error"],
        |_, _| {},
    );
    let progress: Vec<u64> = seen
        .iter()
        .filter(|(e, _)| e == "progress")
        .map(|(_, d)| d["done"].as_u64().unwrap())
        .collect();
    assert_eq!(progress, [1, 2, 3, 4]);
    let (last, done) = seen.last().unwrap();
    assert_eq!(last, "done", "{done}");
    assert_eq!(done["stopped"], false);
    // The page's report is the command line's, number for number: the games are a function of the run's settings.
    let mut args = vec!["balance", "chess", "--json"];
    args.extend(BALANCE_RUN);
    let cli = support::binary::tatsu(&args);
    assert_eq!(cli.code, 0, "{}", cli.stderr);
    let cli: Value = serde_json::from_str(&cli.stdout).unwrap();
    assert_eq!(done["report"], cli);
    let html = done["html"].as_str().unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("Balance: Chess"));
}

#[test]
fn a_stopped_balance_run_reports_the_games_it_finished() {
    let server = serve(&["chess"]);
    let id = start_balance(&server, 1000);
    let (addr, path) = (server.addr(), format!("/api/jobs/{id}"));
    let seen = events(
        &server,
        &format!("/api/jobs/{id}/events"),
        &["done", "error"],
        |event, data| {
            if event == "progress" && data["done"] == 2 {
                let _ = request(addr, "DELETE", &path, None, None);
            }
        },
    );
    let (last, done) = seen.last().unwrap();
    assert_eq!(last, "done", "{done}");
    assert_eq!(done["stopped"], true);
    let played = done["report"]["games"].as_u64().unwrap();
    assert!((2..1000).contains(&played), "{played} games reported");
    assert_eq!(done["report"]["run"]["games"], 1000);
}

#[test]
fn a_balance_run_outside_the_pages_limits_is_400() {
    let server = serve(&["chess"]);
    for (body, words) in [
        (
            json!({"game": "chess", "games": 0}),
            "`games` 0 is outside 1 to 1000",
        ),
        (json!({"game": "chess", "nodes": 5}), "`nodes` 5 is outside"),
        (
            json!({"game": "chess", "max_plies": 5000}),
            "`max_plies` 5000",
        ),
        (
            json!({"game": "chess", "depth": 3}),
            "unknown field `depth`",
        ),
    ] {
        let (status, answer) = post(&server, "/api/balance", body);
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().contains(words),
            "{answer}"
        );
    }
    let (status, _) = post(&server, "/api/balance", json!({"game": "nope"}));
    assert_eq!(status, 404);
}

#[test]
fn balance_records_from_the_command_line_are_replayed_before_they_are_reported() {
    let dir = support::scratch::scratch("serve-records");
    let out = dir.join("games.jsonl");
    let mut args = vec!["balance", "chess", "--out", out.to_str().unwrap()];
    args.extend(BALANCE_RUN);
    assert_eq!(support::binary::tatsu(&args).code, 0);
    let records = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let server = serve(&["chess"]);
    let (status, answer) = post(
        &server,
        "/api/balance/records",
        json!({"game": "chess", "records": records}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["report"]["games"], 4);
    // A record whose result is changed no longer matches the game its moves play: refused, with its line.
    let first: Value = serde_json::from_str(records.lines().next().unwrap()).unwrap();
    let forged_winner = if first["winner"] == "white" {
        "black"
    } else {
        "white"
    };
    let forged = records.replacen(
        &format!("\"winner\":{}", first["winner"]),
        &format!("\"winner\":\"{forged_winner}\""),
        1,
    );
    assert_ne!(forged, records);
    let (status, answer) = post(
        &server,
        "/api/balance/records",
        json!({"game": "chess", "records": forged}),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("the records:1: game 0:"),
        "{answer}"
    );
}

#[test]
fn a_job_whose_event_stream_closes_is_cancelled() {
    let server = serve(&["chess"]);
    let search = json!({"game": "chess", "limit": {"ms": 25000}});
    // As many 25-second searches as may run at once, each stream read to its first iteration.
    let mut streams = Vec::new();
    for _ in 0..4 {
        let (status, job) = post(&server, "/api/search", search.clone());
        assert_eq!(status, 200, "{job}");
        let id = job["job"].as_str().unwrap();
        let mut stream = TcpStream::connect(server.addr()).unwrap();
        write!(
            stream,
            "GET /api/jobs/{id}/events HTTP/1.1\r\nHost: {}\r\n\r\n",
            server.addr()
        )
        .unwrap();
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap() > 0 && !line.starts_with("event: iteration") {
            line.clear();
        }
        streams.push(reader);
    }
    let (status, _) = post(&server, "/api/search", search.clone());
    assert_eq!(status, 429, "four searches are running");
    drop(streams);
    // The closed streams cancel their searches within seconds, long before their 25 s are up.
    let started = std::time::Instant::now();
    let (status, job) = loop {
        let (status, job) = post(&server, "/api/search", search.clone());
        if status != 429 || started.elapsed() > Duration::from_secs(15) {
            break (status, job);
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(
        status,
        200,
        "still busy after {:?}: {job}",
        started.elapsed()
    );
    let id = job["job"].as_str().unwrap();
    assert_eq!(
        request(
            server.addr(),
            "DELETE",
            &format!("/api/jobs/{id}"),
            None,
            None
        )
        .0,
        204
    );
}

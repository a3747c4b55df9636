//! `tatsu match` against engines that fail the way foreign programs do (tests/data/engines: crash, hang, garbage,
//! huge lines, a forked child, SAN moves, no `variants` feature): each fault costs only its game, nothing the
//! engines started outlives the match, the clock flags, and the PGN is standard, unforgeable and reads back.
use std::collections::BTreeSet;
use std::process::Command;
use tatsu::engine::{Engine, Position};

const ENGINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/engines");
const TATSU: &str = env!("CARGO_BIN_EXE_tatsu");

fn us() -> String {
    format!("{TATSU} xboard")
}

/// The fault-injecting engine of `faulty.py` (it relays to `tatsu xboard`).
fn faulty(mode: &str, nth: u32) -> String {
    format!("python3 {ENGINES}/faulty.py {mode} {nth} {TATSU}")
}

/// What a match printed, its exit code and its PGN file.
struct Refereed {
    code: i32,
    stdout: String,
    stderr: String,
    pgn: String,
}

/// `tatsu match VARIANT --engine A --engine B ARGS --pgn FILE` with `env` set, in a scratch folder named `name`.
fn referee(
    name: &str,
    variant: &str,
    engines: [&str; 2],
    args: &[&str],
    env: &[(&str, &str)],
) -> Refereed {
    let dir = crate::support::scratch::scratch(&format!("referee-{name}"));
    let pgn = dir.join("games.pgn");
    let out = Command::new(TATSU)
        .args([
            "match", variant, "--engine", engines[0], "--engine", engines[1],
        ])
        .args(args)
        .args(["--pgn", pgn.to_str().unwrap()])
        .envs(env.iter().copied())
        .output()
        .expect("tatsu runs");
    let pgn = std::fs::read(&pgn).unwrap_or_default();
    std::fs::remove_dir_all(&dir).ok();
    Refereed {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8"),
        pgn: String::from_utf8(pgn).expect("the PGN is UTF-8"),
    }
}

/// The result lines of the games (`game   1: …`).
fn game_lines(stdout: &str) -> Vec<&str> {
    stdout.lines().filter(|l| l.starts_with("game ")).collect()
}

#[test]
fn a_crashing_engine_is_restarted_and_costs_only_its_game() {
    let crasher = faulty("crash", 3);
    let run = referee(
        "crash",
        "chess",
        [&crasher, &us()],
        &["--games", "4", "--tc", "2+0.02"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let games = game_lines(&run.stdout);
    assert_eq!(games.len(), 4, "{}", run.stdout);
    for line in games {
        assert!(
            line.contains("crashed (the engine exited)"),
            "{}",
            run.stdout
        );
    }
    assert!(!run.stdout.contains("ping"), "{}", run.stdout);
}

#[test]
fn a_hanging_engine_loses_on_time_and_is_restarted() {
    let hanger = faulty("hang", 2);
    let run = referee(
        "hang",
        "chess",
        [&us(), &hanger],
        &["--games", "2", "--tc", "0.5+0"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let games = game_lines(&run.stdout);
    assert_eq!(games.len(), 2, "{}", run.stdout);
    for line in games {
        assert!(line.contains("lost on time"), "{}", run.stdout);
    }
}

/// The processes of these process groups still running (zombies, already ended, aside).
fn running_in(groups: &BTreeSet<String>) -> Vec<String> {
    let ps = Command::new("ps")
        .args(["-eo", "pgid=,stat=,args="])
        .output()
        .expect("ps runs");
    String::from_utf8_lossy(&ps.stdout)
        .lines()
        .filter(|l| {
            let mut words = l.split_whitespace();
            let (group, stat) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
            groups.contains(group) && !stat.starts_with('Z')
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn nothing_an_engine_started_outlives_the_match() {
    let dir = crate::support::scratch::scratch("referee-groups");
    let pids = dir.join("groups");
    let pidfile = pids.to_str().unwrap();
    let forker = faulty("fork", 1);
    let hanger = faulty("hang", 2);
    let run = referee(
        "orphans",
        "chess",
        [&forker, &hanger],
        &["--games", "2", "--tc", "0.5+0"],
        &[("FAULTY_PIDFILE", pidfile)],
    );
    let groups: BTreeSet<String> = std::fs::read_to_string(&pids)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        groups.len() >= 2,
        "the engines wrote their groups: {groups:?}"
    );
    assert_eq!(running_in(&groups), Vec::<String>::new(), "{}", run.stdout);
}

#[test]
fn moves_in_san_are_read() {
    let script = format!("{ENGINES}/scripted-san.sh");
    let run = referee(
        "san",
        "chess",
        [&script, &script],
        &["--games", "2", "--opening-plies", "0"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    for line in game_lines(&run.stdout) {
        assert!(
            line.contains("0-1 (White resigns, 16 plies"),
            "{}",
            run.stdout
        );
    }
    assert!(
        run.pgn.contains("4. O-O Nf6 5. d3 O-O 6. Nbd2 d6"),
        "{}",
        run.pgn
    );
    assert!(run.pgn.contains("8. Bxf7+ Rxf7"), "{}", run.pgn);
}

/// The clock is cumulative and its latency allowance is not renewed each move: engines that take 20 ms a move with
/// no time at all flag within a few moves (before, each move had a fresh 200 ms and such games never flagged).
#[test]
fn a_clock_of_a_microsecond_flags() {
    let slow = faulty("slow", 1);
    let run = referee(
        "flag",
        "chess",
        [&slow, &slow],
        &["--games", "2", "--tc", "0.000001+0"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let games = game_lines(&run.stdout);
    assert_eq!(games.len(), 2, "{}", run.stdout);
    for line in games {
        assert!(line.contains("lost on time"), "{}", run.stdout);
    }
    assert!(
        run.pgn.contains("[Termination \"time forfeit\"]"),
        "{}",
        run.pgn
    );
}

#[test]
fn an_engine_that_does_not_play_the_variant_stops_the_match() {
    let chess_only = faulty("nofeature", 0);
    let run = referee(
        "variants",
        "shogi",
        [&us(), &chess_only],
        &["--games", "2"],
        &[],
    );
    assert_ne!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("does not play the variant `shogi`: it plays normal"),
        "{}",
        run.stderr
    );
    assert!(game_lines(&run.stdout).is_empty(), "{}", run.stdout);
    let run = referee(
        "variants2",
        "chess",
        [&us(), &us()],
        &["--xboard-variant", "nosuch"],
        &[],
    );
    assert!(
        run.stderr
            .contains("does not play the variant `nosuch`: it plays "),
        "{}",
        run.stderr
    );
}

/// One game of a PGN file: its tags and its movetext's moves and result.
struct PgnGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: String,
}

impl PgnGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// tatsu's own PGN, read back: tags (with `\"` and `\\` escapes), movetext without comments and move numbers.
fn read_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            if !movetext.trim().is_empty() {
                games.push(finish(
                    std::mem::take(&mut tags),
                    std::mem::take(&mut movetext),
                ));
            }
            let (name, value) = tag.split_once(' ').expect("a tag has a name and a value");
            let value = value.strip_suffix("\"]").expect("a tag ends with \"]");
            let value = value.strip_prefix('"').expect("a tag's value is quoted");
            let mut unescaped = String::new();
            let mut chars = value.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    unescaped.push(chars.next().expect("an escape escapes something"));
                } else {
                    assert!(c != '"', "an unescaped quote in {line}");
                    unescaped.push(c);
                }
            }
            tags.push((name.to_string(), unescaped));
        } else {
            movetext += line;
            movetext.push('\n');
        }
    }
    if !movetext.trim().is_empty() {
        games.push(finish(tags, movetext));
    }
    games
}

fn finish(tags: Vec<(String, String)>, movetext: String) -> PgnGame {
    let mut plain = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => plain.push(c),
            _ => {}
        }
        assert!((0..=1).contains(&depth), "comments do not nest: {movetext}");
    }
    let mut words: Vec<String> = plain
        .split_whitespace()
        .filter(|w| !w.ends_with('.'))
        .map(str::to_string)
        .collect();
    let result = words.pop().expect("a result ends the movetext");
    PgnGame {
        tags,
        moves: words,
        result,
    }
}

/// Every game of the PGN replays in tatsu: each SAN move is a legal move of the game, and the tags agree.
fn replays(text: &str, engine: &Engine) -> usize {
    let games = read_pgn(text);
    for game in &games {
        assert_eq!(game.tag("Result"), Some(game.result.as_str()), "{text}");
        let mut pos = match game.tag("FEN") {
            Some(fen) => Position::from_fen(engine, fen).expect("the FEN tag reads"),
            None => Position::start(engine),
        };
        for san in &game.moves {
            let mv = tatsu::engine::san::read(&mut pos, san)
                .unwrap_or_else(|| panic!("`{san}` is not a legal move in {}", pos.to_fen()));
            pos.play(mv);
        }
    }
    games.len()
}

#[test]
fn a_forging_engine_cannot_change_the_pgn() {
    let forger = faulty("garbage", 3);
    let run = referee(
        "forge",
        "chess",
        [&forger, &us()],
        &["--games", "2", "--tc", "2+0.02"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        !run.pgn.chars().any(|c| c.is_control() && c != '\n'),
        "{:?}",
        run.pgn
    );
    let engine = Engine::new(tatsu::variants::load("chess").unwrap().game);
    assert_eq!(replays(&run.pgn, &engine), 2);
    let games = read_pgn(&run.pgn);
    // The forger has White in the first game and Black in the second: it loses both, whatever its text said.
    assert_eq!(games[0].result, "0-1", "{}", run.pgn);
    assert_eq!(games[1].result, "1-0", "{}", run.pgn);
    assert!(
        run.pgn.contains("played an illegal move: a1a1?1-0?"),
        "{}",
        run.pgn
    );
}

#[test]
fn a_match_pgn_reads_back_in_tatsu_and_python_chess() {
    let run = referee(
        "readback",
        "chess",
        [&us(), &us()],
        &["--games", "2", "--tc", "1+0.01"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let engine = Engine::new(tatsu::variants::load("chess").unwrap().game);
    assert_eq!(replays(&run.pgn, &engine), 2);
    for tag in [
        "Event",
        "Site",
        "Date",
        "Round",
        "White",
        "Black",
        "Result",
        "TimeControl",
        "Termination",
    ] {
        assert!(
            run.pgn.contains(&format!("[{tag} ")),
            "no {tag} tag: {}",
            run.pgn
        );
    }
    let check = "import chess.pgn, io, sys\n\
        text = sys.stdin.read(); f = io.StringIO(text); n = 0\n\
        while True:\n\
        \x20   g = chess.pgn.read_game(f)\n\
        \x20   if g is None: break\n\
        \x20   assert not g.errors, g.errors\n\
        \x20   b = g.end().board(); n += 1\n\
        \x20   assert g.headers['Result'] in ('1-0', '0-1', '1/2-1/2')\n\
        print(n)\n";
    if Command::new("python3")
        .args(["-c", "import chess"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        let mut child = Command::new("python3")
            .args(["-c", check])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("python3 runs");
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(run.pgn.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "2");
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but python3 cannot import chess (pip install chess)"
        );
        eprintln!("SKIPPED: python3 with chess is not installed here (pip install chess)");
    }
}

#[test]
fn a_drop_game_pgn_replays_in_tatsu() {
    let run = referee(
        "crazyhouse",
        "crazyhouse",
        [&us(), &us()],
        &["--games", "2", "--tc", "1+0.01"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.pgn.contains("[Variant \"crazyhouse\"]"), "{}", run.pgn);
    let engine = Engine::new(tatsu::variants::load("crazyhouse").unwrap().game);
    assert_eq!(replays(&run.pgn, &engine), 2);
}

#[test]
fn a_short_match_against_sjaak_ii_has_no_forfeit() {
    let sjaak = "/usr/games/sjaakii";
    if !std::path::Path::new(sjaak).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but Sjaak II is missing ({sjaak}): .ci/run installs it, and in CI this match must run"
        );
        eprintln!("SKIPPED: Sjaak II is not installed here ({sjaak})");
        return;
    }
    let run = referee(
        "sjaak",
        "chess",
        [&us(), sjaak],
        &["--games", "4", "--tc", "2+0.05"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    // Its moves are all read (Sjaak II castles as `O-O`): no game is forfeited on notation. (A time loss on a
    // loaded machine would be an engine's, not the referee's, and is not what this checks.)
    for game in game_lines(&run.stdout) {
        for fault in ["illegal move", "refused", "crashed", "did not answer"] {
            assert!(!game.contains(fault), "{}", run.stdout);
        }
    }
    let engine = Engine::new(tatsu::variants::load("chess").unwrap().game);
    assert_eq!(replays(&run.pgn, &engine), 4);
}

/// An engine that answers a legal move with `Illegal move` does not know a rule: it loses by that fault (and the
/// game does not go on with the two engines' boards apart); one that plays an illegal move loses too.
#[test]
fn an_engine_refusing_a_legal_move_loses_by_its_fault() {
    let refuser = format!("{ENGINES}/refuses-every-move.sh");
    let run = referee(
        "refuser",
        "chess",
        [&us(), &refuser],
        &["--games", "2", "--tc", "2+0.01", "--opening-plies", "0"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("Black refused the legal move"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("White played an illegal move: "),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("+2 =0 -0"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("2 games were decided by an engine's fault"),
        "{}",
        run.stdout
    );
    assert!(
        run.pgn.contains("{Black refused the legal move"),
        "{}",
        run.pgn
    );
    assert!(
        run.pgn.contains("[Termination \"rules infraction\"]"),
        "{}",
        run.pgn
    );
}

/// Ctrl-C (SIGINT) ends the match at once: the summary of the games finished is printed, and no process an engine
/// started is left (the engines run in their own process groups, which the terminal's Ctrl-C does not reach).
#[test]
fn ctrl_c_prints_the_summary_and_leaves_no_engine() {
    use std::io::{BufRead, BufReader};
    let dir = crate::support::scratch::scratch("referee-ctrl-c");
    let pids = dir.join("groups");
    let mut child = Command::new(TATSU)
        .args([
            "match",
            "chess",
            "--engine",
            &faulty("fork", 1),
            "--engine",
            &us(),
        ])
        .args(["--games", "100", "--tc", "0.5+0", "--opening-plies", "8"])
        .env("FAULTY_PIDFILE", &pids)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("tatsu runs");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.starts_with("game   1:"), "{first}");
    let interrupt = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupt.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let groups: BTreeSet<String> = std::fs::read_to_string(&pids)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        rest.contains("tatsu 0.1.0 vs tatsu 0.1.0: "),
        "{first}{rest}"
    );
    assert!(
        stderr.contains("the match was interrupted after "),
        "{stderr}"
    );
    assert!(!groups.is_empty());
    assert_eq!(running_in(&groups), Vec::<String>::new());
}

/// `--sprt`: the test is computed after each pair and the match stops as soon as the LLR crosses a bound, well
/// before `--games`; against an engine that loses every game by refusing the moves it is told, H1 is accepted
/// (first engine stronger), and with the engines swapped H0. [0, 400] decides in 5 won pairs (LLR 2.99) or 2 lost
/// ones (-3.41: two lost pairs are far likelier for an engine 0 Elo stronger than for one 400 stronger).
#[test]
fn sprt_stops_the_match_when_the_llr_crosses_a_bound() {
    let refuser = format!("{ENGINES}/refuses-every-move.sh");
    for (engines, pairs, verdict) in [
        ([us(), refuser.clone()], 5, "H1 accepted"),
        ([refuser.clone(), us()], 2, "H0 accepted"),
    ] {
        let run = referee(
            "sprt",
            "chess",
            [&engines[0], &engines[1]],
            &[
                "--games",
                "100",
                "--tc",
                "2+0.01",
                "--sprt",
                "0",
                "400",
                "--concurrency",
                "2",
            ],
            &[],
        );
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        assert!(
            run.stdout
                .contains(&format!("after {pairs} pairs: {verdict}, stopping")),
            "{}",
            run.stdout
        );
        // The games under way when the test decided are finished, no new one is started.
        let games = game_lines(&run.stdout).len();
        assert!(
            (2 * pairs..=2 * pairs + 2).contains(&games),
            "{}",
            run.stdout
        );
        assert!(
            run.stdout
                .lines()
                .last()
                .is_some_and(|l| l.ends_with(verdict)),
            "{}",
            run.stdout
        );
    }
}

/// SPRT settings that make no test are usage errors (exit 2), before any engine starts.
#[test]
fn sprt_settings_that_make_no_test_are_refused() {
    for args in [
        &["--sprt", "5", "0"][..],
        &["--sprt", "0", "5", "--alpha", "0"],
        &["--sprt", "0", "5", "--alpha", "0.5", "--beta", "0.5"],
        &["--sprt", "0", "nan"],
        &["--sprt", "0"],
        &["--alpha", "0.1"],
    ] {
        let out = Command::new(TATSU)
            .args(["match", "chess", "--engine", "a", "--engine", "b"])
            .args(args)
            .output()
            .expect("tatsu runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    }
}

/// XBoard names a file by one letter: Taikyoku Shogi's 36 files cannot be said over it (its `ae` would read as two
/// files, and every game was lost on a move the engine could not read). The referee refuses before any engine
/// starts and names the protocol that can play it.
#[test]
fn a_board_xboard_cannot_name_is_refused_over_xboard_with_the_protocol_that_can_play_it() {
    let out = Command::new(TATSU)
        .args([
            "match",
            "taikyoku-shogi",
            "--engine",
            "no-such-engine-a",
            "--engine",
            "no-such-engine-b",
            "--tc",
            "1+0",
        ])
        .output()
        .expect("tatsu runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot be played over XBoard") && stderr.contains("--proto uci"),
        "{stderr}"
    );
}

/// An engine that talks as HaChu does (tests/data/engines/scripted-hachu.sh): it lists Chu Shogi as `chu` (an alias
/// of `chu-shogi`), takes no move before `memory`, refuses ranks past 9 as XBoard's single characters, and sends
/// the Lion's pass in two lines (`move f3f4,`, `move f4f3`). Every move is read and none refused: both games end
/// by resignation when the script runs out, after its 6 plies.
#[test]
fn an_engine_that_talks_as_hachu_plays_chu_shogi_without_a_fault() {
    let script = format!("{ENGINES}/scripted-hachu.sh");
    let run = referee(
        "hachu",
        "chu-shogi",
        [&script, &script],
        &["--games", "2", "--opening-plies", "0"],
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let games = game_lines(&run.stdout);
    assert_eq!(games.len(), 2, "{}", run.stdout);
    for line in games {
        assert!(
            line.contains("0-1 (White resigns, 6 plies"),
            "{}",
            run.stdout
        );
    }
}

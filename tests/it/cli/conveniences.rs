//! `tatsu list`, `tatsu new` and `tatsu check FOLDER`.
use crate::support::binary::{bundled_games, tatsu, tatsu_in};
use crate::support::scratch::scratch;

#[test]
fn list_names_every_bundled_game_with_its_description() {
    let run = tatsu(&["list"]);
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), bundled_games().len());
    for (line, game) in lines.iter().zip(bundled_games()) {
        let (name, description) = line.split_once("  ").expect("name, then description");
        assert_eq!(name, game);
        assert!(description.trim().len() > 20, "{game}: `{description}`");
    }
    let json: serde_json::Value = serde_json::from_str(&tatsu(&["list", "--json"]).stdout).unwrap();
    assert_eq!(json["schema"], "tatsu.list/1");
    // Every file of variants/, in name order; each with the aliases its file declares.
    assert_eq!(json["games"][0]["name"], "chess");
    assert_eq!(json["games"][0]["title"], "Chess");
    assert_eq!(
        json["games"][0]["aliases"],
        serde_json::json!(["normal", "standard"])
    );
}

#[test]
fn a_description_given_twice_is_an_error() {
    let source = crate::support::variants::source_with(
        "tests/data/ruletest/knights.tatsu",
        "board 5 x 5",
        "description \"again\"\nboard 5 x 5",
    );
    let errors = tatsu::compile::compile("knights.tatsu", &source).unwrap_err();
    assert!(errors[0].message.contains("`description` is given twice"));
}

#[test]
fn new_writes_a_file_that_checks_cleanly_and_whose_tests_pass() {
    let dir = scratch("new");
    let d = dir.to_str().unwrap();
    let run = tatsu_in(d, &["new", "tiny-chess"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(dir.join("tiny-chess.tatsu")).unwrap();
    assert!(text.contains("title \"Tiny Chess\""));
    let check = tatsu_in(d, &["check", "tiny-chess.tatsu"]);
    assert_eq!((check.code, check.stderr.as_str()), (0, ""));
    let test = tatsu_in(d, &["test", "tiny-chess.tatsu"]);
    assert_eq!(test.code, 0, "{}", test.stdout);
    assert!(test.stdout.contains("2 passed; 0 failed"));
    let again = tatsu_in(d, &["new", "tiny-chess"]);
    assert_eq!(again.code, 1);
    assert!(again.stderr.contains("exists; pass --force"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The commands `new` prints are pasted into a shell: a file name with a space or a quote is quoted there (and in
/// the file's first comment). A name that is a folder (`.`, `..`) would have written a hidden `..tatsu`; a line
/// break would end the comment it is written into.
#[test]
fn new_quotes_the_file_name_for_the_shell_and_refuses_names_that_are_not_files() {
    let dir = scratch("new-names");
    let d = dir.to_str().unwrap();
    let run = tatsu_in(d, &["new", "it's my game"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("`tatsu check 'it'\\''s my game.tatsu'`"),
        "{}",
        run.stderr
    );
    let text = std::fs::read_to_string(dir.join("it's my game.tatsu")).unwrap();
    assert!(text
        .lines()
        .nth(1)
        .unwrap()
        .contains("`tatsu test 'it'\\''s my game.tatsu'`"));
    // What the message says to run runs.
    let check = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} check 'it'\\''s my game.tatsu'",
            env!("CARGO_BIN_EXE_tatsu")
        ))
        .current_dir(d)
        .output()
        .unwrap();
    assert!(check.status.success(), "{check:?}");
    // A name ending in `/` is a folder's, not a game's (it wrote `sub.tatsu`).
    for name in [".", "..", "x\ny", "sub/", "./"] {
        let run = tatsu_in(d, &["new", name]);
        assert_eq!(run.code, 2, "{name:?}: {}", run.stderr);
    }
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["it's my game.tatsu"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn check_of_a_folder_compiles_every_variant_file_in_it_recursively() {
    let dir = scratch("check-dir");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/mini-ryu.tatsu"
    ))
    .unwrap();
    std::fs::write(dir.join("good.tatsu"), &good).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a variant").unwrap();
    std::fs::write(
        dir.join("sub/bad.tatsu"),
        good.replace("in field \"fRsW\"", "in feild \"fRsW\""),
    )
    .unwrap();
    let run = tatsu_in(dir.to_str().unwrap(), &["check", "."]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("error: unknown zone `feild`") && run.stderr.contains("bad.tatsu:"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.matches("error:").count(), 1, "{}", run.stderr);
}

/// A link back up the tree made `check FOLDER` (and `test FOLDER`) walk without end; links to folders inside are
/// not followed now, links to files are read.
#[test]
fn a_folder_with_a_link_cycle_is_walked_once() {
    let dir = scratch("check-cycle");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let good = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/mini-ryu.tatsu");
    std::fs::copy(good, dir.join("sub/a.tatsu")).unwrap();
    let tests = dir.join("sub/a.tatsu-test");
    std::fs::write(&tests, "variant \"chess\"\ntest \"t\" { count 20 }\n").unwrap();
    std::os::unix::fs::symlink("..", dir.join("sub/up")).unwrap();
    std::os::unix::fs::symlink(&tests, dir.join("linked.tatsu-test")).unwrap();
    let check = tatsu_in(dir.to_str().unwrap(), &["check", "."]);
    let test = tatsu_in(dir.to_str().unwrap(), &["test", ".", "--json"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert_eq!(test.code, 0, "{}", test.stderr);
    let v: serde_json::Value = serde_json::from_str(&test.stdout).unwrap();
    let files: Vec<&str> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["./linked.tatsu-test", "./sub/a.tatsu-test"]);
}

/// A bundled game answers to its other names on the command line too (`chu`, `chushogi`, `normal`).
#[test]
fn a_bundled_game_answers_to_its_other_names() {
    for name in ["chu", "ChuShogi", "chu_shogi"] {
        assert_eq!(
            tatsu::variants::bundled_name(name),
            Some("chu-shogi"),
            "{name}"
        );
    }
    assert_eq!(tatsu::variants::bundled_name("normal"), Some("chess"));
    assert_eq!(tatsu::variants::bundled_name("chuu"), None);
    let run = crate::support::binary::tatsu(&["perft", "normal", "--depth", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("400"), "{}", run.stdout);
}

/// `new --json` names the file it wrote and the commands for it.
#[test]
fn new_json_names_the_file_and_its_commands() {
    let dir = scratch("new-json");
    let run = tatsu_in(dir.to_str().unwrap(), &["new", "tiny", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(v["schema"], "tatsu.new/1");
    assert_eq!(v["file"], "tiny.tatsu");
    assert_eq!(v["check"], "tatsu check tiny.tatsu");
}

/// `export --json`: the text and what was left out, or a refusal with the rules the target cannot say.
#[test]
fn export_json_gives_the_text_or_the_refusal() {
    let run = tatsu(&["export", "euroshogi", "--to", "fsf", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["ok"], true);
    assert!(
        v["text"].as_str().unwrap().contains("[tatsu-euroshogi"),
        "{v}"
    );
    let run = tatsu(&["export", "ryu-shogi", "--to", "fsf", "--json"]);
    assert_eq!(run.code, 1);
    let v: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["ok"], false);
    assert!(v["text"].is_null());
    assert!(!v["inexpressible"].as_array().unwrap().is_empty(), "{v}");
}

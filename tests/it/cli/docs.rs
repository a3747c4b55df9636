//! The documents: every `console` example of README.md's walkthrough and docs/cli.md, run and compared.
use super::*;

/// Splits a shell command line: words, "double" and 'single' quoted strings.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, ' ') => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// Every `$ tatsu …` line of a console block in a document, with the output shown under it.
fn console_examples(doc: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut current: Option<(String, String)> = None;
    // The fence that opened the block we are in, and whether it is a console block.
    let mut fence: Option<(String, bool)> = None;
    for line in doc.lines() {
        let ticks: String = line.chars().take_while(|&c| c == '`').collect();
        match &fence {
            None if ticks.len() >= 3 => {
                fence = Some((ticks.clone(), &line[ticks.len()..] == "console"));
                continue;
            }
            Some((open, _)) if line == open.as_str() => {
                if let Some(done) = current.take() {
                    out.push(done);
                }
                fence = None;
                continue;
            }
            _ => {}
        }
        if !fence.as_ref().is_some_and(|(_, console)| *console) {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            if let Some(done) = current.take() {
                out.push(done);
            }
            current = Some((cmd.to_string(), String::new()));
        } else if let Some((_, text)) = &mut current {
            text.push_str(line);
            text.push('\n');
        }
    }
    out
}

/// Runs the `tatsu` examples of a document and compares their output; a shown output ending in `…` is a prefix.
fn check_document(path: &str, broken: &[(&str, &str)]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join(path)).expect("the document exists");
    let examples = console_examples(&doc);
    assert!(!examples.is_empty(), "{path} shows no command");
    let source = std::fs::read_to_string(root.join("docs/examples/mini-ryu.tatsu")).unwrap();
    let mut broken = broken.iter();
    let scratch = crate::support::scratch::scratch(&format!("doc-{}", path.len()));
    for (cmd, shown) in examples {
        let words = shell_words(&cmd);
        let (dir, run_in) = if words.iter().any(|w| w == "broken.tatsu") {
            if words[0] == "tatsu" {
                let (from, to) = broken.next().expect("a broken file for each broken check");
                std::fs::write(scratch.join("broken.tatsu"), source.replace(from, to)).unwrap();
                (scratch.clone(), true)
            } else {
                continue; // the `sed` line that makes the file
            }
        } else {
            (root.to_path_buf(), words[0] == "tatsu")
        };
        if !run_in {
            continue; // `echo $?`
        }
        let out = Command::new(env!("CARGO_BIN_EXE_tatsu"))
            .args(&words[1..])
            .current_dir(&dir)
            .output()
            .unwrap();
        let actual = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let shown = shown.split("$ echo $?").next().unwrap();
        match shown.strip_suffix("…\n") {
            Some(prefix) => assert!(
                actual.starts_with(prefix),
                "{path}: `{cmd}` prints\n{actual}"
            ),
            None => assert_eq!(actual, shown, "{path}: `{cmd}`"),
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
}

#[test]
fn walkthrough_commands_print_what_the_walkthrough_shows() {
    check_document(
        "README.md",
        &[
            ("in field \"fRsW\"", "in feild \"fRsW\""),
            ("\"fRsW\"", "\"fRsw\""),
        ],
    );
}

#[test]
fn walkthrough_variant_checks_clean_and_its_broken_copy_fails() {
    let run = tatsu(&["check", "docs/examples/mini-ryu.tatsu"]);
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "", "")
    );
    // Counted by hand: only the five pawns can move (every other piece is boxed in by its own men), and
    // nothing meets within two plies: 5 and 5 x 5.
    assert_eq!(
        ok(&["perft", "docs/examples/mini-ryu.tatsu", "--depth", "2"]),
        "Nodes searched: 25\n"
    );
    let dir = crate::support::scratch::scratch("walk");
    let source = std::fs::read_to_string("docs/examples/mini-ryu.tatsu").unwrap();
    let broken = dir.join("broken.tatsu");
    std::fs::write(
        &broken,
        source.replace("in field \"fRsW\"", "in feild \"fRsW\""),
    )
    .unwrap();
    let run = tatsu(&["check", broken.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("unknown zone `feild`") && run.stderr.contains("did you mean `field`?")
    );
    std::fs::remove_dir_all(&dir).ok();
    // No pawn drop while every file holds a White pawn (one-per-file).
    let out = ok(&[
        "moves",
        "docs/examples/mini-ryu.tatsu",
        "--moves",
        "c2c3",
        "c5c4",
        "c3c4",
        "b6c5",
    ]);
    assert!(!out.contains("P@"), "{out}");
}

#[test]
fn cli_reference_examples_print_what_docs_cli_md_shows() {
    check_document("docs/cli.md", &[]);
}

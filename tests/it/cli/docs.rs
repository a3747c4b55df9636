//! The documents: every `console` example of README.md's walkthrough, docs/cli.md and docs/tutorial.md, run and
//! compared.
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

/// The file a shown `sed 's/FROM/TO/' FILE > broken.tatsu` line makes: FILE's text with FROM replaced by TO. The
/// pattern is taken literally, so it may hold no character that means something else to sed.
fn sed_broken_copy(root: &Path, words: &[String]) -> String {
    let [_, script, file, redirect, target] = words else {
        panic!("a sed line of a document is `sed 's/FROM/TO/' FILE > broken.tatsu`: {words:?}")
    };
    assert_eq!((redirect.as_str(), target.as_str()), (">", "broken.tatsu"));
    let parts: Vec<&str> = script.split('/').collect();
    let ["s", from, to, ""] = parts.as_slice() else {
        panic!("a sed script of a document is `s/FROM/TO/`: {script}")
    };
    assert!(
        !from.contains(['.', '*', '[', ']', '^', '$', '\\']),
        "{from}: a literal pattern"
    );
    let source = std::fs::read_to_string(root.join(file)).unwrap();
    assert!(source.contains(from), "{file} has no `{from}`");
    source.replacen(from, to, 1)
}

/// Runs the `tatsu` examples of a document and compares their output; a shown output ending in `…` is a prefix.
/// A `sed … > broken.tatsu` line writes its copy in a scratch folder, where the commands naming it then run.
fn check_document(path: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join(path)).expect("the document exists");
    let examples = console_examples(&doc);
    assert!(!examples.is_empty(), "{path} shows no command");
    let scratch = crate::support::scratch::scratch(&format!("doc-{}", path.len()));
    for (cmd, shown) in examples {
        let words = shell_words(&cmd);
        if words[0] == "sed" {
            std::fs::write(scratch.join("broken.tatsu"), sed_broken_copy(root, &words)).unwrap();
            continue;
        }
        let (dir, run_in) = if words.iter().any(|w| w == "broken.tatsu") {
            (scratch.clone(), words[0] == "tatsu")
        } else {
            (root.to_path_buf(), words[0] == "tatsu")
        };
        if !run_in {
            continue; // `echo $?`
        }
        if words.get(1).is_some_and(|w| w == "serve") {
            check_serve_banner(path, &cmd, &words, &shown);
            continue;
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

/// `tatsu serve` runs until stopped: its first line, the page's address, is compared (the port, chosen free at
/// each run, read as digits), then the server is stopped.
fn check_serve_banner(path: &str, cmd: &str, words: &[String], shown: &str) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tatsu"))
        .args(&words[1..])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    let read = std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut first);
    child.kill().ok();
    child.wait().ok();
    read.unwrap();
    let port_free = |text: &str| -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("127.0.0.1:") {
            let (head, tail) = rest.split_at(at + "127.0.0.1:".len());
            out.push_str(head);
            out.push_str("PORT");
            rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
        }
        out.push_str(rest);
        out
    };
    assert_eq!(port_free(&first), port_free(shown), "{path}: `{cmd}`");
}

#[test]
fn walkthrough_commands_print_what_the_walkthrough_shows() {
    check_document("README.md");
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
    check_document("docs/cli.md");
}

#[test]
fn tutorial_commands_print_what_the_tutorial_shows() {
    check_document("docs/tutorial.md");
}

/// A fenced block of a document: the line its fence opens on, its info string (`tatsu`, `tatsu fragment`,
/// `text from docs/tutorial/kobo.tatsu-test`) and its text, the indentation of its fence taken off.
struct Block {
    line: usize,
    info: String,
    text: String,
}

fn fenced_blocks(doc: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String, usize, String)> = None;
    for (i, line) in doc.lines().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let trimmed = line.trim_start();
        match &mut open {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some((i + 1, info.trim().to_string(), indent, String::new()));
                }
            }
            Some((_, _, fence_indent, text)) if trimmed != "```" => {
                // The fence's indentation, or less where a line has less (only spaces are cut).
                text.push_str(&line[indent.min(*fence_indent)..]);
                text.push('\n');
            }
            Some(_) => {
                let (line, info, _, text) = open.take().unwrap();
                blocks.push(Block { line, info, text });
            }
        }
    }
    blocks
}

/// A line of the language without its comment and with its white space collapsed, to compare an excerpt with its
/// file whatever the alignment.
fn statement_words(line: &str) -> String {
    let code = line.split(" #").next().unwrap_or("");
    let code = if code.trim_start().starts_with('#') {
        ""
    } else {
        code
    };
    code.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The strings after a `moves` keyword (`moves "K"`, `moves in camp "fW"`, `also moves in lines "B"`).
fn xbetza_strings(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in source.lines().map(|l| l.split(" #").next().unwrap_or("")) {
        let mut rest = line;
        while let Some(at) = rest.find("moves ") {
            rest = &rest[at + "moves ".len()..];
            let Some(open) = rest.find('"') else { break };
            let Some(len) = rest[open + 1..].find('"') else {
                break;
            };
            found.push(rest[open + 1..open + 1 + len].to_string());
            rest = &rest[open + 1 + len + 1..];
        }
    }
    found
}

/// The sources a `tatsu` block stands for, each with whether it must be a whole game: `tatsu` a whole game;
/// `tatsu fragment` (and `tatsu from FILE`) statements of one; `tatsu alternatives` lines each a statement of its
/// own (`dead-squares allowed` beside `dead-squares forbidden`); `tatsu piece-items` the inside of a piece block.
fn block_sources(at: &str, info: &str, text: &str) -> Vec<(String, bool)> {
    let kind = info.split_whitespace().nth(1).unwrap_or("");
    match kind {
        "" => vec![(text.to_string(), true)],
        "fragment" | "from" => vec![(text.to_string(), false)],
        "alternatives" => text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|l| (format!("{l}\n"), false))
            .collect(),
        "piece-items" => vec![(format!("piece Z \"Example\" {{\n{text}}}\n"), false)],
        _ => panic!("{at}: unknown kind of example `{kind}`"),
    }
}

/// Checks the fenced examples of a document: a whole game compiles without a diagnostic; a part of one may have
/// no other errors than the missing board and start position (so a syntax error or a misspelt keyword fails, see
/// [`block_sources`]); a block `… from FILE` has each of its lines in that file. Returns how many blocks were
/// checked.
fn check_fenced_examples(path: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join(path)).expect("the document exists");
    let mut checked = 0;
    for block in fenced_blocks(&doc) {
        let mut words = block.info.split_whitespace();
        let lang = words.next().unwrap_or("");
        let at = format!("{path}:{} (```{})", block.line, block.info);
        if let (Some("from"), Some(file)) = (words.next(), words.next()) {
            let source =
                std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{at}: {e}"));
            let lines: BTreeSet<String> = source.lines().map(statement_words).collect();
            for line in block.text.lines().map(statement_words) {
                assert!(
                    line.is_empty() || lines.contains(&line),
                    "{at}: `{line}` is not in {file}"
                );
            }
            checked += 1;
        }
        if lang != "tatsu" {
            continue;
        }
        for (source, whole) in block_sources(&at, &block.info, &block.text) {
            let problems: Vec<String> = match tatsu::compile::compile("example.tatsu", &source) {
                Ok(c) if whole => c.warnings.iter().map(|d| d.message.clone()).collect(),
                Ok(_) => Vec::new(),
                Err(diags) => diags
                    .iter()
                    .filter(|d| {
                        whole
                            || !(d.message.contains("has no `board`")
                                || d.message.contains("has no `start`"))
                    })
                    .map(|d| tatsu::diag::render_short(d, &source))
                    .collect(),
            };
            assert!(
                problems.is_empty(),
                "{at}:\n{source}\n{}",
                problems.join("\n")
            );
            // Without a board the compiler stops before the pieces' moves: read them here.
            for moves in xbetza_strings(&source) {
                assert!(
                    ::betza::parse(&moves).is_ok(),
                    "{at}: `{moves}` is not XBetza"
                );
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn variant_language_examples_compile() {
    let checked = check_fenced_examples("docs/variant-language.md");
    assert!(checked >= 40, "only {checked} examples are marked `tatsu`");
}

#[test]
fn tutorial_examples_are_the_tutorial_files() {
    let checked = check_fenced_examples("docs/tutorial.md");
    assert!(checked >= 8, "only {checked} examples checked");
}

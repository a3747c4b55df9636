//! The rule catalogue (`tests/data/rule-catalogue.txt`): every statement and option of the variant language, as an
//! edit of a base game, must be noticed by every consumer of the compiled rules — `tatsu diff`, the rule book,
//! `describe --json` and each exporter — and every keyword of the grammar must be catalogued. DESIGN.md ("Adding a
//! rule") says how a new rule passes this test.
use std::collections::BTreeSet;
use tatsu::compile::compile;
use tatsu::engine::Engine;
use tatsu::export::{to_fsf, to_sjaak};

const CATALOGUE: &str = include_str!("../data/rule-catalogue.txt");
const GRAMMAR: &str = include_str!("../../src/dsl/variant.pest");

/// The consumers every rule must reach.
const CONSUMERS: [&str; 5] = ["diff", "book", "json", "fsf", "sjaak"];

struct Entry {
    line: usize,
    name: String,
    base: String,
    edits: Vec<Edit>,
    except: BTreeSet<String>,
}

enum Edit {
    Append(String),
    Replace(String, String),
}

fn unescape(text: &str) -> String {
    text.replace("\\n", "\n")
}

fn entries() -> Vec<Entry> {
    let mut out = Vec::new();
    for (i, line) in CATALOGUE.lines().enumerate() {
        let line_no = i + 1;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        // `|` also joins zone terms inside an edit: only the first two and a final `| except` separate fields.
        let (rest, except) = match text.rsplit_once(" | except ") {
            Some((rest, except)) => (rest, Some(except)),
            None => (text, None),
        };
        let mut split = rest.splitn(3, " | ").map(str::trim);
        let (Some(name), Some(base), Some(edits)) = (split.next(), split.next(), split.next())
        else {
            panic!(
                "rule-catalogue.txt:{line_no}: expected `name | base | edits [| except …: why]`"
            );
        };
        let edits = edits
            .split(" ;; ")
            .map(|edit| match edit.strip_prefix('+') {
                Some(statement) => Edit::Append(unescape(statement)),
                None => {
                    let (old, new) = edit.split_once(" => ").unwrap_or_else(|| {
                        panic!("rule-catalogue.txt:{line_no}: an edit is `+TEXT` or `OLD => NEW`")
                    });
                    Edit::Replace(unescape(old), unescape(new))
                }
            })
            .collect();
        let except = match except {
            None => BTreeSet::new(),
            Some(field) => {
                let (names, why) = field.split_once(':').unwrap_or_else(|| {
                    panic!("rule-catalogue.txt:{line_no}: expected `except CONSUMER…: why`")
                });
                assert!(
                    !why.trim().is_empty(),
                    "rule-catalogue.txt:{line_no}: say why"
                );
                let names: BTreeSet<String> = names.split_whitespace().map(String::from).collect();
                for name in &names {
                    assert!(
                        CONSUMERS.contains(&name.as_str()),
                        "rule-catalogue.txt:{line_no}: no consumer `{name}`"
                    );
                }
                names
            }
        };
        out.push(Entry {
            line: line_no,
            name: name.to_string(),
            base: base.to_string(),
            edits,
            except,
        });
    }
    out
}

fn base_source(base: &str) -> String {
    for dir in ["variants", "tests/data/variants"] {
        let path = format!("{}/{dir}/{base}.tatsu", env!("CARGO_MANIFEST_DIR"));
        if let Ok(text) = std::fs::read_to_string(&path) {
            return text;
        }
    }
    panic!("rule catalogue: no base game `{base}`")
}

fn edited(entry: &Entry, base: &str) -> Result<String, String> {
    let mut text = base.to_string();
    for edit in &entry.edits {
        match edit {
            Edit::Append(statement) => text = format!("{text}\n{statement}\n"),
            Edit::Replace(old, new) => {
                // Exactly once, so that an edit never lands in a comment that quotes the rule.
                match text.matches(old.as_str()).count() {
                    1 => {}
                    0 => return Err(format!("the base has no `{old}`")),
                    n => return Err(format!("`{old}` occurs {n} times in the base")),
                }
                text = text.replacen(old.as_str(), new, 1);
            }
        }
    }
    Ok(text)
}

/// What each consumer makes of a game, as text to compare.
struct Seen {
    book: String,
    json: String,
    fsf: String,
    sjaak: String,
}

fn export_text<E: std::fmt::Display>(result: Result<tatsu::export::Exported, E>) -> String {
    match result {
        Ok(exported) => format!("{}\n{}", exported.text, exported.dropped.join("\n")),
        Err(refusal) => format!("refused: {refusal}"),
    }
}

fn seen(engine: &Engine) -> Seen {
    let game = &engine.game;
    Seen {
        book: tatsu::render::markdown::render(&tatsu::render::rulebook::rulebook(engine)),
        json: serde_json::to_string(&tatsu::describe::DescribeJson::new(engine)).unwrap(),
        // Named alike, so that only the rules can differ; lossy, so that a rule the target cannot say shows in the
        // list of what was left out rather than in a refusal that a rule elsewhere in the game already causes.
        fsf: export_text(to_fsf(game, "catalogue", true)),
        sjaak: export_text(to_sjaak(game, "catalogue", true)),
    }
}

fn compiled(file: &str, text: &str) -> Result<Engine, String> {
    compile(file, text)
        .map(|c| Engine::new(c.game))
        .map_err(|diagnostics| {
            diagnostics
                .iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join("; ")
        })
}

#[test]
fn every_catalogued_rule_reaches_every_consumer() {
    let mut problems = Vec::new();
    for entry in entries() {
        let at = format!("rule-catalogue.txt:{} `{}`", entry.line, entry.name);
        let base_text = base_source(&entry.base);
        let new_text = match edited(&entry, &base_text) {
            Ok(text) => text,
            Err(why) => {
                problems.push(format!("{at}: {why}"));
                continue;
            }
        };
        let file = format!("{}.tatsu", entry.base);
        let (old, new) = match (compiled(&file, &base_text), compiled(&file, &new_text)) {
            (Ok(old), Ok(new)) => (old, new),
            (Err(why), _) => {
                problems.push(format!("{at}: the base does not compile: {why}"));
                continue;
            }
            (_, Err(why)) => {
                problems.push(format!("{at}: the edited game does not compile: {why}"));
                continue;
            }
        };
        let (before, after) = (seen(&old), seen(&new));
        let differs = [
            ("diff", !tatsu::diff::rule_changes(&old, &new).is_empty()),
            ("book", before.book != after.book),
            ("json", before.json != after.json),
            ("fsf", before.fsf != after.fsf),
            ("sjaak", before.sjaak != after.sjaak),
        ];
        for (consumer, noticed) in differs {
            let excepted = entry.except.contains(consumer);
            if !noticed && !excepted {
                problems.push(format!("{at}: {consumer} does not tell the games apart"));
            }
            if noticed && excepted {
                problems.push(format!(
                    "{at}: {consumer} is excepted but tells the games apart: drop the exception"
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The words of the grammar a designer writes: every `kw_*` keyword and every word of an option rule.
fn grammar_words() -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for line in GRAMMAR.lines() {
        let line = line.trim();
        let Some((rule, body)) = line.split_once('=') else {
            continue;
        };
        let rule = rule.trim();
        let literal_rule = rule.starts_with("kw_")
            || [
                "orientation",
                "outcome",
                "trigger",
                "wall_placement",
                "royalty",
                "count_base",
                "repetition_result",
            ]
            .contains(&rule);
        if !literal_rule {
            continue;
        }
        for literal in body.split('"').skip(1).step_by(2) {
            words.insert(literal.to_string());
        }
    }
    words
}

#[test]
fn every_word_of_the_language_is_catalogued() {
    let catalogued: BTreeSet<String> = entries()
        .iter()
        .flat_map(|entry| {
            let mut text = entry.name.clone();
            for edit in &entry.edits {
                match edit {
                    Edit::Append(statement) => text.push_str(&format!(" {statement}")),
                    Edit::Replace(_, new) => text.push_str(&format!(" {new}")),
                }
            }
            text.split(|c: char| c.is_whitespace() || "{}\"|,=".contains(c))
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect();
    // A rule test is not a rule of the game: `tatsu test` runs it (tests/it/rule_tests.rs).
    let not_rules = ["test"];
    let words = grammar_words();
    assert!(words.len() > 100, "the grammar's words were not found");
    let missing: Vec<&String> = words
        .iter()
        .filter(|w| !catalogued.contains(*w) && !not_rules.contains(&w.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "words of src/dsl/variant.pest in no entry of tests/data/rule-catalogue.txt: {missing:?}"
    );
}

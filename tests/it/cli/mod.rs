//! The real `tatsu` binary, one module per subcommand, and the documents whose examples it runs (the walkthrough
//! in README.md, docs/cli.md). Expected facts come from RULES.md; text outputs are compared with golden files in
//! tests/data/cli (set BLESS=1 to rewrite them). The helpers here are shared by every module.
mod betza;
mod bounds;
mod check;
mod conveniences;
mod describe;
mod docs;
mod help;
mod moves;
mod perft;
mod piece;
mod search;
mod selfplay;
mod show;

use serde_json::Value;

use crate::support::binary;
use crate::support::rules_facts;
use binary::{bundled_games, tatsu};
use rules_facts::squares as set;
use rules_facts::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn ok(args: &[&str]) -> String {
    let run = tatsu(args);
    assert_eq!(run.code, 0, "tatsu {args:?} failed: {}", run.stderr);
    run.stdout
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

/// The destination squares of `tatsu piece … --json`.
fn destinations(args: &[&str]) -> BTreeSet<String> {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    let v = json(&all);
    moves_of(&v)
        .iter()
        .map(|m| m["to"].as_str().expect("to").to_string())
        .collect()
}

/// The `moves` list of a `--json` answer.
fn moves_of(v: &Value) -> &Vec<Value> {
    v["moves"].as_array().expect("a moves list")
}

/// The `must_be_empty` squares of `tatsu piece … --json`.
fn must_be_empty(v: &Value) -> BTreeSet<String> {
    v["must_be_empty"]
        .as_array()
        .expect("a must_be_empty list")
        .iter()
        .map(|s| s.as_str().expect("a square").to_string())
        .collect()
}

fn count(args: &[&str]) -> usize {
    destinations(args).len()
}

/// An error: exit status 1, one `error:` message on stderr, nothing on stdout, no panic.
fn fails_with(args: &[&str], needle: &str) {
    let stderr = exits_with(args, 1, needle);
    assert!(stderr.starts_with("error: "), "stderr: {stderr}");
}

/// A usage error: exit status 2 (clap's, or the command's own range checks), the reason on stderr, nothing on
/// stdout, no panic.
fn usage_error(args: &[&str], needle: &str) {
    exits_with(args, 2, needle);
}

/// Runs `tatsu args`, which must exit with `code`, say `needle` on stderr without panicking and print nothing on
/// stdout; returns stderr.
fn exits_with(args: &[&str], code: i32, needle: &str) -> String {
    let run = tatsu(args);
    assert_eq!(
        run.code, code,
        "tatsu {args:?}: {}{}",
        run.stdout, run.stderr
    );
    assert!(
        run.stderr.contains(needle),
        "tatsu {args:?}: stderr lacks `{needle}`: {}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(
        run.stdout.is_empty(),
        "tatsu {args:?}: stdout: {}",
        run.stdout
    );
    run.stderr
}

fn golden(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/cli")
        .join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, actual).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing {}; run with BLESS=1", path.display()));
    assert_eq!(actual, expected, "output differs from {}", path.display());
}

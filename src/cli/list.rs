//! `tatsu list`: the bundled games, each with the one-line `description` of its variant file.
use super::common::emit;
use serde_json::json;
use std::process::ExitCode;
use tatsu::dsl::{self, ast::StatementKind};

/// List the bundled games with a one-line description each (the `description` line of their variant files).
///
/// Examples:
///   tatsu list
///   tatsu list --json
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ListArgs {
    /// Print a JSON array of {name, title, description}.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &ListArgs) -> ExitCode {
    let games: Vec<(&str, String, String)> = tatsu::variants::bundled()
        .iter()
        .map(|(name, source)| {
            let (title, description) = title_and_description(name, source);
            (*name, title, description)
        })
        .collect();
    if args.json {
        let list: Vec<serde_json::Value> = games
            .iter()
            .map(|(name, title, description)| {
                json!({"name": name, "title": title, "description": description})
            })
            .collect();
        emit(&format!("{}\n", serde_json::Value::Array(list)));
        return ExitCode::SUCCESS;
    }
    let width = games.iter().map(|(n, _, _)| n.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (name, _, description) in &games {
        out += &format!("{name:<width$}  {description}\n");
    }
    emit(&out);
    ExitCode::SUCCESS
}

/// The `title` and `description` statements of a variant's source (empty when absent).
fn title_and_description(name: &str, source: &str) -> (String, String) {
    let mut title = String::new();
    let mut description = String::new();
    if let Ok(file) = dsl::parse(name, source) {
        for st in file.statements {
            match st.kind {
                StatementKind::Title(t) => title = t.value,
                StatementKind::Description(d) => description = d.value,
                _ => {}
            }
        }
    }
    (title, description)
}

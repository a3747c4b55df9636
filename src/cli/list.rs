//! `tatsu list`: the bundled games, each with the one-line `description` of its variant file.
use super::common::{emit, print_json};
use super::error::CliError;
use serde::Serialize;
use tatsu::dsl::{self, ast::StatementKind};

/// List the bundled games with a one-line description each (the `description` line of their variant files) and
/// the other names they are found by (their `aliases`).
///
/// Examples:
///   tatsu list
///   tatsu list --json
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ListArgs {
    /// Print JSON (schema `tatsu.list/1`): the games, each with its name, title, description and aliases.
    #[arg(long)]
    pub json: bool,
}

/// `list --json` (schema `tatsu.list/1`).
#[derive(Serialize)]
struct ListJson {
    schema: &'static str,
    games: Vec<GameJson>,
}

#[derive(Serialize)]
struct GameJson {
    name: &'static str,
    title: String,
    description: String,
    /// The file's `aliases`: other names the game is found by.
    aliases: Vec<String>,
}

pub fn run(args: &ListArgs) -> Result<(), CliError> {
    let games: Vec<GameJson> = tatsu::variants::bundled()
        .iter()
        .map(|(name, source)| {
            let (title, description) = title_and_description(name, source);
            let aliases = tatsu::variants::aliases()
                .iter()
                .filter(|(_, game)| game == name)
                .map(|(alias, _)| alias.to_string())
                .collect();
            GameJson {
                name,
                title,
                description,
                aliases,
            }
        })
        .collect();
    if args.json {
        return print_json(&ListJson {
            schema: "tatsu.list/1",
            games,
        });
    }
    let width = games.iter().map(|g| g.name.len()).max().unwrap_or(0);
    let mut out = String::new();
    for g in &games {
        out += &format!("{:<width$}  {}", g.name, g.description);
        if !g.aliases.is_empty() {
            out += &format!(" (also: {})", g.aliases.join(", "));
        }
        out += "\n";
    }
    emit(&out);
    Ok(())
}

/// The `title` and `description` statements of a variant's source (empty when absent).
fn title_and_description(name: &str, source: &str) -> (String, String) {
    let mut title = String::new();
    let mut description = String::new();
    // Whatever statements read cleanly give their text; a syntax error elsewhere does not hide them.
    let (file, _) = dsl::parse(name, source);
    for st in file.statements {
        match st.kind {
            StatementKind::Title(t) => title = t.value,
            StatementKind::Description(d) => description = d.value,
            _ => {}
        }
    }
    (title, description)
}

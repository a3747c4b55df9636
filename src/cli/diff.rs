//! `tatsu diff OLD NEW`: what changed between two versions of a game, and where their play first differs.
use super::common::{emit, load_engine, print_json};
use super::error::{CliError, Status};
use serde::Serialize;
use tatsu::diff::{first_disagreement, rule_changes, Change, Disagreement};

/// What changed between two versions of a variant, in the designer's terms: board and zones, rules, each piece's
/// destinations on an empty board per zone, promotion, drops, castling, the game end, and the first line of play
/// where the two disagree. Exit status 0 if nothing changed, 1 if something did.
///
/// Examples:
///   tatsu diff ryu-shogi heian-ryu-shogi
///   tatsu diff my-game-v1.tatsu my-game-v2.tatsu --depth 5
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct DiffArgs {
    /// The old version (a bundled game's name or a variant file).
    pub old: String,
    /// The new version.
    pub new: String,
    /// How many plies from the start to search for the first disagreement in play.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=6))]
    pub depth: u32,
    /// Print JSON instead (schema `tatsu.diff/1`).
    #[arg(long)]
    pub json: bool,
}

/// `diff --json` (schema `tatsu.diff/1`): the changes, and the first disagreement in play or the equal counts.
#[derive(Serialize)]
struct DiffJson<'a> {
    schema: &'static str,
    old: &'a str,
    new: &'a str,
    changes: Vec<ChangeJson<'a>>,
    /// `None` when the two agree within the depth searched.
    first_disagreement: Option<&'a Disagreement>,
    /// Perft in both versions, per depth, when they agree.
    equal_perft: Option<&'a [u64]>,
}

#[derive(Serialize)]
struct ChangeJson<'a> {
    /// `added`, `removed` or `changed`.
    change: &'static str,
    text: &'a str,
}

pub fn run(args: &DiffArgs) -> Result<(), CliError> {
    let old = load_engine(&args.old)?;
    let new = load_engine(&args.new)?;
    let changes = rule_changes(&old.game, &new.game);
    let play = first_disagreement(&old, &new, args.depth);
    if args.json {
        print_json(&DiffJson {
            schema: "tatsu.diff/1",
            old: &old.game.name,
            new: &new.game.name,
            changes: changes.iter().map(change_json).collect(),
            first_disagreement: play.as_ref().ok(),
            equal_perft: play.as_ref().err().map(Vec::as_slice),
        })?;
    } else {
        emit(&report(&old.game.name, &new.game.name, &changes, &play));
    }
    if changes.is_empty() && play.is_err() {
        Ok(())
    } else {
        Err(CliError::reported(Status::Input))
    }
}

fn change_json(c: &Change) -> ChangeJson<'_> {
    let change = match c.mark {
        '+' => "added",
        '-' => "removed",
        _ => "changed",
    };
    ChangeJson {
        change,
        text: &c.text,
    }
}

fn report(
    old: &str,
    new: &str,
    changes: &[Change],
    play: &Result<Disagreement, Vec<u64>>,
) -> String {
    let mut out = format!(
        "{old} → {new}: {} rule change{}\n",
        changes.len(),
        if changes.len() == 1 { "" } else { "s" }
    );
    for c in changes {
        out += &format!("  {} {}\n", c.mark, c.text);
    }
    match play {
        Ok(d) => {
            let path = if d.path.is_empty() {
                "the start position".to_string()
            } else {
                format!("after {}", d.path.join(" "))
            };
            out += &format!("first disagreement in play: {path}\n");
            if !d.only_old.is_empty() {
                out += &format!("  legal only in {old}: {}\n", d.only_old.join(" "));
            }
            if !d.only_new.is_empty() {
                out += &format!("  legal only in {new}: {}\n", d.only_new.join(" "));
            }
        }
        Err(counts) => {
            let list: Vec<String> = counts.iter().map(u64::to_string).collect();
            out += &format!(
                "no disagreement in play within {} plies of the start (perft {} in both)\n",
                counts.len(),
                list.join(", ")
            );
        }
    }
    out
}

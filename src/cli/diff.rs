//! `tatsu diff OLD NEW`: what changed between two versions of a game, and where their play first differs.
use super::common::{emit, load_engine};
use serde_json::json;
use std::process::ExitCode;
use tatsu::diff::{first_disagreement, rule_changes};

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
    /// Print a JSON object instead.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &DiffArgs) -> ExitCode {
    let (old, new) = match (load_engine(&args.old), load_engine(&args.new)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let changes = rule_changes(&old.game, &new.game);
    let play = first_disagreement(&old, &new, args.depth);
    if args.json {
        let list: Vec<serde_json::Value> = changes
            .iter()
            .map(|c| json!({"change": c.mark.to_string(), "text": c.text}))
            .collect();
        let play = match &play {
            Ok(d) => json!({"path": d.path, "only_old": d.only_old, "only_new": d.only_new}),
            Err(counts) => json!({"equal_perft": counts}),
        };
        emit(&format!(
            "{}\n",
            json!({"old": old.game.name, "new": new.game.name, "changes": list, "first_disagreement": play})
        ));
    } else {
        let mut out = format!(
            "{} → {}: {} rule change{}\n",
            old.game.name,
            new.game.name,
            changes.len(),
            if changes.len() == 1 { "" } else { "s" }
        );
        for c in &changes {
            out += &format!("  {} {}\n", c.mark, c.text);
        }
        out += &match &play {
            Ok(d) => {
                let path = if d.path.is_empty() {
                    "the start position".to_string()
                } else {
                    format!("after {}", d.path.join(" "))
                };
                let mut s = format!("first disagreement in play: {path}\n");
                if !d.only_old.is_empty() {
                    s += &format!(
                        "  legal only in {}: {}\n",
                        old.game.name,
                        d.only_old.join(" ")
                    );
                }
                if !d.only_new.is_empty() {
                    s += &format!(
                        "  legal only in {}: {}\n",
                        new.game.name,
                        d.only_new.join(" ")
                    );
                }
                s
            }
            Err(counts) => {
                let list: Vec<String> = counts.iter().map(u64::to_string).collect();
                format!(
                    "no disagreement in play within {} plies of the start (perft {} in both)\n",
                    counts.len(),
                    list.join(", ")
                )
            }
        };
        emit(&out);
    }
    if changes.is_empty() && play.is_err() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

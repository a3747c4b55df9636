//! `tatsu diff OLD NEW`: what changed between two versions of a game, and where their play first differs.
use super::common::{emit, load_engine, print_json, progress_bar};
use super::error::{CliError, Status};
use serde::Serialize;
use tatsu::diff::{first_disagreement_with, rule_changes, Change, Disagreement, Progress};

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
    /// Count on this many threads, 1 to 256 (default: every core).
    #[arg(long, value_parser = super::bounds::within(1, tatsu::search::MAX_THREADS as u32))]
    pub threads: Option<u32>,
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
    let changes = rule_changes(&old, &new);
    let play = compare_play(&old, &new, args);
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

/// The first disagreement in play, with a progress bar per depth on a terminal: deep counts of a large game take
/// minutes (chu-shogi to depth 6).
fn compare_play(
    old: &tatsu::engine::Engine,
    new: &tatsu::engine::Engine,
    args: &DiffArgs,
) -> Result<Disagreement, Vec<u64>> {
    let threads = super::common::threads_or_every_core(args.threads);
    // One bar per depth; `progress_bar` is nothing when stderr is not a terminal.
    let mut depth = 0;
    let mut bar: Option<indicatif::ProgressBar> = None;
    let play = first_disagreement_with(old, new, args.depth, threads, |p: Progress| {
        if p.depth != depth {
            depth = p.depth;
            if let Some(done) = bar.take() {
                done.finish_and_clear();
            }
            let command = format!("diff: perft {depth} in both");
            bar = progress_bar(p.total as u64, &command, "first moves");
        }
        if let Some(bar) = &bar {
            bar.set_position(p.done as u64);
        }
    });
    if let Some(done) = bar {
        done.finish_and_clear();
    }
    play
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

//! `tatsu export VARIANT --to fsf`: the game in another engine's format (or an Interactive Diagram page), or the
//! list of what the target cannot say.
use super::common::{emit, load_engine, print_json};
use super::error::CliError;
use clap::ValueEnum;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// A Fairy-Stockfish `variants.ini` section (load it with `load <file>` or `pyffish.load_variant_config`).
    Fsf,
    /// A Sjaak II variant definition (load it with `load <file>` in Sjaak II's console).
    Sjaak,
    /// An HTML page with H. G. Muller's Interactive Diagram (chessvariants.com) for the game.
    Diagram,
}

/// Write the game for another engine; refuse, listing every rule the engine cannot express, unless `--lossy`.
///
/// Examples:
///   tatsu export euroshogi --to fsf
///   tatsu export chess --to fsf --lossy -o chess.ini
///   tatsu export ryu-shogi --to fsf            # refused: FSF cannot say zone-dependent moves
///   tatsu export shogi --to diagram --lossy -o shogi.html   # an Interactive Diagram page
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ExportArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    /// The target engine's format.
    #[arg(long, value_enum)]
    pub to: Target,
    /// Write it even if rules must be left out; each is named in a comment at the top.
    #[arg(long)]
    pub lossy: bool,
    /// The name of the exported variant (default: `tatsu-` and the game's name, which no FSF built-in has).
    #[arg(long)]
    pub name: Option<String>,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Print one JSON object instead (schema `tatsu.export/1`: the text, or the file written, and what was left
    /// out; a refusal is `"ok": false` with the rules it cannot say, exit status 1).
    #[arg(long)]
    pub json: bool,
}

/// `export --json` (schema `tatsu.export/1`).
#[derive(serde::Serialize)]
struct ExportJson<'a> {
    schema: &'static str,
    ok: bool,
    target: &'a str,
    name: &'a str,
    /// The exported text, when it is not written to a file.
    text: Option<&'a str>,
    /// The file written, with `--output`.
    output: Option<String>,
    /// The rules left out (`--lossy`).
    left_out: Vec<String>,
    /// Why the export was refused: the rules the target cannot say (`--lossy` leaves them out) and the problems
    /// no export gets round.
    inexpressible: Vec<String>,
    fatal: Vec<String>,
}

pub fn run(args: &ExportArgs) -> Result<(), CliError> {
    let engine = load_engine(&args.variant)?;
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| format!("tatsu-{}", engine.game.name));
    let exported = match args.to {
        Target::Fsf => tatsu::export::to_fsf(&engine.game, &name, args.lossy),
        Target::Sjaak => tatsu::export::to_sjaak(&engine.game, &name, args.lossy),
        Target::Diagram => tatsu::export::to_diagram(&engine.game, &name, args.lossy),
    };
    let target = match args.to {
        Target::Fsf => "fsf",
        Target::Sjaak => "sjaak",
        Target::Diagram => "diagram",
    };
    let exported = match exported {
        Ok(exported) => exported,
        Err(refusal) if args.json => {
            print_json(&ExportJson {
                schema: "tatsu.export/1",
                ok: false,
                target,
                name: &name,
                text: None,
                output: None,
                left_out: Vec::new(),
                inexpressible: refusal.inexpressible,
                fatal: refusal.fatal,
            })?;
            return Err(CliError::reported(super::error::Status::Input));
        }
        Err(refusal) => return Err(CliError::input(refusal.to_string())),
    };
    if args.json {
        if let Some(path) = &args.output {
            write(path, &exported.text)?;
        }
        return print_json(&ExportJson {
            schema: "tatsu.export/1",
            ok: true,
            target,
            name: &name,
            text: args.output.is_none().then_some(exported.text.as_str()),
            output: args.output.as_ref().map(|p| p.display().to_string()),
            left_out: exported.dropped.iter().map(|d| d.to_string()).collect(),
            inexpressible: Vec::new(),
            fatal: Vec::new(),
        });
    }
    for d in &exported.dropped {
        eprintln!("warning: left out: {d}");
    }
    match &args.output {
        Some(path) => write(path, &exported.text),
        None => {
            emit(&exported.text);
            Ok(())
        }
    }
}

fn write(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text)
        .map_err(|io| CliError::input(format!("cannot write `{}`: {io}", path.display())))
}

//! `tatsu export VARIANT --to fsf`: the game in another engine's format (or an Interactive Diagram page), or the
//! list of what the target cannot say.
use super::common::{emit, load_engine};
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
    }
    .map_err(|refusal| CliError::input(refusal.to_string()))?;
    for d in &exported.dropped {
        eprintln!("warning: left out: {d}");
    }
    match &args.output {
        Some(path) => std::fs::write(path, &exported.text)
            .map_err(|io| CliError::input(format!("cannot write `{}`: {io}", path.display()))),
        None => {
            emit(&exported.text);
            Ok(())
        }
    }
}

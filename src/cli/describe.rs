//! `tatsu describe`: the rules of a variant, written from its compiled data, as Markdown or HTML.
use super::common::{emit, load_engine, print_json};
use super::error::CliError;
use clap::ValueEnum;
use tatsu::render::{html, markdown, rulebook};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Markdown, boards as Unicode text.
    Md,
    /// One self-contained HTML page, boards as inline SVG.
    Html,
}

/// Write the rules of a variant from its compiled data, as Markdown or HTML.
///
/// The page covers the board and zones (drawn), every piece per zone in plain English with a diagram, promotion,
/// drops, castling, and how the game ends. Nothing in it is written per game.
///
/// Examples:
///   tatsu describe ryu-shogi
///   tatsu describe ryugi --format html > ryugi.html
///   tatsu describe path/to/my-variant.tatsu
///   tatsu describe chess --json
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct DescribeArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    #[arg(long, value_enum, default_value_t = Format::Md)]
    pub format: Format,
    /// Print the compiled rules as one JSON object instead (board, zones, pieces with their XBetza per zone,
    /// promotion, drops, end rules).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

pub fn run(args: DescribeArgs) -> Result<(), CliError> {
    let engine = load_engine(&args.variant)?;
    if args.json {
        return print_json(&tatsu::describe::DescribeJson::new(&engine));
    }
    let doc = rulebook::rulebook(&engine);
    emit(&match args.format {
        Format::Md => markdown::render(&doc),
        Format::Html => html::render(&doc),
    });
    Ok(())
}

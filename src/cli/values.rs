//! `tatsu values`: the value the evaluation gives every piece, estimated from its moves alone.
use super::common::{emit, load_engine, print_json};
use super::error::CliError;
use serde::Serialize;
use tatsu::eval::Evaluator;

/// Print the estimated value of every piece (promoted forms included), as the engine's evaluation uses it.
///
/// Values are in centipawns, estimated from each piece's moves on an empty board (reach, blocking, capture-only
/// and move-only moves, forward moves): no game's values are written anywhere. `reach` is the average number of
/// destinations over all squares; `mobility` the weighted average the value comes from; `forward` the share of
/// destinations that lie forward.
///
/// Examples:
///   tatsu values chess
///   tatsu values ryu-shogi --json
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ValuesArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `values --json` (schema `tatsu.values/1`).
#[derive(Serialize)]
struct ValuesJson {
    schema: &'static str,
    variant: String,
    density: f64,
    pieces: Vec<PieceJson>,
}

#[derive(Serialize)]
struct PieceJson {
    symbol: String,
    name: String,
    /// Centipawns on the board, and in hand (equal where the piece is never dropped).
    value: i32,
    hand: i32,
    reach: f64,
    mobility: f64,
    forward: f64,
    royal: bool,
    promoted: bool,
    /// For a piece a flag rule names: the most its square terms add as it nears its zone.
    #[serde(skip_serializing_if = "Option::is_none")]
    flag_bonus: Option<i32>,
}

pub fn run(args: ValuesArgs) -> Result<(), CliError> {
    let engine = load_engine(&args.variant)?;
    let eval = Evaluator::new(&engine);
    let game = &engine.game;
    let mut rows: Vec<_> = eval.estimates.iter().collect();
    rows.sort_by_key(|e| (std::cmp::Reverse(e.value), e.piece));
    if args.json {
        return print_json(&ValuesJson {
            schema: "tatsu.values/1",
            variant: game.name.clone(),
            density: round2(eval.density),
            pieces: rows
                .iter()
                .map(|e| {
                    let piece = game.piece(e.piece);
                    PieceJson {
                        symbol: piece.symbol.clone(),
                        name: piece.name.clone(),
                        value: e.value,
                        hand: e.hand,
                        reach: round2(e.reach),
                        mobility: round2(e.mobility),
                        forward: round2(e.forward),
                        royal: e.royal,
                        promoted: piece.promoted,
                        flag_bonus: eval.flag_bonus[e.piece.index()],
                    }
                })
                .collect(),
        });
    }
    let width = rows
        .iter()
        .map(|e| game.piece(e.piece).name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut text = format!(
        "{}: estimated piece values in centipawns (occupation density {:.2})\n",
        game.title, eval.density
    );
    text += &format!(
        "{:<6} {:<width$} {:>6} {:>6} {:>6} {:>8} {:>8}\n",
        "piece", "name", "value", "hand", "reach", "mobility", "forward"
    );
    for e in rows {
        let piece = game.piece(e.piece);
        let hand = if game.drops && piece.drop.is_some() {
            e.hand.to_string()
        } else {
            "-".into()
        };
        let mut note = if e.royal { "  (royal)" } else { "" }.to_string();
        if let Some(most) = eval.flag_bonus[e.piece.index()] {
            note += &format!("  (flag piece: up to +{most} as it nears its zone)");
        }
        text += &format!(
            "{:<6} {:<width$} {:>6} {:>6} {:>6.2} {:>8.2} {:>7.0}%{note}\n",
            piece.symbol,
            piece.name,
            e.value,
            hand,
            e.reach,
            e.mobility,
            e.forward * 100.0
        );
    }
    emit(&text);
    Ok(())
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

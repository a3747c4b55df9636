//! `tatsu show`: draw a position, with hands, side to move, check and the result if the game is over.
use super::common::{emit, print_json, reason_key, side_key};
use super::error::CliError;
use serde::Serialize;
use std::collections::BTreeMap;
use tatsu::engine::Position;
use tatsu::render::text::{self, Style};
use tatsu::render::{side_name, View};
use tatsu::rules::Side;

/// Draw a position: the board, the hands, who is to move, check, and the result if the game is over.
///
/// Examples:
///   tatsu show ryu-shogi
///   tatsu show ryugi --moves e2c3 e9c8 --ascii
///   tatsu show euroshogi --flip
///   tatsu show heian-ryu-shogi --fen "3k3/6p/7/7/7/7/7/7/7/7/7/3K3[G] w" --moves G@c2
///   tatsu show euroshogi --fen "k7/1P6/1G6/8/8/8/8/7K[-] b"
///   tatsu show chess --moves e2e4 --json
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ShowArgs {
    #[command(flatten)]
    pub position: super::position::PositionArgs,
    /// Plain ASCII instead of Unicode box drawing.
    #[arg(long)]
    pub ascii: bool,
    /// Draw the board from the second player's side.
    #[arg(long)]
    pub flip: bool,
    /// Print one JSON object: board, hands, side to move, check, result and FEN.
    #[arg(long)]
    pub json: bool,
}

/// `show --json` (schema `tatsu.show/1`).
#[derive(Serialize)]
struct ShowJson {
    schema: &'static str,
    variant: String,
    title: String,
    fen: String,
    /// The ranks from the last to the first (as drawn), each from the `a` file on: a piece's FEN symbol
    /// (upper case White, lower case Black) or `null` for an empty square.
    board: Vec<Vec<Option<String>>>,
    /// Pieces in hand per side (FEN symbols as White writes them, with counts); `null` in a game without drops.
    hands: Option<BTreeMap<&'static str, BTreeMap<String, u32>>>,
    side_to_move: &'static str,
    bonus_turn: bool,
    in_check: bool,
    /// `null` while the game goes on.
    result: Option<ResultJson>,
}

/// A finished game.
#[derive(Serialize)]
pub struct ResultJson {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// `white`, `black`, or `null` for a draw.
    pub winner: Option<&'static str>,
    /// `checkmate`, `stalemate`, `repetition`, `perpetual_check`, `move_limit`, `bare_king` or
    /// `insufficient_material`.
    pub reason: &'static str,
}

impl From<tatsu::engine::Outcome> for ResultJson {
    fn from(outcome: tatsu::engine::Outcome) -> ResultJson {
        ResultJson {
            score: match outcome.winner {
                Some(Side::White) => "1-0",
                Some(Side::Black) => "0-1",
                None => "1/2-1/2",
            },
            winner: outcome.winner.map(side_key),
            reason: reason_key(outcome.reason),
        }
    }
}

fn to_json(pos: &mut Position) -> ShowJson {
    let game = pos.game();
    let g = game.geometry;
    let board = (0..i32::from(g.ranks))
        .rev()
        .map(|rank| {
            (0..i32::from(g.files))
                .map(|file| {
                    let sq = g.square(file, rank)?;
                    let (piece, side) = pos.piece_at(sq)?;
                    Some(tatsu::setup::symbol_for(&game.piece(piece).symbol, side))
                })
                .collect()
        })
        .collect();
    let hands = game.drops.then(|| {
        [Side::White, Side::Black]
            .into_iter()
            .map(|side| {
                let hand = pos
                    .hand(side)
                    .iter()
                    .enumerate()
                    .filter(|(_, &n)| n > 0)
                    .map(|(p, &n)| (game.pieces[p].symbol.clone(), u32::from(n)))
                    .collect();
                (side_key(side), hand)
            })
            .collect()
    });
    ShowJson {
        schema: "tatsu.show/1",
        variant: game.name.clone(),
        title: game.title.clone(),
        fen: pos.to_fen(),
        board,
        hands,
        side_to_move: side_key(pos.side_to_move()),
        bonus_turn: pos.bonus_pending(),
        in_check: pos.in_check(),
        result: pos.outcome().map(ResultJson::from),
    }
}

/// A hand in words: `G P×2`, or `empty`.
fn hand_text(pos: &Position, side: Side) -> String {
    let game = pos.game();
    let items: Vec<String> = pos
        .hand(side)
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(p, &n)| {
            let symbol = tatsu::setup::symbol_for(&game.pieces[p].symbol, side);
            if n == 1 {
                symbol
            } else {
                format!("{symbol}×{n}")
            }
        })
        .collect();
    if items.is_empty() {
        "empty".into()
    } else {
        items.join(" ")
    }
}

pub fn run(args: ShowArgs) -> Result<(), CliError> {
    args.position.run(|pos| draw(&args, pos))
}

fn draw(args: &ShowArgs, mut pos: Position) -> Result<(), CliError> {
    if args.json {
        return print_json(&to_json(&mut pos));
    }
    let game = pos.game();
    let mut view = View::position(&pos);
    view.flip = args.flip;
    let style = if args.ascii {
        Style::Ascii
    } else {
        Style::Unicode
    };
    let title = if game.title.is_empty() {
        game.name.clone()
    } else {
        game.title.clone()
    };
    let mut out = format!("{title}\n");
    let (top, bottom) = if args.flip {
        (Side::White, Side::Black)
    } else {
        (Side::Black, Side::White)
    };
    if game.drops {
        out += &format!("{} in hand: {}\n", side_name(top), hand_text(&pos, top));
    }
    out += &text::board(&view, style);
    if game.drops {
        out += &format!(
            "{} in hand: {}\n",
            side_name(bottom),
            hand_text(&pos, bottom)
        );
    }
    let us = pos.side_to_move();
    let mut status = format!("{} to move", side_name(us));
    if pos.bonus_pending() {
        let pass = game.bonus_turn.as_ref().is_some_and(|b| b.may_pass);
        status += if pass {
            " (a bonus turn: it moves again, or passes with 0000)"
        } else {
            " (a bonus turn: it moves again)"
        };
    }
    if pos.in_check() {
        status += &format!("; {} is in check", side_name(us));
    }
    out += &format!("{status}\n");
    if let Some(outcome) = pos.outcome() {
        out += &format!("Game over: {outcome}\n");
    }
    out += &format!("FEN: {}\n", pos.to_fen());
    emit(&out);
    Ok(())
}

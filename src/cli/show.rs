//! `tatsu show`: draw a position, with hands, side to move, check and the result if the game is over.
use super::common::emit;
use std::process::ExitCode;
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
            let symbol = tatsu::engine::fen::symbol_for(&game.pieces[p].symbol, side);
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

pub fn run(args: ShowArgs) -> ExitCode {
    args.position.run(|pos| draw(&args, pos))
}

fn draw(args: &ShowArgs, mut pos: Position) -> ExitCode {
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
    ExitCode::SUCCESS
}

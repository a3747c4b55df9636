//! The rule book's castling section: who castles with whom, the castlings of the start position as a table, and
//! fixed-file (Chess960) castling in words.
use super::doc::{Block, Doc};
use super::rulebook::{list_words, royal_names};
use crate::engine::{Engine, Position};
use crate::rules::Game;

/// The castlings to show: all of them, but under fixed-file castling (one castling per square the king may stand
/// on) those of the start position.
pub fn start_castlings<'g>(game: &'g Game, start: &Position) -> Vec<&'g crate::rules::Castling> {
    let fixed = game.castling_rights.iter().any(|r| r.king_from.is_none());
    let from_start = |c: &&crate::rules::Castling| {
        let right = &game.castling_rights[c.right];
        !fixed
            || start.piece_at(c.king_from) == Some((right.king, right.side))
                && start
                    .piece_at(c.rook_from)
                    .is_some_and(|(p, s)| s == right.side && right.rooks.contains(&p))
    };
    game.castlings.iter().filter(from_start).collect()
}

pub(super) fn castling_section(engine: &Engine, doc: &mut Doc) {
    let game = &engine.game;
    if game.castlings.is_empty() {
        return;
    }
    let g = game.geometry;
    doc.heading(2, "Castling");
    let start = Position::start(engine);
    // The declared partner types (not whatever stands where a castling's partner would: under fixed-file
    // castling a castling exists for every square).
    let mut partners: Vec<String> = Vec::new();
    for right in &game.castling_rights {
        for &p in &right.rooks {
            let name = game.piece(p).name.clone();
            if !partners.contains(&name) {
                partners.push(name);
            }
        }
    }
    if partners.is_empty() {
        partners.push("piece".into());
    }
    let royal = royal_names(game);
    doc.para(format!(
        "Once per game, the {} may castle with a {} on its start square, if neither has moved: the {} moves \
         toward it and the {} lands on the square next to it on the inner side. Every square listed as \"must be \
         empty\" must be empty, and the {} may not be in check, pass over an attacked square or land on one. \
         Each castling right is written with a letter in the FEN.",
        list_words(&royal),
        list_words(&partners),
        list_words(&royal),
        list_words(&partners),
        list_words(&royal)
    ));
    let fixed = game.castling_rights.iter().any(|r| r.king_from.is_none());
    if fixed {
        doc.para(fixed_files_text(game, &royal, &partners));
    }
    if game.castling_rights.iter().any(|r| r.by_drop) {
        doc.para(format!(
            "**Castling rights gained by drops**: a castling right is gained when a drop puts the {king} on its \
             square in the table while a {rook} stands on that castling's {rook} square, or a {rook} there while \
             the {king} stands on its square (whether or not they moved before).",
            king = list_words(&royal),
            rook = list_words(&partners)
        ));
    }
    let mut castlings = start_castlings(game, &start);
    castlings.sort_by_key(|c| (game.castling_rights[c.right].side, c.king_to));
    let rows = castlings
        .iter()
        .map(|c| {
            let right = &game.castling_rights[c.right];
            let names = |v: &[crate::rules::Square]| {
                v.iter().map(|&s| g.name(s)).collect::<Vec<_>>().join(" ")
            };
            vec![
                format!("{} (`{}`)", super::side_name(right.side), right.letter),
                if c.move_to == c.king_to {
                    format!("`{}{}`", g.name(c.king_from), g.name(c.king_to))
                } else {
                    format!(
                        "`{}{}` (to {})",
                        g.name(c.king_from),
                        g.name(c.move_to),
                        g.name(c.king_to)
                    )
                },
                format!("{}–{}", g.name(c.rook_from), g.name(c.rook_to)),
                names(&c.empty),
                names(&c.safe),
            ]
        })
        .collect();
    doc.blocks.push(Block::Table {
        header: vec![
            "Player (right)".into(),
            "King's move".into(),
            list_words(&partners),
            "Must be empty".into(),
            "Must not be attacked".into(),
        ],
        rows,
    });
}

/// Fixed-file castling in words: where king and partner end, the notation and the FEN letters.
fn fixed_files_text(game: &Game, royal: &[String], partners: &[String]) -> String {
    let file = |kingside: bool| {
        game.castling_king_file(None, kingside)
            .map_or(String::new(), betza::diagram::file_name)
    };
    format!(
        "Castling does not depend on where the {king} and the {rook} start on the rank (Chess960 castling): toward \
         the higher files the {king} always ends on the {high}-file, toward the lower on the {low}-file, and the \
         {rook} beside it on the inner side. The table shows the castlings of the start position. A castling is \
         written as the {king} taking its own {rook} (`e1h1`), and each right by the file letter of its {rook} \
         (`H`, `a`); `K` and `Q` in a FEN name the outermost {rook} on that side.",
        king = list_words(royal),
        rook = list_words(partners),
        high = file(true),
        low = file(false)
    )
}

//! The rule book's hands: how a piece is dropped (its line in the piece's section), the Drops section and the
//! Gating section, written from the compiled drop and gating rules.
use super::doc::Doc;
use super::rulebook::{list_words, piece_ref, zone_words};
use crate::inspect;
use crate::rules::{Game, PieceId, Side, SquareSet, ZoneId};

/// The piece's drop rule in words (or where it goes when captured), if it has one.
pub(super) fn drop_line(game: &Game, id: PieceId) -> Option<String> {
    let p = game.piece(id);
    if let Some(drop) = &p.drop {
        // `drops reserve`: nothing goes to hand; the start position's hands are all there is.
        let reserve = !game.pieces.iter().any(|q| q.in_hand.is_some());
        let mut line = if game.gating_only() {
            "**Gating**: one held in hand since the start (captured pieces leave the game) is never dropped; it may be \
             brought onto a gating square by gating (see Gating)"
        } else if reserve {
            "**Drops**: one held in hand since the start (captured pieces leave the game) may be dropped on any empty square"
        } else {
            "**Drops**: a captured one may be dropped from hand on any empty square"
        }
        .to_string();
        let mut not: Vec<String> = Vec::new();
        if !drop.forbidden[0].is_empty() || !drop.forbidden[1].is_empty() {
            not.push(forbidden_words(game, &drop.forbidden));
        }
        let dead: [SquareSet; 2] = [0, 1].map(|s| {
            p.dead[s]
                .iter()
                .filter(|&sq| !drop.forbidden[s].contains(sq))
                .collect()
        });
        if !dead[0].is_empty() {
            not.push(format!(
                "squares from which it could never move ({} for White, {} for Black)",
                inspect::squares_in_words(game, &dead[0]),
                inspect::squares_in_words(game, &dead[1])
            ));
        }
        if !not.is_empty() {
            line += &format!(" except {}", list_words(&not));
        }
        line.push('.');
        match drop.per_file {
            Some(1) => {
                line += &format!(
                    " Not on a file that already holds an unpromoted {} of the same player.",
                    p.name
                )
            }
            Some(n) => {
                line += &format!(
                    " Not on a file that already holds {n} unpromoted {}s of the same player.",
                    p.name
                )
            }
            None => {}
        }
        if drop.no_drop_mate {
            line += " A drop of it may not give checkmate (giving check is allowed).";
        }
        if let Some(promoted) = drop.as_promoted {
            line += &format!(" It may also be dropped as {}.", piece_ref(game, promoted));
        }
        if drop.opposite_colours {
            line += &format!(
                " Its drops keep a player's {name}s on both square colours: a {name} may not be dropped on a colour \
                 that already holds half of them (rounded up, counting those in hand), and no other piece may be \
                 dropped where that would leave too few squares of a colour for the {name}s still to come.",
                name = p.name
            );
        }
        if p.royal {
            line += " While it is in hand its player has no royal piece on the board, so cannot be in check; it may \
                     not be dropped on an attacked square.";
        }
        return Some(line);
    } else if game.drops && !p.royal && !p.promoted {
        if let Some(base) = p.in_hand.filter(|&b| b != id) {
            return Some(format!(
                "Captured, it goes to the captor's hand as {}.",
                piece_ref(game, base)
            ));
        }
    }
    None
}

fn forbidden_words(game: &Game, set: &[SquareSet; 2]) -> String {
    for (i, z) in game.zones.iter().enumerate() {
        if &z.squares == set {
            return format!("in the dropper's {}", zone_words(game, ZoneId(i as u16)));
        }
    }
    format!(
        "on {} for White and {} for Black",
        inspect::squares_in_words(game, &set[0]),
        inspect::squares_in_words(game, &set[1])
    )
}

pub(super) fn drops_section(game: &Game, doc: &mut Doc) {
    if !game.drops {
        return;
    }
    let reserve = !game.pieces.iter().any(|q| q.in_hand.is_some());
    if let Some(gating) = &game.gating {
        gating_section(game, gating, reserve, doc);
        if gating.only {
            return;
        }
    }
    doc.heading(2, "Drops");
    doc.para(if reserve {
        "A captured piece leaves the game: the hands hold only what the start position gives them. On their turn, \
         instead of moving, a player may drop one piece from their hand on an empty square; the drop is the whole move, \
         and a dropped piece never promotes on the drop. Where each piece may be dropped is given with the piece."
    } else {
        "A captured piece changes sides: it goes to the captor's hand, in its unpromoted form. On their turn, instead of \
         moving, a player may drop one piece from their hand on an empty square; the drop is the whole move, and a \
         dropped piece never promotes on the drop. Where each piece may be dropped is given with the piece."
    });
    if let Some(bonus) = &game.bonus_turn {
        doc.para(format!(
            "**Bonus turn**: a player who drops a piece into their own {} moves again at once{}. A drop made in the bonus \
             turn earns no further one. Check and checkmate are judged when the turn passes to the opponent.",
            zone_words(game, bonus.zone),
            if bonus.may_pass {
                "; they may decline the extra move (a pass, written `0000`)"
            } else {
                ""
            }
        ));
    }
}

/// Gating (`gating in ZONE`), from the compiled rights: which squares, what a right is, how it goes.
fn gating_section(game: &Game, gating: &crate::rules::Gating, reserve: bool, doc: &mut Doc) {
    doc.heading(2, "Gating");
    let squares = |side: Side| {
        let names: Vec<String> = gating
            .rights
            .iter()
            .filter(|r| r.side == side)
            .map(|r| game.geometry.name(r.square))
            .collect();
        list_words(&names)
    };
    doc.para(format!(
        "A piece that leaves one of its side's gating squares ({} for White, {} for Black) while its side holds that \
         square's gating right may bring one piece from its side's hand onto the square it leaves, in the same move; \
         a castling may do so on the castling piece's square or on the partner's, unless the castling ends there. The \
         right goes when a piece leaves the square or is taken there, whether a piece was brought in or not; a move \
         that promotes brings none in. A piece is brought in only where it could be dropped, and a royal piece never \
         is. The rights are written in the FEN's castling field with the square's file letter (upper case for White); \
         a castling letter also stands for the rights of its castling piece's and partner's squares.",
        squares(Side::White),
        squares(Side::Black)
    ));
    doc.para(if gating.only && reserve {
        "The hands hold only what the start position gives them, and their pieces enter the board only by gating: \
         they are never dropped. Once a side's hand is empty its remaining gating rights lapse."
    } else if gating.only {
        "The hands' pieces enter the board only by gating: they are never dropped."
    } else {
        "The hands' pieces may also be dropped (see Drops)."
    });
}

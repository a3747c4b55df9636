//! The rule book's sections on game-wide move rules: compulsory drops, compulsory capture, the rules against
//! trading pieces, explosions, range capture, burning, walls and the dead-square rule (split from `rulebook.rs`, which keeps the board, the pieces, castling and drops).
use super::doc::Doc;
use super::rulebook::{list_alternatives, list_words};
use crate::rules::{Game, JumpsLower, WallPlacement};

/// The names of the piece types a per-type flag list marks.
fn names(game: &Game, marks: &[bool]) -> Vec<String> {
    game.types_marked(marks)
        .map(|p| game.piece(p).name.clone())
        .collect()
}

pub(super) fn section(game: &Game, doc: &mut Doc) {
    if game.must_drop {
        doc.heading(2, "Compulsory drops");
        doc.para(
            "While the player to move holds a piece in hand and can drop one, they must: only drops are legal then. \
             With an empty hand, or when no drop is legal, the other moves are.",
        );
    }
    if let Some(forced) = &game.forced_capture {
        let by = names(game, &forced.by);
        doc.heading(2, "Compulsory capture");
        doc.para(if by.len() == game.pieces.len() {
            "When a player can capture (en passant included), they must: only captures are legal then, and they may \
             choose which."
                .to_string()
        } else {
            format!(
                "When a {} of the player to move can capture, that player must capture with one: only such \
                 captures are legal then.",
                list_words(&by)
            )
        });
    }
    if let Some(rule) = &game.protected_capture {
        let set = list_words(&names(game, &rule.set));
        let bridge = names(game, &rule.bridge_not);
        let unless = if bridge.is_empty() {
            String::new()
        } else {
            format!(" that is not a {}", list_alternatives(&bridge))
        };
        doc.heading(2, "Protected pieces");
        doc.para(format!(
            "Pieces of this set may not be traded from afar: {set}. One may not capture one of the opponent's \
             that stands on a square not next to the square it moves from when, after the move, the opponent could \
             capture back on that square (a protector counts whatever its move would expose), unless the same move \
             also captures another piece{unless}."
        ));
    }
    if let Some(rule) = &game.counter_strike {
        let set = list_words(&names(game, &rule.set));
        doc.heading(2, "No counter-strike");
        doc.para(format!(
            "Pieces of this set may not be traded by a counter-strike: {set}. After a piece outside the set \
             captures one of the set, the opponent's next move may not capture one of the set with a piece outside \
             it. The position remembers such a capture: a FEN writes its square in the e.p. field."
        ));
    }
    if let Some(blast) = &game.explosions {
        let spared = names(game, &blast.spared);
        let immune = names(game, &blast.immune);
        doc.heading(2, "Explosions");
        doc.para(format!(
            "Every capture is an explosion: the capturing piece and every piece of either side on the squares \
             around the capture square leave the game{}. A move may not blow up its own side's royal piece; a move \
             that blows up the opponent's wins, whatever it leaves attacked; and a royal piece next to the \
             opponent's is not in check, since taking it would blow up the taker's own.",
            if spared.is_empty() {
                String::new()
            } else {
                format!(", except any {} around it (the capturing piece is never spared)", list_words(&spared))
            }
        ));
        if !immune.is_empty() {
            doc.para(format!(
                "{} never blown up, not even when capturing.",
                if immune.len() == 1 {
                    format!("A {} is", immune[0])
                } else {
                    format!("{} are", list_words(&immune))
                }
            ));
        }
    }
    if game
        .pieces
        .iter()
        .any(|p| p.rank > 0 || p.jumps_lower.is_some() || p.jumps_over.is_some())
    {
        range_capture_section(game, doc);
    }
    if game.pieces.iter().any(|p| p.burns.is_some()) {
        burning_section(game, doc);
    }
    if let Some(walls) = &game.walls {
        walls_section(game, walls, doc);
    }
    if game.dead_squares_allowed {
        doc.heading(2, "Dead squares");
        doc.para(
            "A piece may end a move on a square from which it could never move again, and stays there: no \
             promotion is forced by it.",
        );
    }
}

/// Burning (`burns`): what each burner removes after its move, and passively.
fn burning_section(game: &Game, doc: &mut Doc) {
    doc.heading(2, "Burning");
    doc.para(
        "Burned pieces leave the game (no hand receives them); burning is not an attack and gives no check. A \
         piece that ends its move in the area of an enemy piece that burns passively is burned first, and then \
         burns nothing itself.",
    );
    let lines: Vec<String> = game
        .pieces
        .iter()
        .filter_map(|p| {
            let b = p.burns.as_ref()?;
            let spared = names(game, &b.spared);
            let spare = if spared.is_empty() {
                String::new()
            } else {
                format!(", but any {}", list_words(&spared))
            };
            let passive = if b.passive {
                format!(
                    " Passively: an enemy piece{spare} that ends its move on one of those squares around it is \
                     burned."
                )
            } else {
                String::new()
            };
            Some(format!(
                "**{}**: after it moves, every enemy piece{spare} on the {} squares of its area `{}` (XBetza) \
                 around where it stops is burned.{passive}",
                p.name,
                b.offsets[0].len(),
                b.area
            ))
        })
        .collect();
    doc.list(lines);
}

/// Range capture: the rank order (`rank-order`), and what each jumper (`jumps-lower`) passes over.
fn range_capture_section(game: &Game, doc: &mut Doc) {
    doc.heading(2, "Range capture");
    let top = game.pieces.iter().map(|p| p.rank).max().unwrap_or(0);
    let groups: Vec<String> = (1..=top)
        .rev()
        .map(|rank| {
            let names: Vec<String> = game
                .pieces
                .iter()
                .filter(|p| p.rank == rank && p.shadow_of.is_none())
                .map(|p| p.name.clone())
                .collect();
            list_words(&names)
        })
        .collect();
    if top > 0 {
        doc.para(format!(
            "The pieces rank, highest first: {}; every other piece ranks below them.",
            groups.join("; ")
        ));
    }
    let mut lines: Vec<String> = game
        .pieces
        .iter()
        .filter(|p| p.shadow_of.is_none())
        .filter_map(|p| {
            let how = p.jumps_lower?;
            let only = match how {
                JumpsLower::AnyMove => "it may stop on any square it reaches, taking an enemy piece there",
                JumpsLower::ToCapture => {
                    "once past a piece it may stop only on an enemy piece, taking it"
                }
                JumpsLower::TakingPassed => {
                    return Some(format!(
                        "**{}**: its slides pass over any number of pieces of lower rank, of either side; it may \
                         stop on any empty square it reaches or on an enemy piece of lower rank, taking it, and \
                         the move removes every piece it passed over, its own included. A piece of its rank or \
                         higher ends the line and is not taken.",
                        p.name
                    ))
                }
            };
            Some(format!(
                "**{}**: its slides pass over any number of pieces of lower rank, of either side; {only}. A piece \
                 of its rank or higher ends the line (taken if it is an enemy), and the pieces passed over stay.",
                p.name
            ))
        })
        .collect();
    // Jumping slides (`jumps-over`): no rank involved.
    lines.extend(
        game.pieces
            .iter()
            .filter(|p| p.shadow_of.is_none())
            .filter_map(|p| {
                let over = p.jumps_over.as_ref()?;
                let limited = if over.lines.iter().any(|l| l.within.is_some()) {
                    " A limited line (`R3`) passes pieces only within its first squares: once past one, the slide goes no \
                     further than the last of them."
                } else {
                    ""
                };
                Some(format!(
                    "**{}**: its slides along `{}` pass over {}; it may stop on any empty square or enemy piece \
                     of those lines.{limited}",
                    p.name,
                    over.betza,
                    over.passed_words()
                ))
            }),
    );
    doc.list(lines);
}

/// Walls: what every move leaves, and the pieces a capture petrifies.
fn walls_section(game: &Game, walls: &crate::rules::Walls, doc: &mut Doc) {
    doc.heading(2, "Walls");
    let placement = walls.placement.map(|p| match p {
        WallPlacement::Past => "Every move leaves a wall on the square the piece left.".to_string(),
        WallPlacement::Placed(None) => {
            "After moving, the player puts a wall on any empty square.".to_string()
        }
        WallPlacement::Placed(Some(zone)) => format!(
            "After moving, the player puts a wall on any empty square of their {}.",
            game.zone(zone).name
        ),
        WallPlacement::Duck => {
            "There is one wall, the duck: after moving, the player moves it to any \
             other empty square (the first move of the game puts it on the board)."
                .to_string()
        }
        WallPlacement::Shot => {
            "After moving, the piece shoots a wall onto a square it could move to from \
             where it landed, without capturing; the square it left counts as empty."
                .to_string()
        }
    });
    let petrify = names(game, &walls.petrify);
    let mut text = String::from(
        "A wall belongs to nobody and stays to the end of the game: no piece may move to it, cross it, \
         capture it or be dropped on it.",
    );
    if let Some(placement) = placement {
        text = format!("{placement} {text}");
    }
    if !petrify.is_empty() {
        let either = match petrify.as_slice() {
            [rest @ .., last] if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => list_words(&petrify),
        };
        text += &format!(
            " When a {either} captures, it is turned to stone: it leaves the game and the square it took on \
             becomes a wall."
        );
    }
    doc.para(text);
}

//! Why a move exists: the XBetza component (and zone rule) of the ray that produced it, from the compiled game's
//! `ray_sources`, so that a failing test names the part of the variant file behind an unexpected move.
use crate::engine::{Move, MoveKind, Position};
use crate::inspect::{self, Board};
use crate::rules::{Game, PieceId, Side, Square};

/// `fB of "RfB" (in field): moves or captures any number of squares diagonally forward`.
pub fn source_text(game: &Game, source: usize) -> String {
    let (set, component) = game.source(source);
    let rule = match set.zone {
        Some(z) => format!("\"{}\" (in {})", set.betza, game.zone(z).name),
        None => format!("\"{}\"", set.betza),
    };
    format!("{} of {rule}: {}", component.text, component.description)
}

/// The components that take `piece` of `side` from `from` to `to` on `board`, in words; castling and drops say so.
pub fn why_destination(
    game: &Game,
    piece: PieceId,
    side: Side,
    from: Square,
    to: Square,
    board: &dyn Board,
) -> String {
    let reach = inspect::piece_moves(game, piece, side, from, board, &[]);
    let reasons: Vec<String> = reach
        .destinations
        .iter()
        .filter(|d| d.to == to)
        .flat_map(|d| d.sources.iter().map(|&s| source_text(game, s)))
        .collect();
    if reasons.is_empty() {
        "no XBetza component reaches it on this board".into()
    } else {
        reasons.join("; ")
    }
}

/// Why a legal move exists in `pos`, in words.
pub fn why_move(pos: &Position, mv: &Move) -> String {
    let game = pos.game();
    let g = game.geometry;
    match mv.kind {
        MoveKind::Drop => format!(
            "a drop of {} from hand (the variant has `drops`)",
            game.piece(mv.piece).name
        ),
        MoveKind::Pass => "declining a bonus turn (`bonus-turn … may-pass`)".into(),
        MoveKind::Castle { index } => {
            let c = &game.castlings[index as usize];
            format!(
                "castling: the rook goes {}-{}",
                g.name(c.rook_from),
                g.name(c.rook_to)
            )
        }
        _ => why_destination(game, mv.piece, pos.side_to_move(), mv.from, mv.to, pos),
    }
}

/// Why the drop `text` (`P@e4`) is not legal in `pos`, in the terms of the variant's drop rules.
pub fn why_drop_refused(pos: &mut Position, text: &str) -> String {
    let game = pos.game();
    let g = game.geometry;
    let Some((symbol, square)) = text.split_once('@') else {
        return "it is not a drop".into();
    };
    let Some(piece) = game.piece_by_symbol(symbol) else {
        return format!("{} has no piece `{symbol}`", game.name);
    };
    let Some(to) = g.parse_square(square) else {
        return format!("`{square}` is not a square of the board");
    };
    let side = pos.side_to_move();
    let ty = game.piece(piece);
    let Some(rule) = ty.drop.as_ref().filter(|_| game.drops_moves()) else {
        return format!("the {} is never dropped", ty.name);
    };
    if pos.hand(side).get(piece.index()).copied().unwrap_or(0) == 0 {
        return format!(
            "{} has no {} in hand",
            crate::render::side_name(side),
            ty.name
        );
    }
    if pos.piece_at(to).is_some() {
        return format!("{square} is occupied");
    }
    if rule.forbidden[side.index()].contains(to) {
        return format!("drops of the {} are not allowed on {square}", ty.name);
    }
    if ty.dead[side.index()].contains(to) {
        return format!("the {} could never move from {square}", ty.name);
    }
    let file = g.file(to);
    let on_file = g
        .all()
        .filter(|&sq| g.file(sq) == file && sq != to && pos.piece_at(sq) == Some((piece, side)))
        .count();
    let file_name = g
        .name(to)
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .to_string();
    match rule.per_file {
        Some(1) if on_file >= 1 => {
            return format!(
                "`drop one-per-file`: the {file_name} file already holds an unpromoted friendly {}",
                ty.name
            );
        }
        Some(n) if on_file >= n as usize => {
            return format!(
                "`drop at-most {n} per-file`: the {file_name} file already holds {on_file} unpromoted friendly {}s",
                ty.name
            );
        }
        _ => {}
    }
    if !pos.drop_keeps_colour_balance(piece, to) {
        return if rule.opposite_colours {
            format!(
                "`drop opposite-colours`: {square}'s colour already holds half of the {}s, rounded up",
                ty.name
            )
        } else {
            "`drop opposite-colours`: it would leave too few squares of one colour for a piece of that rule".into()
        };
    }
    if ty.royal {
        return format!("the {} may not be dropped on an attacked square", ty.name);
    }
    if rule.no_drop_mate {
        return "it would leave the king in check or, under `drop no-mate`, give checkmate".into();
    }
    "it would leave the mover's king in check".into()
}

//! The rules of a game written from its compiled data, as a [`Doc`]: board and zones, each piece per zone in plain
//! English (through the betza crate's describer) with a diagram, promotion, drops, castling, and how the game
//! ends. Nothing here knows a particular game.
use super::doc::{self, Block, Doc};
use super::View;
use crate::engine::{Engine, Position};
use crate::inspect::{self, EmptyBoard};
use crate::rules::MoveSet;
use crate::rules::{Game, PieceId, PromotionTrigger, Side, Symmetry, ZoneId};
use crate::setup::symbol_for;

pub(super) fn piece_ref(game: &Game, id: PieceId) -> String {
    let p = game.piece(id);
    format!("{} (`{}`)", p.name, p.symbol)
}

pub(super) fn zone_words(game: &Game, zone: ZoneId) -> String {
    let z = game.zone(zone);
    format!(
        "**{}** ({} for White, {} for Black)",
        z.name,
        inspect::squares_in_words(game, &z.squares[0]),
        inspect::squares_in_words(game, &z.squares[1])
    )
}

/// The names of the royal piece types.
pub(super) fn royal_names(game: &Game) -> Vec<String> {
    game.pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.name.clone())
        .collect()
}

pub(super) fn list_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `a, b or c`.
pub(super) fn list_alternatives(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The rules of `engine`'s game as a document.
pub fn rulebook(engine: &Engine) -> Doc {
    let game = &engine.game;
    let mut doc = Doc {
        title: if game.title.is_empty() {
            game.name.clone()
        } else {
            game.title.clone()
        },
        blocks: Vec::new(),
    };
    if !game.description.is_empty() {
        doc.para(game.description.clone());
    }
    if !game.aliases.is_empty() {
        let names: Vec<String> = game.aliases.iter().map(|a| format!("`{a}`")).collect();
        doc.para(format!(
            "Also found by the name{} {}.",
            if names.len() == 1 { "" } else { "s" },
            names.join(", ")
        ));
    }
    doc.para(format!(
        "*Written by `tatsu describe {}` from the compiled rules: every statement below comes from the variant file.*",
        game.name
    ));
    board_section(engine, &mut doc);
    zones_section(game, &mut doc);
    pieces_section(game, &mut doc);
    super::castling_rules::castling_section(engine, &mut doc);
    en_passant_section(game, &mut doc);
    super::move_rules::section(game, &mut doc);
    super::hands::drops_section(game, &mut doc);
    super::end_rules::end_section(game, &mut doc);
    notation_section(game, &mut doc);
    doc
}

fn board_section(engine: &Engine, doc: &mut Doc) {
    let game = &engine.game;
    let g = game.geometry;
    let last_file = super::file_of(g, g.square(g.files as i32 - 1, 0).unwrap_or_default());
    doc.heading(2, "The board and the players");
    let start = Position::start(engine);
    let mean_rank = |side: Side| {
        let squares = start.pieces_of(side);
        squares.iter().map(|&s| g.rank(s) as f64).sum::<f64>() / squares.len().max(1) as f64
    };
    let white_low = mean_rank(Side::White) <= mean_rank(Side::Black);
    doc.para(format!(
        "The board has {} files (`a`–`{last_file}`, left to right as White sees it) and {} ranks (`1`–`{}`, counted from White's side). \
         The two players are **White** (upper-case letters), who starts on the {} ranks and moves first, and **Black** (lower-case letters).",
        g.files,
        g.ranks,
        g.ranks,
        if white_low { "low" } else { "high" }
    ));
    doc.para(match game.orientation {
        Symmetry::Mirror => "Black's pieces and zones are White's mirrored across the middle rank: forward is up the board for White and down for Black, and left and right are the same for both players.".to_string(),
        Symmetry::Rotate => "Black's pieces and zones are White's turned 180°: forward is up the board for White and down for Black, and left and right are seen from the piece's owner (for White, left is toward the `a` file; for Black, toward the higher files).".to_string(),
    });
    doc.heading(3, "Start position");
    let from_white = View::position(&start);
    let mut from_black = from_white.clone();
    from_black.flip = true;
    let shogi_style = game.orientation == Symmetry::Rotate;
    for view in [from_white, from_black] {
        doc.blocks.push(Block::Position { view, shogi_style });
    }
    let mut counts: Vec<String> = Vec::new();
    for (p, piece) in game.pieces.iter().enumerate() {
        let n = start
            .pieces_of(Side::White)
            .iter()
            .filter(|&&s| start.piece_at(s).is_some_and(|(id, _)| id.index() == p))
            .count();
        if n > 0 {
            counts.push(if n == 1 {
                format!("1 {}", piece.name)
            } else {
                format!("{n} × {}", piece.name)
            });
        }
    }
    doc.para(format!(
        "{} {} pieces: {}.{}",
        if start.pieces_of(Side::White).len() == start.pieces_of(Side::Black).len() {
            "Each side has"
        } else {
            "White has"
        },
        start.pieces_of(Side::White).len(),
        list_words(&counts),
        if game.drops
            && Side::BOTH
                .iter()
                .any(|&s| start.hand(s).iter().any(|&c| c > 0))
        {
            " The hands hold pieces too (see the start position's FEN)."
        } else if game.drops {
            " Both hands are empty."
        } else {
            ""
        }
    ));
    doc.para("In FEN (as `--fen` takes it):");
    doc.blocks.push(Block::Code(game.start_fen.clone()));
    if !game.first_move_rights.is_empty() {
        let mut held: Vec<_> = game.first_move_rights.iter().collect();
        held.sort_by_key(|r| (r.side, game.geometry.file(r.square)));
        let rights: Vec<String> = held
            .iter()
            .map(|r| {
                format!(
                    "`{}` the {} on {}",
                    r.letter,
                    game.piece(r.piece).name,
                    game.geometry.name(r.square)
                )
            })
            .collect();
        doc.para(format!(
            "The castling field also holds the first-move rights of pieces that have not moved yet, by file letter: {}.",
            list_words(&rights)
        ));
    }
}

/// The letters (in backticks) of the pieces for which `keep` holds, in the game's order.
fn symbols_where(game: &Game, keep: impl Fn(PieceId) -> bool) -> Vec<String> {
    (0..game.pieces.len())
        .map(|i| PieceId(i as u16))
        .filter(|&p| keep(p))
        .map(|p| format!("`{}`", game.piece(p).symbol))
        .collect()
}

/// What each zone is used for, from the rules that refer to it.
fn zone_uses(game: &Game, zone: ZoneId) -> Vec<String> {
    let mut uses = Vec::new();
    let movers = symbols_where(game, |p| {
        inspect::move_sets(game, p)
            .iter()
            .any(|s| s.zone == Some(zone))
    });
    if !movers.is_empty() {
        uses.push(format!(
            "selects the moves of {} standing in it",
            list_words(&movers)
        ));
    }
    let promoters = symbols_where(game, |p| {
        game.piece(p).promotions.iter().any(|pr| pr.zone == zone)
    });
    if !promoters.is_empty() {
        uses.push(format!("promotes {}", list_words(&promoters)));
    }
    let squares = &game.zone(zone).squares;
    if game.pieces.iter().any(|p| {
        p.drop
            .as_ref()
            .is_some_and(|d| !d.forbidden[0].is_empty() && d.forbidden[0] == squares[0])
    }) {
        uses.push("is closed to drops".into());
    }
    let initial = symbols_where(game, |p| {
        let set = inspect::initial_squares(game, p, Side::White);
        !set.is_empty() && set == squares[0]
    });
    if !initial.is_empty() {
        uses.push(format!(
            "is where the initial (`i`) moves of {} start",
            list_words(&initial)
        ));
    }
    for flag in game.end.flags.iter().filter(|f| f.zone == zone) {
        let pieces = symbols_where(game, |p| flag.pieces.contains(&p));
        uses.push(format!(
            "is the flag zone: {} ending a move in it decides the game (see Game end)",
            list_words(&pieces)
        ));
    }
    if game.bonus_turn.as_ref().is_some_and(|b| b.zone == zone) {
        uses.push("earns a bonus turn for a drop into it".into());
    }
    if game
        .pieces
        .iter()
        .any(|p| p.demote_in.is_some_and(|(z, _)| z == zone))
    {
        uses.push("demotes a promoted piece that ends its move in it".into());
    }
    uses
}

fn zones_section(game: &Game, doc: &mut Doc) {
    if game.zones.is_empty() {
        return;
    }
    doc.heading(2, "Zones");
    doc.para(format!(
        "The rules below refer to {} named set{} of squares, each with one copy per player{}.",
        game.zones.len(),
        if game.zones.len() == 1 { "" } else { "s" },
        match game.orientation {
            Symmetry::Mirror => " (Black's mirrors White's)",
            Symmetry::Rotate =>
                " (Black's is White's turned 180°, so zones count from each owner's side)",
        }
    ));
    let mut items = Vec::new();
    for (i, _) in game.zones.iter().enumerate() {
        let id = ZoneId(i as u16);
        let uses = zone_uses(game, id);
        items.push(format!(
            "{}{}",
            zone_words(game, id),
            if uses.is_empty() {
                String::new()
            } else {
                format!(": {}.", list_words(&uses))
            }
        ));
    }
    doc.list(items);
    for z in &game.zones {
        doc.blocks.push(Block::ZoneMap {
            view: View::zone(game.geometry, &z.squares),
            name: z.name.clone(),
        });
    }
}

/// The English lines of one move set, with square-based `i` moves explained.
fn move_set_lines(game: &Game, piece: PieceId, set: &MoveSet) -> Vec<String> {
    if set.components.is_empty() {
        return vec![format!("`{}`", set.betza)];
    }
    set.components
        .iter()
        .map(|c| {
            let mut line = format!("`{}`: {}", c.text, c.description);
            let unmoved = game.pieces[piece.index()].unmoved.as_deref();
            if let (true, Some(unmoved)) = (c.initial_only, unmoved) {
                line += " — in this game: only while the piece has not moved";
                if unmoved.not_in_check {
                    line += ", and not while its side is in check";
                }
                if !unmoved.lost_when_aligned_with.is_empty() {
                    let names: Vec<String> = unmoved
                        .lost_when_aligned_with
                        .iter()
                        .map(|&p| game.piece(p).name.clone())
                        .collect();
                    line += &format!(
                        "; the right is lost once an enemy {} moves onto its rank or file",
                        list_words(&names)
                    );
                }
            } else if c.initial_only {
                let white = inspect::initial_squares(game, piece, Side::White);
                let black = inspect::initial_squares(game, piece, Side::Black);
                if !white.is_empty() {
                    line += &format!(
                        " — in this game that means: from {} (White) or {} (Black), whether or not the piece has moved before",
                        inspect::squares_in_words(game, &white),
                        inspect::squares_in_words(game, &black)
                    );
                }
            }
            line
        })
        .collect()
}

/// Where to show a move set: in its zone; for a piece with initial moves, on one of the squares they start
/// from; for a piece that castles, on its castling square; else the middle of the board.
fn diagram_square(game: &Game, id: PieceId, set: &MoveSet) -> crate::rules::Square {
    if set.zone.is_none() {
        let initial = inspect::initial_squares(game, id, Side::White);
        if !initial.is_empty() {
            return inspect::representative_square_in(game, &initial);
        }
        if game.piece(id).royal {
            if let Some(c) = game
                .castlings
                .iter()
                .find(|c| game.castling_rights[c.right].side == Side::White)
            {
                return c.king_from;
            }
        }
    }
    inspect::representative_square(game, Side::White, set.zone)
}

fn pieces_section(game: &Game, doc: &mut Doc) {
    doc.heading(2, "The pieces");
    doc.para(
        "Each piece below is given with its letter, its moves in plain English (the XBetza text of the variant file \
         in code), and a diagram of where it goes from one square of an empty board. A piece captures an enemy piece by \
         moving onto its square, unless a line says it only moves or only captures there.",
    );
    // A remembered promoted form (`Q~`) is the piece it plays as: its promoting piece's section says so.
    let rows: Vec<Vec<String>> = game
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.shadow_of.is_none())
        .map(|(i, p)| {
            let sets = inspect::move_sets(game, PieceId(i as u16));
            let moves: Vec<String> = sets
                .iter()
                .map(|s| match s.zone {
                    Some(z) => format!("{}: `{}`", game.zone(z).name, s.betza),
                    None => format!("`{}`", s.betza),
                })
                .collect();
            let choices = game.promotion_choices(PieceId(i as u16));
            let promotes = if choices.is_empty() {
                "–".to_string()
            } else {
                choices
                    .iter()
                    .map(|&c| format!("`{}`", game.piece(c).symbol))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            vec![
                format!("[`{}`](#{})", p.symbol, doc::slug(&piece_heading(p))),
                p.name.clone(),
                if moves.is_empty() {
                    "–".into()
                } else {
                    moves.join("; ")
                },
                promotes,
            ]
        })
        .collect();
    doc.blocks.push(Block::Table {
        header: vec![
            "Letter".into(),
            "Name".into(),
            "Moves (XBetza)".into(),
            "Promotes to".into(),
        ],
        rows,
    });
    for i in 0..game.pieces.len() {
        if game.pieces[i].shadow_of.is_none() {
            piece_section(game, PieceId(i as u16), doc);
        }
    }
}

/// A piece's heading (and so its anchor): `Silver — \`S\``.
fn piece_heading(p: &crate::rules::PieceType) -> String {
    format!("{} — `{}`", p.name, p.symbol)
}

fn piece_section(game: &Game, id: PieceId, doc: &mut Doc) {
    let p = game.piece(id);
    doc.heading(3, piece_heading(p));
    let mut facts = Vec::new();
    if p.royal {
        facts.push(
            "**Royal**: it must never be left attacked; the game is won by checkmating it."
                .to_string(),
        );
    }
    if let Some(glyph) = &p.glyph {
        facts.push(format!("Drawn as {glyph} on a board (its `glyph`)."));
    }
    if p.promoted {
        if let Some(base) = p.in_hand {
            facts.push(format!(
                "A promoted piece. Captured, it goes to the captor's hand as {}.",
                piece_ref(game, base)
            ));
        }
    }
    if let Some((zone, to)) = p.demote_in {
        facts.push(format!(
            "Ending a move in its owner's {} turns it back into {}.",
            game.zone(zone).name,
            piece_ref(game, to)
        ));
    }
    let sets = inspect::move_sets(game, id);
    let zoned = sets.iter().any(|s| s.zone.is_some());
    if sets.is_empty() {
        facts.push("It never moves.".into());
    }
    doc.list(facts);
    let mut diagrams: Vec<(View, String)> = Vec::new();
    for set in &sets {
        let from = diagram_square(game, id, set);
        let within = match set.within {
            Some(z) if set.zone == Some(z) => ", never leaving it".to_string(),
            Some(z) => format!(", never leaving {}", zone_words(game, z)),
            None => String::new(),
        };
        let head = match set.zone {
            Some(z) if set.adds => format!(
                "Standing in {}, it also moves as `{}`{within}:",
                zone_words(game, z),
                set.betza
            ),
            Some(z) => format!(
                "Standing in {}, it moves as `{}`:",
                zone_words(game, z),
                set.betza
            ),
            None if zoned => format!("Anywhere else, it moves as `{}`:", set.betza),
            None => format!("It moves as `{}`:", set.betza),
        };
        doc.para(head);
        doc.list(move_set_lines(game, id, set));
        let castlings = inspect::castlings_from(game, id, Side::White, from);
        let reach = inspect::piece_moves(game, id, Side::White, from, &EmptyBoard, &castlings);
        let caption = format!(
            "{} on {}{}: {} destination{}.",
            p.name,
            game.geometry.name(from),
            set.zone
                .map(|z| format!(" (in {})", game.zone(z).name))
                .unwrap_or_default(),
            reach.destinations.len(),
            if reach.destinations.len() == 1 {
                ""
            } else {
                "s"
            }
        );
        diagrams.push((View::piece_moves(game, &reach, None), caption));
    }
    if zoned {
        doc.para("The zone is the one the piece stands in when its move starts; that move set governs the whole move, even a slide that crosses into another zone.");
    }
    for (view, caption) in diagrams {
        doc.board(view, caption, true);
    }
    let never: Vec<String> = game.pieces[id.index()]
        .may_not_capture
        .iter()
        .map(|&t| piece_ref(game, t))
        .collect();
    let never_hops: Vec<String> = game.pieces[id.index()]
        .may_not_hop_over
        .iter()
        .map(|&t| piece_ref(game, t))
        .collect();
    let rules: Vec<String> = promotion_lines(game, id)
        .into_iter()
        .chain(super::hands::drop_line(game, id))
        .chain((!never.is_empty()).then(|| format!("**Never captures**: {}.", never.join(", "))))
        .chain(game.pieces[id.index()].captures_unprotected_only.then(|| {
            "**Never captures a protected piece**: it may not capture a piece of the opponent's when, after \
             the capture, the opponent could capture back on that square (a protector counts whatever its move \
             would expose); nor does it give check to a royal piece so protected."
                .to_string()
        }))
        .chain(
            (!never_hops.is_empty())
                .then(|| format!("**Never hops over**: {}.", never_hops.join(", "))),
        )
        .collect();
    doc.list(rules);
}

/// The piece's promotion rules in words, one per `promote` line.
fn promotion_lines(game: &Game, id: PieceId) -> Vec<String> {
    let p = game.piece(id);
    let mut lines = Vec::new();
    for pr in &p.promotions {
        let choices: Vec<String> = pr
            .choices
            .iter()
            .map(|&c| piece_ref(game, game.plays_as(c)))
            .collect();
        let target = if choices.len() == 1 {
            choices[0].clone()
        } else {
            format!("one of {} (the mover's choice)", list_words(&choices))
        };
        if pr.trigger == PromotionTrigger::Standing {
            lines.push(standing_line(game, pr, &target));
            continue;
        }
        let when = match pr.trigger {
            PromotionTrigger::Standing => unreachable!("said above"),
            PromotionTrigger::Destination => "that ends in",
            PromotionTrigger::StartOrDestination => "that starts or ends in",
            PromotionTrigger::Entering => "that enters",
            PromotionTrigger::Capture => "that captures and ends in",
            PromotionTrigger::CaptureTouching => "that captures and starts or ends in",
        };
        let whose = match pr.side {
            Some(side) => format!(" of {side:?}'s"),
            None => String::new(),
        };
        let mut line = format!(
            "**Promotion**: on any move{whose} {when} {}, it {} promote to {target}.",
            zone_words(game, pr.zone),
            if pr.mandatory { "must" } else { "may" }
        );
        if let Some(shadow) = pr
            .choices
            .first()
            .map(|&c| game.piece(c))
            .filter(|c| c.shadow_of.is_some())
        {
            line += &format!(
                " The promoted piece is remembered: it moves as the piece it became, is written with a `~` in a FEN \
                 (`{}`), and when captured goes to the captor's hand as {}.",
                shadow.symbol,
                shadow.in_hand.map_or_else(|| "nothing".to_string(), |h| piece_ref(game, h))
            );
        }
        if let Some(n) = pr.limited_to {
            line += &format!(" Only to a piece of which its side has fewer than {n} on the board; where it must promote and no such piece is left, it may not make the move.");
        } else if pr.limits.is_some() {
            line += " Only to a piece of which its side has fewer on the board than at the start; where it must promote and no such piece is left, it may not make the move.";
        }
        if !pr.mandatory && !p.dead[0].is_empty() {
            line += &format!(
                " It must where it could never move again ({} for White).",
                inspect::squares_in_words(game, &p.dead[0])
            );
        }
        lines.push(line);
    }
    lines
}

/// An `on standing` line in words: where the piece must stand, the two ways of promoting, and the conditions.
fn standing_line(game: &Game, pr: &crate::rules::Promotion, target: &str) -> String {
    let whose = match pr.side {
        Some(side) => format!(" {side:?}'s"),
        None => String::new(),
    };
    let mut line = format!(
        "**Promotion**: as a move of its own, a{whose} one standing in {}{} may promote to {target}: in place \
         (written with the square twice, as `d5d5f`), or by one move of the promoted piece that captures nothing, \
         to an empty square.",
        zone_words(game, pr.zone),
        if pr.standing.anywhere_if_last {
            " (or anywhere, when it is its side's last one on the board)"
        } else {
            ""
        }
    );
    if let Some(n) = pr.limited_to {
        line +=
            &format!(" Only while its side has fewer than {n} of the promoted piece on the board.");
    } else if pr.limits.is_some() {
        line += " Only to a piece of which its side has fewer on the board than at the start.";
    }
    if pr.standing.not_attacking {
        line += " The promoted piece may attack no enemy piece from where it ends.";
    }
    if pr.standing.not_checking {
        line += " The move may not give check, not even a discovered one.";
    }
    line
}

fn en_passant_section(game: &Game, doc: &mut Doc) {
    let ep_makers: Vec<String> = crate::inspect::en_passant_makers(game)
        .into_iter()
        .map(|p| game.piece(p).name.clone())
        .collect();
    if !ep_makers.is_empty() {
        doc.heading(2, "En passant");
        doc.para(format!(
            "When a {} makes a multi-square move that does not capture, the squares it passes over may be captured on \
             by an enemy piece that captures en passant, on the very next move only: the moved piece is removed as if it had \
             stopped on that square.",
            list_words(&ep_makers)
        ));
    }
}

fn notation_section(game: &Game, doc: &mut Doc) {
    doc.heading(2, "Writing moves");
    let g = game.geometry;
    let a = |f: i32, r: i32| g.square(f, r).map(|s| g.name(s)).unwrap_or_default();
    let mut items = vec![format!(
        "A move is written as its start and end squares, e.g. `{}{}`.",
        a(0, 1),
        a(0, 2)
    )];
    let single = game
        .pieces
        .iter()
        .any(|p| p.promotions.iter().any(|pr| pr.choices.len() == 1));
    let choice = game
        .pieces
        .iter()
        .any(|p| p.promotions.iter().any(|pr| pr.choices.len() > 1));
    if single {
        items.push("A promoting move ends with `+`.".into());
    }
    if choice {
        items.push(
            "A promoting move with a choice ends with the lower-case letter of the chosen piece."
                .into(),
        );
    }
    if !game.castlings.is_empty() {
        items.push("Castling is written as the king's move.".into());
    }
    if game.gating.is_some() {
        items.push("A move that brings a piece in from hand ends with that piece's lower-case letter, e.g. `b1c3h`; a castling that brings it onto the partner's square is written from the partner's square to the castling piece's, e.g. `h1e1h`.".into());
    }
    if game.drops_moves() {
        items.push(format!(
            "A drop is the piece's upper-case letter, `@` and the square, e.g. `{}@{}` (for both players).",
            symbol_for(&game.pieces.iter().find(|p| p.drop.is_some()).map_or("P".into(), |p| p.symbol.clone()), Side::White),
            a(g.files as i32 / 2, 3)
        ));
    }
    if game.bonus_turn.as_ref().is_some_and(|b| b.may_pass) {
        items.push("Declining a bonus turn is written `0000`.".into());
    }
    if game.pass_allowed {
        items.push(
            "A pass is written as the royal piece's square twice, e.g. `e2e2` (XBoard's `@@@@`)."
                .into(),
        );
    }
    doc.list(items);
}

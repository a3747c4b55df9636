//! H. G. Muller's Interactive Diagram (the chessvariants.com JavaScript diagram): an HTML page holding the
//! diagram's parameters (board, symmetry, promotion, holdings, one line per piece with its XBetza and start
//! squares) and the script tag that turns them into a playable board. What the diagram cannot say is listed
//! (docs/export.md); off-line the page shows the parameters and tatsu's own picture of the start position.
use super::{Exported, Refusal};
use crate::inspect::move_sets;
use crate::render::svg::escape;
use crate::rules::{Game, PieceId, PromotionTrigger, Side, Square, SquareSet, Symmetry, Verdict};
use crate::setup::Setup;

/// The id of the page's offline fallback (tatsu's picture of the start position), and the class the script tag's
/// `onerror` puts on the document to show it.
pub const OFFLINE_ID: &str = "tatsu-offline";
const OFFLINE_CLASS: &str = "tatsu-script-failed";

/// Where chessvariants.com serves the diagram's script.
pub const SCRIPT: &str =
    "https://www.chessvariants.com/membergraphics/MSinteractive-diagrams/betzaNew.js";

/// The parameters of an Interactive Diagram and what they leave out.
pub struct Diagram {
    /// `name=value` lines, then one `name:ID:betza:image:squares` line per piece.
    pub lines: Vec<String>,
    pub lossy: Vec<String>,
}

/// The game as an Interactive Diagram page titled `name`; refused (unless `lossy`) when rules would be lost.
pub fn to_diagram(game: &Game, name: &str, lossy: bool) -> Result<Exported, Refusal> {
    let diagram = parameters(game);
    if !diagram.lossy.is_empty() && !lossy {
        return Err(Refusal {
            target: "the Interactive Diagram",
            inexpressible: diagram.lossy,
            fatal: Vec::new(),
        });
    }
    Ok(Exported {
        text: page(game, name, &diagram),
        dropped: diagram.lossy,
    })
}

/// The diagram's parameters for `game`.
pub fn parameters(game: &Game) -> Diagram {
    let g = game.geometry;
    let mut lossy = Vec::new();
    let mut lines = vec![
        format!("files={}", g.files),
        format!("ranks={}", g.ranks),
        "firstRank=1".to_string(),
        "graphicsDir=/membergraphics/MSinteractivedia/".to_string(),
        "graphicsType=png".to_string(),
        "squareSize=36".to_string(),
        "whitePrefix=White".to_string(),
        "blackPrefix=Black".to_string(),
        format!(
            "symmetry={}",
            match game.orientation {
                Symmetry::Mirror => "mirror",
                Symmetry::Rotate => "rotate",
            }
        ),
    ];
    let order = piece_order(game);
    promotion_lines(game, &order, &mut lines, &mut lossy);
    if game.drops {
        lines.push("holdingsType=1".to_string());
    }
    if let Some(i) = order.iter().position(|&p| game.piece(p).royal) {
        lines.push(format!("royal={}", i + 1));
    }
    lines.push(format!(
        "stalemate={}",
        match game.end.stalemate {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        }
    ));
    let setup = Setup::from_fen(&game.start_fen, game).ok();
    for &p in &order {
        lines.push(piece_line(game, p, setup.as_ref(), &mut lossy));
    }
    if let Some(setup) = &setup {
        if !start_is_symmetric(game, setup) {
            lossy.push("Black's start position is not White's reflected: the diagram places Black's pieces by symmetry".into());
        }
    }
    lossy.extend(rules_left_out(game));
    Diagram { lines, lossy }
}

/// The pieces in the diagram's order: those that promote first, then the other unpromoted ones, then the promoted
/// forms in the order of the pieces they come from, so that one `promoOffset` maps each to its promotion.
fn piece_order(game: &Game) -> Vec<PieceId> {
    // A remembered promoted piece (`Q~`) is written as the piece it plays as.
    let ids: Vec<PieceId> = (0..game.pieces.len())
        .map(|i| PieceId(i as u16))
        .filter(|&p| game.piece(p).shadow_of.is_none())
        .collect();
    let single = |p: &PieceId| {
        game.piece(*p)
            .promotions
            .first()
            .is_some_and(|pr| pr.choices.len() == 1 && game.piece(pr.choices[0]).promoted)
    };
    let mut order: Vec<PieceId> = ids.iter().copied().filter(single).collect();
    let forms: Vec<PieceId> = order
        .iter()
        .map(|&p| game.piece(p).promotions.first().expect("promotes").choices[0])
        .collect();
    order.extend(ids.iter().filter(|p| !single(p) && !forms.contains(p)));
    for f in forms {
        if !order.contains(&f) {
            order.push(f);
        }
    }
    order
}

/// `promoZone` (a band of last ranks) and `promoChoice` (a choice of pieces) or `promoOffset` (shogi style).
fn promotion_lines(
    game: &Game,
    order: &[PieceId],
    lines: &mut Vec<String>,
    lossy: &mut Vec<String>,
) {
    if super::has_standing_promotion(game) {
        lossy.push(
            "promotion `on standing` (a move of its own, in place or by a step): the pieces are written without it"
                .into(),
        );
    }
    let promoting: Vec<PieceId> = order
        .iter()
        .copied()
        .filter(|&p| super::written_promotion(game.piece(p)).is_some())
        .collect();
    let Some(&first) = promoting.first() else {
        return;
    };
    let rule = game.piece(first).promotions.first().expect("promotes");
    if promoting
        .iter()
        .any(|&p| game.piece(p).promotions.len() > 1)
    {
        lossy.push("pieces with several `promote` lines: the diagram has one, the first".into());
    }
    let zone = &game.zone(rule.zone).squares[Side::White.index()];
    match last_ranks(game, zone) {
        Some(depth) => lines.push(format!("promoZone={depth}")),
        None => lossy.push(format!(
            "the promotion zone `{}` is not a band of last ranks",
            game.zone(rule.zone).name
        )),
    }
    if promoting
        .iter()
        .any(|&p| game.piece(p).promotions.first().map(|r| r.zone) != Some(rule.zone))
    {
        lossy.push("pieces promote in different zones: the diagram has one".into());
    }
    if rule.trigger == PromotionTrigger::StartOrDestination {
        lossy.push(
            "promotion on moves that start in the zone (the diagram promotes on entering it)"
                .into(),
        );
    }
    let shogi_style = promoting.iter().all(|&p| {
        let r = game.piece(p).promotions.first().expect("promotes");
        r.choices.len() == 1 && game.piece(r.choices[0]).promoted
    });
    if shogi_style {
        let offset = order
            .iter()
            .position(|&p| p == rule.choices[0])
            .expect("in order");
        lines.push(format!("promoOffset={offset}"));
    } else {
        let ids: String = rule
            .choices
            .iter()
            .map(|&c| diagram_id(game, game.plays_as(c)))
            .collect();
        lines.push(format!("promoChoice={ids}"));
        if promoting
            .iter()
            .any(|&p| game.piece(p).promotions.first().map(|r| &r.choices) != Some(&rule.choices))
        {
            lossy.push("pieces promote to different choices: the diagram has one list".into());
        }
    }
}

/// The number of last ranks `zone` covers for White, if it is exactly such a band.
fn last_ranks(game: &Game, zone: &SquareSet) -> Option<u8> {
    let g = game.geometry;
    (1..=g.ranks).find(|&depth| {
        let band: SquareSet = g
            .all()
            .filter(|&s| g.rank(s) >= g.ranks as i32 - depth as i32)
            .collect();
        band == *zone
    })
}

/// The diagram's one-letter id (a promoted `+S` keeps its letter: the diagram tells pieces apart by position).
fn diagram_id(game: &Game, p: PieceId) -> String {
    game.piece(p).symbol.trim_start_matches('+').to_string()
}

/// `name:ID:betza:image:squares` for one piece: its unconditional moves (or those of its first zone) and White's
/// start squares.
fn piece_line(game: &Game, p: PieceId, setup: Option<&Setup>, lossy: &mut Vec<String>) -> String {
    let ty = game.piece(p);
    let sets = move_sets(game, p);
    let betza = sets
        .iter()
        .find(|s| s.zone.is_none())
        .or(sets.first())
        .map_or(String::new(), |s| s.betza.clone());
    if sets.iter().any(|s| s.zone.is_some()) {
        lossy.push(format!(
            "zone-dependent moves of {} ({}): the diagram gives it \"{betza}\" everywhere",
            ty.name,
            super::zoned_moves_text(game, &sets)
        ));
    }
    let g = game.geometry;
    let squares: Vec<String> = setup
        .map(|s| s.squares_of(p, Side::White).map(|sq| g.name(sq)).collect())
        .unwrap_or_default();
    let betza = betza + &castling_atom(game, p);
    let image: String = ty.name.split_whitespace().collect();
    format!(
        "{}:{}:{betza}:{image}:{}",
        ty.name,
        diagram_id(game, p),
        squares.join(",")
    )
}

/// How far the king moves in each castling, without repeats.
fn castling_distances(game: &Game) -> Vec<i32> {
    let g = game.geometry;
    let mut out: Vec<i32> = game
        .castlings
        .iter()
        .map(|c| (g.file(c.king_to) - g.file(c.king_from)).abs())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The XBetza castling atom (`O2`: the king moves two squares towards the corner piece) for the castling piece.
fn castling_atom(game: &Game, p: PieceId) -> String {
    let written = move_sets(game, p).iter().any(|s| s.betza.contains('O'));
    let castles = !written && game.castling_rights.iter().any(|r| r.king == p);
    match castling_distances(game).first() {
        Some(n) if castles => format!("O{n}"),
        _ => String::new(),
    }
}

/// Is Black's start White's reflected as the game's symmetry says?
fn start_is_symmetric(game: &Game, setup: &Setup) -> bool {
    let g = game.geometry;
    let reflect = |sq: Square| {
        let (f, r) = (g.file(sq), g.rank(sq));
        let r2 = g.ranks as i32 - 1 - r;
        match game.orientation {
            Symmetry::Mirror => g.square(f, r2),
            Symmetry::Rotate => g.square(g.files as i32 - 1 - f, r2),
        }
    };
    let placed = |side: Side| {
        let mut v: Vec<(Square, u16)> = setup
            .board
            .iter()
            .filter(|p| p.side == side)
            .map(|p| (p.square, p.piece.0))
            .collect();
        v.sort();
        v
    };
    let mut white: Vec<(Square, u16)> = placed(Side::White)
        .into_iter()
        .filter_map(|(s, p)| reflect(s).map(|r| (r, p)))
        .collect();
    white.sort();
    white == placed(Side::Black)
}

/// The game's rules the diagram's parameters cannot say at all.
fn rules_left_out(game: &Game) -> Vec<String> {
    let end = &game.end;
    let mut out = Vec::new();
    // Each piece's own drop restrictions, named as that piece has them (a crazyhouse pawn has forbidden ranks only).
    for p in &game.pieces {
        let Some(d) = &p.drop else { continue };
        let kinds: Vec<&str> = [
            (d.per_file.is_some(), "a limit per file"),
            (d.no_drop_mate, "no mate by a drop"),
            (d.as_promoted.is_some(), "dropped promoted"),
            (
                !d.forbidden[0].is_empty(),
                "squares it may not be dropped on",
            ),
        ]
        .into_iter()
        .filter_map(|(has, what)| has.then_some(what))
        .collect();
        if !kinds.is_empty() {
            out.push(format!(
                "how {} may be dropped ({})",
                p.name,
                kinds.join(", ")
            ));
        }
    }
    let mut note = |cond: bool, what: &str| {
        if cond {
            out.push(what.to_string());
        }
    };
    let distances: Vec<i32> = castling_distances(game);
    note(
        distances.len() > 1,
        "castlings whose king moves different distances (the diagram's `O` has one)",
    );
    note(end.repetition.is_some(), "the repetition rule");
    note(end.move_limit.is_some(), "the move-count draw");
    note(end.bare_king_loses.is_some(), "bare king");
    note(
        !end.insufficient_material.is_empty(),
        "insufficient material",
    );
    note(!end.extinction.is_empty(), "extinction");
    note(!end.flags.is_empty(), "flags (reaching a zone wins)");
    note(end.check_limit.is_some(), "the check count");
    note(game.legality.giving_check_illegal, "checks forbidden");
    note(
        game.legality.royal_frozen_in_check,
        "a royal piece frozen in check",
    );
    note(game.legality.facing_royals_illegal, "facing royal pieces");
    note(end.draws_win.is_some(), "draw odds");
    note(end.counting.is_some(), "the counting rules");
    note(
        end.only_promotions_draw,
        "the draw when only promotions are left (`only-promotions draws`)",
    );
    note(
        end.checkmate != Verdict::Loss,
        "the checkmate verdict (misère)",
    );
    note(game.forced_capture.is_some(), "compulsory capture");
    note(game.explosions.is_some(), "explosions on capture");
    note(game.walls.is_some(), "walls (`walls`, `petrify`)");
    note(
        game.dead_squares_allowed,
        "pieces standing where they can never move (`dead-squares allowed`)",
    );
    note(game.must_drop, "compulsory drops (`must-drop`)");
    note(game.gating.is_some(), "gating (`gating in …`)");
    note(
        game.pieces
            .iter()
            .any(|p| p.drop.as_ref().is_some_and(|d| d.opposite_colours)),
        "drops on opposite square colours (`drop opposite-colours`)",
    );
    note(
        game.pieces.iter().any(|p| p.royal && p.drop.is_some()),
        "a royal piece in hand (`drop allowed`)",
    );
    note(
        game.castling_rights.iter().any(|r| r.by_drop),
        "castling rights gained by drops (`castles with … after drop on …`)",
    );
    note(game.bonus_turn.is_some(), "the bonus turn after a drop");
    note(
        game.pieces.iter().any(|p| {
            let optional = p.promotions.iter().any(|r| !r.mandatory);
            (optional || p.drop.is_some()) && !p.dead[0].is_empty()
        }),
        "promotion forced, and drops refused, where a piece could never move again",
    );
    note(
        game.pieces.iter().any(|p| p.demote_in.is_some()),
        "demotion in a zone",
    );
    note(
        game.pieces.iter().any(|p| p.shadow_of.is_some()),
        "remembered promotions (a captured promoted piece goes to hand as itself)",
    );
    out
}

/// The whole page: the diagram block, the script, and (visible without the script) what was left out and tatsu's
/// picture of the start position.
///
/// The diagram's script is served by chessvariants.com, so the page needs the web to show a board. Offline (the
/// script fails to load) or with scripts off, tatsu's own SVG of the start position is shown in its place: the
/// script tag's `onerror` marks the whole document (it exists before the parser reaches the fallback, which a
/// lookup by id would not), and a `<noscript>` style does the same without scripts.
fn page(game: &Game, name: &str, diagram: &Diagram) -> String {
    let title = escape(if game.title.is_empty() {
        name
    } else {
        &game.title
    });
    let dropped: String = diagram
        .lossy
        .iter()
        .map(|d| format!("<li>{}</li>", escape(d)))
        .collect();
    let start = match Setup::from_fen(&game.start_fen, game) {
        Ok(setup) => crate::render::svg::board(&crate::render::View::setup(game, &setup), false),
        Err(_) => String::new(),
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         <style>.idiagram{{white-space:pre;font-family:monospace}}\
         #{OFFLINE_ID}{{display:none}}.{OFFLINE_CLASS} #{OFFLINE_ID}{{display:block}}</style>\n\
         <noscript><style>#{OFFLINE_ID}{{display:block}}</style></noscript>\n</head>\n<body>\n\
         <h1>{title}</h1>\n\
         <!-- An Interactive Diagram (H. G. Muller, chessvariants.com), exported by tatsu from `{name}`. -->\n\
         <p><small>This page loads the Interactive Diagram's script from chessvariants.com, so it needs the web; \
         offline, tatsu's own picture of the start position is shown instead.</small></p>\n\
         <div class=\"idiagram\">\n{}\n</div>\n\
         <script type=\"text/javascript\" src=\"{SCRIPT}\" \
         onerror=\"document.documentElement.classList.add('{OFFLINE_CLASS}')\"></script>\n\
         <div id=\"{OFFLINE_ID}\">\n\
         <p><strong>The Interactive Diagram's script did not load</strong> (it is served by chessvariants.com: \
         this page needs the web to show the playable board, and the lines above are its parameters). \
         Here is the start position as tatsu draws it; <code>tatsu serve</code>, given the variant's name or \
         file, plays the game offline.</p>\n\
         {start}</div>\n\
         <h2>Not in this diagram</h2>\n<ul id=\"tatsu-dropped\">{}</ul>\n</body>\n</html>\n",
        escape(&diagram.lines.join("\n")),
        if dropped.is_empty() {
            "<li>nothing: every rule of the variant is in the parameters</li>".to_string()
        } else {
            dropped
        },
    )
}

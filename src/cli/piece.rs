//! `tatsu piece`: where one piece can go, and why — per zone when its moves depend on the zone.
use super::common::{emit, load_engine, parse_square, side_key, SideArg};
use super::error::CliError;
use serde_json::{json, Value};
use tatsu::engine::{MoveKind, Position};
use tatsu::inspect::{self, Board, EmptyBoard, PieceMoves as Reach};
use tatsu::render::text::{self, Style};
use tatsu::render::{side_name, svg, View};
use tatsu::rules::{Game, PieceId, Side, Square, ZoneId};

/// Show the destinations of one piece: on an empty board by default, or in a given position.
///
/// Without --at, the piece stands in the middle of the board; if its moves depend on the zone it stands in,
/// one diagram is drawn per zone (on the middle file, halfway along the zone).
///
/// Marks: * move or capture, m move only, c capture only, i initial move only, h by hopping, O castling,
/// - must be empty (lame leap); a + after a mark means the move promotes.
///
/// Examples:
///   tatsu piece ryugi D --at e5
///   tatsu piece ryu-shogi Silver                      (one diagram per zone)
///   tatsu piece ryu-shogi "dragon king" --at d5 --explain
///   tatsu piece ryugi K --at f1                       (castling squares marked O)
///   tatsu piece euroshogi N --at e5 --side black
///   tatsu piece ryugi P --at e4 --fen "5k4/10/10/10/10/3p6/10/10/10/5K4 w - - 0 1"
///   tatsu piece dai-ryu-shogi L --svg lance.svg
///   tatsu piece chess N --at b1 --json
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct PieceArgs {
    #[arg(help = super::common::variant_help())]
    pub variant: String,
    /// The piece: its FEN letter (`S`, `+R`) or its name (`Silver`, "Dragon King"), in any case.
    pub piece: String,
    /// The square it stands on, e.g. `d5`.
    #[arg(long)]
    pub at: Option<String>,
    /// Whose piece it is.
    #[arg(long, value_enum, default_value_t = SideArg::White)]
    pub side: SideArg,
    /// Show the piece in this position instead of on an empty board, on the --at square (where it may already
    /// stand). If it stands there and its side is to move, only its legal moves are shown; a piece put on an
    /// empty square gets the moves its rules allow there, king safety aside.
    #[arg(long)]
    pub fen: Option<String>,
    /// Name, for each destination, the XBetza component and the zone rule that produced it.
    #[arg(long)]
    pub explain: bool,
    /// Also write the diagram(s) as an SVG image to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Print a JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// One diagram to draw: where, and under which zone rule.
struct Spot {
    from: Square,
    zone: Option<ZoneId>,
}

pub fn run(args: PieceArgs) -> Result<(), CliError> {
    let engine = load_engine(&args.variant)?;
    let game = &engine.game;
    let piece = inspect::find_piece(game, &args.piece).map_err(CliError::input)?;
    let mut side = Side::from(args.side);
    let position = match &args.fen {
        Some(fen) => Some(Position::from_fen(&engine, fen)?),
        None => None,
    };
    let spots: Vec<Spot> = match &args.at {
        Some(text) => {
            let sq = parse_square(game, text)?;
            vec![Spot {
                from: sq,
                zone: None,
            }]
        }
        None if position.is_some() => {
            return Err(CliError::input(
                "--fen needs --at: the square the piece stands on in that position",
            ))
        }
        None => default_spots(game, piece, side),
    };
    if let (Some(pos), Some(spot)) = (&position, spots.first()) {
        if let Some((p, owner)) = pos.piece_at(spot.from) {
            if p != piece {
                let what = &game.piece(p).name;
                return Err(CliError::input(format!(
                    "{} holds a {} {what}; --at must name an empty square or the square of the {} itself",
                    game.geometry.name(spot.from),
                    side_name(owner),
                    game.piece(piece).name
                )));
            }
            side = owner;
        }
    }
    let mut reaches: Vec<(Reach, Option<ZoneId>)> = Vec::new();
    // In a position where the piece really stands on --at and its side is to move, only legal moves count.
    let mut legal_only = false;
    for spot in &spots {
        let (reach, legal) = spot_moves(game, piece, side, spot, position.as_ref());
        legal_only |= legal;
        let zone = spot.zone.or(reach.zone);
        reaches.push((reach, zone));
    }
    let views: Vec<(View, String)> = reaches
        .iter()
        .map(|(r, z)| {
            (
                View::piece_moves(game, r, position.as_ref()),
                title(game, r, *z),
            )
        })
        .collect();
    if let Some(path) = &args.svg {
        write_svg(path, &views)?;
    }
    if args.json {
        print_piece_json(game, piece, side, &reaches, position.is_some(), legal_only);
        return Ok(());
    }
    let mut out = String::new();
    for (i, ((reach, zone), (view, heading))) in reaches.iter().zip(&views).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let board = match (&position, legal_only) {
            (Some(_), true) => "in the given position (legal moves)",
            (Some(_), false) => "in the given position",
            (None, _) => "on an empty board",
        };
        let n = reach.destinations.len();
        out += &format!(
            "{heading}, {board}: {n} destination{}\n",
            if n == 1 { "" } else { "s" }
        );
        out += &text::board(view, Style::Unicode);
        out += &text::legend(view);
        if args.explain {
            out += &explain(game, reach, *zone);
        }
    }
    emit(&out);
    Ok(())
}

/// The destinations of the piece standing on `spot`: on an empty board, or in `position`. The flag says whether
/// they were cut down to the legal moves (the piece really stands there and its side is to move).
fn spot_moves(
    game: &Game,
    piece: PieceId,
    side: Side,
    spot: &Spot,
    position: Option<&Position>,
) -> (Reach, bool) {
    let Some(position) = position else {
        let castlings = inspect::castlings_from(game, piece, side, spot.from);
        let reach = inspect::piece_moves(game, piece, side, spot.from, &EmptyBoard, &castlings);
        return (reach, false);
    };
    let mut pos = position.clone();
    let mut legal: Option<Vec<tatsu::engine::Move>> = None;
    let mut castlings = Vec::new();
    if pos.side_to_move() == side {
        let moves: Vec<_> = pos
            .legal_move_list()
            .into_iter()
            .filter(|m| m.from == spot.from && !m.is_drop())
            .collect();
        castlings = moves
            .iter()
            .filter_map(|m| match m.kind {
                MoveKind::Castle { index } => Some(index as usize),
                _ => None,
            })
            .collect();
        if pos.piece_at(spot.from) == Some((piece, side)) {
            legal = Some(moves);
        }
    }
    let board: &dyn Board = position;
    let mut reach = inspect::piece_moves(game, piece, side, spot.from, board, &castlings);
    match legal {
        Some(moves) => {
            reach
                .destinations
                .retain(|d| moves.iter().any(|m| m.to == d.to));
            (reach, true)
        }
        None => (reach, false),
    }
}

/// `--svg FILE`: one diagram, or all of them side by side.
fn write_svg(path: &std::path::Path, views: &[(View, String)]) -> Result<(), CliError> {
    let image = if views.len() == 1 {
        svg::board(&views[0].0, true)
    } else {
        svg::boards(views, true)
    };
    std::fs::write(path, image)
        .map_err(|e| CliError::input(format!("cannot write `{}`: {e}", path.display())))
}

/// `--json`: one object per diagram, wrapped when there are several (schema `tatsu.piece/1`).
fn print_piece_json(
    game: &Game,
    piece: PieceId,
    side: Side,
    reaches: &[(Reach, Option<ZoneId>)],
    in_position: bool,
    legal_only: bool,
) {
    let mut objects: Vec<Value> = reaches
        .iter()
        .map(|(r, z)| reach_json(game, r, *z, in_position, legal_only))
        .collect();
    let out = if objects.len() == 1 {
        objects.remove(0)
    } else {
        json!({
            "schema": "tatsu.piece/1",
            "variant": game.name,
            "piece": game.piece(piece).symbol,
            "name": game.piece(piece).name,
            "side": side_key(side),
            "diagrams": objects,
        })
    };
    emit(&format!("{out}\n"));
}

/// Without --at: the middle of the board, or one square per zone whose move set differs.
fn default_spots(game: &Game, piece: PieceId, side: Side) -> Vec<Spot> {
    let sets = inspect::move_sets(game, piece);
    let zoned: Vec<ZoneId> = sets.iter().filter_map(|s| s.zone).collect();
    let mut spots: Vec<Spot> = zoned
        .iter()
        .map(|&z| Spot {
            from: inspect::representative_square(game, side, Some(z)),
            zone: Some(z),
        })
        .collect();
    let elsewhere = inspect::representative_square(game, side, None);
    let in_a_zone = zoned
        .iter()
        .any(|&z| game.zone(z).contains(side, elsewhere));
    if spots.is_empty() || sets.iter().any(|s| s.zone.is_none()) && !in_a_zone {
        spots.push(Spot {
            from: elsewhere,
            zone: None,
        });
    }
    if spots.is_empty() {
        spots.push(Spot {
            from: elsewhere,
            zone: None,
        });
    }
    spots
}

fn title(game: &Game, reach: &Reach, zone: Option<ZoneId>) -> String {
    let ty = game.piece(reach.piece);
    let mut t = format!(
        "{} {} ({}) on {}",
        side_name(reach.side),
        ty.name,
        tatsu::setup::symbol_for(&ty.symbol, reach.side),
        game.geometry.name(reach.from)
    );
    if let Some(z) = zone {
        t += &format!(" (in {})", game.zone(z).name);
    }
    t
}

/// The component of a ray source as text (`fR`) and in English.
fn component(game: &Game, source: usize) -> (String, String) {
    let (_, c) = game.source(source);
    (c.text.clone(), c.description.clone())
}

fn promotion_text(game: &Game, reach: &Reach, d: &inspect::Destination) -> String {
    if d.promotion.is_empty() {
        return String::new();
    }
    let names: Vec<String> = d
        .promotion
        .iter()
        .map(|&p| game.piece(p).symbol.clone())
        .collect();
    let how = if d.must_promote { "must" } else { "may" };
    let _ = reach;
    format!(", {how} promote to {}", names.join(" or "))
}

fn explain(game: &Game, reach: &Reach, zone: Option<ZoneId>) -> String {
    let g = game.geometry;
    let mut out = String::from("\nwhy:\n");
    if let Some(z) = zone {
        let sets = inspect::move_sets(game, reach.piece);
        if let Some(set) = sets.iter().find(|s| s.zone == Some(z)) {
            out += &format!(
                "  {} is in {}, so the piece moves as \"{}\"\n",
                g.name(reach.from),
                game.zone(z).name,
                set.betza
            );
        }
    }
    for d in &reach.destinations {
        let mut reasons: Vec<String> = d
            .sources
            .iter()
            .map(|&s| {
                let (text, words) = component(game, s);
                let src = game.source(s).0;
                let rule = match src.zone {
                    Some(z) => format!("\"{}\" (in {})", src.betza, game.zone(z).name),
                    None => format!("\"{}\"", src.betza),
                };
                format!("{text} of {rule}: {words}")
            })
            .collect();
        if let Some(c) = d.castling {
            let c = &game.castlings[c];
            reasons.push(format!(
                "castling: the rook goes {}-{}",
                g.name(c.rook_from),
                g.name(c.rook_to)
            ));
        }
        let kinds: Vec<&str> = std::iter::once(d.kind)
            .chain(d.also.iter().copied())
            .map(|k| k.name())
            .collect();
        out += &format!(
            "  {:<4} {}{}  <- {}\n",
            g.name(d.to),
            kinds.join(" and "),
            promotion_text(game, reach, d),
            reasons.join("; ")
        );
    }
    for sq in &reach.lame_path {
        out += &format!("  {:<4} must be empty for a lame leap\n", g.name(*sq));
    }
    out
}

fn reach_json(
    game: &Game,
    reach: &Reach,
    zone: Option<ZoneId>,
    in_position: bool,
    legal_only: bool,
) -> Value {
    let g = game.geometry;
    let ty = game.piece(reach.piece);
    let moves: Vec<Value> = reach
        .destinations
        .iter()
        .map(|d| {
            let sources: Vec<Value> = d
                .sources
                .iter()
                .map(|&s| {
                    let (text, words) = component(game, s);
                    let src = game.source(s).0;
                    json!({
                        "betza": src.betza,
                        "component": text,
                        "description": words,
                        "zone": src.zone.map(|z| game.zone(z).name.clone()),
                    })
                })
                .collect();
            let mut m = json!({
                "to": g.name(d.to),
                "kind": d.kind.name(),
                "promotion": d.promotion.iter().map(|&p| game.piece(p).symbol.clone()).collect::<Vec<_>>(),
                "must_promote": d.must_promote,
                "sources": sources,
            });
            if !d.also.is_empty() {
                m["also"] = json!(d.also.iter().map(|k| k.name()).collect::<Vec<_>>());
            }
            if let Some(c) = d.castling {
                let c = &game.castlings[c];
                m["rook_from"] = json!(g.name(c.rook_from));
                m["rook_to"] = json!(g.name(c.rook_to));
            }
            m
        })
        .collect();
    json!({
        "schema": "tatsu.piece/1",
        "variant": game.name,
        "piece": ty.symbol,
        "name": ty.name,
        "side": side_key(reach.side),
        "from": g.name(reach.from),
        "zone": zone.map(|z| game.zone(z).name.clone()),
        "board": match (in_position, legal_only) {
            (true, true) => "position-legal",
            (true, false) => "position",
            (false, _) => "empty",
        },
        "moves": moves,
        "must_be_empty": reach.lame_path.iter().map(|&s| g.name(s)).collect::<Vec<_>>(),
    })
}

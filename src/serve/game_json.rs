//! `GET /api/games/ID`: what the page needs to draw and explain a game, built from the compiled rules: the
//! `describe --json` data, the board's squares, holes and zones, the start position, each piece with hints for its
//! picture, and the rule book's HTML.
use crate::describe::DescribeJson;
use crate::engine::Engine;
use crate::inspect;
use crate::render::{html, rulebook};
use crate::rules::{Game, PieceId, PieceType, SquareSet, Symmetry};
use serde_json::{json, Value};

/// The game's description (the caller adds its id and version).
pub fn game_json(engine: &Engine) -> Value {
    let game = &engine.game;
    let g = game.geometry;
    let names = |set: &SquareSet| -> Vec<String> { set.iter().map(|s| g.name(s)).collect() };
    let zones: Vec<Value> = game
        .zones
        .iter()
        .map(|z| json!({"name": z.name, "white": names(&z.squares[0]), "black": names(&z.squares[1])}))
        .collect();
    let squares: Vec<String> = g.all().map(|s| g.name(s)).collect();
    let pieces: Vec<Value> = game
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| piece_json(game, PieceId(i as u16), p))
        .collect();
    let page = html::render(&rulebook::rulebook(engine));
    json!({
        "describe": serde_json::to_value(DescribeJson::new(engine)).unwrap_or(Value::Null),
        "board": {"files": g.files, "ranks": g.ranks, "squares": squares, "holes": names(&game.holes),
                  "zones": zones},
        "start": game.start_fen,
        "rotated": game.orientation == Symmetry::Rotate,
        "pieces": pieces,
        "rules_html": between(&page, "<body>\n", "</body>"),
        "rules_css": between(&page, "<style>", "</style>"),
    })
}

/// The text between the first `open` and the next `close` (the rule book's body, its styles).
fn between<'a>(page: &'a str, open: &str, close: &str) -> &'a str {
    page.split_once(open)
        .and_then(|(_, rest)| rest.split_once(close))
        .map_or("", |(inner, _)| inner)
}

fn piece_json(game: &Game, id: PieceId, piece: &PieceType) -> Value {
    let promotes_to: Vec<&str> = piece
        .promotions
        .iter()
        .flat_map(|p| p.choices.iter())
        .map(|&c| game.piece(c).symbol.as_str())
        .collect();
    json!({
        "letter": piece.symbol,
        "name": piece.name,
        "royal": piece.royal,
        "promoted": piece.promoted,
        "droppable": piece.drop.is_some(),
        "promotes_to": promotes_to,
        "figure": figure(game, id, piece),
        "glyph": piece.glyph,
    })
}

/// The chess figure a piece is, by its name, else by its moves on an unzoned board (`K`, `Q`, `R`, `B`, `N`, the
/// chess pawn): the page draws it as that figure.
fn figure(game: &Game, id: PieceId, piece: &PieceType) -> Option<&'static str> {
    const FIGURES: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];
    let name = piece.name.to_ascii_lowercase();
    if let Some(f) = FIGURES.iter().find(|f| name == **f) {
        return Some(f);
    }
    let sets = inspect::move_sets(game, id);
    let [set] = sets.as_slice() else {
        return None;
    };
    // Castling (`O`) and the pawn's initial double step do not change the figure.
    let moves: String = set
        .betza
        .split("isO")
        .next()
        .unwrap_or_default()
        .to_string();
    match moves.as_str() {
        "K" | "WF" | "FW" => Some("king"),
        "Q" | "RB" | "BR" => Some("queen"),
        "R" => Some("rook"),
        "B" => Some("bishop"),
        "N" => Some("knight"),
        m if m.contains("fmW") && (m.contains("fceF") || m.contains("fcF")) => Some("pawn"),
        _ => None,
    }
}

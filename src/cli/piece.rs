//! `tatsu piece`: where one piece can go, and why — per zone when its moves depend on the zone.
use super::common::{emit, load_engine, parse_square, print_json, stdout_color, SideArg};
use super::error::CliError;
use tatsu::engine::Position;
use tatsu::inspect::json::{PieceDiagramsJson, PieceJson};
use tatsu::inspect::spots::{default_spots, spot_moves, Spot};
use tatsu::inspect::{self, PieceMoves as Reach};
use tatsu::render::text::{self, Style};
use tatsu::render::{side_name, svg, View};
use tatsu::rules::{Game, Side, Square, ZoneId};

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
        let board = match (position.is_some(), legal_only) {
            (true, true) => "position-legal",
            (true, false) => "position",
            (false, _) => "empty",
        };
        return print_piece_json(game, &reaches, board);
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
        let colour = stdout_color();
        out += &text::board_in(view, Style::Unicode, colour);
        out += &text::legend_in(view, Style::Unicode, colour);
        if args.explain {
            out += &explain(game, reach, *zone);
        }
    }
    emit(&out);
    Ok(())
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
    reaches: &[(Reach, Option<ZoneId>)],
    board: &'static str,
) -> Result<(), CliError> {
    let mut diagrams: Vec<PieceJson> = reaches
        .iter()
        .map(|(r, z)| PieceJson::new(game, r, *z, board))
        .collect();
    if diagrams.len() == 1 {
        print_json(&diagrams.remove(0))
    } else {
        print_json(&PieceDiagramsJson::new(game, diagrams))
    }
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

/// `--explain`: each XBetza component of the move set in plain words with the squares it reaches, then what
/// promotes, what must be empty and what is captured on the way.
fn explain(game: &Game, reach: &Reach, zone: Option<ZoneId>) -> String {
    let g = game.geometry;
    let names =
        |v: &mut dyn Iterator<Item = Square>| v.map(|s| g.name(s)).collect::<Vec<_>>().join(" ");
    let mut out = String::from("\nhow it moves");
    if let Some(set) = zone.and_then(|z| {
        inspect::move_sets(game, reach.piece)
            .into_iter()
            .find(|s| s.zone == Some(z))
    }) {
        out += &format!(
            " (standing in {}, it moves as \"{}\")",
            game.zone(set.zone.expect("zoned")).name,
            set.betza
        );
    }
    out += ":\n";
    let mut sources: Vec<usize> = Vec::new();
    for d in &reach.destinations {
        for &s in &d.sources {
            if !sources.contains(&s) {
                sources.push(s);
            }
        }
    }
    sources.sort_unstable();
    for s in sources {
        let (_, c) = game.source(s);
        let reached = names(
            &mut reach
                .destinations
                .iter()
                .filter(|d| d.sources.contains(&s))
                .map(|d| d.to),
        );
        out += &format!("  {:<8} {}\n", c.text, leg_lines(&c.description));
        out += &format!("  {:<8}   -> {reached}\n", "");
    }
    for d in reach.destinations.iter().filter(|d| d.castling.is_some()) {
        let c = &game.castlings[d.castling.expect("castling")];
        out += &format!(
            "  castling -> {} (the rook goes {}-{})\n",
            g.name(d.to),
            g.name(c.rook_from),
            g.name(c.rook_to)
        );
    }
    let promoting: Vec<&inspect::Destination> = reach
        .destinations
        .iter()
        .filter(|d| !d.promotion.is_empty())
        .collect();
    if let Some(d) = promoting.first() {
        let choices: Vec<String> = d
            .promotion
            .iter()
            .map(|&p| game.piece(p).symbol.clone())
            .collect();
        let (must, may): (Vec<&inspect::Destination>, Vec<&inspect::Destination>) =
            promoting.iter().partition(|d| d.must_promote);
        if !must.is_empty() {
            out += &format!(
                "  must promote (to {}) on {}\n",
                choices.join(" or "),
                names(&mut must.iter().map(|d| d.to))
            );
        }
        if !may.is_empty() {
            out += &format!(
                "  may promote (to {}) on {}\n",
                choices.join(" or "),
                names(&mut may.iter().map(|d| d.to))
            );
        }
    }
    let lists = [
        (&reach.lame_path, "must be empty for a lame leap"),
        (
            &reach.first_legs,
            "captured on the way by a first leg (not stops)",
        ),
        (
            &reach.dead_ends,
            "dead squares: reached, but it could never move again from there",
        ),
    ];
    for (list, words) in lists {
        if !list.is_empty() {
            out += &format!("  {words}: {}\n", names(&mut list.iter().copied()));
        }
    }
    out
}

/// A multi-leg description with each leg on its own line (`first …; then …`).
fn leg_lines(description: &str) -> String {
    description.replace("; then ", ";\n             then ")
}

//! The compiler: spanned syntax tree → [`crate::rules::Game`], as small passes that each report every problem they find.
//!
//! Order: header (board, orientation, singletons) → zones → piece names → start position → move-rule graph →
//! castling → promotion, drops and the other rules → end rules → warnings. A pass that cannot run (no board) is
//! skipped; the others still report.

mod castling;
mod diags;
mod end;
mod fen;
mod graph;
mod header;
mod pieces;
mod rays;
mod rules;
mod zones;

use crate::diag::{self, Diagnostic, Span};
use crate::dsl;
use crate::rules::Game;

pub use diags::Diags;

/// A compiled game and what the compiler knows about its source.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub game: Game,
    pub warnings: Vec<Diagnostic>,
    pub file: String,
    pub source: String,
    /// Per piece (index = [`crate::rules::PieceId`]): the span of its id in the `piece` declaration.
    pub piece_spans: Vec<Span>,
    /// Per zone (index = [`crate::rules::ZoneId`]): the span of its name in the `zone` declaration.
    pub zone_spans: Vec<Span>,
}

/// Compiles a variant file. On failure, every error found (and the warnings) sorted by position.
pub fn compile(file_name: &str, source: &str) -> Result<Compiled, Vec<Diagnostic>> {
    let ast = dsl::parse(file_name, source)?;
    let mut d = Diags::new(file_name);
    let game = build(&ast, file_name, &mut d);
    let mut all = d.into_vec();
    diag::sort(&mut all);
    match game {
        Some((game, piece_spans, zone_spans)) if !all.iter().any(Diagnostic::is_error) => {
            Ok(Compiled {
                game,
                warnings: all,
                file: file_name.to_string(),
                source: source.to_string(),
                piece_spans,
                zone_spans,
            })
        }
        _ => Err(all),
    }
}

fn build(
    ast: &dsl::ast::File,
    file_name: &str,
    d: &mut Diags,
) -> Option<(Game, Vec<Span>, Vec<Span>)> {
    let head = header::resolve_header(ast, d);
    let names = pieces::resolve_piece_names(ast, d);
    // With an invalid board, go on with the clamped one to report the other problems (the result is discarded).
    let geometry = head.geometry.or(head.fallback)?;
    let mut zones = zones::resolve_zones(ast, geometry, head.orientation, d);
    let infos = pieces::resolve_piece_items(&names, &mut zones, d);
    let start = head
        .start
        .as_ref()
        .filter(|_| head.geometry.is_some())
        .and_then(|s| fen::parse_start(s, geometry, &names, d));
    let mut built = graph::build_graph(
        &infos,
        &names,
        &zones,
        geometry,
        head.orientation,
        start.as_ref(),
        d,
    );
    let (castling_rights, castlings) =
        castling::build_castling(&infos, &names, &built, geometry, start.as_ref(), d);
    rules::apply_piece_rules(&head, &infos, &names, &mut zones, &mut built, d);
    let end = end::resolve_end(&head, &names, &infos, &mut zones, d);
    let bonus_turn = match &head.bonus {
        Some((z, may_pass)) => zones.resolve(z, d).map(|zone| rules::BonusTurn {
            zone,
            may_pass: *may_pass,
        }),
        None => None,
    };
    if let Some(start) = &start {
        fen::check_start_dead(start, &built, &infos, d);
    }
    warn_immobile(&built, &names, &infos, d);
    let extinction = end.as_ref().is_some_and(|e| !e.extinction.is_empty());
    if !infos.iter().any(|i| i.royal) && !extinction {
        d.warning(
            Span::new(0, 0),
            "no piece is `royal` and no `extinction` rule ends the game, so no side can ever lose by capture",
        );
    }
    zones.warn_unused(d);
    let zone_spans = zones.spans.clone();
    let start_fen = head.start.as_ref()?.value.clone();
    let name = std::path::Path::new(file_name).file_stem().map_or_else(
        || file_name.to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let game = Game {
        name,
        title: head.title.clone().unwrap_or_default(),
        geometry,
        orientation: head.orientation,
        zones: zones.into_zones(),
        pieces: built.pieces,
        rays: built.rays,
        ray_squares: built.ray_squares,
        ray_roles: built.ray_roles,
        ray_sources: built.ray_sources,
        castling_rights,
        castlings,
        drops: head.drops.is_some(),
        bonus_turn,
        end: end?,
        start_fen,
    };
    // The compiler checks the placement and the side to move; the executor's FEN reader has the last word on the
    // rest (castling rights, e.p., clocks, check), so that `Position::start` can rely on it.
    let game = if d.has_errors() {
        game
    } else {
        let engine = crate::engine::Engine::new(game);
        if let Err(e) = crate::engine::Position::from_fen(&engine, &engine.game.start_fen) {
            let span = head.start.as_ref().map_or(Span::new(0, 0), |s| s.span);
            for problem in e.problems {
                d.error(span, format!("the start position is not valid: {problem}"));
            }
        }
        engine.game
    };
    let piece_spans = names.decls.iter().map(|p| p.id.span).collect();
    Some((game, piece_spans, zone_spans))
}

/// A piece with no move from any square, for either side, is almost certainly a mistake.
fn warn_immobile(
    built: &graph::Built,
    names: &pieces::PieceNames,
    infos: &[pieces::PieceInfo],
    d: &mut Diags,
) {
    for (i, piece) in built.pieces.iter().enumerate() {
        let squares = piece.graph.len() / 2;
        if piece.dead[0].len() == squares && built.castling[i].is_empty() && !infos[i].broken {
            d.warning(
                names.decls[i].id.span,
                format!("piece `{}` can never move", piece.symbol),
            );
        }
    }
}

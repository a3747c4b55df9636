//! The compiler: spanned syntax tree → [`crate::rules::Game`], as small passes that each report every problem they find.
//!
//! Order: header (board, orientation, singletons) → zones → piece names → start position → move-rule graph →
//! castling → promotion, drops and the other rules → end rules → move restrictions → warnings. A pass that cannot run (no board) is
//! skipped; the others still report. The memory guard (`memory.rs`) runs after the piece names, on the tables the board
//! and the piece count imply, and in the move-rule graph after each type's rays: a game over it is refused there, and
//! the passes after the graph do not run.

mod board;
mod diags;
mod game_rules;
mod header;
mod memory;
mod pieces;

use board::{holes, start, zones};
use game_rules::{castling, end, gating, passing, walls};
use pieces::{first_move, graph, piece_rules, restrict};

use crate::diag::{self, Diagnostic, Span};
use crate::dsl;
use crate::rules::{
    Castling, CastlingRight, CounterStrike, EndRules, Explosions, FirstMoveRight, ForcedCapture,
    Game, Gating, Geometry, PromotionReach, ProtectedCapture, Side, SquareSet, Walls,
};
use crate::setup::Setup;

pub use diags::Diags;
pub use memory::{table_bytes, MAX_TABLE_BYTES};

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
    let (ast, syntax_errors) = dsl::parse(file_name, source);
    let mut d = Diags::new(file_name);
    d.extend(syntax_errors);
    let game = build(&ast, file_name, &mut d);
    let mut all = d.into_vec();
    diag::sort(&mut all);
    diag::merge_repeats(&mut all);
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
    let budget = table_budget(&head, infos.len(), d)?;
    let start = head
        .start
        .as_ref()
        .filter(|_| head.geometry.is_some())
        .and_then(|s| start::read_start(s, geometry, &names, d));
    if let Some(s) = &head.start {
        pieces::explain_start_letters(s, &names, d);
    }
    let holes = start.as_ref().map_or_else(SquareSet::new, |s| {
        let mut set = SquareSet::new();
        s.holes.iter().for_each(|&(sq, _)| set.insert(sq));
        set
    });
    let setting = GameSetting {
        head: &head,
        names: &names,
        infos: &infos,
        geometry,
        start: start.as_ref(),
        holes: &holes,
        budget,
    };
    let mut moves = build_moves(&setting, &mut zones, d);
    if moves.built.over_budget {
        // Refused (reported): the passes after this one would judge pieces that have no rays.
        return None;
    }
    let end = end::resolve_end(&head, &names, &infos, &mut zones, d);
    if let (Some((kw, _)), Some((_, legality))) = (&head.gating, &end) {
        gating::check_end_rules(*kw, legality, head.explosions.is_some(), d);
    }
    let restrictions = resolve_restrictions(&setting, &moves, &mut zones, d);
    check_piece_rules(&setting, &moves.built, d);
    let rank_order = head.rank_order.as_deref();
    pieces::range_capture::apply(rank_order, (&infos, &names), &mut moves.built, d);
    pieces::burn::apply(&head, &infos, &mut moves.built, d);
    pieces::restrict::apply_unprotected(&infos, &names, &mut moves.built, d);
    if head.dead_squares_allowed {
        // Nothing is dead: moves, drops, positions and forced promotion all read these sets.
        for piece in &mut moves.built.pieces {
            piece.dead = [SquareSet::new(), SquareSet::new()];
        }
    }
    warn_no_loss(&infos, end.as_ref().map(|(end, _)| end), d);
    zones.warn_unused(d);
    let zone_spans = zones.spans.clone();
    let start_fen = head.start.as_ref()?.value.clone();
    let name = std::path::Path::new(file_name).file_stem().map_or_else(
        || file_name.to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let built = moves.built;
    let (end, legality) = end?;
    let mut game = Game {
        name,
        title: head.title.clone().unwrap_or_default(),
        description: head.description.clone().unwrap_or_default(),
        aliases: head.aliases.clone(),
        geometry,
        orientation: head.orientation,
        zones: zones.into_zones(),
        pieces: built.pieces,
        rays: built.rays,
        ray_squares: built.ray_squares,
        ray_rules: built.ray_rules,
        ray_sources: built.ray_sources,
        move_sets: built.move_sets,
        holes,
        castling_rights: moves.castling_rights,
        castlings: moves.castlings,
        first_move_rights: moves.first_move_rights,
        gating: moves.gating,
        drops: head.drops.is_some(),
        bonus_turn: restrictions.bonus_turn,
        forced_capture: restrictions.forced_capture,
        explosions: restrictions.explosions,
        walls: restrictions.walls,
        must_drop: head.must_drop.is_some(),
        dead_squares_allowed: head.dead_squares_allowed,
        pass_allowed: head.pass_span.is_some(),
        protected_capture: restrictions.protected_capture,
        counter_strike: restrictions.counter_strike,
        legality,
        end,
        start_fen,
    };
    share_rules_with_shadows(&mut game);
    for i in 0..game.pieces.len() {
        let reach = Side::BOTH.map(|s| PromotionReach::of(&game, &game.pieces[i].promotions, s));
        game.pieces[i].promotion_reach = reach;
    }
    if let Some((kw, _)) = &head.gating {
        gating::check_promotion_text(&game, *kw, d);
    }
    if let (Some(setup), Some(fen)) = (&start, &head.start) {
        start::check_start(fen, setup, &game, &infos, d);
    }
    let piece_spans = names.decls.iter().map(|p| p.id.span).collect();
    Some((game, piece_spans, zone_spans))
}

/// The memory budget of a game on a valid board (`Some(None)` on an invalid one, whose errors are reported
/// already), or `None` when the tables that follow from the board and the piece count alone are over the limit
/// (reported: nothing is built).
fn table_budget(
    head: &header::Header,
    pieces: usize,
    d: &mut Diags,
) -> Option<Option<memory::Budget>> {
    let Some(geometry) = head.geometry else {
        return Some(None);
    };
    let span = head.board_span.unwrap_or(Span::new(0, 0));
    let fixed = memory::fixed_table_bytes(geometry.squares() as u64, pieces as u64);
    if fixed > MAX_TABLE_BYTES {
        let how = format!(
            "{pieces} piece types on {} squares, before any move is counted",
            geometry.squares()
        );
        memory::refuse(d, span, fixed, &how);
        return None;
    }
    Some(Some(memory::Budget {
        squares: geometry.squares() as u64,
        pieces: pieces as u64,
        span,
    }))
}

/// What the passes after the piece items read: the header, the piece tables, the board and its start.
struct GameSetting<'a> {
    head: &'a header::Header,
    names: &'a pieces::PieceNames,
    infos: &'a [pieces::PieceInfo],
    geometry: Geometry,
    start: Option<&'a Setup>,
    holes: &'a SquareSet,
    budget: Option<memory::Budget>,
}

/// How the pieces move: their move graphs and rays, castling, first-move rights, gating.
struct Moves {
    built: graph::Built,
    castling_rights: Vec<CastlingRight>,
    castlings: Vec<Castling>,
    first_move_rights: Vec<FirstMoveRight>,
    gating: Option<Gating>,
}

/// The move-rule graph, then the rules that add moves to it or take some away.
fn build_moves(s: &GameSetting, zones: &mut zones::ZoneTable, d: &mut Diags) -> Moves {
    let (head, geometry) = (s.head, s.geometry);
    let setting = graph::Setting {
        names: s.names,
        zones,
        geometry,
        orientation: head.orientation,
        start: s.start,
        holes: s.holes,
        budget: s.budget,
    };
    let mut built = graph::build_graph(s.infos, &setting, d);
    let (castling_rights, mut castlings) = castling::build_castling(
        s.infos,
        s.names,
        &built,
        (geometry, head.orientation),
        s.start,
        head.drops.is_some(),
        d,
    );
    castlings.retain(|c| holes::keeps_castling(c, s.holes));
    let first_move_rights = first_move::build_first_move_rights(
        s.infos,
        s.names,
        &castling_rights,
        geometry,
        s.start,
        d,
    );
    let gating = gating::resolve_gating(
        &gating::GatingSetting {
            head,
            castling: &castling_rights,
            first_moves: &first_move_rights,
            holes: s.holes,
            geometry,
        },
        zones,
        d,
    );
    piece_rules::apply_piece_rules(head, s.infos, s.names, zones, &mut built, s.start, d);
    Moves {
        built,
        castling_rights,
        castlings,
        first_move_rights,
        gating,
    }
}

/// The game-wide rules that restrict or add to what a move does: compulsory, protected and counter-strike
/// captures, explosions, walls, the bonus turn.
struct Restrictions {
    forced_capture: Option<ForcedCapture>,
    protected_capture: Option<ProtectedCapture>,
    counter_strike: Option<CounterStrike>,
    explosions: Option<Explosions>,
    walls: Option<Walls>,
    bonus_turn: Option<piece_rules::BonusTurn>,
}

fn resolve_restrictions(
    s: &GameSetting,
    moves: &Moves,
    zones: &mut zones::ZoneTable,
    d: &mut Diags,
) -> Restrictions {
    let (head, names, built) = (s.head, s.names, &moves.built);
    let forced_capture = head
        .forced_capture
        .as_ref()
        .map(|by| restrict::resolve_forced_capture(by, names, built, d));
    let protected_capture = head
        .protected_capture
        .as_ref()
        .map(|(_, set, bridge)| restrict::resolve_protected_capture((set, bridge), names, d));
    let counter_strike = head
        .counter_strike
        .as_ref()
        .map(|(kw, set)| restrict::resolve_counter_strike((*kw, set), names, built, d));
    let explosions = head.explosions.as_ref().map(|(kw, spare, immune)| {
        restrict::resolve_explosions((*kw, spare, immune), head.drops.is_some(), names, d)
    });
    let walls = walls::resolve_walls(
        &walls::WallSetting {
            head,
            names,
            infos: s.infos,
            built,
            castlings: &moves.castlings,
            geometry: s.geometry,
        },
        zones,
        d,
    );
    let bonus_turn = match &head.bonus {
        Some((z, may_pass)) => zones.resolve(z, d).map(|zone| piece_rules::BonusTurn {
            zone,
            may_pass: *may_pass,
        }),
        None => None,
    };
    Restrictions {
        forced_capture,
        protected_capture,
        counter_strike,
        explosions,
        walls,
        bonus_turn,
    }
}

/// Rules that are each fine alone but not with the pieces' moves: passing, hop restrictions, `must-drop`
/// without drops, a piece that never moves, a royal piece that may not be captured.
fn check_piece_rules(s: &GameSetting, built: &graph::Built, d: &mut Diags) {
    let (head, infos) = (s.head, s.infos);
    passing::check_passing(head, (infos, s.names), built, s.geometry, d);
    restrict::check_hop_restrictions(infos, built, d);
    if let (Some(span), None) = (head.must_drop, &head.drops) {
        d.error(span, "`must-drop`, but the game has no `drops` statement")
            .note("add `drops` (or `drops reserve` for a hand filled only by the start position)");
    }
    warn_immobile(built, s.names, infos, d);
    for info in infos {
        for (id, &span) in info.may_not_capture.iter().zip(&info.may_not_capture_spans) {
            if infos[id.index()].royal {
                d.error(
                    span,
                    "`may-not-capture` of a royal piece: check detection does not know the restriction yet",
                );
            }
        }
    }
}

/// A game that no side can lose is almost certainly a mistake.
fn warn_no_loss(infos: &[pieces::PieceInfo], end: Option<&EndRules>, d: &mut Diags) {
    // A flag square ends the game without a capture (breakthrough), and so does a stalemate that is scored
    // (clobber: a side that cannot move loses).
    let extinction = end.is_some_and(|e| {
        !e.extinction.is_empty()
            || !e.flags.is_empty()
            || e.stalemate != crate::rules::StalemateResult::Draw
            || e.stalemate_by_piece_count
    });
    if !infos.iter().any(|i| i.royal) && !extinction {
        d.warning(
            Span::new(0, 0),
            "no piece is `royal` and no `extinction`, `flag` or scored `stalemate` rule ends the game, so no side can ever lose",
        );
    }
}

/// A shadow `X~` is an `X` to every rule that lists pieces by type: flags, compulsory captures, the move-limit
/// reset (extinction, material limits and insufficient material count `X` and `X~` together where they are
/// judged).
fn share_rules_with_shadows(game: &mut Game) {
    if let Some(count) = &mut game.end.material_count {
        // Shadow types are made after the pieces the file declares.
        count.tenths.resize(game.pieces.len(), 0);
    }
    for i in 0..game.pieces.len() {
        let Some(of) = game.pieces[i].shadow_of else {
            continue;
        };
        let id = crate::rules::PieceId(i as u16);
        for flag in &mut game.end.flags {
            if flag.pieces.contains(&of) {
                flag.pieces.push(id);
            }
        }
        if let Some(count) = &mut game.end.material_count {
            count.tenths[i] = count.tenths[of.index()];
        }
        for list in [
            &mut game.end.checkmate_by_only_loses,
            &mut game.end.checkmate_needs_check_by,
        ] {
            if list.contains(&of) {
                list.push(id);
            }
        }
        if game.end.resets_clock.contains(&of) {
            game.end.resets_clock.push(id);
        }
        if let Some(rule) = &mut game.protected_capture {
            for list in [&mut rule.set, &mut rule.bridge_not] {
                list.resize(game.pieces.len(), false);
                list[i] = list[of.index()];
            }
        }
        if let Some(rule) = &mut game.counter_strike {
            rule.set.resize(game.pieces.len(), false);
            rule.set[i] = rule.set[of.index()];
        }
        if let Some(fc) = &mut game.forced_capture {
            if let Some(&by) = fc.by.get(of.index()) {
                if let Some(slot) = fc.by.get_mut(i) {
                    *slot = by;
                }
            }
        }
    }
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
        if piece.dead[0].len() == squares
            && built.castling[i].is_empty()
            && !infos[i].broken
            && names.shadows[i].is_none()
        {
            d.warning(
                names.decls[i].id.span,
                format!("piece `{}` can never move", piece.symbol),
            );
        }
    }
}

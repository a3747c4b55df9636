//! Pass 1: the game-wide statements (board, orientation, title, start, drops, demotion, bonus turn, forced
//! capture, end block).
//! Each may appear once; the board must fit in 36x36.
use super::Diags;
use crate::diag::Span;
use crate::dsl::ast::{self, EndItem, Name, StatementKind, Str};
use crate::rules::{Geometry, Symmetry, MAX_FILES, MAX_RANKS};

pub struct Header {
    pub title: Option<String>,
    pub description: Option<String>,
    /// The board, if it was given and valid.
    pub geometry: Option<Geometry>,
    /// The board clamped into the legal range, so later passes can still report their own problems.
    pub fallback: Option<Geometry>,
    pub orientation: Symmetry,
    pub start: Option<Str>,
    /// `drops` given: `Some(forbidden zone)`.
    pub drops: Option<Option<Name>>,
    pub drops_span: Option<Span>,
    /// `drops reserve`: captured pieces leave the game; only the start position fills the hands.
    pub drops_reserve: bool,
    /// `drops … gating-only`, where: the hands' pieces enter only by gating.
    pub gating_only: Option<Span>,
    /// `gating in ZONE` given: where, and the zone.
    pub gating: Option<(Span, Name)>,
    pub demote: Option<Name>,
    pub bonus: Option<(Name, bool)>,
    pub end: Option<Vec<EndItem>>,
    /// `forced-capture` given: the piece types listed after `by` (none: every type).
    pub forced_capture: Option<Vec<Name>>,
    /// `explosions` given: where, and the piece types listed after `spare` and after `immune`.
    pub explosions: Option<(Span, Vec<Name>, Vec<Name>)>,
    /// `must-drop` given, where.
    pub must_drop: Option<Span>,
    /// `walls` given: where, the placement word and the zone after `in`.
    pub walls: Option<(Span, Name, Option<Name>)>,
    /// `petrify` given: where, and the piece types listed.
    pub petrify: Option<(Span, Vec<Name>)>,
    /// `dead-squares allowed` given.
    pub dead_squares_allowed: bool,
    /// `pass allowed` given, where.
    pub pass_span: Option<Span>,
    /// `no-capture-of-protected` given: where, the set and the types after `bridge-not`.
    pub protected_capture: Option<(Span, Vec<Name>, Vec<Name>)>,
    /// `no-counter-strike` given: where, and the set.
    pub counter_strike: Option<(Span, Vec<Name>)>,
}

pub fn resolve_header(file: &ast::File, d: &mut Diags) -> Header {
    let mut h = Header {
        title: None,
        description: None,
        geometry: None,
        fallback: None,
        orientation: Symmetry::Mirror,
        start: None,
        drops: None,
        drops_span: None,
        drops_reserve: false,
        gating_only: None,
        gating: None,
        demote: None,
        bonus: None,
        end: None,
        forced_capture: None,
        explosions: None,
        must_drop: None,
        walls: None,
        petrify: None,
        dead_squares_allowed: false,
        pass_span: None,
        protected_capture: None,
        counter_strike: None,
    };
    let mut seen: Vec<(&'static str, Span)> = Vec::new();
    let mut once = |what: &'static str, span: Span, d: &mut Diags| -> bool {
        if let Some((_, first)) = seen.iter().find(|(w, _)| *w == what) {
            d.error(span, format!("`{what}` is given twice"))
                .label(*first, "first given here");
            return false;
        }
        seen.push((what, span));
        true
    };
    let mut board_span = None;
    for st in &file.statements {
        let kw = st.keyword;
        match &st.kind {
            StatementKind::Title(t) if once("title", kw, d) => h.title = Some(t.value.clone()),
            StatementKind::Description(t) if once("description", kw, d) => {
                h.description = Some(t.value.clone())
            }
            StatementKind::Board { files, ranks } if once("board", kw, d) => {
                board_span = Some(kw);
                let clamp = |n: u32, max: u8| {
                    if n == 0 || n > max as u32 {
                        max
                    } else {
                        n as u8
                    }
                };
                h.fallback = Some(Geometry {
                    files: clamp(files.value, MAX_FILES),
                    ranks: clamp(ranks.value, MAX_RANKS),
                });
                let mut ok = true;
                for (n, max, what) in [(files, MAX_FILES, "files"), (ranks, MAX_RANKS, "ranks")] {
                    if n.value == 0 || n.value > max as u32 {
                        d.error(
                            n.span,
                            format!("a board has 1 to {max} {what}, not {}", n.value),
                        )
                        .note(format!("the largest board is {MAX_FILES}x{MAX_RANKS}"));
                        ok = false;
                    }
                }
                if ok {
                    h.geometry = Some(Geometry {
                        files: files.value as u8,
                        ranks: ranks.value as u8,
                    });
                }
            }
            StatementKind::Orientation(o) if once("orientation", kw, d) => h.orientation = o.value,
            StatementKind::Start(s) if once("start", kw, d) => h.start = Some(s.clone()),
            StatementKind::Drops {
                not_in,
                reserve,
                gating_only,
            } if once("drops", kw, d) => {
                h.drops = Some(not_in.clone());
                h.drops_reserve = reserve.is_some();
                h.gating_only = *gating_only;
                h.drops_span = Some(kw);
            }
            StatementKind::Demote { zone } if once("demote", kw, d) => {
                h.demote = Some(zone.clone())
            }
            StatementKind::BonusTurn { zone, may_pass } if once("bonus-turn", kw, d) => {
                h.bonus = Some((zone.clone(), *may_pass))
            }
            StatementKind::End(items) if once("end", kw, d) => h.end = Some(items.clone()),
            StatementKind::MustDrop if once("must-drop", kw, d) => h.must_drop = Some(kw),
            StatementKind::Pass if once("pass", kw, d) => {
                h.pass_span = Some(kw);
            }
            StatementKind::ForcedCapture { by } if once("forced-capture", kw, d) => {
                h.forced_capture = Some(by.clone())
            }
            StatementKind::DeadSquares { allowed } if once("dead-squares", kw, d) => {
                h.dead_squares_allowed = *allowed
            }
            StatementKind::Explosions { spare, immune } if once("explosions", kw, d) => {
                h.explosions = Some((kw, spare.clone(), immune.clone()))
            }
            StatementKind::Gating { zone } if once("gating", kw, d) => {
                h.gating = Some((kw, zone.clone()))
            }
            StatementKind::Walls { placement, zone } if once("walls", kw, d) => {
                h.walls = Some((kw, placement.clone(), zone.clone()))
            }
            StatementKind::ProtectedCapture { set, bridge_not }
                if once("no-capture-of-protected", kw, d) =>
            {
                h.protected_capture = Some((kw, set.clone(), bridge_not.clone()))
            }
            StatementKind::CounterStrike { set } if once("no-counter-strike", kw, d) => {
                h.counter_strike = Some((kw, set.clone()))
            }
            StatementKind::Petrify { pieces } if once("petrify", kw, d) => {
                h.petrify = Some((kw, pieces.clone()))
            }
            _ => {}
        }
    }
    let _ = board_span;
    // A statement the reader could not read has its syntax error already.
    let absent = |kw: &str| !seen.iter().any(|(w, _)| *w == kw) && !file.is_unread(kw, None);
    if absent("board") {
        d.error(Span::new(0, 0), "the file has no `board` statement")
            .note("write e.g. `board 8 x 8` (files x ranks)");
    }
    if absent("start") {
        d.error(Span::new(0, 0), "the file has no `start` position")
            .note(
                "write e.g. `start \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"`",
            );
    }
    h
}

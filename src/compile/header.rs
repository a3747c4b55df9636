//! Pass 1: the game-wide statements (board, orientation, title, start, drops, demotion, bonus turn, forced
//! capture, end block).
//! Each may appear once; the board must fit in 36x36.
use super::Diags;
use crate::diag::Span;
use crate::dsl::ast::{self, EndItem, Name, Spanned, StatementKind, Str};
use crate::rules::{Geometry, Symmetry, MAX_FILES, MAX_RANKS};

pub struct Header {
    pub title: Option<String>,
    pub description: Option<String>,
    /// `aliases`: the other names, each checked to be a name a command line can give.
    pub aliases: Vec<String>,
    /// The board, if it was given and valid.
    pub geometry: Option<Geometry>,
    /// The board clamped into the legal range, so later passes can still report their own problems.
    pub fallback: Option<Geometry>,
    /// The `board` statement's keyword, where a game too large for memory is reported.
    pub board_span: Option<Span>,
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
    /// `rank-order` given: its groups of piece types, highest first.
    pub rank_order: Option<Vec<Vec<Name>>>,
}

pub fn resolve_header(file: &ast::File, d: &mut Diags) -> Header {
    let mut h = Header::before_statements();
    // Each game-wide statement's word, and where it was first given.
    let mut seen: Vec<(&'static str, Span)> = Vec::new();
    for st in &file.statements {
        let Some(what) = game_wide_word(&st.kind) else {
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(w, _)| *w == what) {
            d.error(st.keyword, format!("`{what}` is given twice"))
                .label(*first, "first given here");
            continue;
        }
        seen.push((what, st.keyword));
        h.take(&st.kind, st.keyword, d);
    }
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

/// The word of a game-wide statement, each of which may be given once; `None` for the others (zones, pieces,
/// tests).
fn game_wide_word(kind: &StatementKind) -> Option<&'static str> {
    Some(match kind {
        StatementKind::Title(_) => "title",
        StatementKind::Description(_) => "description",
        StatementKind::Aliases(_) => "aliases",
        StatementKind::Board { .. } => "board",
        StatementKind::Orientation(_) => "orientation",
        StatementKind::Start(_) => "start",
        StatementKind::Drops { .. } => "drops",
        StatementKind::Demote { .. } => "demote",
        StatementKind::BonusTurn { .. } => "bonus-turn",
        StatementKind::End(_) => "end",
        StatementKind::MustDrop => "must-drop",
        StatementKind::Pass => "pass",
        StatementKind::ForcedCapture { .. } => "forced-capture",
        StatementKind::DeadSquares { .. } => "dead-squares",
        StatementKind::Explosions { .. } => "explosions",
        StatementKind::Gating { .. } => "gating",
        StatementKind::Walls { .. } => "walls",
        StatementKind::ProtectedCapture { .. } => "no-capture-of-protected",
        StatementKind::CounterStrike { .. } => "no-counter-strike",
        StatementKind::Petrify { .. } => "petrify",
        StatementKind::RankOrder { .. } => "rank-order",
        _ => return None,
    })
}

impl Header {
    /// The header of a file without game-wide statements.
    fn before_statements() -> Header {
        Header {
            title: None,
            description: None,
            aliases: Vec::new(),
            geometry: None,
            fallback: None,
            board_span: None,
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
            rank_order: None,
        }
    }

    /// Records a game-wide statement given for the first time, at its keyword `kw`.
    fn take(&mut self, kind: &StatementKind, kw: Span, d: &mut Diags) {
        let h = self;
        match kind {
            StatementKind::Title(t) => h.title = Some(t.value.clone()),
            StatementKind::Description(t) => h.description = Some(t.value.clone()),
            StatementKind::Aliases(names) => h.aliases = aliases(names, d),
            StatementKind::Board { files, ranks } => {
                h.board_span = Some(kw);
                h.board(files, ranks, d)
            }
            StatementKind::Orientation(o) => h.orientation = o.value,
            StatementKind::Start(s) => h.start = Some(s.clone()),
            StatementKind::Drops {
                not_in,
                reserve,
                gating_only,
            } => {
                h.drops = Some(not_in.clone());
                h.drops_reserve = reserve.is_some();
                h.gating_only = *gating_only;
                h.drops_span = Some(kw);
            }
            StatementKind::Demote { zone } => h.demote = Some(zone.clone()),
            StatementKind::BonusTurn { zone, may_pass } => {
                h.bonus = Some((zone.clone(), *may_pass))
            }
            StatementKind::End(items) => h.end = Some(items.clone()),
            StatementKind::MustDrop => h.must_drop = Some(kw),
            StatementKind::Pass => h.pass_span = Some(kw),
            StatementKind::ForcedCapture { by } => h.forced_capture = Some(by.clone()),
            StatementKind::DeadSquares { allowed } => h.dead_squares_allowed = *allowed,
            StatementKind::Explosions { spare, immune } => {
                h.explosions = Some((kw, spare.clone(), immune.clone()))
            }
            StatementKind::Gating { zone } => h.gating = Some((kw, zone.clone())),
            StatementKind::Walls { placement, zone } => {
                h.walls = Some((kw, placement.clone(), zone.clone()))
            }
            StatementKind::ProtectedCapture { set, bridge_not } => {
                h.protected_capture = Some((kw, set.clone(), bridge_not.clone()))
            }
            StatementKind::CounterStrike { set } => h.counter_strike = Some((kw, set.clone())),
            StatementKind::Petrify { pieces } => h.petrify = Some((kw, pieces.clone())),
            StatementKind::RankOrder { groups } => h.rank_order = Some(groups.clone()),
            _ => {}
        }
    }

    /// `board F x R`: the geometry when both fit, and a clamped one to go on with either way.
    fn board(&mut self, files: &Spanned<u32>, ranks: &Spanned<u32>, d: &mut Diags) {
        let clamp = |n: u32, max: u8| {
            if n == 0 || n > max as u32 {
                max
            } else {
                n as u8
            }
        };
        self.fallback = Some(Geometry {
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
            self.geometry = Some(Geometry {
                files: files.value as u8,
                ranks: ranks.value as u8,
            });
        }
    }
}

/// The names of an `aliases` statement that can name a game on a command line or in a protocol: letters, digits,
/// `-` and `_`, each once. The others are errors at the name.
fn aliases(names: &[Str], d: &mut Diags) -> Vec<String> {
    let mut kept = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let text = &name.value;
        let earlier = names[..i]
            .iter()
            .find(|n| n.value.eq_ignore_ascii_case(text));
        if text.is_empty()
            || !text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            let what = if text.is_empty() {
                "an empty name".to_string()
            } else {
                format!("`{text}`")
            };
            d.error(name.span, format!("{what} cannot be an alias"))
                .note(
                "an alias is a name given on a command line: ASCII letters, digits, `-` and `_`",
            );
        } else if let Some(first) = earlier {
            d.error(name.span, format!("the alias `{text}` is given twice"))
                .label(first.span, "first given here");
        } else {
            kept.push(text.clone());
        }
    }
    kept
}

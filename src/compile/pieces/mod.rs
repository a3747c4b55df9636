//! Pass 3: piece ids → [`PieceId`]s (duplicates, promoted forms without a base), then each piece's items
//! resolved against the zone and piece tables, with its XBetza strings parsed. XBetza errors are located at
//! the offending letters inside the quoted string.
//!
//! Its submodules read the items that need more than a lookup (`promote` lines, `drop` options), and build on
//! these tables: each piece's rays and move-rule graph (passes 4 and 5b), its promotion, hand and drop rules
//! (pass 6), and the move restrictions that read its moves.

pub(super) mod burn;
mod confine;
mod drop_items;
pub(super) mod first_move;
mod glyph;
pub(super) mod graph;
pub(super) mod piece_rules;
mod promote_items;
pub(super) mod range_capture;
mod ray_store;
pub(super) mod rays;
pub(super) mod restrict;

use crate::compile::board::zones::ZoneTable;
use crate::compile::Diags;
use crate::diag::{suggest, Span};
use crate::dsl::ast::{self, Name, PieceDecl, PieceItem, PromoteLine, StatementKind, Str};
use crate::rules::{PieceId, PromotionTrigger, Side, StandingRules, ZoneId, MAX_PIECE_TYPES};
use promote_items::{material_limit, promotion_choices, standing_clash, standing_rules};
use std::collections::{HashMap, HashSet};

pub struct PieceNames {
    pub decls: Vec<PieceDecl>,
    by_id: HashMap<String, PieceId>,
    /// For a promoted form `+X`: the id of `X`.
    pub base: Vec<Option<PieceId>>,
    /// Ids of piece statements that had a syntax error: not "unknown", their error is reported.
    unread: HashSet<String>,
    /// Parallel to `decls`: for a shadow type `X~` the compiler made for a `remembered` promotion, what it
    /// stands for. Shadows follow every declared piece.
    pub shadows: Vec<Option<Shadow>>,
}

/// A shadow type `X~`: plays exactly as `X` and goes to the captor's hand as `promoter` (crazyhouse's promoted
/// queen, written `Q~` in FEN).
#[derive(Clone, Copy, Debug)]
pub struct Shadow {
    /// The type it plays as.
    pub of: PieceId,
    /// The piece whose `remembered` promotion makes it.
    pub promoter: PieceId,
}

/// The id of the shadow of piece `id`.
pub fn shadow_id(id: &str) -> String {
    format!("{id}~")
}

impl PieceNames {
    pub fn lookup(&self, id: &str) -> Option<PieceId> {
        self.by_id.get(id).copied()
    }
    /// Whether a `piece` statement with this id was written but not read (its syntax error is reported): a use of
    /// the id is then not reported again.
    pub fn is_unread(&self, id: &str) -> bool {
        self.unread.contains(id)
    }

    /// Looks a piece up by id; reports an unknown id with a suggestion.
    pub fn resolve(&self, name: &Name, d: &mut Diags) -> Option<PieceId> {
        if let Some(&id) = self.by_id.get(&name.value) {
            return Some(id);
        }
        if self.unread.contains(&name.value) {
            return None;
        }
        let diag = d.error(name.span, format!("unknown piece `{}`", name.value));
        // `+S` with `S` declared: the promoted form itself is missing, and no other piece is meant.
        let base = name
            .value
            .strip_prefix('+')
            .filter(|b| self.by_id.contains_key(*b));
        if let Some(base) = base {
            diag.note(format!(
                "`{}` is the promoted form of `{base}`: declare it with `piece {} \"Name\" {{ moves \"…\" }}`",
                name.value, name.value
            ));
        } else if let Some(s) = suggest(&name.value, self.by_id.keys().map(String::as_str)) {
            diag.note(format!("did you mean `{s}`?"));
        } else {
            diag.note(self.declared_note());
        }
        None
    }

    /// A note naming the declared pieces, for an id that resembles none of them (the first
    /// [`DECLARED_SHOWN`], then a count).
    pub fn declared_note(&self) -> String {
        if self.decls.is_empty() {
            return "the file declares no piece (`piece K \"King\" { moves \"K\" }`)".into();
        }
        let shown: Vec<String> = self
            .decls
            .iter()
            .take(DECLARED_SHOWN)
            .map(|p| match &p.title {
                Some(title) => format!("{} ({})", p.id.value, title.value),
                None => p.id.value.clone(),
            })
            .collect();
        let more = self.decls.len().saturating_sub(DECLARED_SHOWN);
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        format!("the declared pieces: {}{tail}", shown.join(", "))
    }

    /// A list of piece ids after a keyword (`spare P`, `by P N`), as one flag per piece type. Unknown ids are
    /// errors; an id listed twice is a warning (`` `P` is listed twice after `spare` ``).
    pub fn listed_types(&self, list: &[Name], after: &str, d: &mut Diags) -> Vec<bool> {
        let mut set = vec![false; self.decls.len()];
        for name in list {
            let Some(id) = self.resolve(name, d) else {
                continue;
            };
            if set[id.index()] {
                d.warning(
                    name.span,
                    format!("`{}` is listed twice after `{after}`", name.value),
                );
            }
            set[id.index()] = true;
        }
        set
    }
}

/// How many declared pieces a "the declared pieces" note names before it counts the rest.
const DECLARED_SHOWN: usize = 16;

pub fn resolve_piece_names(file: &ast::File, d: &mut Diags) -> PieceNames {
    let mut names = PieceNames {
        decls: Vec::new(),
        by_id: HashMap::new(),
        base: Vec::new(),
        unread: file.unread_names("piece"),
        shadows: Vec::new(),
    };
    for st in &file.statements {
        let StatementKind::Piece(p) = &st.kind else {
            continue;
        };
        if let Some(&first) = names.by_id.get(&p.id.value) {
            d.error(
                p.id.span,
                format!("piece `{}` is defined twice", p.id.value),
            )
            .label(names.decls[first.index()].id.span, "first defined here");
            continue;
        }
        if names.decls.len() == MAX_PIECE_TYPES {
            let more = file
                .statements
                .iter()
                .filter(|s| matches!(s.kind, StatementKind::Piece(_)));
            d.error(
                p.id.span,
                format!("more than {MAX_PIECE_TYPES} piece types (this is piece number {})", MAX_PIECE_TYPES + 1),
            )
            .note(format!(
                "the file declares {} pieces; a game has at most {MAX_PIECE_TYPES}, promoted forms included",
                more.count()
            ));
            break;
        }
        names
            .by_id
            .insert(p.id.value.clone(), PieceId(names.decls.len() as u16));
        names.decls.push(p.clone());
    }
    for p in &names.decls {
        let base = p.id.value.strip_prefix('+').and_then(|b| {
            let found = names.by_id.get(b).copied();
            if found.is_none() {
                d.error(
                    p.id.span,
                    format!("promoted piece `{}` has no base piece `{b}`", p.id.value),
                )
                .note(format!("declare `piece {b} {{ … }}` too"));
            }
            found
        });
        names.base.push(base);
    }
    names.shadows = vec![None; names.decls.len()];
    add_shadows(&mut names, d);
    names
}

/// Declares a shadow type `X~` for every choice `X` of every `remembered` promotion line: a copy of `X`'s
/// declaration under the id `X~`, named "… (promoted)". One choice remembered by two different pieces is an
/// error (`X~` would not say which one it goes back to).
fn add_shadows(names: &mut PieceNames, d: &mut Diags) {
    let mut made: HashMap<PieceId, (PieceId, Span)> = HashMap::new();
    for pi in 0..names.decls.len() {
        let promoter = PieceId(pi as u16);
        let lines: Vec<Vec<Name>> = names.decls[pi]
            .items
            .iter()
            .filter_map(|item| match item {
                PieceItem::Promote(PromoteLine {
                    to,
                    remembered: Some(_),
                    ..
                }) => Some(to.clone()),
                _ => None,
            })
            .collect();
        for choice in lines.iter().flatten() {
            let Some(of) = names.lookup(&choice.value) else {
                continue; // reported when the line is resolved
            };
            match made.get(&of) {
                Some(&(p, _)) if p == promoter => continue,
                Some(&(p, at)) => {
                    d.error(
                        choice.span,
                        format!(
                            "`{}` is a remembered promotion of `{}` and of `{}`",
                            choice.value,
                            names.decls[p.index()].id.value,
                            names.decls[pi].id.value
                        ),
                    )
                    .label(at, "remembered here first")
                    .note(format!(
                        "a promoted `{}` is written `{}` and goes back to one piece in hand: remember it for one promoting piece only",
                        choice.value,
                        shadow_id(&choice.value)
                    ));
                    continue;
                }
                None => {}
            }
            if names.decls.len() >= MAX_PIECE_TYPES {
                d.error(
                    choice.span,
                    format!("more than {MAX_PIECE_TYPES} piece types with the remembered promoted forms"),
                )
                .note("each remembered choice `X` is a piece type `X~` of its own");
                return;
            }
            made.insert(of, (promoter, choice.span));
            let mut decl = names.decls[of.index()].clone();
            decl.id.value = shadow_id(&decl.id.value);
            let title = decl
                .title
                .as_ref()
                .map_or_else(|| choice.value.clone(), |t| t.value.clone());
            let span = decl.title.as_ref().map_or(decl.id.span, |t| t.span);
            decl.title = Some(Str {
                value: format!("{title} (promoted)"),
                span,
            });
            names
                .by_id
                .insert(decl.id.value.clone(), PieceId(names.decls.len() as u16));
            names.decls.push(decl);
            names.base.push(None);
            names.shadows.push(Some(Shadow { of, promoter }));
        }
    }
}

/// An error at a letter of the start position whose piece is declared only under a longer id (`Sc` for `S`) says
/// how to write that id, rather than leaving "`S` is not a piece" to puzzle over.
pub fn explain_start_letters(start: &Str, names: &PieceNames, d: &mut Diags) {
    d.annotate(start.span, |diag| {
        let end = diag.span.end.checked_sub(start.span.start)?;
        let letter = start.value.get(..end)?.chars().next_back()?;
        let upper = letter.to_ascii_uppercase();
        if !letter.is_ascii_alphabetic() || names.lookup(&upper.to_string()).is_some() {
            return None;
        }
        let long = names.decls.iter().map(|p| p.id.value.trim_start_matches('+')).find(|id| {
            id.len() > 1 && id.starts_with(upper)
        })?;
        Some(format!(
            "`{long}` is declared, but a start position writes an id of several letters in parentheses: \
             `({long})` for White, `({})` for Black",
            long.to_ascii_lowercase()
        ))
    });
}

/// One move set as the file writes it: the XBetza of a piece in a zone (or everywhere), parsed.
pub struct ParsedMoveSet {
    pub zone: Option<ZoneId>,
    pub betza_text: Str,
    pub parsed: Option<betza::Betza>,
    /// `also moves in ZONE`: added to the set that applies on the zone's squares instead of replacing it.
    pub adds: bool,
    /// `… within ZONE`: this set's destinations lie in the zone.
    pub within: Option<ZoneId>,
}

pub struct Promote {
    pub keyword: Span,
    pub to: Vec<PieceId>,
    /// Parallel to `to`: where each choice is written.
    pub to_spans: Vec<Span>,
    pub zone: ZoneId,
    pub mandatory: bool,
    pub trigger: PromotionTrigger,
    /// Where `limited` is written, if it is.
    pub limited: Option<Span>,
    /// `limited to N`: the limit N for every choice and side, instead of the start position's counts.
    pub limited_to: Option<u16>,
    /// The conditions of an `on standing` line.
    pub standing: StandingRules,
    /// Where `remembered` is written, if it is: then `to` holds the shadow types (`Q~`), and `plays_as` the
    /// types they play as (`Q`).
    pub remembered: Option<Span>,
    /// Parallel to `to`: the type each choice plays as (itself, or for a shadow the type it stands for).
    pub plays_as: Vec<PieceId>,
    pub side: Option<Side>,
}

/// `initial unmoved …` resolved: where it is written, and its options.
pub struct UnmovedInfo {
    pub keyword: Span,
    pub not_in_check: bool,
    pub lost_when_aligned_with: Vec<PieceId>,
}

#[derive(Default)]
pub struct PieceInfo {
    pub royal: bool,
    pub move_sets: Vec<ParsedMoveSet>,
    pub initial: Option<ZoneId>,
    /// `initial unmoved …`: its `i` moves last while it has not moved.
    pub unmoved: Option<UnmovedInfo>,
    /// `confined to ZONE`: its destinations are clipped to the zone (see [`confine`]).
    pub confined: Option<ZoneId>,
    /// `glyph "…"`: the text a board draws for it.
    pub glyph: Option<String>,
    /// `may-not-capture ID…`: the types it never captures, and where each is written.
    pub may_not_capture: Vec<PieceId>,
    pub may_not_capture_spans: Vec<Span>,
    /// `may-not-hop-over ID…`: the types it never hops over, and where the item is written.
    pub may_not_hop_over: Vec<PieceId>,
    pub may_not_hop_over_at: Option<Span>,
    /// `jumps-lower [to-capture | taking-passed]`, at the keyword.
    pub jumps_lower: Option<(Span, crate::rules::JumpsLower)>,
    /// `jumps-over "XBETZA"`: the string, and White's steps of its lines (`None`: refused).
    pub jumps_over: Option<range_capture::JumpsOverInfo>,
    /// `burns "AREA" [spare ID…] [passive]` ([`burn`]).
    pub burns: Option<burn::BurnInfo>,
    /// `captures-unprotected-only`, at the keyword ([`restrict::apply_unprotected`]).
    pub unprotected_only: Option<Span>,
    /// Its `promote` lines, in the order of the file.
    pub promotes: Vec<Promote>,
    /// The partner types of its castling, and the span of the `castles with` item's first partner.
    pub castles_with: Option<(Vec<PieceId>, Span)>,
    /// `castles with … to KFILE QFILE`: the king's destination files (fixed-file castling).
    pub castle_files: Option<(Name, Name)>,
    pub drop_forbidden: Vec<ZoneId>,
    /// `drop at-most N per-file` (`one-per-file` is N = 1).
    pub per_file: Option<u16>,
    pub no_drop_mate: bool,
    /// `drop either-form`, at the keyword.
    pub drop_either_form: Option<Span>,
    /// `drop allowed` (a royal piece that may be held and dropped), at the keyword.
    pub drop_allowed: Option<Span>,
    /// `drop opposite-colours`, at the keyword.
    pub drop_opposite_colours: Option<Span>,
    /// `castles with … after drop on K R…`: at `after`, the castling piece's square and its partners' (White's).
    pub castle_after_drop: Option<(Span, Vec<Name>)>,
    pub drop_span: Option<Span>,
    /// The `promote to` choices that are royal, at their names: legal only where the game says what several
    /// royal pieces mean (`royals`, checked by [`crate::compile::game_rules::royalty`]).
    pub royal_promotions: Vec<Span>,
    /// A move set failed to resolve: later checks of what the piece can do stay quiet to avoid follow-on errors.
    pub broken: bool,
}

/// The partner types of a `castles with` item, each once: `None` when one of them is unknown.
fn castling_partners(
    partners: &[Name],
    names: &PieceNames,
    d: &mut Diags,
) -> Option<(Vec<PieceId>, Span)> {
    let mut ids: Vec<PieceId> = Vec::new();
    let mut known = true;
    for (i, partner) in partners.iter().enumerate() {
        match names.resolve(partner, d) {
            Some(id) if ids.contains(&id) => {
                d.warning(
                    partner.span,
                    format!("partner `{}` is listed twice", partner.value),
                )
                .label(
                    partners[..i]
                        .iter()
                        .find(|p| p.value == partner.value)
                        .map_or(partner.span, |p| p.span),
                    "listed before",
                );
            }
            Some(id) => ids.push(id),
            None => known = false,
        }
    }
    known.then(|| (ids, partners[0].span))
}

pub fn resolve_piece_items(
    names: &PieceNames,
    zones: &mut ZoneTable,
    d: &mut Diags,
) -> Vec<PieceInfo> {
    names
        .decls
        .iter()
        .zip(&names.shadows)
        .map(|(decl, shadow)| match shadow {
            None => resolve_one(decl, names, zones, d),
            Some(_) => {
                // A copy of a declared piece: its problems are reported once, at the original.
                let mut scratch = Diags::new("");
                let mut info = resolve_one(decl, names, zones, &mut scratch);
                info.castles_with = None;
                info.castle_files = None;
                info.royal_promotions.clear();
                info.drop_forbidden.clear();
                info.per_file = None;
                info.no_drop_mate = false;
                info.drop_either_form = None;
                info.drop_allowed = None;
                info.drop_opposite_colours = None;
                info.castle_after_drop = None;
                info.drop_span = None;
                // A shadow is made by promotion, so it never stands unmoved on a start square.
                info.unmoved = None;
                info
            }
        })
        .collect()
}

fn resolve_one(
    decl: &PieceDecl,
    names: &PieceNames,
    zones: &mut ZoneTable,
    d: &mut Diags,
) -> PieceInfo {
    let mut items = PieceItems {
        names,
        zones,
        given: GivenOnce {
            piece: &decl.id.value,
            first: HashMap::new(),
        },
        info: PieceInfo {
            broken: decl.incomplete,
            ..PieceInfo::default()
        },
    };
    for item in &decl.items {
        items.resolve(item, d);
    }
    items.info
}

/// Where each item a piece may give only once was first given, so that a repeat is reported there.
struct GivenOnce<'a> {
    /// The piece's id, for the message.
    piece: &'a str,
    first: HashMap<String, Span>,
}

impl GivenOnce<'_> {
    /// Whether the item `key` was given before: then an error at `span` naming `what`; otherwise it is recorded.
    fn twice(&mut self, key: String, span: Span, what: &str, d: &mut Diags) -> bool {
        if let Some(&at) = self.first.get(&key) {
            d.error(
                span,
                format!("{what} is given twice for piece `{}`", self.piece),
            )
            .label(at, "first given here");
            true
        } else {
            self.first.insert(key, span);
            false
        }
    }
}

/// One piece's items being resolved against the piece and zone tables into its [`PieceInfo`].
struct PieceItems<'a, 'z> {
    names: &'a PieceNames,
    zones: &'z mut ZoneTable,
    given: GivenOnce<'a>,
    info: PieceInfo,
}

impl PieceItems<'_, '_> {
    fn resolve(&mut self, item: &PieceItem, d: &mut Diags) {
        match item {
            PieceItem::Royal(_) => self.info.royal = true,
            PieceItem::Moves {
                zone,
                betza: text,
                also,
                confined,
            } => self.move_set(zone, text, also, confined, d),
            PieceItem::Initial { zone } => {
                if self
                    .given
                    .twice("initial".into(), zone.span, "`initial`", d)
                {
                    self.zones.mention(Some(zone));
                } else {
                    self.info.initial = self.zones.resolve(zone, d);
                }
            }
            PieceItem::InitialUnmoved {
                keyword,
                not_in_check,
                lost_when_aligned_with,
            } => {
                if !self.given.twice("initial".into(), *keyword, "`initial`", d) {
                    self.info.unmoved =
                        Some(self.unmoved(*keyword, *not_in_check, lost_when_aligned_with, d));
                }
            }
            PieceItem::Glyph(text) => {
                if !self.given.twice("glyph".into(), text.span, "`glyph`", d) {
                    self.info.glyph = glyph::glyph(text, d);
                }
            }
            PieceItem::MayNotCapture(list) => self.may_not_capture(list, d),
            PieceItem::MayNotHopOver(list) => self.may_not_hop_over(list, d),
            jumps @ PieceItem::JumpsLower { .. } => self.jumps_lower(jumps, d),
            PieceItem::JumpsOver { .. } => self.jumps_over(item, d),
            burns @ PieceItem::Burns { .. } => self.burns(burns, d),
            PieceItem::CapturesUnprotectedOnly(at) => self.captures_unprotected_only(*at, d),
            PieceItem::Confined { zone } => {
                if self
                    .given
                    .twice("confined".into(), zone.span, "`confined to`", d)
                {
                    self.zones.mention(Some(zone));
                } else {
                    self.info.confined = self.zones.resolve(zone, d);
                }
            }
            PieceItem::Promote(line) => self.promote(line, d),
            PieceItem::CastlesWith {
                partners,
                files,
                after_drop,
            } => {
                if !self
                    .given
                    .twice("castles".into(), partners[0].span, "`castles with`", d)
                {
                    self.info.castles_with = castling_partners(partners, self.names, d);
                    self.info.castle_files = files.clone();
                    self.info.castle_after_drop = after_drop.clone();
                }
            }
            PieceItem::Drop(opts) => drop_items::drop_options(&mut self.info, opts, self.zones, d),
        }
    }

    /// A `moves` or `also moves` line: its zones resolved and its XBetza string parsed.
    fn move_set(
        &mut self,
        zone: &Option<Name>,
        text: &Str,
        also: &Option<Span>,
        confined: &Option<Name>,
        d: &mut Diags,
    ) {
        let key = zone.as_ref().map_or(String::new(), |z| z.value.clone());
        let span = zone.as_ref().map_or(text.span, |z| z.span);
        let what = match (zone, also) {
            (Some(z), Some(_)) => format!("the added move set in zone `{}`", z.value),
            (Some(z), None) => format!("the move set in zone `{}`", z.value),
            _ => "the move set".to_string(),
        };
        let prefix = if also.is_some() { "also " } else { "" };
        if self
            .given
            .twice(format!("{prefix}moves {key}"), span, &what, d)
        {
            self.zones.mention(zone.as_ref());
            self.zones.mention(confined.as_ref());
            return;
        }
        let mut resolve = |z: &Option<Name>, d: &mut Diags| match z {
            Some(z) => self.zones.resolve(z, d).map(Some),
            None => Some(None),
        };
        let (Some(zone_id), Some(within)) = (resolve(zone, d), resolve(confined, d)) else {
            self.info.broken = true;
            return;
        };
        let parsed = parse_betza(text, d);
        self.info.broken |= parsed.is_none();
        self.info.move_sets.push(ParsedMoveSet {
            zone: zone_id,
            betza_text: text.clone(),
            parsed,
            adds: also.is_some(),
            within,
        });
    }

    /// `initial unmoved …`: the listed types of `lost-when-aligned-with`, at most the first 64 declared.
    fn unmoved(
        &self,
        keyword: Span,
        not_in_check: bool,
        lost_when_aligned_with: &[Name],
        d: &mut Diags,
    ) -> UnmovedInfo {
        let names = self.names;
        let listed = names.listed_types(lost_when_aligned_with, "lost-when-aligned-with", d);
        // The executor keeps the listed types as a 64-bit set.
        if let Some(late) = lost_when_aligned_with
            .iter()
            .find(|n| names.lookup(&n.value).is_some_and(|p| p.index() >= 64))
        {
            d.error(
                late.span,
                "`lost-when-aligned-with` names only the first 64 piece types declared",
            );
        }
        UnmovedInfo {
            keyword,
            not_in_check,
            lost_when_aligned_with: (0..listed.len())
                .filter(|&p| listed[p])
                .map(|p| PieceId(p as u16))
                .collect(),
        }
    }

    fn may_not_capture(&mut self, list: &[Name], d: &mut Diags) {
        let info = &mut self.info;
        for name in list {
            if let Some(id) = self.names.resolve(name, d) {
                if info.may_not_capture.contains(&id) {
                    d.warning(
                        name.span,
                        format!("`{}` is listed twice after `may-not-capture`", name.value),
                    );
                } else {
                    info.may_not_capture.push(id);
                    info.may_not_capture_spans.push(name.span);
                }
            }
        }
    }

    fn may_not_hop_over(&mut self, list: &[Name], d: &mut Diags) {
        let info = &mut self.info;
        if let Some(first) = list.first() {
            info.may_not_hop_over_at.get_or_insert(first.span);
        }
        for name in list {
            if let Some(id) = self.names.resolve(name, d) {
                if info.may_not_hop_over.contains(&id) {
                    d.warning(
                        name.span,
                        format!("`{}` is listed twice after `may-not-hop-over`", name.value),
                    );
                } else {
                    info.may_not_hop_over.push(id);
                }
            }
        }
    }

    /// A `promote` line: checked against the piece's earlier lines, then its zone and choices resolved.
    fn promote(&mut self, line: &PromoteLine, d: &mut Diags) {
        let PromoteLine {
            keyword,
            to,
            zone,
            mandatory,
            trigger,
            limited,
            limited_to,
            anywhere_if_last,
            not_attacking,
            not_checking,
            remembered,
            side,
        } = line;
        let side = side.as_ref().map(|s| s.value);
        let standing = standing_rules(
            *trigger,
            mandatory.as_ref(),
            [*anywhere_if_last, *not_attacking, *not_checking],
            d,
        );
        let limited_to = limited_to.as_ref().map(|n| material_limit(n, d));
        // A limit refused above leaves the line unlimited (not limited by the start position either).
        let limited = limited.filter(|_| !matches!(limited_to, Some(None)));
        let limited_to = limited_to.flatten();
        if standing_clash(&self.info.promotes, *trigger, *keyword, d) {
            self.zones.mention(Some(zone));
            return;
        }
        // A `limited` line and an unlimited one may share zone, trigger and side: that is how only some
        // choices are limited by material (Spartan chess: a second king, but any number of generals).
        let key = format!(
            "promote {} {trigger:?} {side:?} {}",
            zone.value,
            limited.is_some()
        );
        let what = format!(
            "a {}`promote` line in zone `{}`{}",
            if limited.is_some() { "`limited` " } else { "" },
            zone.value,
            side.map_or(String::new(), |s| format!(" for {s:?}"))
        );
        if self.given.twice(key, *keyword, &what, d) {
            self.zones.mention(Some(zone));
            return;
        }
        let zone_id = self.zones.resolve(zone, d);
        let names = self.names;
        let (choices, to_spans) = promotion_choices(to, names, &mut self.info.royal_promotions, d);
        let plays_as = choices.clone();
        let choices = if remembered.is_some() {
            let shadows = choices
                .iter()
                .filter_map(|c| names.lookup(&shadow_id(&names.decls[c.index()].id.value)))
                .collect::<Vec<_>>();
            if shadows.len() != choices.len() {
                return; // a choice remembered by another piece too: reported
            }
            shadows
        } else {
            choices
        };
        if let (Some(zone), false) = (zone_id, choices.is_empty()) {
            self.info.promotes.push(Promote {
                keyword: *keyword,
                to: choices,
                to_spans,
                zone,
                mandatory: mandatory.as_ref().is_some_and(|m| m.value),
                trigger: *trigger,
                limited,
                limited_to,
                standing,
                remembered: *remembered,
                plays_as,
                side,
            });
        }
    }
}

/// Parses an XBetza string, mapping each error's span inside the string to the file. A component that
/// Fairy-Stockfish reads differently gets a warning (designers copy strings between the programs).
fn parse_betza(text: &Str, d: &mut Diags) -> Option<betza::Betza> {
    match betza::parse(&text.value) {
        Ok(b) => {
            for diff in betza::fsf::fsf_differences(&text.value, &b) {
                let start = text.span.start + diff.span.start;
                d.warning(
                    Span::new(start, text.span.start + diff.span.end.max(diff.span.start + 1)),
                    diff.message,
                )
                .note("a string copied to or from Fairy-Stockfish means another piece there (docs/variant-language.md)");
            }
            Some(b)
        }
        Err(errors) => {
            for e in errors {
                let start = text.span.start + e.span.start.min(text.value.len());
                let end = (text.span.start + e.span.end.min(text.value.len())).max(start + 1);
                let diag = d.error(
                    Span::new(start, end.min(text.span.end.max(start + 1))),
                    format!("XBetza: {}", e.message),
                );
                if let Some(help) = e.help {
                    diag.note(help);
                }
            }
            None
        }
    }
}

//! Lowering: pest pairs → the spanned syntax tree. The grammar guarantees the shapes matched here.
use super::ast::*;
use super::syntax::Rule;
use crate::diag::Span;
use crate::rules::{PromotionTrigger, Side};
use pest::iterators::Pair;

type P<'a> = Pair<'a, Rule>;

/// Where a parsed text lies in the file. The reader parses a slice of the file starting at `base`; after a
/// misspelt keyword it parses a copy with the keyword corrected, in which the first `patched` bytes stand for
/// the `original` bytes that were written.
#[derive(Clone, Copy, Debug)]
pub(super) struct Origin {
    pub base: usize,
    pub patched: usize,
    pub original: usize,
}

impl Origin {
    pub fn at(base: usize) -> Origin {
        Origin {
            base,
            patched: 0,
            original: 0,
        }
    }

    /// The file offset of an offset in the parsed text.
    pub fn offset(self, p: usize) -> usize {
        self.base
            + if p < self.patched {
                p.min(self.original)
            } else {
                p - self.patched + self.original
            }
    }

    pub fn span_of(self, p: &P) -> Span {
        Span::new(
            self.offset(p.as_span().start()),
            self.offset(p.as_span().end()),
        )
    }

    fn text(self, p: &P) -> Spanned<String> {
        Spanned {
            value: p.as_str().to_string(),
            span: self.span_of(p),
        }
    }

    /// A string literal: the contents and their span (inside the quotes).
    fn string(self, p: P) -> Str {
        let body = p.into_inner().next().expect("string has a body");
        self.text(&body)
    }

    /// Numbers too large for `u32` saturate; the compiler's range checks then report them.
    fn number(self, p: &P) -> Spanned<u32> {
        Spanned {
            value: p.as_str().parse().unwrap_or(u32::MAX),
            span: self.span_of(p),
        }
    }
}

fn is_keyword(p: &P) -> bool {
    format!("{:?}", p.as_rule()).starts_with("kw_")
}

pub(super) fn lower_statement(o: Origin, p: P) -> Statement {
    let rule = p.as_rule();
    let whole = o.span_of(&p);
    let mut inner = p.into_inner();
    let kw = inner.next().expect("statement starts with its keyword");
    let keyword = o.span_of(&kw);
    let rest: Vec<P> = inner.collect();
    let kind = match rule {
        Rule::title_stmt => StatementKind::Title(o.string(rest[0].clone())),
        Rule::description_stmt => StatementKind::Description(o.string(rest[0].clone())),
        Rule::aliases_stmt => {
            StatementKind::Aliases(rest.into_iter().map(|s| o.string(s)).collect())
        }
        Rule::test_stmt => StatementKind::Test(whole),
        Rule::board_stmt => StatementKind::Board {
            files: o.number(&rest[0]),
            ranks: o.number(&rest[2]),
        },
        Rule::orientation_stmt => StatementKind::Orientation(Spanned {
            value: if rest[0].as_str() == "mirror" {
                Symmetry::Mirror
            } else {
                Symmetry::Rotate
            },
            span: o.span_of(&rest[0]),
        }),
        Rule::start_stmt => StatementKind::Start(o.string(rest[0].clone())),
        Rule::drops_stmt => StatementKind::Drops {
            not_in: text_of_kind(o, &rest, Rule::name),
            reserve: span_of_kind(o, &rest, Rule::kw_reserve),
            gating_only: span_of_kind(o, &rest, Rule::kw_gating_only),
        },
        Rule::gating_stmt => StatementKind::Gating {
            zone: o.text(&rest[1]),
        },
        Rule::demote_stmt => StatementKind::Demote {
            zone: o.text(&rest[1]),
        },
        Rule::bonus_stmt => StatementKind::BonusTurn {
            zone: text_of_kind(o, &rest, Rule::name).expect("bonus-turn names a zone"),
            may_pass: rest.iter().any(|q| q.as_rule() == Rule::kw_may_pass),
        },
        Rule::forced_capture_stmt => StatementKind::ForcedCapture {
            by: of_kind(o, &rest, Rule::piece_id),
        },
        Rule::explosions_stmt => {
            // The ids after `spare`, then those after `immune`.
            let (spare, immune) = ids_around(o, &rest, Rule::kw_immune);
            StatementKind::Explosions { spare, immune }
        }
        Rule::must_drop_stmt => StatementKind::MustDrop,
        Rule::pass_stmt => StatementKind::Pass,
        Rule::protected_capture_stmt => {
            // The ids before `bridge-not`, then those after it.
            let (set, bridge_not) = ids_around(o, &rest, Rule::kw_bridge_not);
            StatementKind::ProtectedCapture { set, bridge_not }
        }
        Rule::counter_strike_stmt => StatementKind::CounterStrike {
            set: of_kind(o, &rest, Rule::piece_id),
        },
        Rule::walls_stmt => StatementKind::Walls {
            placement: text_of_kind(o, &rest, Rule::wall_placement)
                .expect("walls names a placement"),
            zone: text_of_kind(o, &rest, Rule::name),
        },
        Rule::rank_order_stmt => StatementKind::RankOrder {
            groups: rest
                .iter()
                .filter(|q| q.as_rule() == Rule::rank_group)
                .map(|q| q.clone().into_inner().map(|id| o.text(&id)).collect())
                .collect(),
        },
        Rule::petrify_stmt => StatementKind::Petrify {
            pieces: of_kind(o, &rest, Rule::piece_id),
        },
        Rule::dead_squares_stmt => StatementKind::DeadSquares {
            allowed: rest.iter().any(|q| q.as_rule() == Rule::kw_allowed),
        },
        Rule::zone_stmt => StatementKind::Zone(lower_zone(o, rest)),
        Rule::piece_stmt => StatementKind::Piece(lower_piece(o, rest)),
        Rule::end_stmt => StatementKind::End(
            rest.into_iter()
                .filter(|q| !matches!(q.as_rule(), Rule::lbrace | Rule::rbrace))
                .map(|q| lower_end_item(o, q))
                .collect(),
        ),
        other => unreachable!("not a statement: {other:?}"),
    };
    Statement { keyword, kind }
}

fn lower_zone(o: Origin, rest: Vec<P>) -> ZoneDecl {
    let name = o.text(&rest[0]);
    let mut white = None;
    let mut black = None;
    for p in rest.into_iter().skip(1) {
        match p.as_rule() {
            Rule::zone_expr => white = Some(lower_zone_expr(o, p)),
            Rule::side_zone => {
                let mut inner = p.into_inner();
                let side = inner.next().expect("side");
                let expr = lower_zone_expr(o, inner.nth(1).expect("zone expression"));
                if side.as_rule() == Rule::kw_white {
                    white = Some(expr);
                } else {
                    black = Some(expr);
                }
            }
            _ => {}
        }
    }
    // `{ black = …; black = … }` leaves White empty; the compiler reports an empty zone then.
    let white = white.unwrap_or(ZoneExpr { terms: Vec::new() });
    ZoneDecl { name, white, black }
}

fn lower_zone_expr(o: Origin, p: P) -> ZoneExpr {
    let terms = p
        .into_inner()
        .filter(|t| t.as_rule() != Rule::pipe)
        .map(|t| {
            let sp = o.span_of(&t);
            let value = match t.as_rule() {
                Rule::rank_range => {
                    let nums: Vec<Spanned<u32>> = t
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::number)
                        .map(|q| o.number(&q))
                        .collect();
                    ZoneTerm::Ranks(nums[0].clone(), nums.last().expect("a rank").clone())
                }
                Rule::file_range => {
                    let names: Vec<Name> = t
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::name)
                        .map(|q| o.text(&q))
                        .collect();
                    ZoneTerm::Files(names[0].clone(), names.last().expect("a file").clone())
                }
                Rule::all_squares => ZoneTerm::All,
                Rule::square_list => {
                    ZoneTerm::Squares(t.into_inner().map(|q| o.text(&q)).collect())
                }
                Rule::misspelt_range => {
                    ZoneTerm::MisspeltRange(o.text(&t.into_inner().next().expect("a word")))
                }
                _ => ZoneTerm::Zone(o.text(&t.into_inner().next().expect("zone name"))),
            };
            Spanned { value, span: sp }
        })
        .collect();
    ZoneExpr { terms }
}

/// A piece block's opening (`piece ID "Name" {`), without its items.
pub(super) fn lower_piece_open(o: Origin, p: P) -> Statement {
    let mut inner = p.into_inner();
    let keyword = o.span_of(&inner.next().expect("`piece`"));
    Statement {
        keyword,
        kind: StatementKind::Piece(lower_piece(o, inner.collect())),
    }
}

fn lower_piece(o: Origin, rest: Vec<P>) -> PieceDecl {
    let id = o.text(&rest[0]);
    let mut title = None;
    let mut items = Vec::new();
    for p in rest.into_iter().skip(1) {
        match p.as_rule() {
            Rule::string => title = Some(o.string(p)),
            Rule::lbrace | Rule::rbrace => {}
            _ => items.push(lower_piece_item(o, p)),
        }
    }
    PieceDecl {
        id,
        title,
        items,
        incomplete: false,
    }
}

pub(super) fn lower_piece_item(o: Origin, p: P) -> PieceItem {
    let rule = p.as_rule();
    let whole = o.span_of(&p);
    let parts: Vec<P> = p.into_inner().collect();
    match rule {
        Rule::royal_item => PieceItem::Royal(whole),
        Rule::moves_item | Rule::also_item => lower_moves_item(o, &parts),
        Rule::initial_item if parts.iter().any(|q| q.as_rule() == Rule::kw_unmoved) => {
            lower_unmoved_item(o, whole, &parts)
        }
        Rule::initial_item => PieceItem::Initial {
            zone: first_name(o, &parts),
        },
        Rule::confined_item => PieceItem::Confined {
            zone: first_name(o, &parts),
        },
        Rule::glyph_item => PieceItem::Glyph(o.string(parts[1].clone())),
        Rule::no_capture_item => PieceItem::MayNotCapture(of_kind(o, &parts, Rule::piece_id)),
        Rule::no_hop_item => PieceItem::MayNotHopOver(of_kind(o, &parts, Rule::piece_id)),
        Rule::jumps_item => PieceItem::JumpsLower {
            keyword: o.span_of(&parts[0]),
            to_capture: parts.iter().any(|q| q.as_rule() == Rule::kw_to_capture),
            taking_passed: parts.iter().any(|q| q.as_rule() == Rule::kw_taking_passed),
        },
        Rule::jumps_over_item => PieceItem::JumpsOver {
            lines: o.string(parts[1].clone()),
            enemies: parts.iter().any(|q| q.as_rule() == Rule::kw_enemies),
            taking_passed: parts.iter().any(|q| q.as_rule() == Rule::kw_taking_passed),
        },
        Rule::burns_item => PieceItem::Burns {
            keyword: o.span_of(&parts[0]),
            area: o.string(parts[1].clone()),
            spare: of_kind(o, &parts, Rule::piece_id),
            passive: parts.iter().any(|q| q.as_rule() == Rule::kw_passive),
        },
        Rule::unprotected_item => PieceItem::CapturesUnprotectedOnly(o.span_of(&parts[0])),
        Rule::promote_item => PieceItem::Promote(lower_promote_line(o, &parts)),
        Rule::castles_item => lower_castles_item(o, &parts),
        Rule::drop_item => PieceItem::Drop(lower_drop_options(o, &parts)),
        other => unreachable!("not a piece item: {other:?}"),
    }
}

/// The first zone name of an item (`initial ZONE`, `confined to ZONE`, `promote … in ZONE`).
fn first_name(o: Origin, parts: &[P]) -> Name {
    text_of_kind(o, parts, Rule::name).expect("the item's zone name")
}

/// `moves "…"`, `moves in ZONE "…"`, `also moves in ZONE "…"`, each optionally `within ZONE`.
fn lower_moves_item(o: Origin, parts: &[P]) -> PieceItem {
    // The names are the zone after `in` (if any), then the zone after `within` (if any).
    let confined_at = parts.iter().position(|q| q.as_rule() == Rule::kw_within);
    let zone_of = |range: std::ops::Range<usize>| text_of_kind(o, &parts[range], Rule::name);
    PieceItem::Moves {
        zone: zone_of(0..confined_at.unwrap_or(parts.len())),
        betza: o.string(
            parts
                .iter()
                .find(|q| q.as_rule() == Rule::string)
                .expect("moves string")
                .clone(),
        ),
        also: span_of_kind(o, parts, Rule::kw_also),
        confined: confined_at.and_then(|at| zone_of(at..parts.len())),
    }
}

/// `initial unmoved [not-in-check] [lost-when-aligned-with ID…]`.
fn lower_unmoved_item(o: Origin, whole: Span, parts: &[P]) -> PieceItem {
    let opts: Vec<P> = parts
        .iter()
        .filter(|q| q.as_rule() == Rule::unmoved_opt)
        .cloned()
        .collect();
    PieceItem::InitialUnmoved {
        keyword: whole,
        not_in_check: opts.iter().any(|q| {
            q.clone()
                .into_inner()
                .any(|w| w.as_rule() == Rule::kw_not_in_check)
        }),
        lost_when_aligned_with: opts
            .iter()
            .flat_map(|q| q.clone().into_inner())
            .filter(|w| w.as_rule() == Rule::piece_id)
            .map(|w| o.text(&w))
            .collect(),
    }
}

/// `promote to ID… in ZONE` and its options, in any order.
fn lower_promote_line(o: Origin, parts: &[P]) -> PromoteLine {
    let mut line = PromoteLine {
        keyword: o.span_of(&parts[0]),
        to: of_kind(o, parts, Rule::piece_id),
        zone: first_name(o, parts),
        mandatory: None,
        trigger: PromotionTrigger::Destination,
        limited: None,
        limited_to: None,
        anywhere_if_last: None,
        not_attacking: None,
        not_checking: None,
        remembered: None,
        side: None,
    };
    for opt in parts.iter().filter(|q| q.as_rule() == Rule::promote_opt) {
        for q in opt.clone().into_inner() {
            let at = o.span_of(&q);
            match q.as_rule() {
                Rule::kw_mandatory => {
                    line.mandatory = Some(Spanned {
                        value: true,
                        span: at,
                    })
                }
                Rule::kw_optional => {
                    line.mandatory = Some(Spanned {
                        value: false,
                        span: at,
                    })
                }
                Rule::trigger => {
                    line.trigger = match q.as_str() {
                        "start-or-destination" => PromotionTrigger::StartOrDestination,
                        "entering" => PromotionTrigger::Entering,
                        "capture" => PromotionTrigger::Capture,
                        "capture-touching" => PromotionTrigger::CaptureTouching,
                        "standing" => PromotionTrigger::Standing,
                        _ => PromotionTrigger::Destination,
                    }
                }
                Rule::kw_limited => line.limited = Some(at),
                Rule::number => line.limited_to = Some(o.number(&q)),
                Rule::kw_anywhere_if_last => line.anywhere_if_last = Some(at),
                Rule::kw_not_attacking => line.not_attacking = Some(at),
                Rule::kw_not_checking => line.not_checking = Some(at),
                Rule::kw_remembered => line.remembered = Some(at),
                Rule::kw_white => {
                    line.side = Some(Spanned {
                        value: Side::White,
                        span: at,
                    })
                }
                Rule::kw_black => {
                    line.side = Some(Spanned {
                        value: Side::Black,
                        span: at,
                    })
                }
                _ => {}
            }
        }
    }
    line
}

/// `castles with ID… [to FILE FILE] [after drop on SQUARE…]`.
fn lower_castles_item(o: Origin, parts: &[P]) -> PieceItem {
    PieceItem::CastlesWith {
        partners: of_kind(o, parts, Rule::piece_id),
        files: parts
            .iter()
            .find(|q| q.as_rule() == Rule::castle_files)
            .map(|q| {
                let files: Vec<P> = q.clone().into_inner().collect();
                (o.text(&files[1]), o.text(&files[2]))
            }),
        after_drop: parts
            .iter()
            .find(|q| q.as_rule() == Rule::castle_drop)
            .map(|q| {
                let inner: Vec<P> = q.clone().into_inner().collect();
                let squares = inner
                    .iter()
                    .filter(|s| s.as_rule() == Rule::square)
                    .map(|s| o.text(s))
                    .collect();
                (o.span_of(&inner[0]), squares)
            }),
    }
}

/// The options of a piece's `drop` item.
fn lower_drop_options(o: Origin, parts: &[P]) -> Vec<DropOption> {
    parts
        .iter()
        .filter(|q| q.as_rule() == Rule::drop_opt)
        .map(|opt| {
            let inner: Vec<P> = opt.clone().into_inner().collect();
            match inner[0].as_rule() {
                Rule::kw_one_per_file => DropOption::OnePerFile(o.span_of(&inner[0])),
                Rule::kw_no_mate => DropOption::NoMate(o.span_of(&inner[0])),
                Rule::kw_either_form => DropOption::EitherForm(o.span_of(&inner[0])),
                Rule::kw_allowed => DropOption::Allowed(o.span_of(&inner[0])),
                Rule::kw_opposite_colours => DropOption::OppositeColours(o.span_of(&inner[0])),
                Rule::kw_at_most => DropOption::PerFile(o.number(&inner[1]), o.span_of(opt)),
                _ => DropOption::NotIn(o.text(inner.last().expect("zone"))),
            }
        })
        .collect()
}

fn outcome(o: Origin, p: &P) -> Spanned<Outcome> {
    Spanned {
        value: match p.as_str() {
            "win" => Outcome::Win,
            "draw" => Outcome::Draw,
            _ => Outcome::Loss,
        },
        span: o.span_of(p),
    }
}

/// The text of the first part of kind `rule` (an optional name).
fn text_of_kind(o: Origin, parts: &[P], rule: Rule) -> Option<Name> {
    parts
        .iter()
        .find(|q| q.as_rule() == rule)
        .map(|q| o.text(q))
}

/// Where the first part of kind `rule` is (an optional keyword).
fn span_of_kind(o: Origin, parts: &[P], rule: Rule) -> Option<Span> {
    parts
        .iter()
        .find(|q| q.as_rule() == rule)
        .map(|q| o.span_of(q))
}

/// The piece ids before the keyword `at`, then those after it (all before it when it is not there).
fn ids_around(o: Origin, parts: &[P], at: Rule) -> (Vec<Name>, Vec<Name>) {
    let split = parts
        .iter()
        .position(|q| q.as_rule() == at)
        .unwrap_or(parts.len());
    (
        of_kind(o, &parts[..split], Rule::piece_id),
        of_kind(o, &parts[split..], Rule::piece_id),
    )
}

fn of_kind(o: Origin, parts: &[P], rule: Rule) -> Vec<Spanned<String>> {
    parts
        .iter()
        .filter(|q| q.as_rule() == rule)
        .map(|q| o.text(q))
        .collect()
}

fn counting_part(o: Origin, p: &P) -> CountingPart {
    let inner: Vec<P> = p.clone().into_inner().collect();
    let keyword = o.span_of(&inner[0]);
    match p.as_rule() {
        Rule::suspended_part => CountingPart::SuspendedBy(
            keyword,
            of_kind(o, &inner, Rule::piece_id),
            inner.iter().any(|q| q.as_rule() == Rule::kw_pieces_honour),
        ),
        Rule::board_honour_part => CountingPart::BoardHonour(
            keyword,
            o.number(&inner[1]),
            inner.get(3).map(|n| o.number(n)),
        ),
        Rule::pieces_honour_part => CountingPart::PiecesHonour(
            keyword,
            inner
                .iter()
                .filter(|q| q.as_rule() == Rule::honour_row)
                .map(|row| {
                    let cells: Vec<P> = row.clone().into_inner().collect();
                    let moves = o.number(cells.last().expect("a row ends with its moves"));
                    HonourRowSyntax {
                        span: o.span_of(row),
                        at_least: (cells[0].as_rule() == Rule::number).then(|| o.number(&cells[0])),
                        piece: text_of_kind(o, &cells, Rule::piece_id),
                        moves,
                    }
                })
                .collect(),
        ),
        _ => CountingPart::CountFrom(keyword, inner[1].as_str() == "piece-count"),
    }
}

pub(super) fn lower_end_item(o: Origin, p: P) -> EndItem {
    let rule = p.as_rule();
    let parts: Vec<P> = p.into_inner().collect();
    match rule {
        Rule::stalemate_item if parts[1].as_rule() == Rule::kw_fewer_pieces_win => {
            EndItem::StalemateByPieceCount
        }
        Rule::stalemate_item => EndItem::Stalemate(outcome(o, &parts[1])),
        Rule::checkmate_item => EndItem::Checkmate(outcome(o, &parts[1])),
        Rule::extinction_item => EndItem::Extinction {
            keyword: o.span_of(&parts[0]),
            pieces: of_kind(o, &parts, Rule::piece_id),
            together: parts.iter().any(|q| q.as_rule() == Rule::kw_together),
            at_most: parts
                .iter()
                .find(|q| q.as_rule() == Rule::number)
                .map(|q| o.number(q)),
            outcome: outcome(
                o,
                parts.last().expect("an extinction ends with its outcome"),
            ),
        },
        Rule::flag_item => EndItem::Flag {
            pieces: of_kind(o, &parts, Rule::piece_id),
            zone: text_of_kind(o, &parts, Rule::name).expect("a flag zone"),
            black_may_equalise: span_of_kind(o, &parts, Rule::kw_black_may_equalise),
            if_safe: span_of_kind(o, &parts, Rule::kw_if_safe),
            after_reply: span_of_kind(o, &parts, Rule::kw_after_reply),
        },
        Rule::no_check_item => EndItem::GivingCheckIllegal,
        Rule::frozen_item => EndItem::RoyalFrozenInCheck,
        Rule::facing_item if parts.iter().any(|q| q.as_rule() == Rule::kw_must_break) => {
            EndItem::FacingRoyalsMustBreak(o.span_of(&parts[0]))
        }
        Rule::facing_item => EndItem::FacingRoyalsIllegal(o.span_of(&parts[0])),
        Rule::double_pass_item => EndItem::DoublePassDraws(o.span_of(&parts[0])),
        Rule::only_promotions_item => EndItem::OnlyPromotionsDraws(o.span_of(&parts[0])),
        Rule::mate_by_only_item => {
            EndItem::CheckmateByOnlyLoses(of_kind(o, &parts, Rule::piece_id))
        }
        Rule::mate_needs_item => EndItem::CheckmateNeedsCheckBy(of_kind(o, &parts, Rule::piece_id)),
        Rule::royals_item => EndItem::Royals {
            keyword: o.span_of(&parts[0]),
            meaning: Spanned {
                value: if parts[1].as_str() == "all-safe" {
                    RoyalMeaning::AllSafe
                } else {
                    RoyalMeaning::LastSafe
                },
                span: o.span_of(&parts[1]),
            },
            duple_check: parts.get(2).map(|q| o.span_of(q)),
        },
        Rule::check_limit_item => EndItem::CheckLimit(o.number(&parts[1])),
        Rule::repetition_item => EndItem::Repetition {
            count: o.number(&parts[1]),
            perpetual_check_loses: span_of_kind(o, &parts, Rule::kw_perpetual_check_loses),
            result: repetition_result(parts.last()),
        },
        Rule::counting_item => EndItem::Counting {
            keyword: o.span_of(&parts[0]),
            parts: parts[1..].iter().map(|q| counting_part(o, q)).collect(),
        },
        Rule::material_count_item => lower_material_count_item(o, &parts),
        Rule::draws_win_item => EndItem::DrawsWin {
            white: parts[1].as_rule() == Rule::kw_white,
        },
        Rule::move_limit_item => EndItem::MoveLimit {
            plies: (parts[1].as_rule() == Rule::number).then(|| o.number(&parts[1])),
            reset_by: of_kind(o, &parts, Rule::piece_id),
            reset_by_promotions: parts
                .iter()
                .find(|q| q.as_rule() == Rule::kw_promotions)
                .map(|q| o.span_of(q)),
        },
        Rule::bare_king_item => EndItem::BareKing {
            keyword: o.span_of(&parts[0]),
            hand_must_be_empty: parts
                .iter()
                .any(|q| q.as_rule() == Rule::kw_with_empty_hand),
            reprieve: parts.iter().any(|q| q.as_rule() == Rule::kw_reprieve),
        },
        Rule::insufficient_item => EndItem::InsufficientMaterial(
            parts
                .iter()
                .filter(|q| q.as_rule() == Rule::material)
                .map(|m| Spanned {
                    value: m
                        .clone()
                        .into_inner()
                        .filter(|q| !is_keyword(q))
                        .map(|q| o.text(&q))
                        .collect(),
                    span: o.span_of(m),
                })
                .collect(),
        ),
        other => unreachable!("not an end item: {other:?}"),
    }
}

/// What a `repetition` rule ends in, from its last part: a draw unless a loser is named.
fn repetition_result(last: Option<&P>) -> RepetitionResult {
    match last.map(|q| (q.as_rule(), q.as_str())) {
        Some((Rule::repetition_result, "mover-loses")) => RepetitionResult::MoverLoses,
        Some((Rule::repetition_result, "white-loses")) => {
            RepetitionResult::SideLoses { white: true }
        }
        Some((Rule::repetition_result, "black-loses")) => {
            RepetitionResult::SideLoses { white: false }
        }
        _ => RepetitionResult::Draw,
    }
}

/// `material-count ID N, … [bonus white|black X]`.
fn lower_material_count_item(o: Origin, parts: &[P]) -> EndItem {
    EndItem::MaterialCount {
        keyword: o.span_of(&parts[0]),
        values: parts
            .iter()
            .filter(|q| q.as_rule() == Rule::piece_value)
            .map(|q| {
                let cells: Vec<P> = q.clone().into_inner().collect();
                (o.text(&cells[0]), o.number(&cells[1]))
            })
            .collect(),
        bonus: parts
            .iter()
            .find(|q| q.as_rule() == Rule::decimal)
            .map(|q| {
                let white = parts.iter().any(|w| w.as_rule() == Rule::kw_white);
                (white, o.text(q))
            }),
    }
}

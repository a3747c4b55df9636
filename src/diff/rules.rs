//! Rule changes: each rule of the compiled games written as text per key, then the keys compared.
use super::Change;
use crate::inspect;
use crate::rules::{Game, JumpsLower, PieceId, PromotionTrigger, Side, Square, StalemateResult};
use std::collections::BTreeMap;

pub(super) fn changes(old: &Game, new: &Game) -> Vec<Change> {
    let mut out = Vec::new();
    compare(&mut out, &game_rules(old), &game_rules(new));
    compare(&mut out, &end_rules(old), &end_rules(new));
    let (old_pieces, new_pieces) = (piece_rules(old), piece_rules(new));
    compare(&mut out, &old_pieces, &new_pieces);
    if old.geometry == new.geometry && old.orientation == new.orientation {
        destinations(&mut out, old, new);
    }
    out
}

/// Adds a change for every key whose text differs (added, removed or changed).
fn compare(out: &mut Vec<Change>, old: &BTreeMap<String, String>, new: &BTreeMap<String, String>) {
    for (key, text) in new {
        match old.get(key) {
            None => out.push(Change {
                mark: '+',
                text: format!("{key}: {text}"),
            }),
            Some(before) if before != text => out.push(Change {
                mark: '~',
                text: format!("{key}: {before} → {text}"),
            }),
            _ => {}
        }
    }
    for (key, text) in old {
        if !new.contains_key(key) {
            out.push(Change {
                mark: '-',
                text: format!("{key}: {text}"),
            });
        }
    }
}

fn game_rules(g: &Game) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    let geo = g.geometry;
    m.insert("board".into(), format!("{}x{}", geo.files, geo.ranks));
    m.insert(
        "orientation".into(),
        format!("{:?}", g.orientation).to_lowercase(),
    );
    for z in &g.zones {
        m.insert(
            format!("zone {}", z.name),
            format!(
                "White {}; Black {}",
                inspect::squares_in_words(g, &z.squares[0]),
                inspect::squares_in_words(g, &z.squares[1])
            ),
        );
    }
    m.insert("start".into(), g.start_fen.clone());
    m.insert(
        "drops".into(),
        if g.drops {
            "captured pieces go to hand"
        } else {
            "none"
        }
        .into(),
    );
    if let Some(b) = &g.bonus_turn {
        m.insert(
            "bonus turn".into(),
            format!(
                "a drop into the mover's {} earns one more turn{}",
                g.zone(b.zone).name,
                if b.may_pass {
                    ", which may be passed"
                } else {
                    ""
                }
            ),
        );
    }
    capture_rules(g, &mut m);
    // Demotion is one rule of the game (`demote in ZONE`), though the compiler records it on each promoted piece.
    let demotions: Vec<String> = g
        .pieces
        .iter()
        .filter_map(|p| p.demote_in.map(|(z, _)| g.zone(z).name.clone()))
        .collect();
    if let Some(zone) = demotions.first() {
        m.insert(
            "demotion".into(),
            format!("a promoted piece that ends its move in its owner's {zone} turns back into its base piece"),
        );
    }
    castling_rules(g, &mut m);
    m
}

/// Explosions, burning, walls, the rules against trading pieces, compulsory capture.
fn capture_rules(g: &Game, m: &mut BTreeMap<String, String>) {
    if let Some(blast) = &g.explosions {
        let spared: Vec<&str> = g
            .types_marked(&blast.spared)
            .map(|p| g.piece(p).symbol.as_str())
            .collect();
        m.insert(
            "explosions".into(),
            format!("captures explode, sparing {}", spared.join(" ")),
        );
    }
    for p in &g.pieces {
        // A shadow `X~` plays as `X`, which is worded.
        if p.captures_unprotected_only && p.shadow_of.is_none() {
            m.insert(
                format!("unprotected captures only by {}", p.symbol),
                "may not capture a piece the opponent protects".into(),
            );
        }
        // Range capture: how the jumper's slides pass over the pieces ranked below it (the ranks themselves
        // show in what each passes).
        if let (Some(how), None) = (p.jumps_lower, p.shadow_of) {
            let below: Vec<&str> = g
                .pieces
                .iter()
                .filter(|q| q.rank < p.rank && q.shadow_of.is_none())
                .map(|q| q.symbol.as_str())
                .collect();
            let how = match how {
                JumpsLower::AnyMove => "stopping anywhere past them",
                JumpsLower::ToCapture => "stopping past them only to capture",
                JumpsLower::TakingPassed => "taking every piece it passes",
            };
            m.insert(
                format!("range capture by {}", p.symbol),
                format!("passes {}, {how}", below.join(" ")),
            );
        }
        if let (Some(over), None) = (&p.jumps_over, p.shadow_of) {
            m.insert(
                format!("jumping slides of {}", p.symbol),
                format!("along {}, over {}", over.betza, over.passed_words()),
            );
        }
        if let Some(b) = &p.burns {
            let spared: Vec<&str> = g
                .types_marked(&b.spared)
                .map(|q| g.piece(q).symbol.as_str())
                .collect();
            m.insert(
                format!("burning by {}", p.symbol),
                format!(
                    "area {}{}{}",
                    b.area,
                    if spared.is_empty() {
                        String::new()
                    } else {
                        format!(", sparing {}", spared.join(" "))
                    },
                    if b.passive { ", passive too" } else { "" }
                ),
            );
        }
    }
    if let Some(walls) = &g.walls {
        let petrify: Vec<&str> = g
            .types_marked(&walls.petrify)
            .map(|p| g.piece(p).symbol.as_str())
            .collect();
        if let Some(placement) = walls.placement {
            let zone = placement
                .zone()
                .map_or_else(String::new, |z| format!(" in {}", g.zone(z).name));
            m.insert("walls".into(), format!("{}{zone}", placement.word()));
        }
        if !petrify.is_empty() {
            m.insert("petrify".into(), petrify.join(" "));
        }
    }
    let symbols = |marks: &[bool]| -> String {
        g.types_marked(marks)
            .map(|p| g.piece(p).symbol.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if let Some(rule) = &g.protected_capture {
        m.insert(
            "no capture of protected".into(),
            format!(
                "{} from afar, bridge not {}",
                symbols(&rule.set),
                symbols(&rule.bridge_not)
            ),
        );
    }
    if let Some(rule) = &g.counter_strike {
        m.insert("no counter-strike".into(), symbols(&rule.set));
    }
    if let Some(forced) = &g.forced_capture {
        let by: Vec<&str> = g
            .types_marked(&forced.by)
            .map(|p| g.piece(p).symbol.as_str())
            .collect();
        m.insert(
            "forced capture".into(),
            if by.len() == g.pieces.len() {
                "when a capture is legal, only captures are".to_string()
            } else {
                format!(
                    "when a capture by {} is legal, only such captures are",
                    by.join(" ")
                )
            },
        );
    }
}

/// Each castling, or under fixed-file castling one rule per side.
fn castling_rules(g: &Game, m: &mut BTreeMap<String, String>) {
    let geo = g.geometry;
    // Under fixed-file castling, one rule per side says it all (the castlings are every pairing of squares).
    for right in g.castling_rights.iter().filter(|r| r.king_from.is_none()) {
        let to = |kingside: bool| {
            g.castling_king_file(Some(right.side), kingside)
                .map_or(String::new(), betza::diagram::file_name)
        };
        let partners: Vec<&str> = right
            .rooks
            .iter()
            .map(|&p| g.piece(p).symbol.as_str())
            .collect();
        m.insert(
            format!(
                "castling {} to fixed files",
                crate::render::side_name(right.side)
            ),
            format!(
                "{} to {}/{} with {}",
                g.piece(right.king).symbol,
                to(true),
                to(false),
                partners.join(" ")
            ),
        );
    }
    for c in &g.castlings {
        let right = &g.castling_rights[c.right];
        if right.king_from.is_none() {
            continue;
        }
        m.insert(
            format!(
                "castling {} {}-{}",
                crate::render::side_name(right.side),
                geo.name(c.king_from),
                geo.name(c.king_to)
            ),
            format!(
                "rook {}-{}; empty {}; safe {}{}",
                geo.name(c.rook_from),
                geo.name(c.rook_to),
                names(g, &c.empty),
                names(g, &c.safe),
                if right.by_drop {
                    "; right gained by drops"
                } else {
                    ""
                }
            ),
        );
    }
}

fn names(g: &Game, squares: &[Square]) -> String {
    squares
        .iter()
        .map(|&s| g.geometry.name(s))
        .collect::<Vec<_>>()
        .join(" ")
}

fn end_rules(g: &Game) -> BTreeMap<String, String> {
    let e = &g.end;
    let mut m = BTreeMap::new();
    let stalemate = match e.stalemate {
        StalemateResult::Win => "the stalemated side wins",
        StalemateResult::Draw => "a draw",
        StalemateResult::Loss => "the stalemated side loses",
    };
    m.insert(
        "end: stalemate".into(),
        if e.stalemate_by_piece_count {
            "the side with fewer pieces wins"
        } else {
            stalemate
        }
        .into(),
    );
    if let Some(r) = e.repetition {
        m.insert(
            "end: repetition".into(),
            format!(
                "the {}th occurrence draws{}",
                r.count,
                if r.perpetual_check_loses {
                    "; perpetual check loses"
                } else {
                    ""
                }
            ),
        );
    }
    if let Some(plies) = e.move_limit {
        m.insert(
            "end: move limit".into(),
            format!("a draw after {plies} plies, reset by {}", {
                let mut by = vec![g.symbols_text(&e.resets_clock)];
                if e.promotion_resets_clock {
                    by.push("promotions".into());
                }
                by.retain(|b| !b.is_empty());
                by.join(" and ")
            }),
        );
    }
    if let Some(c) = &e.counting {
        let rows: Vec<String> = c
            .pieces_honour
            .iter()
            .map(|row| match row.piece {
                Some(p) => format!("{} {} {}", row.at_least, g.symbols_text(&[p]), row.moves),
                None => format!("else {}", row.moves),
            })
            .collect();
        m.insert(
            "end: counting".into(),
            format!(
                "suspended by {}; board's honour {}; pieces' honour {} (suspended by {}); counted from {}",
                g.symbols_text(&c.suspended_by),
                c.board_honour.map_or("none".into(), |m| match c
                    .board_honour_max_pieces
                {
                    Some(most) => format!("{m} moves, at most {most} pieces"),
                    None => format!("{m} moves"),
                }),
                if rows.is_empty() {
                    "none".into()
                } else {
                    rows.join(", ")
                },
                g.symbols_text(&c.pieces_honour_suspended_by),
                if c.from_piece_count {
                    "the piece count"
                } else {
                    "zero"
                }
            ),
        );
    }
    if let Some(b) = e.bare_king_loses {
        m.insert(
            "end: bare king".into(),
            format!(
                "{}{}",
                if b.hand_must_be_empty {
                    "a bare king with an empty hand loses"
                } else {
                    "a bare king loses"
                },
                if b.reprieve {
                    ", unless it can bare the other side in reply (reprieve)"
                } else {
                    ""
                }
            ),
        );
    }
    if !e.insufficient_material.is_empty() {
        m.insert(
            "end: insufficient material".into(),
            g.insufficient_material_text(),
        );
    }
    m
}

fn piece_rules(g: &Game) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    for (i, p) in g.pieces.iter().enumerate() {
        let key = format!("{} ({})", p.name, p.symbol);
        m.insert(key.clone(), if p.royal { "royal" } else { "piece" }.into());
        let sets: Vec<String> = inspect::move_sets(g, PieceId(i as u16))
            .iter()
            .map(|s| match s.zone {
                Some(z) => format!("\"{}\" in {}", s.betza, g.zone(z).name),
                None => format!("\"{}\"", s.betza),
            })
            .collect();
        m.insert(format!("{key} moves"), sets.join(", "));
        for pr in &p.promotions {
            let whose = match pr.side {
                Some(side) => format!(" for {side:?}"),
                None => String::new(),
            };
            // Two lines may share a zone and side (one `limited`, one not): both are kept, in file order.
            let line = format!("{key} promotion in {}{whose}", g.zone(pr.zone).name);
            let words = format!(
                "to {}, {}, on {}{}",
                g.symbols_text(&pr.choices),
                if pr.mandatory {
                    "mandatory"
                } else {
                    "optional"
                },
                match pr.trigger {
                    PromotionTrigger::Destination => "destination",
                    PromotionTrigger::StartOrDestination => "start or destination",
                    PromotionTrigger::Entering => "entering",
                    PromotionTrigger::Capture => "capture",
                    PromotionTrigger::CaptureTouching => "capture at start or destination",
                    PromotionTrigger::Standing => "standing (in place or by a step)",
                },
                match pr.limited_to {
                    Some(n) => format!(", limited to {n}"),
                    None if pr.limits.is_some() => ", limited by material".into(),
                    None => String::new(),
                } + &standing_words(pr.standing)
            );
            m.entry(line)
                .and_modify(|earlier: &mut String| *earlier = format!("{earlier}; {words}"))
                .or_insert(words);
        }

        if let Some(u) = &p.unmoved {
            let mut rules = vec!["while unmoved".to_string()];
            if u.not_in_check {
                rules.push("not in check".into());
            }
            if !u.lost_when_aligned_with.is_empty() {
                rules.push(format!(
                    "lost when aligned with {}",
                    g.symbols_text(&u.lost_when_aligned_with)
                ));
            }
            m.insert(format!("{key} initial moves"), rules.join(", "));
        }
        if let (Some(d), true) = (&p.drop, g.drops) {
            let mut rules = Vec::new();
            match d.per_file {
                Some(1) => rules.push("one-per-file (nifu)".to_string()),
                Some(n) => rules.push(format!("at most {n} per file")),
                None => {}
            }
            if d.no_drop_mate {
                rules.push("no-mate".to_string());
            }
            if d.as_promoted.is_some() {
                rules.push("either-form".to_string());
            }
            if d.opposite_colours {
                rules.push("opposite-colours".to_string());
            }
            if p.royal {
                rules.push("allowed (a royal piece in hand)".to_string());
            }
            if !d.forbidden[0].is_empty() {
                rules.push(format!(
                    "not in {}",
                    inspect::squares_in_words(g, &d.forbidden[0])
                ));
            }
            m.insert(
                format!("{key} drops"),
                if rules.is_empty() {
                    "anywhere".into()
                } else {
                    rules.join(", ")
                },
            );
        }
    }
    m
}

/// A square whose destinations differ, with those gained and those lost.
type Differs = (Square, Vec<String>, Vec<String>);

/// Per piece (by id) and zone: the squares from which a lone White piece's destinations differ.
fn destinations(out: &mut Vec<Change>, old: &Game, new: &Game) {
    for (i, p) in new.pieces.iter().enumerate() {
        let Some(po) = old.piece_by_symbol(&p.symbol) else {
            continue;
        };
        let pn = PieceId(i as u16);
        // Squares grouped by the zone rule that selects the new moves there.
        let mut groups: BTreeMap<String, Vec<Differs>> = BTreeMap::new();
        for sq in new.geometry.all() {
            let before = lone(old, po, sq);
            let after = lone(new, pn, sq);
            if before == after {
                continue;
            }
            let gained: Vec<String> = after
                .iter()
                .filter(|d| !before.contains(d))
                .cloned()
                .collect();
            let lost: Vec<String> = before
                .iter()
                .filter(|d| !after.contains(d))
                .cloned()
                .collect();
            let reach = inspect::piece_moves(new, pn, Side::White, sq, &inspect::EmptyBoard, &[]);
            let zone = reach.zone.map_or("everywhere".to_string(), |z| {
                format!("in {}", new.zone(z).name)
            });
            groups.entry(zone).or_default().push((sq, gained, lost));
        }
        for (zone, squares) in groups {
            let (sq, gained, lost) = &squares[squares.len() / 2];
            let mut text = format!(
                "{} ({}) {zone}: destinations on an empty board differ from {} square{}; e.g. from {}:",
                p.name,
                p.symbol,
                squares.len(),
                if squares.len() == 1 { "" } else { "s" },
                new.geometry.name(*sq)
            );
            if !gained.is_empty() {
                text += &format!(" gained {}", gained.join(" "));
            }
            if !lost.is_empty() {
                text += &format!(
                    "{} lost {}",
                    if gained.is_empty() { "" } else { ";" },
                    lost.join(" ")
                );
            }
            out.push(Change { mark: '~', text });
        }
    }
}

/// A lone White piece's destinations from `sq` on an empty board (`+` after a promoting one), sorted: the
/// designer's view, which walks the same rays as move generation (a lone piece's position may already be decided
/// by an end rule, and then has no moves to list).
fn lone(game: &Game, piece: PieceId, sq: Square) -> Vec<String> {
    let g = game.geometry;
    let reach = inspect::piece_moves(game, piece, Side::White, sq, &inspect::EmptyBoard, &[]);
    // A square where the piece may promote, but need not, is a destination twice: `a5+` and `a5`.
    let mut out: Vec<String> = Vec::new();
    for d in &reach.destinations {
        if d.promotion.is_empty() || !d.must_promote {
            out.push(g.name(d.to));
        }
        if !d.promotion.is_empty() {
            out.push(format!("{}+", g.name(d.to)));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The conditions of an `on standing` line, as the diff names them (empty for the other triggers).
fn standing_words(rules: crate::rules::StandingRules) -> String {
    let mut words = String::new();
    for (on, name) in [
        (rules.anywhere_if_last, "anywhere if last"),
        (rules.not_attacking, "not attacking"),
        (rules.not_checking, "not checking"),
    ] {
        if on {
            words += ", ";
            words += name;
        }
    }
    words
}

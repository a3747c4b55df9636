//! Sjaak II variant definitions (the format of Sjaak II 1.4's `variants.txt`).
use super::{Exported, Refusal};
use crate::inspect::{initial_squares, move_sets};
use crate::rules::{Game, PieceId, PromotionTrigger, Side, SquareSet, StalemateResult};
use betza::{Facing, Mode};
use std::fmt::Write as _;

/// Sjaak II's largest board.
const SJAAK_SIDE: u8 = 16;

/// The game as a Sjaak II variant definition called `name`.
pub fn to_sjaak(game: &Game, name: &str, lossy: bool) -> Result<Exported, Refusal> {
    let mut w = Writer {
        game,
        lossy: Vec::new(),
        fatal: Vec::new(),
        out: String::new(),
        zones: Vec::new(),
    };
    let body = w.variant(name);
    super::Draft {
        target: "Sjaak II",
        body,
        lossy: w.lossy,
        fatal: w.fatal,
    }
    .finish(game, lossy)
}

/// What a piece does, in Sjaak II's terms.
#[derive(Default)]
struct PieceMoves {
    moves: Vec<String>,
    captures: Vec<String>,
    /// Initial moves (`i`), allowed from the piece's initial squares.
    special: Vec<String>,
    set_ep: bool,
    take_ep: bool,
    /// Some moves only move or only capture: Sjaak II then needs `Capture:` lines.
    capture_only_differs: bool,
}

struct Writer<'g> {
    game: &'g Game,
    lossy: Vec<String>,
    fatal: Vec<String>,
    out: String,
    /// Zone definitions (`Zone: name = squares`) written before the pieces.
    zones: Vec<(String, String)>,
}

impl Writer<'_> {
    fn line(&mut self, text: impl AsRef<str>) {
        self.out += text.as_ref();
        self.out.push('\n');
    }

    /// A named square set, defined once.
    fn zone(&mut self, name: &str, set: &SquareSet) -> String {
        let g = self.game.geometry;
        let squares: Vec<String> = set.iter().map(|s| g.name(s)).collect();
        let text = if squares.is_empty() {
            "empty".to_string()
        } else {
            squares.join(",")
        };
        if !self.zones.iter().any(|(n, _)| n == name) {
            self.zones.push((name.to_string(), text));
        }
        name.to_string()
    }

    fn variant(&mut self, name: &str) -> String {
        let game = self.game;
        let g = game.geometry;
        if g.files > SJAAK_SIDE || g.ranks > SJAAK_SIDE {
            self.fatal.push(format!(
                "the board is {}x{}; Sjaak II's largest is {SJAAK_SIDE}x{SJAAK_SIDE}",
                g.files, g.ranks
            ));
        }
        for i in 0..game.pieces.len() {
            // A remembered promoted piece (`Q~`) is written as the piece it plays as.
            if game.pieces[i].shadow_of.is_none() {
                self.piece(PieceId(i as u16));
            }
        }
        if game.pieces.iter().any(|p| p.shadow_of.is_some()) {
            self.lossy.push(
                "remembered promotions (`remembered`): this exporter writes the promoted piece as the piece it plays as, which goes to hand as itself"
                    .into(),
            );
        }
        self.rules();
        if !game.holes.is_empty() {
            self.lossy.push(format!(
                "{} holes (squares not on the board): Sjaak II has none; the FEN keeps them as `*`",
                game.holes.len()
            ));
        }
        let pieces = std::mem::take(&mut self.out);
        let _ = writeln!(self.out, "Variant: {name} ({}x{})", g.files, g.ranks);
        let _ = writeln!(self.out, "Board: {}x{}", g.files, g.ranks);
        let _ = writeln!(self.out, "FEN: \"{}\"", game.start_fen);
        for (n, squares) in std::mem::take(&mut self.zones) {
            let _ = writeln!(self.out, "Zone: {n} = {squares}");
        }
        self.out.push('\n');
        self.out += &pieces;
        std::mem::take(&mut self.out)
    }

    fn piece(&mut self, id: PieceId) {
        let game = self.game;
        let p = game.piece(id);
        let sets = move_sets(game, id);
        let betza = match sets.as_slice() {
            [] => String::new(),
            [one] if one.zone.is_none() => one.betza.clone(),
            [first, ..] => {
                self.lossy.push(format!(
                    "the {} moves by zone; Sjaak II gives a piece one move set, so it is written with \"{}\" everywhere",
                    p.name, first.betza
                ));
                first.betza.clone()
            }
        };
        self.line(format!("Piece: {}", p.name));
        let Ok(parsed) = betza::parse(&betza) else {
            self.fatal
                .push(format!("the {}'s moves do not parse", p.name));
            return;
        };
        let m = self.moves_of(&p.name, &parsed);
        let rides = m
            .moves
            .iter()
            .chain(&m.captures)
            .filter(|m| m.starts_with("ride"))
            .count();
        if rides % 8 != 0 && rides % 4 != 0 {
            self.lossy.push(format!(
                "the {} rides obliquely in some directions only; Sjaak II's `ride` goes all eight ways",
                p.name
            ));
        }
        if game.orientation == crate::rules::Symmetry::Rotate && !super::mirror_symmetric(&parsed) {
            self.lossy.push(format!(
                "the {} is not left-right symmetric, and Sjaak II mirrors Black's moves where this game rotates them",
                p.name
            ));
        }
        let join = |v: &[String]| -> Vec<String> { group(v) };
        for mv in join(&m.moves) {
            self.line(format!("Move: {mv}"));
        }
        if m.capture_only_differs {
            for c in join(&m.captures) {
                self.line(format!("Capture: {c}"));
            }
        }
        if !m.special.is_empty() {
            let white = initial_squares(game, id, Side::White);
            let black = initial_squares(game, id, Side::Black);
            let zw = self.zone(&format!("{}_initial_white", slug(&p.name)), &white);
            let zb = self.zone(&format!("{}_initial_black", slug(&p.name)), &black);
            // Sjaak II's `Special:` moves replace the piece's quiet moves in its zone (a Pawn-sideways pawn given
            // `Special: … step 2N` has no sideways step from its start rank): they are written with them.
            let quiet_and_special: Vec<String> =
                m.moves.iter().chain(&m.special).cloned().collect();
            for s in join(&quiet_and_special) {
                self.line(format!("Special: {zw}, {zb}, {s}"));
            }
        }
        let lower = p.symbol.to_lowercase();
        self.line(format!("Symbol: \"{0}\", \"{0},{lower}\"", p.symbol));
        self.promotion(id);
        let mut flags = Vec::new();
        if p.royal {
            flags.push("royal");
        }
        if m.set_ep {
            flags.push("set_ep");
        }
        if m.take_ep {
            flags.push("take_ep");
        }
        self.drop_flags(id, &mut flags);
        if !flags.is_empty() {
            self.line(format!("Flags: {}", flags.join(",")));
        }
        if p.royal {
            self.castling(id);
        }
        self.line("");
    }

    /// The Sjaak II flags of the piece's drop rules, noting the drop rules Sjaak II cannot say.
    fn drop_flags(&mut self, id: PieceId, flags: &mut Vec<&'static str>) {
        let game = self.game;
        let p = game.piece(id);
        if let Some(d) = &p.drop {
            if game.drops {
                if d.no_drop_mate {
                    flags.push("drop_no_mate");
                }
                if d.as_promoted.is_some() {
                    self.lossy.push(format!(
                        "the {}'s `drop either-form`: not written to Sjaak II",
                        p.name
                    ));
                }
                if d.opposite_colours {
                    self.lossy.push(format!(
                        "the {}'s `drop opposite-colours`: this exporter writes no drops bound to square colours",
                        p.name
                    ));
                }
                if p.royal {
                    self.lossy.push(format!(
                        "the royal {}'s `drop allowed`: this exporter writes no royal piece in hand",
                        p.name
                    ));
                }
                match d.per_file {
                    Some(1) => flags.push("drop_one_file"),
                    Some(n) => self.lossy.push(format!(
                        "the {}'s `drop at-most {n} per-file`: this exporter writes only Sjaak II's one-per-file flag",
                        p.name
                    )),
                    None => {}
                }
                if d.forbidden.iter().any(|f| !f.is_empty()) {
                    self.lossy.push(format!(
                        "the {}'s `drop not in` zone: this exporter writes no Sjaak II drop zones",
                        p.name
                    ));
                }
            }
        }
    }

    /// The piece's moves as Sjaak II movements, noting what Sjaak II cannot say.
    fn moves_of(&mut self, name: &str, parsed: &betza::Betza) -> PieceMoves {
        let game = self.game;
        let mut m = PieceMoves::default();
        let reach = (game.geometry.files.max(game.geometry.ranks) - 1) as u32;
        for path in parsed.expand(Facing::First) {
            if path.castling.is_some() {
                continue;
            }
            let comp = &parsed.components[path.component];
            let [leg] = path.legs.as_slice() else {
                self.lossy.push(format!(
                    "the {}'s \"{comp}\": Sjaak II has no multi-leg moves",
                    name
                ));
                continue;
            };
            if path.universal || leg.wrap || !leg.jump_path.is_empty() {
                self.lossy
                    .push(format!("the {}'s \"{comp}\": Sjaak II cannot say it", name));
                continue;
            }
            let Some(text) = movement(leg.step, leg.max, !leg.lame_path.is_empty(), reach) else {
                self.lossy.push(format!(
                    "the {}'s \"{comp}\": a lame or limited oblique rider, which Sjaak II cannot say",
                    name
                ));
                continue;
            };
            let mode = leg.mode;
            if mode.intersects(
                Mode::DESTROY
                    .union(Mode::HOP)
                    .union(Mode::GRASSHOP)
                    .union(Mode::TAME)
                    .union(Mode::UNLOAD)
                    .union(Mode::INDUCE),
            ) {
                self.lossy
                    .push(format!("the {}'s \"{comp}\": Sjaak II cannot say it", name));
                continue;
            }
            if path.initial_only {
                if !leg.lame_path.is_empty() && mode == Mode::MOVE {
                    m.set_ep = true;
                }
                m.special.push(text);
                continue;
            }
            if mode.contains(Mode::EN_PASSANT) {
                m.take_ep = true;
            }
            let mv = mode.contains(Mode::MOVE);
            let cap = mode.contains(Mode::CAPTURE) || mode.contains(Mode::EN_PASSANT);
            m.capture_only_differs |= mv != cap;
            if mv {
                m.moves.push(text.clone());
            }
            if cap {
                m.captures.push(text);
            }
        }
        m
    }

    /// The `Promotion:` lines of a piece.
    fn promotion(&mut self, id: PieceId) {
        let game = self.game;
        let p = game.piece(id);
        let Some(pr) = super::written_promotion(p) else {
            return;
        };
        if let Some(what) = super::promotion_beyond_one_line(p) {
            self.lossy.push(format!(
                "the {} {what}; only its first line is exported",
                p.name
            ));
        }
        let z = game.zone(pr.zone);
        let (zn, zw, zb) = (z.name.clone(), z.squares[0].clone(), z.squares[1].clone());
        let w = self.zone(&format!("{}_white", slug(&zn)), &zw);
        let b = self.zone(&format!("{}_black", slug(&zn)), &zb);
        let choices: String =
            if pr.choices.len() == 1 && game.piece(pr.choices[0]).symbol.starts_with('+') {
                "+".into()
            } else {
                pr.choices
                    .iter()
                    .map(|&c| game.piece(game.plays_as(c)).symbol.clone())
                    .collect()
            };
        self.line(format!("Promotion: {w}, {b}, \"{choices}\""));
        // Without this line Sjaak II makes every promotion optional. tatsu's dead-square rule makes it mandatory
        // where the piece could never move again (a knight on the last two ranks), which Sjaak II does not do:
        // those squares are left out of the optional zone (Judkins shogi's Nc3-b5 must promote).
        let dead = &p.dead;
        let optional = |side: usize, zone: &SquareSet| -> SquareSet {
            zone.iter().filter(|&s| !dead[side].contains(s)).collect()
        };
        let (ow, ob) = (optional(0, &zw), optional(1, &zb));
        if pr.mandatory || ow.is_empty() && ob.is_empty() {
            self.line("Optional promotion: empty, empty");
        } else if ow == zw && ob == zb {
            self.line(format!("Optional promotion: {w}, {b}"));
        } else {
            let stem = format!("{}_{}_optional", slug(&zn), slug(&p.name));
            let ow = self.zone(&format!("{stem}_white"), &ow);
            let ob = self.zone(&format!("{stem}_black"), &ob);
            self.line(format!("Optional promotion: {ow}, {ob}"));
        }
        if pr.trigger == PromotionTrigger::Destination && pr.choices.len() == 1 {
            self.lossy.push(format!(
                "the {} promotes only on arriving in `{zn}`; Sjaak II also promotes a move that starts there",
                p.name
            ));
        }
    }

    fn castling(&mut self, king: PieceId) {
        let game = self.game;
        let g = game.geometry;
        for right in &game.castling_rights {
            if right.king != king {
                continue;
            }
            let Some(king_from) = right.king_from else {
                let file = |kingside| {
                    game.castling_king_file(None, kingside)
                        .map_or("-".to_string(), |f| ((b'a' + f as u8) as char).to_string())
                };
                self.lossy.push(format!(
                    "castling to fixed files (Chess960: the king to the {} and {} files): Sjaak II's castlings name the king's and rook's squares",
                    file(true),
                    file(false)
                ));
                return;
            };
            let tos: Vec<String> = game
                .castlings
                .iter()
                .filter(|c| std::ptr::eq(&game.castling_rights[c.right], right))
                .map(|c| g.name(c.king_to))
                .collect();
            let side = if right.side == Side::White {
                "white"
            } else {
                "black"
            };
            self.line(format!(
                "Castle: {side} {}-{} with {}",
                g.name(king_from),
                tos.join(","),
                g.name(right.rook_from)
            ));
        }
    }

    fn rules(&mut self) {
        let game = self.game;
        let end = &game.end;
        self.line("Rule: checkmate = win");
        let stalemate = match end.stalemate {
            StalemateResult::Win => "win",
            StalemateResult::Draw => "draw",
            StalemateResult::Loss => "loss",
        };
        self.line(format!("Rule: stalemate = {stalemate}"));
        if let Some(r) = end.repetition {
            self.line(format!("Rule: repeat{} = draw", r.count));
            if r.perpetual_check_loses {
                self.line("Rule: perpetual = loss");
            }
        }
        if let Some(plies) = end.move_limit {
            self.line(format!("Rule: movecountdraw = {}", plies / 2));
        }
        if game.drops {
            // `drops reserve`: captured pieces do not go to hand.
            if game.pieces.iter().any(|p| p.in_hand.is_some()) {
                self.line("Rule: keep capture, allow drops");
            } else {
                self.line("Rule: allow drops");
            }
        }
        // Every rule this exporter does not write, named with what it says.
        self.lossy
            .extend(super::rules::not_written(game, super::rules::Target::Sjaak));
    }
}

/// Sjaak II's text for one step vector: `aleap` for a leaper, `step nDIR` for a rider (or a lame two-square step)
/// along a line, `ride` for an unlimited oblique rider; `None` for what it cannot say.
fn movement(step: (i32, i32), max: Option<u32>, lame: bool, reach: u32) -> Option<String> {
    let (dx, dy) = step;
    let unit = dx.abs() <= 1 && dy.abs() <= 1;
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    match (max, unit) {
        // One square: written as a step (Sjaak II takes en passant only with steps).
        (Some(1), true) => Some(format!("step {}", compass(dx, dy))),
        (Some(1), false) if !lame => Some(format!("aleap ({dx},{dy})")),
        (Some(1), false) if straight && (dx.abs() == 2 || dy.abs() == 2) => {
            // A lame two-square step along a line (`nD`, `nA`): a slide of up to two squares.
            Some(format!("step 2{}", compass(dx.signum(), dy.signum())))
        }
        (_, true) => Some(format!(
            "step {}{}",
            max.unwrap_or(reach).min(reach),
            compass(dx, dy)
        )),
        (None, false) if !lame => {
            let (a, b) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
            Some(format!("ride ({a},{b})"))
        }
        _ => None,
    }
}

fn compass(dx: i32, dy: i32) -> &'static str {
    match (dx, dy) {
        (0, 1) => "N",
        (0, -1) => "S",
        (1, 0) => "E",
        (-1, 0) => "W",
        (1, 1) => "NE",
        (-1, 1) => "NW",
        (1, -1) => "SE",
        _ => "SW",
    }
}

/// Steps, leaps and rides merged into Sjaak II's lists: `aleap (a)|(b)`, `step 9N,9S`, one `ride` each.
fn group(items: &[String]) -> Vec<String> {
    let mut leaps = Vec::new();
    let mut steps: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for i in items {
        if let Some(v) = i.strip_prefix("aleap ") {
            if !leaps.contains(&v.to_string()) {
                leaps.push(v.to_string());
            }
        } else if let Some(v) = i.strip_prefix("step ") {
            // One step per direction, the longest: Sjaak II lists a square reached by two of a piece's steps
            // twice (Torpedo chess's pawn, `step 2N,N`: 28 moves at the start for tatsu's and FSF's 20).
            let (range, dir) = step_parts(v);
            match steps.iter_mut().find(|s| step_parts(s.as_str()).1 == dir) {
                Some(s) if step_parts(s).0 < range => *s = v.to_string(),
                Some(_) => {}
                None => steps.push(v.to_string()),
            }
        } else if !out.contains(i) {
            out.push(i.clone());
        }
    }
    if !leaps.is_empty() {
        out.insert(0, format!("aleap {}", leaps.join("|")));
    }
    if !steps.is_empty() {
        out.push(format!("step {}", steps.join(",")));
    }
    out
}

/// A Sjaak II step's range and direction (`2N`: 2 and `N`; `NE`: 1 and `NE`).
fn step_parts(step: &str) -> (u32, &str) {
    let digits = step.len() - step.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (range, dir) = step.split_at(digits);
    (range.parse().unwrap_or(1), dir)
}

fn slug(name: &str) -> String {
    name.to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// Sjaak II's move count is reset by captures and pawn moves, and counts whole moves: the rule named unless the
/// list is the pawn and the plies even, and unless `reset-by promotions` adds nothing (only the pawn promotes).
pub(super) fn move_limit_unsaid(
    game: &Game,
    plies: u32,
    resets: &[PieceId],
    promotions: bool,
) -> Option<String> {
    let pawn = game.piece_by_symbol("P");
    let other_promoter = game
        .pieces
        .iter()
        .enumerate()
        .any(|(i, p)| Some(PieceId(i as u16)) != pawn && !p.promotions.is_empty());
    if plies % 2 == 0 && resets == pawn.as_slice() && !(promotions && other_promoter) {
        return None;
    }
    let mut reset_by = if resets.is_empty() {
        " (no piece resets the count)".to_string()
    } else {
        format!(" reset-by {}", game.symbols_text(resets))
    };
    if promotions {
        reset_by += if resets.is_empty() {
            " reset-by promotions"
        } else {
            " promotions"
        };
    }
    Some(format!("`move-limit {plies} plies`{reset_by}"))
}

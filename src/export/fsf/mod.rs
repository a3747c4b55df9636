//! Fairy-Stockfish `variants.ini` sections (the options of FSF's `parser.cpp`, as pyffish 0.0.90 reads them).
use super::{Exported, Refusal};
use crate::rules::{Game, Side, Square, SquareSet, MAX_FILES};
use std::fmt::Write as _;

/// FSF's largest board (its "largeboards" build, which pyffish uses).
const FSF_FILES: u8 = 12;
const FSF_RANKS: u8 = 10;
mod demotion;
mod en_passant;
mod end;
mod janggi;
mod move_rules;
mod pawn_drops;
mod pieces;
mod promotion;
mod royals;
mod sittuyin;
mod xiangqi;
mod zoned;

use pieces::{BuiltIn, Role};

struct Writer<'g> {
    game: &'g Game,
    lossy: Vec<String>,
    fatal: Vec<String>,
    out: String,
    /// Each piece with `i` moves from fixed squares, with White's and Black's squares (pieces::initial_region).
    initial_regions: Vec<(String, [SquareSet; 2])>,
    /// The game's first-move rights are FSF's cambodianMoves (pieces::cambodian_moves).
    cambodian: bool,
    /// Royal types written as FSF's pseudo-royal extinction pieces (royals::pseudo_royals).
    pseudo_royals: Vec<crate::rules::PieceId>,
    /// The game's palace lines as FSF's janggi (janggi::palace): the section inherits FSF's `janggi`.
    palace: Option<janggi::Palace>,
    /// Pieces FSF's immobilityIllegal would keep off squares where tatsu's dead-square rule lets them go, named
    /// unless the option can be written off (move_rules::immobility_illegal).
    quiet_differs: Vec<String>,
    /// The promotedPieceType entries written (the piece, the form it turns into), as piece indices.
    shogi_promotions: Vec<(usize, usize)>,
}

/// The game as a `variants.ini` section called `name` (it must differ from FSF's built-in variants, which FSF
/// will not redefine: `shogi`, `chess`, `euroshogi`…).
pub fn to_fsf(game: &Game, name: &str, lossy: bool) -> Result<Exported, Refusal> {
    let mut w = Writer {
        game,
        lossy: Vec::new(),
        fatal: Vec::new(),
        out: String::new(),
        initial_regions: Vec::new(),
        cambodian: false,
        pseudo_royals: Vec::new(),
        palace: None,
        quiet_differs: Vec::new(),
        shogi_promotions: Vec::new(),
    };
    let body = w.section(name);
    super::Draft {
        target: "Fairy-Stockfish",
        body,
        lossy: w.lossy,
        fatal: w.fatal,
    }
    .finish(game, lossy)
}

impl Writer<'_> {
    fn set(&mut self, key: &str, value: impl std::fmt::Display) {
        let _ = writeln!(self.out, "{key} = {value}");
    }

    fn section(&mut self, name: &str) -> String {
        let g = self.game.geometry;
        self.pseudo_royals = self.pseudo_royals();
        self.palace = self.palace();
        if self.palace.is_some() {
            let _ = writeln!(self.out, "[{name}:{}]", janggi::TEMPLATE);
        } else {
            let _ = writeln!(self.out, "[{name}]");
        }
        if g.files > FSF_FILES || g.ranks > FSF_RANKS {
            self.fatal.push(format!(
                "the board is {}x{}; FSF's largest is {FSF_FILES}x{FSF_RANKS}",
                g.files, g.ranks
            ));
        }
        self.set("maxFile", file_letter(g.files - 1));
        self.set("maxRank", g.ranks);
        let letters = self.letters();
        let roles = self.pieces(&letters);
        self.promotion(&letters, &roles);
        self.standing_promotion(&letters, &roles);
        self.drops(&letters, &roles);
        self.castling(&letters);
        self.walls(&letters);
        self.explosions(&roles, &letters);
        self.flying_general(&roles);
        self.palace_options(&roles);
        self.end_rules(&roles, &letters);
        self.pseudo_royal_options(&letters);
        // tatsu's dead-square rule, unless the game allows pieces to stand where they cannot move.
        let immobility_illegal = self.immobility_illegal();
        self.set("immobilityIllegal", immobility_illegal);
        self.promoted_in_start(&letters);
        self.set("startFen", &self.game.start_fen);
        std::mem::take(&mut self.out)
    }

    /// One FSF letter per piece: its own for a one-letter id, a free one for a promoted form.
    fn letters(&mut self) -> Vec<char> {
        let game = self.game;
        let mut used: Vec<char> = Vec::new();
        let mut out = vec!['?'; game.pieces.len()];
        for (i, p) in game.pieces.iter().enumerate() {
            if p.shadow_of.is_some() {
                continue;
            }
            let mut chars = p.symbol.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                out[i] = c.to_ascii_lowercase();
                used.push(out[i]);
            } else if !p.promoted {
                self.fatal.push(format!(
                    "the piece id `{}` has more than one letter; FSF's are one letter",
                    p.symbol
                ));
            }
        }
        // A remembered promoted piece (`Q~`) is FSF's promoted piece of that type: the same letter.
        for (i, p) in game.pieces.iter().enumerate() {
            if let Some(of) = p.shadow_of {
                out[i] = out[of.index()];
            }
        }
        for (i, p) in game.pieces.iter().enumerate() {
            if out[i] != '?' {
                continue;
            }
            let lower = p.name.to_lowercase();
            let free = lower
                .chars()
                .filter(char::is_ascii_lowercase)
                .chain('a'..='z')
                .find(|c| !used.contains(c))
                .unwrap_or('?');
            out[i] = free;
            used.push(free);
        }
        out
    }

    fn drops(&mut self, letters: &[char], roles: &[Role]) {
        let game = self.game;
        self.set("pieceDrops", game.drops_moves());
        self.seirawan_gating();
        // `drops reserve`: no piece goes to hand when captured.
        let to_hand = game.pieces.iter().any(|p| p.in_hand.is_some());
        self.set("capturesToHand", game.drops && to_hand);
        if !game.drops {
            return;
        }
        self.remembered_promotions(roles);
        let droppable: Vec<(usize, &crate::rules::DropRule)> = game
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.drop.as_ref().map(|d| (i, d)))
            .collect();
        let every_droppable = droppable.clone();
        let pawn = droppable
            .iter()
            .find(|(i, _)| matches!(roles[*i], Role::Pawn))
            .map(|&(i, _)| i);
        let droppable: Vec<(usize, &crate::rules::DropRule)> = droppable
            .into_iter()
            .filter(|(i, _)| !matches!(roles[*i], Role::Pawn))
            .collect();
        // The one drop region FSF has, written from the other pieces' zones; the pawn's are checked against it,
        // and a rook's on the first rank only is FSF's sittuyinRookDrop.
        let all: SquareSet = game.geometry.all().collect();
        let open_of = |d: Option<&crate::rules::DropRule>, side: usize| -> SquareSet {
            d.map_or(all.clone(), |d| {
                all.iter()
                    .filter(|&s| !d.forbidden[side].contains(s))
                    .collect()
            })
        };
        let rook_first = |(i, _): &&(usize, &crate::rules::DropRule)| {
            matches!(roles[*i], Role::BuiltIn(BuiltIn::Rook))
        };
        let reference = droppable.iter().find(|d| !rook_first(d)).map(|&(_, d)| d);
        let others = [open_of(reference, 0), open_of(reference, 1)];
        let rook = self.sittuyin_rook_drop(&droppable, roles, &others);
        if rook.is_some() {
            self.set("sittuyinRookDrop", true);
        }
        let droppable_elsewhere: Vec<(usize, &crate::rules::DropRule)> = droppable
            .iter()
            .filter(|(i, _)| Some(*i) != rook)
            .copied()
            .collect();
        let open = |side: usize| open_of(droppable_elsewhere.first().map(|&(_, d)| d), side);
        if let Some(i) = pawn {
            self.pawn_drops(i, &[open(0), open(1)]);
        }
        if let Some((_, first)) = droppable_elsewhere.first() {
            if droppable_elsewhere
                .iter()
                .any(|(_, d)| d.forbidden != first.forbidden)
            {
                self.lossy.push(
                    "some pieces have their own `drop not in` zones; FSF has one drop region for all".into(),
                );
            }
            for (side, key) in [(0, "dropRegionWhite"), (1, "dropRegionBlack")] {
                if !first.forbidden[side].is_empty() {
                    self.set(key, region(game, &open(side)));
                }
            }
        }
        self.per_file_limits(letters, &every_droppable);
        // FSF's dropPromoted is one switch for every piece: written when every droppable piece has it.
        let either = droppable
            .iter()
            .filter(|(_, d)| d.as_promoted.is_some())
            .count();
        if either == droppable.len() && either > 0 {
            self.set("dropPromoted", true);
        } else if either > 0 {
            self.lossy.push(
                "`drop either-form` on some pieces only; FSF's dropPromoted is one switch for all"
                    .into(),
            );
        }
        for &(i, d) in &every_droppable {
            if d.opposite_colours {
                if matches!(roles[i], Role::BuiltIn(BuiltIn::Bishop)) {
                    self.set("dropOppositeColoredBishop", true);
                } else {
                    self.lossy.push(format!(
                        "`drop opposite-colours` on the {}; FSF's dropOppositeColoredBishop is about its bishop (\"B\") only",
                        game.pieces[i].name
                    ));
                }
            }
            if d.no_drop_mate {
                if matches!(roles[i], Role::ShogiPawn) {
                    self.set("shogiPawnDropMateIllegal", true);
                } else {
                    self.lossy.push(format!(
                        "`drop no-mate` on the {}; FSF forbids drop mates only with its shogi pawn (\"fW\")",
                        game.pieces[i].name
                    ));
                }
            }
        }
    }

    /// `drop … at-most N per-file` (nifu): FSF's dropNoDoubled, for one piece type.
    fn per_file_limits(
        &mut self,
        letters: &[char],
        droppable: &[(usize, &crate::rules::DropRule)],
    ) {
        let game = self.game;
        let nifu: Vec<(usize, u16)> = droppable
            .iter()
            .filter_map(|&(i, d)| d.per_file.map(|n| (i, n)))
            .collect();
        match nifu.as_slice() {
            [] => {}
            [(one, limit)] => {
                self.set("dropNoDoubled", letters[*one]);
                if *limit != 1 {
                    self.set("dropNoDoubledCount", limit);
                }
            }
            _ => {
                let limits: Vec<String> = nifu
                    .iter()
                    .map(|&(i, n)| format!("{} at-most {n}", game.pieces[i].symbol))
                    .collect();
                self.lossy.push(format!(
                "a per-file drop limit on more than one piece ({}); FSF's dropNoDoubled takes one",
                limits.join(", ")
            ));
            }
        }
    }

    /// FSF's Seirawan gating: a gate on every square its FEN names on the castling rank.
    fn seirawan_gating(&mut self) {
        let game = self.game;
        if let Some(gating) = &game.gating {
            self.set("gating", true);
            self.set("seirawanGating", true);
            let g = game.geometry;
            let first_rank = |r: &crate::rules::GateRight| match r.side {
                crate::rules::Side::White => g.rank(r.square) == 0,
                crate::rules::Side::Black => g.rank(r.square) == g.ranks as i32 - 1,
            };
            if !gating.rights.iter().all(first_rank) {
                self.lossy.push(
                "gating squares off each side's first rank: FSF's gates stand on the castling rank".into(),
            );
            }
        }
    }

    /// Promotions remembered in a game with drops (the piece goes back to hand as the one that promoted).
    fn remembered_promotions(&mut self, roles: &[Role]) {
        let game = self.game;
        // FSF remembers every promotion of a game with drops and returns the piece to hand as its pawn
        // (crazyhouse); `dropLoop` turns that off (loop chess). Shogi-style forms (`+X`) are their own rule.
        for (i, p) in game.pieces.iter().enumerate() {
            let Some(promo) = super::written_promotion(p).filter(|_| p.shadow_of.is_none()) else {
                continue;
            };
            let remembered = promo
                .choices
                .iter()
                .any(|&c| game.piece(c).shadow_of.is_some());
            match (&roles[i], remembered) {
                (Role::Pawn, false) => self.set("dropLoop", true),
                (Role::Pawn, true) => {}
                (_, true) => self.lossy.push(format!(
                    "the {}'s promotion is remembered; FSF remembers only its pawn's promotions",
                    p.name
                )),
                (_, false) => {}
            }
        }
    }

    fn castling(&mut self, letters: &[char]) {
        let game = self.game;
        if game.castlings.is_empty() {
            self.set("castling", false);
            return;
        }
        let g = game.geometry;
        let kingside = |c: &crate::rules::Castling| g.file(c.rook_from) > g.file(c.king_from);
        // Fixed-file castling is Fairy-Stockfish's own rule (its `chess960`); `O`n castling matches it only
        // with one castling per right, the partner landing beside the king.
        let fixed = game.castling_rights.iter().any(|r| r.king_from.is_none());
        let ok = fixed
            || game.castling_rights.len() == game.castlings.len()
                && game.castlings.iter().all(|c| {
                    let step = if kingside(c) { -1 } else { 1 };
                    g.file(c.rook_to) == g.file(c.king_to) + step
                });
        let file_of = |kingside: bool| game.castling_king_file(None, kingside);
        if !ok {
            self.lossy.push(format!(
                "castling: {} castling moves for {} rights (a king that may go 2 or 3 squares); FSF has one castling per right",
                game.castlings.len(),
                game.castling_rights.len()
            ));
        }
        self.set("castling", true);
        self.castling_rank();
        if fixed {
            self.set("chess960", true);
        }
        if let Some(f) = file_of(true) {
            self.set("castlingKingsideFile", file_letter(f as u8));
        }
        if let Some(f) = file_of(false) {
            self.set("castlingQueensideFile", file_letter(f as u8));
        }
        if let Some(r) = game.castling_rights.first() {
            let rooks: String = r.rooks.iter().map(|p| letters[p.index()]).collect();
            self.set("castlingRookPieces", rooks);
            self.set("castlingKingPiece", letters[r.king.index()]);
        }
        self.castling_by_drop();
    }

    /// FSF's castling is on each side's castlingRank (the first by default; Omicron's kings castle on the second).
    fn castling_rank(&mut self) {
        let game = self.game;
        let g = game.geometry;
        let ranks: Vec<(Side, i32)> = game
            .castlings
            .iter()
            .filter_map(|c| {
                let side = game.castling_rights.get(c.right)?.side;
                let rank = g.rank(c.king_from);
                Some((
                    side,
                    if side == Side::White {
                        rank
                    } else {
                        g.ranks as i32 - 1 - rank
                    },
                ))
            })
            .collect();
        let Some(&(_, first)) = ranks.first() else {
            return;
        };
        if ranks.iter().any(|&(_, r)| r != first) {
            self.lossy.push(
                "castling from several ranks (counted from each side's own); FSF castles on one castlingRank".into(),
            );
        } else if first != 0 {
            self.set("castlingRank", first + 1);
        }
    }

    /// `castles with … after drop on …` is FSF's `castlingDroppedPiece`, whose king starts on its castling file
    /// of the first rank (`castlingKingFile`) and whose partners stand in the corners.
    fn castling_by_drop(&mut self) {
        let game = self.game;
        let by_drop: Vec<&crate::rules::CastlingRight> =
            game.castling_rights.iter().filter(|r| r.by_drop).collect();
        let Some(first) = by_drop.first() else {
            return;
        };
        let g = game.geometry;
        let corner = |sq: Square| g.file(sq) == 0 || g.file(sq) == g.files as i32 - 1;
        let king_file = first.king_from.map(|sq| g.file(sq));
        let fits = by_drop.len() == game.castling_rights.len()
            && by_drop.iter().all(|r| {
                let home = if r.side == Side::White {
                    0
                } else {
                    g.ranks as i32 - 1
                };
                r.king_from
                    .is_some_and(|k| g.rank(k) == home && Some(g.file(k)) == king_file)
                    && g.rank(r.rook_from) == home
                    && corner(r.rook_from)
            });
        match (fits, king_file) {
            (true, Some(f)) => {
                self.set("castlingKingFile", file_letter(f as u8));
                self.set("castlingDroppedPiece", true);
            }
            _ => self.lossy.push(
                "castling rights gained by drops other than with the king on its first rank and partners in the corners (FSF's castlingDroppedPiece)".into(),
            ),
        }
    }
}

fn file_letter(file: u8) -> char {
    debug_assert!(file < MAX_FILES);
    (b'a' + file) as char
}

/// An FSF region: `*N` for a whole rank, else the squares.
fn region(game: &Game, set: &SquareSet) -> String {
    let g = game.geometry;
    let mut parts = Vec::new();
    for r in 0..g.ranks as i32 {
        let on_rank: Vec<_> = (0..g.files as i32)
            .filter_map(|f| g.square(f, r))
            .filter(|&s| set.contains(s))
            .collect();
        if on_rank.len() == g.files as usize {
            parts.push(format!("*{}", r + 1));
        } else {
            parts.extend(on_rank.into_iter().map(|s| g.name(s)));
        }
    }
    parts.join(" ")
}

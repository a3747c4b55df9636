//! How each piece is told to FSF: its role (king, pawn, shogi pawn, bishop, or a custom piece with its XBetza),
//! and what FSF would make of it otherwise than tatsu: a string its reader reads as another piece, Black's moves,
//! dead squares.
use super::{region, Writer};
use crate::inspect::{initial_squares, move_sets};
use crate::rules::{PieceId, PieceType, Promotion, Side, Symmetry};
use betza::fsf::FSF_MODIFIERS;
use betza::{Atom, Modifier};

/// FSF's numbered custom pieces (`customPiece1` …).
const FSF_CUSTOM_PIECES: usize = 25;

/// How FSF is told about one piece.
#[derive(Clone)]
pub(super) enum Role {
    King,
    /// FSF's chess pawn: `fmW`, `fcF`, a double step from `doubleStepRegion`, e.p.
    Pawn,
    /// FSF's shogi pawn (`fW`), the piece `shogiPawnDropMateIllegal` is about.
    ShogiPawn,
    /// One of FSF's built-in pieces (`knight`, `silver`, …), for the first piece that moves exactly as it does:
    /// FSF's rules know these by type (its insufficient-material judgement: a custom piece always counts as able
    /// to mate; its counting rules count rooks, khons and knights; `dropOppositeColoredBishop` is about its bishop).
    BuiltIn(BuiltIn),
    Custom(String),
    /// FSF's king with moves of its own (`king = k:BETZA`; its parser's custom royal piece).
    RoyalCustom(String),
}

/// FSF's built-in pieces other than the king and the pawns, with their option names and moves (its piece.cpp).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BuiltIn {
    Knight,
    Bishop,
    Rook,
    Queen,
    /// Makruk's met.
    Fers,
    /// Makruk's khon.
    Silver,
    Archbishop,
    Chancellor,
    /// Shatar's bers (FSF's `dragon` type too): a built-in only where shatarMateRule needs it, since its checks
    /// are shak there (elsewhere an `RF` piece stays a custom piece).
    Bers,
    /// Xiangqi's soldier: `fW` below soldierPromotionRank, `fsW` from it on (xiangqi::soldier_rank).
    Soldier,
    /// Janggi's guard, and the pieces below: FSF's janggi pieces, only in a game with palace lines (janggi).
    Wazir,
    Horse,
    /// `pR`, hopping over no cannon and taking none.
    JanggiCannon,
    /// One step straight, then two diagonally outward, blocked on the way (`mafsmafW`; FSF's own `nZ`).
    JanggiElephant,
}

impl BuiltIn {
    const ALL: [BuiltIn; 8] = [
        Self::Knight,
        Self::Bishop,
        Self::Rook,
        Self::Queen,
        Self::Fers,
        Self::Silver,
        Self::Archbishop,
        Self::Chancellor,
    ];

    /// The option that declares it (`knight = n`).
    pub(super) fn option(self) -> &'static str {
        match self {
            Self::Knight => "knight",
            Self::Bishop => "bishop",
            Self::Rook => "rook",
            Self::Queen => "queen",
            Self::Fers => "fers",
            Self::Silver => "silver",
            Self::Archbishop => "archbishop",
            Self::Chancellor => "chancellor",
            Self::Bers => "bers",
            Self::Soldier => "soldier",
            Self::Wazir => "wazir",
            Self::Horse => "horse",
            Self::JanggiCannon => "janggiCannon",
            Self::JanggiElephant => "janggiElephant",
        }
    }

    /// Its moves as FSF defines it.
    fn betza(self) -> &'static str {
        match self {
            Self::Knight => "N",
            Self::Bishop => "B",
            Self::Rook => "R",
            Self::Queen => "Q",
            Self::Fers => "F",
            Self::Silver => "FfW",
            Self::Archbishop => "BN",
            Self::Chancellor => "RN",
            Self::Bers => "RF",
            Self::Soldier => "fsW",
            Self::Wazir => "W",
            Self::Horse => "nN",
            Self::JanggiCannon => "pR",
            Self::JanggiElephant => "mafsmafW",
        }
    }
}

impl Writer<'_> {
    pub(super) fn pieces(&mut self, letters: &[char]) -> Vec<Role> {
        let game = self.game;
        // Start from no piece at all: every piece of the game is declared below.
        for name in ["pawn", "knight", "bishop", "rook", "queen"] {
            self.set(name, "-");
        }
        let fsf_king = (0..game.pieces.len())
            .any(|i| game.pieces[i].royal && !self.pseudo_royals.contains(&PieceId(i as u16)));
        if !fsf_king {
            self.set("king", "-");
        }
        self.cambodian = cambodian_moves(game);
        let mut roles: Vec<Role> = Vec::new();
        let mut custom = 0;
        let mut over = None;
        // In a palace game FSF's rook and soldier move along the lines: only the janggi pieces may be them.
        let mut built_in_taken: Vec<BuiltIn> = if self.palace.is_some() {
            vec![BuiltIn::Rook, BuiltIn::Soldier]
        } else {
            Vec::new()
        };
        self.palace_pieces_away();
        // Per piece, its customPieceN's N (0: not a custom piece), for options named after the piece.
        let mut custom_numbers: Vec<usize> = Vec::new();
        for (i, p) in game.pieces.iter().enumerate() {
            if let Some(of) = p.shadow_of {
                // Not a piece of its own in FSF (see `letters`).
                roles.push(roles[of.index()].clone());
                custom_numbers.push(custom_numbers[of.index()]);
                continue;
            }
            let id = PieceId(i as u16);
            if let Some(role) = self.palace.as_ref().and_then(|p| p.roles[i].clone()) {
                match &role {
                    // The template's king (`k`, of the wazir's type): an ini `king` line would make it another.
                    Role::King => {}
                    Role::BuiltIn(BuiltIn::Soldier) => {
                        self.set("soldier", letters[i]);
                        self.set("soldierPromotionRank", 1);
                    }
                    Role::BuiltIn(b) => self.set(b.option(), letters[i]),
                    _ => {}
                }
                roles.push(role);
                custom_numbers.push(0);
                continue;
            }
            let soldier = self
                .soldier_rank(id)
                .filter(|_| !built_in_taken.contains(&BuiltIn::Soldier));
            if let Some(rank) = soldier {
                built_in_taken.push(BuiltIn::Soldier);
                self.set("soldier", letters[i]);
                self.set("soldierPromotionRank", rank);
                roles.push(Role::BuiltIn(BuiltIn::Soldier));
                custom_numbers.push(0);
                continue;
            }
            // A pawn whose one zone only adds a double step (Horde's first rank) is FSF's pawn (zoned).
            let mut role = match self.zoned_pawn(id) {
                Some(pawn) => pawn,
                None => {
                    let betza = self.one_move_set(id);
                    self.role(id, &betza)
                }
            };
            // The first piece that moves exactly as one of FSF's built-in pieces is that piece.
            if let Role::Custom(b) = &role {
                let bers = (!game.end.checkmate_needs_check_by.is_empty()).then_some(BuiltIn::Bers);
                let built_in = BuiltIn::ALL
                    .into_iter()
                    .chain(bers)
                    .find(|c| same_moves(c.betza(), b) && !built_in_taken.contains(c));
                if let Some(c) = built_in {
                    built_in_taken.push(c);
                    role = Role::BuiltIn(c);
                }
            }
            let letter = letters[i];
            match &role {
                Role::King => self.set("king", letter),
                Role::RoyalCustom(b) => self.set("king", format!("{letter}:{b}")),
                Role::Pawn => self.set("pawn", letter),
                Role::ShogiPawn => self.set("shogiPawn", letter),
                Role::BuiltIn(c) => self.set(c.option(), letter),
                Role::Custom(b) => {
                    custom += 1;
                    // Said once, with the count, after the loop.
                    if custom == FSF_CUSTOM_PIECES + 1 {
                        self.fatal.push(String::new());
                        over = Some(self.fatal.len() - 1);
                    }
                    let b = b.clone();
                    self.set(&format!("customPiece{custom}"), format!("{letter}:{b}"));
                }
            }
            custom_numbers.push(if matches!(role, Role::Custom(_)) {
                custom
            } else {
                0
            });
            roles.push(role);
        }
        self.confinement(&roles, &custom_numbers);
        self.initial_region();
        self.first_move_rights();
        if let Some(at) = over {
            self.fatal[at] =
                format!("{custom} pieces need FSF custom pieces; FSF has {FSF_CUSTOM_PIECES}");
        }
        roles
    }

    /// The one move set FSF gives a piece: its only one, or, for a piece that moves by zone, the first (noted as
    /// lossy, with every zone's moves).
    fn one_move_set(&mut self, id: PieceId) -> String {
        let game = self.game;
        let sets = move_sets(game, id);
        match sets.as_slice() {
            [] => String::new(),
            [one] if one.zone.is_none() => one.betza.clone(),
            [first, ..] => {
                self.lossy.push(format!(
                    "the {} moves by zone ({}); FSF gives a piece one move set, so it is written with \"{}\" everywhere",
                    game.pieces[id.index()].name,
                    crate::export::zoned_moves_text(game, &sets),
                    first.betza
                ));
                first.betza.clone()
            }
        }
    }

    /// First-move rights: FSF has Cambodian chess's (`cambodianMoves`) and no other; the others are noted as lossy.
    fn first_move_rights(&mut self) {
        let game = self.game;
        if self.cambodian {
            self.set("gating", true);
            self.set("cambodianMoves", true);
            return;
        }
        for p in game.pieces.iter().filter(|p| p.shadow_of.is_none()) {
            if let Some(u) = p.unmoved.as_deref() {
                self.lossy.push(format!(
                    "{}: FSF's first-move rights are Cambodian chess's king and met only (cambodianMoves)",
                    crate::export::rules::unmoved_words(game, &p.name, u)
                ));
            }
        }
    }

    /// What FSF piece a tatsu piece becomes, noting what it cannot say about its moves.
    fn role(&mut self, id: PieceId, betza: &str) -> Role {
        let game = self.game;
        let p = game.piece(id);
        // Cambodian chess's first moves are FSF's own king and met (`cambodian_moves`).
        if self.cambodian && p.unmoved.is_some() {
            return if p.royal {
                Role::King
            } else {
                Role::BuiltIn(BuiltIn::Fers)
            };
        }
        let Ok(parsed) = betza::parse(betza) else {
            self.fatal
                .push(format!("the {}'s moves do not parse", p.name));
            return Role::Custom(betza.to_string());
        };
        // Castling is written with FSF's castling options, not as a move.
        let moves: Vec<&betza::Component> = parsed
            .components
            .iter()
            .filter(|c| !matches!(c.atom, Atom::O(_)))
            .collect();
        let text: String = moves.iter().map(|c| c.to_string()).collect();
        // Any other royal piece is FSF's king with its own moves (`king = k:N`, a custom royal piece).
        let royal = p.royal && !self.pseudo_royals.contains(&id);
        if royal && text == "K" {
            return Role::King;
        }
        // FSF's pawn promotes by default (to its chess pieces, on the last rank): only a promoting piece is it,
        // one promoting on a move of its own too (sittuyin's, FSF's sittuyinPromotion of its pawn).
        let standing = p
            .promotions
            .iter()
            .any(|l| l.trigger == crate::rules::PromotionTrigger::Standing);
        let promotes = !p.royal && (crate::export::written_promotion(p).is_some() || standing);
        if promotes && same_moves(&text, "fmWfcF") {
            self.set("doubleStep", false);
            return Role::Pawn;
        }
        if promotes && same_moves(&text, "fmWfceFifmnD") {
            let squares = [
                initial_squares(game, id, Side::White),
                initial_squares(game, id, Side::Black),
            ];
            self.set("doubleStep", true);
            self.initial_regions.push((p.name.clone(), squares));
            return Role::Pawn;
        }
        // Torpedo chess's pawn: its double step anywhere is FSF's pawn's from every square.
        if promotes && same_moves(&text, "fmWfceFfmnD") {
            let all: crate::rules::SquareSet = game.geometry.all().collect();
            self.set("doubleStep", true);
            self.initial_regions
                .push((p.name.clone(), [all.clone(), all]));
            return Role::Pawn;
        }
        if text == "fW" && p.drop.is_some() && !p.royal {
            return Role::ShogiPawn;
        }
        // `i` moves from `initial in ZONE` squares: FSF's initial moves (its doubleStepRegion), written apart.
        let (initial, kept_initial) = self.initial_moves(id, &moves);
        // `e` components are read without their `e`, and written with it, where FSF's en passant is tatsu's.
        let (stripped, with_e) = super::en_passant::without_en_passant(&parsed);
        let e_said = !with_e.is_empty() && self.en_passant_said(id, &parsed, &with_e);
        let left_out: Vec<&betza::Component> = moves
            .iter()
            .copied()
            .filter(|c| !initial.contains(&c.to_string()))
            .collect();
        self.unsayable_components(&p.name, &left_out, e_said);
        let readable = if e_said { &stripped } else { &parsed };
        let sayable = |i: usize| {
            let c = &parsed.components[i];
            betza::fsf::fsf_says(&readable.components[i]) && !initial.contains(&c.to_string())
        };
        // Written weakest first, since FSF lets a later component replace an earlier one's range; then read
        // back as FSF reads it, so that a string meaning another piece there is never written as this one.
        let betza::fsf::FsfText {
            text: kept,
            there,
            here,
        } = betza::fsf::fsf_text(readable, sayable);
        // FSF needs the `e` only somewhere in the string: each goes back on its own component where its text
        // is found (anywhere else it would mean the same).
        let mut kept = kept;
        if e_said {
            for &i in &with_e {
                let (bare, full) = (
                    stripped.components[i].to_string(),
                    parsed.components[i].to_string(),
                );
                kept = kept.replacen(&bare, &full, 1);
            }
        }
        if there != here {
            self.lossy.push(format!(
                "the {}'s \"{kept}\": FSF's Betza reader makes another piece of it (its reading {})",
                p.name,
                here.difference(&there, 4)
            ));
        }
        if !game.dead_squares_allowed {
            self.immobility(id, &there);
        }
        if game.orientation == Symmetry::Mirror && !crate::export::mirror_symmetric(&parsed) {
            self.lossy.push(format!(
                "the {} is not left-right symmetric, and FSF turns Black's moves 180° where this game mirrors them",
                p.name
            ));
        }
        let kept = kept + &kept_initial;
        if royal {
            Role::RoyalCustom(kept)
        } else {
            Role::Custom(kept)
        }
    }

    /// Names each component FSF's Betza reader cannot take (more legs, modifiers it skips, atoms it lacks); `e` is
    /// taken where `e_said` (en_passant::en_passant_said).
    fn unsayable_components(&mut self, name: &str, components: &[&betza::Component], e_said: bool) {
        for c in components {
            let unsupported: Vec<char> = c
                .legs
                .iter()
                .flat_map(|l| &l.modifiers)
                .map(|&(m, _)| m)
                .filter(|m| !(FSF_MODIFIERS.contains(m) || e_said && *m == Modifier::E))
                .map(Modifier::letter)
                .collect();
            if c.legs.len() > 1 || !unsupported.is_empty() || c.repeat.is_some() {
                let what = if c.legs.len() > 1 {
                    "multi-leg moves (`a`)".to_string()
                } else {
                    let list: Vec<String> = unsupported.iter().map(|m| format!("`{m}`")).collect();
                    format!("the modifier {}", list.join(", "))
                };
                self.lossy.push(format!(
                    "the {}'s \"{c}\": FSF's Betza reader does not take {what}, so it is left out",
                    name
                ));
            }
            if matches!(c.atom, Atom::U | Atom::J | Atom::L) {
                self.lossy.push(format!(
                    "the {}'s \"{c}\": FSF has no `{}` atom",
                    name,
                    c.atom.letter()
                ));
            }
        }
    }

    /// A piece's `i` components where its `i` moves start from fixed squares (`initial in ZONE`, or the squares it
    /// starts on), and what to write for them. FSF's `i` (its piece.cpp) puts a move in a second table, used from
    /// the squares of `doubleStepRegionWhite/Black` (one region for every piece, written by `initial_region`), and
    /// it drops initial captures. So each `i` component is written when it only moves (`m`), reads alike without
    /// its `i` in FSF's reader, and the piece's squares are the region every such piece shares. Returns the
    /// components handled (canonical text: written, or named here as FSF cannot say them) and the FSF text for
    /// those written (`i` before each); the others are left to the caller's refusal of the `i`.
    fn initial_moves(&mut self, id: PieceId, moves: &[&betza::Component]) -> (Vec<String>, String) {
        let game = self.game;
        let p = game.piece(id);
        let initial: Vec<&betza::Component> = moves
            .iter()
            .copied()
            .filter(|c| c.legs.len() == 1 && c.repeat.is_none())
            .filter(|c| c.legs[0].modifiers.iter().any(|(m, _)| *m == Modifier::I))
            .collect();
        if initial.is_empty() {
            return (Vec::new(), String::new());
        }
        let all: Vec<String> = initial.iter().map(|c| c.to_string()).collect();
        let left_out = |w: &mut Self, why: &str| {
            for c in &all {
                w.lossy.push(format!(
                    "the {}'s \"{c}\": {why}, so it is left out",
                    p.name
                ));
            }
            (all.clone(), String::new())
        };
        if p.unmoved.is_some() {
            return left_out(
                self,
                "FSF makes initial moves from the squares of its doubleStepRegion, not while the piece has not moved",
            );
        }
        let stripped: Vec<betza::Component> = initial
            .iter()
            .map(|&c| {
                let mut c = c.clone();
                c.legs[0].modifiers.retain(|(m, _)| *m != Modifier::I);
                c
            })
            .collect();
        let quiet_only = stripped.iter().all(|c| {
            let ms: Vec<Modifier> = c.legs[0].modifiers.iter().map(|&(m, _)| m).collect();
            ms.contains(&Modifier::M) && !ms.contains(&Modifier::C)
        });
        if !quiet_only {
            return left_out(self, "FSF makes no initial captures (`i` with `c`)");
        }
        let text: String = stripped.iter().map(|c| c.to_string()).collect();
        let Ok(parsed) = betza::parse(&text) else {
            return (Vec::new(), String::new());
        };
        let all_sayable = parsed.components.iter().all(betza::fsf::fsf_says);
        let read = betza::fsf::fsf_text(&parsed, |_| true);
        if !all_sayable || read.there != read.here {
            return (Vec::new(), String::new());
        }
        let squares = [
            initial_squares(game, id, Side::White),
            initial_squares(game, id, Side::Black),
        ];
        self.initial_regions.push((p.name.clone(), squares));
        let handled = initial.iter().map(|c| c.to_string()).collect();
        let written = parsed.components.iter().map(|c| format!("i{c}")).collect();
        (handled, written)
    }

    /// FSF's one region for every piece's initial moves (and its pawn's double step): written when every piece
    /// with `i` moves has them from the same squares, else named.
    pub(super) fn initial_region(&mut self) {
        let regions = std::mem::take(&mut self.initial_regions);
        let Some((_, first)) = regions.first() else {
            return;
        };
        if let Some((other, _)) = regions.iter().find(|(_, r)| r != first) {
            self.lossy.push(format!(
                "the {}'s and the {other}'s `i` moves start from different squares; FSF has one \
                 doubleStepRegion for all pieces",
                regions[0].0
            ));
            return;
        }
        let game = self.game;
        let [white, black] = first.clone();
        self.set("doubleStepRegionWhite", region(game, &white));
        self.set("doubleStepRegionBlack", region(game, &black));
    }

    /// FSF's `immobilityIllegal` forbids a move to a square from which the piece has no quiet move on an empty
    /// board; tatsu's dead squares are those with no move at all. They differ for a piece that can capture
    /// where it cannot move quietly.
    fn immobility(&mut self, id: PieceId, fsf: &betza::fsf::FsfMoves) {
        let g = self.game.geometry;
        let p = self.game.piece(id);
        let quiet = fsf.quiet_steps();
        let mut only_fsf = Vec::new();
        for r in 0..g.ranks as i32 {
            for f in 0..g.files as i32 {
                let Some(s) = g.square(f, r) else { continue };
                let stuck = !quiet
                    .iter()
                    .any(|&(dx, dy)| g.square(f + dx, r + dy).is_some());
                if stuck && !p.dead[Side::White.index()].contains(s) {
                    only_fsf.push(g.name(s));
                }
            }
        }
        if !only_fsf.is_empty() {
            let more = only_fsf.len().saturating_sub(6);
            only_fsf.truncate(6);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            self.quiet_differs.push(format!(
                "the {} has no quiet move from {}{more}, where it can still capture; FSF's immobilityIllegal \
                 counts quiet moves only and would keep it off those squares",
                p.name,
                only_fsf.join(", ")
            ));
        }
    }

    /// tatsu never promotes to a piece on a square from which it could never move again; FSF's
    /// immobilityIllegal leaves promotions alone, so there it would.
    pub(super) fn promotion_onto_dead_squares(&mut self, p: &PieceType, promo: &Promotion) {
        let game = self.game;
        let zone = game.zone(promo.zone);
        // A line for one side is checked on that side's squares; the other side's are the same turned round.
        let side = promo.side.unwrap_or(Side::White).index();
        for &choice in &promo.choices {
            let c = game.piece(choice);
            let stuck: Vec<String> = zone.squares[side]
                .iter()
                // A hole in the zone is no square a piece reaches.
                .filter(|&s| c.dead[side].contains(s) && !game.holes.contains(s))
                .map(|s| game.geometry.name(s))
                .collect();
            if !stuck.is_empty() {
                self.lossy.push(format!(
                    "the {} does not promote to the {} on {}, where it could never move again; FSF's \
                     immobilityIllegal leaves promotions alone, so there it would",
                    p.name,
                    c.name,
                    stuck.join(", ")
                ));
            }
        }
    }
}

/// Same move set, written in any order: compares canonical components as sets.
pub(super) fn same_moves(a: &str, b: &str) -> bool {
    let set = |s: &str| -> Option<Vec<String>> {
        let mut v: Vec<String> = betza::parse(s)
            .ok()?
            .components
            .iter()
            .map(|c| c.to_string())
            .collect();
        v.sort();
        Some(v)
    };
    set(a).is_some() && set(a) == set(b)
}

/// Does `game` say Cambodian chess's first moves as FSF's `cambodianMoves` does (its movegen.cpp and position.cpp)?
/// FSF's king (`K`) may leap as `ifsmN` and its met (`F`) step `ifmD` from their gates, the FEN's castling-field
/// files on the first rank; a gate goes when its piece moves or is taken there, and the king's also when an enemy
/// rook moves onto its rank or file (the rook's lines whatever stands between), and the king's leap is not made in
/// check. tatsu says each of these with `initial unmoved` (the king's `not-in-check lost-when-aligned-with R`).
fn cambodian_moves(game: &crate::rules::Game) -> bool {
    let moves_as = |i: usize, betza: &str| match move_sets(game, PieceId(i as u16)).as_slice() {
        [one] => one.zone.is_none() && same_moves(&one.betza, betza),
        _ => false,
    };
    let pieces: Vec<usize> = (0..game.pieces.len())
        .filter(|&i| game.pieces[i].shadow_of.is_none())
        .collect();
    let rook: Vec<PieceId> = pieces
        .iter()
        .filter(|&&i| moves_as(i, "R") && !game.pieces[i].royal)
        .map(|&i| PieceId(i as u16))
        .collect();
    let king_and_met = |i: usize| {
        let p = &game.pieces[i];
        match p.unmoved.as_deref() {
            None => true,
            Some(u) if p.royal => {
                moves_as(i, "KifsmN") && u.not_in_check && u.lost_when_aligned_with == rook
            }
            Some(u) => {
                moves_as(i, "FifmD") && !u.not_in_check && u.lost_when_aligned_with.is_empty()
            }
        }
    };
    let g = game.geometry;
    let on_first_rank = |r: &crate::rules::FirstMoveRight| match r.side {
        Side::White => g.rank(r.square) == 0,
        Side::Black => g.rank(r.square) == g.ranks as i32 - 1,
    };
    let unmoved = pieces
        .iter()
        .filter(|&&i| game.pieces[i].unmoved.is_some())
        .count();
    let other_fers = pieces
        .iter()
        .filter(|&&i| moves_as(i, "F") || moves_as(i, "FifmD"))
        .count();
    unmoved == 2
        && rook.len() == 1
        && other_fers == 1
        && pieces.iter().all(|&i| king_and_met(i))
        && pieces
            .iter()
            .any(|&i| game.pieces[i].royal && game.pieces[i].unmoved.is_some())
        && game.castlings.is_empty()
        && game.gating.is_none()
        && !game.drops
        && game.first_move_rights.iter().all(on_first_rank)
}

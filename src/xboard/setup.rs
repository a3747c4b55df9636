//! What tatsu tells XBoard about a game it defines: the variant's name, the `setup` line (which letter is which of
//! XBoard's piece types, board size, holdings, parent variant, start position) and a `piece` line in XBetza for every
//! piece whose moves do not depend on its zone.
//!
//! XBoard 4.9 has 44 piece types per side: types 0–10 and 22–32 are plain, type `t + 11` is the promoted form of
//! type `t` (it turns back into `t` when captured, written `+X` in FEN), and type 43 is the king. The first
//! `S` types listed go into the holdings. So droppable pieces come first, each promoted form sits 11 types after
//! its base, and the royal piece last.
use crate::engine::Engine;
use crate::rules::{Game, PieceId};

/// XBoard's piece types per side, and the slots tatsu may give to unpromoted pieces.
const TYPES: usize = 44;
const KING: usize = 43;
const PLAIN_SLOTS: [usize; 22] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
];

/// How a game maps onto XBoard, or why it cannot.
pub struct XboardGame {
    /// XBoard's piece type per tatsu piece (`None`: not representable).
    pub slots: Vec<Option<usize>>,
    /// Pieces XBoard cannot show, with the reason.
    pub problems: Vec<String>,
    pub holdings: usize,
}

/// Does the piece have a move that puts its victim down elsewhere (a swap, `u`) on any square, for either side?
fn unloads(game: &Game, piece: &crate::rules::PieceType) -> bool {
    piece.graph.iter().any(|slice| {
        game.rays[slice.range()]
            .iter()
            .any(|ray| ray.flags.has(crate::rules::RayFlags::UNLOAD))
    })
}

/// XBoard's name for its own chess, whose board it sets up itself.
const XBOARDS_CHESS: &str = "normal";

/// The name a game is offered under in `feature variants`: XBoard's `normal` for the game that is XBoard's own
/// chess (`is_xboards_chess`), else the game's name in lower case with `-`.
pub fn xboard_name(game_name: &str) -> String {
    if is_xboards_chess(game_name) {
        XBOARDS_CHESS.into()
    } else {
        game_name.to_lowercase().replace([' ', '_'], "-")
    }
}

/// Whether a game is XBoard's own chess: the bundled game whose `aliases` name XBoard's `normal` (the file says so,
/// not the code). XBoard needs no `setup` for it and starts every new game in it.
pub fn is_xboards_chess(game_name: &str) -> bool {
    bundled_aliases(game_name).contains(&XBOARDS_CHESS)
}

/// The `aliases` of the bundled game a name means (none for a name that is not bundled).
fn bundled_aliases(game_name: &str) -> Vec<&'static str> {
    let Some(game) = crate::variants::bundled_name(game_name) else {
        return Vec::new();
    };
    crate::variants::aliases()
        .into_iter()
        .filter(|&(_, of)| of == game)
        .map(|(alias, _)| alias)
        .collect()
}

/// XBoard's own variant names (`VARIANT_NAMES` in xboard's common.h, 4.9). XBoard started with `-variant chu`
/// looks for that very name in an engine's `feature variants` and refuses an engine that does not list it.
const XBOARD_VARIANTS: [&str; 46] = [
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "wild29",
    "wild30",
    "wild31",
    "wild32",
    "wild33",
    "wild34",
    "wild35",
    "wild36",
    "shogi",
    "chu",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "lion",
    "elven",
    "janggi",
];

/// The names `feature variants` lists for an offer: its own, then XBoard's own name for the same game where one
/// of the bundled game's `aliases` is one (Chu Shogi is also `chu`), so that `xboard -variant chu` finds it. A
/// `variant` command with either name chooses the game.
pub fn announced_names(offer_name: &str) -> Vec<String> {
    let mut names = vec![offer_name.to_string()];
    for alias in bundled_aliases(offer_name) {
        if alias != offer_name && XBOARD_VARIANTS.contains(&alias) {
            names.push(alias.to_string());
        }
    }
    names
}

/// XBoard's own letters for its piece types, which choose the picture it draws: a piece whose letter is one of
/// these gets that type where the rules allow, so that a Queen looks like a queen. Drop games use XBoard's shogi
/// pictures.
const PICTURES: &str = "PNBRQFEACWMOHIJGDVLSU";
const SHOGI_PICTURES: &str = "PNBRLS...G";

/// Assigns XBoard piece types to the game's pieces.
pub fn map_game(engine: &Engine) -> XboardGame {
    let game = &engine.game;
    let mut slots: Vec<Option<usize>> = vec![None; game.pieces.len()];
    let mut taken = [false; TYPES];
    let mut problems = Vec::new();
    let pictures = pictures_of(game);
    let plain = order_plain(game, pictures);
    let promoted_form = |p: usize| {
        let symbol = format!("+{}", game.pieces[p].symbol);
        game.piece_by_symbol(&symbol).is_some()
    };
    for &p in &plain {
        let piece = &game.pieces[p];
        if piece.royal && !taken[KING] {
            slots[p] = Some(KING);
            taken[KING] = true;
            continue;
        }
        let needs_pair = promoted_form(p);
        let fits = |slot: usize, taken: &[bool; TYPES]| {
            !taken[slot] && (!needs_pair || (PLAIN_SLOTS.contains(&slot) && !taken[slot + 11]))
        };
        // In drop games the holdings are the first types: droppable pieces take types 0-10, the others 22 on.
        let droppable = game.drops && piece.drop.is_some();
        let allowed = |slot: usize| !game.drops || (slot <= 10) == droppable;
        let letter = piece.symbol.chars().next().unwrap_or('.');
        let pictured = pictures
            .find(letter)
            .filter(|&slot| allowed(slot) && fits(slot, &taken));
        let slot = pictured.or_else(|| {
            PLAIN_SLOTS
                .iter()
                .copied()
                .find(|&s| allowed(s) && fits(s, &taken))
        });
        match slot {
            Some(slot) => {
                slots[p] = Some(slot);
                taken[slot] = true;
                if needs_pair {
                    taken[slot + 11] = true;
                }
            }
            None => problems.push(format!(
                "{} ({}): XBoard has no piece type left for it",
                piece.name, piece.symbol
            )),
        }
    }
    for (p, piece) in game.pieces.iter().enumerate() {
        let Some(base_symbol) = piece.symbol.strip_prefix('+') else {
            continue;
        };
        let base = game.piece_by_symbol(base_symbol);
        match base.and_then(|b| slots[b.index()]) {
            Some(slot) if slot != KING && slot + 11 < KING => slots[p] = Some(slot + 11),
            _ => problems.push(format!(
                "{} ({}): XBoard writes a promoted piece as + and its base's letter, and `{}` has no type",
                piece.name, piece.symbol, base_symbol
            )),
        }
    }
    let droppable = plain
        .iter()
        .filter(|&&p| game.drops && game.pieces[p].drop.is_some())
        .count();
    if droppable > 11 {
        problems.push(format!(
            "the holdings correctly: {droppable} piece types may be dropped, XBoard keeps 11 in order"
        ));
    }
    // XBoard 4.9 reads no `u` and applies a move to a square as a capture there (a move in legs removes the piece
    // on its turning square too): tried under Xvfb, a swap `c4c4,c4d4` left neither the swapper nor its victim.
    for piece in game.pieces.iter().filter(|p| unloads(game, p)) {
        problems.push(format!(
            "the swaps of {} ({}): XBoard has no unloading (`u`); it shows a swap as a capture (or, written in legs, loses both pieces), so its board is wrong after one",
            piece.name, piece.symbol
        ));
    }
    if game.gating.is_some() && game.drops_moves() {
        problems.push(
            "gating beside drops: its only gating variant, Seirawan chess, has no drops, so gating moves are not accepted"
                .into(),
        );
    }
    XboardGame {
        slots,
        problems,
        holdings: droppable,
    }
}

/// The pictures of the parent variant: chess's for Seirawan chess and games without drops, shogi's for drop games.
fn pictures_of(game: &Game) -> &'static str {
    if game.drops_moves() {
        SHOGI_PICTURES
    } else {
        PICTURES
    }
}

/// The unpromoted pieces in the order they get XBoard types: droppable ones first (the holdings are the first
/// types), royal last, and within each group in the order of their pictures, those without one last, so that a
/// piece does not take another's type (a queen of crazyhouse took the pawn's, and XBoard promoted it on the last
/// rank).
fn order_plain(game: &Game, pictures: &str) -> Vec<usize> {
    let mut plain: Vec<usize> = (0..game.pieces.len())
        .filter(|&p| !game.pieces[p].symbol.starts_with('+'))
        .collect();
    plain.sort_by_key(|&p| {
        let piece = &game.pieces[p];
        let letter = piece.symbol.chars().next().unwrap_or('.');
        let picture = pictures.find(letter).unwrap_or(usize::MAX);
        (piece.royal, piece.drop.is_none(), picture)
    });
    plain
}

impl XboardGame {
    /// The PIECETOCHAR string: 44 letters for White, then 44 for Black; `.` for unused types, `+` for promoted forms.
    pub fn piece_to_char(&self, game: &Game) -> String {
        let mut white = vec!['.'; TYPES];
        for (p, slot) in self.slots.iter().enumerate() {
            if let Some(slot) = *slot {
                let symbol = &game.pieces[p].symbol;
                white[slot] = if symbol.starts_with('+') {
                    '+'
                } else {
                    symbol.chars().next().unwrap_or('.')
                };
            }
        }
        let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
        white.into_iter().collect::<String>() + &black
    }

    /// The names of the start position's pieces that have no XBoard type. XBoard cannot read a setup whose FEN
    /// holds them: it sets up an empty board and forfeits the first move as illegal. The session then tells the
    /// user why (the game is still played over the protocol, by `tatsu match`, which draws nothing).
    pub fn missing_from_start(&self, pos: &crate::engine::Position) -> Vec<String> {
        let game = pos.game();
        let mut missing: Vec<String> = Vec::new();
        for sq in game.geometry.all() {
            if let Some((p, _)) = pos.piece_at(sq) {
                let name = &game.piece(p).name;
                if self.slots[p.index()].is_none() && !missing.contains(name) {
                    missing.push(name.clone());
                }
            }
        }
        missing
    }

    /// The `setup` line.
    pub fn setup_line(&self, game: &Game) -> String {
        // Seirawan chess is XBoard's one variant with gating (`b1c3h`, gates read from the castling field); it has
        // no drops, so a game with both is set up for its drops (`map_game` says gating cannot be shown).
        let parent = if game.gating_only() {
            "seirawan"
        } else if game.drops {
            "shogi"
        } else {
            "fairy"
        };
        let fen = xboard_fen(&game.start_fen);
        format!(
            "setup ({}) {}x{}+{}_{} {}",
            self.piece_to_char(game),
            game.geometry.files,
            game.geometry.ranks,
            self.holdings,
            parent,
            fen
        )
    }

    /// A `piece` line per piece whose moves are one XBetza string everywhere (XBoard has no zones).
    pub fn piece_lines(&self, game: &Game) -> Vec<String> {
        let mut lines = Vec::new();
        for (p, piece) in game.pieces.iter().enumerate() {
            if self.slots[p].is_none() {
                continue;
            }
            let mut sets: Vec<&str> = game
                .move_sets
                .iter()
                .filter(|s| s.piece == PieceId(p as u16))
                .map(|s| s.betza.as_str())
                .collect();
            sets.sort();
            sets.dedup();
            let letter = piece.symbol.trim_start_matches('+');
            let id = if piece.symbol.starts_with('+') {
                format!("+{letter}&")
            } else {
                format!("{letter}&")
            };
            match sets.as_slice() {
                [] => {}
                [one] => lines.push(format!("piece {id} {one}")),
                // XBoard has no zones. With its legality testing on, XBoard forfeits an engine's move that its
                // piece's moves do not allow, so it is given every zone's moves (XBetza strings side by side are
                // the union of their moves): nothing legal is refused, and tatsu answers `Illegal move` to a user
                // move the zone does not allow. With legality testing off, the highlights give the exact moves.
                several => {
                    lines.push(format!(
                        "# piece {id}: its moves depend on the zone it stands in; XBoard is given all of them, \
                         tatsu refuses what a zone does not allow"
                    ));
                    lines.push(format!("piece {id} {}", several.concat()));
                }
            }
        }
        lines
    }
}

/// tatsu's FEN as XBoard reads it: empty holdings are written `[]`.
pub fn xboard_fen(fen: &str) -> String {
    fen.replacen("[-]", "[]", 1)
}

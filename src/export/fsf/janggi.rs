//! Janggi's rules as FSF says them (its variant.cpp `janggi_variant`, position.h `attacks_from`/`moves_from`,
//! position.cpp): the palace's diagonal lines (`diagonalLines`), along which FSF's wazir, its king of the wazir's
//! type, its soldier, rook and janggi cannon also move; janggi's own pieces (`janggiCannon`, `janggiElephant`,
//! `horse`, `wazir`); the pass (`pass`, two of which in a row end the game), bikjang (`bikjangRule`) and the
//! material count (`materialCounting = janggi`).
//!
//! Only a section that inherits FSF's `janggi` (`[NAME:janggi]`) has a king of the wazir's type, the one king the
//! diagonal lines move (an ini's `king = k:W` is a custom royal piece, which they leave alone). So a game with
//! palace lines is written so, and every option janggi sets that this exporter does not write anyway is written
//! again (`palace_options`): the export never rests on the template for a rule.
use super::{region, BuiltIn, Role, Writer};
use crate::inspect::move_sets;
use crate::rules::{PieceId, Side, StalemateResult, Verdict, ZoneId};

/// FSF's built-in variant a palace game's section inherits.
pub(super) const TEMPLATE: &str = "janggi";

/// What FSF's diagonal lines add, per piece type it moves along them (position.h): from a square of the lines, the
/// diagonal form of its orthogonal moves, ending on the lines (the cannon's hop over no cannon, onto no cannon).
const DIAGONALS: [(&str, &str); 4] = [("W", "F"), ("fsW", "fF"), ("R", "B"), ("pR", "pB")];

/// FSF's janggi pieces the template declares, declared away before the game's own pieces.
const TEMPLATE_PIECES: [&str; 8] = [
    "horse",
    "soldier",
    "wazir",
    "janggiCannon",
    "janggiElephant",
    "cannon",
    "elephant",
    "fers",
];

/// A game whose pieces move along palace lines as FSF's janggi pieces do.
pub(super) struct Palace {
    /// The zone of the lines' points (`in Z "F" within Z`).
    pub lines: ZoneId,
    /// Per piece: the FSF janggi piece it is (`None`: written as in any other game).
    pub roles: Vec<Option<Role>>,
}

impl Writer<'_> {
    /// The game's palace lines as FSF's janggi, or `None` (each `within` move set, if any, named with why not).
    pub(super) fn palace(&mut self) -> Option<Palace> {
        let game = self.game;
        let within: Vec<&crate::rules::MoveSet> = game
            .move_sets
            .iter()
            .filter(|s| s.within.is_some())
            .collect();
        let first = within.first()?;
        match self.palace_roles(first.within?) {
            Ok(palace) => Some(palace),
            Err(why) => {
                for set in within {
                    self.lossy.push(format!(
                        "the {}'s `moves … \"{}\" within {}`: {why}",
                        game.piece(set.piece).name,
                        set.betza,
                        set.within.map_or("", |z| game.zone(z).name.as_str())
                    ));
                }
                None
            }
        }
    }

    /// Each piece's FSF janggi role where `lines` are janggi's palace lines, or why they are not.
    fn palace_roles(&self, lines: ZoneId) -> Result<Palace, String> {
        let game = self.game;
        let zone = game.zone(lines);
        if zone.squares[0] != zone.squares[1] {
            return Err(format!(
                "FSF's diagonalLines are the same squares for both sides, and {} is not",
                zone.name
            ));
        }
        if !self.pseudo_royals.is_empty() {
            return Err("FSF's palace lines need its one king type".into());
        }
        let mut roles: Vec<Option<Role>> = vec![None; game.pieces.len()];
        let mut taken: Vec<&str> = Vec::new();
        for (i, p) in game.pieces.iter().enumerate() {
            if p.shadow_of.is_some() {
                continue;
            }
            let id = PieceId(i as u16);
            let sets = move_sets(game, id);
            let plain = sets
                .iter()
                .find(|s| s.zone.is_none())
                .map_or("", |s| s.betza.as_str());
            let role = match sets.as_slice() {
                [diagonal, rest] if diagonal.within.is_some() => {
                    if diagonal.within != Some(lines)
                        || diagonal.zone != Some(lines)
                        || !diagonal.adds
                        || rest.zone.is_some()
                    {
                        return Err(format!(
                            "FSF's palace lines are one zone, the moves along them starting and ending there; the {}'s are not",
                            p.name
                        ));
                    }
                    self.diagonal_role(id, plain, &diagonal.betza)?
                }
                _ if sets.iter().any(|s| s.within.is_some() || s.zone.is_some()) => continue,
                [_] if super::pieces::same_moves(plain, "nN") => Role::BuiltIn(BuiltIn::Horse),
                [_] if super::pieces::same_moves(plain, "mafsmafW") => {
                    Role::BuiltIn(BuiltIn::JanggiElephant)
                }
                _ => continue,
            };
            let key = match &role {
                Role::BuiltIn(b) => b.option(),
                _ => "king",
            };
            if taken.contains(&key) || p.royal && !matches!(role, Role::King) {
                return Err(format!(
                    "FSF's janggi has one {key} type, and this game has two (or a royal one)"
                ));
            }
            taken.push(key);
            roles[i] = Some(role);
        }
        Ok(Palace { lines, roles })
    }

    /// The FSF janggi piece that moves as `plain` and along the lines as `diagonal`.
    fn diagonal_role(&self, id: PieceId, plain: &str, diagonal: &str) -> Result<Role, String> {
        let game = self.game;
        let p = game.piece(id);
        let Some((orthogonal, _)) = DIAGONALS.iter().find(|(o, d)| {
            super::pieces::same_moves(plain, o) && super::pieces::same_moves(diagonal, d)
        }) else {
            return Err(format!(
                "FSF's palace lines move only its wazir and wazir-king (\"W\" with \"F\"), soldier (\"fsW\" with \
                 \"fF\"), rook (\"R\" with \"B\") and janggi cannon (\"pR\" with \"pB\"); the {} moves \"{plain}\" \
                 with \"{diagonal}\"",
                p.name
            ));
        };
        let own = [id];
        Ok(match *orthogonal {
            "W" if p.royal => {
                if self.letter_of(id) != 'k' {
                    return Err(format!(
                        "FSF's janggi king is `k` (an ini's `king = {}` would make it a king of the chess king's type, \
                         which the palace lines leave alone)",
                        self.letter_of(id)
                    ));
                }
                Role::King
            }
            "W" => Role::BuiltIn(BuiltIn::Wazir),
            "fsW" => Role::BuiltIn(BuiltIn::Soldier),
            "R" => Role::BuiltIn(BuiltIn::Rook),
            _ if p.may_not_capture == own && p.may_not_hop_over == own => {
                Role::BuiltIn(BuiltIn::JanggiCannon)
            }
            _ => {
                return Err(format!(
                    "FSF's janggi cannon never hops over nor takes a cannon; the {} has `may-not-capture {}` and \
                     `may-not-hop-over {}`, not its own type in both",
                    p.name,
                    game.symbols_text(&p.may_not_capture),
                    game.symbols_text(&p.may_not_hop_over)
                ))
            }
        })
    }

    fn letter_of(&self, id: PieceId) -> char {
        self.game
            .piece(id)
            .symbol
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_lowercase()
    }

    /// Before the pieces of a palace game: the template's own pieces declared away.
    pub(super) fn palace_pieces_away(&mut self) {
        if self.palace.is_some() {
            for name in TEMPLATE_PIECES {
                self.set(name, "-");
            }
        }
    }

    /// The options of janggi's rules; in a palace game (inheriting FSF's janggi) each written either way.
    pub(super) fn palace_options(&mut self, roles: &[Role]) {
        let game = self.game;
        let template = self.palace.is_some();
        if let Some(palace) = &self.palace {
            let lines = region(game, &game.zone(palace.lines).squares[0]);
            self.set("diagonalLines", lines);
            if !game.legality.facing_royals_illegal {
                self.set("flyingGeneral", false);
            }
            // The template confines its king, wazir and fers to the palaces: the unconfined are set free.
            let all: crate::rules::SquareSet = game.geometry.all().collect();
            let all = region(game, &all);
            for (name, role) in [
                ("King", Role::King),
                ("Wazir", Role::BuiltIn(BuiltIn::Wazir)),
                ("Fers", Role::BuiltIn(BuiltIn::Fers)),
            ] {
                let confined = (0..game.pieces.len())
                    .any(|i| game.pieces[i].confined.is_some() && same_role(&roles[i], &role));
                if !confined {
                    for colour in ["White", "Black"] {
                        self.set(&format!("mobilityRegion{colour}{name}"), &all);
                    }
                }
            }
        }
        self.pass(template);
        self.bikjang(roles, template);
        self.janggi_material(roles, template);
        self.hops(roles);
    }

    /// `pass allowed` with `double-pass draws` is FSF's pass (position.cpp: two passes in a row end the game).
    fn pass(&mut self, template: bool) {
        let game = self.game;
        if !game.pass_allowed {
            if template {
                self.set("pass", false);
            }
            return;
        }
        if game.end.double_pass_draws {
            self.set("pass", true);
        } else {
            self.lossy.push(
                "`pass allowed` without `double-pass draws`: FSF's pass ends the game after two in a row".into(),
            );
        }
    }

    /// `facing-royals must-break` is FSF's bikjangRule (position.cpp: kings facing on a line of the rook's, the
    /// side to move must break it or pass, and that pass ends the game), about its one king: where the two kings
    /// can never stand on one rank, the rook's lines are the file tatsu's rule is about.
    fn bikjang(&mut self, roles: &[Role], template: bool) {
        let game = self.game;
        if !game.end.facing_royals_must_break {
            if template {
                self.set("bikjangRule", false);
            }
            return;
        }
        let royal = self.royal_types();
        let apart = royal.iter().all(|&p| {
            game.piece(p).confined.is_some_and(|z| {
                let g = game.geometry;
                let ranks = |side: usize| -> Vec<i32> {
                    game.zone(z).squares[side]
                        .iter()
                        .map(|s| g.rank(s))
                        .collect()
                };
                let black = ranks(1);
                ranks(0).iter().all(|r| !black.contains(r))
            })
        });
        if self.one_fsf_king(roles) && apart {
            self.set("bikjangRule", true);
        } else {
            self.lossy.push(
                "`facing-royals must-break`: FSF's bikjangRule is about its one king type, facing on a file or a rank, \
                 and here the royal pieces are several types or may share a rank"
                    .into(),
            );
        }
    }

    /// `material-count` as FSF's `materialCounting = janggi` (position.h: chariot 13, cannon 7, horse 5, elephant
    /// and guard 3, soldier 2 of FSF's janggi types, and a point less for White, whom a tie loses). FSF decides its
    /// stalemate's draws so too, tatsu not: only a game whose stalemate is no draw says the same.
    fn janggi_material(&mut self, roles: &[Role], template: bool) {
        let game = self.game;
        let Some(m) = &game.end.material_count else {
            if template && game.end.draws_win.is_none() {
                self.set("materialCounting", "none");
            }
            return;
        };
        let rule = super::super::rules::material_count_words(game, m);
        let weight = |role: &Role| match role {
            Role::BuiltIn(BuiltIn::Rook) => 130,
            Role::BuiltIn(BuiltIn::JanggiCannon) => 70,
            Role::BuiltIn(BuiltIn::Horse) => 50,
            Role::BuiltIn(BuiltIn::JanggiElephant | BuiltIn::Wazir) => 30,
            Role::BuiltIn(BuiltIn::Soldier) => 20,
            _ => 0,
        };
        let weights = (0..game.pieces.len())
            .all(|i| m.tenths[i] == weight(&roles[i]) || game.pieces[i].shadow_of.is_some());
        // Whole points apart, White wins by 2 or more; a Black bonus of more than 1 and less than 2 says so.
        let bonus = m.bonus_tenths[Side::White.index()] == 0
            && (11..20).contains(&m.bonus_tenths[Side::Black.index()]);
        let why = if !weights {
            Some("FSF's janggi count values its chariot (rook) 13, janggi cannon 7, horse 5, janggi elephant and guard (wazir) 3, soldier 2, nothing else")
        } else if !bonus {
            Some("FSF's janggi count gives Black a bonus between 1 and 2 points (White wins by 2 or more), none to White")
        } else if game.end.stalemate == StalemateResult::Draw {
            Some("FSF's materialCounting also decides a stalemate's draw, which tatsu's count leaves a draw")
        } else if game.end.draws_win.is_some()
            || game.end.counting.is_some()
            || game
                .end
                .extinction
                .iter()
                .any(|e| e.verdict == Verdict::Draw)
        {
            Some("FSF has one materialCounting, and this game's other draws are scored otherwise")
        } else {
            None
        };
        match why {
            None => self.set("materialCounting", "janggi"),
            Some(why) => self.lossy.push(format!("{rule}: {why}")),
        }
    }

    /// `may-not-hop-over` is said only by FSF's janggi cannon.
    fn hops(&mut self, roles: &[Role]) {
        let game = self.game;
        for (i, p) in game.pieces.iter().enumerate() {
            if p.may_not_hop_over.is_empty() || p.shadow_of.is_some() {
                continue;
            }
            if !matches!(roles[i], Role::BuiltIn(BuiltIn::JanggiCannon)) {
                self.lossy.push(format!(
                    "the {}'s `may-not-hop-over {}`: FSF's only such rule is its janggi cannon's, which hops along \
                     janggi's palace lines too",
                    p.name,
                    game.symbols_text(&p.may_not_hop_over)
                ));
            }
        }
    }
}

fn same_role(a: &Role, b: &Role) -> bool {
    match (a, b) {
        (Role::King, Role::King) => true,
        (Role::BuiltIn(x), Role::BuiltIn(y)) => x == y,
        _ => false,
    }
}

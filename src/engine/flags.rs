//! The summary flags the executor reads per node: each one a yes/no the rules answer once, derived here and nowhere
//! else, so that a rule's switch has one place.
use super::rules::bystander;
use crate::rules::{Game, PromotionTrigger, RayFlags, RayKind, Side, StepRule, WallPlacement};

/// What the compiled rules switch on or off in the executor, derived once by [`RuleFlags::of`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RuleFlags {
    /// Some piece hops, or turns on an occupied square: then any piece that moves or arrives may open or close a
    /// line, and the legality shortcuts that rely on pins are off.
    pub pins_unreliable: bool,
    /// Some piece induces (`x` before an `a`): its moves are generated as moves of the friendly piece it
    /// turns on, so identical moves may come from different pieces (the whole list is deduplicated), and legality
    /// uses the full test.
    pub has_induction: bool,
    /// Some piece borrows ([`super::tables::PieceTraits::BORROWS`]).
    pub has_borrowers: bool,
    /// The reverse tables list every piece type that can attack a square: at most 64 piece types (a bit set) and
    /// no borrowers (whose attacks depend on their neighbours). Otherwise `attacker_types` says `None` and every
    /// type is tried, then the borrowers.
    pub attackers_by_table: bool,
    /// The game has rules that decide a position by what stands on it ([`crate::rules::EndRules::decides_positions`]).
    pub decides_positions: bool,
    /// Game-wide rules the checks-and-pins shortcut does not know (moves may not give check, a royal piece frozen
    /// in check, explosions, facing royals): legality uses the full test. One flag, so that other games pay one
    /// load per node for all of them.
    pub full_legality: bool,
    /// Legality judges bystander moves without make/unmake (`bystander::applies`).
    pub bystanders: bool,
    /// Rules that judge the legal move list as a whole (compulsory capture, compulsory drops, gating): leaves are
    /// counted through the list.
    pub judges_whole_list: bool,
    /// Some castling right is gained by drops (`castles with … after drop on …`).
    pub castling_by_drop: bool,
    /// Some piece promotes as a move of its own (`promote … on standing`): generation adds those moves, and
    /// legality judges their conditions.
    pub promotes_standing: bool,
    /// `drops reserve` with `gating`: a side's gating rights lapse once its hand is empty, as hands never refill
    /// (Fairy-Stockfish stops writing them then).
    pub gates_lapse: bool,
    /// Some piece's slides pass over pieces of lower rank (`jumps-lower`): generation and attack detection go on
    /// where such a slide meets a piece (`engine/rules/range_capture.rs`), and since any piece moving may open
    /// or close its line, the legality shortcut that relies on pins is off.
    pub range_jumps: bool,
    /// Some piece burns (`burns`): a board move ends with the burning of `engine/rules/burn.rs`.
    pub burning: bool,
    /// Some piece captures unprotected pieces only (`captures-unprotected-only`): its captures are judged in full,
    /// and check detection asks whether such an attacker could take the royal piece
    /// (`engine/rules/unprotected.rs`).
    pub unprotected_only: bool,
    /// What every move leaves (`walls`); `None` in games whose moves leave no wall.
    pub wall_placement: Option<WallPlacement>,
}

impl RuleFlags {
    /// Every flag of `game`, each derived from the rules that set it.
    pub(crate) fn of(game: &Game) -> RuleFlags {
        let rays = RayFacts::of(game);
        let full_legality = game.legality.giving_check_illegal
            || game.legality.royal_frozen_in_check
            || game.explosions.is_some()
            || game.walls.is_some()
            || game.legality.facing_royals_illegal
            || game.end.facing_royals_must_break
            || game.pass_allowed
            || game.protected_capture.is_some()
            || game.counter_strike.is_some()
            || game
                .pieces
                .iter()
                .any(|p| !p.may_not_capture.is_empty() || p.captures_unprotected_only);
        let promotes_standing = game
            .pieces
            .iter()
            .flat_map(|p| &p.promotions)
            .any(|l| l.trigger == PromotionTrigger::Standing);
        let range_jumps = game
            .pieces
            .iter()
            .any(|p| p.jumps_lower.is_some() || p.jumps_over.is_some());
        let pins_unreliable = rays.pins_unreliable || range_jumps;
        RuleFlags {
            pins_unreliable,
            has_induction: rays.has_induction,
            has_borrowers: rays.has_borrowers,
            attackers_by_table: game.pieces.len() <= 64 && !rays.has_borrowers,
            decides_positions: game.end.decides_positions(),
            full_legality,
            bystanders: bystander::applies(
                game,
                pins_unreliable || full_legality,
                rays.has_induction || rays.has_borrowers,
                promotes_standing,
            ),
            // Gating adds its moves to the legal list (a gate never makes a move legal or illegal), so leaves are
            // counted through the list too.
            judges_whole_list: game.forced_capture.is_some()
                || game.must_drop
                || game.gating.is_some(),
            castling_by_drop: game.castling_rights.iter().any(|r| r.by_drop),
            promotes_standing,
            gates_lapse: game.gates_lapse(),
            wall_placement: game.walls.as_ref().and_then(|w| w.placement),
            range_jumps,
            burning: game.pieces.iter().any(|p| p.burns.is_some()),
            unprotected_only: game.pieces.iter().any(|p| p.captures_unprotected_only),
        }
    }

    /// Moves by induction or borrowing exist, so legality cannot use the checks-and-pins shortcut.
    #[inline]
    pub(crate) fn has_relays(&self) -> bool {
        self.has_induction || self.has_borrowers
    }
}

/// What the pieces' rays say of the game as a whole.
struct RayFacts {
    pins_unreliable: bool,
    has_induction: bool,
    has_borrowers: bool,
}

impl RayFacts {
    fn of(game: &Game) -> RayFacts {
        let squares = game.geometry.squares();
        let mut facts = RayFacts {
            pins_unreliable: false,
            has_induction: false,
            has_borrowers: false,
        };
        // Every ray's rules are part of the stored ones: a game none of whose stored rules induces (nearly every
        // game) need not look through each ray's, and a fact once found is not looked for again. (Looking through
        // every ray's rules was a fifth of `Engine::new` on Taikyoku: its hook movers' chains from every square.)
        let may_induce = game.ray_rules.iter().any(|r| r.contains(StepRule::INDUCE));
        for piece in &game.pieces {
            for side in Side::BOTH {
                for from in game.geometry.all() {
                    for ray_index in piece.rays(side, squares, from).range() {
                        let ray = &game.rays[ray_index];
                        let rules = game.ray_rules(ray);
                        facts.has_induction = facts.has_induction
                            || may_induce && rules.iter().any(|r| r.contains(StepRule::INDUCE));
                        facts.has_borrowers |= ray.flags.has(RayFlags::BORROW);
                        // A chain that needs a piece on a turning square, or comes back over its own origin, can
                        // be opened by a piece arriving: like a hopper, it defeats the pin shortcut.
                        facts.pins_unreliable = facts.pins_unreliable
                            || matches!(ray.kind, RayKind::Hop | RayKind::Grasshop)
                            || ray.kind == RayKind::Chain
                                && (rules.iter().any(|r| r.reads_occupant())
                                    || game.ray_squares(ray).contains(&from));
                    }
                }
            }
        }
        facts
    }
}

#[cfg(test)]
mod tests {
    use super::RuleFlags;
    use crate::rules::WallPlacement;

    fn flags(variant: &str) -> RuleFlags {
        let path = if variant == "chess" {
            variant.to_string()
        } else {
            format!(
                "{}/tests/data/variants/{variant}.tatsu",
                env!("CARGO_MANIFEST_DIR")
            )
        };
        let compiled = crate::variants::load(&path).expect("variant loads");
        RuleFlags::of(&compiled.game)
    }

    /// Orthodox chess has none of the rules the flags stand for: every node takes the fast paths, and the reverse
    /// tables list every attacker.
    #[test]
    fn orthodox_chess_switches_no_rule_on() {
        let expected = RuleFlags {
            attackers_by_table: true,
            ..RuleFlags::default()
        };
        assert_eq!(flags("chess"), expected);
    }

    /// A hopper (xiangqi's cannon) makes pins unreliable: legality leaves the checks-and-pins shortcut, but judges
    /// the moves that touch no square the verdict reads as bystanders.
    #[test]
    fn a_hopper_makes_pins_unreliable() {
        let f = flags("xiangqi");
        assert!(f.pins_unreliable && f.bystanders, "{f:?}");
    }

    /// A range capturer (`jumps-lower`) makes pins unreliable: a lower piece between it and a royal piece pins
    /// nothing and blocks no check. Games without one never look for jumps.
    #[test]
    fn a_range_capturer_makes_pins_unreliable() {
        let f = flags("range-capture");
        assert!(f.range_jumps && f.pins_unreliable, "{f:?}");
        assert!(!flags("xiangqi").range_jumps);
    }

    /// `walls duck`: every move leaves the duck, and legality takes the full test.
    #[test]
    fn the_duck_is_placed_by_every_move() {
        let f = flags("duck");
        assert_eq!(f.wall_placement, Some(WallPlacement::Duck));
        assert!(f.full_legality, "{f:?}");
    }

    /// `check limit` (three-check) decides positions by the checks given.
    #[test]
    fn a_check_limit_decides_positions() {
        assert!(flags("threecheck").decides_positions);
    }

    /// `gating` (Seirawan chess) adds its moves to the legal list, which is then counted as a whole.
    #[test]
    fn gating_judges_the_whole_list() {
        assert!(flags("seirawan").judges_whole_list);
    }
}

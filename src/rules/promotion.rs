//! Promotion: when a move turns the piece into another type, and which types it may choose.

use super::{Game, PieceId, Side, Square, SquareSet, ZoneId};

/// When a move promotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionTrigger {
    /// The destination is in the zone.
    Destination,
    /// The start or the destination is in the zone (EuroShogi).
    StartOrDestination,
    /// The destination is in the zone and the start is not (Chu Shogi's entry into the zone).
    Entering,
    /// The destination is in the zone and the move captures an enemy piece (micro shogi's promotion and demotion
    /// on capture; Chu Shogi's capture inside the zone).
    Capture,
    /// The move captures an enemy piece and starts or ends in the zone (Chu Shogi's capture inside or out of the
    /// zone).
    CaptureTouching,
    /// A piece standing in the zone promotes as a move of its own (sittuyin): in place (`from == to`), or by a
    /// move of the promoted type that captures nothing, to an empty square. No ordinary move fires it: these
    /// moves are generated apart ([`crate::engine`]'s standing promotions), under [`StandingRules`].
    Standing,
}

/// The conditions of an `on standing` line besides its zone and material limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StandingRules {
    /// `anywhere-if-last`: the side's only piece of the promoting type on the board promotes on any square.
    pub anywhere_if_last: bool,
    /// `not-attacking`: once the move is made, the promoted piece may attack no enemy piece.
    pub not_attacking: bool,
    /// `not-checking`: the move may not give check (discovered checks included).
    pub not_checking: bool,
}

/// One `promote` line of a piece. A piece may have several (different zones, triggers, choices, sides); a move
/// may make any choice of every line that fires for it, and must promote if one of those lines is mandatory.
#[derive(Clone, Debug)]
pub struct Promotion {
    pub zone: ZoneId,
    pub trigger: PromotionTrigger,
    /// Must promote whenever the trigger fires. An optional promotion is still forced where the unpromoted
    /// piece could never move again (see [`super::PieceType::dead`]).
    pub mandatory: bool,
    /// The types it may become; one for shogi-style promotion, several for a chess-style choice.
    pub choices: Vec<PieceId>,
    /// The one side this line is for (per-side choice lists); `None`: both.
    pub side: Option<Side>,
    /// Promotion limited by material (`limited`): per side, parallel to `choices`, the number of pieces of that
    /// type the side had in the start position (`limited to N`: N). A choice is open only while the side has
    /// fewer on the board. `None`: every choice is always open.
    pub limits: Option<[Vec<u16>; 2]>,
    /// `limited to N`: the N the file gives (the rule book and the exporters say it; `limits` holds it per choice).
    pub limited_to: Option<u16>,
    /// The conditions of an `on standing` line (all false for the other triggers).
    pub standing: StandingRules,
}

impl Promotion {
    /// Is this line one of `side`'s, and does a move from `from` to `to` (capturing an enemy piece or not) set
    /// it off?
    #[inline]
    pub fn fires(&self, game: &Game, side: Side, from: Square, to: Square, captures: bool) -> bool {
        if self.side.is_some_and(|s| s != side) {
            return false;
        }
        let zone = game.zone(self.zone);
        let arrives = zone.contains(side, to);
        match self.trigger {
            PromotionTrigger::Destination => arrives,
            PromotionTrigger::StartOrDestination => arrives || zone.contains(side, from),
            PromotionTrigger::Entering => arrives && !zone.contains(side, from),
            PromotionTrigger::Capture => arrives && captures,
            PromotionTrigger::CaptureTouching => captures && (arrives || zone.contains(side, from)),
            // Its moves are not the piece's own moves.
            PromotionTrigger::Standing => false,
        }
    }

    /// Is the `i`-th choice open to `side`, which has `on_board` pieces of that type on the board?
    #[inline]
    pub fn open(&self, side: Side, i: usize, on_board: u16) -> bool {
        self.limits
            .as_ref()
            .is_none_or(|l| on_board < l[side.index()][i])
    }
}

/// A quick test that keeps a piece's ordinary moves off the promotion path: a move may set off one of the piece's
/// lines only if it ends in `to` or starts in `from` (the union of its lines' zones for one side).
#[derive(Clone, Debug, Default)]
pub struct PromotionReach {
    pub to: SquareSet,
    pub from: SquareSet,
}

impl PromotionReach {
    /// Every line of `side` among `lines`, united.
    pub fn of(game: &Game, lines: &[Promotion], side: Side) -> PromotionReach {
        let mut reach = PromotionReach::default();
        // A standing promotion is never made by an ordinary move, so it keeps no move off the fast path.
        let fired_by_moves = |l: &&Promotion| l.trigger != PromotionTrigger::Standing;
        for line in lines
            .iter()
            .filter(|l| l.side.is_none_or(|s| s == side))
            .filter(fired_by_moves)
        {
            let zone = &game.zone(line.zone).squares[side.index()];
            reach.to.union_with(zone);
            if matches!(
                line.trigger,
                PromotionTrigger::StartOrDestination | PromotionTrigger::CaptureTouching
            ) {
                reach.from.union_with(zone);
            }
        }
        reach
    }

    #[inline(always)]
    pub fn may_fire(&self, from: Square, to: Square) -> bool {
        self.to.contains(to) || self.from.contains(from)
    }
}

impl Game {
    /// Every type `piece` may become by promotion, for either side, each once, in the order of its lines.
    pub fn promotion_choices(&self, piece: PieceId) -> Vec<PieceId> {
        let mut all = Vec::new();
        for line in &self.piece(piece).promotions {
            for &c in &line.choices {
                if !all.contains(&c) {
                    all.push(c);
                }
            }
        }
        all
    }
}

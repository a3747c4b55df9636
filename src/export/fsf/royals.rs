//! Royal pieces FSF does not know as its king: its pseudo-royal extinction pieces (extinctionPseudoRoyal, its
//! position.cpp): the pieces of an extinction type, while a side has at most extinctionPieceCount + 1 of them,
//! may not be left attacked, and a side with no legal move and one of them attacked is mated.
use super::{Role, Writer};
use crate::rules::{Extinct, Extinction, PieceId, Royalty, Verdict};

impl Writer<'_> {
    /// The game's royal types, shadows (a type's copy kept apart for its own rules) left out.
    pub(super) fn royal_types(&self) -> Vec<PieceId> {
        let game = self.game;
        (0..game.pieces.len())
            .map(|i| PieceId(i as u16))
            .filter(|&p| game.piece(p).royal && game.piece(p).shadow_of.is_none())
            .collect()
    }

    /// Whether the game's royal pieces are one type, written as FSF's king (its own or a custom royal): the piece
    /// FSF's king-only rules (makpongRule, flyingGeneral) speak of.
    pub(super) fn one_fsf_king(&self, roles: &[Role]) -> bool {
        let royal: Vec<&Role> = self
            .royal_types()
            .iter()
            .map(|p| &roles[p.index()])
            .collect();
        matches!(royal.as_slice(), [Role::King | Role::RoyalCustom(_)])
    }

    /// The royal types written as FSF's pseudo-royal pieces (plain pieces, with extinctionPseudoRoyal), decided
    /// before the pieces are written; where the game's royals cannot be said so, each difference is named.
    ///
    /// * With explosions, every royal type: FSF's blastOnCapture takes no king (atomic chess's king is its
    ///   commoner, pseudo-royal), said where the game has one royal type and `extinction of it loss`.
    /// * `royals all-safe` (coregal): one royal type that no promotion makes stays FSF's king, the others are
    ///   pseudo-royal whatever their number (extinctionPieceCount above any count).
    pub(super) fn pseudo_royals(&mut self) -> Vec<PieceId> {
        let game = self.game;
        let royals = self.royal_types();
        if royals.is_empty() {
            return Vec::new();
        }
        if game.explosions.is_some() {
            let said = matches!(
                (royals.as_slice(), game.end.extinction.as_slice()),
                ([royal], [Extinction { pieces: Extinct::Types(types), at_most: 0, verdict: Verdict::Loss }])
                    if types.as_slice() == [*royal]
            );
            if !said {
                self.lossy.push(format!(
                    "`explosions` with the royal {}: FSF's blastOnCapture takes no king, and its pseudo-royal piece \
                     (extinctionPseudoRoyal) says one royal type only with `extinction of it loss`",
                    game.symbols_text(&royals)
                ));
                return Vec::new();
            }
            return royals;
        }
        match game.legality.royalty {
            Royalty::One => Vec::new(),
            Royalty::AllSafe => self.all_safe(&royals),
            Royalty::LastSafe { duple_check } => {
                if self.last_safe(&royals, duple_check) {
                    royals
                } else {
                    Vec::new()
                }
            }
        }
    }

    fn all_safe(&mut self, royals: &[PieceId]) -> Vec<PieceId> {
        let game = self.game;
        let promoted_to = |r: &PieceId| {
            game.pieces
                .iter()
                .flat_map(|p| &p.promotions)
                .any(|l| l.choices.contains(r))
        };
        let Some(&king) = royals.iter().find(|r| !promoted_to(r)) else {
            self.lossy.push(format!(
                "`royals all-safe`: every royal type ({}) is a promotion choice; FSF's king cannot be promoted to",
                game.symbols_text(royals)
            ));
            return Vec::new();
        };
        if !game.end.extinction.is_empty() || game.end.bare_king_loses.is_some() {
            self.lossy.push(
                "`royals all-safe` with an `extinction` or `bare-king` line: FSF's pseudo-royal pieces are its one \
                 extinction rule"
                    .into(),
            );
            return Vec::new();
        }
        royals.iter().copied().filter(|&r| r != king).collect()
    }

    /// `royals last-safe`: FSF's pseudo-royal pieces with extinctionPieceCount 0 are the last piece of each type
    /// (dupleCheck: not all of them attacked at once). Whether that says the game's rule (one royal type, never
    /// made by a shogi-style promotion or a drop); otherwise the difference is named.
    fn last_safe(&mut self, royals: &[PieceId], duple_check: bool) -> bool {
        let game = self.game;
        let words = if duple_check {
            "`royals last-safe duple-check`"
        } else {
            "`royals last-safe`"
        };
        if royals.len() == 1 {
            // FSF's legal() recounts a side's pseudo-royal pieces after a pawn-style promotion (its spartan: a
            // hoplite promoting to a second king answers a check on the last, as in tatsu), but not after a
            // shogi-style one (promotedPieceType) or a drop, where the pieces before the move stay pseudo-royal.
            // A piece with a choice of promotions is written pawn-style (fsf::promotion).
            let shogi_style = game.pieces.iter().find(|p| {
                p.promotions
                    .iter()
                    .any(|line| line.choices.iter().any(|c| royals.contains(c)))
                    && p.promotions.iter().all(|line| line.choices.len() == 1)
            });
            let dropped = royals.iter().any(|&r| game.piece(r).drop.is_some());
            let how = match (shogi_style, dropped) {
                (Some(p), _) => format!("the {}'s promotion to it", p.name),
                (None, true) => format!("a drop of the {}", game.piece(royals[0]).name),
                (None, false) => return true,
            };
            self.lossy.push(format!(
                "{words}: FSF counts a side's pseudo-royal pieces before {how}, tatsu after it (a second royal \
                 piece so made cannot answer a check on the last one there)"
            ));
            return false;
        }
        self.lossy.push(format!(
            "{words}: FSF's pseudo-royal pieces are the last of each type, so with several royal types ({}) a side's \
             last one of each must be kept safe, not its last royal piece",
            game.symbols_text(royals)
        ));
        // Even written as one type (FSF's own shoshogi makes its prince the king's type), a shogi-style promotion
        // to a royal type leaves FSF's pseudo-royal pieces as they were: its legal() recounts them after a
        // pawn-style promotion only.
        let promoter = game.pieces.iter().find(|p| {
            p.promotions
                .iter()
                .any(|line| line.choices.iter().any(|c| royals.contains(c)))
        });
        if let Some(p) = promoter {
            self.lossy.push(format!(
                "{words}: the {} promotes to a royal piece; FSF's legal() recounts a side's pseudo-royal pieces after \
                 a pawn-style promotion only, so after a shogi-style one (promotedPieceType) its last one must still \
                 be safe, where in tatsu the promotion answers a check on it",
                p.name
            ));
        }
        false
    }

    /// The options of the pseudo-royal pieces chosen by [`Self::pseudo_royals`] (after the end rules, which write
    /// an explosion game's extinction line).
    pub(super) fn pseudo_royal_options(&mut self, letters: &[char]) {
        if self.pseudo_royals.is_empty() {
            return;
        }
        self.set("extinctionPseudoRoyal", true);
        if self.game.explosions.is_some() {
            return;
        }
        let types: String = self
            .pseudo_royals
            .iter()
            .map(|p| letters[p.index()])
            .collect();
        self.set("extinctionValue", "loss");
        self.set("extinctionPieceTypes", types);
        if let Royalty::LastSafe { duple_check } = self.game.legality.royalty {
            // The last piece of the type is pseudo-royal (`royals last-safe`).
            self.set("extinctionPieceCount", 0);
            if duple_check {
                self.set("dupleCheck", true);
            }
            return;
        }
        // Every piece of those types is pseudo-royal: more than the board holds.
        self.set("extinctionPieceCount", self.game.geometry.all().count());
    }
}

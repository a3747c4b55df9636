//! The end of the game as FSF says it: stalemate, repetition, the move count, extinction, material.
use super::{BuiltIn, Role, Writer};
use crate::rules::{BareKing, PieceId, RepetitionLoser, Royalty, Side, StalemateResult, Verdict};

/// A tatsu verdict as FSF's value words (for the side the rule is about).
fn verdict_value(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "win",
        Verdict::Draw => "draw",
        Verdict::Loss => "loss",
    }
}

impl Writer<'_> {
    pub(super) fn end_rules(&mut self, roles: &[Role], letters: &[char]) {
        let end = &self.game.end;
        let value = match end.stalemate {
            StalemateResult::Win => "win",
            StalemateResult::Draw => "draw",
            StalemateResult::Loss => "loss",
        };
        self.set("stalemateValue", value);
        // `checkmate RESULT` is the mated side's result, as FSF's checkmateValue is the side to move's.
        if end.checkmate != Verdict::Loss {
            self.set("checkmateValue", verdict_value(end.checkmate));
        }
        if end.stalemate_by_piece_count {
            self.set("stalematePieceCount", true);
        }
        match end.repetition {
            Some(r) => {
                self.set("nFoldRule", r.count);
                self.repetition_value(r.loser);
                self.set("perpetualCheckIllegal", r.perpetual_check_loses);
            }
            // FSF's repetition rule is off at 0.
            None => self.set("nFoldRule", 0),
        }
        match end.move_limit {
            Some(plies) if plies % 2 == 0 => {
                self.set("nMoveRule", plies / 2);
                self.move_limit_resets(plies, roles, letters);
            }
            Some(plies) => self.lossy.push(format!(
                "a move limit of {plies} plies: FSF counts whole moves"
            )),
            None => self.set("nMoveRule", 0),
        }
        match end.extinction.as_slice() {
            [] => {}
            [rule] => {
                if end.bare_king_loses.is_some() {
                    self.lossy.push(
                        "`bare-king loses` with an `extinction` line: FSF has one extinction rule"
                            .into(),
                    );
                }
                self.set("extinctionValue", verdict_value(rule.verdict));
                let types: String = match &rule.pieces {
                    crate::rules::Extinct::AnyPiece => "*".into(),
                    crate::rules::Extinct::Types(types) => {
                        types.iter().map(|p| letters[p.index()]).collect()
                    }
                    crate::rules::Extinct::Together(types) => {
                        self.lossy.push(
                            "`extinction … together`: FSF counts each extinction type on its own"
                                .into(),
                        );
                        types.iter().map(|p| letters[p.index()]).collect()
                    }
                };
                self.set("extinctionPieceTypes", types);
                self.set("extinctionPieceCount", rule.at_most);
            }
            // Several lines: FSF has one extinction rule; rules.rs names each line.
            _ => {}
        }
        if end.extinction.is_empty() {
            if let Some(bare) = end.bare_king_loses {
                self.bare_king(bare);
            }
        }
        self.draws_win();
        self.insufficient_material(roles);
        self.flags(roles, letters);
        if let Some(c) = &self.game.end.counting {
            self.counting(c, roles);
        }
        if self.game.legality.giving_check_illegal {
            self.set("checking", false);
        }
        self.royal_frozen_in_check(roles);
        self.shatar_mate(roles);
        if let Some(n) = self.game.end.check_limit {
            self.check_counting(n);
        }
        // Every rule this exporter does not write, named with what it says.
        self.lossy.extend(super::super::rules::not_written(
            self.game,
            super::super::rules::Target::Fsf,
        ));
        if self.game.must_drop {
            self.set("mustDrop", true);
        }
        if let Some(forced) = &self.game.forced_capture {
            self.set("mustCapture", true);
            if !forced.by.iter().all(|&listed| listed) {
                self.lossy.push(
                    "`forced-capture by …`: FSF's mustCapture forces the captures of every piece"
                        .into(),
                );
            }
        }
    }
}

impl Writer<'_> {
    /// `insufficient-material`: FSF has no option for it, but judges material by fixed rules of its own
    /// (`has_insufficient_material` in its apiutil.h, which pyffish reports): a side with only its king, one of FSF's
    /// knights and no other piece, or bishops all on one colour, cannot mate. Where every material the list names
    /// is among those, FSF says what tatsu says and nothing is written; FSF's one addition, bishops on one colour
    /// (one side's or both), leaves no mate possible, so the game is a draw either way. FSF's judgement is off (it
    /// says any material may mate) under extinction, a flag, check counting, or a stalemate that is not a
    /// draw, and where captures go to hand: then the list is named.
    fn insufficient_material(&mut self, roles: &[Role]) {
        let game = self.game;
        let end = &game.end;
        if end.insufficient_material.is_empty() {
            return;
        }
        let fsf_judges = |set: &Vec<crate::rules::PieceId>| match set.as_slice() {
            [] => true,
            [one] => matches!(
                roles[one.index()],
                Role::BuiltIn(BuiltIn::Knight | BuiltIn::Bishop)
            ),
            _ => false,
        };
        // Both judge only empty hands (tatsu every hand, FSF the side's own): alike where captures stay out of hand.
        let captures_to_hand = game.drops && game.pieces.iter().any(|p| p.in_hand.is_some());
        let why_not = if end.draws_win.is_some() {
            Some(concat!(
                "with `draws-win`, tatsu ends the game at once for a side; FSF has no material ending ",
                "(pyffish's has_insufficient_material is a GUI's helper, and under materialCounting it calls a ",
                "knight or bishop able to win) and plays on to its move limit"
            ))
        } else if captures_to_hand {
            Some("FSF judges no material insufficient where captured pieces go to hand")
        } else if !end.extinction.is_empty() || !end.flags.is_empty() || end.check_limit.is_some() {
            Some("FSF judges no material insufficient where extinction, a flag or a check count wins")
        } else if end.stalemate != StalemateResult::Draw || end.stalemate_by_piece_count {
            Some("FSF judges no material insufficient where a stalemate is not a draw")
        } else if !end.insufficient_material.iter().all(fsf_judges)
            || !fsf_sets_listed(&end.insufficient_material, roles)
        {
            Some("FSF judges material by its own rules: bare kings, one knight or bishops on one colour (FSF's own knight and bishop)")
        } else {
            None
        };
        if let Some(why) = why_not {
            self.lossy.push(format!(
                "{}: {why}",
                super::super::rules::insufficient_material_words(game)
            ));
        }
    }
}

/// Whether tatsu's list names every material FSF judges insufficient in this game: a bare king, and one of FSF's
/// knight or bishop where the game has that piece (else a lone knight, say, would be a draw in FSF and not in tatsu).
fn fsf_sets_listed(listed: &[Vec<crate::rules::PieceId>], roles: &[Role]) -> bool {
    let lone = |piece: BuiltIn| {
        let Some(id) = roles
            .iter()
            .position(|r| matches!(r, Role::BuiltIn(b) if *b == piece))
        else {
            return true;
        };
        listed
            .iter()
            .any(|set| matches!(set.as_slice(), [one] if one.index() == id))
    };
    listed.iter().any(Vec::is_empty) && lone(BuiltIn::Knight) && lone(BuiltIn::Bishop)
}

impl Writer<'_> {
    /// `move-limit … reset-by …`: FSF resets its count on captures, drops, promotions, and on the moves of its
    /// `nMoveRuleTypes` (its pawn unless told otherwise) that the piece could not move back, and so does tatsu
    /// (a listed piece's move it could undo with a quiet move of its own on an empty board, such as a sideways
    /// pawn step, keeps the count), except on promotions: they agree where every piece that promotes is listed,
    /// or where the game says `reset-by promotions`.
    fn move_limit_resets(&mut self, plies: u32, roles: &[Role], letters: &[char]) {
        let game = self.game;
        let resets = &game.end.resets_clock;
        let mut pawns: Vec<usize> = (0..roles.len())
            .filter(|&i| matches!(roles[i], Role::Pawn))
            .filter(|&i| game.pieces[i].shadow_of.is_none())
            .collect();
        let mut listed: Vec<usize> = resets.iter().map(|p| p.index()).collect();
        pawns.sort_unstable();
        listed.sort_unstable();
        let named: Vec<&str> = resets
            .iter()
            .map(|p| game.piece(*p).symbol.as_str())
            .collect();
        let rule = format!("`move-limit {plies} plies reset-by {}`", named.join(" "));
        let unlisted_promoter = game.pieces.iter().enumerate().find(|&(i, p)| {
            p.shadow_of.is_none()
                && super::super::written_promotion(p).is_some()
                && !listed.contains(&i)
        });
        if let Some((_, p)) = unlisted_promoter.filter(|_| !game.end.promotion_resets_clock) {
            self.lossy.push(format!(
                "{rule}: the {} promotes but does not reset the count; FSF's count restarts on every promotion",
                p.name
            ));
        }
        if listed == pawns {
            return;
        }
        // No piece listed: FSF's empty set (`-`, its parser's piece-set reading), as its pawnback has it.
        let types: String = if listed.is_empty() {
            "-".into()
        } else {
            listed.iter().map(|&i| letters[i]).collect()
        };
        self.set("nMoveRuleTypes", types);
    }
}

impl Writer<'_> {
    /// `flag X in ZONE wins` is FSF's flagPiece and flagRegion: the side whose piece of that type ends its move
    /// there wins. `after-reply` is flagMove (the piece must still stand there when its side is to move again),
    /// `if-safe` is flagPieceSafe (it counts where no enemy attacks it; both sides there is a draw), and
    /// `black-may-equalise` is flagMove on FSF's king (racing kings: Black's king may answer White's arrival with
    /// its own, a draw). FSF has one flag rule, with one piece type.
    fn flags(&mut self, roles: &[Role], letters: &[char]) {
        let game = self.game;
        let end = &game.end;
        let Some(first) = end.flags.first() else {
            return;
        };
        let words = |f: &crate::rules::Flag| {
            let pieces: Vec<&str> = f
                .pieces
                .iter()
                .map(|p| game.piece(*p).symbol.as_str())
                .collect();
            let mut rule = format!(
                "`flag {} in {} wins",
                pieces.join(" "),
                game.zone(f.zone).name
            );
            for (on, word) in [(f.if_safe, " if-safe"), (f.after_reply, " after-reply")] {
                if on {
                    rule += word;
                }
            }
            if end.black_may_equalise {
                rule += " black-may-equalise";
            }
            rule + "`"
        };
        if end.flags.len() > 1 {
            let all: Vec<String> = end.flags.iter().map(words).collect();
            self.lossy
                .push(format!("{}: FSF has one flag rule", all.join(", ")));
            return;
        }
        let [piece] = first.pieces.as_slice() else {
            self.lossy.push(format!(
                "{}: FSF's flagPiece is one piece type",
                words(first)
            ));
            return;
        };
        let king = matches!(roles[piece.index()], Role::King | Role::RoyalCustom(_));
        let flag_move = match (first.if_safe, first.after_reply, end.black_may_equalise) {
            (false, false, false) => false,
            (true, false, false) => {
                self.set("flagPieceSafe", true);
                false
            }
            (false, true, false) => true,
            (false, false, true) if king => true,
            _ => {
                self.lossy.push(format!(
                    "{}: FSF has no such combination (flagMove, flagPieceSafe; equalising is for its king alone)",
                    words(first)
                ));
                return;
            }
        };
        let zone = game.zone(first.zone);
        self.set("flagPiece", letters[piece.index()]);
        self.set("flagRegionWhite", super::region(game, &zone.squares[0]));
        self.set("flagRegionBlack", super::region(game, &zone.squares[1]));
        self.set("flagMove", flag_move);
    }

    /// `check-limit N wins` is FSF's checkCounting, whose count of checks left comes from the FEN (`3+3`), 1 each
    /// where the FEN gives none.
    fn check_counting(&mut self, n: u8) {
        self.set("checkCounting", true);
        let counted = self.game.start_fen.split_whitespace().any(|field| {
            field.split_once('+').is_some_and(|(w, b)| {
                !w.is_empty()
                    && !b.is_empty()
                    && (w.to_owned() + b).bytes().all(|c| c.is_ascii_digit())
            })
        });
        if !counted && n != 1 {
            self.lossy.push(format!(
                "`check-limit {n} wins` with no check count in the start FEN: FSF counts 1 check there"
            ));
        }
    }
}

/// FSF's three counting rules (its `Position::count_limit`), each as the tatsu rule that says it, with the pieces
/// named by their FSF types: its pawn suspends the count; rooks, khons (`silver`) and knights set the pieces'
/// honour.
const FSF_COUNTING_RULES: [(&str, &str); 3] = [
    (
        "makruk",
        "suspended-by pawn board-honour 64 pieces-honour 2 rook 8, 1 rook 16, 2 silver 22, 2 knight 32, \
         1 silver 44, else 64 count-from piece-count",
    ),
    (
        "cambodian",
        "(pieces-honour suspended-by pawn) board-honour 63 at-most 3 pieces pieces-honour 2 rook 7, 1 rook 15, \
         2 silver 21, 2 knight 31, 1 silver 43, else 63 count-from piece-count",
    ),
    (
        "asean",
        "suspended-by pawn no board-honour pieces-honour 1 rook 16, 1 silver 44, 1 knight 64 count-from zero",
    ),
];

impl Writer<'_> {
    /// `counting …` is FSF's `countingRule` where it says one of FSF's three rules about FSF's own piece types.
    fn counting(&mut self, c: &crate::rules::Counting, roles: &[Role]) {
        let game = self.game;
        let fsf_type = |p: &PieceId| -> String {
            match &roles[p.index()] {
                Role::Pawn => "pawn".into(),
                Role::BuiltIn(b) => b.option().into(),
                _ => format!("the {}", game.piece(*p).name),
            }
        };
        let ids = |list: &[PieceId]| list.iter().map(fsf_type).collect::<Vec<_>>().join(" ");
        let mut parts = Vec::new();
        if !c.suspended_by.is_empty() {
            parts.push(format!("suspended-by {}", ids(&c.suspended_by)));
        }
        if !c.pieces_honour_suspended_by.is_empty() {
            parts.push(format!(
                "(pieces-honour suspended-by {})",
                ids(&c.pieces_honour_suspended_by)
            ));
        }
        parts.push(match (c.board_honour, c.board_honour_max_pieces) {
            (Some(n), Some(m)) => format!("board-honour {n} at-most {m} pieces"),
            (Some(n), None) => format!("board-honour {n}"),
            (None, _) => "no board-honour".into(),
        });
        let rows: Vec<String> = c
            .pieces_honour
            .iter()
            .map(|r| match &r.piece {
                Some(p) => format!("{} {} {}", r.at_least, fsf_type(p), r.moves),
                None => format!("else {}", r.moves),
            })
            .collect();
        parts.push(format!("pieces-honour {}", rows.join(", ")));
        parts.push(format!(
            "count-from {}",
            if c.from_piece_count {
                "piece-count"
            } else {
                "zero"
            }
        ));
        let said = parts.join(" ");
        match FSF_COUNTING_RULES.iter().find(|(_, rule)| *rule == said) {
            Some((value, _)) => self.set("countingRule", value),
            None => self.lossy.push(format!(
                "`counting {}`: not one of FSF's countingRule values (makruk, cambodian, asean) on its own pawn, rook, khon and knight",
                super::super::rules::counting_text(game, c)
            )),
        }
    }
}

impl Writer<'_> {
    /// `repetition N …`'s result: FSF's nFoldValue is the side to move's, or White's with nFoldValueAbsolute. The
    /// side to move did not complete the repetition, so `mover-loses` is a win for it.
    fn repetition_value(&mut self, loser: Option<RepetitionLoser>) {
        let (value, absolute) = match loser {
            None => ("draw", false),
            Some(RepetitionLoser::Mover) => ("win", false),
            Some(RepetitionLoser::Side(Side::White)) => ("loss", true),
            Some(RepetitionLoser::Side(Side::Black)) => ("win", true),
        };
        self.set("nFoldValue", value);
        if absolute {
            self.set("nFoldValueAbsolute", true);
        }
    }

    /// `bare-king loses reprieve` is FSF's shatranj rule (its variant.cpp): extinction of all pieces but one, judged
    /// against two or more of the opponent's pieces, one more when the bared side is to move (extinctionClaim).
    /// FSF counts pieces, king included, so this says tatsu's rule where each side has one royal piece.
    fn bare_king(&mut self, bare: BareKing) {
        let game = self.game;
        let BareKing {
            hand_must_be_empty,
            reprieve,
        } = bare;
        let mut rule = "`bare-king loses".to_string();
        if hand_must_be_empty {
            rule += " with-empty-hand";
        }
        if reprieve {
            rule += " reprieve";
        }
        rule += "`";
        let royal_types = game.pieces.iter().filter(|p| p.royal).count();
        let why_not = if !reprieve {
            Some("where both sides are bare, FSF's extinction judges the side that has just moved first, tatsu's bare king the side to move")
        } else if hand_must_be_empty || game.drops {
            Some("FSF counts the pieces in hand as on the board")
        } else if royal_types != 1 || game.legality.royalty != Royalty::One {
            Some("FSF counts the king among the pieces, so it says a bare king only where each side has one royal piece")
        } else {
            None
        };
        if let Some(why) = why_not {
            self.lossy.push(format!("{rule}: {why}"));
            return;
        }
        self.set("extinctionValue", "loss");
        self.set("extinctionClaim", true);
        self.set("extinctionPieceTypes", "*");
        self.set("extinctionPieceCount", 1);
        self.set("extinctionOpponentPieceCount", 2);
    }
}

impl Writer<'_> {
    /// `royal-frozen-in-check` is FSF's makpongRule (its position.cpp: a king in check may not move, unless it takes
    /// the only checker), said of FSF's king: the game's one royal piece.
    fn royal_frozen_in_check(&mut self, roles: &[Role]) {
        if !self.game.legality.royal_frozen_in_check {
            return;
        }
        if self.one_fsf_king(roles) {
            self.set("makpongRule", true);
        } else {
            self.lossy.push(
                "`royal-frozen-in-check`: FSF's makpongRule freezes its one king type; this game has several royal types"
                    .into(),
            );
        }
    }

    /// `checkmate-by-only N loses` with `checkmate-needs-check-by N R J` is FSF's shatarMateRule (its position.h):
    /// a mate by knights alone is lost by the side giving it, any other counts only after a shak, a check by a
    /// knight, rook or bers (FSF's types) in the series of checks, and is a draw otherwise.
    fn shatar_mate(&mut self, roles: &[Role]) {
        let game = self.game;
        let end = &game.end;
        if end.checkmate_by_only_loses.is_empty() && end.checkmate_needs_check_by.is_empty() {
            return;
        }
        let types = |list: &[PieceId]| -> Vec<Option<BuiltIn>> {
            let mut v: Vec<Option<BuiltIn>> = list
                .iter()
                .map(|p| match roles[p.index()] {
                    Role::BuiltIn(b) => Some(b),
                    _ => None,
                })
                .collect();
            v.sort_by_key(|b| b.map(|b| b.option()));
            v.dedup();
            v
        };
        let by_only = types(&end.checkmate_by_only_loses);
        let shak = types(&end.checkmate_needs_check_by);
        let fsf_shak = [
            Some(BuiltIn::Bers),
            Some(BuiltIn::Knight),
            Some(BuiltIn::Rook),
        ];
        if by_only == [Some(BuiltIn::Knight)] && shak == fsf_shak {
            self.set("shatarMateRule", true);
            return;
        }
        let ids = |list: &[PieceId]| -> String {
            let v: Vec<&str> = list
                .iter()
                .map(|p| game.piece(*p).symbol.as_str())
                .collect();
            v.join(" ")
        };
        self.lossy.push(format!(
            "`checkmate-by-only {} loses`, `checkmate-needs-check-by {}`: FSF's shatarMateRule says a mate by its \
             knight alone is lost, and others need a check by its knight, rook or bers (\"N\", \"R\", \"RF\")",
            ids(&end.checkmate_by_only_loses),
            ids(&end.checkmate_needs_check_by)
        ));
    }
}

impl Writer<'_> {
    /// `draws-win SIDE` is FSF's materialCounting `whitedrawodds` / `blackdrawodds` (its position.cpp and
    /// position.h: a stalemate scored as a draw, a repetition draw and the move count's draw become the side's
    /// win). FSF leaves a drawn extinction and its counting rules' draws alone; those are named.
    fn draws_win(&mut self) {
        let game = self.game;
        let end = &game.end;
        let Some(side) = end.draws_win else {
            return;
        };
        self.set(
            "materialCounting",
            match side {
                Side::White => "whitedrawodds",
                Side::Black => "blackdrawodds",
            },
        );
        let rule = format!("`draws-win {}`", crate::describe::side_key(side));
        if end.extinction.iter().any(|e| e.verdict == Verdict::Draw) {
            self.lossy.push(format!(
                "{rule}: an extinction scored `draw` stays a draw in FSF (materialCounting scores only stalemate, repetition and the move count)"
            ));
        }
        if end.counting.is_some() {
            self.lossy.push(format!(
                "{rule}: a counting draw stays a draw in FSF (materialCounting scores only stalemate, repetition and the move count)"
            ));
        }
    }
}

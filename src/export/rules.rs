//! Every rule of a compiled game, and what each exporter does with it: written (by which part of the exporter),
//! named as not written (with what it says, so that a change of its parameters still shows), or not a rule.
//!
//! [`not_written`] destructures [`Game`], [`EndRules`], [`PieceType`], [`DropRule`] and [`Promotion`] without
//! `..`: a field added to them fails to compile here until someone decides what each exporter makes of it.
use crate::describe::{side_key, verdict_key};
use crate::rules::{
    BareKing, BonusTurn, Burn, CounterStrike, Counting, DropRule, EndRules, Explosions, Extinct,
    Extinction, Flag, ForcedCapture, Game, Gating, HonourRow, JumpsLower, JumpsOver, Legality,
    MaterialCount, PieceId, PieceType, Promotion, PromotionTrigger, ProtectedCapture, Repetition,
    RepetitionLoser, Royalty, Side, StandingRules, Unmoved, Verdict, WallPlacement, Walls,
};

/// The exporter a decision is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    Fsf,
    Sjaak,
}

/// The piece ids a per-type flag list marks, space-separated (`N R`).
fn marked(game: &Game, marks: &[bool]) -> String {
    game.symbols_text(&game.types_marked(marks).collect::<Vec<_>>())
}

/// ` WORD ids` for a non-empty per-type flag list, nothing for an empty one.
fn clause(game: &Game, word: &str, marks: &[bool]) -> String {
    let listed = marked(game, marks);
    if listed.is_empty() {
        String::new()
    } else {
        format!(" {word} {listed}")
    }
}

/// The lossy notes for every rule of `game` that `target`'s exporter does not write, each naming what the rule
/// says. The exporters add their own notes for rules they write only in part (where the target's built-in rule
/// says less than tatsu's), next to the code that writes them.
pub(crate) fn not_written(game: &Game, target: Target) -> Vec<String> {
    let mut out = Vec::new();
    let mut name = |rule: String| out.push(format!("{rule}: not written by this exporter"));
    let sjaak = target == Target::Sjaak;
    let Game {
        // Not rules: names (the header says the title), and what the compiler derived from the rules below.
        name: _,
        title: _,
        description: _,
        aliases: _,
        zones: _,
        rays: _,
        ray_squares: _,
        ray_rules: _,
        ray_sources: _,
        // Written by both: the board (and its size limit), the start position (holes as FSF's `*`; Sjaak II's
        // `variant` names them), castling (each exporter's `castling`, naming what its target cannot say).
        geometry: _,
        start_fen: _,
        holes: _,
        castling_rights,
        castlings: _,
        // Written by both: Sjaak II names pieces that are not left-right symmetric under rotation, FSF those that
        // are not under mirroring (fsf::pieces).
        orientation: _,
        pieces,
        move_sets,
        // Named with each piece's `initial unmoved` below.
        first_move_rights: _,
        gating,
        // Written by both (pieceDrops / `allow drops`).
        drops: _,
        bonus_turn,
        forced_capture,
        // Decided by `move_rules`.
        explosions: _,
        walls: _,
        dead_squares_allowed: _,
        must_drop: _,
        pass_allowed: _,
        protected_capture: _,
        counter_strike: _,
        // Decided with the end rules (`decisive_rules`).
        legality: _,
        end,
    } = game;
    // Written by FSF (its seirawan gating, `drops`); Sjaak II has none.
    if let (Some(Gating { only, rights }), true) = (gating, sjaak) {
        let squares: Vec<String> = rights
            .iter()
            .map(|r| game.geometry.name(r.square))
            .collect();
        name(format!(
            "`gating` on {}{}",
            squares.join(" "),
            if *only {
                " (`drops … gating-only`)"
            } else {
                ""
            }
        ));
    }
    if let Some(BonusTurn { zone, may_pass }) = bonus_turn {
        name(format!(
            "`bonus-turn after drop in {}{}`",
            game.zone(*zone).name,
            if *may_pass { " may-pass" } else { "" }
        ));
    }
    // Written by FSF (mustCapture, naming a `by` list it cannot say).
    if let (Some(ForcedCapture { by }), true) = (forced_capture, sjaak) {
        name(format!("`forced-capture by {}`", marked(game, by)));
    }
    if sjaak && castling_rights.iter().any(|r| r.by_drop) {
        let by_drop: Vec<String> = castling_rights
            .iter()
            .filter(|r| r.by_drop)
            .map(|r| game.geometry.name(r.rook_from))
            .collect();
        name(format!("`castles … after drop on` ({})", by_drop.join(" ")));
    }
    if sjaak {
        for r in castling_rights.iter().filter(|r| r.rooks.len() > 1) {
            name(format!(
                "`castles with {}` (Sjaak II castles with what stands on the partner's square)",
                game.symbols_text(&r.rooks)
            ));
        }
    }
    // Written by FSF as janggi's palace lines (diagonalLines; fsf::janggi names what they cannot say).
    for set in move_sets.iter().filter(|s| s.within.is_some() && sjaak) {
        if let Some(z) = set.within {
            name(format!(
                "the {}'s `moves … \"{}\" within {}` (written unconfined)",
                game.piece(set.piece).name,
                set.betza,
                game.zone(z).name
            ));
        }
    }
    move_rules(game, target, &mut name);
    for p in pieces {
        piece(game, p, target, &mut name);
    }
    end_rules(game, end, target, &mut name);
    out
}

/// The game-wide move rules: explosions, walls, dead squares, compulsory drops, passing, the trading rules.
fn move_rules(game: &Game, target: Target, name: &mut impl FnMut(String)) {
    let sjaak = target == Target::Sjaak;
    let Game {
        explosions,
        walls,
        dead_squares_allowed,
        must_drop,
        pass_allowed,
        protected_capture,
        counter_strike,
        ..
    } = game;
    // Written by FSF (blastOnCapture, blastImmuneTypes; fsf::move_rules names what they cannot say).
    if let (Some(Explosions { spared, immune }), true) = (explosions, sjaak) {
        name(format!(
            "`explosions{}{}`",
            clause(game, "spare", spared),
            clause(game, "immune", immune),
        ));
    }
    // Written by FSF (wallingRule, petrifyOnCaptureTypes; fsf::move_rules names walls with drops).
    if let (Some(Walls { placement, petrify }), true) = (walls, sjaak) {
        let placement = match placement {
            None => "(no placement)".to_string(),
            Some(WallPlacement::Past) => "past".into(),
            Some(WallPlacement::Placed(None)) => "placed".into(),
            Some(WallPlacement::Placed(Some(z))) => format!("placed in {}", game.zone(*z).name),
            Some(WallPlacement::Shot) => "shot".into(),
            Some(WallPlacement::Duck) => "duck".into(),
        };
        let petrify = clause(game, "petrify", petrify);
        name(format!("`walls {placement}{petrify}`"));
    }
    // Written by FSF (immobilityIllegal); Sjaak II's pieces may always stand where they cannot move.
    if *dead_squares_allowed && sjaak {
        name("`dead-squares allowed`".into());
    }
    // Written by FSF (mustDrop).
    if *must_drop && sjaak {
        name("`must-drop`".into());
    }
    // Written by FSF (pass, whose two in a row end the game; fsf::janggi names what it cannot say).
    if *pass_allowed && sjaak {
        name("`pass allowed`".into());
    }
    if let Some(ProtectedCapture { set, bridge_not }) = protected_capture {
        name(format!(
            "`no-capture-of-protected {} from-afar bridge-not {}`",
            marked(game, set),
            marked(game, bridge_not)
        ));
    }
    if let Some(CounterStrike { set }) = counter_strike {
        name(format!("`no-counter-strike {}`", marked(game, set)));
    }
}

fn piece(game: &Game, p: &PieceType, target: Target, name: &mut impl FnMut(String)) {
    let PieceType {
        name: piece_name,
        // Written by both (FSF's letters, Sjaak II's `Symbol:`), as are its moves (the game's move sets) and
        // royalty.
        symbol: _,
        royal: _,
        // Compiled from the moves and the dead-square rule: not rules.
        graph: _,
        dead: _,
        promotion_reach: _,
        may_not_capture,
        confined,
        may_not_hop_over,
        promotions,
        // Written by both (`capturesToHand`, `keep capture`), and the remembered promotions' shadows with them.
        in_hand: _,
        promoted: _,
        shadow_of,
        shadow: _,
        demote_in,
        drop,
        unmoved,
        // How a swap is written in a move's text: not a rule.
        swaps_in_legs: _,
        // A picture, not a rule (like the description): leaving it out changes no game, so an export of a game
        // with glyphs is not refused for it.
        glyph: _,
        rank,
        jumps_lower,
        // Derived from `jumps_lower` and the moves, both read already.
        sweeping_sources: _,
        jumps_over,
        burns,
        captures_unprotected_only,
    } = p;
    capture_mechanisms(
        game,
        piece_name,
        CaptureMechanisms {
            captures_unprotected_only: *captures_unprotected_only,
            shadow: shadow_of.is_some(),
            burns: burns.as_ref(),
            rank: *rank,
            jumps_lower: jumps_lower.as_ref(),
            jumps_over: jumps_over.as_ref(),
        },
        name,
    );
    // FSF writes a piece that may not capture its own type only (mutuallyImmuneTypes, fsf::move_rules).
    let own_type_only =
        may_not_capture.len() == 1 && std::ptr::eq(game.piece(may_not_capture[0]), p);
    if !may_not_capture.is_empty() && (target == Target::Sjaak || !own_type_only) {
        name(format!(
            "the {piece_name}'s `may-not-capture {}`",
            game.symbols_text(may_not_capture)
        ));
    }
    // Written by FSF as its janggi cannon (fsf::janggi names every other).
    if !may_not_hop_over.is_empty() && target == Target::Sjaak {
        name(format!(
            "the {piece_name}'s `may-not-hop-over {}`",
            game.symbols_text(may_not_hop_over)
        ));
    }
    // Written by FSF (mobilityRegion).
    if let (Some(z), true) = (confined, target == Target::Sjaak) {
        name(format!(
            "the {piece_name}'s `confined to {}` (its moves are written unconfined)",
            game.zone(*z).name
        ));
    }
    if let Some((zone, to)) = demote_in {
        name(format!(
            "the {piece_name}'s `demote in {}` (to the {})",
            game.zone(*zone).name,
            game.piece(*to).name
        ));
    }
    // Written by FSF where it is Cambodian chess's (cambodianMoves; fsf's pieces name the others).
    if let (Some(u), true) = (unmoved.as_deref(), target == Target::Sjaak) {
        name(unmoved_words(game, piece_name, u));
    }
    // Written by each exporter's drops, naming what its target cannot say; a royal piece's `drop allowed` is
    // FSF's king in the start position's hand (Sjaak II's exporter names it).
    if let Some(DropRule {
        forbidden: _,
        per_file: _,
        no_drop_mate: _,
        as_promoted: _,
        opposite_colours: _,
    }) = drop
    {}
    for line in promotions {
        promotion(game, piece_name, line, target, name);
    }
}

/// A piece's ways of capturing or passing that neither Fairy-Stockfish nor Sjaak II has (the great shogi games'):
/// the fields of [`PieceType`] they read.
struct CaptureMechanisms<'a> {
    captures_unprotected_only: bool,
    /// The piece is a shadow (a remembered promotion), named with the piece it plays as.
    shadow: bool,
    burns: Option<&'a Burn>,
    rank: u16,
    jumps_lower: Option<&'a JumpsLower>,
    jumps_over: Option<&'a JumpsOver>,
}

fn capture_mechanisms(
    game: &Game,
    piece_name: &str,
    m: CaptureMechanisms,
    name: &mut impl FnMut(String),
) {
    // Neither Fairy-Stockfish nor Sjaak II has a piece that may not take a protected piece (a shadow is named
    // with the piece it plays as).
    if m.captures_unprotected_only && !m.shadow {
        name(format!("the {piece_name}'s `captures-unprotected-only`"));
    }
    // Burning: neither Fairy-Stockfish nor Sjaak II removes pieces around a mover.
    if let Some(b) = m.burns {
        let spared: Vec<PieceId> = game.types_marked(&b.spared).collect();
        let spare = if spared.is_empty() {
            String::new()
        } else {
            format!(" spare {}", game.symbols_text(&spared))
        };
        let passive = if b.passive { " passive" } else { "" };
        name(format!(
            "the {piece_name}'s `burns \"{}\"{spare}{passive}` (burning)",
            b.area
        ));
    }
    // Range capture: neither Fairy-Stockfish nor Sjaak II has pieces that pass over lower-ranked ones. A rank
    // alone changes nothing (only a jumper reads ranks), so it is named with the jumpers it concerns.
    if let Some(how) = m.jumps_lower {
        let lower: Vec<PieceId> = (0..game.pieces.len())
            .map(|i| PieceId(i as u16))
            .filter(|&q| game.piece(q).rank < m.rank)
            .collect();
        let option = match how {
            JumpsLower::AnyMove => "",
            JumpsLower::ToCapture => " to-capture",
            JumpsLower::TakingPassed => " taking-passed",
        };
        name(format!(
            "the {piece_name}'s `jumps-lower{option}` (range capture over {})",
            game.symbols_text(&lower)
        ));
    }
    // Jumping slides: Fairy-Stockfish and Sjaak II slides stop at the first piece.
    if let (Some(over), false) = (m.jumps_over, m.shadow) {
        name(format!(
            "the {piece_name}'s `{}` (slides that pass over {})",
            over.written(),
            over.passed_words()
        ));
    }
}

fn promotion(
    game: &Game,
    piece_name: &str,
    line: &Promotion,
    target: Target,
    name: &mut impl FnMut(String),
) {
    let Promotion {
        zone,
        trigger,
        // Written by both for the first line (each exporter's promotion; `promotion_beyond_one_line` names the
        // rest, and a side or material limit).
        mandatory: _,
        choices,
        side: _,
        limits: _,
        // An `on standing` line's own words: in `standing_rule`.
        limited_to: _,
        standing: _,
    } = line;
    let zone = &game.zone(*zone).name;
    match trigger {
        // Written (FSF's non-pawn pieces and Sjaak II's one-choice promotions promote on a move that starts or
        // ends in the zone; each exporter names where its target says otherwise).
        PromotionTrigger::Destination | PromotionTrigger::StartOrDestination => {}
        // Written by FSF as piecePromotionOnCapture (fsf::promotion names where it differs).
        PromotionTrigger::Capture | PromotionTrigger::CaptureTouching if target == Target::Fsf => {}
        PromotionTrigger::Entering
        | PromotionTrigger::Capture
        | PromotionTrigger::CaptureTouching => {
            let on = match trigger {
                PromotionTrigger::Entering => "entering",
                PromotionTrigger::Capture => "capture",
                _ => "capture-touching",
            };
            name(format!(
                "the {piece_name}'s promotion `in {zone} on {on}` (written as promotion on any move that starts or ends in the zone)"
            ));
        }
        // Written by FSF where it is its sittuyinPromotion (fsf::sittuyin names it otherwise).
        PromotionTrigger::Standing if target == Target::Fsf => {}
        PromotionTrigger::Standing => name(standing_rule(game, piece_name, line)),
    }
    // Sjaak II's promotion with a choice happens only on arriving in the zone.
    if target == Target::Sjaak
        && *trigger == PromotionTrigger::StartOrDestination
        && choices.len() != 1
    {
        name(format!(
            "the {piece_name}'s promotion `in {zone} on start-or-destination` (Sjaak II's choice of pieces is on arrival only)"
        ));
    }
}

/// An `on standing` promotion line as the exporters name it when they leave it out.
pub(crate) fn standing_rule(game: &Game, piece_name: &str, line: &Promotion) -> String {
    let StandingRules {
        anywhere_if_last,
        not_attacking,
        not_checking,
    } = line.standing;
    let mut rule = format!(
        "the {piece_name}'s promotion to {} `in {} on standing",
        game.symbols_text(&line.choices),
        game.zone(line.zone).name
    );
    if let Some(n) = line.limited_to {
        rule += &format!(" limited to {n}");
    }
    for (on, word) in [
        (anywhere_if_last, "anywhere-if-last"),
        (not_attacking, "not-attacking"),
        (not_checking, "not-checking"),
    ] {
        if on {
            rule += &format!(" {word}");
        }
    }
    rule + "` (a move of its own; the piece is written without it)"
}

fn end_rules(game: &Game, end: &EndRules, target: Target, name: &mut impl FnMut(String)) {
    let sjaak = target == Target::Sjaak;
    let EndRules {
        // Written by both (stalemateValue / `Rule: stalemate`; FSF's stalematePieceCount).
        stalemate: _,
        stalemate_by_piece_count,
        repetition,
        // Written by both (nMoveRule / movecountdraw; FSF names a `reset-by` of other pieces than its pawn).
        move_limit,
        resets_clock,
        // FSF restarts its count on every promotion; Sjaak II on pawn moves, so on a pawn's promotions only.
        promotion_resets_clock,
        bare_king_loses,
        insufficient_material,
        checkmate,
        checkmate_by_only_loses,
        checkmate_needs_check_by,
        // Decided by `decisive_rules` (wins, losses and draws other than by repetition or the move limit).
        extinction: _,
        flags: _,
        check_limit: _,
        draws_win: _,
        black_may_equalise: _,
        facing_royals_must_break: _,
        double_pass_draws: _,
        only_promotions_draw: _,
        material_count: _,
        counting: _,
    } = end;
    if *stalemate_by_piece_count && sjaak {
        name("`stalemate fewer-pieces-win`".into());
    }
    // Written by both as a draw after `count` occurrences, with perpetual check lost; who else loses by FSF
    // (nFoldValue, nFoldValueAbsolute), not by Sjaak II.
    if let (
        Some(Repetition {
            count,
            perpetual_check_loses: _,
            loser: Some(loser),
        }),
        true,
    ) = (repetition, sjaak)
    {
        let loser = match loser {
            RepetitionLoser::Mover => "mover-loses".to_string(),
            RepetitionLoser::Side(s) => format!("{}-loses", side_key(*s)),
        };
        name(format!("`repetition {count} {loser}`"));
    }
    if let (Some(plies), true) = (move_limit, sjaak) {
        if let Some(rule) =
            super::sjaak::move_limit_unsaid(game, *plies, resets_clock, *promotion_resets_clock)
        {
            name(rule);
        }
    }
    // Written by FSF (its shatranj extinction rule, fsf's `bare_king` naming what it cannot say).
    if let (
        Some(BareKing {
            hand_must_be_empty,
            reprieve,
        }),
        true,
    ) = (bare_king_loses, sjaak)
    {
        let mut rule = "`bare-king loses".to_string();
        if *hand_must_be_empty {
            rule += " with-empty-hand";
        }
        if *reprieve {
            rule += " reprieve";
        }
        name(rule + "`");
    }
    // FSF's exporter writes the list where FSF's own judgement says the same (fsf's `insufficient_material`).
    if !insufficient_material.is_empty() && sjaak {
        name(format!(
            "{} (the target judges material by its own rules)",
            insufficient_material_words(game)
        ));
    }
    // Written by FSF (checkmateValue).
    if *checkmate != Verdict::Loss && sjaak {
        name(format!("`checkmate {}`", verdict_key(*checkmate)));
    }
    // Written by FSF (shatarMateRule, fsf's `shatar_mate` naming what it cannot say).
    if !checkmate_by_only_loses.is_empty() && sjaak {
        name(format!(
            "`checkmate-by-only {} loses`",
            game.symbols_text(checkmate_by_only_loses)
        ));
    }
    if !checkmate_needs_check_by.is_empty() && sjaak {
        name(format!(
            "`checkmate-needs-check-by {}`",
            game.symbols_text(checkmate_needs_check_by)
        ));
    }
    decisive_rules(game, end, target, name);
}

/// The end rules besides stalemate, repetition, the move limit, the bare king, insufficient material and
/// checkmate's own (`end_rules` lists every field).
fn decisive_rules(game: &Game, end: &EndRules, target: Target, name: &mut impl FnMut(String)) {
    let sjaak = target == Target::Sjaak;
    let EndRules {
        extinction,
        flags,
        check_limit,
        draws_win,
        black_may_equalise,
        facing_royals_must_break,
        double_pass_draws,
        only_promotions_draw,
        material_count,
        counting,
        ..
    } = end;
    let Legality {
        royalty,
        giving_check_illegal,
        royal_frozen_in_check,
        facing_royals_illegal,
    } = &game.legality;
    // Written by FSF (extinctionValue, naming what it cannot say) when there is one line; Sjaak II has none.
    if sjaak || extinction.len() > 1 {
        for Extinction {
            pieces,
            at_most,
            verdict: v,
        } in extinction
        {
            let of = match pieces {
                Extinct::AnyPiece => String::new(),
                Extinct::Types(t) => format!(" of {}", game.symbols_text(t)),
                Extinct::Together(t) => format!(" of {} together", game.symbols_text(t)),
            };
            name(format!(
                "`extinction{of} at-most {at_most} {}`",
                verdict_key(*v)
            ));
        }
    }
    // Written by FSF (flagPiece, flagRegion, flagMove, flagPieceSafe; fsf's `flags` names what it cannot say).
    for Flag {
        pieces,
        zone,
        if_safe,
        after_reply,
    } in flags.iter().filter(|_| sjaak)
    {
        let mut rule = format!(
            "`flag {} in {} wins",
            game.symbols_text(pieces),
            game.zone(*zone).name
        );
        if *if_safe {
            rule += " if-safe";
        }
        if *after_reply {
            rule += " after-reply";
        }
        name(rule + "`");
    }
    if *black_may_equalise && sjaak {
        name("`flag … black-may-equalise`".into());
    }
    // Written by FSF (checkCounting, the count from the start FEN).
    if let (Some(n), true) = (check_limit, sjaak) {
        name(format!("`check-limit {n} wins`"));
    }
    // Written by FSF (materialCounting, fsf's `draws_win` naming what it cannot say).
    if let (Some(s), true) = (draws_win, sjaak) {
        name(format!("`draws-win {}`", side_key(*s)));
    }
    // Written by FSF (`checking = false`).
    if *giving_check_illegal && sjaak {
        name("`giving-check illegal`".into());
    }
    // Written by FSF (makpongRule, fsf's `royal_frozen_in_check`).
    if *royal_frozen_in_check && sjaak {
        name("`royal-frozen-in-check`".into());
    }
    // Written by FSF (flyingGeneral, fsf::xiangqi naming what it cannot say).
    if *facing_royals_illegal && sjaak {
        name("`facing-royals illegal`".into());
    }
    // Written by FSF (bikjangRule; its pass, whose two in a row end the game; materialCounting = janggi:
    // fsf::janggi names what they cannot say).
    if *facing_royals_must_break && sjaak {
        name("`facing-royals must-break`".into());
    }
    if *double_pass_draws && sjaak {
        name("`double-pass draws`".into());
    }
    // Written by FSF with its sittuyinPromotion (fsf::sittuyin names it otherwise).
    if *only_promotions_draw && sjaak {
        name("`only-promotions draws`".into());
    }
    if let (Some(m), true) = (material_count, sjaak) {
        name(material_count_words(game, m));
    }
    // Written by FSF (its pseudo-royal pieces; fsf::royals names what they cannot say).
    if let (Some(rule), true) = (royals_words(*royalty), sjaak) {
        name(rule);
    }
    // Written by FSF where it is one of its countingRule values (fsf's `counting`).
    if let (Some(c), true) = (counting, sjaak) {
        name(format!("`counting {}`", counting_text(game, c)));
    }
}

/// `royals …` in the file's words; `None` for one royal piece a side.
fn royals_words(royalty: Royalty) -> Option<String> {
    match royalty {
        Royalty::One => None,
        Royalty::AllSafe => Some("`royals all-safe` (several royal pieces per side)".into()),
        Royalty::LastSafe { duple_check } => Some(format!(
            "`royals last-safe{}` (several royal pieces per side)",
            if duple_check { " duple-check" } else { "" }
        )),
    }
}

/// What a counting rule says, in the file's words.
pub(crate) fn counting_text(game: &Game, c: &Counting) -> String {
    let Counting {
        suspended_by,
        pieces_honour_suspended_by,
        board_honour,
        board_honour_max_pieces,
        pieces_honour,
        from_piece_count,
    } = c;
    let mut parts = Vec::new();
    if !suspended_by.is_empty() {
        parts.push(format!("suspended-by {}", game.symbols_text(suspended_by)));
    }
    if !pieces_honour_suspended_by.is_empty() {
        parts.push(format!(
            "(pieces-honour suspended-by {})",
            game.symbols_text(pieces_honour_suspended_by)
        ));
    }
    match board_honour {
        Some(n) => {
            let mut b = format!("board-honour {n}");
            if let Some(m) = board_honour_max_pieces {
                b += &format!(" at-most {m} pieces");
            }
            parts.push(b);
        }
        None => parts.push("no board-honour".into()),
    }
    let rows: Vec<String> = pieces_honour
        .iter()
        .map(
            |HonourRow {
                 at_least,
                 piece,
                 moves,
             }| match piece {
                Some(p) => format!("{at_least} {} {moves}", game.piece(*p).symbol),
                None => format!("else {moves}"),
            },
        )
        .collect();
    parts.push(format!("pieces-honour {}", rows.join(", ")));
    parts.push(format!(
        "count-from {}",
        if *from_piece_count {
            "piece-count"
        } else {
            "zero"
        }
    ));
    parts.join(" ")
}

/// `material-count` as the file writes it: each valued piece with its tenths, then each side's bonus.
pub(crate) fn material_count_words(game: &Game, m: &MaterialCount) -> String {
    let MaterialCount {
        tenths: _,
        bonus_tenths,
    } = m;
    let values: Vec<String> = m
        .valued(game)
        .map(|(p, t)| format!("{} {}", game.piece(p).symbol, MaterialCount::tenths_text(t)))
        .collect();
    let bonus: Vec<String> = Side::BOTH
        .iter()
        .filter(|s| bonus_tenths[s.index()] > 0)
        .map(|&s| {
            format!(
                " bonus {} {}",
                side_key(s),
                MaterialCount::tenths_text(bonus_tenths[s.index()])
            )
        })
        .collect();
    format!("`material-count {}{}`", values.join(", "), bonus.concat())
}

/// `insufficient-material …` as the file writes it (`none` for bare royal pieces).
pub(crate) fn insufficient_material_words(game: &Game) -> String {
    format!(
        "`insufficient-material {}`",
        game.insufficient_material_text()
    )
}

/// `initial unmoved …` of the piece called `piece_name`, as the file writes it.
pub(crate) fn unmoved_words(game: &Game, piece_name: &str, u: &Unmoved) -> String {
    let Unmoved {
        tail: _,
        not_in_check,
        lost_when_aligned_with,
    } = u;
    let mut rule = format!("the {piece_name}'s `initial unmoved");
    if *not_in_check {
        rule += " not-in-check";
    }
    if !lost_when_aligned_with.is_empty() {
        rule += &format!(
            " lost-when-aligned-with {}",
            game.symbols_text(lost_when_aligned_with)
        );
    }
    rule + "`"
}

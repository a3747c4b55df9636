//! The "How the game ends" section of the rulebook, written from the compiled end rules.
use super::doc::Doc;
use super::rulebook::{list_words, royal_names, zone_words};
use crate::rules::{
    Counting, EndRules, Extinct, Game, Legality, MaterialCount, PieceId, RepetitionLoser, Royalty,
    Side, Verdict,
};

pub(super) fn end_section(game: &Game, doc: &mut Doc) {
    let end = &game.end;
    // Every end rule is named here or in `new_rules`, without `..`: a new rule does not compile until the rule
    // book words it (the rule catalogue's test then checks that the words change with the rule).
    let EndRules {
        checkmate: _,
        stalemate: _,
        stalemate_by_piece_count: _,
        repetition: _,
        move_limit: _,
        resets_clock: _,
        promotion_resets_clock: _,
        counting: _,
        bare_king_loses: _,
        insufficient_material: _,
        draws_win: _,
        // Worded by `new_rules`.
        extinction: _,
        flags: _,
        black_may_equalise: _,
        check_limit: _,
        facing_royals_must_break: _,
        double_pass_draws: _,
        only_promotions_draw: _,
        checkmate_by_only_loses: _,
        checkmate_needs_check_by: _,
        material_count: _,
    } = end;
    // The legality rules (several royal pieces, checks forbidden, a royal frozen in check, facing royals) are
    // worded here too, as part of how a game is won: `new_rules` and the checkmate item read them.
    let Legality {
        royalty: _,
        giving_check_illegal: _,
        royal_frozen_in_check: _,
        facing_royals_illegal: _,
    } = &game.legality;
    doc.heading(2, "How the game ends");
    let mut items = Vec::new();
    let royal = royal_names(game);
    if !royal.is_empty() {
        let r = list_words(&royal);
        let verdict = verdict_words(end.checkmate);
        items.push(match game.legality.royalty {
            Royalty::One => format!(
                "**Checkmate**: a move may never leave one's own {r} attacked, and a player whose {r} is attacked (in check) and who has no legal move {verdict}."
            ),
            Royalty::AllSafe => format!(
                "**Checkmate**: a player may have several royal pieces ({r}); a move may leave none of them attacked, and a player with any of them attacked (in check) who has no legal move {verdict}."
            ),
            Royalty::LastSafe { duple_check } => format!(
                "**Checkmate**: a player may have several royal pieces ({r}); while it has two or more, they may be attacked and captured{}, and only its last one must never be left attacked. A player whose last royal piece is attacked{} and who has no legal move {verdict}.",
                if duple_check { ", but a move may not leave all of them attacked at once (duple check)" } else { "" },
                if duple_check { ", or all of whose royal pieces are," } else { "" },
            ),
        });
    }
    items.push(if end.stalemate_by_piece_count {
        "**Stalemate**: when a player who is not in check has no legal move, the player with fewer pieces on the \
         board wins; with equal numbers the game is drawn."
            .to_string()
    } else {
        format!(
            "**Stalemate**: a player who is not in check but has no legal move {}.",
            verdict_words(end.stalemate)
        )
    });
    draw_rules(game, &royal, &mut items);
    new_rules(game, &mut items);
    insufficient_material(game, &royal, &mut items);
    if let Some(side) = end.draws_win {
        items.push(format!(
            "**Draw odds**: every result that would be a draw is a win for {}.",
            super::side_name(side)
        ));
    }
    doc.list(items);
}

/// Repetition, the move limit, counting and the bare king.
fn draw_rules(game: &Game, royal: &[String], items: &mut Vec<String>) {
    let end = &game.end;
    if let Some(rep) = end.repetition {
        let nth = ordinal(rep.count as u32);
        let mut line = format!(
            "**Repetition**: the game is drawn the {nth} time the same position occurs (same placement{}, same player to move{}).",
            if game.drops { ", same hands" } else { "" },
            if game.castlings.is_empty() { "" } else { ", same castling and en-passant rights" }
        );
        match rep.loser {
            None => {}
            Some(RepetitionLoser::Mover) => {
                line = line.replace("is drawn", "is lost by the player whose move completes it")
            }
            Some(RepetitionLoser::Side(side)) => {
                line = line.replace(
                    "is drawn",
                    &format!("is lost by {}", super::side_name(side)),
                )
            }
        }
        if rep.perpetual_check_loses {
            line += " But if every move one player made during the repeating cycle gave check, that player loses (perpetual check).";
        }
        items.push(line);
    }
    if let Some(plies) = end.move_limit {
        let resets: Vec<String> = end
            .resets_clock
            .iter()
            .map(|&p| game.piece(p).name.clone())
            .collect();
        let mut without = vec!["capture".to_string()];
        if !resets.is_empty() {
            without.push(format!("{} move", list_words(&resets)));
        }
        if end.promotion_resets_clock {
            without.push("promotion".into());
        }
        let without: Vec<String> = without.into_iter().map(|w| format!("no {w}")).collect();
        items.push(format!(
            "**Move limit**: the game is drawn after {plies} plies ({} moves by each player) with {}.",
            plies / 2,
            list_words(&without)
        ));
    }
    if let Some(rule) = &end.counting {
        items.push(counting(game, rule));
    }
    if let Some(bare) = end.bare_king_loses {
        items.push(format!(
            "**Bare king**: a player whose only piece on the board is the {}{} loses, even if it is their move.",
            list_words(royal),
            if bare.hand_must_be_empty {
                " and whose hand is empty"
            } else {
                ""
            }
        ));
        if bare.reprieve {
            items.push(
                "A player bared on their own move is not lost yet while the opponent has a single other piece: \
                 if they bare the opponent in turn, neither loses by this rule."
                    .to_string(),
            );
        }
    }
}

fn insufficient_material(game: &Game, royal: &[String], items: &mut Vec<String>) {
    let end = &game.end;
    if !end.insufficient_material.is_empty() {
        let sets: Vec<String> = end
            .insufficient_material
            .iter()
            .map(|set| {
                if set.is_empty() {
                    "nothing".to_string()
                } else {
                    list_words(
                        &set.iter()
                            .map(|&p| format!("one {}", game.piece(p).name))
                            .collect::<Vec<_>>(),
                    )
                }
            })
            .collect();
        items.push(format!(
            "**Insufficient material**: the game is drawn when {}the pieces left besides the {} are exactly one of these sets (both players together): {}.",
            if game.drops { "both hands are empty and " } else { "" },
            list_words(royal),
            sets.join("; ")
        ));
    }
}

fn verdict_words(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "wins",
        Verdict::Draw => "draws",
        Verdict::Loss => "loses",
    }
}

fn names(game: &Game, ids: &[PieceId]) -> String {
    list_words(
        &ids.iter()
            .map(|&p| game.piece(p).name.clone())
            .collect::<Vec<_>>(),
    )
}

/// Extinction, flags, the check limit and checks forbidden.
fn new_rules(game: &Game, items: &mut Vec<String>) {
    let end = &game.end;
    for rule in &end.extinction {
        let what = match &rule.pieces {
            Extinct::AnyPiece => "pieces (on the board and in hand together)".to_string(),
            Extinct::Types(types) => {
                format!("pieces of any one of these types: {}", names(game, types))
            }
            Extinct::Together(types) => {
                format!("pieces of these types together: {}", names(game, types))
            }
        };
        items.push(format!(
            "**Extinction**: a player left with at most {} {what} {}.",
            rule.at_most,
            verdict_words(rule.verdict)
        ));
    }
    for flag in &end.flags {
        items.push(format!(
            "**Flag**: a player whose {} ends a move in their {} wins{}{}{}.",
            names(game, &flag.pieces),
            zone_words(game, flag.zone),
            if end.black_may_equalise {
                "; when White arrives first, Black may still arrive with its next move, which draws"
            } else {
                ""
            },
            if flag.if_safe {
                ", if no enemy piece attacks it there (when both players have one there, safe, the game is drawn)"
            } else {
                ""
            },
            if flag.after_reply {
                ", once it has stood there through the opponent's reply"
            } else {
                ""
            }
        ));
    }
    if let Some(limit) = end.check_limit {
        items.push(format!(
            "**Check count**: the player who gives check for the {limit}th time wins."
        ));
    }
    if game.legality.royal_frozen_in_check {
        items.push(
            "**Royal frozen in check**: a royal piece in check may not move; the check must be met otherwise."
                .to_string(),
        );
    }
    if game.legality.giving_check_illegal {
        items.push("**No checks**: a move that would give check is not allowed.".to_string());
    }
    if game.legality.facing_royals_illegal {
        items.push(
            "**Facing royals**: the two sides' royal pieces may never stand on one file with nothing between them; \
             no move may leave them so."
                .to_string(),
        );
    }
    if !end.checkmate_by_only_loses.is_empty() {
        items.push(format!(
            "**Mate by {} alone**: the player who gives it loses the game.",
            names(game, &end.checkmate_by_only_loses)
        ));
    }
    if !end.checkmate_needs_check_by.is_empty() {
        items.push(format!(
            "**Shak**: a checkmate counts only if the unbroken series of checks that led to it held a check by {}; \
             otherwise the game is drawn.",
            names(game, &end.checkmate_needs_check_by)
        ));
    }
    if game.pass_allowed {
        items.push(
            "**Passing**: instead of moving, a player who is not in check may pass.".to_string(),
        );
    }
    if end.double_pass_draws {
        items.push("**Two passes**: two passes in a row end the game in a draw.".to_string());
    }
    if end.only_promotions_draw {
        items.push(
            "**Only promotions**: a player not in check who has two pieces on the board, one of them a piece that \
             promotes as a move of its own, and whose every legal move is such a promotion, is stalemated: the \
             game is drawn."
                .to_string(),
        );
    }
    if end.facing_royals_must_break {
        items.push(
            "**Facing royals (bikjang)**: when the two sides' royal pieces stand on one file with nothing between \
             them, the player to move must break the line or pass, and that pass ends the game in a draw."
                .to_string(),
        );
    }
    if let Some(count) = &end.material_count {
        items.push(material_count_words(game, count));
    }
}

/// The material-count rule in words: each valued piece, then each side's bonus.
fn material_count_words(game: &Game, count: &MaterialCount) -> String {
    let values: Vec<String> = count
        .valued(game)
        .map(|(p, t)| format!("{} {}", game.piece(p).name, MaterialCount::tenths_text(t)))
        .collect();
    let bonus: Vec<String> = Side::BOTH
        .into_iter()
        .filter(|s| count.bonus_tenths[s.index()] > 0)
        .map(|s| {
            format!(
                "{s:?} adds {}",
                MaterialCount::tenths_text(count.bonus_tenths[s.index()])
            )
        })
        .collect();
    format!(
        "**Material count**: a game drawn by the move limit, by repetition or by passing is decided by material \
         instead ({}{}); the higher total wins, equal totals draw.",
        values.join(", "),
        if bonus.is_empty() {
            String::new()
        } else {
            format!("; {}", bonus.join(", "))
        }
    )
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The counting rules in words: when a count runs, how long it lasts, where it counts from.
fn counting(game: &Game, rule: &Counting) -> String {
    let name = |p: PieceId| game.piece(p).name.clone();
    let mut line = String::from("**Counting**: ");
    if !rule.suspended_by.is_empty() {
        let names: Vec<String> = rule.suspended_by.iter().map(|&p| name(p)).collect();
        line += &format!("once no {} is left on the board, ", list_words(&names));
    }
    line += "a player who cannot win is given a number of moves in which the opponent must checkmate, or the game is drawn.";
    if let Some(moves) = rule.board_honour {
        let who = match rule.board_honour_max_pieces {
            Some(most) => format!("more than the king but at most {most} pieces"),
            None => "more than the king".to_string(),
        };
        line += &format!(" A player who still has {who}, against an opponent who is not bare, is given {moves} moves (board's honour).");
    }
    if !rule.pieces_honour.is_empty() {
        let rows: Vec<String> = rule
            .pieces_honour
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let moves = if i == 0 {
                    format!("{} moves", row.moves)
                } else {
                    row.moves.to_string()
                };
                (moves, row)
            })
            .map(|(moves, row)| match row.piece {
                Some(p) if row.at_least > 1 => {
                    format!("{moves} against {} {}s", row.at_least, name(p))
                }
                Some(p) => format!("{moves} against a {}", name(p)),
                None => format!("{moves} against anything else"),
            })
            .collect();
        line += &format!(
            " A player down to the bare king is given (pieces' honour), by the opponent's strongest force, the first that applies: {}; counted {}.",
            rows.join("; "),
            if rule.from_piece_count {
                "from the number of pieces on the board"
            } else {
                "from zero"
            }
        );
        if !rule.pieces_honour_suspended_by.is_empty() {
            let names: Vec<String> = rule
                .pieces_honour_suspended_by
                .iter()
                .map(|&p| name(p))
                .collect();
            line += &format!(
                " This count starts only once no {} is left on the board.",
                list_words(&names)
            );
        }
        if rule.pieces_honour.iter().all(|row| row.piece.is_some()) {
            line += " Against any other force there is no count.";
        }
    }
    line += " A count starts when the player it is for is to move; a capture or promotion that leaves that player bare starts the pieces' honour count afresh.";
    line
}

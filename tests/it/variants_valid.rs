//! Every bundled variant compiles cleanly, and its compiled data matches facts of RULES.md that need no
//! executor: destinations counted by walking a piece's rays on an empty board, zones, promotion, drops,
//! castling and end rules.
use betza::diagram::Kind;
use std::collections::BTreeSet;
use tatsu::compile::compile;
use tatsu::inspect::{self, EmptyBoard};
use tatsu::rules::{Game, RayFlags, RayKind, Side, StalemateResult};

use crate::support::rules_facts;
use rules_facts::squares as set;
use rules_facts::*;

fn game(name: &str) -> Game {
    let (_, source) = tatsu::variants::bundled()
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no bundled variant {name}"));
    match compile(&format!("{name}.tatsu"), source) {
        Ok(c) => c.game,
        Err(d) => panic!("{name} does not compile: {d:#?}"),
    }
}

/// Destination squares (by name) of `symbol` for `side` on `square` of an empty board, through the walk the
/// diagrams use (`inspect::piece_moves`): those a plain move (`need` = `MOVE`) or a plain capture (`CAPTURE`)
/// may end on, not those reached over a hurdle.
fn dests_with(
    g: &Game,
    symbol: &str,
    side: Side,
    square: &str,
    need: RayFlags,
) -> BTreeSet<String> {
    let id = g
        .piece_by_symbol(symbol)
        .unwrap_or_else(|| panic!("no piece {symbol}"));
    let sq = g.geometry.parse_square(square).expect("a square");
    let wanted: &[Kind] = if need == RayFlags::MOVE {
        &[Kind::Move, Kind::MoveOrCapture, Kind::Initial]
    } else {
        &[Kind::Capture, Kind::MoveOrCapture]
    };
    inspect::piece_moves(g, id, side, sq, &EmptyBoard, &[])
        .destinations
        .iter()
        .filter(|d| {
            std::iter::once(&d.kind)
                .chain(&d.also)
                .any(|k| wanted.contains(k))
        })
        .map(|d| g.geometry.name(d.to))
        .collect()
}

fn dests(g: &Game, symbol: &str, side: Side, square: &str) -> BTreeSet<String> {
    dests_with(g, symbol, side, square, RayFlags::MOVE)
}

fn count(g: &Game, symbol: &str, square: &str) -> usize {
    dests(g, symbol, Side::White, square).len()
}

#[test]
fn every_bundled_variant_compiles_without_diagnostics() {
    // The list is every file of variants/ (build.rs); `every_file_in_variants_dir_is_bundled_and_loads` checks it.
    assert!(tatsu::variants::bundled().len() >= 13);
    for (name, source) in tatsu::variants::bundled() {
        match compile(&format!("{name}.tatsu"), source) {
            Ok(c) => assert!(c.warnings.is_empty(), "{name}: {:#?}", c.warnings),
            Err(d) => panic!("{name}: {d:#?}"),
        }
    }
}

#[test]
fn every_file_in_variants_dir_is_bundled_and_loads() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/variants");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            tatsu::variants::bundled().iter().any(|(n, _)| *n == stem),
            "{stem} is not bundled"
        );
        tatsu::variants::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_bundled_game_is_compiled_once_and_shared_by_name_only() {
    let first = tatsu::variants::bundled_engine("chu-shogi").expect("chu-shogi is bundled");
    let again = tatsu::variants::bundled_engine("chu-shogi").expect("chu-shogi is bundled");
    assert!(std::sync::Arc::ptr_eq(&first, &again), "compiled twice");
    assert_eq!(first.game.name, "chu-shogi");
    // A path is a file a designer may be editing: never taken from the cache.
    assert!(tatsu::variants::bundled_engine("variants/chu-shogi.tatsu").is_none());
    assert!(tatsu::variants::bundled_engine("no-such-game").is_none());
}

#[test]
fn a_game_is_found_by_the_aliases_its_file_declares() {
    use tatsu::variants::bundled_name;
    // chess.tatsu says `aliases "normal" "standard"`, chu-shogi.tatsu `aliases "chu"`: read from the files.
    assert_eq!(bundled_name("normal"), Some("chess"));
    assert_eq!(bundled_name("Standard"), Some("chess"));
    assert_eq!(bundled_name("chu"), Some("chu-shogi"));
    assert_eq!(bundled_name("CHU"), Some("chu-shogi"));
    assert_eq!(bundled_name("Chu Shogi"), Some("chu-shogi"));
    assert_eq!(bundled_name("no-such-game"), None);
    assert_eq!(game("chess").aliases, ["normal", "standard"]);
}

#[test]
fn bundled_aliases_name_one_game_each() {
    use tatsu::variants::{aliases, bundled, bundled_name};
    let squash = |s: &str| s.replace(['-', '_', ' '], "").to_lowercase();
    for (alias, game) in aliases() {
        // An alias spelt like a game's own name would never be reached (own names are matched first).
        assert!(
            !bundled().iter().any(|(n, _)| squash(n) == squash(alias)),
            "the alias `{alias}` of {game} is a bundled game's own name"
        );
        let others: Vec<_> = aliases()
            .into_iter()
            .filter(|&(a, g)| squash(a) == squash(alias) && g != game)
            .collect();
        assert!(others.is_empty(), "`{alias}` names {game} and {others:?}");
        assert_eq!(bundled_name(alias), Some(game));
    }
}

#[test]
fn start_fens_are_the_ones_of_rules_md() {
    assert_eq!(
        game("ryugi").start_fen,
        "ribmqkdbir/ppppnnpppp/4pp4/10/10/10/10/4PP4/PPPPNNPPPP/RIBMQKDBIR w KQkq - 0 1"
    );
    assert_eq!(
        game("euroshogi").start_fen,
        "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w - - 0 1"
    );
    assert_eq!(
        game("ryu-shogi").start_fen,
        "csgkgsc/rbxwvrb/ppppppp/7/7/7/7/7/7/PPPPPPP/BRVWXBR/CSGKGSC[-] w - - 0 1"
    );
    assert_eq!(
        game("dai-ryu-shogi").start_fen,
        "csgtktgsc/lrbxwvrbl/3nun3/ppppppppp/9/9/9/9/9/9/9/9/PPPPPPPPP/3NUN3/LBRVWXBRL/CSGTKTGSC[-] w - - 0 1"
    );
}

#[test]
fn ryugi_pieces_on_e5_of_an_empty_board() {
    let g = game("ryugi");
    for (p, n) in RYUGI_COUNTS_ON_E5 {
        assert_eq!(count(&g, p, "e5"), n, "{p} on e5");
    }
    assert_eq!(dests(&g, "I", Side::White, "e5"), set(RYUGI_KIRIN_ON_E5));
}

#[test]
fn ryugi_corner_dragon_kirin_marshall() {
    let g = game("ryugi");
    assert_eq!(count(&g, "D", "a1"), RYUGI_DRAGON_COUNT_ON_A1);
    assert_eq!(dests(&g, "I", Side::White, "a1"), set(RYUGI_KIRIN_ON_A1));
    assert_eq!(count(&g, "M", "a1"), RYUGI_MARSHALL_COUNT_ON_A1);
}

#[test]
fn ryugi_double_step_from_any_pawn_start_square() {
    let g = game("ryugi");
    assert_eq!(dests(&g, "P", Side::White, "e3"), set("e4 e5"));
    assert_eq!(dests(&g, "P", Side::White, "d2"), set("d3 d4"));
    assert_eq!(dests(&g, "P", Side::White, "d3"), set("d4"));
    assert_eq!(dests(&g, "P", Side::Black, "e8"), set("e7 e6"));
    assert_eq!(dests(&g, "P", Side::Black, "a9"), set("a8 a7"));
    assert_eq!(
        dests_with(&g, "P", Side::White, "d2", RayFlags::CAPTURE),
        set("c3 e3")
    );
}

#[test]
fn ryugi_en_passant_flags() {
    let g = game("ryugi");
    let id = g.piece_by_symbol("P").unwrap();
    let sq = g.geometry.parse_square("e3").unwrap();
    let rays = &g.rays[g
        .piece(id)
        .rays(Side::White, g.geometry.squares(), sq)
        .range()];
    let double: Vec<_> = rays.iter().filter(|r| r.kind == RayKind::Lame).collect();
    assert_eq!(double.len(), 1);
    assert!(double[0].flags.has(RayFlags::CREATES_EP));
    assert_eq!(
        g.ray_squares(double[0])
            .iter()
            .map(|s| g.geometry.name(*s))
            .collect::<Vec<_>>(),
        ["e4", "e5"]
    );
    assert_eq!(
        rays.iter()
            .filter(|r| r.flags.has(RayFlags::EN_PASSANT))
            .count(),
        2
    );
}

#[test]
fn ryugi_castling_table_of_rules_1_5() {
    let g = game("ryugi");
    let names = |v: &[tatsu::rules::Square]| {
        v.iter()
            .map(|s| g.geometry.name(*s))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut rows: Vec<String> = g
        .castlings
        .iter()
        .map(|c| {
            format!(
                "{}{} {}{} {} | {} | {}",
                g.geometry.name(c.king_from),
                g.geometry.name(c.king_to),
                g.geometry.name(c.rook_from),
                g.geometry.name(c.rook_to),
                g.castling_rights[c.right].letter,
                names(&{
                    let mut e = c.empty.clone();
                    e.sort();
                    e
                }),
                names(&c.safe)
            )
        })
        .collect();
    rows.sort();
    assert_eq!(
        rows,
        [
            "f10c10 a10d10 q | b10 c10 d10 e10 | f10 e10 d10 c10",
            "f10d10 a10e10 q | b10 c10 d10 e10 | f10 e10 d10",
            "f10h10 j10g10 k | g10 h10 i10 | f10 g10 h10",
            "f10i10 j10h10 k | g10 h10 i10 | f10 g10 h10 i10",
            "f1c1 a1d1 Q | b1 c1 d1 e1 | f1 e1 d1 c1",
            "f1d1 a1e1 Q | b1 c1 d1 e1 | f1 e1 d1",
            "f1h1 j1g1 K | g1 h1 i1 | f1 g1 h1",
            "f1i1 j1h1 K | g1 h1 i1 | f1 g1 h1 i1",
        ]
    );
    assert_eq!(g.castling_rights.len(), 4);
}

#[test]
fn ryugi_promotion_end_rules() {
    let g = game("ryugi");
    let p = g.piece(g.piece_by_symbol("P").unwrap());
    let promo = p.promotions.first().unwrap();
    assert!(promo.mandatory);
    let choices: Vec<&str> = promo
        .choices
        .iter()
        .map(|c| g.piece(*c).symbol.as_str())
        .collect();
    assert_eq!(choices, ["Q", "D", "M", "R", "N", "B", "I"]);
    let zone = g.zone(promo.zone);
    assert!(zone.contains(Side::White, g.geometry.parse_square("c10").unwrap()));
    assert!(zone.contains(Side::Black, g.geometry.parse_square("c1").unwrap()));
    assert!(!g.drops);
    assert!(p.in_hand.is_none());
    assert_eq!(g.end.stalemate, StalemateResult::Draw);
    assert_eq!(g.end.repetition.unwrap().count, 3);
    assert_eq!(g.end.move_limit, Some(128));
    assert_eq!(g.end.resets_clock, vec![g.piece_by_symbol("P").unwrap()]);
    assert_eq!(g.end.insufficient_material.len(), 3);
}

#[test]
fn chess_castling_is_fide() {
    let g = game("chess");
    let mut rows: Vec<String> = g
        .castlings
        .iter()
        .map(|c| {
            format!(
                "{}{} {}{}",
                g.geometry.name(c.king_from),
                g.geometry.name(c.king_to),
                g.geometry.name(c.rook_from),
                g.geometry.name(c.rook_to)
            )
        })
        .collect();
    rows.sort();
    assert_eq!(rows, ["e1c1 a1d1", "e1g1 h1f1", "e8c8 a8d8", "e8g8 h8f8"]);
    let short = g
        .castlings
        .iter()
        .find(|c| g.geometry.name(c.king_to) == "g1")
        .unwrap();
    assert_eq!(short.empty.len(), 2);
    assert_eq!(short.safe.len(), 3);
    assert_eq!(g.end.move_limit, Some(100));
}

#[test]
fn ryu_silver_by_zone() {
    let g = game("ryu-shogi");
    assert_eq!(count(&g, "S", "d5"), 19);
    assert_eq!(count(&g, "S", "d8"), 19);
    assert_eq!(dests(&g, "S", Side::White, "d2"), set("c1 c3 d3 e1 e3"));
    assert_eq!(dests(&g, "S", Side::Black, "d8").len(), 19);
}

#[test]
fn ryu_rook_by_zone() {
    let g = game("ryu-shogi");
    assert_eq!(dests(&g, "R", Side::White, "d3"), set("c3 e3 d2 d4"));
    assert_eq!(count(&g, "R", "d5"), 17);
    assert_eq!(count(&g, "R", "d8"), 21);
    assert!(dests(&g, "R", Side::White, "d8").contains("d1"));
}

#[test]
fn ryu_warriors_rules_3_8_6() {
    let g = game("ryu-shogi");
    for (p, d2) in RYU_WARRIORS_ON_D2 {
        assert_eq!(dests(&g, p, Side::White, "d2"), set(d2), "{p} d2");
    }
    for (p, d5, d8) in RYU_WARRIOR_COUNTS_ON_D5_D8 {
        assert_eq!(count(&g, p, "d5"), d5, "{p} d5");
        assert_eq!(count(&g, p, "d8"), d8, "{p} d8");
    }
}

#[test]
fn ryu_pawn_and_others_rules_3_8_7_and_8() {
    let g = game("ryu-shogi");
    assert_eq!(count(&g, "P", "d2"), 1);
    assert_eq!(dests(&g, "P", Side::White, "d5"), set("c6 d6 e6"));
    assert_eq!(dests(&g, "P", Side::White, "d8"), set("c8 c9 d7 d9 e8 e9"));
    assert_eq!(count(&g, "+P", "d5"), 6);
    for (p, n) in [("B", 12), ("G", 23), ("C", 17)] {
        assert_eq!(count(&g, p, "d5"), n, "{p}");
    }
    assert_eq!(count(&g, "B", "d8"), 16);
    for (p, n) in RYU_PROMOTED_COUNTS_ON_D5 {
        assert_eq!(count(&g, p, "d5"), n, "{p}");
    }
}

#[test]
fn ryu_black_is_rotated_rules_3_8_9() {
    let g = game("ryu-shogi");
    let v = dests(&g, "V", Side::Black, "d8");
    assert_eq!(v.len(), 20);
    assert!(v.contains("d1") && v.contains("d12") && v.contains("g8") && !v.contains("a8"));
    assert_eq!(dests(&g, "P", Side::Black, "d5").len(), 6);
    assert_eq!(dests(&g, "B", Side::Black, "d11").len(), 4);
}

#[test]
fn ryu_unpromoted_pieces_are_dead_in_zone_4() {
    let g = game("ryu-shogi");
    let sq = |s: &str| g.geometry.parse_square(s).unwrap();
    for p in ["P", "B", "R", "V", "W", "X", "C", "S", "G"] {
        let piece = g.piece(g.piece_by_symbol(p).unwrap());
        assert!(
            piece.dead[0].contains(sq("d10")) && !piece.dead[0].contains(sq("d9")),
            "{p}"
        );
        assert!(
            piece.dead[1].contains(sq("d3")) && !piece.dead[1].contains(sq("d4")),
            "{p}"
        );
    }
    assert!(g.piece(g.piece_by_symbol("K").unwrap()).dead[0].is_empty());
}

#[test]
fn ryu_promotion_drops_and_end() {
    let g = game("ryu-shogi");
    let s = g.piece(g.piece_by_symbol("S").unwrap());
    let promo = s.promotions.first().unwrap();
    assert!(promo.mandatory);
    assert_eq!(g.piece(promo.choices[0]).symbol, "+S");
    let drop = s.drop.as_ref().unwrap();
    assert_eq!(drop.forbidden[0].len(), 21);
    assert!(drop.forbidden[1].contains(g.geometry.parse_square("a1").unwrap()));
    let p = g
        .piece(g.piece_by_symbol("P").unwrap())
        .drop
        .clone()
        .unwrap();
    assert!(p.per_file.is_none() && p.no_drop_mate);
    let tokin = g.piece(g.piece_by_symbol("+P").unwrap());
    assert!(tokin.promoted && tokin.drop.is_none());
    assert_eq!(tokin.in_hand, g.piece_by_symbol("P"));
    assert!(g.piece(g.piece_by_symbol("K").unwrap()).in_hand.is_none());
    assert_eq!(g.end.stalemate, StalemateResult::Loss);
    let rep = g.end.repetition.unwrap();
    assert!(rep.count == 4 && rep.perpetual_check_loses);
    assert!(g.bonus_turn.is_none() && g.end.bare_king_loses.is_none());
}

#[test]
fn heian_bonus_turn_demotion_bare_king_nifu() {
    let g = game("heian-ryu-shogi");
    let bonus = g.bonus_turn.as_ref().unwrap();
    assert!(bonus.may_pass);
    assert_eq!(g.zone(bonus.zone).squares[0].len(), 21);
    let dragon = g.piece(g.piece_by_symbol("+R").unwrap());
    let (zone, base) = dragon.demote_in.unwrap();
    assert_eq!(g.piece(base).symbol, "R");
    assert!(g
        .zone(zone)
        .contains(Side::White, g.geometry.parse_square("d3").unwrap()));
    assert!(g
        .zone(zone)
        .contains(Side::Black, g.geometry.parse_square("d10").unwrap()));
    assert!(g.end.bare_king_loses.unwrap().hand_must_be_empty);
    assert!(
        g.piece(g.piece_by_symbol("P").unwrap())
            .drop
            .as_ref()
            .unwrap()
            .per_file
            == Some(1)
    );
}

#[test]
fn dai_ryu_knight_by_zone() {
    let g = game("dai-ryu-shogi");
    assert_eq!(dests(&g, "N", Side::White, "e3"), set("d5 f5"));
    assert_eq!(dests(&g, "N", Side::White, "e6"), set("d8 f8 d4 f4"));
    assert_eq!(count(&g, "N", "e10"), 8);
    assert_eq!(dests(&g, "N", Side::Black, "e11"), set("d9 f9 d13 f13"));
}

#[test]
fn dai_ryu_lance_platinum_reverse_gold_silver() {
    let g = game("dai-ryu-shogi");
    for (p, counts) in DAI_RYU_COUNTS_BY_ZONE {
        for (sq, n) in DAI_RYU_ZONE_SQUARES.iter().zip(counts) {
            assert_eq!(count(&g, p, sq), n, "{p} on {sq}");
        }
    }
    assert_eq!(dests(&g, "U", Side::White, "e3"), set("d2 d3 e4 f2 f3"));
    for (p, n) in DAI_RYU_PROMOTED_COUNTS_ON_E6 {
        assert_eq!(count(&g, p, "e6"), n, "{p}");
    }
}

#[test]
fn dai_ryu_drops_closed_in_zone_4() {
    let g = game("dai-ryu-shogi");
    let gold = g
        .piece(g.piece_by_symbol("G").unwrap())
        .drop
        .clone()
        .unwrap();
    assert_eq!(gold.forbidden[0].len(), 36);
    assert!(gold.forbidden[0].contains(g.geometry.parse_square("e13").unwrap()));
    assert!(!gold.forbidden[0].contains(g.geometry.parse_square("e12").unwrap()));
}

#[test]
fn euroshogi_knight_pawn_and_promotion_trigger() {
    let g = game("euroshogi");
    assert_eq!(dests(&g, "N", Side::White, "d4"), set("c4 e4 c6 e6"));
    assert_eq!(dests(&g, "N", Side::Black, "e5"), set("d5 f5 d3 f3"));
    let pawn = g.piece(g.piece_by_symbol("P").unwrap());
    assert_eq!(pawn.dead[0].len(), 8);
    assert!(pawn.dead[0].contains(g.geometry.parse_square("c8").unwrap()));
    assert!(pawn.dead[1].contains(g.geometry.parse_square("c1").unwrap()));
    assert!(g.piece(g.piece_by_symbol("N").unwrap()).dead[0].is_empty());
    let promo = pawn.promotions.first().unwrap();
    assert_eq!(
        promo.trigger,
        tatsu::rules::PromotionTrigger::StartOrDestination
    );
    assert!(promo.mandatory);
    for p in ["G", "K"] {
        assert!(g.piece(g.piece_by_symbol(p).unwrap()).promotions.is_empty());
    }
    let drop = pawn.drop.as_ref().unwrap();
    assert!(drop.per_file == Some(1) && drop.no_drop_mate && drop.forbidden[0].is_empty());
    assert_eq!(
        g.piece(g.piece_by_symbol("+R").unwrap()).in_hand,
        g.piece_by_symbol("R")
    );
}

#[test]
fn shogi_knight_and_lance_are_dead_on_the_last_ranks() {
    let g = game("shogi");
    let sq = |s: &str| g.geometry.parse_square(s).unwrap();
    let knight = g.piece(g.piece_by_symbol("N").unwrap());
    assert_eq!(knight.dead[0].len(), 18);
    assert!(knight.dead[0].contains(sq("a8")) && !knight.dead[0].contains(sq("a7")));
    let lance = g.piece(g.piece_by_symbol("L").unwrap());
    assert_eq!(lance.dead[0].len(), 9);
    assert!(!lance.promotions.first().unwrap().mandatory);
    assert_eq!(count(&g, "+R", "e5"), 20);
}

/// `drop at-most N per-file`: tori shogi's swallows stop at two a file (its perft table checks the moves); a
/// second, different limit for one piece is an error at it.
#[test]
fn per_file_drop_limit_is_read_and_a_second_limit_is_an_error() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/torishogi.tatsu"
    );
    let source = std::fs::read_to_string(path).unwrap();
    let game = tatsu::compile::compile("torishogi.tatsu", &source)
        .expect("compiles")
        .game;
    let swallow = game.piece(game.piece_by_symbol("S").unwrap());
    assert_eq!(swallow.drop.as_ref().unwrap().per_file, Some(2));
    let twice = crate::support::variants::replaced(
        &source,
        "drop at-most 2 per-file",
        "drop at-most 2 per-file at-most 3 per-file",
    );
    let Err(errors) = tatsu::compile::compile("torishogi.tatsu", &twice) else {
        panic!("two per-file limits compiled");
    };
    assert!(
        errors
            .iter()
            .any(|d| d.message.contains("a second per-file drop limit (3)")),
        "{errors:?}"
    );
}

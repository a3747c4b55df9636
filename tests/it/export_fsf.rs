//! `tatsu export --to fsf`: what Fairy-Stockfish cannot say is listed and the export refused (or, lossy, named in
//! comments); what it can say is checked by the real engine: pyffish loads the exported definition and its perft,
//! counted by `scripts/fsf_perft.py`, equals tatsu's.
use crate::support::binary::tatsu;
use crate::support::pyffish::pyffish;
use std::process::Command;
use tatsu::engine::{perft::perft, Engine, Position};

mod castling;
mod demotion;
mod material;
mod pawns;
mod sittuyin;
mod spartan;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn game(name: &str) -> tatsu::rules::Game {
    tatsu::variants::load(name).expect("loads").game
}

#[test]
fn zone_dependent_moves_are_listed_and_refused() {
    let refusal = tatsu::export::to_fsf(
        &game(&format!("{ROOT}/docs/examples/mini-ryu.tatsu")),
        "x",
        false,
    )
    .unwrap_err();
    assert!(refusal.fatal.is_empty());
    // Its promotions on arrival are not listed: no move of an unpromoted piece starts in `far` (its moves are
    // by zone, and it has none there), so FSF's "starts or ends there" fires on the same moves.
    assert_eq!(refusal.inexpressible.len(), 3, "{refusal}");
    assert!(refusal.inexpressible[0]
        .starts_with("the General moves by zone (\"WfF\" in camp, \"RfB\" in field)"));
}

#[test]
fn a_board_larger_than_fsfs_is_refused_even_when_lossy() {
    let refusal = tatsu::export::to_fsf(&game("ryu-shogi"), "x", true).unwrap_err();
    assert_eq!(refusal.fatal, ["the board is 7x12; FSF's largest is 12x10"]);
    assert!(
        refusal.inexpressible.len() >= 9,
        "the zone rules are listed too: {refusal}"
    );
}

#[test]
fn ryugis_two_castling_distances_are_named_and_the_export_refused() {
    let run = tatsu(&["export", "ryugi", "--to", "fsf"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("castling: 8 castling moves for 4 rights"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn a_lossy_export_names_every_dropped_rule_in_a_comment() {
    let run = tatsu(&["export", "ryugi", "--to", "fsf", "--lossy"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let dropped: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("# dropped (Fairy-Stockfish cannot say it): "))
        .collect();
    // Its castling distances; its insufficient-material list is FSF's own judgement (K v K, one knight or bishop).
    assert_eq!(dropped.len(), 1, "{}", run.stdout);
    assert_eq!(run.stderr.matches("warning: left out:").count(), 1);
}

#[test]
fn euroshogi_and_shogi_export_without_loss() {
    for name in ["euroshogi", "shogi"] {
        let e = tatsu::export::to_fsf(&game(name), "x", false).unwrap();
        assert!(e.dropped.is_empty(), "{name}: {:?}", e.dropped);
        assert!(e.text.contains("shogiPawnDropMateIllegal = true"));
        assert!(e.text.contains("dropNoDoubled = p"));
    }
}

/// Perft of the exported definition, counted by Fairy-Stockfish.
fn fsf_perft(ini: &std::path::Path, variant: &str, depth: u32, fen: Option<&str>) -> u64 {
    let mut cmd = Command::new("python3");
    cmd.arg(format!("{ROOT}/scripts/fsf_perft.py"))
        .arg(ini)
        .arg(variant)
        .arg(depth.to_string());
    if let Some(fen) = fen {
        cmd.arg(fen);
    }
    let out = cmd.output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        !stderr.contains("already exists") && !stderr.contains("nvalid"),
        "pyffish did not take the definition: {stderr}"
    );
    stdout
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{stdout}{stderr}"))
}

/// A position (`None`: the start) and a perft depth.
type Perft = (Option<&'static str>, u32);

#[test]
#[ignore = "slow oracle cross-check (Fairy-Stockfish via pyffish): run with --include-ignored, as CI does"]
fn fairy_stockfish_loads_each_export_and_counts_the_same_perft() {
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch("fsf");
    // (game, lossy, positions: FEN or the start, depth).
    let placement = format!("{ROOT}/tests/data/variants/placement.tatsu");
    let seirawan = format!("{ROOT}/tests/data/variants/seirawan.tatsu");
    let ranges = format!("{ROOT}/tests/data/export/ranges-written-in-order.tatsu");
    let cases: [(&str, bool, &[Perft]); 7] = [
        (
            "chess",
            false,
            &[
                (None, 3),
                (
                    Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                    2,
                ),
                (Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 3),
            ],
        ),
        (
            "shogi",
            false,
            &[
                (None, 3),
                (
                    Some(
                        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 3",
                    ),
                    2,
                ),
            ],
        ),
        (
            "euroshogi",
            false,
            &[
                (None, 3),
                (
                    Some("1nbgkgn1/1r4b1/2pppppp/Pp6/8/1PPPPPPP/1B4R1/1NGKGBN1[P] w - - 1 3"),
                    2,
                ),
                (Some("4k3/8/3B4/8/8/8/8/K7[Pg] w - - 0 1"), 2),
            ],
        ),
        (
            // Remembered promotions are FSF's own crazyhouse rule: a captured `Q~` is a pawn in hand there too.
            "crazyhouse",
            false,
            &[
                (None, 3),
                (Some("3Q~k3/8/8/8/8/8/8/4K3[] b - - 0 1"), 3),
                (Some("k7/3P4/8/8/8/8/8/4K3[] w - - 0 1"), 3),
            ],
        ),
        (
            // Lossy for the pawn's drop zone only: it is never held. A king in hand, the bishops' colours and
            // castling rights gained by drops are FSF's own placement switches.
            &placement,
            true,
            &[
                (None, 2),
                (Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1"), 3),
                (
                    Some("4k3/pppppppp/8/8/8/8/PPPPPPPP/RB1QK1NR[BN] w - - 0 1"),
                    3,
                ),
                (Some("4k3/8/8/8/8/8/P7/1r6[K] w - - 0 1"), 3),
            ],
        ),
        (
            // Gating is FSF's own `seirawanGating`; the gates come from the FEN's castling field.
            &seirawan,
            false,
            &[
                (None, 3),
                (Some("r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1"), 2),
                (Some("4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1"), 3),
            ],
        ),
        (
            // Components FSF would let replace each other's ranges, written weakest first. As the designer wrote
            // them (`cRW4`, `pRgQ`, `mNnN`) pyffish counts 22 moves at the start, not 34.
            &ranges,
            false,
            &[
                (None, 3),
                (
                    Some("r2k1n1r/p1p1p1pp/1p1n1p2/3p4/C1PP2PP/PN3P2/1P2cc2/RC1NK2R b - - 2 14"),
                    2,
                ),
            ],
        ),
    ];
    for (name, lossy, positions) in cases {
        let g = game(name);
        let short = std::path::Path::new(name)
            .file_stem()
            .unwrap()
            .to_string_lossy();
        let variant = format!("tatsu-{short}");
        let exported = tatsu::export::to_fsf(&g, &variant, lossy).unwrap();
        let ini = dir.join(format!("{short}.ini"));
        std::fs::write(&ini, &exported.text).unwrap();
        let engine = Engine::new(g);
        for &(fen, depth) in positions {
            let mut pos = match fen {
                Some(f) => Position::from_fen(&engine, f).unwrap(),
                None => Position::start(&engine),
            };
            assert_eq!(
                fsf_perft(&ini, &variant, depth, fen),
                perft(&mut pos, depth),
                "{name} {fen:?} depth {depth}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_documented_exports_are_what_the_binary_prints() {
    let doc = std::fs::read_to_string(format!("{ROOT}/docs/export.md")).unwrap();
    for (args, refused) in [
        (&["export", "euroshogi", "--to", "fsf"][..], false),
        (
            &["export", "docs/examples/mini-ryu.tatsu", "--to", "fsf"][..],
            true,
        ),
    ] {
        let command = format!("$ tatsu {}\n", args.join(" "));
        let start = doc.find(&command).expect("docs/export.md shows it") + command.len();
        let shown = &doc[start..start + doc[start..].find("```").unwrap()];
        let run = tatsu(args);
        let printed = if refused { run.stderr } else { run.stdout };
        assert_eq!(printed, shown, "{command}");
    }
}

/// Chess with the Knight's moves replaced, and `edit` applied to the rest of the file.
fn chess_with_knight(moves: &str, edit: (&str, &str)) -> tatsu::rules::Game {
    let source = crate::support::variants::source_with(
        "variants/chess.tatsu",
        r#"moves "N""#,
        &format!(r#"moves "{moves}""#),
    );
    let source = crate::support::variants::replaced(&source, edit.0, edit.1);
    crate::support::variants::engine_of(&source).game.clone()
}

pub(crate) fn refusal_of(game: &tatsu::rules::Game) -> Vec<String> {
    match tatsu::export::to_fsf(game, "x", false) {
        Ok(_) => Vec::new(),
        Err(refusal) => refusal.inexpressible,
    }
}

const UNEDITED: (&str, &str) = ("orientation mirror", "orientation mirror");
/// The edit that lets pieces stand where they could never move again.
const DEAD_SQUARES_ALLOWED: (&str, &str) = (
    "orientation mirror",
    "orientation mirror\ndead-squares allowed",
);

#[test]
fn components_fsf_would_let_replace_each_others_ranges_are_written_weakest_first() {
    let exported = tatsu::export::to_fsf(
        &game(&format!(
            "{ROOT}/tests/data/export/ranges-written-in-order.tatsu"
        )),
        "x",
        false,
    )
    .unwrap();
    for line in [
        "customPiece1 = r:W4cR",
        "customPiece2 = c:gQpR",
        "customPiece3 = n:nNmN",
    ] {
        assert!(
            exported.text.lines().any(|l| l == line),
            "{line}\n{}",
            exported.text
        );
    }
}

#[test]
fn a_piece_fsfs_betza_reader_reads_as_another_is_refused() {
    // `fK`: one step forward here, three directions to FSF. `D2`: FSF rides only the rook's, bishop's and
    // nightrider's lines (pyffish 0.0.90 gives a `D2` no move at all). `nW`: FSF's lame leapers are the
    // dabbaba, horse, elephant and Janggi elephant only.
    for (moves, verb, what) in [
        ("fK", "adds", "moves diagonally forward-left one square"),
        (
            "ND2",
            "lacks",
            "moves 2 squares straight forward in up to 2 leaps",
        ),
        ("nWN", "lacks", "moves straight forward one square"),
    ] {
        let refused = refusal_of(&chess_with_knight(moves, UNEDITED));
        assert!(
            refused[0].contains("FSF's Betza reader makes another piece of it"),
            "{moves}: {refused:?}"
        );
        assert!(
            refused[0].contains(&format!("(its reading {verb} ")),
            "{moves}: {refused:?}"
        );
        assert!(refused[0].contains(what), "{moves}: {refused:?}");
    }
}

#[test]
fn an_asymmetric_piece_is_refused_where_black_mirrors_white_but_not_where_it_rotates() {
    let mirrored = refusal_of(&chess_with_knight("lNrW", UNEDITED));
    assert!(
        mirrored.iter().any(|r| r == "the Knight is not left-right symmetric, and FSF turns Black's moves 180° where this game mirrors them"),
        "{mirrored:?}"
    );
    let rotated = refusal_of(&chess_with_knight(
        "lNrW",
        ("orientation mirror", "orientation rotate"),
    ));
    assert!(
        !rotated.iter().any(|r| r.contains("symmetric")),
        "{rotated:?}"
    );
}

/// FSF's immobilityIllegal counts quiet moves only: it would keep a Knight that moves forward and captures
/// backward off the last ranks, where tatsu lets it stand (it may still capture). Where tatsu's dead-square rule
/// never decides (every square a piece could never leave is one where it must promote on arriving, no drops), the
/// option is written off, as FSF's own Legan chess has it; where it does decide (a Knight capturing only to the
/// right is stuck on h7 and h8), the difference is named.
#[test]
fn a_piece_that_can_capture_where_it_cannot_move_quietly_is_written_with_immobility_off_where_dead_squares_never_decide(
) {
    // (The Knight is no longer FSF's knight, so its insufficient-material rule is named: written --lossy.)
    let knight = chess_with_knight("fmNbcN", UNEDITED);
    let lines = tatsu::export::to_fsf(&knight, "x", true)
        .unwrap_or_else(|refusal| panic!("{refusal}"))
        .text;
    assert!(
        lines.lines().any(|l| l == "immobilityIllegal = false"),
        "{lines}"
    );
    let named = refusal_of(&knight);
    assert!(!named.iter().any(|r| r.contains("quiet move")), "{named:?}");
    let refused = refusal_of(&chess_with_knight("fmNrcW", UNEDITED));
    assert!(
        refused.iter().any(|r| r
            .starts_with("the Knight has no quiet move from a7, b7, c7, d7, e7, f7 and 8 more")),
        "{refused:?}"
    );
    let allowed = refusal_of(&chess_with_knight("fmNrcW", DEAD_SQUARES_ALLOWED));
    assert!(
        !allowed.iter().any(|r| r.contains("quiet move")),
        "{allowed:?}"
    );
}

#[test]
fn a_promotion_to_a_piece_on_a_square_it_could_never_leave_is_refused_under_dead_squares() {
    // A Knight that jumps forward only could never leave the last rank: tatsu's pawn does not promote to it
    // there, while pyffish 0.0.90 lists `g7g8n` (its immobilityIllegal leaves promotions alone).
    let refused = refusal_of(&chess_with_knight("fN", UNEDITED));
    assert!(
        refused.iter().any(|r| r
            == "the Pawn does not promote to the Knight on a8, b8, c8, d8, e8, f8, g8, h8, where it could never \
                move again; FSF's immobilityIllegal leaves promotions alone, so there it would"),
        "{refused:?}"
    );
    let allowed = refusal_of(&chess_with_knight("fN", DEAD_SQUARES_ALLOWED));
    assert!(
        !allowed.iter().any(|r| r.contains("promote")),
        "{allowed:?}"
    );
}

#[test]
fn promotion_on_arrival_is_refused_only_for_a_piece_that_can_leave_the_zone() {
    // Shogi with the Silver and the Lance promoting only on arriving in the zone. FSF promotes a move that starts
    // or ends there: the Silver can step back out of the zone, so the two rules differ for it; the Lance only
    // moves forward, so for it they are one rule.
    let source = crate::support::variants::source_with(
        "variants/shogi.tatsu",
        r#"moves "FfW"  promote to +S in promotion optional on start-or-destination"#,
        r#"moves "FfW"  promote to +S in promotion optional on destination"#,
    );
    let source = crate::support::variants::replaced(
        &source,
        r#"moves "fR"   promote to +L in promotion optional on start-or-destination"#,
        r#"moves "fR"   promote to +L in promotion optional on destination"#,
    );
    let refused = refusal_of(&crate::support::variants::engine_of(&source).game);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0]
            .starts_with("the Silver promotes only on arriving in `promotion` and can leave it ("),
        "{refused:?}"
    );
}

/// The lines of `file`'s export to FSF, refused or not (the refusal's rules in the panic).
fn exported_lines(file: &str) -> Vec<String> {
    let exported = tatsu::export::to_fsf(&game(&format!("{ROOT}/{file}")), "x", false)
        .unwrap_or_else(|refusal| panic!("{file}: {refusal}"));
    exported.text.lines().map(str::to_owned).collect()
}

/// End rules FSF says with options of its own: `checkmate win` (checkmateValue), who loses by repetition
/// (nFoldValue, from White's side with nFoldValueAbsolute; `mover-loses` is a win for the side to move), shatranj's
/// bare king (its extinction rule with the opponent's count and the claim), a royal piece that is not a king
/// (`king = k:BETZA`), makpong's frozen king, shatar's mates, Cambodian chess's first moves (cambodianMoves, the
/// rights in the FEN's castling field as FSF's gates), a move-limit reset by a pawn that can step sideways and
/// back (nMoveRuleTypes: FSF, like tatsu, keeps the count on a move the piece could undo).
/// scripts/export_roundtrip.py plays each along random games in pyffish.
#[test]
fn end_rules_fsf_says_are_written_with_its_options() {
    let cases: [(&str, &[&str]); 9] = [
        (
            "tests/data/variants/misere.tatsu",
            &["checkmateValue = win"],
        ),
        (
            "tests/data/variants/minishogi.tatsu",
            &["nFoldValue = loss", "nFoldValueAbsolute = true"],
        ),
        ("tests/data/variants/torishogi.tatsu", &["nFoldValue = win"]),
        (
            "tests/data/variants/shatranj.tatsu",
            &[
                "extinctionValue = loss",
                "extinctionClaim = true",
                "extinctionPieceTypes = *",
                "extinctionPieceCount = 1",
                "extinctionOpponentPieceCount = 2",
            ],
        ),
        ("tests/data/variants/knightmate.tatsu", &["king = k:N"]),
        ("tests/data/variants/makpong.tatsu", &["makpongRule = true"]),
        // `initial unmoved` on the king (`not-in-check lost-when-aligned-with R`) and the met: FSF's own rule.
        (
            "tests/data/variants/cambodian.tatsu",
            &[
                "king = k",
                "fers = m",
                "gating = true",
                "cambodianMoves = true",
            ],
        ),
        (
            "tests/data/variants/shatar.tatsu",
            &["bers = j", "knight = n", "shatarMateRule = true"],
        ),
        (
            "tests/data/variants/pawnsideways.tatsu",
            &["nMoveRule = 50", "nMoveRuleTypes = p"],
        ),
    ];
    for (file, wanted) in cases {
        let lines = exported_lines(file);
        for line in wanted {
            assert!(
                lines.iter().any(|l| l == line),
                "{file}: no `{line}` in {lines:#?}"
            );
        }
    }
    // The mover's loss is relative: never from White's side.
    let tori = exported_lines("tests/data/variants/torishogi.tatsu");
    assert!(!tori.iter().any(|l| l.starts_with("nFoldValueAbsolute")));
}

#[test]
fn a_bare_king_without_the_reprieve_is_refused_with_fsfs_order_of_judgement() {
    let source = crate::support::variants::source_with(
        "tests/data/variants/shatranj.tatsu",
        "bare-king loses reprieve",
        "bare-king loses",
    );
    let refused = refusal_of(&crate::support::variants::engine_of(&source).game);
    assert_eq!(
        refused,
        ["`bare-king loses`: where both sides are bare, FSF's extinction judges the side that has just moved first, tatsu's bare king the side to move"]
    );
}

/// Janggi's palace lines are FSF's diagonalLines, which move only FSF's wazir, wazir-type king, soldier, rook and
/// janggi cannon, and only in a section that inherits its `janggi` (the one way to a king of the wazir's type):
/// each piece is written as FSF's janggi piece, and every rule janggi sets is written again (flyingGeneral,
/// bikjangRule, materialCounting, pass, the template's palace confinement of its fers). FSF's janggi count (its
/// position.h: chariot 13, cannon 7, horse 5, elephant 3, guard 3, soldier 2, White minus 1, no tie) is tatsu's
/// `material-count` with Black's bonus 1.5. scripts/export_roundtrip.py plays all three janggi games in pyffish.
#[test]
fn janggis_palace_lines_pieces_pass_bikjang_and_count_are_fsfs_janggi_options() {
    let janggi = exported_lines("tests/data/variants/janggi.tatsu");
    let casual = exported_lines("tests/data/variants/janggicasual.tatsu");
    assert_eq!(janggi[1], "[x:janggi]");
    for line in [
        "diagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10",
        "wazir = a",
        "janggiElephant = b",
        "horse = n",
        "rook = r",
        "janggiCannon = c",
        "soldier = p",
        "soldierPromotionRank = 1",
        "mobilityRegionWhiteFers = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10",
        "flyingGeneral = false",
        "pass = true",
        "bikjangRule = true",
        "materialCounting = janggi",
    ] {
        assert!(
            janggi.iter().any(|l| l == line),
            "no `{line}` in {janggi:#?}"
        );
    }
    // The template's king (`k`, of the wazir's type) stays: a `king` line would make it a chess king.
    assert!(!janggi.iter().any(|l| l.starts_with("king")));
    for line in [
        "bikjangRule = false",
        "materialCounting = none",
        "pass = true",
    ] {
        assert!(
            casual.iter().any(|l| l == line),
            "no `{line}` in {casual:#?}"
        );
    }
}

/// What FSF's janggi options cannot say is named: its count (a tie is Black's, so Black's bonus must lie strictly
/// between 1 and 2 points), a pass without the double-pass draw (FSF's pass always has it), and palace lines
/// along which a piece moves other than FSF's janggi pieces do.
#[test]
fn janggi_rules_fsf_says_otherwise_are_refused_with_the_difference() {
    let refused = |from: &str, to: &str| {
        let source =
            crate::support::variants::source_with("tests/data/variants/janggi.tatsu", from, to);
        refusal_of(&crate::support::variants::engine_of(&source).game)
    };
    assert_eq!(
        refused("bonus black 1.5", "bonus black 1"),
        ["`material-count A 3, B 3, N 5, R 13, C 7, P 2 bonus black 1`: FSF's janggi count gives Black a bonus between 1 and 2 points (White wins by 2 or more), none to White"]
    );
    assert_eq!(
        refused("  double-pass draws\n", ""),
        ["`pass allowed` without `double-pass draws`: FSF's pass ends the game after two in a row"]
    );
    let chariot = refused(
        r#"also moves in palace-lines "B" within palace-lines"#,
        r#"also moves in palace-lines "F" within palace-lines"#,
    );
    assert!(
        chariot.iter().any(|r| r.starts_with(
            "the Chariot's `moves … \"F\" within palace-lines`: FSF's palace lines move only"
        )),
        "{chariot:#?}"
    );
}

/// Wolf chess's pawn may also become the elephant (`+P`), its sergeant not: FSF's one list of pawn promotions for
/// both, and the elephant as the pawn's promotedPieceType, which FSF offers beside them (its movegen.cpp), as its
/// built-in `wolf` does. Legan chess's pawn captures straight ahead from squares where it has no quiet move, and
/// its only dead square (a8) is one where it must promote: immobilityIllegal off, as in FSF's built-in `legan`.
#[test]
fn a_pawns_extra_promoted_form_is_fsfs_promoted_piece_type_and_legans_pawn_has_immobility_off() {
    let wolf = exported_lines("tests/data/variants/wolf.tatsu");
    for line in [
        "promotionPieceTypes = qwfrb",
        "promotionPawnTypes = ps",
        "promotedPieceType = p:e",
        "mandatoryPiecePromotion = true",
    ] {
        assert!(wolf.iter().any(|l| l == line), "no `{line}` in {wolf:#?}");
    }
    let legan = exported_lines("tests/data/variants/legan.tatsu");
    assert!(
        legan.iter().any(|l| l == "immobilityIllegal = false"),
        "{legan:#?}"
    );
}

/// tatsu's `i` moves from `initial in ZONE` squares are FSF's initial moves, made from its doubleStepRegion (one
/// for every piece): written for Georgian chess's pawn. FSF drops initial captures, so an `i` move that captures
/// stays refused.
#[test]
fn initial_moves_from_a_zone_are_fsfs_initial_moves_from_its_double_step_region() {
    let lines = exported_lines("tests/data/variants/georgian.tatsu");
    for line in [
        "customPiece2 = p:fmWfcFifmnD",
        "doubleStepRegionWhite = *2",
        "doubleStepRegionBlack = *7",
    ] {
        assert!(lines.iter().any(|l| l == line), "no `{line}` in {lines:#?}");
    }
    let source = crate::support::variants::source_with(
        "tests/data/variants/georgian.tatsu",
        r#"moves "ifmnDfmWfcF""#,
        r#"moves "ifnDfmWfcF""#,
    );
    let refused = refusal_of(&crate::support::variants::engine_of(&source).game);
    assert_eq!(
        refused,
        ["the Pawn's \"ifnD\": FSF makes no initial captures (`i` with `c`), so it is left out"]
    );
}

/// A sample of docs/coverage.md's games, one for each rule FSF says in its own words: each exports without
/// `--lossy`, and (with pyffish) Fairy-Stockfish loads the export and counts the start position's perft to depth 2
/// as tatsu does. `scripts/export_roundtrip.py` does the same for every coverage game.
#[test]
fn coverage_games_export_without_loss_and_fsf_counts_the_same_perft() {
    let cases = [
        // insufficient material (FSF's own judgement), the 50-move rule
        "variants/chess.tatsu",
        // a pawn without a double step, promotion on arrival where it cannot leave the zone, countingRule
        "variants/makruk.tatsu",
        // shogi-style promotion and drops
        "variants/shogi.tatsu",
        // remembered promotions
        "variants/crazyhouse.tatsu",
        // promotionLimit
        "tests/data/variants/grand.tatsu",
        // flagPiece and flagRegion
        "tests/data/variants/kingofthehill.tatsu",
        // flagMove, no repetition rule (nFoldRule = 0)
        "tests/data/variants/jesonmor.tatsu",
        // checkCounting from the start FEN
        "tests/data/variants/threecheck.tatsu",
        // a promoting piece with a choice (promotionPawnTypes), nMoveRuleTypes
        "tests/data/variants/asean.tatsu",
        // a royal piece of its own moves (`king = k:N`)
        "tests/data/variants/knightmate.tatsu",
        // shatranj's bare king (extinctionOpponentPieceCount)
        "tests/data/variants/shatranj.tatsu",
        // initial moves of a custom piece from doubleStepRegion
        "tests/data/variants/georgian.tatsu",
        // first-move rights as FSF's gates (cambodianMoves)
        "tests/data/variants/cambodian.tatsu",
        // wallingRule (past)
        "tests/data/variants/joust.tatsu",
        // blastOnCapture, the royal king as FSF's pseudo-royal piece
        "tests/data/variants/atomic.tatsu",
        // blastImmuneTypes, mutuallyImmuneTypes
        "tests/data/variants/atomar.tatsu",
        // mobilityRegion, the soldier (soldierPromotionRank), flyingGeneral
        "tests/data/variants/xiangqi.tatsu",
        // `e` on a custom pawn (enPassantTypes)
        "tests/data/variants/berolina.tatsu",
        // promotionPieceTypesWhite/Black
        "tests/data/variants/chigorin.tatsu",
        // `royals all-safe` as pseudo-royal queens
        "tests/data/variants/coregal.tatsu",
        // janggi's palace lines, pieces, pass, bikjang and count, inheriting FSF's janggi
        "tests/data/variants/janggi.tatsu",
    ];
    let dir = crate::support::scratch::scratch("fsf-sample");
    let fsf = pyffish().is_some();
    for file in cases {
        let g = game(&format!("{ROOT}/{file}"));
        let exported = tatsu::export::to_fsf(&g, "tatsu-sample", false)
            .unwrap_or_else(|refusal| panic!("{file}: {refusal}"));
        if !fsf {
            continue;
        }
        let ini = dir.join("sample.ini");
        std::fs::write(&ini, &exported.text).unwrap();
        let engine = Engine::new(g);
        let mut start = Position::start(&engine);
        assert_eq!(
            fsf_perft(&ini, "tatsu-sample", 2, Some(&engine.game.start_fen)),
            perft(&mut start, 2),
            "{file}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// FSF's blastOnCapture spares its pawn type and nothing else: `explosions spare` listing another piece is named
/// with that difference (atomic's own `spare P` exports).
#[test]
fn explosions_sparing_a_piece_other_than_fsfs_pawn_are_refused_with_the_difference() {
    let source = crate::support::variants::source_with(
        "tests/data/variants/atomic.tatsu",
        "explosions spare P",
        "explosions spare P N",
    );
    let refused = refusal_of(&crate::support::variants::engine_of(&source).game);
    assert_eq!(
        refused,
        ["`explosions`: the Knight is spared, but FSF's blastOnCapture spares only its pawn (`fmWfcF`, promoting)"]
    );
}

/// With walls, FSF's immobilityIllegal judges a square with the walls around it: duck chess's pawns, which must
/// promote on the last rank, never meet the rule and export; an optional promotion leaves a square where a pawn
/// could stop for good, and the difference is named.
#[test]
fn the_dead_square_rule_with_walls_is_refused_where_a_piece_could_stop_for_good() {
    let source = crate::support::variants::source_with(
        "tests/data/variants/duck.tatsu",
        "in last-rank mandatory",
        "in last-rank optional",
    );
    let refused = refusal_of(&crate::support::variants::engine_of(&source).game);
    assert!(
        refused.iter().any(|r| r
            .starts_with("the dead-square rule with walls: the Pawn could never move again from")),
        "{refused:#?}"
    );
}

/// FSF's en passant takes every capture-only move of a piece with `e`: a Berolina pawn that also captures
/// backwards without `e` is named.
#[test]
fn en_passant_on_a_custom_piece_is_refused_where_another_capture_lacks_it() {
    let source = crate::support::variants::source_with(
        "tests/data/variants/berolina.tatsu",
        r#"moves "fmFfceWifmnA""#,
        r#"moves "fmFfceWifmnAbcW""#,
    );
    let refused = refusal_of(&crate::support::variants::engine_of(&source).game);
    assert!(
        refused.contains(
            &"the Pawn's \"bcW\" captures without `e`; FSF's en passant (enPassantTypes) takes every capture-only move of a piece with `e`".to_string()
        ),
        "{refused:#?}"
    );
}

/// `royals last-safe` with two royal types (Sho Shogi's king and crown prince) is not FSF's pseudo-royal rule,
/// which keeps the last piece of each type safe; nor would one type be (FSF's own shoshogi makes the prince its
/// king's type): FSF's position.cpp legal() recounts the pseudo-royal pieces after a pawn-style promotion only,
/// not after the elephant's shogi-style one.
#[test]
fn last_safe_royals_of_several_types_are_refused_with_fsfs_per_type_count() {
    let refused = refusal_of(&game(&format!("{ROOT}/tests/data/variants/shoshogi.tatsu")));
    assert_eq!(
        refused,
        [
            "`royals last-safe`: FSF's pseudo-royal pieces are the last of each type, so with several royal types (K +E) a side's last one of each must be kept safe, not its last royal piece",
            "`royals last-safe`: the Drunk Elephant promotes to a royal piece; FSF's legal() recounts a side's pseudo-royal pieces after a pawn-style promotion only, so after a shogi-style one (promotedPieceType) its last one must still be safe, where in tatsu the promotion answers a check on it",
        ]
    );
}

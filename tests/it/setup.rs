//! FEN through `Setup`: every kind of FEN error, located at the text it is about; ids of more than one letter in
//! FEN (`(N2)`, `+(Nb)`) and in moves (`e9e10n2`, `Nj@e5`) on a test variant with 61 piece types; the limits on
//! piece types and on pieces in hand.
use crate::support::variants;
use tatsu::engine::{Engine, Position};
use tatsu::rules::{Side, MAX_PIECE_TYPES};
use tatsu::setup::{FenError, Problem, Setup};

fn bundled(name: &str) -> Engine {
    Engine::new(tatsu::variants::load(name).expect("bundled").game)
}

/// The problems of a FEN the game refuses, each with the text its span points at.
fn refused(engine: &Engine, fen: &str) -> Vec<(Problem, String)> {
    let Err(FenError { problems }) = Position::from_fen(engine, fen) else {
        panic!("`{fen}` was accepted")
    };
    problems
        .iter()
        .map(|p| (p.problem.clone(), fen[p.span.start..p.span.end].to_string()))
        .collect()
}

/// Each FEN is refused with (at least) the given problem, located at the given text.
fn assert_refused(cases: Vec<(&Engine, String, Problem, &str)>) {
    for (engine, fen, problem, at) in cases {
        let found = refused(engine, &fen);
        assert!(
            found.contains(&(problem, at.to_string())),
            "{fen}: {found:?}"
        );
    }
}

const CHESS_KINGS: &str = "4k3/8/8/8/8/8/8/4K3";
const SHOGI: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

#[test]
fn every_reading_error_names_the_offending_text() {
    let chess = bundled("chess");
    let shogi = bundled("shogi");
    let many = variants::engine("many-pieces");
    let cases: Vec<(&Engine, String, Problem, &str)> = vec![
        (&chess, "   ".into(), Problem::Empty, "   "),
        (
            &chess,
            "8/8/8 w - - 0 1".into(),
            Problem::RankCount {
                found: 3,
                expected: 8,
            },
            "8/8/8",
        ),
        (
            &chess,
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1".into(),
            Problem::RankLength {
                rank: 1,
                found: 9,
                expected: 8,
            },
            "4K4",
        ),
        (
            &chess,
            "4k3/8/8/8/8/8/8/99999K3 w - - 0 1".into(),
            Problem::BadEmptyRun("99999".into()),
            "99999",
        ),
        (
            &chess,
            "4k3/8/8/8/8/8/8/4K2! w - - 0 1".into(),
            Problem::Unexpected('!'),
            "!",
        ),
        (
            &chess,
            "4k3/8/8/8/8/8/8/4K2* w - - 0 1".into(),
            Problem::NotAHole("h1".into()),
            "*",
        ),
        (
            &chess,
            "4k3/8/8/8/8/8/8/4K2X w - - 0 1".into(),
            Problem::UnknownPiece("X".into()),
            "X",
        ),
        (
            &shogi,
            format!("{SHOGI}[P w - - 0 1"),
            Problem::UnclosedHand,
            "[",
        ),
        (
            &shogi,
            format!("{SHOGI}[0P] w - - 0 1"),
            Problem::BadCount("0".into()),
            "0",
        ),
        (
            &shogi,
            format!("{SHOGI}[P3] w - - 0 1"),
            Problem::BadCount("3".into()),
            "3",
        ),
        (
            &chess,
            format!("{CHESS_KINGS} x - - 0 1"),
            Problem::BadSide("x".into()),
            "x",
        ),
        (
            &chess,
            format!("{CHESS_KINGS} w - z9 0 1"),
            Problem::BadEpSquare("z9".into()),
            "z9",
        ),
        (
            &chess,
            format!("{CHESS_KINGS} w - - 4294967296 1"),
            Problem::BadClock("4294967296".into()),
            "4294967296",
        ),
        (
            &chess,
            format!("{CHESS_KINGS} w - - 0 1 extra"),
            Problem::UnexpectedToken("extra".into()),
            "extra",
        ),
        (
            &many,
            "4k5/10/10/10/10/10/10/10/10/4K(N2 w - - 0 1".into(),
            Problem::BadParentheses("(N2".into()),
            "(N2",
        ),
        (
            &many,
            "4k5/10/10/10/10/10/10/10/10/4K(2N)4 w - - 0 1".into(),
            Problem::BadParentheses("(2N)".into()),
            "(2N)",
        ),
        (
            &many,
            "4k5/10/10/10/10/10/10/10/10/4K(M2)4 w - - 0 1".into(),
            Problem::UnknownPiece("(M2)".into()),
            "(M2)",
        ),
    ];
    assert_refused(cases);
}

#[test]
fn every_rules_error_names_the_offending_text() {
    let chess = bundled("chess");
    let shogi = bundled("shogi");
    let cases: Vec<(&Engine, String, Problem, &str)> = vec![
        (
            &shogi,
            format!("{SHOGI}[65535P] w - - 0 1"),
            Problem::TooManyPieces { found: 65535 + 40 },
            "65535P",
        ),
        (
            &chess,
            format!("{CHESS_KINGS}[P] w - - 0 1"),
            Problem::NoHands,
            "P",
        ),
        (
            &shogi,
            format!("{SHOGI}[K] w - - 0 1"),
            Problem::CannotBeHeld("K".into()),
            "K",
        ),
        (
            &chess,
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1".into(),
            Problem::SecondRoyal(Side::White),
            "K",
        ),
        (
            &chess,
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            Problem::DeadSquare {
                side: Side::White,
                piece: "Pawn".into(),
                square: "a8".into(),
            },
            "P",
        ),
        (
            &chess,
            format!("{CHESS_KINGS} w X - 0 1"),
            Problem::UnknownCastling('X'),
            "X",
        ),
        (
            &chess,
            format!("{CHESS_KINGS} w K - 0 1"),
            Problem::CastlingPieces {
                letter: 'K',
                needs: "the King on e1 and the Rook on h1".into(),
            },
            "K",
        ),
        (
            &chess,
            format!("{CHESS_KINGS} b - e3 0 1"),
            Problem::NoEpVictim("e3".into()),
            "e3",
        ),
        (
            &chess,
            format!("{CHESS_KINGS} w - - 0 1 bonus"),
            Problem::NoBonusTurns,
            "bonus",
        ),
        (
            &chess,
            "4k3/8/8/8/8/8/8/4R2K w - - 0 1".into(),
            Problem::OpponentInCheck,
            "w",
        ),
    ];
    assert_refused(cases);
}

#[test]
fn a_setup_with_two_pieces_on_one_square_is_refused() {
    let chess = bundled("chess");
    let mut setup = Setup::from_fen(&format!("{CHESS_KINGS} w - - 0 1"), &chess.game).unwrap();
    let mut twin = setup.board[0];
    twin.span = tatsu::diag::Span::new(7, 8);
    setup.board.push(twin);
    let err = Position::from_setup(&chess, &setup).err().expect("refused");
    assert_eq!(err.problems[0].problem, Problem::SquareTwice);
}

#[test]
fn fen_errors_say_what_and_at_which_column() {
    let chess = bundled("chess");
    let err = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2X w - - 0 1")
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        "invalid FEN: column 20: `X` is not a piece of this game"
    );
}

/// The test variant's start: multi-letter ids on both sides and in both hands, and White `N` beside Black `a`.
#[test]
fn multi_letter_ids_round_trip_through_fen() {
    let many = variants::engine("many-pieces");
    assert!(many.game.pieces.len() > 52);
    let start = Position::start(&many);
    let fen = start.to_fen();
    assert!(fen.starts_with("(na)(nb)(nc)(nd)k(ne)"), "{fen}");
    assert!(
        fen.contains("/4Na4/") && fen.ends_with("[(Nj)(n2)] w - - 0 1"),
        "{fen}"
    );
    let n = |id: &str| many.game.piece_by_symbol(id).unwrap();
    let g = many.game.geometry;
    // `Na` is a White N and a Black A; `(Na)` the White Na.
    assert_eq!(
        start.piece_at(g.parse_square("e6").unwrap()),
        Some((n("N"), Side::White))
    );
    assert_eq!(
        start.piece_at(g.parse_square("f6").unwrap()),
        Some((n("A"), Side::Black))
    );
    assert_eq!(
        start.piece_at(g.parse_square("a1").unwrap()),
        Some((n("Na"), Side::White))
    );
    assert_eq!(start.hand(Side::Black)[n("N2").index()], 1);
    // `N2k…`: an N, two empty squares, a king; `(N2)` the piece N2; `+(nb)` a Black promoted Nb.
    let other = "N2k6/10/10/10/10/4+(nb)5/10/(N2)9/10/4K5[2(Nj)P] b - - 3 9";
    let pos = Position::from_fen(&many, other).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        pos.piece_at(g.parse_square("a10").unwrap()),
        Some((n("N"), Side::White))
    );
    assert_eq!(
        pos.piece_at(g.parse_square("d10").unwrap()),
        Some((n("K"), Side::Black))
    );
    assert_eq!(
        pos.piece_at(g.parse_square("e5").unwrap()),
        Some((n("+Nb"), Side::Black))
    );
    assert_eq!(
        pos.piece_at(g.parse_square("a3").unwrap()),
        Some((n("N2"), Side::White))
    );
    assert_eq!(
        pos.to_fen(),
        "N2k6/10/10/10/10/4+(nb)5/10/(N2)9/10/4K5[P(Nj)(Nj)] b - - 3 9"
    );
}

#[test]
fn multi_letter_ids_round_trip_through_move_text() {
    let many = variants::engine("many-pieces");
    let mut pos =
        Position::from_fen(&many, "k9/4P5/10/10/10/10/10/10/10/4K5[(Nj)] w - - 0 1").unwrap();
    let texts: Vec<String> = pos.legal_move_list().iter().map(|m| pos.uci(m)).collect();
    for text in [
        "e9e10n2", "e9e10na", "e9e10q", "e9e10z", "e9e10+nb", "Nj@e5",
    ] {
        assert!(texts.contains(&text.to_string()), "{text} in {texts:?}");
        let mv = pos.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.uci(&mv), text);
    }
    let mv = pos.parse_move("e9e10n2").unwrap();
    pos.play(mv);
    assert_eq!(
        pos.to_fen(),
        "k3(N2)5/10/10/10/10/10/10/10/10/4K5[(Nj)] b - - 1 1"
    );
}

/// More than 255 pieces of one type in hand are counted, not clamped, and read back.
#[test]
fn hand_counts_beyond_255_are_kept() {
    let shogi = bundled("shogi");
    let pos = Position::from_fen(&shogi, &format!("{SHOGI}[200P200P] w - - 0 1")).unwrap();
    let pawn = shogi.game.piece_by_symbol("P").unwrap();
    assert_eq!(pos.hand(Side::White)[pawn.index()], 400);
    let again = Position::from_fen(&shogi, &pos.to_fen()).unwrap();
    assert_eq!((again.to_fen(), again.hash()), (pos.to_fen(), pos.hash()));
    let fewer = Position::from_fen(&shogi, &format!("{SHOGI}[399P] w - - 0 1")).unwrap();
    assert_ne!(
        fewer.hash(),
        pos.hash(),
        "the counts past the hash table's keys differ"
    );
    // 40 pieces on the board: 65,495 in hand make the most a position holds, one more is refused.
    let most = format!("{SHOGI}[65495P] w - - 0 1");
    let most = Position::from_fen(&shogi, &most).unwrap();
    assert_eq!(most.hand(Side::White)[pawn.index()], 65495);
    let found = refused(&shogi, &format!("{SHOGI}[65494P2p] w - - 0 1"));
    assert_eq!(
        found,
        vec![(Problem::TooManyPieces { found: 65536 }, "2p".to_string())]
    );
}

/// One piece type past the limit is a compile error at its id.
#[test]
fn piece_types_are_limited() {
    let source = |n: usize| {
        let mut s = String::from("board 2 x 2\nstart \"2/2 w\"\n");
        for i in 0..n {
            s += &format!("piece X{i} {{ moves \"W\" }}\n");
        }
        s
    };
    assert!(tatsu::compile::compile("limit.tatsu", &source(MAX_PIECE_TYPES)).is_ok());
    let text = source(MAX_PIECE_TYPES + 1);
    let diags = tatsu::compile::compile("limit.tatsu", &text).unwrap_err();
    let d = diags
        .iter()
        .find(|d| d.message.starts_with("more than 1024 piece types"))
        .unwrap();
    assert_eq!(
        &text[d.span.start..d.span.end],
        format!("X{MAX_PIECE_TYPES}")
    );
}

/// `Position::start` skips the one test the compiler cannot make (the side not to move in check); every shipped
/// start position passes the full reader and gives the same position.
#[test]
fn every_start_position_passes_the_full_fen_test() {
    for (name, engine) in variants::every_engine() {
        let start = Position::start(engine);
        let full = Position::from_fen(engine, &engine.game.start_fen)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            (full.to_fen(), full.hash()),
            (start.to_fen(), start.hash()),
            "{name}"
        );
    }
}

#[test]
fn an_ep_field_names_the_piece_that_passed_where_it_is_not_straight_ahead() {
    let berolina = variants::engine("berolina");
    // Berolina: d2f4 passes over e3. Pawns on d4 and f4 could both have passed over it, so the FEN names the one
    // that did, as Fairy-Stockfish writes it (pyffish `get_fen` after d2f4 gives `e3f4`).
    let before = "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    let mut pos = Position::from_fen(&berolina, before).unwrap();
    let mv = pos.parse_move("d2f4").unwrap();
    pos.play(mv);
    let fen = pos.to_fen();
    assert_eq!(
        fen,
        "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP2PPP/RNBQKBNR b KQkq e3f4 0 1"
    );
    // Read back, the e.p. capture e4e3 takes the pawn on f4 and not the one on d4; written the other way round
    // (`d4e3`), the one on d4.
    for (field, left) in [("e3f4", "3P4"), ("d4e3", "5P2")] {
        let fen = fen.replace("e3f4", field);
        let mut pos = Position::from_fen(&berolina, &fen).unwrap();
        let mv = pos.parse_move("e4e3").unwrap();
        pos.play(mv);
        assert!(
            pos.to_fen().contains(&format!("/8/{left}/4p3/")),
            "{field}: {}",
            pos.to_fen()
        );
    }
    // A chess double step is still written as the square alone.
    let chess = bundled("chess");
    let mut pos = Position::from_fen(&chess, "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1").unwrap();
    let mv = pos.parse_move("e2e4").unwrap();
    pos.play(mv);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1");
}

#[test]
fn a_two_square_ep_field_needs_an_empty_target_beside_the_piece_that_passed() {
    let berolina = variants::engine("berolina");
    let base = "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP3PP/RNBQKBNR b KQkq";
    assert_refused(vec![
        // Both squares occupied; the piece two squares away; a square off the board.
        (
            &berolina,
            format!("{base} d4f4 0 1"),
            Problem::NoEpVictim("d4".into()),
            "d4f4",
        ),
        (
            &berolina,
            format!("{base} f4d3 0 1"),
            Problem::NoEpVictim("f4".into()),
            "f4d3",
        ),
        (
            &berolina,
            format!("{base} e3f9 0 1"),
            Problem::BadEpSquare("e3f9".into()),
            "e3f9",
        ),
    ]);
}

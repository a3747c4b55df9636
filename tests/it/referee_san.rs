//! SAN as the referee writes it to PGN and reads it from engines (`tatsu::engine::san`, and XBoard's
//! `read_move` falling back to it): every move of every bundled game reads back from its SAN, chess's SAN is the
//! standard one, and the lenient forms engines send are read.
use tatsu::engine::{san, Engine, Position};

fn engine(name: &str) -> Engine {
    Engine::new(tatsu::variants::load(name).expect("a bundled game").game)
}

/// The SAN of the move `uci` in `fen`.
fn san_of(engine: &Engine, fen: &str, uci: &str) -> String {
    let mut pos = Position::from_fen(engine, fen).expect("valid FEN");
    let mv = pos.parse_move(uci).expect("a legal move");
    san::write(&mut pos, &mv)
}

/// The move (in tatsu's notation) that `text` names in `fen`, as an engine's reply is read.
fn read(engine: &Engine, fen: &str, text: &str) -> Option<String> {
    let mut pos = Position::from_fen(engine, fen).expect("valid FEN");
    let mv = tatsu::xboard::notation::read_move(&mut pos, text)?;
    Some(pos.uci(&mv))
}

#[test]
fn every_move_of_every_bundled_game_reads_back_from_its_san() {
    for &(name, _) in tatsu::variants::bundled() {
        let engine = engine(name);
        let mut pos = Position::start(&engine);
        let mut rng = tatsu::rng::SplitMix64::new(7);
        for _ in 0..40 {
            let legal = pos.legal_move_list();
            if legal.is_empty() || pos.outcome().is_some() {
                break;
            }
            for mv in legal.iter() {
                let text = san::write(&mut pos, mv);
                assert_eq!(
                    san::read(&mut pos, &text),
                    Some(*mv),
                    "{name}: `{text}` ({}) in {}",
                    pos.uci(mv),
                    pos.to_fen()
                );
            }
            pos.play(legal[rng.below(legal.len())]);
        }
    }
}

#[test]
fn chess_san_is_the_standard_one() {
    let chess = engine("chess");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(san_of(&chess, start, "e2e4"), "e4");
    assert_eq!(san_of(&chess, start, "g1f3"), "Nf3");
    // Two knights reach d2: the file tells them apart; two rooks on one file: the rank.
    let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    assert_eq!(san_of(&chess, knights, "b1d2"), "Nbd2");
    let rooks = "4k3/8/R7/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san_of(&chess, rooks, "a1a3"), "R1a3");
    // Promotions, captures, check and mate, en passant, castling.
    let promote = "3r4/4P3/8/8/8/8/8/4K2k w - - 0 1";
    assert_eq!(san_of(&chess, promote, "e7e8q"), "e8=Q");
    assert_eq!(san_of(&chess, promote, "e7d8n"), "exd8=N");
    let mate = "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1";
    assert_eq!(san_of(&chess, mate, "a1a8"), "Ra8#");
    assert_eq!(san_of(&chess, mate, "e1c1"), "O-O-O");
    let passant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(san_of(&chess, passant, "e5d6"), "exd6");
}

#[test]
fn engines_san_is_read_leniently_but_never_guessed() {
    let chess = engine("chess");
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for (text, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O-O+", "e1c1"),
        ("e1g1", "e1g1"),
        ("Ra1-b1", "a1b1"),
        ("Rxa8+", "a1a8"),
        ("Ra8", "a1a8"),
    ] {
        assert_eq!(read(&chess, castle, text).as_deref(), Some(uci), "{text}");
    }
    let promote = "3r4/4P3/8/8/8/8/8/4K2k w - - 0 1";
    assert_eq!(read(&chess, promote, "e8Q").as_deref(), Some("e7e8q"));
    assert_eq!(read(&chess, promote, "Pe7e8=R").as_deref(), Some("e7e8r"));
    let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    // Two knights reach d2: `Nd2` names neither.
    assert_eq!(read(&chess, knights, "Nd2"), None);
    assert_eq!(read(&chess, knights, "Nfd2").as_deref(), Some("f3d2"));
    assert_eq!(read(&chess, knights, "Nxd2"), None);
    assert_eq!(read(&chess, knights, "Qd2"), None);
    let crazyhouse = engine("crazyhouse");
    let in_hand = "4k3/8/8/8/8/8/8/4K3[Np] w - - 0 1";
    assert_eq!(read(&crazyhouse, in_hand, "N@f3").as_deref(), Some("N@f3"));
    let mut pos = Position::from_fen(&crazyhouse, in_hand).unwrap();
    let drop = pos.parse_move("N@f3").unwrap();
    assert_eq!(san::write(&mut pos, &drop), "N@f3");
}

/// Found by the `referee_reply` fuzz target after 18,909 inputs: a gating move SAN cannot write is written in
/// coordinates, with its check mark (`d1a4h+`), and that text did not read back (the mark was not taken off).
#[test]
fn a_move_written_in_coordinates_reads_back_with_its_check_mark() {
    let seirawan = Engine::new(
        tatsu::variants::load(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/variants/seirawan.tatsu"
        ))
        .expect("the test variant compiles")
        .game,
    );
    let fen = "re1qkb1r/ppp1pp1p/n3b2n/6p1/6P1/8/PP1PPP1P/RNBQKBNR[HEh] w KQBCDFkqdf - 4 9";
    let mut pos = Position::from_fen(&seirawan, fen).expect("valid FEN");
    let mv = pos.parse_move("d1a4h").expect("a legal gating move");
    let text = san::write(&mut pos, &mv);
    assert_eq!(text, "d1a4h+");
    assert_eq!(san::read(&mut pos, &text), Some(mv));
}

/// Found by the Wa Shogi test of every bundled game: a silver that may promote but does not, giving check, was
/// written `Se7+`, which is the promotion (shogi writes a promotion `+`). A declined promotion that checks is
/// written with `=` before the mark.
#[test]
fn a_declined_promotion_that_gives_check_is_not_written_as_the_promotion() {
    let shogi = engine("shogi");
    let fen = "9/4k4/9/4S4/9/9/9/9/4K4[-] w - - 0 1";
    assert_eq!(san_of(&shogi, fen, "e6e7"), "Se7=+");
    assert_eq!(
        san_of(&shogi, fen, "e6e7+"),
        "Se7++",
        "the promotion, then the check mark"
    );
    assert_eq!(read(&shogi, fen, "Se7=+").as_deref(), Some("e6e7"));
    assert_eq!(read(&shogi, fen, "Se7+").as_deref(), Some("e6e7+"));
}

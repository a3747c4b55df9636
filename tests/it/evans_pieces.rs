//! Every piece type of Maka Dai Dai, Tai and Dai Dai Shogi, promoted ones included, held to Steve Evans' data:
//! for each type on the centre of the board in four positions (open; Black Pawns adjacent; Black Pawns two away;
//! White Pawns adjacent), its moves as scripts/evans_pieces.py derives them from Evans' `Maka.dat`, `Tai.dat`
//! and `DaiDai.dat` direction codes, independently of the variant files' XBetza (tests/data/evans/, with the
//! script's reading of each code). A move is compared by its result: where the piece ends, what it captured,
//! whether it promoted.
use std::collections::BTreeSet;

use tatsu::engine::{Engine, Position};
use tatsu::rules::Side;

/// One line of the data: a type on a square of a position, and Evans' moves for it.
struct Row<'a> {
    id: &'a str,
    position: &'a str,
    fen: &'a str,
    square: &'a str,
    moves: BTreeSet<String>,
}

fn rows(data: &str) -> Vec<Row<'_>> {
    data.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 7, "a line of seven fields: {line}");
            let moves: BTreeSet<String> = f[6].split_whitespace().map(String::from).collect();
            assert_eq!(moves.len(), f[5].parse::<usize>().unwrap(), "{line}");
            Row {
                id: f[0],
                position: f[2],
                fen: f[3],
                square: f[4],
                moves,
            }
        })
        .collect()
}

/// tatsu's moves of the piece on `square`, each as its result in the data's form: the square it ends on, `x` and
/// each square it emptied of a Black piece (sorted by name), `+` if it changed type.
fn results(e: &Engine, fen: &str, square: &str) -> BTreeSet<String> {
    let geometry = e.game.geometry;
    let from = geometry.parse_square(square).unwrap();
    let mut pos = Position::from_fen(e, fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
    let (piece, _) = pos.piece_at(from).expect("the piece stands on its square");
    let before: Vec<_> = geometry.all().map(|sq| pos.piece_at(sq)).collect();
    let mut out = BTreeSet::new();
    for mv in pos.legal_move_list().iter().filter(|m| m.from == from) {
        pos.play(*mv);
        let mut end = from;
        let mut captured = Vec::new();
        for sq in geometry.all() {
            let now = pos.piece_at(sq);
            if now.is_some_and(|(_, side)| side == Side::White) && now != before[sq.index()] {
                end = sq;
            }
            if before[sq.index()].is_some_and(|(_, side)| side == Side::Black)
                && now.is_none_or(|(_, side)| side != Side::Black)
            {
                captured.push(geometry.name(sq));
            }
        }
        captured.sort();
        let promoted = pos.piece_at(end).is_some_and(|(p, _)| p != piece);
        let key = geometry.name(end)
            + &captured.iter().map(|c| format!("x{c}")).collect::<String>()
            + if promoted { "+" } else { "" };
        out.insert(key);
        pos.unplay();
    }
    out
}

/// Every row of the game's data compared; all differences reported at once, each with what only one side has.
fn check(game: &str, data: &str) {
    let e = tatsu::variants::bundled_engine(game).expect("a bundled game");
    let rows = rows(data);
    let mut problems = Vec::new();
    for row in &rows {
        let tatsu = results(&e, row.fen, row.square);
        if tatsu != row.moves {
            let only_evans: Vec<_> = row.moves.difference(&tatsu).collect();
            let only_tatsu: Vec<_> = tatsu.difference(&row.moves).collect();
            problems.push(format!(
                "{} ({}): Evans {} moves, tatsu {}; only Evans: {only_evans:?}; only tatsu: {only_tatsu:?}",
                row.id,
                row.position,
                row.moves.len(),
                tatsu.len()
            ));
        }
    }
    // Every type of the file is in the data, so a type added to the file without Evans' moves is noticed.
    let ids: BTreeSet<&str> = rows.iter().map(|r| r.id).collect();
    for piece in &e.game.pieces {
        if !ids.contains(piece.symbol.as_str()) {
            problems.push(format!("{}: not in the data", piece.symbol));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_maka_dai_dai_piece_moves_as_evans_data_says() {
    check(
        "maka-dai-dai-shogi",
        include_str!("../data/evans/maka-dai-dai-shogi.tsv"),
    );
}

#[test]
fn every_tai_shogi_piece_moves_as_evans_data_says() {
    check("tai-shogi", include_str!("../data/evans/tai-shogi.tsv"));
}

#[test]
fn every_dai_dai_piece_moves_as_evans_data_says() {
    check(
        "dai-dai-shogi",
        include_str!("../data/evans/dai-dai-shogi.tsv"),
    );
}

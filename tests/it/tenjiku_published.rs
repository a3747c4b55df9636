//! Tenjiku Shogi's 36 starting piece types against a published set of definitions: H. G. Muller's Tenjiku page on
//! chessvariants.com (<https://www.chessvariants.com/invention/tenjiku-shogi>, the author of HaChu and of the
//! Interactive Diagram), which gives each piece of the start position in Betza notation. The page is a source the
//! bundled file was not written from (docs/rules/tenjiku-shogi.md, "Sources read").
//!
//! Each piece of `variants/tenjiku-shogi.tatsu` stands on h8 of a 16x16 board with only the two Kings besides
//! (a1, p16), then ringed by its own Pawns, then by enemy Pawns: the squares it can reach there are compared with
//! those of the published string, compiled by tatsu's XBetza reader in the same positions. Leaps show where the
//! ring of own Pawns blocks the slides, captures where the enemy ring stands. Where the page writes part of a move
//! in Muller's bracket notation (`(mK-amK-aK)`, `(cF-aF)`), or as words ("Lion + B"), or uses `cpp` (capture
//! after passing any number of pieces, which the language says as `jumps-lower to-capture` with a rank order), only
//! the plain part is compiled, and the file must reach every square it reaches: the bracketed part is compared in
//! words on the rules page. Two pieces differ from the page, each with the squares asserted and the reason on the
//! rules page: the Water Buffalo (`fW2` on the page, two squares forward and back in the four other sources) and
//! the Free Eagle (no orthogonal jump on the page; the ZRF jumps to the second square every way).
use std::collections::BTreeSet;

use tatsu::engine::Engine;

use crate::support::variants::{engine_of, moves};

/// How the file's piece must compare with the page's string.
enum Expect {
    /// The same squares in every position.
    Same,
    /// The file reaches at least the squares of the plain part (the page's string less its brackets or words).
    Covers,
    /// The file reaches exactly these squares more (in the empty, own-ring and enemy-ring positions), none fewer.
    More([&'static [&'static str]; 3]),
}

/// (the file's id, the piece, the page's text, the XBetza compiled for it, the comparison)
const PAGE: &[(&str, &str, &str, &str, Expect)] = &[
    // First rank.
    ("L", "Lance", "fR", "fR", Expect::Same),
    ("N", "Knight", "ffN", "ffN", Expect::Same),
    ("F", "Ferocious Leopard", "FvW", "FvW", Expect::Same),
    ("I", "Iron General", "fFfW", "fFfW", Expect::Same),
    ("C", "Copper General", "fFvW", "fFvW", Expect::Same),
    ("S", "Silver General", "FfW", "FfW", Expect::Same),
    ("G", "Gold General", "WfF", "WfF", Expect::Same),
    ("K", "King", "royal K", "K", Expect::Same),
    ("E", "Drunk Elephant", "FfsW", "FfsW", Expect::Same),
    // Second rank.
    ("A", "Reverse Chariot", "vR", "vR", Expect::Same),
    ("Cs", "Chariot Soldier", "BvRsW2", "BvRsW2", Expect::Same),
    ("T", "Blind Tiger", "FbsW", "FbsW", Expect::Same),
    ("O", "Kirin", "FD", "FD", Expect::Same),
    ("Ln", "Lion", "KNAD(cK-aK)", "KNAD", Expect::Covers),
    ("Q", "Free King", "Q", "Q", Expect::Same),
    ("X", "Phoenix", "WA", "WA", Expect::Same),
    // Third rank.
    ("Ss", "Side Soldier", "sRbWfW2", "sRbWfW2", Expect::Same),
    ("Vs", "Vertical Soldier", "fRbWsW2", "fRbWsW2", Expect::Same),
    ("B", "Bishop", "B", "B", Expect::Same),
    ("H", "Dragon Horse", "BW", "BW", Expect::Same),
    ("D", "Dragon King", "RF", "RF", Expect::Same),
    // The page's `fW2`: two squares forward only. The file's `vR2` (ZRF, HaChu, mShogi, Wikipedia) also goes two
    // back: h7 and h6 on the empty board, nothing more behind its own Pawn h7, the enemy Pawn h7 taken.
    (
        "Wb",
        "Water Buffalo",
        "BsRfW2",
        "BsRfW2",
        Expect::More([&["h6", "h7"], &[], &["h7"]]),
    ),
    ("Fd", "Fire Demon", "BsR(mK-amK-aK)", "BsR", Expect::Covers),
    ("Lh", "Lion Hawk", "Lion + B", "KNADB", Expect::Covers),
    // The page's `QA`: the jump to the second square diagonally only. The file's `QAD` (the ZRF) also jumps
    // straight: over the Pawns beside it, its own or the enemy's, to h10, h6, f8 and j8 (on the empty board the
    // Queen's lines reach them too).
    (
        "Fe",
        "Free Eagle",
        "QA(cF-aF)",
        "QA",
        Expect::More([&[], &["f8", "h10", "h6", "j8"], &["f8", "h10", "h6", "j8"]]),
    ),
    // Fourth rank.
    ("M", "Side Mover", "sRvW", "sRvW", Expect::Same),
    ("V", "Vertical Mover", "vRsW", "vRsW", Expect::Same),
    ("R", "Rook", "R", "R", Expect::Same),
    (
        "Hf",
        "Horned Falcon",
        "BbsRfWfD(fcW-vW)",
        "BbsRfWfD",
        Expect::Covers,
    ),
    (
        "Se",
        "Soaring Eagle",
        "RbBfFfA(fcF-vF)",
        "RbBfFfA",
        Expect::Covers,
    ),
    ("Bg", "Bishop General", "BcppB", "B", Expect::Covers),
    ("Rg", "Rook General", "RcppR", "R", Expect::Covers),
    ("Gg", "Great General", "QcppQ", "Q", Expect::Covers),
    (
        "Vg",
        "Vice General",
        "BcppB(mK-amK-aK)",
        "B",
        Expect::Covers,
    ),
    // Fifth and sixth ranks.
    ("P", "Pawn", "fW", "fW", Expect::Same),
    ("Dg", "Dog", "fWbF", "fWbF", Expect::Same),
];

/// The eight squares beside h8.
const RING: [&str; 8] = ["g9", "h9", "i9", "g8", "i8", "g7", "h7", "i7"];

/// A 16x16 FEN with the Kings on a1 (White) and p16 (Black), `piece` on h8 and `ring` (a Pawn letter) around it.
fn fen(piece: &str, ring: Option<char>) -> String {
    let mut board = vec![vec![String::new(); 16]; 16];
    board[0][0] = "K".into();
    board[15][15] = "k".into();
    board[7][7] = if piece.len() > 1 {
        format!("({piece})")
    } else {
        piece.to_string()
    };
    if let Some(pawn) = ring {
        for sq in RING {
            let file = (sq.as_bytes()[0] - b'a') as usize;
            let rank: usize = sq[1..].parse::<usize>().unwrap() - 1;
            board[rank][file] = pawn.to_string();
        }
    }
    let ranks: Vec<String> = (0..16)
        .rev()
        .map(|r| {
            let (mut text, mut empty) = (String::new(), 0);
            for cell in &board[r] {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text += cell;
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    format!("{} w - - 0 1", ranks.join("/"))
}

/// The squares the piece on h8 can end a move on (its own square, a pass or an igui, left out): the last square
/// named in each move's text, whatever legs and promotion marks the text has.
fn reached(engine: &Engine, fen: &str) -> BTreeSet<String> {
    moves(engine, fen)
        .iter()
        .filter(|m| m.starts_with("h8"))
        .filter_map(|m| last_square(m))
        .filter(|sq| sq != "h8")
        .collect()
}

fn last_square(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut last = None;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_lowercase() {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 {
                last = Some(text[i..i + 1 + digits].to_string());
                i += digits;
            }
        }
        i += 1;
    }
    last
}

/// A small game on Tenjiku's board and orientation with the page's piece (plain part) as `Z`; as in Tenjiku, a
/// piece may stop where it can no longer move (a Lance on the far rank).
fn page_piece(betza: &str) -> Engine {
    engine_of(&format!(
        r#"
board 16 x 16
orientation rotate
dead-squares allowed
piece K "King" {{ moves "K" }}
piece Z "The page's piece" {{ moves "{betza}" }}
piece P "Pawn" {{ moves "fW" }}
start "{}"
end {{ extinction of K loss }}
"#,
        fen("Z", None)
    ))
}

#[test]
fn tenjiku_start_pieces_move_as_mullers_published_betza_says_but_where_the_rules_page_says_why_not()
{
    let tenjiku = Engine::new(
        tatsu::variants::load("tenjiku-shogi")
            .expect("bundled")
            .game,
    );
    assert_eq!(PAGE.len(), 36, "the page lists the 36 types of the start");
    let mut problems = Vec::new();
    for (id, name, text, compiled, expect) in PAGE {
        let page = page_piece(compiled);
        for (i, ring) in [None, Some('P'), Some('p')].into_iter().enumerate() {
            let file = reached(&tenjiku, &fen(id, ring));
            let published = reached(&page, &fen("Z", ring));
            let more: Vec<&String> = file.difference(&published).collect();
            let fewer: Vec<&String> = published.difference(&file).collect();
            let ok = match expect {
                Expect::Same => more.is_empty() && fewer.is_empty(),
                Expect::Covers => fewer.is_empty(),
                Expect::More(extra) => {
                    fewer.is_empty() && more.iter().map(|s| s.as_str()).eq(extra[i].iter().copied())
                }
            };
            if !ok {
                problems.push(format!(
                    "{name} ({id}), page `{text}` read as `{compiled}`, position {i}: \
                     only the file {more:?}, only the page {fewer:?}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

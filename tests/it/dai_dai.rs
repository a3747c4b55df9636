//! Dai Dai Shogi (variants/dai-dai-shogi.tatsu) held to hand counts: the start position's moves per piece
//! (docs/rules/dai-dai-shogi.md, "Hand counts", names every destination), one position per unusual piece (Hook
//! Mover, Long-Nosed Goblin, Lion Dog, Furious Fiend, Poisonous Snake, the one-sided generals and chariots) with
//! the count derived beside it, and the promotion by capture: compulsory, anywhere, once.
use std::collections::BTreeMap;
use tatsu::engine::{perft, Engine, Position};
use variants::{from, moves, play_and_unplay, sorted};

use crate::support::variants;

fn dai_dai() -> Engine {
    Engine::new(
        tatsu::variants::load("dai-dai-shogi")
            .expect("bundled")
            .game,
    )
}

/// A 17x17 FEN with White to move (`b` for Black) from `(piece, square)` pairs; a piece of two letters is written
/// in parentheses (`(Hm)`, `+(Ln)`), so each test names its pieces square by square.
fn fen(side: char, pieces: &[(&str, &str)]) -> String {
    let mut board = [[""; 17]; 17];
    for (piece, square) in pieces {
        let file = usize::from(square.as_bytes()[0] - b'a');
        let rank: usize = square[1..].parse().expect("a rank");
        board[rank - 1][file] = piece;
    }
    let mut rows = Vec::new();
    for rank in board.iter().rev() {
        let (mut row, mut empty) = (String::new(), 0);
        for piece in rank {
            if piece.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            let id = piece.trim_start_matches('+');
            if id.len() < piece.len() {
                row.push('+');
            }
            if id.chars().count() == 1 {
                row.push_str(id);
            } else {
                row.push_str(&format!("({id})"));
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {side} - - 0 1", rows.join("/"))
}

/// The moves of the piece on `square` (a square name is never the start of another's here: i9, e9, c16).
fn moves_from(e: &Engine, fen: &str, square: &str) -> Vec<String> {
    from(&moves(e, fen), square)
}

#[test]
fn dai_dai_compiles_without_diagnostics() {
    let (_, source) = tatsu::variants::bundled()
        .iter()
        .find(|(n, _)| *n == "dai-dai-shogi")
        .expect("bundled");
    let compiled = tatsu::compile::compile("dai-dai-shogi.tatsu", source).expect("compiles");
    assert!(compiled.warnings.is_empty(), "{:#?}", compiled.warnings);
    // 96 pieces a side (the English Wikipedia article's count).
    let e = dai_dai();
    let pos = Position::start(&e);
    let fen = pos.to_fen();
    let board = fen.split(' ').next().unwrap();
    let upper = board.matches(|c: char| c.is_ascii_uppercase()).count();
    let lower = board.matches(|c: char| c.is_ascii_lowercase()).count();
    // A two-letter id writes one capital and one small letter: `(Hm)`; `(hm)` two small ones.
    let two_letter = board.matches('(').count();
    assert_eq!(two_letter % 2, 0);
    assert_eq!(upper + lower - two_letter, 96 * 2);
}

#[test]
fn dai_dai_exactly_the_21_types_of_the_japanese_list_promote() {
    // ja-Wikipedia's 大大将棋: 獅子 麒麟 鳳凰 猫刄 飛龍 盲猿 変狸 変狐 東夷 南蛮 西戎 北狄 馬麟 近王 狛犬 古鵄 毒蛇 老鼠 踊鹿
    // 行鳥 水牛 promote (when they capture); no other type does, the Pawn among them.
    let e = dai_dai();
    let mut promoting: Vec<&str> = e
        .game
        .pieces
        .iter()
        .filter(|p| !p.promotions.is_empty())
        .map(|p| p.name.as_str())
        .collect();
    promoting.sort_unstable();
    let mut want = vec![
        "Lion",
        "Kirin",
        "Phoenix",
        "Cat Sword",
        "Flying Dragon",
        "Blind Monkey",
        "Enchanted Badger",
        "Enchanted Fox",
        "Eastern Barbarian",
        "Southern Barbarian",
        "Western Barbarian",
        "Northern Barbarian",
        "Flying Horse",
        "Neighboring King",
        "Lion Dog",
        "Old Kite",
        "Poisonous Snake",
        "Old Rat",
        "Prancing Stag",
        "Rushing Bird",
        "Water Buffalo",
    ];
    want.sort_unstable();
    assert_eq!(promoting, want);
}

#[test]
fn dai_dai_start_has_58_moves_as_counted_by_hand_per_piece() {
    // docs/rules/dai-dai-shogi.md, "Hand counts": White's camp has empty squares only on rank 3 (a3 c3 e3 g3 k3
    // m3 o3 q3) and before it; every move goes to one of those or forward from ranks 6 and 7.
    let mut want: BTreeMap<String, usize> = [
        // The Howling Dogs slide forward to the Black Dogs on f11 and l11, taking them: 4 each.
        ("f7", 4),
        ("l7", 4),
        // Rank 4: Blue Dragon a4a3 (back two, a2 its own), Fragrant Elephant b4a3 b4c3 (back diagonals), White
        // Elephant p4o3 p4q3 (back diagonals), White Tiger q4q3 (back).
        ("a4", 1),
        ("b4", 2),
        ("p4", 2),
        ("q4", 1),
        // Rank 3: the Vertical Mover b3a3 b3c3, Water Buffalo f3e3 f3g3, Flying Horse l3k3 l3m3, Enchanted Badger
        // n3m3 n3o3, each sideways.
        ("b3", 2),
        ("f3", 2),
        ("l3", 2),
        ("n3", 2),
        // Rank 2: Reverse Chariots a3 q3; Old Kite a3 c3; Lion c3, its jumps a3 e3 and the pass c2c2; Old Rat c3
        // e3; Prancing Stag e3; Cat Sword e3 g3; Phoenix g3; Golds g3 and k3; Rushing Bird k3 m3; Blind Monkey m3
        // o3; Lion Dog o3.
        ("a2", 1),
        ("b2", 2),
        ("c2", 4),
        ("d2", 2),
        ("e2", 1),
        ("f2", 2),
        ("g2", 1),
        ("h2", 1),
        ("j2", 1),
        ("l2", 2),
        ("n2", 2),
        ("o2", 1),
        ("q2", 1),
    ]
    .iter()
    .map(|(sq, n)| (sq.to_string(), *n))
    .collect();
    // Fifteen Pawns step forward: those on f6 and l6 stand behind the Howling Dogs.
    want.extend(
        "abcdeghijkmnopq"
            .chars()
            .map(|file| (format!("{file}6"), 1)),
    );
    let e = dai_dai();
    let mut pos = Position::start(&e);
    assert_eq!(
        crate::support::variants::moves_per_from_square(&mut pos),
        want
    );
    assert_eq!(perft::perft(&mut pos, 1), 58);
}

#[test]
fn dai_dai_start_perft_2_is_3346_as_derived_by_hand() {
    // Black's 58 replies (the start is symmetric) change only after a Howling Dog move: after f7f8, f7f9, f7f10
    // Black's Dog f11 keeps 3, 2, 1 moves (the last taking the White Dog); after f7f11 it is gone (-4) but the
    // Pawn f12 it stood before takes on f11 (+1): 57 + 56 + 55 + 55, and the same for l7. White's other 50 moves
    // (to rank 3 squares, Pawns to rank 7 off the f- and l-files) touch no Black move: 50 x 58. 2 x 223 + 2900.
    let e = dai_dai();
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 2), 3346);
}

#[test]
fn dai_dai_hook_mover_turns_once_on_an_empty_square() {
    // `RmasR` on i9; its own Pawn i12, a Black Pawn m9, the Kings a1 and q17. Every square is reached but: its own
    // i9, a1 and i12; i13..i17 behind its Pawn; n9..q9 behind the Black Pawn (m9 is taken, not turned on); and
    // files m..q on ranks 12..17, which need a turn on rank 9 beyond m9 or on file i above i12 (the King q17 among
    // them). 289 - 3 - 5 - 4 - 30 = 247.
    let fen = fen(
        'w',
        &[
            ("K", "a1"),
            ("k", "q17"),
            ("Hm", "i9"),
            ("P", "i12"),
            ("p", "m9"),
        ],
    );
    assert_eq!(moves_from(&dai_dai(), &fen, "i9").len(), 247);
}

#[test]
fn dai_dai_long_nosed_goblin_is_a_hook_mover_on_the_diagonals_with_orthogonal_steps() {
    // `WBmasB` on i9, the centre; a Black Pawn k11 on its diagonal, the Kings a1 and q17. A diagonal with one turn
    // reaches every square of its colour: 145 on 17x17, less its own i9 and its King a1: 143. The Pawn k11 is
    // taken, not turned on, so l12..q17 beyond it are lost (the other route to a square of that diagonal turns on
    // i9 itself): 143 - 6 = 137 (the Black King q17 among the lost). The four orthogonal steps: 141.
    let fen = fen(
        'w',
        &[("K", "a1"), ("k", "q17"), ("Lo", "i9"), ("p", "k11")],
    );
    assert_eq!(moves_from(&dai_dai(), &fen, "i9").len(), 141);
}

#[test]
fn dai_dai_lion_dog_slides_three_squares_and_promotes_on_capturing() {
    // `Q3` on i9: its own Pawn i10, Black Pawns j10 and i6. Up: none; up-right: j10 taken; the other six lines
    // three squares each (down to i6 taken): 1 + 18 = 19. Both captures promote to the Great Elephant, compulsorily.
    let e = dai_dai();
    let fen = fen(
        'w',
        &[
            ("K", "a1"),
            ("k", "q17"),
            ("Ld", "i9"),
            ("P", "i10"),
            ("p", "j10"),
            ("p", "i6"),
        ],
    );
    let list = moves_from(&e, &fen, "i9");
    assert_eq!(list.len(), 19);
    let captures: Vec<String> = list.into_iter().filter(|m| m.ends_with('+')).collect();
    assert_eq!(captures, sorted(&["i9i6+", "i9j10+"]));
}

#[test]
fn dai_dai_furious_fiend_moves_as_a_lion_or_as_a_lion_dog() {
    // The promoted Lion on i9, as above (own Pawn i10, Black Pawns j10 and i6). As a Lion: seven steps (i10 is its
    // own), the sixteen jumps two away, the Pawn j10 taken and a step on to i11 j11 k11 k10 k9 j9 (6), igui on j10,
    // the pass: 7 + 16 + 6 + 1 + 1 = 31. As a Lion Dog, the third square of the open lines: l9 l6 i6 (taken) f6 f9
    // f12: 6. 37; it never promotes again.
    let e = dai_dai();
    let fen = fen(
        'w',
        &[
            ("K", "a1"),
            ("k", "q17"),
            ("+Ln", "i9"),
            ("P", "i10"),
            ("p", "j10"),
            ("p", "i6"),
        ],
    );
    let list = moves_from(&e, &fen, "i9");
    assert_eq!(list.len(), 37);
    assert!(list.iter().all(|m| !m.ends_with('+')), "{list:?}");
}

#[test]
fn dai_dai_poisonous_snake_jumps_forward_and_diagonally_back() {
    // `sWfDbA` on i9: its own Pawn i10 is jumped (i11), the Black Pawn g7 is taken by the back jump (promoting to
    // the Hook Mover), k7 the other back jump, h9 j9 the side steps: 5.
    let e = dai_dai();
    let fen = fen(
        'w',
        &[
            ("K", "a1"),
            ("k", "q17"),
            ("Ps", "i9"),
            ("P", "i10"),
            ("p", "g7"),
        ],
    );
    assert_eq!(
        moves_from(&e, &fen, "i9"),
        sorted(&["i9g7+", "i9h9", "i9i11", "i9j9", "i9k7"])
    );
}

#[test]
fn dai_dai_left_general_and_left_chariot_are_one_sided_for_black_too() {
    // Black is White turned 180°: Black's left is toward file q. Black's Left General e9 (a King without its left
    // step) misses f9; Black's Left Chariot i9 slides forward (down) i8..i1, forward-left j8..q1, back-right
    // h10..a17 (8 each) and steps back to i10: 25.
    let e = dai_dai();
    let fen = fen(
        'b',
        &[("K", "a1"), ("k", "q17"), ("lg", "e9"), ("lc", "i9")],
    );
    assert_eq!(
        moves_from(&e, &fen, "e9"),
        sorted(&["e9d10", "e9d8", "e9d9", "e9e10", "e9e8", "e9f10", "e9f8"])
    );
    let chariot = moves_from(&e, &fen, "i9");
    assert_eq!(chariot.len(), 25);
    assert!(chariot.contains(&"i9q1".to_string()) && chariot.contains(&"i9a17".to_string()));
}

#[test]
fn dai_dai_promotion_by_capture_is_compulsory_anywhere_and_only_once() {
    let e = dai_dai();
    // A Cat Sword on e5, far from any zone, takes f6: it must turn into a Dragon Horse; its other moves do not.
    let fen1 = fen('w', &[("K", "a1"), ("k", "q17"), ("Cs", "e5"), ("p", "f6")]);
    assert_eq!(
        moves_from(&e, &fen1, "e5"),
        sorted(&["e5d4", "e5d6", "e5f4", "e5f6+"])
    );
    let after = fen('b', &[("K", "a1"), ("k", "q17"), ("+Cs", "f6")]);
    play_and_unplay(&e, &fen1, "e5f6+", &after);
    // The promoted Cat Sword, the start's Dragon Horse and a Pawn (not among the 21 promoting types) take without
    // promoting; a Pawn reaches the far rank and stays a Pawn.
    let fen2 = fen(
        'w',
        &[
            ("K", "a1"),
            ("k", "q17"),
            ("+Cs", "e5"),
            ("H", "h5"),
            ("P", "c9"),
            ("p", "f6"),
            ("p", "i6"),
            ("p", "c10"),
            ("P", "m16"),
        ],
    );
    let list = moves(&e, &fen2);
    assert!(list.iter().all(|m| !m.ends_with('+')), "{list:?}");
    assert!(list.contains(&"e5f6".to_string()) && list.contains(&"h5i6".to_string()));
    assert!(list.contains(&"c9c10".to_string()) && list.contains(&"m16m17".to_string()));
}

#[test]
fn dai_dai_lion_taking_two_pieces_promotes_once_to_the_furious_fiend() {
    // The Lion i9 takes i10 and goes on to take i11: one move, one promotion.
    let e = dai_dai();
    let fen1 = fen(
        'w',
        &[
            ("K", "a1"),
            ("k", "q17"),
            ("Ln", "i9"),
            ("p", "i10"),
            ("p", "i11"),
        ],
    );
    let after = fen('b', &[("K", "a1"), ("k", "q17"), ("+Ln", "i11")]);
    play_and_unplay(&e, &fen1, "i9i10,i10i11+", &after);
}

//! Constructs of the variant language beyond what the bundled games use: per-side zones, file ranges and
//! unions, long piece ids, the largest board, every end rule.
use tatsu::compile::compile;
use tatsu::rules::{Side, StalemateResult};

const BASE: &str = r#"
board 8 x 8
orientation rotate
zone mixed { white = rank 1 | a5  black = files g..h }
zone both = mixed | c3 d4
zone last = rank 8
piece K { royal moves "K" }
piece Ky "Kyo" { moves "fR" promote to K2 in last optional }
piece K2 "Second" { moves "W" moves in both "F" }
start "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
end {
  stalemate win
  repetition 5
  move-limit 20 plies reset-by Ky K2
  bare-king loses
  insufficient-material none, Ky K2, K2 K2
}
"#;

#[test]
fn per_side_zones_unions_and_file_ranges() {
    let g = compile("t.tatsu", BASE)
        .unwrap_or_else(|d| panic!("{d:#?}"))
        .game;
    let sq = |s: &str| g.geometry.parse_square(s).unwrap();
    let mixed = &g.zones[0];
    // White's part is rank 1 (8 squares) and a5: 9; Black's is files g and h, 8 squares each: 16.
    assert_eq!(mixed.squares[0].len(), 9);
    assert!(mixed.contains(Side::White, sq("a5")));
    assert_eq!(mixed.squares[1].len(), 16);
    assert!(mixed.contains(Side::Black, sq("h1")));
    let both = &g.zones[1];
    assert!(both.contains(Side::White, sq("c3")) && both.contains(Side::White, sq("a1")));
    // c3 d4 are rotated for Black: f6 e5.
    assert!(both.contains(Side::Black, sq("f6")) && both.contains(Side::Black, sq("g1")));
}

#[test]
fn long_piece_ids_and_zone_moves_with_a_default() {
    let g = compile("t.tatsu", BASE).unwrap().game;
    let k2 = g.piece(g.piece_by_symbol("K2").unwrap());
    let ky = g.piece(g.piece_by_symbol("Ky").unwrap());
    assert_eq!(
        ky.promotions.first().unwrap().choices,
        vec![g.piece_by_symbol("K2").unwrap()]
    );
    assert!(!ky.promotions.first().unwrap().mandatory);
    let n = g.geometry.squares();
    // On a1 (in `both`) the second piece moves as a Ferz (1 ray), elsewhere as a Wazir.
    assert_eq!(
        k2.rays(Side::White, n, g.geometry.parse_square("a1").unwrap())
            .len,
        1
    );
    assert_eq!(
        k2.rays(Side::White, n, g.geometry.parse_square("e5").unwrap())
            .len,
        4
    );
}

#[test]
fn every_end_rule_is_compiled() {
    let g = compile("t.tatsu", BASE).unwrap().game;
    assert_eq!(g.end.stalemate, StalemateResult::Win);
    let rep = g.end.repetition.unwrap();
    assert!(rep.count == 5 && !rep.perpetual_check_loses);
    assert_eq!(g.end.move_limit, Some(20));
    assert_eq!(g.end.resets_clock.len(), 2);
    assert!(!g.end.bare_king_loses.unwrap().hand_must_be_empty);
    assert_eq!(
        g.end.insufficient_material,
        vec![
            vec![],
            vec![tatsu::rules::PieceId(1), tatsu::rules::PieceId(2)],
            vec![tatsu::rules::PieceId(2); 2]
        ]
    );
}

#[test]
fn a_36x36_board_compiles_and_37_does_not() {
    let big = format!(
        "board 36 x 36\npiece K {{ royal moves \"K\" }}\npiece Q {{ moves \"Q\" }}\nstart \"{}\"\n",
        std::iter::once("k35".to_string())
            .chain(std::iter::repeat_n("36".to_string(), 34))
            .chain(std::iter::once("KQ34".to_string()))
            .collect::<Vec<_>>()
            .join("/")
            + " w - - 0 1"
    );
    let g = compile("big.tatsu", &big)
        .unwrap_or_else(|d| panic!("{d:#?}"))
        .game;
    assert_eq!(g.geometry.squares(), 1296);
    let q = g.piece(g.piece_by_symbol("Q").unwrap());
    let rays = q.rays(Side::White, 1296, g.geometry.parse_square("aj36").unwrap());
    assert_eq!(rays.len, 3);
    let err = compile("big.tatsu", &big.replace("board 36 x 36", "board 36 x 37")).unwrap_err();
    assert!(err[0].message.contains("1 to 36 ranks"));
}

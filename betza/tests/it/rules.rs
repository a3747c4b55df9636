//! Named rules of the notation, checked on the expanded paths and on the parse tree.
use betza::{parse, Atom, ErrorKind, Facing, Leg, Mode, Path, Range};

fn paths(s: &str, o: Facing) -> Vec<Path> {
    parse(s).unwrap_or_else(|e| panic!("{s}: {e:?}")).expand(o)
}

fn steps(s: &str) -> Vec<(i32, i32)> {
    let mut v: Vec<(i32, i32)> = paths(s, Facing::First)
        .iter()
        .map(|p| p.legs[0].step)
        .collect();
    v.sort_unstable();
    v
}

fn mcap() -> Mode {
    Mode::MOVE.union(Mode::CAPTURE)
}

#[test]
fn single_letter_on_knight_is_the_narrow_pair_fn_equals_ffn() {
    assert_eq!(steps("fN"), vec![(-1, 2), (1, 2)]);
    assert_eq!(steps("fN"), steps("ffN"));
}

#[test]
fn fr_on_knight_is_wide_and_rf_is_narrow() {
    assert_eq!(steps("frN"), vec![(2, 1)]);
    assert_eq!(steps("rfN"), vec![(1, 2)]);
}

#[test]
fn bn0_and_bnn_are_the_same_tree_and_print_as_bn0() {
    let a = parse("BN0").unwrap();
    let b = parse("BNN").unwrap();
    assert_eq!(a, b);
    assert_eq!(b.to_string(), "BN0");
    assert_eq!(a.components[1].range, Range::Unlimited);
}

#[test]
fn default_modality_is_move_or_capture() {
    for p in paths("KN", Facing::First) {
        assert_eq!(p.legs[0].mode, mcap());
    }
}

#[test]
fn pawn_double_step_is_initial_lame_move_only() {
    let ps = paths("ifmnD", Facing::First);
    assert_eq!(ps.len(), 1);
    let p = &ps[0];
    assert!(p.initial_only);
    assert_eq!(p.castling, None);
    assert_eq!(
        p.legs,
        vec![Leg {
            step: (0, 2),
            max: Some(1),
            mode: Mode::MOVE,
            lame_path: vec![(0, 1)],
            jump_path: vec![],
            wrap: false,
        }]
    );
    let m = &paths("ifmnD", Facing::MirroredRanks)[0];
    assert_eq!(m.legs[0].step, (0, -2));
    assert_eq!(m.legs[0].lame_path, vec![(0, -1)]);
}

#[test]
fn fce_captures_only_and_en_passant() {
    for p in paths("fceF", Facing::First) {
        assert_eq!(p.legs[0].mode, Mode::CAPTURE.union(Mode::EN_PASSANT));
    }
}

#[test]
fn hop_modes_cannon_and_grasshopper() {
    assert!(paths("cpR", Facing::First)
        .iter()
        .all(|p| p.legs[0].mode == Mode::HOP.union(Mode::CAPTURE) && p.legs[0].max.is_none()));
    assert!(paths("pR", Facing::First)
        .iter()
        .all(|p| p.legs[0].mode == Mode::HOP.union(mcap())));
    assert!(paths("gQ", Facing::First)
        .iter()
        .all(|p| p.legs[0].mode == Mode::GRASSHOP.union(mcap())));
    assert_eq!(paths("gQ", Facing::First).len(), 8);
}

#[test]
fn castling_gives_one_path_per_side_with_distance() {
    let ps = paths("KisO3isO2", Facing::First);
    let castles: Vec<&Path> = ps.iter().filter(|p| p.castling.is_some()).collect();
    assert_eq!(castles.len(), 4);
    let mut o3: Vec<(i32, i32)> = castles
        .iter()
        .filter(|p| p.castling == Some(3))
        .map(|p| p.legs[0].step)
        .collect();
    o3.sort_unstable();
    assert_eq!(o3, vec![(-1, 0), (1, 0)]);
    assert!(castles.iter().all(|p| p.initial_only && p.component > 0));
    assert_eq!(parse("KisO3isO2").unwrap().components[1].atom, Atom::O(3));
}

#[test]
fn lame_paths_of_leapers() {
    let lame = |s: &str, step: (i32, i32)| {
        paths(s, Facing::First)
            .into_iter()
            .find(|p| p.legs[0].step == step)
            .unwrap()
            .legs[0]
            .lame_path
            .clone()
    };
    assert_eq!(lame("nD", (2, 0)), vec![(1, 0)]);
    assert_eq!(lame("nA", (2, 2)), vec![(1, 1)]);
    assert_eq!(lame("nH", (3, 0)), vec![(1, 0), (2, 0)]);
    assert_eq!(lame("nN", (1, 2)), vec![(0, 1)]);
    assert_eq!(lame("nN", (2, -1)), vec![(1, 0)]);
    assert!(lame("N", (1, 2)).is_empty());
    // riders: the path applies to each step
    let p = paths("nNN", Facing::First)
        .into_iter()
        .find(|p| p.legs[0].step == (1, 2))
        .unwrap();
    assert_eq!(
        (p.legs[0].max, p.legs[0].lame_path.clone()),
        (None, vec![(0, 1)])
    );
}

#[test]
fn rotated_orientation_negates_both_coordinates() {
    assert_eq!(paths("frN", Facing::Rotated)[0].legs[0].step, (-2, -1));
    assert_eq!(paths("frN", Facing::MirroredRanks)[0].legs[0].step, (2, -1));
}

#[test]
fn multi_leg_lion_locust_capture() {
    let ps = paths("caK", Facing::First);
    // 8 first steps × 7 relative continuations (all but straight back)
    assert_eq!(ps.len(), 56);
    assert!(ps
        .iter()
        .all(|p| p.legs.len() == 2 && p.legs[0].mode == Mode::CAPTURE && p.legs[1].mode == mcap()));
    let back = paths("mcabK", Facing::First);
    assert_eq!(back.len(), 8);
    assert!(back
        .iter()
        .all(|p| p.legs[1].step == (-p.legs[0].step.0, -p.legs[0].step.1)));
}

#[test]
fn multi_leg_non_final_default_is_move_and_y_toggles_to_rider() {
    let ps = paths("FyafsF", Facing::First);
    let two: Vec<&Path> = ps.iter().filter(|p| p.legs.len() == 2).collect();
    assert_eq!(two.len(), 8);
    assert!(two.iter().all(|p| p.legs[0].mode == Mode::MOVE
        && p.legs[0].max == Some(1)
        && p.legs[1].max.is_none()));
    let p = two.iter().find(|p| p.legs[0].step == (1, 1)).unwrap();
    let _ = p;
    let mut turns: Vec<(i32, i32)> = two
        .iter()
        .filter(|p| p.legs[0].step == (1, 1))
        .map(|p| p.legs[1].step)
        .collect();
    turns.sort_unstable();
    assert_eq!(turns, vec![(0, 1), (1, 0)]);
    assert!(paths("mafW", Facing::First)
        .iter()
        .all(|p| p.legs[0].mode == Mode::MOVE));
}

#[test]
fn canonical_form_puts_i_first_and_modifiers_in_xboard_order() {
    assert_eq!(parse("fnmiD").unwrap().to_string(), "ifmnD");
    assert_eq!(parse("fcmW").unwrap().to_string(), "fmcW");
    assert_eq!(parse("WW").unwrap().to_string(), "W0");
    assert_eq!(parse("R0").unwrap().to_string(), "R");
    assert_eq!(parse("frNrfN").unwrap().to_string(), "frNrfN");
    assert_eq!(parse("KNADcaKmcabK").unwrap().to_string(), "KNADcaKmcabK");
}

#[test]
fn every_game_string_parses_and_round_trips() {
    let games = "K Q R B N W F D FD RN BN0 BNN KisO3isO2 KisO2isO3 ifmnDfmWfceF fmWfceF fW fWfF WfF BW RF vWlWrF vRlRrB vRlRrBK fFsWbW fBsRbR fBsRbRK vWrWlF vRrRlB vRrRlBK vWfF vRfB vRfBK FfW BfR BfRK fNsW ffNsW ffN ffNbbN fR fRfB fRfBK fWsWbF fRsRbB fRsRbBK FfWsW BfRsR BfRsRK mRcpR gQ ifmnD";
    for s in games.split_whitespace() {
        let b = parse(s).unwrap_or_else(|e| panic!("{s}: {e:?}"));
        let again = parse(&b.to_string()).unwrap();
        assert_eq!(b, again, "{s}");
        assert!(!b.expand(Facing::First).is_empty(), "{s}");
        assert_eq!(betza::describe::describe(&b).len(), b.components.len());
    }
}

#[test]
fn component_spans_cover_their_text() {
    let b = parse("ifmnDfmWfceF").unwrap();
    let spans: Vec<_> = b.components.iter().map(|c| c.span.clone()).collect();
    assert_eq!(spans, vec![0..5, 5..8, 8..12]);
    let b = parse("BN0").unwrap();
    assert_eq!(b.components[1].span, 1..3);
}

#[test]
fn error_render_puts_a_caret_under_the_bad_letter() {
    let e = parse("fkW").unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].kind, ErrorKind::UnknownLetter);
    assert_eq!(e[0].render("fkW"), "error: `k` is not an XBetza modifier\n  |\n1 | fkW\n  |  ^ did you mean `c` (capture only)?\n");
}

#[test]
fn all_errors_are_reported_not_just_the_first() {
    let e = parse("fkWffWX").unwrap_err();
    let kinds: Vec<ErrorKind> = e.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        vec![
            ErrorKind::UnknownLetter,
            ErrorKind::MeaninglessDirection,
            ErrorKind::UnknownLetter
        ]
    );
}

#[test]
fn meaningless_direction_explains_itself() {
    let e = &parse("ffW").unwrap_err()[0];
    assert_eq!(e.kind, ErrorKind::MeaninglessDirection);
    assert!(e.help.as_deref().unwrap().contains("write `f`"));
}

#[test]
fn hand_built_invalid_tree_expands_to_nothing_and_fails_validation() {
    // `fW` with its atom swapped for `U`: the universal leaper has no directions.
    let mut b = parse("fW").unwrap();
    b.components[0].atom = Atom::U;
    assert!(b.expand(Facing::First).is_empty());
    assert!(b.validate().is_err());
}

#[test]
fn display_disambiguates_adjacent_identical_atoms() {
    use betza::Betza;
    let w = parse("W").unwrap().components.remove(0);
    let r = parse("R").unwrap().components.remove(0);
    let two_w = Betza {
        components: vec![w.clone(), w],
    };
    assert_eq!(two_w.to_string(), "W1W");
    assert_eq!(parse("W1W").unwrap(), two_w);
    let two_r = Betza {
        components: vec![r.clone(), r],
    };
    assert_eq!(two_r.to_string(), "R0R");
    assert_eq!(parse("R0R").unwrap(), two_r);
}

#[test]
fn long_chains_of_legs_are_refused_not_expanded_forever() {
    let e = parse(&format!("{}K", "a".repeat(40))).unwrap_err();
    assert_eq!(e[0].kind, ErrorKind::Unsupported);
    // three king legs (mamaK from the XBoard page) is fine: 8 × 7 × 7 paths
    assert_eq!(paths("mamaK", Facing::First).len(), 392);
}

#[test]
fn describe_gives_one_plain_english_line_per_component() {
    let b = parse("fmWfceF").unwrap();
    assert_eq!(
        betza::describe::describe(&b),
        vec![
            "moves (without capturing) one square straight forward".to_string(),
            "captures (also en passant) one square diagonally forward".to_string()
        ]
    );
    let lines = betza::describe::describe(&parse("KisO2").unwrap());
    assert!(
        lines[1].starts_with("as its first move only, castles"),
        "{lines:?}"
    );
}

#[test]
fn diagram_render_marks_piece_destinations_and_legend() {
    use betza::diagram::{destinations, render};
    let b = parse("fmWfcF").unwrap();
    let marks = destinations(&b, 3, 3, (1, 1), Facing::First);
    assert_eq!(render(&marks, 3, 3, (1, 1)), "  3  c m c\n  2  . @ .\n  1  . . .\n     a b c\nlegend: @ the piece, m move only (no capture), c capture only\n");
}

#[test]
fn bent_riders_expand_into_one_step_legs_with_both_turns() {
    // Rose: 8 one-step paths, then for each first step 2 ways round × lengths 2..=7: 8 + 8 × 2 × 6 = 104.
    let rose = paths("qN", Facing::First);
    assert_eq!(rose.len(), 104);
    assert!(rose.iter().all(|p| p.legs.iter().all(|l| l.max == Some(1))));
    // The 7-step clockwise path from (1,2) ends one knight jump from home, at (1,-2): 8 steps close the octagon.
    let seven: Vec<_> = rose.iter().filter(|p| p.legs.len() == 7).collect();
    assert_eq!(seven.len(), 16);
    let ends: Vec<(i32, i32)> = seven
        .iter()
        .map(|p| {
            p.legs
                .iter()
                .fold((0, 0), |(x, y), l| (x + l.step.0, y + l.step.1))
        })
        .collect();
    assert!(ends
        .iter()
        .all(|&(x, y)| (x.abs(), y.abs()) == (1, 2) || (x.abs(), y.abs()) == (2, 1)));
    // Only the last step may capture; the others need empty squares.
    for p in &rose {
        let (last, rest) = p.legs.split_last().unwrap();
        assert!(last.mode.contains(betza::Mode::CAPTURE));
        assert!(rest.iter().all(|l| l.mode == betza::Mode::MOVE));
    }
    // Crooked rook: 4 + 4 × 2 × 69 paths (up to 70 steps: the staircase corner to corner on 36x36).
    assert_eq!(paths("zR", Facing::First).len(), 4 + 4 * 2 * 69);
    // Crooked bishop: 4 + 4 × 2 × 34 paths: the boyscout zig-zags along a line, so at most 35 steps fit on the
    // largest board; longer paths could never be played and are not produced.
    assert_eq!(paths("zB", Facing::First).len(), 4 + 4 * 2 * 34);
}

#[test]
fn repetition_prints_back_and_unrolls_to_seventy_legs() {
    for s in ["(maf)W", "m(af)W", "fm(afm)W", "i(maf)W", "mW(maf)F"] {
        assert_eq!(parse(s).unwrap().to_string(), s);
    }
    // (maf)W: 4 directions × 1..=70 legs.
    let p = paths("(maf)W", Facing::First);
    assert_eq!(p.len(), 4 * 70);
    assert_eq!(p.iter().map(|p| p.legs.len()).max(), Some(70));
}

#[test]
fn universal_leaper_is_one_path_flagged_universal() {
    let ps = paths("mU", Facing::Rotated);
    assert_eq!(ps.len(), 1);
    assert!(ps[0].universal);
    assert_eq!(ps[0].legs[0].mode, Mode::MOVE);
}

#[test]
fn must_jump_marks_the_halfway_square_and_is_oriented() {
    let ps = paths("fjD", Facing::First);
    assert_eq!(ps[0].legs[0].jump_path, vec![(0, 1)]);
    assert!(ps[0].legs[0].lame_path.is_empty());
    let m = paths("fjD", Facing::MirroredRanks);
    assert_eq!(m[0].legs[0].jump_path, vec![(0, -1)]);
}

#[test]
fn cylinder_tame_unload_and_induce_are_leg_flags() {
    let p = &paths("fotcR", Facing::First)[0];
    assert!(p.legs[0].wrap);
    assert_eq!(p.legs[0].mode, Mode::CAPTURE.union(Mode::TAME));
    let p = &paths("fucR", Facing::First)[0];
    assert_eq!(p.legs[0].mode, Mode::CAPTURE.union(Mode::UNLOAD));
    let p = &paths("fxafK", Facing::First)[0];
    assert_eq!(p.legs[0].mode, Mode::INDUCE);
    // `x` on the last leg borrows: no default move or capture is added.
    assert_eq!(paths("fxK", Facing::First)[0].legs[0].mode, Mode::INDUCE);
}

#[test]
fn bend_directions_follow_the_side_of_the_previous_bend() {
    // afsafzW: after a 45° bend left the `z` leg bends right, and after a bend right it bends left; the last
    // step is always parallel to the first.
    for p in paths("fafsafzW", Facing::First) {
        assert_eq!(p.legs.len(), 3);
        assert_eq!(p.legs[0].step, (0, 1));
        assert_eq!(p.legs[2].step, (0, 1), "{p:?}");
    }
    // q bends with it: the last step is perpendicular to the first.
    for p in paths("fafsafqW", Facing::First) {
        assert_eq!(p.legs[2].step.1, 0, "{p:?}");
    }
}

#[test]
fn z_and_q_print_as_directions_of_later_legs() {
    for s in ["afsafzW", "afafsKafsafzfK", "mafsaqW"] {
        let b = parse(s).unwrap();
        assert_eq!(b.to_string(), s);
        assert_eq!(parse(&b.to_string()).unwrap(), b);
    }
}

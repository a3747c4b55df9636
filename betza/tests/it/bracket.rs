//! The Interactive Diagram's bracket notation (`[F?R]`): each bracket reads as the `a` chains it stands for, with
//! the same paths and destinations, and bad brackets give located errors.
use betza::diagram::destinations;
use betza::{parse, ErrorKind, Facing};

/// The paths of both strings, for both players, as sorted lists of legs.
fn paths(src: &str) -> Vec<String> {
    let b = parse(src).unwrap_or_else(|e| panic!("`{src}` did not parse: {e:?}"));
    let mut out: Vec<String> = [Facing::First, Facing::MirroredRanks, Facing::Rotated]
        .into_iter()
        .flat_map(|o| {
            b.expand(o).into_iter().map(move |p| {
                let legs: Vec<String> = p
                    .legs
                    .iter()
                    .map(|l| format!("{:?}x{:?}m{}", l.step, l.max, l.mode.0))
                    .collect();
                format!("{o:?} {}", legs.join(" "))
            })
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn assert_same_move(bracket: &str, chain: &str) {
    assert_eq!(
        paths(bracket),
        paths(chain),
        "`{bracket}` should read as `{chain}`"
    );
    assert_same_destinations(bracket, chain);
}

/// The same destinations on an empty 8x8 board from a middle, a corner and an edge square.
fn assert_same_destinations(bracket: &str, chain: &str) {
    let (b, c) = (parse(bracket).unwrap(), parse(chain).unwrap());
    for from in [(3, 3), (0, 0), (7, 2)] {
        // A lame leap marks the squares it passes; a bracket's first leg is a square it moves through instead.
        let marks = |m: &betza::Betza| {
            let mut v = destinations(m, 8, 8, from, Facing::First);
            v.retain(|m| m.kind != betza::diagram::Kind::LamePath);
            v
        };
        let (mut x, mut y) = (marks(&b), marks(&c));
        x.sort_by_key(|m| (m.file, m.rank, m.kind as u8));
        y.sort_by_key(|m| (m.file, m.rank, m.kind as u8));
        assert_eq!(x, y, "`{bracket}` and `{chain}` from {from:?}");
    }
}

#[test]
fn griffon_bracket_is_ferz_then_outward_rook() {
    // H. G. Muller's own example of the bracket notation: the griffon, `[F?R]`.
    assert_same_move("[F?R]", "FyafsF");
}

#[test]
fn hyphen_means_the_move_must_go_on() {
    assert_same_move("[F-R]", "yafsF");
}

#[test]
fn aanca_bracket_is_wazir_then_outward_bishop() {
    assert_same_move("[W?B]", "WyafsW");
}

#[test]
fn same_family_leg_carries_straight_on() {
    // `[F-B]`: a bishop that must go at least two squares (the Tamerlane picket); `[W-R]` the rook's version.
    assert_same_move("[F-B]", "yafF");
    assert_same_move("[W-R]", "yafW");
}

#[test]
fn leaper_legs_keep_one_step() {
    // `[W-F]`: an orthogonal step to an empty square, then a diagonal one outward: the Xiangqi horse.
    assert_same_move("[W-F]", "afsW");
    assert_same_destinations("[W-F]", "nN");
    assert_same_move("[F?W]", "FafsF");
}

#[test]
fn later_leg_letters_are_relative_to_the_previous_leg() {
    assert_same_move("[W-lW]", "alW");
    assert_same_move("[W-sW]", "asW");
    assert_same_move("[W-fF]", "afsW");
    assert_same_move("[W-frF]", "afrW");
    // On a leg of the other family, a single letter picks a pair, as `l` does on `F`: here the two left turns.
    assert_same_move("[F-lW]", "ablflF");
    assert_same_move("[F-flW]", "aflF");
    assert_same_move("[W-frF]", "afrW");
}

#[test]
fn straight_and_sideways_later_leg_reads_as_two_chains() {
    // `fr` in an `a` chain is the 45° turn, so "straight on or 90° right" is spelled as two chains.
    assert_same_move("[W-frW]", "afWarW");
}

#[test]
fn leg_modifiers_stay_on_their_leg() {
    assert_same_move("[cW-W]", "cafW");
    assert_same_move("[mW?cW]", "mWafcW");
    assert_same_move("[pR-cR]", "pafcR");
}

#[test]
fn slider_then_step_toggles_back_to_one_step() {
    assert_same_move("[R-W]", "yafR");
    // After a hop the toggle is `g`: over a piece on the rook's line, then one step straight on.
    assert_same_move("[pR-W]", "gafR");
}

#[test]
fn three_legs_with_two_stops() {
    assert_same_move("[W?F?W]", "WafsWafsafsW");
}

#[test]
fn longer_atoms_and_oblique_legs() {
    assert_same_move("[D-A]", "afsD");
    assert_same_move("[N?N]", "NafN");
}

#[test]
fn brackets_sit_beside_plain_components() {
    assert_same_move("K[F?R]", "KFyafsF");
    assert_same_move("[F?R]N", "FyafsFN");
    assert_same_move("i[W-W]", "iafW");
}

#[test]
fn bracket_reads_back_from_its_canonical_form() {
    // The canonical form is the `a` chains, spelled as designers write them (`fs`, not `frfl`).
    assert_eq!(parse("[F?R]").unwrap().to_string(), "FyafsF");
    assert_eq!(parse("[W?B]").unwrap().to_string(), "WyafsW");
    for src in ["[F?R]", "[W-F]", "[cW-W]", "[W?F?W]", "[W-frW]", "K[F?R]N"] {
        let b = parse(src).unwrap();
        assert_eq!(
            parse(&b.to_string()),
            Ok(b.clone()),
            "`{src}` printed `{b}`"
        );
    }
}

/// The kind and byte column of the first error of `src`.
fn first_error(src: &str) -> (ErrorKind, usize) {
    let errors = parse(src).expect_err(src);
    (errors[0].kind, errors[0].span.start)
}

#[test]
fn unbalanced_brackets_are_located() {
    assert_eq!(first_error("[F?R"), (ErrorKind::Other, 0));
    assert_eq!(first_error("KF?R]"), (ErrorKind::UnknownLetter, 2));
    assert_eq!(first_error("[F?[R]]"), (ErrorKind::Other, 3));
}

#[test]
fn empty_brackets_and_legs_are_located() {
    assert_eq!(first_error("[]"), (ErrorKind::Empty, 0));
    assert_eq!(first_error("K[F-]"), (ErrorKind::Empty, 4));
    assert_eq!(first_error("[-R]"), (ErrorKind::Empty, 1));
    assert_eq!(first_error("[F--R]"), (ErrorKind::Empty, 3));
}

#[test]
fn bad_operators_are_located() {
    assert_eq!(first_error("[F+R]"), (ErrorKind::UnknownLetter, 2));
    assert_eq!(first_error("[F R]"), (ErrorKind::UnknownLetter, 2));
    assert_eq!(first_error("[FR]"), (ErrorKind::Other, 2));
}

#[test]
fn bad_letters_inside_a_leg_are_located_in_the_whole_string() {
    assert_eq!(first_error("K[F?kR]"), (ErrorKind::UnknownLetter, 4));
    assert_eq!(first_error("[W-ffW]"), (ErrorKind::MeaninglessDirection, 3));
    assert_eq!(first_error("[W-W00]"), (ErrorKind::MalformedRange, 4));
}

#[test]
fn legs_of_another_shape_are_unsupported_where_they_are() {
    assert_eq!(first_error("[W-N]"), (ErrorKind::Unsupported, 3));
    assert_eq!(first_error("[D?B]"), (ErrorKind::Unsupported, 3));
    assert_eq!(first_error("[K-W]"), (ErrorKind::Unsupported, 3));
    assert_eq!(first_error("[W-R2]"), (ErrorKind::Unsupported, 3));
    assert_eq!(first_error("[W-aW]"), (ErrorKind::Unsupported, 3));
    assert_eq!(first_error("[cW-R]"), (ErrorKind::Unsupported, 1));
    assert_eq!(first_error("v[F?R]"), (ErrorKind::Unsupported, 0));
}

#[test]
fn a_bracket_needing_more_than_max_bracket_forms_chains_is_refused() {
    // Each `frW` leg (straight on or 90° right) doubles the chains: six legs make 64, seven 128.
    let legs = |n: usize| format!("[W{}]", "-frW".repeat(n));
    let six = parse(&legs(6)).expect("64 chains are within the limit");
    assert_eq!(six.components.len(), betza::limits::MAX_BRACKET_FORMS);
    assert_eq!(first_error(&legs(7)), (ErrorKind::Unsupported, 0));
}

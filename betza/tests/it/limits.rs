//! Every limit of `betza::limits`, at its edge and one past it, and the pathological strings that once took
//! seconds to minutes: each is now refused (or expanded) before any work proportional to what it would produce.
use betza::limits::{MAX_LEGS, MAX_MOVE_LEGS, MAX_PATHS, MAX_REALISATIONS};
use betza::{parse, ErrorKind, Facing};

fn refused(s: &str) -> bool {
    match parse(s) {
        Ok(_) => false,
        Err(es) => es.iter().all(|e| e.kind == ErrorKind::Unsupported),
    }
}

/// Legs written out: the bare first leg, then `later` joined by `a`, on `atom` (`"fs"` ×2 → `afsafsK`).
fn legs(later: &[&str], atom: &str) -> String {
    let mut s = String::new();
    for l in later {
        s.push('a');
        s.push_str(l);
    }
    s + atom
}

#[test]
fn max_legs_allows_seventy_legs_and_refuses_seventy_one() {
    let at_edge = legs(&["f"; MAX_LEGS - 1], "W");
    let paths = parse(&at_edge).unwrap().expand(Facing::First);
    assert_eq!(paths.iter().map(|p| p.legs.len()).max(), Some(MAX_LEGS));
    assert!(refused(&legs(&["f"; MAX_LEGS], "W")));
}

#[test]
fn max_paths_allows_4096_paths_and_refuses_8192() {
    // A king step in 8 directions, then legs of 2 directions each: 8 × 2^9 = 4096.
    let at_edge = legs(&["fs"; 9], "K");
    let resolved = parse(&at_edge).unwrap().resolve().unwrap();
    assert_eq!(resolved.path_count(), MAX_PATHS);
    assert_eq!(resolved.expand(Facing::First).len() as u64, MAX_PATHS);
    assert!(refused(&legs(&["fs"; 10], "K")));
}

/// Legs of every path of a move, counted from its expansion.
fn expanded_legs(s: &str) -> u64 {
    let paths = parse(s).unwrap().expand(Facing::First);
    paths.iter().map(|p| p.legs.len() as u64).sum()
}

/// fuzz/betza_parse: 98 components of crooked hoppers and riders side by side (`rRtcmpRmRmRrRtcmpR…pzRcRpzRcR`,
/// 189 characters) expanded into 18 million legs: 1.9 s and 790 MB in `tatsu betza`. The whole move is bounded
/// now. A crooked rook-hopper and a crooked bishop-hopper fit (914,480 + 114,240 legs); a crooked rook more
/// (19,876: 1,048,596 in all, 20 past the limit) does not. The leg counts are the expansion's own (no other
/// program expands these pieces); what the test checks is that the parser's count, made without expanding, agrees
/// with the paths `expand` builds and draws the line there.
#[test]
fn max_move_legs_allows_pzr_with_pzb_and_refuses_one_crooked_rook_more() {
    assert_eq!(MAX_MOVE_LEGS, 1 << 20);
    assert_eq!(expanded_legs("pzR"), 914_480);
    assert_eq!(expanded_legs("pzB"), 114_240);
    assert_eq!(expanded_legs("zR"), 19_876);
    assert!(expanded_legs("pzRpzB") <= MAX_MOVE_LEGS);
    let errors = parse("pzRpzBzR").unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind, ErrorKind::Unsupported);
    assert_eq!(errors[0].span, 0..8, "the whole move is underlined");
    assert!(
        errors[0].to_string().contains("1048596 legs"),
        "{}",
        errors[0]
    );
    let found = "rRtcmpRmRmRrRmRmRrRtcmpRmRmRmpRtcmpRtcmpRpzRcRpzRcRmpRmRtcmpRtRpzRcRpzRcmRtcmpRtcmpRpzRcRtcmpRmRmRmpRtcmpRtRtcmpRtcmpRpzRcRpzRcRmpRoRtcmpRtRpzRcRpzRcmRtcmpRtcmpRzpRcRpzRcRmpRmRtcmpRtcmpzRcR";
    assert_eq!(found.len(), 189);
    assert!(refused(found));
}

#[test]
fn max_realisations_allows_thirteen_turning_legs_of_two_and_refuses_fourteen() {
    // One path (every leg straight forward) whose 13 legs before the last may each go 1 or 2 squares: 2^13.
    assert_eq!(MAX_REALISATIONS, 1 << 13);
    assert!(parse(&format!("f{}W2", "af".repeat(13))).is_ok());
    assert!(refused(&format!("f{}W2", "af".repeat(14))));
    // Paths multiply too: an unlimited leg counts 35 squares (the longest line of a 36x36 board). `aW0` is 12
    // paths × 35 = 420; `aaW0` is 36 paths × 35² = 44100.
    assert!(parse("aW0").is_ok());
    assert!(refused("aaW0"));
    assert!(refused("aaaaW8"));
}

#[test]
fn repeated_rider_legs_are_refused_before_they_are_unrolled_into_chains() {
    // Unrolled, each is a chain of up to 69 rider legs: the compiler used to enumerate their realisations on
    // every square (8.6 s on a 3x3 board for the first, exponential on 36x36 for the others).
    for s in [
        "a(al)aW0",
        "fm(afm)alW0",
        "fm(afm)afW0",
        "afsafz(afz)W0",
        "a(al)aWW(af)B",
    ] {
        let errors = parse(s).expect_err(s);
        assert!(
            errors.iter().any(|e| e.kind == ErrorKind::Unsupported
                && e.help
                    .as_deref()
                    .is_some_and(|h| h.contains("at most 8192 realisations"))),
            "{s}: {errors:?}"
        );
    }
    // Their first unrolled forms alone are fine.
    assert!(parse("aW0").is_ok() && parse("afsafzW").is_ok());
}

#[test]
fn crooked_paths_that_cannot_fit_on_a_36x36_board_are_not_produced() {
    // The boyscout zig-zags along a line: at most 35 steps fit. A hopping one has a path per hurdle step:
    // 4 first directions × 2 ways of turning × (1 + 2 + … + 34) hurdle positions.
    let pzb = parse("pzB").unwrap().resolve().unwrap();
    assert_eq!(pzb.path_count(), 4 * 2 * (34 * 35 / 2));
    assert_eq!(pzb.expand(Facing::Rotated).len() as u64, pzb.path_count());
    assert!(pzb.expand(Facing::First).iter().all(|p| p.legs.len() <= 35));
}

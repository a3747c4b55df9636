//! `tatsu describe`: the rule book of every game, in Markdown, HTML and JSON.
use super::*;

#[test]
fn describe_every_game_in_markdown_and_html() {
    for game in bundled_games() {
        let md = ok(&["describe", game]);
        assert!(md.starts_with("# "), "{game}");
        for section in [
            "## The board and the players",
            "## The pieces",
            "## How the game ends",
            "## Writing moves",
        ] {
            assert!(md.contains(section), "{game} lacks {section}");
        }
        assert!(
            !md.contains("invalid:"),
            "{game}: a move the describer could not read"
        );
        let html = ok(&["describe", game, "--format", "html"]);
        assert!(
            html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"),
            "{game}"
        );
        assert!(html.contains("<svg"), "{game}");
        assert_eq!(
            html.matches("<svg").count(),
            html.matches("</svg>").count(),
            "{game}"
        );
    }
}

#[test]
fn describe_states_the_rules_that_rules_md_lists() {
    let ryu = ok(&["describe", "ryu-shogi"]);
    assert!(ryu.contains("**zone4** (ranks 10–12 for White, ranks 1–3 for Black): promotes"));
    assert!(ryu.contains(
        "Standing in **zone2** (ranks 4–6 for White, ranks 7–9 for Black), it moves as `BfR`:"
    ));
    assert!(ryu.contains("Silver on d5 (in zone2): 19 destinations."));
    assert!(ryu.contains("it must promote to Silver Dragon (`+S`)"));
    assert!(
        ryu.contains("**Stalemate**: a player who is not in check but has no legal move loses.")
    );
    assert!(ryu.contains("the 4th time the same position occurs"));
    let heian = ok(&["describe", "heian-ryu-shogi"]);
    assert!(heian.contains("**Bonus turn**"));
    assert!(heian.contains("Not on a file that already holds an unpromoted Pawn"));
    assert!(heian.contains("**Bare king**"));
    let ryugi = ok(&["describe", "ryugi"]);
    assert!(
        ryugi.contains("| White (`K`) | `f1h1` | j1–g1 | g1 h1 i1 | f1 g1 h1 |"),
        "{ryugi}"
    );
    assert!(ryugi.contains("Dragon on e5: 33 destinations."));
    assert!(ryugi.contains("that means: from a2 b2 c2 d2 g2 h2 i2 j2 e3 f3 (White)"));
    assert!(ryugi.contains("after 128 plies (64 moves by each player)"));
    assert!(ryugi.contains("## En passant"));
    let euro = ok(&["describe", "euroshogi"]);
    assert!(euro.contains("on any move that starts or ends in"));
    assert!(euro
        .contains("squares from which it could never move (rank 8 for White, rank 1 for Black)"));
}

#[test]
fn describe_errors() {
    fails_with(&["describe", "ryu-shogii"], "neither a bundled variant");
    usage_error(
        &["describe", "ryugi", "--format", "pdf"],
        "invalid value 'pdf'",
    );
}

/// `describe --json`: the compiled rules as data. Chess's rules (FIDE Laws): 8x8, six piece types, the king royal,
/// the pawn promoting on the last rank to one of four pieces, no drops, stalemate a draw.
#[test]
fn describe_json_gives_the_compiled_rules_of_chess() {
    let v = json(&["describe", "chess", "--json"]);
    assert_eq!(v["schema"], "tatsu.describe/2");
    assert_eq!(
        (v["files"].as_u64(), v["ranks"].as_u64()),
        (Some(8), Some(8))
    );
    assert_eq!(v["orientation"], "mirror");
    assert_eq!(v["drops"], false);
    let pieces = v["pieces"].as_array().expect("pieces");
    assert_eq!(pieces.len(), 6);
    let king = pieces.iter().find(|p| p["symbol"] == "K").expect("a king");
    assert_eq!(king["royal"], true);
    let pawn = pieces.iter().find(|p| p["symbol"] == "P").expect("a pawn");
    let choices: BTreeSet<&str> = pawn["promotions"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(choices, BTreeSet::from(["Q", "R", "B", "N"]));
    assert_eq!(v["end"]["stalemate"], "draw");
    // Castling is written as the king's move in chess, as the king taking its rook in Chess960.
    let written = |v: &serde_json::Value| -> BTreeSet<String> {
        v["castling"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["written"].as_str().unwrap().to_string())
            .collect()
    };
    let expected = ["e1c1", "e1g1", "e8c8", "e8g8"].map(String::from);
    assert_eq!(written(&v), BTreeSet::from(expected));
    let chess960 = json(&[
        "describe",
        "tests/data/variants/fischerandom.tatsu",
        "--json",
    ]);
    assert!(written(&chess960).contains("e1h1"), "{chess960}");
    assert!(!written(&chess960).contains("e1g1"), "{chess960}");
}

/// Every rule the Markdown rule book states has its field in `describe --json`, and every rule the JSON holds is
/// stated in the text: the two are written from the same compiled game, for every bundled and test variant.
#[test]
fn describe_json_holds_every_rule_the_text_states() {
    let mut games: Vec<String> = bundled_games().iter().map(|g| g.to_string()).collect();
    games.extend(crate::support::variants::all_paths());
    for game in &games {
        let md = ok(&["describe", game]);
        let v = json(&["describe", game, "--json"]);
        let end = &v["end"];
        let says = |label: &str| md.matches(label).count();
        let set = |x: &Value| !x.is_null() && x != &Value::Bool(false);
        let len = |x: &Value| x.as_array().map_or(0, |a| a.len());
        let pieces = v["pieces"].as_array().expect("pieces");
        let count = |f: &dyn Fn(&Value) -> bool| pieces.iter().filter(|p| f(p)).count();
        let zoned_sets: usize = pieces
            .iter()
            .map(|p| {
                p["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|m| !m["zone"].is_null())
                    .count()
            })
            .sum();
        let checks: Vec<(&str, usize, usize)> = vec![
            (
                "### piece headings",
                md.matches("\n### ").count() - 1,
                pieces.len(),
            ),
            (
                "**Royal**",
                says("- **Royal**"),
                count(&|p| p["royal"] == true),
            ),
            (
                "**Promotion**",
                says("- **Promotion**"),
                // One sentence per `promote` line.
                pieces.iter().map(|p| len(&p["promotions"])).sum::<usize>(),
            ),
            (
                // A gating-only game's held pieces are gated in, never dropped.
                "piece **Drops** or **Gating**",
                says("- **Drops**") + says("- **Gating**"),
                count(&|p| set(&p["drop"])),
            ),
            ("Standing in", says("Standing in **"), zoned_sets),
            (
                "zones",
                says("\n- **")
                    - says("\n- **Royal**")
                    - says("\n- **Promotion**")
                    - says("\n- **Drops**")
                    - says("\n- **Gating**")
                    - says("\n- **Never captures**")
                    - says("\n- **Never hops over**")
                    - says("\n- **Never captures a protected piece**")
                    - count(&|p| set(&p["jumps_lower"]))
                    - count(&|p| set(&p["jumps_over"]))
                    - count(&|p| set(&p["burns"]))
                    - end_items(&md),
                len(&v["zones"]),
            ),
            (
                "**Never captures a protected piece**",
                says("\n- **Never captures a protected piece**"),
                count(&|p| p["captures_unprotected_only"] == true),
            ),
            (
                // One bold item per jumping piece in "Range capture" (`jumps-lower`), one per piece with
                // jumping slides (`jumps-over`).
                "## Range capture",
                says("## Range capture")
                    * (count(&|p| set(&p["jumps_lower"])) + count(&|p| set(&p["jumps_over"]))),
                count(&|p| set(&p["jumps_lower"])) + count(&|p| set(&p["jumps_over"])),
            ),
            (
                // One bold item per burning piece in "Burning".
                "## Burning",
                says("## Burning") * count(&|p| set(&p["burns"])),
                count(&|p| set(&p["burns"])),
            ),
            (
                "## Drops",
                says("## Drops"),
                usize::from(v["drops"] == true && v["gating"]["only"] != true),
            ),
            (
                "## Gating",
                says("## Gating"),
                usize::from(set(&v["gating"])),
            ),
            (
                "**Bonus turn**",
                says("**Bonus turn**"),
                usize::from(set(&v["bonus_turn"])),
            ),
            ("castling rows", castling_rows(&md), len(&v["castling"])),
            (
                "## En passant",
                says("## En passant"),
                usize::from(len(&v["en_passant"]) > 0),
            ),
            (
                "## Compulsory capture",
                says("## Compulsory capture"),
                usize::from(set(&v["forced_capture"])),
            ),
            (
                "## Compulsory drops",
                says("## Compulsory drops"),
                usize::from(v["must_drop"] == true),
            ),
            (
                "opposite colours",
                says("on both square colours"),
                count(&|p| p["drop"]["opposite_colours"] == true),
            ),
            (
                "castling gained by drops",
                says("**Castling rights gained by drops**"),
                usize::from(
                    v["castling"]
                        .as_array()
                        .is_some_and(|c| c.iter().any(|c| c["gained_by_drop"] == true)),
                ),
            ),
            (
                "**Never captures**",
                says("\n- **Never captures**"),
                v["pieces"].as_array().map_or(0, |ps| {
                    ps.iter().filter(|p| len(&p["may_not_capture"]) > 0).count()
                }),
            ),
            (
                "**Never hops over**",
                says("\n- **Never hops over**"),
                v["pieces"].as_array().map_or(0, |ps| {
                    ps.iter()
                        .filter(|p| len(&p["may_not_hop_over"]) > 0)
                        .count()
                }),
            ),
            (
                "**Passing**",
                says("**Passing**"),
                usize::from(v["pass_allowed"] == true),
            ),
            (
                "## Dead squares",
                says("## Dead squares"),
                usize::from(v["dead_squares_allowed"] == true),
            ),
            (
                "## Explosions",
                says("## Explosions"),
                usize::from(set(&v["explosions"])),
            ),
            (
                "**Repetition**",
                says("**Repetition**"),
                usize::from(set(&end["repetition"])),
            ),
            (
                "perpetual check",
                says("(perpetual check)"),
                usize::from(set(&end["perpetual_check_loses"])),
            ),
            (
                "repetition loser",
                says("is lost by"),
                usize::from(set(&end["repetition_loser"])),
            ),
            (
                "**Move limit**",
                says("**Move limit**"),
                usize::from(set(&end["move_limit"])),
            ),
            (
                "**Bare king**",
                says("**Bare king**"),
                usize::from(set(&end["bare_king"])),
            ),
            (
                "**Insufficient material**",
                says("**Insufficient material**"),
                usize::from(len(&end["insufficient_material"]) > 0),
            ),
            (
                "**Extinction**",
                says("**Extinction**"),
                len(&end["extinction"]),
            ),
            ("**Flag**", says("**Flag**"), len(&end["flags"])),
            (
                "**Check count**",
                says("**Check count**"),
                usize::from(set(&end["check_limit"])),
            ),
            (
                "**No checks**",
                says("**No checks**"),
                usize::from(set(&end["giving_check_illegal"])),
            ),
            (
                "**Royal frozen in check**",
                says("**Royal frozen in check**"),
                usize::from(set(&end["royal_frozen_in_check"])),
            ),
            (
                "**Facing royals**",
                says("**Facing royals**"),
                usize::from(set(&end["facing_royals_illegal"])),
            ),
            (
                "**Mate by … alone**",
                says("**Mate by "),
                usize::from(len(&end["checkmate_by_only_loses"]) > 0),
            ),
            (
                "**Shak**",
                says("**Shak**"),
                usize::from(len(&end["checkmate_needs_check_by"]) > 0),
            ),
            (
                "**Only promotions**",
                says("**Only promotions**"),
                usize::from(set(&end["only_promotions_draws"])),
            ),
            (
                "**Two passes**",
                says("**Two passes**"),
                usize::from(set(&end["double_pass_draws"])),
            ),
            (
                "**Facing royals (bikjang)**",
                says("**Facing royals (bikjang)**"),
                usize::from(set(&end["facing_royals_must_break"])),
            ),
            (
                "**Material count**",
                says("**Material count**"),
                usize::from(set(&end["material_count"])),
            ),
            (
                "**Draw odds**",
                says("**Draw odds**"),
                usize::from(set(&end["draws_win"])),
            ),
        ];
        for (what, text, json) in checks {
            assert_eq!(
                text, json,
                "{game}: {what} is stated {text} times in the text, {json} in the JSON"
            );
        }
        let stalemate = if end["stalemate_by_piece_count"] == true {
            "the player with fewer pieces on the board wins".to_string()
        } else {
            format!("has no legal move {}.", verdict_words(&end["stalemate"]))
        };
        assert!(
            md.contains(&stalemate),
            "{game}: stalemate is {}",
            end["stalemate"]
        );
        if says("**Checkmate**") > 0 {
            let mate = format!(
                "who has no legal move {}.",
                verdict_words(&end["checkmate"])
            );
            assert!(
                md.contains(&mate),
                "{game}: checkmate is {}",
                end["checkmate"]
            );
        }
    }
}

/// The items of "How the game ends" (they are bold-labelled list items like the zones).
fn end_items(md: &str) -> usize {
    let section = md.split("## How the game ends").nth(1).unwrap_or("");
    let section = section.split("\n## ").next().unwrap_or("");
    section.matches("\n- **").count()
}

/// The rows of the castling table (a header and a rule line precede them).
fn castling_rows(md: &str) -> usize {
    let Some(section) = md.split("## Castling").nth(1) else {
        return 0;
    };
    let section = section.split("\n## ").next().unwrap_or("");
    section
        .lines()
        .filter(|l| l.starts_with('|'))
        .count()
        .saturating_sub(2)
}

fn verdict_words(v: &Value) -> &'static str {
    match v.as_str() {
        Some("win") => "wins",
        Some("draw") => "draws",
        _ => "loses",
    }
}

/// The rule book's zone list says which zone is a flag zone (the issue: dobutsu's `far-rank` said only that it
/// promotes).
#[test]
fn describe_names_the_flag_zone_in_the_zone_list() {
    let book = ok(&["describe", "tests/data/variants/dobutsu.tatsu"]);
    assert!(
        book.contains("is the flag zone: `L` ending a move in it decides the game"),
        "{book}"
    );
}

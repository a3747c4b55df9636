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
    let run = tatsu(&["describe", "ryugi", "--format", "pdf"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("invalid value 'pdf'"));
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
}

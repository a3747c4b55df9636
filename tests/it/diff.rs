//! `tatsu diff`: rule changes in the designer's terms and the first line of play where two versions disagree.
use crate::support::binary::tatsu;
use tatsu::diff::{first_disagreement, first_disagreement_with, rule_changes};
use tatsu::engine::Engine;

fn game(name: &str) -> Engine {
    Engine::new(tatsu::variants::load(name).expect("loads").game)
}

fn shown(command: &str) -> String {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/diff.md")).unwrap();
    let start = doc
        .find(&format!("$ {command}\n"))
        .expect("docs/diff.md shows it");
    let body = &doc[start + command.len() + 3..];
    body[..body.find("```").unwrap()].to_string()
}

#[test]
fn ryu_to_heian_names_exactly_the_four_rule_changes_of_rules_md_section_4() {
    let changes = rule_changes(&game("ryu-shogi"), &game("heian-ryu-shogi"));
    let texts: Vec<&str> = changes.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts.len(), 4, "{texts:#?}");
    assert!(texts[0].starts_with(
        "bonus turn: a drop into the mover's zone1 earns one more turn, which may be passed"
    ));
    assert!(texts[1].starts_with("demotion: "));
    assert_eq!(
        texts[2],
        "end: bare king: a bare king with an empty hand loses"
    );
    assert!(
        texts[3].starts_with("Pawn (P) drops: ")
            && texts[3].ends_with("→ one-per-file (nifu), no-mate, not in ranks 10–12")
    );
}

#[test]
fn the_documented_outputs_are_what_diff_prints() {
    for (old, new) in [
        ("ryu-shogi", "heian-ryu-shogi"),
        (
            "docs/examples/mini-ryu.tatsu",
            "docs/examples/mini-ryu-v2.tatsu",
        ),
    ] {
        let run = tatsu(&["diff", old, new]);
        assert_eq!(run.code, 1, "something changed");
        assert_eq!(run.stdout, shown(&format!("tatsu diff {old} {new}")));
    }
}

#[test]
fn a_game_against_itself_has_no_change_and_exits_0() {
    let run = tatsu(&["diff", "euroshogi", "euroshogi", "--depth", "3"]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        "euroshogi → euroshogi: 0 rule changes\nno disagreement in play within 3 plies of the start (perft 25, 625, 15424 in both)\n"
    );
}

#[test]
fn a_narrower_pawn_is_found_on_the_divide_path_where_it_first_matters() {
    let old = game(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/mini-ryu.tatsu"
    ));
    let new = game(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/mini-ryu-v2.tatsu"
    ));
    let d = first_disagreement(&old, &new, 4).expect("they disagree within 4 plies");
    // Hand check: the first pawn to reach the field (rank 3) is a2a3; after any Black reply it may take the
    // diagonal a3b4 only in the first draft.
    assert_eq!(d.path.len(), 2);
    assert_eq!(d.path[0], "a2a3");
    assert_eq!(d.only_old, ["a3b4"]);
    assert!(d.only_new.is_empty());
}

#[test]
fn a_changed_move_set_shows_the_destinations_gained_and_lost_per_zone() {
    let mini = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/mini-ryu.tatsu"
    ))
    .unwrap();
    let old = Engine::new(
        tatsu::compile::compile("mini-ryu.tatsu", &mini)
            .unwrap()
            .game,
    );
    let new = tatsu::compile::compile(
        "v2.tatsu",
        &crate::support::variants::replaced(&mini, "in field \"fRsW\"", "in field \"fRbW\""),
    )
    .unwrap()
    .game;
    let new = Engine::new(new);
    let texts: Vec<String> = rule_changes(&old, &new)
        .into_iter()
        .map(|c| c.text)
        .collect();
    assert_eq!(texts.len(), 2, "{texts:#?}");
    // The Scout on c3 (field) slides forward and steps sideways; now it steps back instead: c2 gained, b3 d3 lost.
    assert!(
        texts[1].starts_with(
            "Scout (S) in field: destinations on an empty board differ from 10 squares"
        ),
        "{}",
        texts[1]
    );
}

#[test]
fn different_start_positions_disagree_at_the_start() {
    let run = tatsu(&["diff", "chess", "ryugi", "--depth", "1"]);
    assert_eq!(run.code, 1);
    assert!(run
        .stdout
        .contains("first disagreement in play: the start position"));
    assert!(run.stdout.contains("  ~ board: 8x8 → 10x10\n"));
}

#[test]
fn json_lists_the_changes_and_the_equal_counts() {
    let run = tatsu(&["diff", "ryu-shogi", "heian-ryu-shogi", "--json"]);
    assert_eq!(run.code, 1);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["schema"], "tatsu.diff/1");
    assert_eq!(v["changes"].as_array().unwrap().len(), 4);
    assert_eq!(v["changes"][0]["change"], "added");
    assert!(v["first_disagreement"].is_null());
    assert_eq!(v["equal_perft"], serde_json::json!([7, 49, 504, 5184]));
}

/// A 5x5 game that is its own mirror image (kings on the c-file, one more White piece on c3) with that piece
/// stepping left (`lW`) or right (`rW`).
fn mirrored(step: &str) -> Engine {
    let text = format!(
        "title \"Sidestep {step}\"\nboard 5 x 5\npiece K \"King\" {{ royal moves \"K\" }}\n\
         piece X \"Sidestep\" {{ moves \"{step}\" }}\nstart \"2k2/5/2X2/5/2K2 w - - 0 1\"\n"
    );
    Engine::new(
        tatsu::compile::compile("sidestep.tatsu", &text)
            .unwrap()
            .game,
    )
}

#[test]
fn versions_with_equal_counts_but_different_moves_disagree_at_the_start() {
    // Mirror images have equal perft at every depth (the old comparison of totals said "no disagreement"); the
    // move texts differ from the first ply: the Sidestep on c3 goes to b3 in one version, d3 in the other.
    let (left, right) = (mirrored("lW"), mirrored("rW"));
    let d = first_disagreement(&left, &right, 3).expect("they disagree");
    assert!(d.path.is_empty(), "{d:?}");
    assert_eq!(d.only_old, ["c3b3"]);
    assert_eq!(d.only_new, ["c3d3"]);
}

#[test]
fn threads_and_progress_do_not_change_the_disagreement_found() {
    let path = |name: &str| format!("{}/docs/examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let old = game(&path("mini-ryu.tatsu"));
    let new = game(&path("mini-ryu-v2.tatsu"));
    let mut reports = Vec::new();
    let found = first_disagreement_with(&old, &new, 4, 3, |p| reports.push(p));
    assert_eq!(found, first_disagreement(&old, &new, 4));
    // Depths 1 to 3 are counted from the start (the versions first differ at perft 3), then 2 and 1 along the
    // two-move path; the last report has every first move of both versions counted.
    let mut steps: Vec<u32> = reports.iter().map(|p| p.depth).collect();
    steps.dedup();
    assert_eq!(steps, [1, 2, 3, 2, 1]);
    let last = reports.last().unwrap();
    assert_eq!(last.done, last.total);
    // Chess against itself: the published perft 20, 400, 8,902, on more threads than there are first moves.
    let chess = game("chess");
    assert_eq!(
        first_disagreement_with(&chess, &chess, 3, 256, |_| {}),
        Err(vec![20, 400, 8902])
    );
}

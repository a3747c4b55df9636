//! `drop either-form` (docs/variant-language.md): a held piece may be dropped as itself or as its promoted form.
//! The lists below are Fairy-Stockfish's (pyffish 0.0.90, `kyotoshogi`, whose `dropPromoted` is this rule).
use crate::support::variants::engine;
use tatsu::engine::Position;

#[test]
fn a_held_lance_may_be_dropped_as_a_lance_or_as_a_gold_on_every_empty_square() {
    let e = engine("kyotoshogi");
    let fen = "k4/5/5/5/4K[L] w - - 0 1";
    let moves: Vec<String> = crate::support::variants::moves(&e, fen);
    let drops = |prefix: &str| moves.iter().filter(|m| m.starts_with(prefix)).count();
    // 23 empty squares each way: the lance may stand on the last rank, where it could never move again.
    assert_eq!(drops("L@"), 23);
    assert_eq!(drops("+L@"), 23);
    assert!(moves.iter().any(|m| m == "L@c5"));
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let mv = pos.parse_move("+L@c3").unwrap();
    pos.play(mv);
    assert_eq!(pos.to_fen(), "k4/5/2+L2/5/4K[] b - - 0 1");
    pos.unplay();
    assert_eq!(pos.to_fen(), fen);
}

#[test]
fn either_form_without_a_promoted_form_is_refused() {
    let source = "board 5 x 5\ndrops\npiece K { royal moves \"K\" }\npiece P { moves \"fW\" drop either-form }\nstart \"k4/5/5/5/4K[P] w - - 0 1\"\n";
    let Err(diags) = tatsu::compile::compile("t.tatsu", source) else {
        panic!("compiled");
    };
    let text = tatsu::diag::render_short(&diags[0], source);
    assert!(
        text.contains("t.tatsu:4:27") && text.contains("no promoted form `+P`"),
        "{text}"
    );
}

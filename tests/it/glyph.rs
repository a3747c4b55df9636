//! `glyph "TEXT"`: the text a board draws for a piece. Compiled into the piece, carried by `describe --json`, the
//! rule book and `tatsu serve`; refused, at the text, when empty, too long, holding spaces, or given twice.
use tatsu::compile::compile;

fn game_with(items: &str) -> String {
    format!(
        "board 3 x 3\npiece K \"King\" {{\n  royal\n  moves \"K\"\n  {items}\n}}\nstart \"k2/3/2K w - - 0 1\"\n"
    )
}

/// The messages of the errors compiling `items` into the King gives, each with its line and column.
fn errors(items: &str) -> Vec<(String, usize, usize)> {
    let source = game_with(items);
    let diagnostics = compile("t.tatsu", &source).err().unwrap_or_default();
    let renderer = tatsu::diag::Renderer::new(&source);
    diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let (line, column) = renderer.line_col(d.span.start);
            (d.message.clone(), line, column)
        })
        .collect()
}

#[test]
fn a_glyph_is_the_pieces_picture_text() {
    let game = compile("t.tatsu", &game_with("glyph \"玉\""))
        .unwrap_or_else(|d| panic!("{d:#?}"))
        .game;
    assert_eq!(game.pieces[0].glyph.as_deref(), Some("玉"));
    let engine = tatsu::engine::Engine::new(game);
    let json = serde_json::to_value(tatsu::describe::DescribeJson::new(&engine)).unwrap();
    assert_eq!(json["pieces"][0]["glyph"], "玉");
    let book = tatsu::render::markdown::render(&tatsu::render::rulebook::rulebook(&engine));
    assert!(book.contains("Drawn as 玉"), "{book}");
}

#[test]
fn a_piece_without_a_glyph_has_none() {
    let game = compile("t.tatsu", &game_with("")).unwrap().game;
    assert_eq!(game.pieces[0].glyph, None);
}

#[test]
fn an_empty_glyph_is_an_error_at_its_text() {
    assert_eq!(
        errors("glyph \"\""),
        [("a glyph is empty".to_string(), 5, 10)]
    );
    assert_eq!(errors("glyph \"  \"")[0].0, "a glyph is empty");
}

#[test]
fn a_glyph_of_more_than_four_characters_is_an_error() {
    assert!(errors("glyph \"獅子王将\"").is_empty(), "four fit");
    let found = errors("glyph \"獅子王将軍\"");
    assert_eq!(found.len(), 1);
    assert!(found[0].0.contains("5 characters"), "{found:?}");
}

#[test]
fn a_glyph_with_a_space_is_an_error() {
    assert_eq!(
        errors("glyph \"a b\"")[0].0,
        "a glyph may not hold spaces or control characters"
    );
}

#[test]
fn a_second_glyph_is_an_error() {
    let found = errors("glyph \"玉\" glyph \"王\"");
    assert_eq!(found.len(), 1);
    assert!(found[0].0.contains("`glyph` is given twice"), "{found:?}");
}

#[test]
fn the_bundled_shogi_games_draw_their_pieces_in_kanji() {
    for name in ["shogi", "chu-shogi"] {
        let engine = tatsu::variants::bundled_engine(name).unwrap();
        let missing: Vec<&str> = engine
            .game
            .pieces
            .iter()
            .filter(|p| p.glyph.is_none())
            .map(|p| p.symbol.as_str())
            .collect();
        assert!(missing.is_empty(), "{name}: no glyph for {missing:?}");
    }
    let shogi = tatsu::variants::bundled_engine("shogi").unwrap();
    let dragon = shogi.game.pieces.iter().find(|p| p.symbol == "+R").unwrap();
    assert_eq!(dragon.glyph.as_deref(), Some("竜"));
}

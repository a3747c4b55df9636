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

/// The ids of a bundled great shogi's pieces that have no glyph, and the glyphs of some that do.
fn glyphs_of(file: &str) -> Vec<(String, Option<String>)> {
    let path = format!("{}/variants/{file}", env!("CARGO_MANIFEST_DIR"));
    let game = tatsu::variants::load(&path)
        .expect("the file compiles")
        .game;
    game.pieces
        .iter()
        .map(|p| (p.symbol.clone(), p.glyph.clone()))
        .collect()
}

fn without_glyph(file: &str) -> Vec<String> {
    let mut ids: Vec<String> = glyphs_of(file)
        .into_iter()
        .filter(|(_, g)| g.is_none())
        .map(|(id, _)| id)
        .collect();
    ids.sort();
    ids
}

fn glyph_of(file: &str, id: &str) -> Option<String> {
    glyphs_of(file)
        .into_iter()
        .find(|(s, _)| s == id)
        .and_then(|(_, g)| g)
}

#[test]
fn the_great_shogi_pieces_without_kanji_are_the_ones_their_rules_pages_list() {
    // The lists are those of the "Glyphs" sections of docs/rules/{maka-dai-dai,tai,taikyoku}-shogi.md: the pieces no
    // source read gives a kanji for (the Wizard Stork's second character is not in Unicode).
    assert_eq!(without_glyph("maka-dai-dai-shogi.tatsu"), ["+Cc"]);
    assert_eq!(
        without_glyph("tai-shogi.tatsu"),
        ["+Cc", "+Or", "Gde", "Rs", "Sch", "Sde"]
    );
    let mut taikyoku = vec![
        "+Cc", "+C", "+Wl", "Mh", "+Ruc", "He", "+Vo", "+Gd", "+Whf", "Dl", "Wb", "+Wb", "Fl",
        "Ps", "Cm", "+Cm", "Dr", "+Sx", "Wi", "Ck", "+Ck", "+Vs", "Pe", "Eb", "Ow", "Oc", "+Sl",
        "+Vm", "Ox", "Bn", "+Bn", "+Hf", "Tg",
    ];
    taikyoku.sort();
    assert_eq!(without_glyph("taikyoku-shogi.tatsu"), taikyoku);
}

#[test]
fn the_great_shogi_glyphs_are_their_sources_kanji() {
    // fire-lizard/QBoard's stringmanager.cpp (PieceType2KanjiCode): the Emperor, the Deva and the Teaching King.
    assert_eq!(
        glyph_of("maka-dai-dai-shogi.tatsu", "+K").as_deref(),
        Some("自在天王")
    );
    assert_eq!(
        glyph_of("maka-dai-dai-shogi.tatsu", "Dv").as_deref(),
        Some("提婆")
    );
    assert_eq!(glyph_of("tai-shogi.tatsu", "+Dv").as_deref(), Some("教王"));
    // The Taikyoku table (Xwilarg, manbearian) for a piece of the same name: the Lion Dog and the Kirin (Kylin).
    assert_eq!(glyph_of("tai-shogi.tatsu", "Ld").as_deref(), Some("狛犬"));
    assert_eq!(
        glyph_of("maka-dai-dai-shogi.tatsu", "Ky").as_deref(),
        Some("麒麟")
    );
    // QBoard's Free Dream-Eater, Taikyoku's Free Baku (the baku, 獏).
    assert_eq!(
        glyph_of("taikyoku-shogi.tatsu", "Fb").as_deref(),
        Some("奔獏")
    );
}

/// The rule book's pictures (`describe --format html`) draw a piece's glyph where the file gives one, as `serve`
/// does: the King of a game whose King is `glyph "玉"` stands on the start diagram as 玉, not as `K`.
#[test]
fn the_rule_books_diagrams_draw_a_pieces_glyph_instead_of_its_letters() {
    let game = compile("t.tatsu", &game_with("glyph \"玉\""))
        .unwrap_or_else(|d| panic!("{d:#?}"))
        .game;
    let engine = tatsu::engine::Engine::new(game);
    let html = tatsu::render::html::render(&tatsu::render::rulebook::rulebook(&engine));
    assert!(html.contains(">玉</text>"), "no 玉 drawn");
    // The Black King has no glyph of its own: the same piece, drawn with the same glyph.
    assert!(
        !html.contains(">K</text>") && !html.contains(">k</text>"),
        "a King drawn as its letter"
    );
}

/// A glyph of two characters stands in two rows of one character each, the way they are written on a shogi
/// piece (Taikyoku's Running Stag is `奔鹿`), so that it fits a square.
#[test]
fn a_two_character_glyph_is_drawn_in_two_rows() {
    let game = compile("t.tatsu", &game_with("glyph \"玉将\""))
        .unwrap_or_else(|d| panic!("{d:#?}"))
        .game;
    let engine = tatsu::engine::Engine::new(game);
    let html = tatsu::render::html::render(&tatsu::render::rulebook::rulebook(&engine));
    assert!(
        html.contains(">玉</text>") && html.contains(">将</text>"),
        "not in two rows"
    );
    assert!(!html.contains(">玉将</text>"), "drawn in one row");
}

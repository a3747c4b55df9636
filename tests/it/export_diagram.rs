//! `tatsu export --to diagram`: the Interactive Diagram's parameters, checked against the rules of the game
//! (FIDE chess; shogi as RULES.md gives it). The diagram's script lives on chessvariants.com and CI has no
//! network, so the test reads the parameters the page hands it, not a rendered board.
use tatsu::export::diagram::{parameters, SCRIPT};

fn value<'a>(lines: &'a [String], key: &str) -> Option<&'a str> {
    lines
        .iter()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
}

/// The `name:ID:betza:image:squares` lines, split.
fn pieces(lines: &[String]) -> Vec<Vec<&str>> {
    lines
        .iter()
        .filter(|l| !l.contains('='))
        .map(|l| l.split(':').collect())
        .collect()
}

#[test]
fn chess_gives_the_diagram_its_board_pieces_promotion_and_castling() {
    let chess = tatsu::variants::load("chess").unwrap().game;
    let d = parameters(&chess);
    let l = &d.lines;
    assert_eq!(value(l, "files"), Some("8"));
    assert_eq!(value(l, "ranks"), Some("8"));
    assert_eq!(value(l, "symmetry"), Some("mirror"));
    assert_eq!(value(l, "promoZone"), Some("1"));
    let mut choice: Vec<char> = value(l, "promoChoice").unwrap().chars().collect();
    choice.sort_unstable();
    assert_eq!(choice, vec!['B', 'N', 'Q', 'R']);
    assert_eq!(value(l, "stalemate"), Some("draw"));
    assert_eq!(value(l, "holdingsType"), None, "chess has no drops");
    let pieces = pieces(l);
    assert_eq!(pieces.len(), 6);
    let royal: usize = value(l, "royal").unwrap().parse().unwrap();
    assert_eq!(
        pieces[royal - 1][1],
        "K",
        "royal= counts the piece lines from 1"
    );
    let king = pieces.iter().find(|p| p[1] == "K").unwrap();
    assert!(
        king[2].contains("O2"),
        "castling: the king moves two squares"
    );
    assert_eq!(king[4], "e1");
    let pawn = pieces.iter().find(|p| p[1] == "P").unwrap();
    assert_eq!(pawn[4], "a2,b2,c2,d2,e2,f2,g2,h2");
    let knight = pieces.iter().find(|p| p[1] == "N").unwrap();
    assert_eq!((knight[2], knight[4]), ("N", "b1,g1"));
    assert!(!d.lossy.iter().any(|r| r.contains("castling")));
}

/// Shogi: drops (holdings), rotation, a three-rank zone, and each piece promoting to its own promoted form, which
/// `promoOffset` must find that many lines further down.
#[test]
fn shogi_promotions_land_on_the_promoted_forms_through_the_offset() {
    let shogi = tatsu::variants::load("shogi").unwrap().game;
    let d = parameters(&shogi);
    let l = &d.lines;
    assert_eq!(value(l, "symmetry"), Some("rotate"));
    assert_eq!(value(l, "holdingsType"), Some("1"));
    assert_eq!(value(l, "promoZone"), Some("3"));
    assert_eq!(value(l, "stalemate"), Some("loss"));
    let offset: usize = value(l, "promoOffset").unwrap().parse().unwrap();
    let pieces = pieces(l);
    let promoted_name = |name: &str| match name {
        "Rook" => "Dragon",
        "Bishop" => "Horse",
        "Pawn" => "Tokin",
        "Silver" => "Promoted Silver",
        "Knight" => "Promoted Knight",
        "Lance" => "Promoted Lance",
        _ => "",
    };
    for (i, p) in pieces.iter().enumerate() {
        let expected = promoted_name(p[0]);
        if !expected.is_empty() {
            assert_eq!(pieces[i + offset][0], expected, "{} promotes", p[0]);
        }
    }
    let tokin = pieces.iter().find(|p| p[0] == "Tokin").unwrap();
    assert_eq!(tokin[2], "WfF", "a tokin moves as a gold");
    assert!(d.lossy.iter().any(|r| r.contains("Pawn may be dropped")));
}

#[test]
fn zone_dependent_moves_refuse_the_export_and_lossy_names_them_in_the_page() {
    let ryu = tatsu::variants::load("ryu-shogi").unwrap().game;
    let refusal = tatsu::export::to_diagram(&ryu, "ryu", false).unwrap_err();
    assert!(refusal
        .inexpressible
        .iter()
        .any(|r| r.starts_with("zone-dependent moves of Silver")));
    let page = tatsu::export::to_diagram(&ryu, "ryu", true).unwrap();
    assert!(page.text.contains("<div class=\"idiagram\">"));
    assert!(page.text.contains(&format!("src=\"{SCRIPT}\"")));
    assert!(page.text.contains("zone-dependent moves of Silver"));
    assert!(page.dropped.iter().any(|r| r.contains("Silver")));
}

/// The drops note names each piece's own restrictions (the issue: every kind was listed for any restricted piece,
/// "forbidden squares" for shogi's pawn, whose last ranks are refused as dead squares, and "one per file" for
/// crazyhouse's, which has none).
#[test]
fn the_drops_note_names_only_the_restrictions_each_piece_has() {
    let dropped = |game: &str| {
        let g = tatsu::variants::load(game).unwrap().game;
        tatsu::export::to_diagram(&g, game, true).unwrap().dropped
    };
    let shogi = dropped("shogi");
    assert!(
        shogi
            .contains(&"how Pawn may be dropped (a limit per file, no mate by a drop)".to_string()),
        "{shogi:?}"
    );
    assert!(
        !shogi.iter().any(|r| r.contains("Lance may be dropped")),
        "{shogi:?}"
    );
    let crazyhouse = dropped("crazyhouse");
    assert!(
        crazyhouse
            .contains(&"how Pawn may be dropped (squares it may not be dropped on)".to_string()),
        "{crazyhouse:?}"
    );
}

/// The diagram's script comes from chessvariants.com: the page says so, and offline (the script fails to load, or
/// scripts are off) it shows tatsu's own picture of the start position instead.
#[test]
fn the_page_says_it_needs_the_web_and_falls_back_to_tatsus_picture_offline() {
    use tatsu::export::diagram::OFFLINE_ID;
    let chess = tatsu::variants::load("chess").unwrap().game;
    let page = tatsu::export::to_diagram(&chess, "chess", true)
        .unwrap()
        .text;
    assert!(page.contains("needs the web"), "{page}");
    let fallback_at = page
        .find(&format!("<div id=\"{OFFLINE_ID}\">"))
        .expect("the page has an offline fallback");
    let fallback = &page[fallback_at..];
    let svg = fallback
        .find("<svg")
        .expect("the fallback holds tatsu's SVG board");
    let end = fallback.find("<h2>Not in this diagram").unwrap();
    assert!(svg < end, "the SVG is inside the fallback");
    // Hidden while the script may still load; shown by the script tag's `onerror`, or without scripts.
    assert!(page.contains(&format!("#{OFFLINE_ID}{{display:none}}")));
    let script = page
        .lines()
        .find(|l| l.contains(&format!("src=\"{}\"", tatsu::export::diagram::SCRIPT)))
        .unwrap();
    assert!(script.contains("onerror="), "{script}");
    assert!(page.contains(&format!(
        "<noscript><style>#{OFFLINE_ID}{{display:block}}</style></noscript>"
    )));
    assert!(page.contains("<code>tatsu serve</code>"));
}

//! `glyph "竜"`: the text a board draws for a piece (a kanji, two for a long name, a letter of another script).
//! Not a rule of play: only the pictures read it (`tatsu serve`'s page, the rule book, `describe --json`).
use crate::compile::Diags;
use crate::dsl::ast::Str;

/// The most characters a glyph may have: it must fit one square of a board drawn 36 squares wide.
pub const MAX_GLYPH_CHARS: usize = 4;

/// The glyph's text, or an error at it when it is empty, too long, or holds a control character or a space.
pub fn glyph(text: &Str, d: &mut Diags) -> Option<String> {
    let chars = text.value.chars().count();
    if text.value.trim().is_empty() {
        d.error(text.span, "a glyph is empty")
            .note("give the text to draw for the piece, e.g. `glyph \"竜\"`");
        return None;
    }
    if chars > MAX_GLYPH_CHARS {
        d.error(
            text.span,
            format!("a glyph of {chars} characters: at most {MAX_GLYPH_CHARS} fit on a square"),
        )
        .note("the piece's name is shown beside the board; the glyph is only its picture");
        return None;
    }
    if text
        .value
        .chars()
        .any(|c| c.is_control() || c.is_whitespace())
    {
        d.error(
            text.span,
            "a glyph may not hold spaces or control characters",
        );
        return None;
    }
    Some(text.value.clone())
}

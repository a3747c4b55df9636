//! Tokens for error recovery. After a syntax error the reader skips whole tokens to the next statement or item,
//! so that a `}` or a keyword inside a string or a comment is not taken for one. The lexical rules are the
//! grammar's (variant.pest): `#` and `//` comments run to the end of the line, a string ends at its closing quote
//! or at the end of its line, and a line ends at `\n`, `\r\n` or a lone `\r`.
use crate::diag::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Letters, digits, `-`, `_`, `+`, `.`: keywords, names, ids, numbers, ranges.
    Word,
    /// A quoted string; `closed` is false when the line ended first.
    Str {
        closed: bool,
    },
    Open,
    Close,
    /// Any other character.
    Other,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Kind,
    pub span: Span,
    /// Nothing but white space and comments before it on its line.
    pub first_on_line: bool,
}

impl Token {
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.span.start..self.span.end]
    }
}

fn is_line_break(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'+' | b'.')
}

/// Skips white space and comments from `pos`: the offset of the next token (or the end).
pub fn skip_trivia(source: &str, mut pos: usize) -> usize {
    let bytes = source.as_bytes();
    while pos < bytes.len() {
        match bytes[pos] {
            b' ' | b'\t' | b'\n' | b'\r' => pos += 1,
            b'#' => pos = line_end(source, pos),
            b'/' if bytes.get(pos + 1) == Some(&b'/') => pos = line_end(source, pos),
            _ => break,
        }
    }
    pos
}

/// The end of the line `from` is on (the offset of its line break, or the end of the text).
pub fn line_end(source: &str, from: usize) -> usize {
    let bytes = source.as_bytes();
    bytes[from..]
        .iter()
        .position(|&b| is_line_break(b))
        .map_or(bytes.len(), |i| from + i)
}

/// Whether only spaces and tabs stand between the start of its line and `pos` (a comment runs to the end of its
/// line, so none can stand before a token). A byte-order mark is not text.
pub fn starts_line(source: &str, pos: usize) -> bool {
    let before = source[..pos].trim_end_matches([' ', '\t']);
    before.is_empty() || before == "\u{feff}" || before.ends_with(['\n', '\r'])
}

/// The token at `pos` (which must not be white space or a comment), or `None` at the end of the text.
pub fn token_at(source: &str, pos: usize) -> Option<Token> {
    let bytes = source.as_bytes();
    let &b = bytes.get(pos)?;
    let (kind, end) = match b {
        b'"' => {
            let rest = &bytes[pos + 1..];
            match rest.iter().position(|&c| c == b'"' || is_line_break(c)) {
                Some(i) if rest[i] == b'"' => (Kind::Str { closed: true }, pos + i + 2),
                Some(i) => (Kind::Str { closed: false }, pos + 1 + i),
                None => (Kind::Str { closed: false }, bytes.len()),
            }
        }
        b'{' => (Kind::Open, pos + 1),
        b'}' => (Kind::Close, pos + 1),
        b if is_word_byte(b) => {
            let len = bytes[pos..]
                .iter()
                .take_while(|&&c| is_word_byte(c))
                .count();
            (Kind::Word, pos + len)
        }
        _ => {
            let len = source[pos..].chars().next().map_or(1, char::len_utf8);
            (Kind::Other, pos + len)
        }
    };
    Some(Token {
        kind,
        span: Span::new(pos, end),
        first_on_line: starts_line(source, pos),
    })
}

/// The token at or after `pos`, skipping white space and comments.
pub fn next_token(source: &str, pos: usize) -> Option<Token> {
    token_at(source, skip_trivia(source, pos))
}

/// The tokens from `pos` on.
pub fn tokens(source: &str, mut pos: usize) -> impl Iterator<Item = Token> + '_ {
    std::iter::from_fn(move || {
        let token = next_token(source, pos)?;
        pos = token.span.end;
        Some(token)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<(Kind, &str, bool)> {
        tokens(source, 0)
            .map(|t| (t.kind, t.text(source), t.first_on_line))
            .collect()
    }

    #[test]
    fn strings_and_comments_hide_braces_and_keywords() {
        let got = kinds("piece A \"{ } piece\" { # }\n} // piece }\rzone");
        let words: Vec<&str> = got.iter().map(|t| t.1).collect();
        assert_eq!(words, ["piece", "A", "\"{ } piece\"", "{", "}", "zone"]);
        assert!(got[4].2 && got[5].2 && !got[3].2);
    }

    #[test]
    fn an_unterminated_string_ends_at_its_line() {
        let got = kinds("moves \"R }\n}");
        assert_eq!(got[1], (Kind::Str { closed: false }, "\"R }", false));
        assert_eq!(got[2], (Kind::Close, "}", true));
    }
}

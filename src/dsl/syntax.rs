//! The only file that touches pest: the derived parser, the keyword lists read from the grammar, and the
//! translation of pest's errors into words a designer knows (never a rule's internal name).
use crate::diag::suggest;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser as _;
use std::sync::OnceLock;

#[derive(pest_derive::Parser)]
#[grammar = "dsl/variant.pest"]
pub(super) struct VariantParser;

/// Why a parse failed: where, and what the grammar would have accepted there.
pub(super) struct Failure {
    pub at: usize,
    pub expected: Vec<Rule>,
}

/// Parses one `rule` at the start of `text` (a prefix of it; the reader goes on after the match).
pub(super) fn parse(rule: Rule, text: &str) -> Result<Pair<'_, Rule>, Failure> {
    match VariantParser::parse(rule, text) {
        Ok(mut pairs) => pairs.next().ok_or(Failure {
            at: 0,
            expected: Vec::new(),
        }),
        Err(err) => Err(Failure {
            at: match err.location {
                InputLocation::Pos(p) => p,
                InputLocation::Span((s, _)) => s,
            },
            expected: match err.variant {
                ErrorVariant::ParsingError { positives, .. } => positives,
                ErrorVariant::CustomError { .. } => Vec::new(),
            },
        }),
    }
}

/// The keywords that begin a statement, an item of a piece block and an item of an end block, as the grammar has
/// them (read once from what the parser expects at the start of each).
pub(super) struct Keywords {
    pub statements: Vec<String>,
    pub piece_items: Vec<String>,
    pub end_items: Vec<String>,
}

pub(super) fn keywords() -> &'static Keywords {
    static KEYWORDS: OnceLock<Keywords> = OnceLock::new();
    KEYWORDS.get_or_init(|| {
        let first = |rule| -> Vec<String> {
            parse(rule, "")
                .err()
                .map(|f| f.expected.into_iter().filter_map(keyword).collect())
                .unwrap_or_default()
        };
        Keywords {
            statements: first(Rule::statement),
            piece_items: first(Rule::piece_item),
            end_items: first(Rule::end_item),
        }
    })
}

/// The text of a keyword rule (`kw_bonus_turn` is `bonus-turn`).
fn keyword(rule: Rule) -> Option<String> {
    format!("{rule:?}")
        .strip_prefix("kw_")
        .map(|k| k.replace('_', "-"))
}

/// How a rule is called in "expected …" messages; `None` for the grammar's internal shapes, which are never shown.
fn describe(rule: Rule) -> Option<String> {
    if let Some(kw) = keyword(rule) {
        return Some(format!("`{kw}`"));
    }
    let text = match rule {
        Rule::equals => "`=`",
        Rule::lbrace => "`{`",
        Rule::rbrace => "`}`",
        Rule::pipe => "`|`",
        Rule::comma => "`,`",
        Rule::dotdot => "`..`",
        Rule::times => "`x`",
        Rule::gt => "`>`",
        Rule::number => "a number",
        Rule::string | Rule::string_body => "a quoted string",
        Rule::name | Rule::zone_ref => "a zone name",
        Rule::piece_id => "a piece id (an upper-case letter, `+` for a promoted form)",
        Rule::square | Rule::square_list => "a square",
        Rule::orientation => "`mirror` or `rotate`",
        Rule::outcome => "`win`, `draw` or `loss`",
        Rule::trigger => {
            "`destination`, `start-or-destination`, `entering`, `capture`, `capture-touching` or `standing`"
        }
        Rule::rank_range => "`rank`",
        Rule::file_range => "`file`",
        Rule::all_squares => "`all`",
        Rule::material => "`none` or piece ids",
        _ => return None,
    };
    Some(text.to_string())
}

/// The keywords of a rule that is a choice between them.
fn choice_keywords(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::promote_opt => &[
            "mandatory",
            "optional",
            "on",
            "limited",
            "remembered",
            "for",
            "anywhere-if-last",
            "not-attacking",
            "not-checking",
        ],
        Rule::drop_opt => &[
            "one-per-file",
            "no-mate",
            "either-form",
            "allowed",
            "opposite-colours",
            "not",
            "at-most",
        ],
        Rule::unmoved_opt => &["not-in-check", "lost-when-aligned-with"],
        Rule::side_zone => &["white", "black"],
        _ => &[],
    }
}

/// "expected `=` or `{`, found `x`", with "did you mean" when the word found is a near miss of a keyword that
/// was expected. `found` is how the token at the failure reads (`None` at the end of the file).
pub(super) fn expected_message(expected: &[Rule], found: Option<&str>) -> (String, Option<String>) {
    // pest reports a choice of several keywords (`promote_opt`) as the choice itself: it stands for them.
    let mut keywords: Vec<String> = Vec::new();
    let mut wanted: Vec<String> = Vec::new();
    for &rule in expected {
        let choice: Vec<String> = match keyword(rule) {
            Some(k) => vec![k],
            None => choice_keywords(rule)
                .iter()
                .map(|k| k.to_string())
                .collect(),
        };
        let words: Vec<String> = if choice.is_empty() {
            describe(rule).into_iter().collect()
        } else {
            choice.iter().map(|k| format!("`{k}`")).collect()
        };
        keywords.extend(choice);
        for w in words {
            if !wanted.contains(&w) {
                wanted.push(w);
            }
        }
    }
    let found_text = match found {
        None => "the end of the file".to_string(),
        Some(t) => format!("`{t}`"),
    };
    let message = match wanted.len() {
        0 => format!("unexpected {found_text}"),
        1 => format!("expected {}, found {found_text}", wanted[0]),
        n => format!(
            "expected {} or {}, found {found_text}",
            wanted[..n - 1].join(", "),
            wanted[n - 1]
        ),
    };
    let hint = found
        .and_then(|f| suggest(f, keywords.iter().map(String::as_str)))
        .map(|k| format!("did you mean `{k}`?"));
    (message, hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keyword_lists_come_from_the_grammar() {
        let k = keywords();
        assert!(k.statements.iter().any(|s| s == "piece"));
        assert!(k.statements.iter().any(|s| s == "bonus-turn"));
        assert!(k.piece_items.iter().any(|s| s == "promote"));
        assert!(k.piece_items.iter().any(|s| s == "drop"));
        assert!(k.end_items.iter().any(|s| s == "stalemate"));
        assert!(!k.statements.iter().any(|s| s == "moves"));
    }
}

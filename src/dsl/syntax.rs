//! The only file that touches pest: the derived parser and the translation of its errors.
use crate::diag::{Diagnostic, Span};
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "dsl/variant.pest"]
pub(super) struct VariantParser;

pub(super) fn parse_file(source: &str) -> Result<Pair<'_, Rule>, Box<pest::error::Error<Rule>>> {
    let mut pairs = VariantParser::parse(Rule::file, source).map_err(Box::new)?;
    Ok(pairs.next().expect("the file rule always yields one pair"))
}

/// How a rule other than a keyword is called in "expected …" messages.
fn describe(rule: Rule) -> String {
    match rule {
        Rule::equals => "`=`".into(),
        Rule::lbrace => "`{`".into(),
        Rule::rbrace => "`}`".into(),
        Rule::pipe => "`|`".into(),
        Rule::comma => "`,`".into(),
        Rule::dotdot => "`..`".into(),
        Rule::times => "`x`".into(),
        Rule::number => "a number".into(),
        Rule::string => "a quoted string".into(),
        Rule::test_body => "`{`".into(),
        Rule::name | Rule::zone_ref => "a zone name".into(),
        Rule::piece_id => "a piece id (an upper-case letter, `+` for a promoted form)".into(),
        Rule::square | Rule::square_list => "a square".into(),
        Rule::orientation => "`mirror` or `rotate`".into(),
        Rule::outcome => "`win`, `draw` or `loss`".into(),
        Rule::trigger => "`destination` or `start-or-destination`".into(),
        Rule::promote_opt => "`mandatory`|`optional`|`on`".into(),
        Rule::drop_opt => "`one-per-file`|`no-mate`|`not`".into(),
        Rule::material => "`none` or piece ids".into(),
        Rule::EOI => "end of file".into(),
        Rule::rank_range => "`rank`".into(),
        Rule::file_range => "`file`".into(),
        Rule::all_squares => "`all`".into(),
        other => format!("{other:?}").replace('_', " "),
    }
}

pub(super) fn to_diagnostic(
    file: &str,
    source: &str,
    err: &pest::error::Error<Rule>,
) -> Diagnostic {
    pest_error_diagnostic(file, source, err, describe)
}

/// A pest error as a located `syntax error: expected …, found …` diagnostic, naming a keyword rule `kw_NAME` as
/// `` `NAME` `` and other rules with `describe` (a `|` in its answer separates alternatives). Shared by the
/// grammars of the crate.
pub(crate) fn pest_error_diagnostic<R: pest::RuleType>(
    file: &str,
    source: &str,
    err: &pest::error::Error<R>,
    describe: impl Fn(R) -> String,
) -> Diagnostic {
    let start = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // Underline the offending token (up to the next white space), or one column at the end of the file.
    let rest = &source[start..];
    let len = match rest.find(char::is_whitespace) {
        Some(0) | None if rest.is_empty() => 0,
        Some(0) => rest.chars().next().map_or(0, char::len_utf8),
        Some(n) => n,
        None => rest.len(),
    };
    let end = start + len;
    let found = &source[start..end];
    let message = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<String> = positives
                .iter()
                .flat_map(|r| {
                    let name = format!("{r:?}");
                    let text = match name.strip_prefix("kw_") {
                        Some(kw) => format!("`{}`", kw.replace('_', "-")),
                        None => describe(*r),
                    };
                    text.split('|').map(String::from).collect::<Vec<_>>()
                })
                .collect();
            wanted.dedup();
            let list = match wanted.len() {
                0 => "something else".to_string(),
                1 => wanted[0].clone(),
                n => format!("{} or {}", wanted[..n - 1].join(", "), wanted[n - 1]),
            };
            if found.is_empty() {
                format!("expected {list}, found end of file")
            } else if found.trim().is_empty() {
                format!("expected {list}, found a line break")
            } else {
                format!("expected {list}, found `{found}`")
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::error(
        file,
        Span::new(start, end),
        format!("syntax error: {message}"),
    )
}

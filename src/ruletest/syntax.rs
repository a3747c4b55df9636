//! The pest parser of rule tests and the lowering of its pairs into [`super::ast`]. The grammar guarantees the
//! shapes matched here.
use super::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::dsl::ast::Spanned;
use crate::engine::Reason;
use crate::rules::Side;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "ruletest/ruletest.pest"]
struct RuleTestParser;

type P<'a> = Pair<'a, Rule>;

/// Parses a rule-test file: its `variant` line and tests, and every syntax error in it (at most
/// [`MAX_SYNTAX_ERRORS`]). A file with errors still gives the items that read: one bad step costs its own test,
/// not the file's others.
pub fn parse_file(file: &str, source: &str) -> (TestFile, Vec<Diagnostic>) {
    let first = match RuleTestParser::parse(Rule::file, source) {
        Ok(mut pairs) => {
            let pair = pairs.next().expect("the file rule yields one pair");
            return (lower_file(pair), Vec::new());
        }
        Err(e) => to_diagnostic(file, source, 0, &e),
    };
    // Read again one top-level item at a time, so that one mistake does not hide the next (nor the tests that
    // read): each item (the `variant` line, a test block, or the text between them) is parsed on its own, in one
    // pass over the file.
    let mut read = TestFile::default();
    let mut errors = Vec::new();
    let mut more = 0usize;
    for span in top_level_items(source) {
        let text = &source[span.start..span.end];
        let rule = if text.starts_with("variant") {
            Rule::single_variant
        } else {
            Rule::single_test
        };
        match RuleTestParser::parse(rule, text) {
            Ok(mut pairs) => {
                let item = pairs.next().expect("one pair").into_inner();
                for p in item {
                    match p.as_rule() {
                        Rule::variant_stmt => {
                            let name = p.into_inner().nth(1).expect("a string");
                            read.variant = Some(string(span.start, name));
                        }
                        Rule::test_block => read.tests.push(lower_test(span.start, p)),
                        _ => {}
                    }
                }
            }
            Err(_) if errors.len() >= MAX_SYNTAX_ERRORS => more += 1,
            Err(e) => errors.push(to_diagnostic(file, source, span.start, &e)),
        }
    }
    if errors.is_empty() {
        // Every item reads alone, so the items are in the wrong order (a `variant` line after a test).
        errors.push(first);
    } else if more > 0 {
        let last = errors.last_mut().expect("not empty");
        last.notes
            .push(format!("{more} more syntax errors not shown"));
    }
    (read, errors)
}

/// At most this many syntax errors are reported for one rule-test file; the last one counts the rest.
pub const MAX_SYNTAX_ERRORS: usize = 50;

fn lower_file(pair: P) -> TestFile {
    let mut out = TestFile::default();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::variant_stmt => {
                out.variant = Some(string(0, p.into_inner().nth(1).expect("a string")))
            }
            Rule::test_block => out.tests.push(lower_test(0, p)),
            _ => {}
        }
    }
    out
}

/// The file's top-level items: each starts at a `variant` or `test` word outside braces, strings and comments
/// (or at the start of the file) and runs to the next. One pass, so a file of many mistakes reads in linear time.
fn top_level_items(source: &str) -> Vec<Span> {
    let bytes = source.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
    let mut starts = Vec::new();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                i = source[i..].find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'"' => {
                let rest = &source[i + 1..];
                i += 1 + rest.find(['"', '\n']).map_or(rest.len(), |n| n + 1);
                continue;
            }
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                // What follows a closed block up to the next item is an item of its own (an error, unless blank).
                if depth == 0 {
                    starts.push(i + 1);
                }
            }
            b if is_word(b) && (i == 0 || !is_word(bytes[i - 1])) => {
                let end = bytes[i..]
                    .iter()
                    .position(|&c| !is_word(c))
                    .map_or(bytes.len(), |n| i + n);
                if depth == 0 && matches!(&source[i..end], "test" | "variant") {
                    starts.push(i);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    // The text before the first item is an item too (an error, unless blank).
    starts.insert(0, 0);
    starts.dedup();
    starts
        .iter()
        .zip(starts.iter().skip(1).chain([&source.len()]))
        .map(|(&s, &e)| Span::new(s, e))
        .filter(|span| !is_blank(&source[span.start..span.end]))
        .collect()
}

/// Only white space and comments?
fn is_blank(text: &str) -> bool {
    text.lines()
        .all(|line| line.split('#').next().unwrap_or("").trim().is_empty())
}

/// Parses one test block of a variant file, found at `span` of `source`.
pub fn parse_block(file: &str, source: &str, span: Span) -> Result<Test, Diagnostic> {
    let text = &source[span.start..span.end];
    let pair = RuleTestParser::parse(Rule::single_test, text)
        .map_err(|e| to_diagnostic(file, source, span.start, &e))?
        .next()
        .expect("the single_test rule yields one pair");
    let block = pair
        .into_inner()
        .find(|p| p.as_rule() == Rule::test_block)
        .expect("a test block");
    Ok(lower_test(span.start, block))
}

fn to_diagnostic(
    file: &str,
    source: &str,
    offset: usize,
    err: &pest::error::Error<Rule>,
) -> Diagnostic {
    let mut d = pest_error_diagnostic(file, &source[offset..], err);
    d.span = Span::new(d.span.start + offset, d.span.end + offset);
    d
}

/// A pest error as a located `syntax error: expected …, found …` diagnostic, naming a keyword rule `kw_NAME` as
/// `` `NAME` `` and other rules with [`describe`] (a `|` in its answer separates alternatives).
fn pest_error_diagnostic(file: &str, source: &str, err: &pest::error::Error<Rule>) -> Diagnostic {
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
            // `}` is described with every step's keyword; pest also names the steps it tried, which would say
            // them twice.
            let closes_block = positives.contains(&Rule::rbrace);
            let mut wanted: Vec<String> = positives
                .iter()
                .filter(|r| !(closes_block && starts_step(**r)))
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

/// Does `rule` begin a step of a test block?
fn starts_step(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::kw_fen
            | Rule::kw_play
            | Rule::kw_legal
            | Rule::kw_illegal
            | Rule::kw_moves
            | Rule::kw_count
            | Rule::kw_perft
            | Rule::kw_piece
            | Rule::kw_result
            | Rule::kw_not
            | Rule::kw_check
            | Rule::check_step
            | Rule::kw_to_move
    )
}

/// How a rule other than a keyword is called in "expected …" messages.
fn describe(rule: Rule) -> String {
    match rule {
        Rule::equals => "`=`".into(),
        Rule::lbrace => "`{`".into(),
        Rule::rbrace => "`}` or a step (`fen`, `play`, `legal`, `illegal`, `moves`, `count`, `perft`, `piece`, `result`, `check`, `to-move`)".into(),
        Rule::number => "a number".into(),
        Rule::string => "a quoted string".into(),
        Rule::uci => "a move (e.g. e2e4, a9a10q, d9d10+, P@e4, 0000)".into(),
        Rule::square | Rule::from_filter => "a square".into(),
        Rule::destination => "a square (`+` after it: the move promotes)".into(),
        Rule::piece_id => "a piece id (upper case: White's, lower case: Black's)".into(),
        Rule::name => "a zone name".into(),
        Rule::side => "`white` or `black`".into(),
        Rule::reason => {
            let words: Vec<String> = Reason::ALL.iter().map(|r| r.word()).collect();
            format!("a reason ({})", words.join(", "))
        }
        Rule::ongoing => "`ongoing`".into(),
        Rule::draw => "`draw`".into(),
        Rule::drops_filter => "`drops`".into(),
        Rule::test_block => "`test`".into(),
        Rule::variant_stmt => "`variant`".into(),
        Rule::EOI => "end of file".into(),
        other => format!("{other:?}").replace('_', " "),
    }
}

fn span(offset: usize, p: &P) -> Span {
    Span::new(offset + p.as_span().start(), offset + p.as_span().end())
}

fn text(offset: usize, p: &P) -> Spanned<String> {
    Spanned {
        value: p.as_str().to_string(),
        span: span(offset, p),
    }
}

fn string(offset: usize, p: P) -> Spanned<String> {
    text(offset, &p.into_inner().next().expect("a string has a body"))
}

fn number(p: &P) -> u64 {
    p.as_str().parse().unwrap_or(u64::MAX)
}

fn lower_test(offset: usize, p: P) -> Test {
    let mut inner = p.into_inner();
    let name = string(offset, inner.nth(1).expect("a test has a name"));
    let steps = inner
        .filter(|q| !matches!(q.as_rule(), Rule::lbrace | Rule::rbrace))
        .map(|q| lower_step(offset, q))
        .collect();
    Test { name, steps }
}

fn lower_step(offset: usize, p: P) -> Step {
    let rule = p.as_rule();
    let sp = span(offset, &p);
    let rest: Vec<P> = p.into_inner().collect();
    let texts = |rule: Rule| -> Vec<Spanned<String>> {
        rest.iter()
            .filter(|q| q.as_rule() == rule)
            .map(|q| text(offset, q))
            .collect()
    };
    let find = |rule: Rule| rest.iter().find(|q| q.as_rule() == rule);
    let kind = match rule {
        Rule::fen_step => StepKind::Fen(string(offset, rest[1].clone())),
        Rule::play_step => StepKind::Play(texts(Rule::uci)),
        Rule::legal_step => StepKind::Legal(texts(Rule::uci)),
        Rule::illegal_step => StepKind::Illegal(texts(Rule::uci)),
        Rule::moves_step => StepKind::Moves {
            from: find(Rule::from_filter).map(|f| square_of(offset, f)),
            moves: texts(Rule::uci),
        },
        Rule::count_step => StepKind::Count {
            filter: if let Some(f) = find(Rule::from_filter) {
                Filter::From(square_of(offset, f))
            } else if let Some(d) = find(Rule::drops_filter) {
                Filter::Drops(
                    d.clone()
                        .into_inner()
                        .find(|q| q.as_rule() == Rule::piece_id)
                        .map(|q| text(offset, &q)),
                )
            } else {
                Filter::All
            },
            count: number(find(Rule::number).expect("a count")),
        },
        Rule::perft_step => StepKind::Perft {
            depth: u32::try_from(number(&rest[1])).unwrap_or(u32::MAX),
            nodes: number(&rest[3]),
        },
        Rule::piece_step => StepKind::Piece {
            piece: text(offset, &rest[1]),
            square: text(offset, &rest[3]),
            zone: find(Rule::name).map(|q| text(offset, q)),
            reaches: match find(Rule::number) {
                Some(n) => Reaches::Count(usize::try_from(number(n)).unwrap_or(usize::MAX)),
                None => Reaches::Squares(texts(Rule::destination)),
            },
        },
        Rule::result_step => StepKind::Result(expected(&rest)),
        Rule::check_step => StepKind::Check(find(Rule::kw_not).is_none()),
        Rule::to_move_step => StepKind::ToMove(side(rest[1].as_str())),
        other => unreachable!("not a step: {other:?}"),
    };
    Step { span: sp, kind }
}

fn square_of(offset: usize, filter: &P) -> Spanned<String> {
    let sq = filter.clone().into_inner().nth(1).expect("a square");
    text(offset, &sq)
}

fn side(text: &str) -> Side {
    if text == "white" {
        Side::White
    } else {
        Side::Black
    }
}

fn expected(rest: &[P]) -> Expected {
    if rest.iter().any(|q| q.as_rule() == Rule::ongoing) {
        return Expected::Ongoing;
    }
    let winner = rest
        .iter()
        .find(|q| q.as_rule() == Rule::side)
        .map(|q| side(q.as_str()));
    let reason = rest
        .iter()
        .find(|q| q.as_rule() == Rule::reason)
        .and_then(|q| Reason::from_word(q.as_str()));
    Expected::Over { winner, reason }
}

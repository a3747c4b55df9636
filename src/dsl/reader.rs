//! The recovering reader: variant text → statements, reporting every syntax error rather than the first.
//!
//! It parses one statement at a time with the grammar. When a statement fails, it reports the mistake and
//! resynchronises: at the next statement keyword that begins a line, or, inside a `piece` or `end` block, at the
//! next item, so that the rest of the block is still read (and the piece still exists for the checks that follow).
//! A misspelt keyword (`peice`, `promot`, `drops` for `drop`) gets a suggestion and is then read as the keyword it
//! resembles. A block cut short names itself and where it opened; an unterminated string is reported at its quote.
//!
//! Every path moves forward, so reading is linear in the file: a failed parse costs at most the line it failed on,
//! and a line gets at most [`MAX_ERRORS_PER_LINE`] syntax errors.
use super::ast::{Statement, StatementKind, Unread};
use super::lower::{self, Origin};
use super::scan::{self, Kind, Token};
use super::syntax::{self, keywords, Failure, Rule};
use crate::diag::{suggest, Diagnostic, LineIndex, Span};
use pest::iterators::Pair;

/// A line with this many syntax errors has the rest of it skipped: a line of garbage is one mistake, not
/// thousands.
pub const MAX_ERRORS_PER_LINE: usize = 5;
/// The reader keeps this many syntax errors and counts the rest, so that memory stays small whatever the file.
pub const MAX_SYNTAX_ERRORS: usize = 10_000;
/// A misspelt keyword is read as the keyword it resembles only if the rest of its statement or item fits on its
/// line within this many bytes.
const MAX_REREAD: usize = 4096;
/// How much of a token is quoted in a message.
const MAX_QUOTED: usize = 32;

/// The blocks read item by item after a syntax error.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Block {
    Piece,
    End,
}

impl Block {
    fn opened_by(keyword: &str) -> Option<Block> {
        match keyword {
            "piece" => Some(Block::Piece),
            "end" => Some(Block::End),
            _ => None,
        }
    }
    fn keyword(self) -> &'static str {
        match self {
            Block::Piece => "piece",
            Block::End => "end",
        }
    }
    fn open_rule(self) -> Rule {
        match self {
            Block::Piece => Rule::piece_open,
            Block::End => Rule::end_open,
        }
    }
    fn item_rule(self) -> Rule {
        match self {
            Block::Piece => Rule::piece_item,
            Block::End => Rule::end_item,
        }
    }
    fn item_keywords(self) -> &'static [String] {
        match self {
            Block::Piece => &keywords().piece_items,
            Block::End => &keywords().end_items,
        }
    }
}

/// A block being read: its statement so far, and what locates it.
struct OpenBlock {
    block: Block,
    statement: Statement,
    /// `piece P` or `end`, for messages.
    title: String,
    brace: Span,
    /// The byte column of its keyword: a statement keyword at this column or left of it ends the block.
    column: usize,
    /// Where the last search for the end of an item stopped.
    item_stop: Stop,
    /// Where the parse of the whole statement failed, and what it expected there (more than an item alone
    /// knows: after `promote … in ZONE`, `mandatory` too).
    failure: Option<(usize, Vec<Rule>)>,
}

pub(super) struct Reader<'a> {
    file: &'a str,
    source: &'a str,
    lines: LineIndex,
    pub statements: Vec<Statement>,
    pub diags: Vec<Diagnostic>,
    pub unread: Vec<Unread>,
    /// The line of the last syntax error and how many that line has had.
    line_errors: (usize, usize),
    /// Where the last search for the end of a statement stopped.
    statement_stop: Stop,
    /// Syntax errors past [`MAX_SYNTAX_ERRORS`]: where the first was, and how many.
    omitted: Option<(Span, usize)>,
    /// Where the details of an omitted error are written, and forgotten.
    scratch: Diagnostic,
}

fn is_in(list: &[String], word: &str) -> bool {
    list.iter().any(|k| k == word)
}

fn is_statement_keyword(word: &str) -> bool {
    is_in(&keywords().statements, word)
}

/// A token as quoted in a message: cut if long.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

impl<'a> Reader<'a> {
    pub fn new(file: &'a str, source: &'a str) -> Reader<'a> {
        Reader {
            file,
            source,
            lines: LineIndex::new(source),
            statements: Vec::new(),
            diags: Vec::new(),
            unread: Vec::new(),
            line_errors: (usize::MAX, 0),
            statement_stop: Stop::default(),
            omitted: None,
            scratch: Diagnostic::error(file, Span::default(), ""),
        }
    }

    pub fn read_all(&mut self) {
        let mut pos = if self.source.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        };
        while let Some(tok) = scan::next_token(self.source, pos) {
            pos = if self.line_is_full(tok.span.start) {
                scan::line_end(self.source, tok.span.start)
            } else {
                self.statement(tok)
            };
        }
        if let Some((span, n)) = self.omitted {
            let message =
                format!("{n} more syntax errors from here on are not listed (at most {MAX_SYNTAX_ERRORS} are)");
            self.diags.push(Diagnostic::error(self.file, span, message));
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        let line = self.lines.line(span.start);
        if self.line_errors.0 == line {
            self.line_errors.1 += 1;
        } else {
            self.line_errors = (line, 1);
        }
        let full = self.line_errors.1 == MAX_ERRORS_PER_LINE;
        if self.diags.len() >= MAX_SYNTAX_ERRORS {
            let (_, n) = self.omitted.get_or_insert((span, 0));
            *n += 1;
            self.scratch.notes.clear();
            self.scratch.labels.clear();
            return &mut self.scratch;
        }
        self.diags
            .push(Diagnostic::error(self.file, span, message.into()));
        let d = self.diags.last_mut().expect("just pushed");
        if full {
            d.notes.push(format!(
                "this line has {MAX_ERRORS_PER_LINE} syntax errors: the rest of it is skipped"
            ));
        }
        d
    }

    /// Records a statement that may not be read in full: its keyword, and the word after it.
    fn unread(&mut self, keyword: &str, tok: Token) {
        let name = scan::next_token(self.source, tok.span.end)
            .filter(|t| t.kind == Kind::Word)
            .map(|t| t.text(self.source).to_string());
        self.unread.push(Unread {
            keyword: keyword.to_string(),
            name,
        });
    }

    fn line_is_full(&self, pos: usize) -> bool {
        self.line_errors.0 == self.lines.line(pos) && self.line_errors.1 >= MAX_ERRORS_PER_LINE
    }

    fn column(&self, pos: usize) -> usize {
        pos - self
            .lines
            .line_range(self.source, self.lines.line(pos))
            .start
    }

    /// Reads the statement starting with `tok`; returns where to go on.
    fn statement(&mut self, tok: Token) -> usize {
        let at = tok.span.start;
        let text = tok.text(self.source);
        match tok.kind {
            Kind::Word if is_statement_keyword(text) => {
                // The parser is given the statement's text only (up to the next statement keyword that begins a
                // line): what it costs, also on failure, is bounded by the statement.
                let extent = match text {
                    "test" => self.test_extent(tok.span.end),
                    _ => self.skip_statement(tok.span.end),
                };
                let text_of = &self.source[at..extent];
                let failure = match syntax::parse(Rule::statement, text_of) {
                    Ok(pair) => {
                        let end = at + pair.as_span().end();
                        self.statements
                            .push(lower::lower_statement(Origin::at(at), pair));
                        return end;
                    }
                    Err(f) => f,
                };
                self.unread(text, tok);
                if let Some(block) = Block::opened_by(text) {
                    if let Ok(open) = syntax::parse(block.open_rule(), text_of) {
                        let failure = Some((at + failure.at, failure.expected));
                        return self.block(block, Origin::at(at), open, tok, failure);
                    }
                }
                match self.syntax_error(at, &failure) {
                    After::Unterminated { end, .. } => {
                        self.note_unread_statement(text, tok);
                        self.skip_statement(end)
                    }
                    After::Reported => extent,
                }
            }
            Kind::Word => self.unknown_statement(tok),
            Kind::Close => {
                self.error(tok.span, "unexpected `}`: no block is open");
                tok.span.end
            }
            _ => {
                if self
                    .unterminated_string(tok.span.start, tok.span.end)
                    .is_none()
                {
                    self.error(
                        tok.span,
                        format!("expected a statement, found `{}`", quoted(text)),
                    )
                    .note(statement_list());
                }
                self.skip_statement(tok.span.end)
            }
        }
    }

    /// A word where a statement should begin that is not a statement keyword.
    fn unknown_statement(&mut self, tok: Token) -> usize {
        let text = tok.text(self.source);
        let inside = [Block::Piece, Block::End]
            .into_iter()
            .find(|b| is_in(b.item_keywords(), text));
        if let Some(block) = inside {
            self.error(tok.span, format!("`{text}` is not a statement"))
                .note(format!(
                    "`{text}` belongs inside a `{} {{ … }}` block",
                    block.keyword()
                ));
            return self.skip_statement(tok.span.end);
        }
        let guess = suggest(text, keywords().statements.iter().map(String::as_str));
        let d = self.error(tok.span, format!("unknown statement `{}`", quoted(text)));
        match guess {
            Some(g) => d.notes.push(format!("did you mean `{g}`?")),
            None => d.notes.push(statement_list()),
        }
        if let Some(g) = guess {
            self.unread(g, tok);
            if let Some(next) = self.reread_statement(tok, g) {
                return next;
            }
        }
        self.skip_statement(tok.span.end)
    }

    /// Reads a statement whose keyword `tok` is misspelt as if `keyword` had been written.
    fn reread_statement(&mut self, tok: Token, keyword: &str) -> Option<usize> {
        let (patched, origin) = self.patched(tok, keyword)?;
        if let Ok(pair) = syntax::parse(Rule::statement, &patched) {
            let end = origin.offset(pair.as_span().end());
            self.statements.push(lower::lower_statement(origin, pair));
            return Some(end);
        }
        let block = Block::opened_by(keyword)?;
        let open = syntax::parse(block.open_rule(), &patched).ok()?;
        Some(self.block(block, origin, open, tok, None))
    }

    /// The rest of `tok`'s line with `keyword` in place of `tok`, and where that text lies in the file.
    fn patched(&self, tok: Token, keyword: &str) -> Option<(String, Origin)> {
        let end = scan::line_end(self.source, tok.span.end);
        if end - tok.span.end > MAX_REREAD {
            return None;
        }
        let patched = format!("{keyword}{}", &self.source[tok.span.end..end]);
        let origin = Origin {
            base: tok.span.start,
            patched: keyword.len(),
            original: tok.span.end - tok.span.start,
        };
        Some((patched, origin))
    }

    /// Reads a block item by item from its opening `{`; returns where to go on.
    fn block(
        &mut self,
        block: Block,
        origin: Origin,
        open: Pair<Rule>,
        head: Token,
        failure: Option<(usize, Vec<Rule>)>,
    ) -> usize {
        let end = origin.offset(open.as_span().end());
        let statement = match block {
            Block::Piece => lower::lower_piece_open(origin, open),
            Block::End => Statement {
                keyword: origin.span_of(&open.into_inner().next().expect("`end`")),
                kind: StatementKind::End(Vec::new()),
            },
        };
        let title = match &statement.kind {
            StatementKind::Piece(p) => format!("piece {}", p.id.value),
            _ => "end".to_string(),
        };
        let mut open = OpenBlock {
            block,
            statement,
            title,
            brace: Span::new(end - 1, end),
            column: self.column(head.span.start),
            failure,
            item_stop: Stop::default(),
        };
        let next = self.block_items(&mut open, end);
        self.statements.push(open.statement);
        next
    }

    fn block_items(&mut self, open: &mut OpenBlock, mut pos: usize) -> usize {
        loop {
            let Some(tok) = scan::next_token(self.source, pos) else {
                self.unclosed(open, None);
                return self.source.len();
            };
            if tok.kind == Kind::Close {
                return tok.span.end;
            }
            if self.ends_block(open, tok) {
                self.unclosed(open, Some(tok));
                return tok.span.start;
            }
            if self.line_is_full(tok.span.start) {
                pos = scan::line_end(self.source, tok.span.start);
                continue;
            }
            let at = tok.span.start;
            let text = tok.text(self.source);
            let step = if tok.kind == Kind::Word && is_in(open.block.item_keywords(), text) {
                // As for statements, the parser sees the item's text only.
                let extent = self.skip_in_block(open, tok.span.end);
                match syntax::parse(open.block.item_rule(), &self.source[at..extent]) {
                    Ok(pair) => {
                        pos = at + pair.as_span().end();
                        add_item(open, Origin::at(at), pair);
                        continue;
                    }
                    Err(failure) => self.bad_item(open, tok, Some((&failure, extent))),
                }
            } else {
                self.bad_item(open, tok, None)
            };
            match step {
                Step::Go(next) => pos = next,
                Step::Closed(next) => return next,
            }
        }
    }

    /// A statement keyword alone at the start of a line, not indented past the block's own keyword: the block
    /// was not closed.
    fn ends_block(&self, open: &OpenBlock, tok: Token) -> bool {
        let text = tok.text(self.source);
        tok.kind == Kind::Word
            && tok.first_on_line
            && is_statement_keyword(text)
            && !is_in(open.block.item_keywords(), text)
            && self.column(tok.span.start) <= open.column
    }

    fn unclosed(&mut self, open: &OpenBlock, at: Option<Token>) {
        let (span, before) = match at {
            Some(t) => (t.span, format!("before `{}`", t.text(self.source))),
            None => {
                // Right after the last text, rather than on the empty line after the final line break.
                let end = self.source.trim_end().len();
                (
                    Span::new(end, end),
                    "before the end of the file".to_string(),
                )
            }
        };
        let (line, _, _) = self.lines.locate(self.source, open.brace.start);
        let title = &open.title;
        self.error(
            span,
            format!("the `{title}` block (line {line}) is not closed: expected `}}` {before}"),
        )
        .label(open.brace, format!("the `{title}` block opens here"));
    }

    /// An item that does not parse: report it, read it as the keyword it resembles if it is a misspelt one, and
    /// say where to go on.
    /// `failure` is the parse failure of an item keyword's item, and the end of the text it was given.
    fn bad_item(
        &mut self,
        open: &mut OpenBlock,
        tok: Token,
        failure: Option<(&Failure, usize)>,
    ) -> Step {
        if let StatementKind::Piece(p) = &mut open.statement.kind {
            p.incomplete = true;
        }
        let text = tok.text(self.source);
        let items = open.block.item_keywords();
        let after = match failure {
            Some((failure, extent)) => Some((self.syntax_error(tok.span.start, failure), extent)),
            None if tok.kind != Kind::Word => {
                let line_end = scan::line_end(self.source, tok.span.start);
                let after = match self.unterminated_string(tok.span.start, line_end) {
                    Some(string) => After::Unterminated {
                        end: string.span.end,
                        swallowed_brace: string.text(self.source).contains('}'),
                    },
                    None => {
                        let block = open.block.keyword();
                        self.error(
                            tok.span,
                            format!("expected `}}` or an item, found `{}`", quoted(text)),
                        )
                        .note(format!(
                            "{} holds: {}",
                            block_words(block),
                            keyword_list(items)
                        ));
                        After::Reported
                    }
                };
                Some((after, tok.span.end))
            }
            None => None,
        };
        if let Some((after, resume)) = after {
            return match after {
                // The `}` is inside the string: the block ends with it.
                After::Unterminated {
                    end,
                    swallowed_brace: true,
                } => Step::Closed(end),
                After::Unterminated { end, .. } => Step::Go(self.skip_in_block(open, end)),
                After::Reported if resume > tok.span.end => Step::Go(resume),
                After::Reported => Step::Go(self.skip_in_block(open, tok.span.end)),
            };
        }
        let guess = suggest(text, items.iter().map(String::as_str));
        if guess.is_none() {
            if let Some(step) = self.misspelt_option(open, tok) {
                return step;
            }
        }
        let (block, title) = (open.block.keyword(), open.title.clone());
        let d = self.error(
            tok.span,
            format!(
                "`{}` is not an item of {}",
                quoted(text),
                block_words(block)
            ),
        );
        match guess {
            Some(g) => d.notes.push(format!("did you mean `{g}`?")),
            None => d.notes.push(format!(
                "{} holds: {}",
                block_words(block),
                keyword_list(items)
            )),
        }
        if is_statement_keyword(text) {
            d.notes.push(format!(
                "`{text}` is a statement of its own: if it is not part of `{title}`, close the block with `}}` before it"
            ));
        }
        if let Some(g) = guess {
            if let Some((patched, origin)) = self.patched(tok, g) {
                if let Ok(pair) = syntax::parse(open.block.item_rule(), &patched) {
                    let next = origin.offset(pair.as_span().end());
                    add_item(open, origin, pair);
                    return Step::Go(next);
                }
            }
        }
        Step::Go(self.skip_in_block(open, tok.span.end))
    }

    /// A word that continues the item before it (`mandtory` after `promote … in ZONE`) and is a near miss of a
    /// keyword the whole statement expected there.
    fn misspelt_option(&mut self, open: &mut OpenBlock, tok: Token) -> Option<Step> {
        let (at, expected) = open.failure.as_ref()?;
        if *at != tok.span.start {
            return None;
        }
        let found = quoted(tok.text(self.source));
        let (message, hint) = syntax::expected_message(expected, Some(&found));
        let hint = hint?;
        self.error(tok.span, message).notes.push(hint);
        Some(Step::Go(self.skip_in_block(open, tok.span.end)))
    }

    /// Reports a failed parse of the statement or item at `start`: at an unterminated string on its way if there
    /// is one, else as "expected …, found …".
    fn syntax_error(&mut self, start: usize, failure: &Failure) -> After {
        let at = start + failure.at;
        if let Some(string) = self.unterminated_string(start, scan::line_end(self.source, at)) {
            return After::Unterminated {
                end: string.span.end,
                swallowed_brace: string.text(self.source).contains('}'),
            };
        }
        let found = scan::token_at(self.source, at);
        let (message, hint) = syntax::expected_message(
            &failure.expected,
            found.map(|t| quoted(t.text(self.source))).as_deref(),
        );
        let span = found.map_or(Span::new(at, at), |t| t.span);
        let d = self.error(span, message);
        d.notes.extend(hint);
        After::Reported
    }

    /// Adds to the last error that the statement it broke (`piece C`) is not read, so that its later uses are
    /// understood as the consequence they are.
    fn note_unread_statement(&mut self, keyword: &str, tok: Token) {
        let name = scan::next_token(self.source, tok.span.end)
            .filter(|t| t.kind == Kind::Word)
            .map_or(String::new(), |t| format!(" {}", t.text(self.source)));
        if let Some(d) = self.diags.last_mut() {
            d.notes.push(format!(
                "so the statement `{keyword}{name}` is not read: fix this first"
            ));
        }
    }

    /// The first string left open between `from` and `to`, reported.
    fn unterminated_string(&mut self, from: usize, to: usize) -> Option<Token> {
        let string = scan::tokens(self.source, from)
            .take_while(|t| t.span.start <= to)
            .find(|t| t.kind == Kind::Str { closed: false })?;
        // The quote left open is often not the one missing its mate: a string earlier on the line that holds a
        // brace (`"Cannon { moves "`) read the next quote as its end. Point at it.
        let line_start = self
            .lines
            .line_range(self.source, self.lines.line(string.span.start))
            .start;
        let source = self.source;
        let swallowing = scan::tokens(source, line_start)
            .take_while(|t| t.span.start < string.span.start)
            .find(|t| t.kind == Kind::Str { closed: true } && t.text(source).contains(['{', '}']));
        let Some(earlier) = swallowing else {
            self.error(string.span, "unterminated string")
                .notes
                .push("a string ends with `\"` on the same line".to_string());
            return Some(string);
        };
        // Reported at the string that swallowed the brace: that is where the quote is missing.
        let text = earlier.text(source);
        let before_brace = text[..text.find(['{', '}']).unwrap_or(text.len())].trim_end();
        let d = self.error(earlier.span, "unterminated string");
        d.label(
            string.span,
            "the line's last quote is left without its mate",
        );
        d.notes.push(format!(
            "`{text}` reads as one string, braces and all: is a `\"` missing after `{before_brace}`?"
        ));
        Some(string)
    }

    /// The end of a statement, and where to go on after a mistake at the top level: the next statement keyword
    /// that begins a line.
    /// The end of a `test` statement: its body is another language (docs/rule-tests.md) whose lines may begin
    /// with words that are statement keywords here (`piece`), so it ends at the `}` that closes its first `{`, or
    /// where a statement would resume if that brace is never closed.
    fn test_extent(&mut self, from: usize) -> usize {
        let mut depth = 0usize;
        for t in scan::tokens(self.source, from) {
            match t.kind {
                Kind::Open => depth += 1,
                Kind::Close if depth == 1 => return t.span.end,
                Kind::Close => depth = depth.saturating_sub(1),
                Kind::Word if depth == 0 && t.first_on_line => break,
                _ => {}
            }
        }
        self.skip_statement(from)
    }

    fn skip_statement(&mut self, from: usize) -> usize {
        let source = self.source;
        self.statement_stop.find(
            from,
            |t| t.kind == Kind::Word && t.first_on_line && is_statement_keyword(t.text(source)),
            source,
        )
    }

    /// The end of an item, and where to go on after a mistake inside a block: a `}`, the next item keyword that
    /// begins a line, or a statement keyword that ends the block.
    fn skip_in_block(&self, open: &mut OpenBlock, from: usize) -> usize {
        let items = open.block.item_keywords();
        let column = open.column;
        let source = self.source;
        open.item_stop.find(
            from,
            |t| {
                t.kind == Kind::Close
                    || (t.kind == Kind::Word && t.first_on_line && {
                        let text = t.text(source);
                        is_in(items, text)
                            || (is_statement_keyword(text) && self.column(t.span.start) <= column)
                    })
            },
            source,
        )
    }
}

/// The next token that stops a skip, remembered: many statements or items on one long line would otherwise
/// each scan to the same far stop, and reading would be quadratic.
#[derive(Default)]
struct Stop {
    /// The last search started here…
    from: usize,
    /// …and found this (no stop between the two).
    at: Option<usize>,
}

impl Stop {
    fn find(&mut self, from: usize, stops: impl Fn(&Token) -> bool, source: &str) -> usize {
        if let Some(at) = self.at.filter(|&at| self.from <= from && from <= at) {
            return at;
        }
        let at = scan::tokens(source, from)
            .find(|t| stops(t))
            .map_or(source.len(), |t| t.span.start);
        *self = Stop { from, at: Some(at) };
        at
    }
}

/// What a syntax error report found.
enum After {
    Reported,
    Unterminated { end: usize, swallowed_brace: bool },
}

/// Where a block's reading goes on after a bad item.
enum Step {
    Go(usize),
    Closed(usize),
}

fn add_item(open: &mut OpenBlock, origin: Origin, pair: Pair<Rule>) {
    match &mut open.statement.kind {
        StatementKind::Piece(p) => p.items.push(lower::lower_piece_item(origin, pair)),
        StatementKind::End(items) => items.push(lower::lower_end_item(origin, pair)),
        _ => {}
    }
}

/// "a `piece` block", "an `end` block".
fn block_words(keyword: &str) -> String {
    let article = if keyword.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} `{keyword}` block")
}

fn keyword_list(list: &[String]) -> String {
    list.iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn statement_list() -> String {
    format!(
        "a statement begins with one of: {}",
        keyword_list(&keywords().statements)
    )
}

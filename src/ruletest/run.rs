//! Running tests: each step is checked on the test's position; a failing step becomes a located diagnostic that
//! says what differs (missing and unexpected moves, each unexpected one with the XBetza component behind it).
use super::ast::*;
use super::explain::{source_text, why_drop_refused, why_move};
use crate::diag::{Diagnostic, Span};
use crate::dsl::ast::Spanned;
use crate::engine::{perft::perft, Engine, Move, MoveError, MoveKind, Outcome, Position};
use crate::rules::{PieceId, Side, Square};
use std::collections::BTreeSet;

/// The deepest perft a test may ask for: deeper counts take minutes to hours on the bundled games.
pub const MAX_PERFT_DEPTH: u32 = 7;
/// Lists longer than this are summarised in failure notes.
const LIST_LIMIT: usize = 40;

/// The result of one test: its name and where it is, and every failing step (none: it passed).
#[derive(Clone, Debug)]
pub struct TestResult {
    pub name: String,
    pub span: Span,
    pub failures: Vec<Diagnostic>,
}

impl TestResult {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Runs one test on `engine`'s game. `file` names the test's source in the diagnostics.
pub fn run_test(engine: &Engine, file: &str, test: &Test) -> TestResult {
    let mut run = Runner {
        file,
        failures: Vec::new(),
    };
    let mut pos = Position::start(engine);
    for step in &test.steps {
        if run.step(&mut pos, step).is_err() {
            break;
        }
    }
    TestResult {
        name: test.name.value.clone(),
        span: test.name.span,
        failures: run.failures,
    }
}

/// A step after which the test cannot go on (its position could not be set up).
struct Stop;

struct Runner<'a> {
    file: &'a str,
    failures: Vec<Diagnostic>,
}

impl Runner<'_> {
    fn fail(&mut self, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.failures
            .push(Diagnostic::error(self.file, span, message));
        self.failures.last_mut().expect("just pushed")
    }

    fn step<'e>(&mut self, pos: &mut Position<'e>, step: &Step) -> Result<(), Stop> {
        match &step.kind {
            StepKind::Fen(fen) => match Position::from_fen(pos.engine(), &fen.value) {
                Ok(p) => *pos = p,
                Err(e) => {
                    // Each problem underlined where it is, inside the FEN string.
                    for p in &e.problems {
                        let at =
                            Span::new(fen.span.start + p.span.start, fen.span.start + p.span.end);
                        self.fail(at, format!("invalid FEN: {}", p.problem));
                    }
                    return Err(Stop);
                }
            },
            StepKind::Play(moves) => {
                for m in moves {
                    match pos.parse_move(&m.value) {
                        Ok(mv) => pos.play(mv),
                        Err(e) => {
                            let fen = pos.to_fen();
                            let d = self.fail(m.span, format!("cannot play: {e}"));
                            d.notes.push(format!("in {fen}"));
                            return Err(Stop);
                        }
                    }
                }
            }
            StepKind::Legal(moves) => self.legal(pos, moves),
            StepKind::Illegal(moves) => self.illegal(pos, moves),
            StepKind::Moves { from, moves } => self.exact_moves(pos, step.span, from, moves)?,
            StepKind::Count { filter, count } => self.count(pos, step.span, filter, *count)?,
            StepKind::Perft { depth, nodes } => self.perft(pos, step.span, *depth, *nodes),
            StepKind::Piece {
                piece,
                square,
                zone,
                reaches,
            } => self.piece(pos.engine(), step.span, piece, square, zone, reaches)?,
            StepKind::Result(expected) => {
                let actual = pos.outcome();
                let found = match actual {
                    Some(o) => Expected::Over {
                        winner: o.winner,
                        reason: Some(o.reason),
                    },
                    None => Expected::Ongoing,
                };
                if !result_matches(expected, &found) {
                    let fen = pos.to_fen();
                    let d = self.fail(
                        step.span,
                        format!(
                            "expected {}, found {}",
                            result_text(expected),
                            result_text(&found)
                        ),
                    );
                    d.notes.push(format!("in {fen}"));
                }
            }
            StepKind::Check(expected) => {
                if pos.in_check() != *expected {
                    let side = crate::render::side_name(pos.side_to_move());
                    let fen = pos.to_fen();
                    let what = if *expected { "is not" } else { "is" };
                    let d = self.fail(step.span, format!("{side}, to move, {what} in check"));
                    d.notes.push(format!("in {fen}"));
                }
            }
            StepKind::ToMove(side) => {
                if pos.side_to_move() != *side {
                    let found = crate::render::side_name(pos.side_to_move());
                    let fen = pos.to_fen();
                    let d = self.fail(
                        step.span,
                        format!(
                            "expected {} to move, found {found}",
                            crate::render::side_name(*side)
                        ),
                    );
                    d.notes.push(format!("in {fen}"));
                }
            }
        }
        Ok(())
    }

    fn legal(&mut self, pos: &mut Position, moves: &[Spanned<String>]) {
        for m in moves {
            match pos.parse_move(&m.value) {
                Ok(_) => {}
                Err(MoveError::Syntax(_)) => {
                    self.fail(
                        m.span,
                        format!("`{}` is not a move in UCI notation", m.value),
                    )
                    .notes
                    .push("e.g. e2e4, a9a10q, d9d10+, P@e4, d4d5,d5c4, 0000".into());
                }
                Err(MoveError::Illegal(_)) => {
                    let notes = why_not_legal(pos, &m.value);
                    let d = self.fail(m.span, format!("`{}` is not legal here", m.value));
                    d.notes.extend(notes);
                }
            }
        }
    }

    fn illegal(&mut self, pos: &mut Position, moves: &[Spanned<String>]) {
        for m in moves {
            match pos.parse_move(&m.value) {
                Ok(mv) => {
                    let why = why_move(pos, &mv);
                    let fen = pos.to_fen();
                    let d = self.fail(m.span, format!("`{}` is legal here", m.value));
                    d.notes.push(format!("it comes from {why}"));
                    d.notes.push(format!("in {fen}"));
                }
                Err(MoveError::Syntax(_)) => {
                    self.fail(
                        m.span,
                        format!("`{}` is not a move in UCI notation", m.value),
                    );
                }
                Err(MoveError::Illegal(_)) => {}
            }
        }
    }

    fn exact_moves(
        &mut self,
        pos: &mut Position,
        span: Span,
        from: &Option<Spanned<String>>,
        expected: &[Spanned<String>],
    ) -> Result<(), Stop> {
        let from = match from {
            Some(sq) => Some(self.square(pos, sq)?),
            None => None,
        };
        let actual = filtered(pos, &Filter::All, from, None);
        let wanted: BTreeSet<String> = expected.iter().map(|m| m.value.clone()).collect();
        let found: BTreeSet<String> = actual.iter().map(|m| pos.uci(m)).collect();
        if wanted == found {
            return Ok(());
        }
        let missing: Vec<&String> = wanted.difference(&found).collect();
        let mut unexpected: Vec<&Move> = actual
            .iter()
            .filter(|m| !wanted.contains(&pos.uci(m)))
            .collect();
        unexpected.sort_by_key(|m| pos.uci(m));
        let fen = pos.to_fen();
        let mut notes = Vec::new();
        if !missing.is_empty() {
            let list: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
            notes.push(format!("missing: {}", list.join(" ")));
        }
        for m in &unexpected {
            notes.push(format!(
                "unexpected: {}  <- {}",
                pos.uci(m),
                why_move(pos, m)
            ));
        }
        notes.push(format!("in {fen}"));
        let d = self.fail(
            span,
            format!(
                "the legal moves differ: {} missing, {} unexpected",
                missing.len(),
                unexpected.len()
            ),
        );
        d.notes = notes;
        Ok(())
    }

    fn count(
        &mut self,
        pos: &mut Position,
        span: Span,
        filter: &Filter,
        expected: u64,
    ) -> Result<(), Stop> {
        let (from, drop_piece) = match filter {
            Filter::From(sq) => (Some(self.square(pos, sq)?), None),
            Filter::Drops(Some(p)) => (None, Some(self.piece_id(pos.engine(), p)?.0)),
            _ => (None, None),
        };
        let moves = filtered(pos, filter, from, drop_piece);
        if moves.len() as u64 == expected {
            return Ok(());
        }
        let what = match filter {
            Filter::All => "legal moves".to_string(),
            Filter::From(sq) => format!("legal moves from {}", sq.value),
            Filter::Drops(None) => "legal drops".to_string(),
            Filter::Drops(Some(p)) => format!("legal drops of {}", p.value),
        };
        let mut list: Vec<String> = moves.iter().map(|m| pos.uci(m)).collect();
        list.sort();
        let fen = pos.to_fen();
        let d = self.fail(
            span,
            format!("expected {expected} {what}, found {}", list.len()),
        );
        if list.len() <= LIST_LIMIT {
            d.notes.push(format!("found: {}", list.join(" ")));
        } else {
            d.notes
                .push("`moves` lists them and says which are missing or unexpected".into());
        }
        d.notes.push(format!("in {fen}"));
        Ok(())
    }

    fn perft(&mut self, pos: &mut Position, span: Span, depth: u32, nodes: u64) {
        if depth > MAX_PERFT_DEPTH {
            self.fail(
                span,
                format!("perft depth {depth} is over the limit of {MAX_PERFT_DEPTH}"),
            );
            return;
        }
        let found = perft(pos, depth);
        if found != nodes {
            let fen = pos.to_fen();
            let name = pos.game().name.clone();
            let d = self.fail(
                span,
                format!("perft {depth}: expected {nodes} nodes, found {found}"),
            );
            d.notes.push(format!("in {fen}"));
            d.notes.push(format!(
                "`tatsu perft {name} --fen \"{fen}\" --depth {depth} --divide` splits the count by first move"
            ));
        }
    }

    fn piece(
        &mut self,
        engine: &Engine,
        span: Span,
        piece: &Spanned<String>,
        square: &Spanned<String>,
        zone: &Option<Spanned<String>>,
        reaches: &Reaches,
    ) -> Result<(), Stop> {
        let game = &engine.game;
        let (id, side) = self.piece_id(engine, piece)?;
        let Some(from) = game.geometry.parse_square(&square.value) else {
            self.fail(
                square.span,
                format!("`{}` is not a square of the board", square.value),
            );
            return Err(Stop);
        };
        // The piece alone on the board, through the designer's view (the same walk as move generation): a lone
        // piece's position may be decided by an end rule (a bare king, extinction), and then it has no moves.
        let pos = Position::from_pieces(engine, side, &[(from, id, side)]);
        let reach = crate::inspect::piece_moves(game, id, side, from, &pos, &[]);
        if let Some(z) = zone {
            let found = reach.zone.map(|z| game.zone(z).name.clone());
            if found.as_deref() != Some(z.value.as_str()) {
                let what = found.map_or("no zone rule".to_string(), |n| format!("`{n}`"));
                self.fail(
                    z.span,
                    format!(
                        "{} is not in `{}` for this piece: its moves there come from {what}",
                        square.value, z.value
                    ),
                );
            }
        }
        let g = game.geometry;
        let mut found: Vec<(String, Square)> = Vec::new();
        for d in &reach.destinations {
            if !d.promotion.is_empty() {
                found.push((format!("{}+", g.name(d.to)), d.to));
            }
            if d.promotion.is_empty() || !d.must_promote {
                found.push((g.name(d.to), d.to));
            }
        }
        let name = &game.piece(id).name;
        match reaches {
            Reaches::Count(n) => {
                if found.len() != *n {
                    let mut list: Vec<&str> = found.iter().map(|(t, _)| t.as_str()).collect();
                    list.sort();
                    let d = self.fail(
                        span,
                        format!(
                            "expected {n} destinations of the {name} on {}, found {}",
                            square.value,
                            found.len()
                        ),
                    );
                    d.notes.push(format!("found: {}", list.join(" ")));
                }
            }
            Reaches::Squares(expected) => {
                let wanted: BTreeSet<&str> = expected.iter().map(|s| s.value.as_str()).collect();
                let missing: Vec<&str> = wanted
                    .iter()
                    .copied()
                    .filter(|w| !found.iter().any(|(t, _)| t == w))
                    .collect();
                let mut unexpected: Vec<&(String, Square)> = found
                    .iter()
                    .filter(|(t, _)| !wanted.contains(t.as_str()))
                    .collect();
                unexpected.sort();
                if missing.is_empty() && unexpected.is_empty() {
                    return Ok(());
                }
                let mut notes = Vec::new();
                if !missing.is_empty() {
                    notes.push(format!("missing: {}", missing.join(" ")));
                }
                for (text, to) in &unexpected {
                    let why = reach
                        .destinations
                        .iter()
                        .filter(|d| d.to == *to)
                        .flat_map(|d| d.sources.iter().map(|&s| source_text(game, s)))
                        .collect::<Vec<_>>()
                        .join("; ");
                    notes.push(format!("unexpected: {text}  <- {why}"));
                }
                let d = self.fail(
                    span,
                    format!(
                        "the destinations of the {name} on {} differ: {} missing, {} unexpected",
                        square.value,
                        missing.len(),
                        unexpected.len()
                    ),
                );
                d.notes = notes;
            }
        }
        Ok(())
    }

    fn square(&mut self, pos: &Position, sq: &Spanned<String>) -> Result<Square, Stop> {
        match pos.game().geometry.parse_square(&sq.value) {
            Some(s) => Ok(s),
            None => {
                self.fail(
                    sq.span,
                    format!("`{}` is not a square of the board", sq.value),
                );
                Err(Stop)
            }
        }
    }

    /// A piece written as in FEN: upper case for White's, lower case for Black's.
    fn piece_id(
        &mut self,
        engine: &Engine,
        text: &Spanned<String>,
    ) -> Result<(PieceId, Side), Stop> {
        let game = &engine.game;
        for (i, p) in game.pieces.iter().enumerate() {
            for side in [Side::White, Side::Black] {
                if crate::setup::symbol_for(&p.symbol, side) == text.value {
                    return Ok((PieceId(i as u16), side));
                }
            }
        }
        let all: Vec<&str> = game.pieces.iter().map(|p| p.symbol.as_str()).collect();
        let d = self.fail(
            text.span,
            format!("`{}` is not a piece of {}", text.value, game.name),
        );
        d.notes.push(format!(
            "its pieces are {} (lower case for Black's)",
            all.join(" ")
        ));
        Err(Stop)
    }
}

/// The legal moves the filter keeps: all, those from `from` (board moves), or drops (of one piece).
fn filtered(
    pos: &mut Position,
    filter: &Filter,
    from: Option<Square>,
    drop_piece: Option<PieceId>,
) -> Vec<Move> {
    pos.legal_move_list()
        .into_iter()
        .filter(|m| {
            let board_move = !matches!(m.kind, MoveKind::Drop | MoveKind::Pass);
            match filter {
                Filter::All => from.is_none_or(|sq| board_move && m.from == sq),
                Filter::From(_) => board_move && Some(m.from) == from,
                Filter::Drops(_) => m.is_drop() && drop_piece.is_none_or(|p| p == m.piece),
            }
        })
        .collect()
}

/// Notes on why a move is not legal: the legal moves of the same piece, or of the same kind of drop.
fn why_not_legal(pos: &mut Position, text: &str) -> Vec<String> {
    let legal: Vec<String> = {
        let moves = pos.legal_move_list();
        moves.iter().map(|m| pos.uci(m)).collect()
    };
    let prefix = match text.split_once('@') {
        Some((piece, _)) => format!("{piece}@"),
        None => {
            let letters = text.bytes().take_while(|b| b.is_ascii_lowercase()).count();
            let digits = text[letters..]
                .bytes()
                .take_while(|b| b.is_ascii_digit())
                .count();
            text[..letters + digits].to_string()
        }
    };
    let mut same: Vec<&String> = legal.iter().filter(|m| m.starts_with(&prefix)).collect();
    same.sort();
    let mut notes = Vec::new();
    if prefix.ends_with('@') {
        notes.push(format!("why: {}", why_drop_refused(pos, text)));
    }
    if same.is_empty() {
        if prefix.ends_with('@') {
            notes.push(format!("no `{prefix}…` drop is legal here"));
        } else {
            notes.push(format!("no move from {prefix} is legal here"));
        }
    } else if same.len() <= LIST_LIMIT {
        let list: Vec<&str> = same.iter().map(|s| s.as_str()).collect();
        notes.push(format!("legal `{prefix}…` moves: {}", list.join(" ")));
    }
    notes.push(format!("in {}", pos.to_fen()));
    notes
}

/// Whether the game's state is what the test expects; an expected result without a reason holds for any.
fn result_matches(expected: &Expected, found: &Expected) -> bool {
    match (expected, found) {
        (
            Expected::Over { winner, reason },
            Expected::Over {
                winner: found_winner,
                reason: found_reason,
            },
        ) => winner == found_winner && (reason.is_none() || reason == found_reason),
        _ => expected == found,
    }
}

fn result_text(e: &Expected) -> String {
    match e {
        Expected::Ongoing => "the game going on".into(),
        Expected::Over {
            winner,
            reason: Some(reason),
        } => Outcome {
            winner: *winner,
            reason: *reason,
        }
        .to_string(),
        Expected::Over {
            winner,
            reason: None,
        } => match winner {
            Some(crate::rules::Side::White) => "1-0 (White wins)".into(),
            Some(crate::rules::Side::Black) => "0-1 (Black wins)".into(),
            None => "1/2-1/2 (a draw)".into(),
        },
    }
}

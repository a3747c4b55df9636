//! The report of a run, built from its game records alone: the same records give the same report, byte for byte,
//! whichever process played them. It is the `--json` output; the text and HTML renderings read it.
use super::depth::{self, PlayDepth};
use super::fit;
use super::math::{quantile, round, wilson, Z95};
use super::record::{GameRecord, RunKey};
use super::tally::Tally;
use crate::engine::{Engine, Position};
use crate::eval::Evaluator;
use serde::Serialize;

/// The JSON schema of a report (`tatsu.balance/N`): N grows when a field changes meaning or disappears.
pub const SCHEMA: &str = "tatsu.balance/1";
/// At most this many bars in the length histogram.
const MAX_BINS: u32 = 12;

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub schema: &'static str,
    pub variant: String,
    pub title: String,
    pub run: RunKey,
    /// Games in the records; `run.games` were asked for.
    pub games: u64,
    pub finished: u64,
    pub unfinished: u64,
    /// `white` or `black`: the side to move in the start position.
    pub first_player: &'static str,
    pub score: Score,
    pub endings: Vec<Ending>,
    pub length: Length,
    pub pieces: Vec<PieceRow>,
    pub zones: Vec<ZoneRow>,
    pub values: Option<Values>,
    /// How deep the run's budget searches, and whether that is too shallow ([`super::depth`]).
    pub depth: PlayDepth,
}

/// The first player's results over the finished games; `score` counts a draw as half, with Wilson's 95% interval.
#[derive(Clone, Debug, Serialize)]
pub struct Score {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub score: f64,
    pub low: f64,
    pub high: f64,
    pub draw_rate: f64,
}

/// How many games ended one way: the rule (`end`), the winner, and the words.
#[derive(Clone, Debug, Serialize)]
pub struct Ending {
    pub end: String,
    pub winner: Option<String>,
    pub text: String,
    pub games: u64,
}

/// Game length in plies, over all games (unfinished ones count at the ply they were stopped).
#[derive(Clone, Debug, Serialize)]
pub struct Length {
    pub min: u32,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: u32,
    pub mean: f64,
    /// Bars of equal width: `[from, to)` plies and the games in it.
    pub histogram: Vec<Bin>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Bin {
    pub from: u32,
    pub to: u32,
    pub games: u64,
}

/// What one piece type did (after the opening plies), totals over all games and per game.
#[derive(Clone, Debug, Serialize)]
pub struct PieceRow {
    pub symbol: String,
    pub name: String,
    pub moves: u64,
    pub captures: u64,
    pub captured: u64,
    pub promotions: u64,
    pub drops: u64,
    pub distance: u64,
    /// Squares per board move.
    pub distance_per_move: f64,
    pub moves_per_game: f64,
    pub games_present: u64,
    /// Of the games it was present in, the share in which it never moved (nor was dropped).
    pub never_moved: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct ZoneRow {
    pub name: String,
    pub promotions: u64,
    pub drops: u64,
    pub zone_moves: u64,
}

/// Piece values fitted from play, beside the static estimate (`tatsu values`).
#[derive(Clone, Debug, Serialize)]
pub struct Values {
    pub samples: usize,
    pub games: usize,
    pub every_plies: usize,
    /// At least `fit::GAMES_PER_COEFFICIENT` games per fitted coefficient; otherwise the error bars are too narrow.
    pub trusted: bool,
    /// Centipawns per log-odds unit: the least-squares scale that maps the fitted coefficients onto the static
    /// values (`null` when the two disagree in sign overall, and only the log-odds mean anything).
    pub scale: Option<f64>,
    pub pieces: Vec<ValueRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ValueRow {
    pub symbol: String,
    pub static_value: i32,
    /// Log-odds of scoring per extra piece, and its cluster-robust standard error.
    pub beta: f64,
    pub se: f64,
    /// `beta · scale` and `se · scale`, in centipawns.
    pub fitted: Option<f64>,
    pub fitted_se: Option<f64>,
    pub samples_nonzero: usize,
    pub games_nonzero: usize,
}

/// The first player's score in a finished game: 1, ½ or 0.
pub fn first_player_score(record: &GameRecord, first: &str) -> Option<f64> {
    if !record.finished() {
        return None;
    }
    Some(match record.winner.as_deref() {
        None => 0.5,
        Some(w) if w == first => 1.0,
        Some(_) => 0.0,
    })
}

/// Builds the report of `records` (one run's games, in index order).
pub fn build(engine: &Engine, key: &RunKey, records: &[GameRecord]) -> Result<Report, String> {
    let first_side = Position::start(engine).side_to_move();
    let first = super::play::side_key(first_side);
    let mut tally = Tally::new(engine);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for record in records {
        let score = first_player_score(record, first);
        match score {
            Some(1.0) => wins += 1,
            Some(0.5) => draws += 1,
            Some(_) => losses += 1,
            None => {}
        }
        tally.add(engine, record, first_side, score)?;
    }
    let finished = wins + draws + losses;
    let n = finished as f64;
    let p = if finished > 0 {
        (wins as f64 + 0.5 * draws as f64) / n
    } else {
        0.5
    };
    let (low, high) = wilson(p, n, Z95);
    let game = &engine.game;
    Ok(Report {
        schema: SCHEMA,
        variant: game.name.clone(),
        title: game.title.clone(),
        run: key.clone(),
        games: records.len() as u64,
        finished,
        unfinished: records.len() as u64 - finished,
        first_player: first,
        score: Score {
            wins,
            draws,
            losses,
            score: round(p, 4),
            low: round(low, 4),
            high: round(high, 4),
            draw_rate: round(if finished > 0 { draws as f64 / n } else { 0.0 }, 4),
        },
        endings: endings(records),
        length: length(records),
        pieces: piece_rows(engine, &tally, records.len()),
        zones: game
            .zones
            .iter()
            .zip(&tally.zones)
            .map(|(z, t)| ZoneRow {
                name: z.name.clone(),
                promotions: t.promotions,
                drops: t.drops,
                zone_moves: t.zone_moves,
            })
            .collect(),
        values: values(engine, &tally),
        depth: depth::probe(engine, key),
    })
}

/// The endings, most frequent first (ties by text).
fn endings(records: &[GameRecord]) -> Vec<Ending> {
    let mut out: Vec<Ending> = Vec::new();
    for r in records {
        let text = if r.finished() {
            r.detail.clone()
        } else {
            "unfinished at the ply limit".to_string()
        };
        match out.iter_mut().find(|e| e.text == text) {
            Some(e) => e.games += 1,
            None => out.push(Ending {
                end: r.end.clone(),
                winner: r.winner.clone(),
                text,
                games: 1,
            }),
        }
    }
    out.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.text.cmp(&b.text)));
    out
}

fn length(records: &[GameRecord]) -> Length {
    let mut plies: Vec<u32> = records.iter().map(|r| r.moves.len() as u32).collect();
    plies.sort_unstable();
    let (min, max) = (
        plies.first().copied().unwrap_or(0),
        plies.last().copied().unwrap_or(0),
    );
    let width = bin_width(max - min);
    let histogram = (min / width..=max / width)
        .map(|b| Bin {
            from: b * width,
            to: (b + 1) * width,
            games: plies.iter().filter(|&&x| x / width == b).count() as u64,
        })
        .collect();
    Length {
        min,
        q1: quantile(&plies, 0.25),
        median: quantile(&plies, 0.5),
        q3: quantile(&plies, 0.75),
        max,
        mean: round(
            plies.iter().map(|&x| f64::from(x)).sum::<f64>() / plies.len().max(1) as f64,
            2,
        ),
        histogram,
    }
}

/// A round bar width (1, 2, 5, 10, 20, 50, …) giving at most `MAX_BINS` bars over a `span` of plies.
fn bin_width(span: u32) -> u32 {
    let mut width = 1;
    loop {
        for step in [1, 2, 5] {
            if span / (width * step) + 1 < MAX_BINS {
                return width * step;
            }
        }
        width *= 10;
    }
}

fn piece_rows(engine: &Engine, tally: &Tally, games: usize) -> Vec<PieceRow> {
    engine
        .game
        .pieces
        .iter()
        .zip(&tally.pieces)
        .map(|(piece, t)| PieceRow {
            symbol: piece.symbol.clone(),
            name: piece.name.clone(),
            moves: t.moves,
            captures: t.captures,
            captured: t.captured,
            promotions: t.promotions,
            drops: t.drops,
            distance: t.distance,
            distance_per_move: round(t.distance as f64 / t.moves.max(1) as f64, 2),
            moves_per_game: round(t.moves as f64 / games.max(1) as f64, 2),
            games_present: t.games_present,
            never_moved: round(
                t.games_never_moved as f64 / t.games_present.max(1) as f64,
                4,
            ),
        })
        .collect()
}

fn values(engine: &Engine, tally: &Tally) -> Option<Values> {
    let fit = fit::fit(&tally.samples, engine.game.pieces.len())?;
    let eval = Evaluator::new(engine);
    let static_value = |t: usize| f64::from(eval.value(crate::rules::PieceId(t as u16)));
    let vb: f64 = fit
        .coefficients
        .iter()
        .map(|c| static_value(c.piece) * c.beta)
        .sum();
    let bb: f64 = fit.coefficients.iter().map(|c| c.beta * c.beta).sum();
    let scale = (vb > 0.0 && bb > 0.0).then(|| vb / bb);
    Some(Values {
        samples: fit.samples,
        games: fit.games,
        every_plies: super::tally::SAMPLE_EVERY,
        trusted: fit.trusted,
        scale: scale.map(|s| round(s, 2)),
        pieces: fit
            .coefficients
            .iter()
            .map(|c| ValueRow {
                symbol: engine.game.pieces[c.piece].symbol.clone(),
                static_value: static_value(c.piece) as i32,
                beta: round(c.beta, 4),
                se: round(c.se, 4),
                fitted: scale.map(|s| round(c.beta * s, 0)),
                fitted_se: scale.map(|s| round(c.se * s, 0)),
                samples_nonzero: c.samples_nonzero,
                games_nonzero: c.games_nonzero,
            })
            .collect(),
    })
}

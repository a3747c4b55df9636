//! `tatsu betza`: explain an XBetza move description — canonical form, plain English, and a diagram.
use super::common::{print_json, side_key, SideArg};
use super::error::CliError;
use ::betza::diagram::{destinations, parse_square, render, square_name, Kind};
use ::betza::{describe, Facing};
use serde::Serialize;
use tatsu::diag::{LEFT_CONTEXT, MAX_ECHO_WIDTH, MAX_SHOWN};
use tatsu::rules::{MAX_FILES, MAX_RANKS};

#[derive(clap::Args, Debug)]
pub struct BetzaArgs {
    /// The XBetza move description, e.g. `fmWfceFifmnD` (quote it in the shell).
    #[arg(allow_hyphen_values = true)]
    pub xbetza: String,
    /// Board size, files x ranks (at most 36x36; files past `z` are `aa`, `ab`, …).
    #[arg(long, default_value = "8x8")]
    pub board: String,
    /// Square the piece stands on (default: the middle of the board), e.g. `d4`.
    #[arg(long)]
    pub at: Option<String>,
    /// Whose moves to show: `white` (first player, forward = up) or `black` (mirrored ranks).
    #[arg(long, value_enum, default_value_t = SideArg::White)]
    pub side: SideArg,
    /// With `--side black`: rotate the moves 180° (shogi) instead of mirroring the ranks (chess).
    #[arg(long)]
    pub rotated: bool,
    /// Print a JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `betza --json` (schema `tatsu.betza/1`).
#[derive(Serialize)]
struct BetzaJson {
    schema: &'static str,
    canonical: String,
    board: String,
    from: String,
    side: &'static str,
    components: Vec<ComponentJson>,
    moves: Vec<DestinationJson>,
    must_be_empty: Vec<String>,
}

#[derive(Serialize)]
struct ComponentJson {
    text: String,
    description: String,
}

#[derive(Serialize)]
struct DestinationJson {
    to: String,
    kind: &'static str,
}

/// `betza --json` of an invalid string (schema `tatsu.betza-errors/1`).
#[derive(Serialize)]
struct ErrorsJson {
    schema: &'static str,
    errors: Vec<ErrorJson>,
}

#[derive(Serialize)]
struct ErrorJson {
    kind: String,
    start: usize,
    end: usize,
    message: String,
    help: Option<String>,
}

fn parse_board(s: &str) -> Option<(i32, i32)> {
    let (w, h) = s.split_once(['x', 'X'])?;
    let (w, h): (i32, i32) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    let (most_files, most_ranks) = (i32::from(MAX_FILES), i32::from(MAX_RANKS));
    ((1..=most_files).contains(&w) && (1..=most_ranks).contains(&h)).then_some((w, h))
}

pub fn run(args: BetzaArgs) -> Result<(), CliError> {
    let Some((w, h)) = parse_board(&args.board) else {
        return Err(CliError::usage(format!(
            "`--board {}` is not a board size; write files x ranks, e.g. `8x8` (at most {MAX_FILES}x{MAX_RANKS})",
            args.board
        )));
    };
    let from = match &args.at {
        None => ((w - 1) / 2, (h - 1) / 2),
        Some(sq) => parse_square(sq)
            .filter(|&(f, r)| f < w && r < h)
            .ok_or_else(|| {
                CliError::usage(format!(
                    "`--at {sq}` is not a square of a {w}x{h} board (files a.., ranks from 1)"
                ))
            })?,
    };
    let orientation = match (args.side, args.rotated) {
        (SideArg::Black, true) => Facing::Rotated,
        (SideArg::Black, false) => Facing::MirroredRanks,
        (SideArg::White, _) => Facing::First,
    };
    let b = match ::betza::parse(&args.xbetza) {
        Ok(b) => b,
        Err(errors) => {
            let rendered = report(&errors, &args.xbetza);
            if args.json {
                print_json(&ErrorsJson {
                    schema: "tatsu.betza-errors/1",
                    errors: errors
                        .iter()
                        .map(|e| ErrorJson {
                            kind: format!("{:?}", e.kind),
                            start: e.span.start,
                            end: e.span.end,
                            message: e.message.clone(),
                            help: e.help.clone(),
                        })
                        .collect(),
                })?;
            }
            return Err(CliError::input(rendered));
        }
    };
    let marks = destinations(&b, w, h, from, orientation);
    let lines = describe::describe(&b);
    if args.json {
        let (lame, moves): (Vec<&::betza::diagram::Mark>, Vec<_>) =
            marks.iter().partition(|m| m.kind == Kind::LamePath);
        return print_json(&BetzaJson {
            schema: "tatsu.betza/1",
            canonical: b.to_string(),
            board: format!("{w}x{h}"),
            from: square_name(from.0, from.1),
            side: side_key(args.side.into()),
            components: b
                .components
                .iter()
                .zip(&lines)
                .map(|(c, d)| ComponentJson {
                    text: c.to_string(),
                    description: d.clone(),
                })
                .collect(),
            moves: moves
                .iter()
                .map(|m| DestinationJson {
                    to: square_name(m.file, m.rank),
                    kind: m.kind.name(),
                })
                .collect(),
            must_be_empty: lame.iter().map(|m| square_name(m.file, m.rank)).collect(),
        });
    }
    outln!("{b}");
    for (c, d) in b.components.iter().zip(&lines) {
        outln!("  {c}: {d}");
    }
    outln!();
    let side = if orientation == Facing::First {
        "white, forward = up"
    } else {
        "black, forward = down"
    };
    outln!(
        "from {} on an empty {w}x{h} board ({side}):",
        square_name(from.0, from.1)
    );
    out!("{}", render(&marks, w, h, from));
    Ok(())
}

/// The errors of an XBetza argument as the betza crate renders them, bounded as `tatsu check`'s reports are: the
/// first [`MAX_SHOWN`] (a 5 KB string of `(` has 5,000 errors, and printed whole they made 38 MB), each echoing at
/// most [`MAX_ECHO_WIDTH`] characters of the string around its caret.
fn report(errors: &[::betza::BetzaError], input: &str) -> String {
    let mut out: String = errors
        .iter()
        .take(MAX_SHOWN)
        .map(|e| {
            let (window, e) = around(e, input);
            e.render(&window)
        })
        .collect();
    if errors.len() > MAX_SHOWN {
        let rest = errors.len() - MAX_SHOWN;
        out += &format!(
            "note: {rest} more error{} not shown (a report shows the first {MAX_SHOWN})\n",
            if rest == 1 { "" } else { "s" }
        );
    }
    out
}

/// At most [`MAX_ECHO_WIDTH`] characters of `input` around the error ([`LEFT_CONTEXT`] before it, as the
/// variant files' renderer shows), `…` marking what is cut, and the error with its span moved into them.
fn around(e: &::betza::BetzaError, input: &str) -> (String, ::betza::BetzaError) {
    let chars: Vec<(usize, char)> = input.char_indices().collect();
    if chars.len() <= MAX_ECHO_WIDTH {
        return (input.to_string(), e.clone());
    }
    let at = chars.partition_point(|&(i, _)| i < e.span.start);
    let first = at
        .saturating_sub(LEFT_CONTEXT)
        .min(chars.len() - MAX_ECHO_WIDTH);
    let last = first + MAX_ECHO_WIDTH;
    let byte = |c: usize| chars.get(c).map_or(input.len(), |&(i, _)| i);
    let (from, to) = (byte(first), byte(last));
    let before = if first > 0 { "…" } else { "" };
    let after = if last < chars.len() { "…" } else { "" };
    let mut moved = e.clone();
    let shift = |b: usize| b.clamp(from, to) - from + before.len();
    moved.span = shift(e.span.start)..shift(e.span.end);
    (format!("{before}{}{after}", &input[from..to]), moved)
}

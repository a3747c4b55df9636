//! `tatsu betza`: explain an XBetza move description — canonical form, plain English, and a diagram.
use ::betza::diagram::{destinations, parse_square, render, square_name, Kind};
use ::betza::{describe, Facing};
use std::process::ExitCode;
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
    #[arg(long, default_value = "white", value_parser = ["white", "black"])]
    pub side: String,
    /// With `--side black`: rotate the moves 180° (shogi) instead of mirroring the ranks (chess).
    #[arg(long)]
    pub rotated: bool,
    /// Print a JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn parse_board(s: &str) -> Option<(i32, i32)> {
    let (w, h) = s.split_once(['x', 'X'])?;
    let (w, h): (i32, i32) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    let (most_files, most_ranks) = (i32::from(MAX_FILES), i32::from(MAX_RANKS));
    ((1..=most_files).contains(&w) && (1..=most_ranks).contains(&h)).then_some((w, h))
}

pub fn run(args: BetzaArgs) -> ExitCode {
    let Some((w, h)) = parse_board(&args.board) else {
        eprintln!("error: `--board {}` is not a board size; write files x ranks, e.g. `8x8` (at most {MAX_FILES}x{MAX_RANKS})", args.board);
        return ExitCode::from(2);
    };
    let from = match &args.at {
        None => ((w - 1) / 2, (h - 1) / 2),
        Some(sq) => match parse_square(sq).filter(|&(f, r)| f < w && r < h) {
            Some(s) => s,
            None => {
                eprintln!("error: `--at {sq}` is not a square of a {w}x{h} board (files a.., ranks from 1)");
                return ExitCode::from(2);
            }
        },
    };
    let orientation = match (args.side.as_str(), args.rotated) {
        ("black", true) => Facing::Rotated,
        ("black", false) => Facing::MirroredRanks,
        _ => Facing::First,
    };
    let b = match ::betza::parse(&args.xbetza) {
        Ok(b) => b,
        Err(errors) => {
            for e in &errors {
                eprint!("{}", e.render(&args.xbetza));
            }
            if args.json {
                let list: Vec<String> = errors
                    .iter()
                    .map(|e| {
                        format!(
                            "{{\"kind\":{},\"start\":{},\"end\":{},\"message\":{},\"help\":{}}}",
                            json_str(&format!("{:?}", e.kind)),
                            e.span.start,
                            e.span.end,
                            json_str(&e.message),
                            e.help.as_deref().map_or("null".to_string(), json_str)
                        )
                    })
                    .collect();
                outln!("{{\"errors\":[{}]}}", list.join(","));
            }
            return ExitCode::from(1);
        }
    };
    let marks = destinations(&b, w, h, from, orientation);
    let lines = describe::describe(&b);
    if args.json {
        let comps: Vec<String> = b
            .components
            .iter()
            .zip(&lines)
            .map(|(c, d)| {
                format!(
                    "{{\"text\":{},\"description\":{}}}",
                    json_str(&c.to_string()),
                    json_str(d)
                )
            })
            .collect();
        let moves: Vec<String> = marks
            .iter()
            .filter(|m| m.kind != Kind::LamePath)
            .map(|m| {
                format!(
                    "{{\"to\":{},\"kind\":{}}}",
                    json_str(&square_name(m.file, m.rank)),
                    json_str(m.kind.name())
                )
            })
            .collect();
        let empty: Vec<String> = marks
            .iter()
            .filter(|m| m.kind == Kind::LamePath)
            .map(|m| json_str(&square_name(m.file, m.rank)))
            .collect();
        outln!(
            "{{\"canonical\":{},\"board\":{},\"from\":{},\"side\":{},\"components\":[{}],\"moves\":[{}],\"must_be_empty\":[{}]}}",
            json_str(&b.to_string()),
            json_str(&format!("{w}x{h}")),
            json_str(&square_name(from.0, from.1)),
            json_str(&args.side),
            comps.join(","),
            moves.join(","),
            empty.join(",")
        );
        return ExitCode::SUCCESS;
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
    ExitCode::SUCCESS
}

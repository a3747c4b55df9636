//! Data-driven tests: `tests/data/valid.txt` (destinations on an empty board) and `tests/data/invalid.txt`
//! (error kind and column). Every line is a named rule; all failures are reported together.
use betza::diagram::{destinations, parse_square, square_name, Kind};
use betza::{parse, ErrorKind, Facing};
use std::collections::BTreeSet;

fn lines(text: &str) -> impl Iterator<Item = Vec<String>> + '_ {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.split(';')
                .map(|f| {
                    let f = f.strip_prefix(' ').unwrap_or(f);
                    f.strip_suffix(' ').unwrap_or(f).to_string()
                })
                .collect()
        })
}

fn kind_of(sym: &str) -> Option<Kind> {
    Some(match sym {
        "m" => Kind::Move,
        "c" => Kind::Capture,
        "*" => Kind::MoveOrCapture,
        "i" => Kind::Initial,
        "O" => Kind::Castling,
        "h" => Kind::Hop,
        "-" => Kind::LamePath,
        "x" => Kind::Borrow,
        _ => return None,
    })
}

#[test]
fn valid_corpus_destinations_match_hand_worked_sets() {
    let text = include_str!("../data/valid.txt");
    let mut failures = Vec::new();
    let mut count = 0;
    for f in lines(text) {
        assert_eq!(f.len(), 6, "malformed corpus line: {f:?}");
        count += 1;
        let (name, src) = (&f[0], &f[1]);
        let (w, h) = f[2]
            .split_once('x')
            .map(|(a, b)| (a.parse::<i32>().unwrap(), b.parse::<i32>().unwrap()))
            .unwrap();
        let from = parse_square(&f[3]).unwrap();
        let o = match f[4].as_str() {
            "first" => Facing::First,
            "mirrored" => Facing::MirroredRanks,
            "rotated" => Facing::Rotated,
            x => panic!("{name}: bad orientation {x}"),
        };
        let b = match parse(src) {
            Ok(b) => b,
            Err(e) => {
                failures.push(format!("{name}: `{src}` did not parse: {e:?}"));
                continue;
            }
        };
        let marks = destinations(&b, w, h, from, o);
        let mut expected = BTreeSet::new();
        for item in f[5].split_whitespace() {
            let (sq, kind) = item
                .split_once(':')
                .map_or((item, None), |(s, k)| (s, kind_of(k)));
            let (x, y) = parse_square(sq).unwrap();
            if let Some(k) = kind {
                if !marks
                    .iter()
                    .any(|m| m.file == x && m.rank == y && m.kind == k)
                {
                    failures.push(format!(
                        "{name}: `{src}` expected {item}, marks there: {:?}",
                        marks
                            .iter()
                            .filter(|m| m.file == x && m.rank == y)
                            .map(|m| m.kind)
                            .collect::<Vec<_>>()
                    ));
                }
                if k == Kind::LamePath {
                    continue;
                }
            }
            expected.insert(sq.to_string());
        }
        let got: BTreeSet<String> = marks
            .iter()
            .filter(|m| m.kind != Kind::LamePath)
            .map(|m| square_name(m.file, m.rank))
            .collect();
        if got != expected {
            let missing: Vec<_> = expected.difference(&got).collect();
            let extra: Vec<_> = got.difference(&expected).collect();
            failures.push(format!(
                "{name}: `{src}` from {}: missing {missing:?}, extra {extra:?}",
                f[3]
            ));
        }
    }
    assert!(count > 100, "corpus too small: {count}");
    assert!(
        failures.is_empty(),
        "{} of {count} corpus lines failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn invalid_corpus_reports_kind_and_column() {
    let text = include_str!("../data/invalid.txt");
    let mut failures = Vec::new();
    for f in lines(text) {
        assert_eq!(f.len(), 4, "malformed corpus line: {f:?}");
        let (name, src) = (&f[0], &f[1]);
        let col: usize = f[3].parse().unwrap();
        match parse(src) {
            Ok(b) => failures.push(format!("{name}: `{src}` parsed as `{b}`")),
            Err(errors) => {
                let e = &errors[0];
                let kind = format!("{:?}", e.kind);
                if kind != f[2] || e.span.start != col {
                    failures.push(format!(
                        "{name}: `{src}` gave {kind} at {} ({}), expected {} at {col}",
                        e.span.start, e.message, f[2]
                    ));
                }
                for e in &errors {
                    if e.message.is_empty() {
                        failures.push(format!("{name}: empty message"));
                    }
                    if e.kind != ErrorKind::Empty && e.span.is_empty() {
                        failures.push(format!("{name}: empty span for {:?}", e.kind));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn squares_past_file_z_are_named_with_two_letters() {
    for (file, rank, name) in [
        (0, 0, "a1"),
        (25, 7, "z8"),
        (26, 0, "aa1"),
        (35, 35, "aj36"),
    ] {
        assert_eq!(square_name(file, rank), name);
        assert_eq!(parse_square(name), Some((file, rank)));
    }
    for bad in ["", "a", "4", "a0", "a04", "A1", "a1x"] {
        assert_eq!(parse_square(bad), None, "{bad}");
    }
}

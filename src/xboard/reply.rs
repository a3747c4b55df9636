//! What an XBoard engine says to the program that referees it, one line at a time: its move, a resignation, a
//! refusal of a move it was told, the answer to a `ping`, its features. The referee of `tatsu match` reads engine
//! output only through [`classify`] and [`features`], so that whatever a foreign program prints (garbage, huge
//! lines, quotes and braces meant to forge a PGN) is judged in one place, and fuzzed there
//! (`fuzz/fuzz_targets/referee_reply.rs`).

/// One line of an engine's output, as a referee reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine<'a> {
    /// `move TEXT`: the text of its move (coordinates or SAN, read by [`super::notation::read_move`]).
    Move(&'a str),
    /// `resign` (or `tellics resign`).
    Resign,
    /// A refusal of a move it was told: XBoard's `Illegal move: …`, or Sjaak II's `Error (Illegal move …`.
    Refusal,
    /// `pong N`.
    Pong(u32),
    /// `feature …`: the text after the word, read by [`features`].
    Features(&'a str),
    /// Anything else (thinking output, `tellusererror`, noise): ignored.
    Other,
}

/// What a line says; the line's surrounding whitespace is ignored.
pub fn classify(line: &str) -> EngineLine<'_> {
    let line = line.trim();
    if let Some(mv) = line.strip_prefix("move ") {
        return EngineLine::Move(mv.trim());
    }
    if line == "resign" || line.starts_with("tellics resign") {
        return EngineLine::Resign;
    }
    if let Some(number) = line.strip_prefix("pong ") {
        return match number.trim().parse() {
            Ok(n) => EngineLine::Pong(n),
            Err(_) => EngineLine::Other,
        };
    }
    if let Some(rest) = line.strip_prefix("feature ") {
        return EngineLine::Features(rest);
    }
    let lower = line.get(..20).unwrap_or(line).to_ascii_lowercase();
    if lower.starts_with("illegal move") || lower.starts_with("error (illegal move") {
        return EngineLine::Refusal;
    }
    EngineLine::Other
}

/// The `name=value` pairs of a `feature` line, a value in double quotes (`myname="Sjaak II 1.4"`) taken whole
/// without its quotes. A quote left open takes the rest of the line; a word without `=` is skipped.
pub fn features(text: &str) -> Vec<(&str, &str)> {
    let mut pairs = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let word_end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let name = &rest[..word_end];
        rest = &rest[word_end..];
        let Some(after) = rest.strip_prefix('=') else {
            rest = rest.trim_start();
            continue;
        };
        let (value, after) = match after.strip_prefix('"') {
            Some(quoted) => match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            },
            None => {
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                (&after[..end], &after[end..])
            }
        };
        if !name.is_empty() {
            pairs.push((name, value));
        }
        rest = after.trim_start();
    }
    pairs
}

/// The variants an engine's `variants` feature lists (`normal,shogi,xiangqi`), without empty names.
pub fn variant_list(value: &str) -> Vec<&str> {
    value
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_feature_values_keep_their_spaces() {
        assert_eq!(
            features(r#"myname="Sjaak II 1.4" variants="normal,shogi" usermove=1 done=0"#),
            vec![
                ("myname", "Sjaak II 1.4"),
                ("variants", "normal,shogi"),
                ("usermove", "1"),
                ("done", "0")
            ]
        );
        assert_eq!(features(r#"a="open b=1"#), vec![("a", "open b=1")]);
        assert_eq!(features("bare  x=1 ="), vec![("x", "1")]);
    }

    #[test]
    fn lines_are_told_apart() {
        assert_eq!(classify("  move e2e4 "), EngineLine::Move("e2e4"));
        assert_eq!(classify("move O-O"), EngineLine::Move("O-O"));
        assert_eq!(classify("resign"), EngineLine::Resign);
        assert_eq!(classify("pong 3"), EngineLine::Pong(3));
        assert_eq!(classify("pong x"), EngineLine::Other);
        assert_eq!(classify("Illegal move: e2e5"), EngineLine::Refusal);
        assert_eq!(
            classify("Error (Illegal move or unknown command): e2e5"),
            EngineLine::Refusal
        );
        assert_eq!(classify("1 20 5 100 e2e4 e7e5"), EngineLine::Other);
    }
}

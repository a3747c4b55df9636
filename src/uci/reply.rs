//! What a UCI or USI engine says to the program that referees it, one line at a time: its identity, its options
//! (the games its `UCI_Variant` or `USI_Variant` offers), that it is ready, and its move. The referee of `tatsu
//! match` reads a UCI or USI engine's output only through [`classify`], so that whatever a foreign program prints
//! is judged in one place.

/// One line of a UCI or USI engine's output, as a referee reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine<'a> {
    /// `id name NAME`.
    Name(&'a str),
    /// `option name UCI_Variant type combo … var A var B` (or `USI_Variant`): the games offered.
    Variants(Vec<&'a str>),
    /// `uciok` or `usiok`: the options are all told.
    Ok,
    /// `readyok`.
    Ready,
    /// `bestmove TEXT [ponder …]`: the move's text; `bestmove` alone is an empty text.
    BestMove(&'a str),
    /// Anything else (`info` lines, other options, noise): ignored.
    Other,
}

/// What a line says; its surrounding whitespace is ignored, and words are split at any whitespace.
pub fn classify(line: &str) -> EngineLine<'_> {
    let mut words = line.split_whitespace();
    match words.next() {
        Some("uciok" | "usiok") => EngineLine::Ok,
        Some("readyok") => EngineLine::Ready,
        Some("bestmove") => EngineLine::BestMove(words.next().unwrap_or("")),
        Some("id") if words.next() == Some("name") => {
            let rest = line.trim_start()["id".len()..].trim_start()["name".len()..].trim();
            EngineLine::Name(rest)
        }
        Some("option") => variant_option(words).map_or(EngineLine::Other, EngineLine::Variants),
        _ => EngineLine::Other,
    }
}

/// The games of an `option name UCI_Variant … var …` line's words (after `option`); `None` for another option.
fn variant_option<'a>(mut words: impl Iterator<Item = &'a str>) -> Option<Vec<&'a str>> {
    if words.next() != Some("name") || !matches!(words.next(), Some("UCI_Variant" | "USI_Variant"))
    {
        return None;
    }
    let mut games = Vec::new();
    while let Some(word) = words.next() {
        if word == "var" {
            games.extend(words.next());
        }
    }
    Some(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_told_apart() {
        assert_eq!(classify("uciok"), EngineLine::Ok);
        assert_eq!(classify(" usiok "), EngineLine::Ok);
        assert_eq!(classify("readyok"), EngineLine::Ready);
        assert_eq!(
            classify("bestmove e2e4 ponder e7e5"),
            EngineLine::BestMove("e2e4")
        );
        assert_eq!(classify("bestmove"), EngineLine::BestMove(""));
        assert_eq!(
            classify("id name Fairy-Stockfish 11.1 LB 64"),
            EngineLine::Name("Fairy-Stockfish 11.1 LB 64")
        );
        assert_eq!(classify("id author X"), EngineLine::Other);
        assert_eq!(
            classify("option name UCI_Variant type combo default chess var 3check var chess"),
            EngineLine::Variants(vec!["3check", "chess"])
        );
        assert_eq!(
            classify("option name Hash type spin default 16"),
            EngineLine::Other
        );
        assert_eq!(classify("info depth 3 pv bestmove"), EngineLine::Other);
    }
}

//! Pieces that turn over and back (Kyoto shogi's pawn and rook, micro shogi's pieces on each capture) as FSF says
//! them: its `pieceDemotion` (variant.cpp's `kyotoshogi_variant`, `microshogi_variant`). FSF writes only the
//! unpromoted piece's `promotedPieceType`; a piece that promoted (or stands as `+X` in a FEN) is that type
//! marked as the X it was, turns back into X under the same zone, trigger and mandatoriness as the promotion, and
//! goes to hand as X. A tatsu promoted form `+X` whose one promotion is back to X, and which goes to hand as X, is
//! exactly that; the pair's back line is left out of promotedPieceType.
use super::Writer;
use crate::rules::PieceId;

impl Writer<'_> {
    /// The promotedPieceType entries to write, without the promoted forms' lines back (written as pieceDemotion).
    /// FSF's switch is for every promoted piece: one that does not turn back in tatsu is named.
    pub(super) fn demotions(&mut self, entries: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
        let game = self.game;
        let turns_back = |from: usize, to: usize| {
            game.pieces[to].promoted
                && !game.pieces[from].promoted
                && entries.contains(&(to, from))
                && (!game.drops || game.pieces[to].in_hand == Some(PieceId(from as u16)))
        };
        let demoting: Vec<usize> = entries
            .iter()
            .filter(|&&(from, to)| turns_back(from, to))
            .map(|&(_, to)| to)
            .collect();
        if demoting.is_empty() {
            return entries;
        }
        self.set("pieceDemotion", true);
        let kept: Vec<(usize, usize)> = entries
            .into_iter()
            .filter(|(from, _)| !demoting.contains(from))
            .collect();
        for &(from, to) in kept.iter().filter(|(_, to)| !demoting.contains(to)) {
            self.lossy.push(format!(
                "the {} does not turn back into the {} it promoted from; FSF's pieceDemotion turns back every promoted piece",
                game.pieces[to].name, game.pieces[from].name
            ));
        }
        kept
    }

    /// A `+X` in the start position is FSF's X promoted: the type of X's promotedPieceType, marked as X. It is
    /// tatsu's piece `+X` when that type is `+X`'s letter; otherwise (no such entry: the start holds a promoted
    /// form FSF would not make of X) it is named.
    pub(super) fn promoted_in_start(&mut self, letters: &[char]) {
        let game = self.game;
        let board = game.start_fen.split([' ', '[']).next().unwrap_or_default();
        let written = |token: &str| {
            let Some(to) = game
                .pieces
                .iter()
                .position(|p| p.symbol.eq_ignore_ascii_case(token))
            else {
                return false;
            };
            let of = token.chars().nth(1).map(|c| c.to_ascii_lowercase());
            self.shogi_promotions
                .iter()
                .any(|&(from, t)| t == to && of == Some(letters[from]))
        };
        let unwritten: Vec<&str> = board
            .match_indices('+')
            .filter_map(|(at, _)| board.get(at..at + 2))
            .filter(|token| token.ends_with(|c: char| c.is_ascii_alphabetic()))
            .filter(|token| !written(token))
            .collect();
        if let Some(first) = unwritten.first() {
            self.lossy.push(format!(
                "the start position holds promoted pieces (`{first}`), which FSF reads as its own promoted forms, \
                 not as tatsu's pieces of those ids"
            ));
        }
    }
}

//! Boards as text: Unicode box drawing by default, plain ASCII on request. Each square is three characters wide.
use super::{kind_label, View};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Unicode,
    Ascii,
}

/// The three characters of one square.
fn cell_text(view: &View, index: usize, style: Style) -> String {
    let cell = &view.cells[index];
    if cell.hole {
        return match style {
            Style::Unicode => "░░░".into(),
            Style::Ascii => " * ".into(),
        };
    }
    if let (Some((text, _)), Some(_), false) = (&cell.piece, cell.mark, cell.origin) {
        // A piece that can be captured: `×p`, `×+p`.
        let marked = format!("×{text}");
        return format!("{marked:<3}");
    }
    if let Some((text, _)) = &cell.piece {
        return match text.chars().count() {
            1 => format!(" {text} "),
            2 => format!("{text} "),
            _ => text.chars().take(3).collect(),
        };
    }
    if let Some(kind) = cell.mark {
        let promo = if cell.promotes { '+' } else { ' ' };
        let also = match (cell.destroys, cell.hops) {
            (true, _) => 'd',
            (false, true) => 'h',
            (false, false) => ' ',
        };
        return format!("{also}{}{promo}", kind.symbol());
    }
    match cell.shade {
        [true, true] => match style {
            Style::Unicode => " ◆ ".into(),
            Style::Ascii => " # ".into(),
        },
        [true, false] => " W ".into(),
        [false, true] => " B ".into(),
        [false, false] => match style {
            Style::Unicode => " · ".into(),
            Style::Ascii => " . ".into(),
        },
    }
}

/// The board with rank numbers on the left and file letters below.
pub fn board(view: &View, style: Style) -> String {
    let g = view.geometry;
    let width = 3 * g.files as usize;
    let (tl, tr, bl, br, h, v) = match style {
        Style::Unicode => ('┌', '┐', '└', '┘', '─', '│'),
        Style::Ascii => ('+', '+', '+', '+', '-', '|'),
    };
    let rule = h.to_string().repeat(width);
    let mut out = format!("    {tl}{rule}{tr}\n");
    for row in view.rows() {
        let rank = g.rank(row[0]) + 1;
        let cells: String = row
            .iter()
            .map(|sq| cell_text(view, sq.index(), style))
            .collect();
        out += &format!("{rank:>3} {v}{cells}{v}\n");
    }
    out += &format!("    {bl}{rule}{br}\n");
    let files: String = view.rows()[0]
        .iter()
        .map(|&sq| format!("{:^3}", super::file_of(g, sq)))
        .collect();
    out += &format!("     {}\n", files.trim_end());
    out
}

/// One line per mark kind present, e.g. `* move or capture`, and the promotion sign if used.
pub fn legend(view: &View) -> String {
    let mut out = String::new();
    for kind in view.kinds() {
        out += &format!("  {}  {}\n", kind.symbol(), kind_label(kind));
    }
    if view.any_also_destroys() {
        out += "  d  (before a mark) may also capture (destroy) a friendly piece there\n";
    }
    if view.any_also_hops() {
        out += "  h  (before a mark) may also get there by hopping over a piece\n";
    }
    if view.any_promotion() {
        out += "  +  (after a mark) the move promotes\n";
    }
    if view
        .cells
        .iter()
        .any(|c| c.piece.is_some() && c.mark.is_some() && !c.origin)
    {
        out += "  ×  (before a piece) it can be captured\n";
    }
    if view.cells.iter().any(|c| c.shade[0]) || view.cells.iter().any(|c| c.shade[1]) {
        out += "  W  in White's zone, B in Black's, ◆ (# in ASCII) in both\n";
    }
    out
}

//! Boards as text: Unicode box drawing by default, plain ASCII on request, optionally coloured with ANSI codes
//! (the command line decides: a terminal gets colour, a pipe does not). Each square is three characters wide.
use super::{Region, View};
use anstyle::{Ansi256Color, Style as Ansi};
use betza::diagram::Kind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Unicode,
    Ascii,
}

/// How a mark is coloured on a terminal.
fn mark_colour(kind: Kind) -> u8 {
    match kind {
        Kind::Move => 28,
        Kind::Capture => 160,
        Kind::MoveOrCapture => 25,
        Kind::Initial => 30,
        Kind::Castling => 166,
        Kind::Hop => 91,
        Kind::LamePath => 244,
        Kind::Borrow => 94,
        Kind::Destroy => 125,
        Kind::FirstLeg => 202,
        Kind::SecondLeg => 127,
        Kind::Induced => 94,
    }
}

/// The background of a square in the shaded zones of a piece diagram.
fn region_colour(region: [bool; 2]) -> Option<u8> {
    match region {
        [true, true] => Some(194),
        [true, false] => Some(153),
        [false, true] => Some(229),
        [false, false] => None,
    }
}

/// The fill character of an empty square in a piece diagram's zones.
fn region_char(region: [bool; 2], style: Style) -> Option<char> {
    match (region, style) {
        ([true, true], Style::Unicode) => Some('▓'),
        ([true, true], Style::Ascii) => Some('#'),
        ([true, false], _) => Some(':'),
        ([false, true], Style::Unicode) => Some('░'),
        ([false, true], Style::Ascii) => Some('='),
        ([false, false], _) => None,
    }
}

fn paint(text: &str, fg: Option<u8>, bg: Option<u8>, bold: bool) -> String {
    let mut style = Ansi::new();
    if let Some(c) = fg {
        style = style.fg_color(Some(Ansi256Color(c).into()));
    }
    if let Some(c) = bg {
        style = style
            .bg_color(Some(Ansi256Color(c).into()))
            .fg_color(Some(Ansi256Color(fg.unwrap_or(16)).into()));
    }
    if bold {
        style = style.bold();
    }
    if style == Ansi::new() {
        return text.to_string();
    }
    format!("{}{text}{}", style.render(), style.render_reset())
}

/// The three characters of one square, and the colour of its main symbol.
fn cell_text(view: &View, index: usize, style: Style) -> (String, Option<u8>) {
    let cell = &view.cells[index];
    if cell.hole {
        return match style {
            Style::Unicode => ("░░░".into(), None),
            Style::Ascii => (" * ".into(), None),
        };
    }
    if cell.wall {
        return match style {
            Style::Unicode => ("▓▓▓".into(), None),
            Style::Ascii => (" # ".into(), None),
        };
    }
    if let (Some((text, _)), Some(kind), false) = (&cell.piece, cell.mark, cell.origin) {
        // A piece that can be captured: `×p`, `×+p`.
        let marked = format!("×{text}");
        return (format!("{marked:<3}"), Some(mark_colour(kind)));
    }
    if let (Some((text, _)), Some(kind), true) = (&cell.piece, cell.mark, cell.origin) {
        // The piece's own square is a destination (igui, a pass): its letter and the mark.
        let marked = format!("{text}{}", kind.symbol());
        return (format!("{marked:<3}"), Some(mark_colour(kind)));
    }
    if let Some((text, _)) = &cell.piece {
        let shown = match text.chars().count() {
            1 => format!(" {text} "),
            2 => format!("{text} "),
            _ => text.chars().take(3).collect(),
        };
        return (shown, None);
    }
    if let Some(kind) = cell.mark {
        let promo = if cell.promotes { '+' } else { ' ' };
        let also = cell.also.first().map_or(' ', |k| k.symbol());
        return (
            format!("{also}{}{promo}", kind.symbol()),
            Some(mark_colour(kind)),
        );
    }
    if cell.dead {
        let c = if style == Style::Unicode { '⊘' } else { '/' };
        return (format!(" {c} "), Some(244));
    }
    if let Some(c) = region_char(cell.region, style) {
        return (format!(" {c} "), Some(244));
    }
    let text = match (cell.shade, style) {
        ([true, true], Style::Unicode) => " ◆ ",
        ([true, true], Style::Ascii) => " # ",
        ([true, false], _) => " W ",
        ([false, true], _) => " B ",
        (_, Style::Unicode) => " · ",
        (_, Style::Ascii) => " . ",
    };
    (text.into(), None)
}

/// The board with rank numbers on the left and file letters below.
pub fn board(view: &View, style: Style) -> String {
    board_in(view, style, false)
}

/// [`board`], with ANSI colours if `colour`: each mark in its colour, the shaded zones as backgrounds.
pub fn board_in(view: &View, style: Style, colour: bool) -> String {
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
            .map(|sq| {
                let (text, fg) = cell_text(view, sq.index(), style);
                if !colour {
                    return text;
                }
                let cell = &view.cells[sq.index()];
                let bg = region_colour(cell.region).or(cell.origin.then_some(222));
                paint(&text, fg, bg, fg.is_some() && fg != Some(244))
            })
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

/// One line per mark kind present, e.g. `* move or capture`, and the signs and shadings used.
pub fn legend(view: &View) -> String {
    legend_in(view, Style::Unicode, false)
}

/// [`legend`] with each symbol drawn as on the board (`style`, `colour`).
pub fn legend_in(view: &View, style: Style, colour: bool) -> String {
    let sym = |text: &str, fg: Option<u8>, bg: Option<u8>| {
        if colour {
            paint(text, fg, bg, fg.is_some())
        } else {
            text.to_string()
        }
    };
    let mut out = String::new();
    for kind in view.kinds_on_empty_squares() {
        let s = sym(&kind.symbol().to_string(), Some(mark_colour(kind)), None);
        out += &format!("  {s}  {}\n", view.label(kind));
    }
    for kind in view.also_kinds(1) {
        let s = sym(&kind.symbol().to_string(), None, None);
        out += &format!("  {s}  (before a mark) also {}\n", view.label(kind));
    }
    if view.any_promotion() {
        out += "  +  (after a mark) the move promotes\n";
    }
    if let Some(cell) = view.cells.iter().find(|c| c.origin && c.mark.is_some()) {
        let text = cell.piece.as_ref().map_or("", |(t, _)| t.as_str());
        let kind = cell.mark.expect("marked");
        out += &format!(
            "  {text}{}  its own square is a destination too: it may end its move where it started ({})\n",
            kind.symbol(),
            view.label(kind)
        );
    }
    if view
        .cells
        .iter()
        .any(|c| c.piece.is_some() && c.mark.is_some() && !c.origin)
    {
        out += "  ×  (before a piece) it can be captured\n";
    }
    if view.any_dead() {
        let c = if style == Style::Unicode { "⊘" } else { "/" };
        out += &format!(
            "  {}  dead square: it could never move again from there, so it may not stop there\n",
            sym(c, Some(244), None)
        );
    }
    for region in [Region::MoveZone, Region::PromotionZone] {
        let Some(words) = &view.regions[region as usize] else {
            continue;
        };
        let mut key = [false, false];
        key[region as usize] = true;
        let c = region_char(key, style).unwrap_or(' ').to_string();
        out += &format!("  {}  {words}\n", sym(&c, Some(244), region_colour(key)));
    }
    if view.regions.iter().all(Option::is_some)
        && view.cells.iter().any(|c| c.region == [true, true])
    {
        let c = region_char([true, true], style).unwrap_or(' ').to_string();
        out += &format!(
            "  {}  in both zones\n",
            sym(&c, Some(244), region_colour([true, true]))
        );
    }
    if view.cells.iter().any(|c| c.shade[0]) || view.cells.iter().any(|c| c.shade[1]) {
        out += "  W  in White's zone, B in Black's, ◆ (# in ASCII) in both\n";
    }
    out
}

//! Boards as SVG images: a plain grid with coordinates, pieces as lettered tiles (White light, Black dark),
//! destination marks with a legend, and zone shading.
use super::{file_of, View};
use crate::rules::{Side, Square};
use betza::diagram::Kind;
use std::fmt::Write;

const SQ: i32 = 40;
const MARGIN: i32 = 24;

/// XML-escapes text.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn mark(out: &mut String, kind: Kind, cx: i32, cy: i32) {
    let _ = match kind {
        Kind::Move => write!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="9" fill="none" stroke="#1f7a1f" stroke-width="3"/>"##
        ),
        Kind::Capture => write!(
            out,
            r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#c62828" stroke-width="4" stroke-linecap="round"/>"##,
            cx - 8,
            cy - 8,
            cx + 8,
            cy + 8,
            cx - 8,
            cy + 8,
            cx + 8,
            cy - 8
        ),
        Kind::MoveOrCapture => write!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="9" fill="#1565c0"/>"##
        ),
        Kind::Initial => write!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="10" fill="none" stroke="#00838f" stroke-width="3" stroke-dasharray="4 3"/><text x="{cx}" y="{}" font-size="12" text-anchor="middle" fill="#00838f" font-family="sans-serif" font-weight="bold">i</text>"##,
            cy + 4
        ),
        Kind::Castling => write!(
            out,
            r##"<rect x="{}" y="{}" width="18" height="18" fill="none" stroke="#ef6c00" stroke-width="3"/><text x="{cx}" y="{}" font-size="12" text-anchor="middle" fill="#ef6c00" font-family="sans-serif" font-weight="bold">O</text>"##,
            cx - 9,
            cy - 9,
            cy + 4
        ),
        Kind::Hop => write!(
            out,
            r##"<path d="M{cx} {} L{} {} L{} {} Z" fill="#6a1b9a"/>"##,
            cy - 9,
            cx + 9,
            cy + 7,
            cx - 9,
            cy + 7
        ),
        Kind::LamePath => write!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="4" fill="#9e9e9e"/>"##
        ),
        Kind::Borrow => write!(
            out,
            r##"<text x="{cx}" y="{}" font-size="16" text-anchor="middle" fill="#5d4037" font-family="sans-serif" font-weight="bold">x</text>"##,
            cy + 5
        ),
        // A small orange cross: captured on the way, not a stop.
        Kind::FirstLeg => write!(
            out,
            r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#ef6c00" stroke-width="3" stroke-linecap="round"/><text x="{}" y="{}" font-size="10" fill="#ef6c00" font-family="sans-serif" font-weight="bold">1</text>"##,
            cx - 6,
            cy - 6,
            cx + 6,
            cy + 6,
            cx - 6,
            cy + 6,
            cx + 6,
            cy - 6,
            cx + 6,
            cy + 12
        ),
        // A ring with a 2: where the second leg ends.
        Kind::SecondLeg => write!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="9" fill="#ad1457"/><text x="{cx}" y="{}" font-size="12" text-anchor="middle" fill="#ffffff" font-family="sans-serif" font-weight="bold">2</text>"##,
            cy + 4
        ),
        Kind::Induced => write!(
            out,
            r##"<path d="M{} {} L{} {cy} L{} {} Z" fill="#5d4037"/>"##,
            cx - 8,
            cy - 8,
            cx + 9,
            cx - 8,
            cy + 8
        ),
        // A capture cross in a ring: the victim is one's own piece.
        Kind::Destroy => write!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="10" fill="none" stroke="#ad1457" stroke-width="2"/><path d="M{} {} L{} {} M{} {} L{} {}" stroke="#ad1457" stroke-width="3" stroke-linecap="round"/>"##,
            cx - 5,
            cy - 5,
            cx + 5,
            cy + 5,
            cx - 5,
            cy + 5,
            cx + 5,
            cy - 5
        ),
    };
}

/// What a legend line shows before its words.
enum Swatch {
    Mark(Kind),
    Promotes,
    Fill(&'static str),
}

const DEAD_FILL: &str = "#bdbdbd";
/// The colour of a square no zone, piece or mark tints: drawn once under the whole board, with the grid.
const PLAIN_FILL: &str = "#f3e5c8";

/// The fill of a square: the diagram's piece, a dead square, its zones (piece diagrams), or a zone's copies.
fn fill(cell: &super::Cell) -> &'static str {
    if cell.hole {
        return "#5d4e3c";
    }
    if cell.wall {
        return "#616161";
    }
    if cell.origin {
        return "#ffe082";
    }
    if cell.dead {
        return DEAD_FILL;
    }
    match (cell.region, cell.shade) {
        ([true, true], _) => "#c5e1a5",
        ([true, false], _) => "#bbdefb",
        ([false, true], _) => "#fff59d",
        (_, [true, true]) => "#d7c4f0",
        (_, [true, false]) => "#bbdefb",
        (_, [false, true]) => "#ffcdd2",
        _ => PLAIN_FILL,
    }
}

fn keys(view: &View, legend: bool) -> Vec<(Swatch, String)> {
    if !legend {
        return Vec::new();
    }
    let mut keys: Vec<(Swatch, String)> = view
        .kinds()
        .into_iter()
        .map(|k| (Swatch::Mark(k), view.label(k).to_string()))
        .collect();
    for k in view.also_kinds(2) {
        let words = format!("(small, in a corner) also {}", view.label(k));
        keys.push((Swatch::Mark(k), words));
    }
    if view.any_promotion() {
        keys.push((Swatch::Promotes, "the move promotes".into()));
    }
    if view.origin_marked() {
        keys.push((
            Swatch::Fill("#ffe082"),
            "its own square (marked: it may also end its move there)".into(),
        ));
    }
    if view.any_dead() {
        keys.push((
            Swatch::Fill(DEAD_FILL),
            "dead square: it could never move again from there".into(),
        ));
    }
    for (region, colour) in [(0, "#bbdefb"), (1, "#fff59d")] {
        if let Some(words) = &view.regions[region] {
            keys.push((Swatch::Fill(colour), words.clone()));
        }
    }
    keys
}

/// The text on a 32-pixel piece tile centred at (`cx`, `cy`): the piece's glyph when its file gives one, else its
/// letters (`text`). A glyph of two or more CJK characters is written in two rows, the way they stand on a shogi
/// piece (Taikyoku's `奔鹿`); three letters and more are squeezed to the tile's width rather than run over its
/// edges (Taikyoku's `WHT`).
pub fn tile_text(text: &str, glyph: Option<&str>, (cx, cy): (i32, i32), fill: &str) -> String {
    let label = glyph.unwrap_or(text);
    let chars: Vec<char> = label.chars().collect();
    let cjk = glyph.is_some() && chars.iter().all(|&c| c as u32 > 0x2e80);
    let line = |y: i32, size: i32, t: &str, squeeze: bool| {
        format!(
            r##"<text x="{cx}" y="{y}" font-size="{size}" text-anchor="middle" font-weight="bold" fill="{fill}"{}>{}</text>"##,
            if squeeze {
                r#" textLength="26" lengthAdjust="spacingAndGlyphs""#
            } else {
                ""
            },
            escape(t)
        )
    };
    if cjk && chars.len() >= 2 {
        let per_row = chars.len().div_ceil(2);
        let size = (27 / per_row as i32).min(14);
        let (top, bottom) = chars.split_at(per_row);
        let top: String = top.iter().collect();
        let bottom: String = bottom.iter().collect();
        return line(cy - 1, size, &top, false) + &line(cy + size - 1, size, &bottom, false);
    }
    match chars.len() {
        0 | 1 => line(cy + 6, if cjk { 20 } else { 18 }, label, false),
        2 => line(cy + 6, 15, label, false),
        _ => line(cy + 5, 14, label, true),
    }
}

/// One square of a board image at (`px`, `py`): its piece and its marks (its colour is [`fills`]').
fn square(out: &mut String, cell: &super::Cell, px: i32, py: i32) {
    let (cx, cy) = (px + SQ / 2, py + SQ / 2);
    if let Some((text, side)) = &cell.piece {
        let (bg, fg) = match side {
            Side::White => ("#ffffff", "#000000"),
            Side::Black => ("#37474f", "#ffffff"),
        };
        let _ = write!(
            out,
            r##"<rect x="{}" y="{}" width="32" height="32" rx="6" fill="{bg}" stroke="#000000" stroke-width="1.5"/>"##,
            cx - 16,
            cy - 16,
        );
        out.push_str(&tile_text(text, cell.glyph.as_deref(), (cx, cy), fg));
        if let (Some(kind), false) = (cell.mark, cell.origin) {
            // A piece that can be taken: a red frame, and the mark small in the top-left corner.
            let _ = write!(
                out,
                r##"<rect x="{}" y="{}" width="36" height="36" rx="7" fill="none" stroke="#c62828" stroke-width="2.5"/><circle cx="{}" cy="{}" r="7" fill="#ffffff"/><g transform="translate({} {}) scale(0.6)">"##,
                cx - 18,
                cy - 18,
                px + 8,
                py + 8,
                px + 8,
                py + 8
            );
            mark(out, kind, 0, 0);
            out.push_str("</g>");
        }
    } else if let Some(kind) = cell.mark {
        mark(out, kind, cx, cy);
    }
    if cell.piece.is_none() || cell.origin {
        // Other ways of getting here: small marks in the lower corners.
        for (i, &k) in cell.also.iter().take(2).enumerate() {
            let x = if i == 0 { px + 9 } else { px + SQ - 9 };
            let _ = write!(
                out,
                r##"<g transform="translate({x} {}) scale(0.5)">"##,
                py + SQ - 9
            );
            mark(out, k, 0, 0);
            out.push_str("</g>");
        }
    }
    if let (true, Some(kind)) = (cell.origin, cell.mark) {
        // Its own square is a destination: the mark small in the top-left corner.
        let _ = write!(
            out,
            r##"<g transform="translate({} {}) scale(0.5)">"##,
            px + 9,
            py + 9
        );
        mark(out, kind, 0, 0);
        out.push_str("</g>");
    }
    if cell.promotes {
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="14" font-weight="bold" fill="#b8860b">+</text>"##,
            px + SQ - 12,
            py + 13
        );
    }
}

/// Width and height in pixels of [`board`]'s image.
pub fn size(view: &View, legend: bool) -> (i32, i32) {
    let g = view.geometry;
    let board_w = g.files as i32 * SQ + 2 * MARGIN;
    let board_h = g.ranks as i32 * SQ + 2 * MARGIN;
    let keys = keys(view, legend);
    let n = keys.len() as i32;
    // Wide enough for the longest legend line: 13px sans-serif averages under 7.5px a character.
    let text_w = keys
        .iter()
        .map(|(_, label)| MARGIN + 28 + (label.chars().count() as i32 * 15 + 1) / 2 + 8)
        .max()
        .unwrap_or(0);
    let width = if legend {
        board_w.max(300).max(text_w)
    } else {
        board_w
    };
    (width, board_h + n * 24 + if n == 0 { 0 } else { 8 })
}

/// Several boards side by side in one image, each with a title above it.
pub fn boards(items: &[(View, String)], legend: bool) -> String {
    let title_h = 24;
    let gap = 24;
    let sizes: Vec<(i32, i32)> = items.iter().map(|(v, _)| size(v, legend)).collect();
    let width: i32 = sizes.iter().map(|s| s.0).sum::<i32>() + gap * (items.len() as i32 - 1).max(0);
    let height = sizes.iter().map(|s| s.1).max().unwrap_or(0) + title_h;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif"><rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let mut x = 0;
    for ((view, title), (w, _)) in items.iter().zip(&sizes) {
        let _ = write!(
            out,
            r##"<text x="{}" y="17" font-size="14" font-weight="bold" fill="#222">{}</text><g transform="translate({x},{title_h})">{}</g>"##,
            x + MARGIN,
            escape(title),
            board(view, legend).trim_end()
        );
        x += w + gap;
    }
    out += "</svg>\n";
    out
}

/// The squares' colours: the board in its plain colour, then each run of squares of one other colour along a row
/// as one rectangle. Drawn square by square, a 36x36 piece diagram was 1,296 rectangles and Taikyoku's rule book
/// 57 MB.
fn fills(out: &mut String, view: &View, rows: &[Vec<Square>]) {
    let g = view.geometry;
    let _ = write!(
        out,
        r##"<rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" fill="{PLAIN_FILL}"/>"##,
        g.files as i32 * SQ,
        g.ranks as i32 * SQ
    );
    for (y, row) in rows.iter().enumerate() {
        let mut x = 0;
        while x < row.len() {
            let colour = fill(&view.cells[row[x].index()]);
            let run = row[x..]
                .iter()
                .take_while(|sq| fill(&view.cells[sq.index()]) == colour)
                .count();
            if colour != PLAIN_FILL {
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{SQ}" fill="{colour}"/>"##,
                    MARGIN + x as i32 * SQ,
                    MARGIN + y as i32 * SQ,
                    run as i32 * SQ
                );
            }
            x += run;
        }
    }
}

/// The lines between the squares of a board `files` by `ranks`, as one path.
fn grid(out: &mut String, files: i32, ranks: i32) {
    let (w, h) = (files * SQ, ranks * SQ);
    out.push_str(r##"<path d=""##);
    for i in 0..=files {
        let _ = write!(out, "M{} {MARGIN}v{h}", MARGIN + i * SQ);
    }
    for j in 0..=ranks {
        let _ = write!(out, "M{MARGIN} {}h{w}", MARGIN + j * SQ);
    }
    out.push_str(r##"" stroke="#6d5b45" stroke-width="1" fill="none"/>"##);
}

/// The board as a standalone SVG document; `legend` adds a key to the marks below it.
pub fn board(view: &View, legend: bool) -> String {
    let g = view.geometry;
    let rows = view.rows();
    let board_w = g.files as i32 * SQ + 2 * MARGIN;
    let board_h = g.ranks as i32 * SQ + 2 * MARGIN;
    let keys = keys(view, legend);
    let (width, height) = size(view, legend);
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"##
    );
    let _ = write!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    fills(&mut out, view, &rows);
    grid(&mut out, g.files as i32, g.ranks as i32);
    for (y, row) in rows.iter().enumerate() {
        for (x, &sq) in row.iter().enumerate() {
            let (px, py) = (MARGIN + x as i32 * SQ, MARGIN + y as i32 * SQ);
            square(&mut out, &view.cells[sq.index()], px, py);
        }
    }
    // Coordinates, in one group that carries their style.
    out.push_str(r##"<g font-size="12" text-anchor="middle" fill="#444">"##);
    for (x, &sq) in rows[0].iter().enumerate() {
        let cx = MARGIN + x as i32 * SQ + SQ / 2;
        let name = escape(&file_of(g, sq));
        let _ = write!(
            out,
            r##"<text x="{cx}" y="{}">{name}</text><text x="{cx}" y="{}">{name}</text>"##,
            MARGIN - 8,
            board_h - MARGIN + 16
        );
    }
    for (y, row) in rows.iter().enumerate() {
        let cy = MARGIN + y as i32 * SQ + SQ / 2 + 4;
        let rank = g.rank(row[0]) + 1;
        let _ = write!(
            out,
            r##"<text x="{}" y="{cy}">{rank}</text><text x="{}" y="{cy}">{rank}</text>"##,
            MARGIN / 2,
            board_w - MARGIN / 2
        );
    }
    out.push_str("</g>");
    for (i, (kind, label)) in keys.iter().enumerate() {
        let cy = board_h + 8 + i as i32 * 24;
        match kind {
            Swatch::Mark(k) => mark(&mut out, *k, MARGIN + 10, cy),
            Swatch::Promotes => {
                let _ = write!(
                    out,
                    r##"<text x="{}" y="{}" font-size="16" font-weight="bold" fill="#b8860b">+</text>"##,
                    MARGIN + 5,
                    cy + 6
                );
            }
            Swatch::Fill(colour) => {
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="{}" width="18" height="18" fill="{colour}" stroke="#6d5b45" stroke-width="1"/>"##,
                    MARGIN + 1,
                    cy - 9
                );
            }
        }
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="13" fill="#222">{}</text>"##,
            MARGIN + 28,
            cy + 5,
            escape(label)
        );
    }
    out += "</svg>\n";
    out
}

//! A [`Doc`] as one self-contained HTML page; boards are inline SVG.
use super::doc::{Block, Doc};
use super::svg::{self, escape};
use super::View;
use crate::rules::Side;

const STYLE: &str = "body{font-family:Georgia,serif;max-width:68rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#222}\
h1,h2,h3,h4{font-family:sans-serif}h2{border-bottom:1px solid #ccc;margin-top:2.5rem}\
code{background:#f2f2f2;padding:0 .2em;border-radius:3px}pre{background:#f6f6f6;padding:.6em;overflow-x:auto}\
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}\
figure{display:inline-block;margin:.5rem 1.5rem .5rem 0;vertical-align:top}figcaption{font-style:italic;font-size:.9em;max-width:24rem}\
nav.toc{background:#f8f8f8;border:1px solid #ddd;padding:.4rem 1.2rem;margin:1rem 0}nav.toc ul{margin:.2rem 0}nav.toc>ul>li{margin:.2rem 0}\
nav.toc ul ul{columns:16rem;font-size:.92em}.swatch{display:inline-block;width:.9em;height:.9em;border:1px solid #6d5b45;vertical-align:-.1em;margin:0 .2em}";

/// The zone colours of [`svg::board`]: White's copy, Black's copy, squares in both.
const ZONE_COLOURS: [(&str, &str); 3] = [
    ("#bbdefb", "blue: White's copy"),
    ("#ffcdd2", "red: Black's copy"),
    ("#d7c4f0", "purple: in both copies"),
];

/// Inline text: escape it, then turn `code`, **bold**, *italic* and links to anchors (`[text](#id)`) into
/// elements.
pub fn inline(text: &str) -> String {
    let escaped = links(&escape(text));
    let mut out = String::new();
    let mut code = false;
    let mut bold = false;
    let mut italic = false;
    let mut rest = escaped.as_str();
    while let Some(i) = rest.find(['`', '*']) {
        if let Some(tag) = rest[..i].rfind('<').filter(|&t| !rest[t..i].contains('>')) {
            // Inside a tag written by `links`: copy it as it is.
            let close = rest[tag..].find('>').map_or(rest.len(), |c| tag + c + 1);
            out += &rest[..close];
            rest = &rest[close..];
            continue;
        }
        out += &rest[..i];
        if rest[i..].starts_with('`') {
            out += if code { "</code>" } else { "<code>" };
            code = !code;
            rest = &rest[i + 1..];
        } else if !code && rest[i..].starts_with("**") {
            out += if bold { "</strong>" } else { "<strong>" };
            bold = !bold;
            rest = &rest[i + 2..];
        } else if !code {
            out += if italic { "</em>" } else { "<em>" };
            italic = !italic;
            rest = &rest[i + 1..];
        } else {
            out.push('*');
            rest = &rest[i + 1..];
        }
    }
    out += rest;
    out.replace('\n', "<br>")
}

/// `[text](#id)` as a link; only links to anchors of the page are written.
fn links(escaped: &str) -> String {
    let mut out = String::new();
    let mut rest = escaped;
    while let Some(open) = rest.find('[') {
        let Some((text, after)) = rest[open + 1..].split_once("](#") else {
            break;
        };
        let Some((id, tail)) = after.split_once(')') else {
            break;
        };
        out += &rest[..open];
        out += &format!("<a href=\"#{id}\">{text}</a>");
        rest = tail;
    }
    out + rest
}

/// The table of contents: the sections, with the subsections (each piece) nested under theirs.
fn toc(doc: &Doc) -> String {
    let mut out = String::from("<nav class=\"toc\"><strong>Contents</strong>\n<ul>\n");
    let mut nested = false;
    for (level, text, anchor) in doc.toc() {
        let item = format!("<li><a href=\"#{anchor}\">{}</a>", inline(text));
        match (level, nested) {
            (2, true) => {
                out += "</ul></li>\n";
                nested = false;
                out += &item;
            }
            (2, false) => out += &item,
            (_, false) => {
                out += "\n<ul>\n";
                nested = true;
                out += &(item + "</li>\n");
                continue;
            }
            (_, true) => {
                out += &(item + "</li>\n");
                continue;
            }
        }
    }
    if nested {
        out += "</ul></li>\n";
    }
    out + "</ul>\n</nav>\n"
}

fn zone_caption(view: &View, name: &str) -> String {
    let overlap = view.cells.iter().any(|c| c.shade == [true, true]);
    let shown = if overlap { 3 } else { 2 };
    let keys: Vec<String> = ZONE_COLOURS[..shown]
        .iter()
        .map(|(colour, words)| {
            format!("<span class=\"swatch\" style=\"background:{colour}\"></span>{words}")
        })
        .collect();
    format!("<strong>{}</strong>: {}", escape(name), keys.join(", "))
}

pub fn render(doc: &Doc) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&doc.title),
        escape(&doc.title)
    );
    out += &toc(doc);
    let mut anchors = doc.anchors().into_iter();
    let mut in_figures = false;
    for block in &doc.blocks {
        let is_board = matches!(
            block,
            Block::Board { .. } | Block::ZoneMap { .. } | Block::Position { .. }
        );
        // Consecutive boards sit side by side in one row.
        if in_figures != is_board {
            out += if is_board {
                "<div class=\"boards\">\n"
            } else {
                "</div>\n"
            };
            in_figures = is_board;
        }
        match block {
            Block::Heading(level, text) => {
                out += &format!(
                    "<h{level} id=\"{}\">{}</h{level}>\n",
                    anchors.next().unwrap_or_default(),
                    inline(text)
                );
            }
            Block::Paragraph(text) => out += &format!("<p>{}</p>\n", inline(text)),
            Block::List(items) => {
                out += "<ul>\n";
                for item in items {
                    out += &format!("<li>{}</li>\n", inline(item));
                }
                out += "</ul>\n";
            }
            Block::Table { header, rows } => {
                out += "<table>\n<tr>";
                for h in header {
                    out += &format!("<th>{}</th>", inline(h));
                }
                out += "</tr>\n";
                for row in rows {
                    out += "<tr>";
                    for c in row {
                        out += &format!("<td>{}</td>", inline(c));
                    }
                    out += "</tr>\n";
                }
                out += "</table>\n";
            }
            Block::Board {
                view,
                caption,
                legend,
            } => {
                out += &figure(&svg::board(view, *legend), &inline(caption));
            }
            Block::Position { view, shogi_style } => {
                out += &figure(
                    &position_svg(view, *shogi_style),
                    &position_caption(view, *shogi_style),
                );
            }
            Block::ZoneMap { view, name } => {
                out += &figure(&svg::board(view, false), &zone_caption(view, name));
            }
            Block::Code(text) => out += &format!("<pre>{}</pre>\n", escape(text)),
        }
    }
    if in_figures {
        out += "</div>\n";
    }
    out += "</body>\n</html>\n";
    out
}

fn figure(svg: &str, caption: &str) -> String {
    format!("<figure>{svg}<figcaption>{caption}</figcaption></figure>\n")
}

/// What a start diagram shows, as [`position_svg`] draws it.
fn position_caption(view: &View, shogi_style: bool) -> String {
    let (below, above) = if view.flip {
        ("Black", "White")
    } else {
        ("White", "Black")
    };
    let pieces = match (shogi_style, view.flip) {
        (true, _) => format!(
            "{below}'s pieces below, pointing up the board; {above}'s point down, as on a shogi board"
        ),
        (false, false) => "White's pieces (light) below, Black's (dark) above".to_string(),
        (false, true) => "Black's pieces (dark) below, White's (light) above".to_string(),
    };
    format!("The start position seen from {below}'s side: {pieces}.")
}

/// A position for the rules page. In a shogi-style game each piece is a five-sided tile pointing toward its
/// owner's forward, so Black's stand upside down as on a real board; otherwise White's are light discs and
/// Black's dark ones. A promoted piece's letter is red.
fn position_svg(view: &View, shogi_style: bool) -> String {
    const SQ: i32 = 40;
    const MARGIN: i32 = 24;
    let g = view.geometry;
    let rows = view.rows();
    let (w, h) = (
        2 * MARGIN + SQ * g.files as i32,
        2 * MARGIN + SQ * g.ranks as i32,
    );
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif"><rect width="{w}" height="{h}" fill="#ffffff"/>"##
    );
    for (y, row) in rows.iter().enumerate() {
        let py = MARGIN + y as i32 * SQ;
        let rank = g.rank(row[0]) + 1;
        out += &format!(
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#444">{rank}</text>"##,
            MARGIN / 2,
            py + SQ / 2 + 4
        );
        for (x, &sq) in row.iter().enumerate() {
            let px = MARGIN + x as i32 * SQ;
            out += &format!(
                r##"<rect x="{px}" y="{py}" width="{SQ}" height="{SQ}" fill="#f3e5c8" stroke="#6d5b45" stroke-width="1"/>"##
            );
            let cell = &view.cells[sq.index()];
            if let Some((text, side)) = &cell.piece {
                out += &piece_svg(
                    (text, cell.glyph.as_deref()),
                    *side,
                    view.flip,
                    shogi_style,
                    (px + SQ / 2, py + SQ / 2),
                );
            }
        }
    }
    for (x, &sq) in rows[0].iter().enumerate() {
        out += &format!(
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#444">{}</text>"##,
            MARGIN + x as i32 * SQ + SQ / 2,
            h - MARGIN / 2 + 4,
            super::file_of(g, sq)
        );
    }
    out + "</svg>"
}

fn piece_svg(
    (text, glyph): (&str, Option<&str>),
    side: Side,
    flip: bool,
    shogi_style: bool,
    (cx, cy): (i32, i32),
) -> String {
    let promoted = text.starts_with('+');
    let letter_colour = if promoted { "#c62828" } else { "#000000" };
    if !shogi_style {
        let (bg, fg) = match side {
            Side::White => ("#ffffff", letter_colour),
            Side::Black => ("#37474f", if promoted { "#ff8a80" } else { "#ffffff" }),
        };
        return format!(
            r##"<circle cx="{cx}" cy="{cy}" r="16" fill="{bg}" stroke="#000000" stroke-width="1.5"/>{}"##,
            svg::tile_text(text, glyph, (cx, cy), fg)
        );
    }
    // The tile points up the drawing for the side seen from below, down for the other.
    let upside_down = (side == Side::Black) != flip;
    let turn = if upside_down {
        format!(r#" transform="rotate(180 {cx} {cy})""#)
    } else {
        String::new()
    };
    let letters =
        text.trim_start_matches('+').to_ascii_uppercase() + if promoted { "+" } else { "" };
    format!(
        r##"<g{turn}><path d="M{cx} {} L{} {} L{} {} L{} {} L{} {} Z" fill="#f5deb3" stroke="#5d4037" stroke-width="1.5"/>{}</g>"##,
        cy - 17,
        cx + 12,
        cy - 11,
        cx + 15,
        cy + 16,
        cx - 15,
        cy + 16,
        cx - 12,
        cy - 11,
        svg::tile_text(&letters, glyph, (cx, cy + 3), letter_colour)
    )
}

//! A [`Doc`] as one self-contained HTML page; boards are inline SVG.
use super::doc::{Block, Doc};
use super::svg::{self, escape};

const STYLE: &str = "body{font-family:Georgia,serif;max-width:68rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#222}\
h1,h2,h3,h4{font-family:sans-serif}h2{border-bottom:1px solid #ccc;margin-top:2.5rem}\
code{background:#f2f2f2;padding:0 .2em;border-radius:3px}pre{background:#f6f6f6;padding:.6em;overflow-x:auto}\
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}\
figure{display:inline-block;margin:.5rem 1.5rem .5rem 0;vertical-align:top}figcaption{font-style:italic;font-size:.9em;max-width:24rem}";

/// Inline text: escape it, then turn `code` and **bold** into elements.
pub fn inline(text: &str) -> String {
    let escaped = escape(text);
    let mut out = String::new();
    let mut code = false;
    let mut bold = false;
    let mut italic = false;
    let mut rest = escaped.as_str();
    while let Some(i) = rest.find(['`', '*']) {
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

pub fn render(doc: &Doc) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&doc.title),
        escape(&doc.title)
    );
    let mut in_figures = false;
    for block in &doc.blocks {
        let is_board = matches!(block, Block::Board { .. });
        if in_figures && !is_board {
            out += "</div>\n";
            in_figures = false;
        }
        match block {
            Block::Heading(level, text) => {
                out += &format!(
                    "<h{level} id=\"{}\">{}</h{level}>\n",
                    anchor(text),
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
                if !in_figures {
                    out += "<div class=\"boards\">\n";
                    in_figures = true;
                }
                out += &format!(
                    "<figure>{}<figcaption>{}</figcaption></figure>\n",
                    svg::board(view, *legend),
                    inline(caption)
                );
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

/// A heading's id: its words in lower case joined by `-` (`Silver — \`S\`` → `silver-s`).
fn anchor(text: &str) -> String {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

//! A [`Doc`] as Markdown (GitHub flavour); boards are Unicode text in fenced blocks.
use super::doc::{Block, Doc};
use super::text::{self, Style};

pub fn render(doc: &Doc) -> String {
    let mut out = format!("# {}\n\n", doc.title);
    out += "**Contents**\n\n";
    for (level, text, anchor) in doc.toc() {
        let indent = "  ".repeat(usize::from(level.saturating_sub(2)));
        out += &format!("{indent}- [{text}](#{anchor})\n");
    }
    out += "\n";
    let mut anchors = doc.anchors().into_iter();
    for block in &doc.blocks {
        match block {
            Block::Heading(level, text) => {
                // An explicit anchor: the links of the contents and of the piece table do not depend on how a
                // Markdown viewer makes ids.
                let anchor = anchors.next().unwrap_or_default();
                out += &format!(
                    "<a id=\"{anchor}\"></a>\n\n{} {text}\n\n",
                    "#".repeat(*level as usize)
                );
            }
            Block::Paragraph(text) => out += &format!("{text}\n\n"),
            Block::List(items) => {
                for item in items {
                    out += &format!("- {}\n", item.replace('\n', "\n  "));
                }
                out += "\n";
            }
            Block::Table { header, rows } => {
                out += &format!("| {} |\n", header.join(" | "));
                out += &format!("|{}\n", "---|".repeat(header.len()));
                for row in rows {
                    out += &format!("| {} |\n", row.join(" | ").replace('\n', " "));
                }
                out += "\n";
            }
            Block::Board {
                view,
                caption,
                legend,
            } => {
                out += &format!(
                    "*{caption}*\n\n```text\n{}",
                    text::board(view, Style::Unicode)
                );
                if *legend {
                    out += &text::legend(view);
                }
                out += "```\n\n";
            }
            Block::Position { view, .. } => {
                let caption = if view.flip {
                    "Black's side: Black's pieces (lower case) below, White's (upper case) above"
                } else {
                    "White's side: White's pieces (upper case) below, Black's (lower case) above"
                };
                out += &format!(
                    "*The start position seen from {caption}.*\n\n```text\n{}```\n\n",
                    text::board(view, Style::Unicode)
                );
            }
            Block::ZoneMap { view, name } => {
                let both = if view.cells.iter().any(|c| c.shade == [true, true]) {
                    ", `◆` in both copies"
                } else {
                    ""
                };
                out += &format!(
                    "*{name}: `W` White's copy, `B` Black's copy{both}.*\n\n```text\n{}```\n\n",
                    text::board(view, Style::Unicode)
                );
            }
            Block::Code(text) => out += &format!("```text\n{text}\n```\n\n"),
        }
    }
    out
}

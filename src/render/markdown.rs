//! A [`Doc`] as Markdown (GitHub flavour); boards are Unicode text in fenced blocks.
use super::doc::{Block, Doc};
use super::text::{self, Style};

pub fn render(doc: &Doc) -> String {
    let mut out = format!("# {}\n\n", doc.title);
    for block in &doc.blocks {
        match block {
            Block::Heading(level, text) => {
                out += &format!("{} {text}\n\n", "#".repeat(*level as usize));
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
            Block::Code(text) => out += &format!("```text\n{text}\n```\n\n"),
        }
    }
    out
}

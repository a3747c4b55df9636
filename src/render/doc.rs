//! A small document model, so that `tatsu describe` builds its text once and writes it as Markdown or HTML.
//!
//! Inline text may hold `code` spans (backquotes) and **bold** (double asterisks); nothing else is special.
use super::View;

#[derive(Clone, Debug)]
pub enum Block {
    /// A heading of level 1 to 4.
    Heading(u8, String),
    Paragraph(String),
    List(Vec<String>),
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    /// A drawn board with a caption; `legend` adds the key to its marks.
    Board {
        view: View,
        caption: String,
        legend: bool,
    },
    /// Preformatted text (a FEN, a listing).
    Code(String),
}

#[derive(Clone, Debug, Default)]
pub struct Doc {
    pub title: String,
    pub blocks: Vec<Block>,
}

impl Doc {
    pub fn heading(&mut self, level: u8, text: impl Into<String>) {
        self.blocks.push(Block::Heading(level, text.into()));
    }
    pub fn para(&mut self, text: impl Into<String>) {
        self.blocks.push(Block::Paragraph(text.into()));
    }
    pub fn list(&mut self, items: Vec<String>) {
        if !items.is_empty() {
            self.blocks.push(Block::List(items));
        }
    }
    pub fn board(&mut self, view: View, caption: impl Into<String>, legend: bool) {
        self.blocks.push(Block::Board {
            view,
            caption: caption.into(),
            legend,
        });
    }
}

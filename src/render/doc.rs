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
    /// A start position seen from one side (`view.flip`: Black's). `shogi_style` draws the pieces as tiles
    /// pointing toward their owner's forward, for games whose Black is White turned 180°. Each format writes the
    /// caption for what it draws.
    Position {
        view: View,
        shogi_style: bool,
    },
    /// The squares of a zone, each player's copy told apart; each format says in the caption how it draws them.
    ZoneMap {
        view: View,
        name: String,
    },
}

/// The table of contents lists headings up to this level.
const TOC_DEPTH: u8 = 3;

/// A heading's words in lower case joined by `-`, a `+` read as `plus` (`Dragon — \`+D\`` is
/// `dragon-plus-d`), so that a piece and its promoted form get different anchors.
pub fn slug(text: &str) -> String {
    text.replace('+', " plus ")
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

#[derive(Clone, Debug, Default)]
pub struct Doc {
    pub title: String,
    pub blocks: Vec<Block>,
}

impl Doc {
    /// The id of each heading, in order: its [`slug`], with `-2`, `-3` … added where two headings would share
    /// one.
    pub fn anchors(&self) -> Vec<String> {
        let mut seen = std::collections::HashMap::new();
        self.blocks
            .iter()
            .filter_map(|b| match b {
                Block::Heading(_, text) => Some(text),
                _ => None,
            })
            .map(|text| {
                let base = slug(text);
                let n = seen.entry(base.clone()).or_insert(0);
                *n += 1;
                if *n == 1 {
                    base
                } else {
                    format!("{base}-{n}")
                }
            })
            .collect()
    }

    /// The headings a table of contents lists: level, text and anchor.
    pub fn toc(&self) -> Vec<(u8, &str, String)> {
        let headings = self.blocks.iter().filter_map(|b| match b {
            Block::Heading(level, text) => Some((*level, text.as_str())),
            _ => None,
        });
        headings
            .zip(self.anchors())
            .filter(|((level, _), _)| *level <= TOC_DEPTH)
            .map(|((level, text), anchor)| (level, text, anchor))
            .collect()
    }

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

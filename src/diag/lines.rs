//! Where a byte offset is: line and column, found by binary search in an index of line starts built once per file,
//! so that reporting many diagnostics costs one pass over the file and not one pass per diagnostic.
use std::ops::Range;

/// The starts of the lines of one source text. A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files), so a
/// file saved with CR-only endings has as many lines as it shows in an editor. A UTF-8 byte-order mark is not
/// part of the first line's text.
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

const BOM: &str = "\u{feff}";

impl LineIndex {
    pub fn new(source: &str) -> LineIndex {
        let bytes = source.as_bytes();
        let mut starts = vec![if source.starts_with(BOM) {
            BOM.len()
        } else {
            0
        }];
        for (i, &b) in bytes.iter().enumerate() {
            let ends_line = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends_line {
                starts.push(i + 1);
            }
        }
        LineIndex {
            starts,
            len: source.len(),
        }
    }

    /// The line (from 0) holding a byte offset; offsets past the end belong to the last line.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).max(1) - 1
    }

    /// The text of a line (from 0), without its line break.
    pub fn line_range(&self, source: &str, line: usize) -> Range<usize> {
        let start = self.starts[line];
        let mut end = self.starts.get(line + 1).copied().unwrap_or(self.len);
        let bytes = source.as_bytes();
        if end > start && line + 1 < self.starts.len() {
            end -= 1; // the `\n` or lone `\r`
            if bytes[end] == b'\n' && end > start && bytes[end - 1] == b'\r' {
                end -= 1;
            }
        }
        start..end
    }

    /// Line (from 1), column (from 1, in characters) and the line's byte range, for a byte offset. An offset
    /// inside a multi-byte character or a line break is moved to the character's or the break's start.
    pub fn locate(&self, source: &str, offset: usize) -> (usize, usize, Range<usize>) {
        let line = self.line(offset.min(self.len));
        let range = self.line_range(source, line);
        let at = floor_char_boundary(source, offset.clamp(range.start, range.end));
        let column = source[range.start..at].chars().count() + 1;
        (line + 1, column, range)
    }
}

pub(super) fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_line_break_starts_a_line() {
        let src = "a\nb\r\nc\rd";
        let index = LineIndex::new(src);
        let lines: Vec<&str> = (0..4).map(|l| &src[index.line_range(src, l)]).collect();
        assert_eq!(lines, ["a", "b", "c", "d"]);
        assert_eq!(index.locate(src, src.find('d').unwrap()).0, 4);
    }

    #[test]
    fn a_byte_order_mark_takes_no_column() {
        let src = "\u{feff}title";
        let index = LineIndex::new(src);
        assert_eq!(index.locate(src, 3), (1, 1, 3..src.len()));
        assert_eq!(index.locate(src, 0).1, 1);
    }

    #[test]
    fn columns_count_characters() {
        let src = "é漢x";
        assert_eq!(LineIndex::new(src).locate(src, src.find('x').unwrap()).1, 3);
    }
}

//! Reading a file line by line with a bound on each line: an endless input (a device, a pipe, a file without line
//! breaks) stops at the bound instead of filling memory. Used by the readers of files written one record per line
//! (`balance` games, `perft` work units).
use std::io::{BufRead, Read};

/// How a line read by [`LineReader::next_into`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// At a line break (removed, with a `\r` before it).
    Break,
    /// At the end of the input, without a line break: the last line, perhaps a write cut short.
    EndOfInput,
    /// Past the bound without a line break: the line is not read further.
    TooLong,
}

/// The lines of a reader, each at most `max` bytes (its line break not counted), numbered from 1.
pub struct LineReader<R> {
    reader: R,
    max: usize,
    number: usize,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(reader: R, max: usize) -> LineReader<R> {
        LineReader {
            reader,
            max,
            number: 0,
        }
    }

    /// The number of the line last read, from 1.
    pub fn number(&self) -> usize {
        self.number
    }

    /// Reads the next line into `line` (cleared first, without its line break); `None` at the end of the input.
    pub fn next_into(&mut self, line: &mut Vec<u8>) -> std::io::Result<Option<LineEnd>> {
        line.clear();
        // One byte past the bound tells a line of exactly `max` bytes and its break from a longer one.
        let limit = self.max as u64 + 1;
        if (&mut self.reader).take(limit).read_until(b'\n', line)? == 0 {
            return Ok(None);
        }
        self.number += 1;
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(LineEnd::Break));
        }
        Ok(Some(if line.len() > self.max {
            LineEnd::TooLong
        } else {
            LineEnd::EndOfInput
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &[u8], max: usize) -> Vec<(String, LineEnd)> {
        let mut reader = LineReader::new(text, max);
        let mut line = Vec::new();
        let mut out = Vec::new();
        while let Some(end) = reader.next_into(&mut line).unwrap() {
            out.push((String::from_utf8_lossy(&line).into_owned(), end));
            if end == LineEnd::TooLong {
                break;
            }
        }
        out
    }

    #[test]
    fn lines_end_at_breaks_crlf_included_and_the_last_one_may_have_none() {
        assert_eq!(
            all(b"ab\r\ncd\nef", 10),
            [
                ("ab".to_string(), LineEnd::Break),
                ("cd".to_string(), LineEnd::Break),
                ("ef".to_string(), LineEnd::EndOfInput)
            ]
        );
    }

    #[test]
    fn a_line_of_the_bound_is_read_and_one_byte_more_is_too_long() {
        assert_eq!(all(b"abcd\n", 4), [("abcd".to_string(), LineEnd::Break)]);
        assert_eq!(all(b"abcd", 4), [("abcd".to_string(), LineEnd::EndOfInput)]);
        assert_eq!(all(b"abcde\n", 4)[0].1, LineEnd::TooLong);
    }
}

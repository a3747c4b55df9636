//! The GUI's lines as the session reads them: each at most [`MAX_LINE_BYTES`], so that a GUI or a script that
//! never sends a line break cannot make the engine hold unbounded memory.
use std::io::BufRead;

/// The longest command line kept; XBoard's longest (`setboard` of a 36x36 position) is a few kilobytes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line (invalid UTF-8 replaced), without its line break.
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`]: its length, read to its end and dropped.
    TooLong(usize),
}

impl Input {
    /// Does this input stop a search in progress, and does it make the search's move moot? See
    /// [`super::interrupts`].
    pub fn interrupts(&self) -> Option<bool> {
        match self {
            Input::Line(line) => super::interrupts(line),
            Input::TooLong(_) => None,
        }
    }
}

/// Reads the next line, keeping at most [`MAX_LINE_BYTES`] of it; `None` at the end of the input.
pub fn read_input(reader: &mut impl BufRead) -> std::io::Result<Option<Input>> {
    let mut line = Vec::new();
    let mut length = 0usize;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            if length == 0 {
                return Ok(None);
            }
            break;
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(n) => (&buffer[..n], Some(n + 1)),
            None => (buffer, None),
        };
        let room = (MAX_LINE_BYTES + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len();
        let used = done.unwrap_or(chunk.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    if length > MAX_LINE_BYTES {
        return Ok(Some(Input::TooLong(length)));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(Input::Line(
        String::from_utf8_lossy(&line).into_owned(),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &[u8]) -> Vec<Input> {
        let mut reader = std::io::BufReader::with_capacity(7, text);
        std::iter::from_fn(|| read_input(&mut reader).unwrap()).collect()
    }

    #[test]
    fn lines_are_split_at_line_breaks_with_crlf_and_a_last_line_without_one() {
        assert_eq!(
            all(b"new\r\ngo\n\nquit"),
            [
                Input::Line("new".into()),
                Input::Line("go".into()),
                Input::Line(String::new()),
                Input::Line("quit".into())
            ]
        );
    }

    #[test]
    fn a_line_past_the_limit_is_dropped_and_the_next_one_read() {
        let mut text = vec![b'x'; MAX_LINE_BYTES + 5];
        text.extend_from_slice(b"\nping 1\n");
        assert_eq!(
            all(&text),
            [
                Input::TooLong(MAX_LINE_BYTES + 5),
                Input::Line("ping 1".into())
            ]
        );
    }

    #[test]
    fn invalid_utf8_is_replaced_not_refused() {
        assert_eq!(
            all(b"usermove \xff\n"),
            [Input::Line("usermove \u{fffd}".into())]
        );
    }
}

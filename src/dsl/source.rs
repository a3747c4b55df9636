//! Reading a variant file from disk: its size is bounded, and bytes that are not UTF-8 are reported where they are
//! (line and column) instead of refusing the file without saying where.
use crate::diag::{Diagnostic, Span};
use std::path::Path;

/// The largest variant file read, in bytes (1 MiB: the biggest bundled game is under 10 KB). A larger file is
/// refused before it is read, so that a mistaken path (a log, an image) costs nothing.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Why a file could not be read at all.
#[derive(Debug)]
pub enum ReadError {
    Io(std::io::Error),
    /// Longer than [`MAX_FILE_BYTES`]: its size when the file system knows it (a pipe or a device does not).
    TooLarge {
        bytes: Option<u64>,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::TooLarge { bytes: Some(bytes) } => write!(
                f,
                "the file is {bytes} bytes; a variant file may have at most {MAX_FILE_BYTES} (1 MiB)"
            ),
            ReadError::TooLarge { bytes: None } => write!(
                f,
                "the input goes on past {MAX_FILE_BYTES} bytes (1 MiB), the most a variant file may have"
            ),
        }
    }
}

/// The text of a variant file and the problems found in its encoding.
pub struct Source {
    pub text: String,
    /// One error per sequence of bytes that is not UTF-8, located in `text` (where it reads U+FFFD).
    pub encoding_errors: Vec<Diagnostic>,
}

/// Reads a variant file, refusing one larger than [`MAX_FILE_BYTES`].
pub fn read_file(file_name: &str, path: &Path) -> Result<Source, ReadError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    // Read one byte past the limit rather than trusting the metadata (a pipe or /dev/zero has no size).
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        let bytes = std::fs::metadata(path)
            .ok()
            .map(|m| m.len())
            .filter(|&n| n > MAX_FILE_BYTES);
        return Err(ReadError::TooLarge { bytes });
    }
    Ok(decode(file_name, bytes))
}

/// At most this many places that are not UTF-8 are reported; the last one counts the rest.
const MAX_ENCODING_ERRORS: usize = 20;

/// Decodes UTF-8, replacing each invalid sequence by U+FFFD and reporting each run of them.
pub fn decode(file_name: &str, bytes: Vec<u8>) -> Source {
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => {
            return Source {
                text,
                encoding_errors: Vec::new(),
            }
        }
        Err(e) => e.into_bytes(),
    };
    let mut text = String::with_capacity(bytes.len());
    // Runs of invalid bytes: where each starts in `text`, where it ends, its first bytes and its length.
    let mut runs: Vec<(usize, usize, Vec<u8>, usize)> = Vec::new();
    let mut more = 0;
    for chunk in bytes.utf8_chunks() {
        text += chunk.valid();
        let invalid = chunk.invalid();
        if invalid.is_empty() {
            continue;
        }
        let at = text.len();
        text.push(char::REPLACEMENT_CHARACTER);
        let full = runs.len() == MAX_ENCODING_ERRORS;
        match runs.last_mut() {
            Some((_, end, first, len)) if *end == at => {
                *end = text.len();
                *len += invalid.len();
                first.extend(invalid.iter().take(8usize.saturating_sub(first.len())));
            }
            _ if full => more += 1,
            _ => runs.push((at, text.len(), invalid.to_vec(), invalid.len())),
        }
    }
    let mut encoding_errors: Vec<Diagnostic> = runs
        .into_iter()
        .map(|(start, end, first, len)| {
            let hex: Vec<String> = first.iter().map(|b| format!("0x{b:02X}")).collect();
            let what = match len {
                1 => format!("byte {}", hex[0]),
                n if n == first.len() => format!("bytes {}", hex.join(" ")),
                n => format!("{n} bytes: {}…", hex.join(" ")),
            };
            Diagnostic::error(
                file_name,
                Span::new(start, end),
                format!("this is not UTF-8 ({what})"),
            )
            .with_note("save the file as UTF-8")
        })
        .collect();
    if let (Some(last), true) = (encoding_errors.last_mut(), more > 0) {
        last.note(format!("{more} more places in the file are not UTF-8"));
    }
    Source {
        text,
        encoding_errors,
    }
}

/// The diagnostics of a decoded file: the encoding errors, and those of the compiler except the ones at a
/// replaced byte (a U+FFFD in the code is already reported as not UTF-8).
pub fn with_encoding_errors(source: &Source, mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    if source.encoding_errors.is_empty() {
        return diags;
    }
    let replaced: std::collections::HashSet<usize> = source
        .encoding_errors
        .iter()
        .map(|d| d.span.start)
        .collect();
    diags.retain(|d| !replaced.contains(&d.span.start));
    diags.extend(source.encoding_errors.iter().cloned());
    crate::diag::sort(&mut diags);
    diags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_is_located_and_the_rest_is_kept() {
        let source = decode("f", b"title \"Caf\xe9\"\n# \xff\xfe\n".to_vec());
        assert_eq!(source.text, "title \"Caf\u{fffd}\"\n# \u{fffd}\u{fffd}\n");
        let at: Vec<usize> = source
            .encoding_errors
            .iter()
            .map(|d| d.span.start)
            .collect();
        assert_eq!(at.len(), 2);
        assert_eq!(&source.text[at[0]..at[0] + 3], "\u{fffd}");
        assert!(source.encoding_errors[0].message.contains("byte 0xE9"));
        assert!(source.encoding_errors[1]
            .message
            .contains("bytes 0xFF 0xFE"));
    }
}

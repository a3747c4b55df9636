//! The GUI's lines as a protocol session (XBoard, UCI, USI) reads them: each at most [`MAX_LINE_BYTES`], so that a GUI or a script that
//! never sends a line break cannot make the engine hold unbounded memory, and all the lines waiting to be handled
//! at most [`MAX_QUEUE_BYTES`], so that a GUI that writes faster than the engine handles (lines sent during a
//! search are handled after it) cannot either: past it, lines are refused, and the session says how many.
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvError, Sender, TryRecvError};
use std::sync::Arc;

/// The longest command line kept; XBoard's longest (`setboard` of a 36x36 position) is a few kilobytes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most bytes of lines read and not yet handled, each line counted with [`LINE_OVERHEAD`]: sixteen of the
/// longest lines, or about 200,000 `ping`s.
pub const MAX_QUEUE_BYTES: usize = 16 << 20;

/// What a queued line costs besides its text (the queue's node and the string's header, rounded up), so that
/// millions of empty lines are bounded too.
pub const LINE_OVERHEAD: usize = 64;

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line (invalid UTF-8 replaced), without its line break.
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`]: its length, read to its end and dropped.
    TooLong(usize),
    /// Lines read while the queue held [`MAX_QUEUE_BYTES`]: how many, and their bytes. They are dropped; this
    /// stands where they were, so that the session says so in order.
    Refused { lines: usize, bytes: usize },
}

/// What the reader does with a line as it arrives, as the protocol says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// Queue it for the session; it does not disturb a search.
    Queue,
    /// Queue it and stop a search in progress; `moot`: the search's move must not be played (XBoard's `new`).
    Interrupt { moot: bool },
    /// The reader answered it itself (UCI's `isready` during a search): not queued.
    Answered,
}

impl Input {
    /// Does this input stop a search in progress, and does it make the search's move moot, as `classify` judges
    /// a line?
    pub fn interrupts(&self, classify: impl Fn(&str) -> Option<bool>) -> Option<bool> {
        match self {
            Input::Line(line) => classify(line),
            Input::TooLong(_) | Input::Refused { .. } => None,
        }
    }

    /// The bytes this input holds in the queue, as [`MAX_QUEUE_BYTES`] counts them.
    fn cost(&self) -> usize {
        match self {
            Input::Line(line) => line.len() + LINE_OVERHEAD,
            Input::TooLong(_) | Input::Refused { .. } => LINE_OVERHEAD,
        }
    }
}

/// The lines a reader thread queued, in order, and the bytes of those not yet handled.
pub struct LineQueue {
    receive: Receiver<Input>,
    queued: Arc<AtomicUsize>,
}

impl LineQueue {
    /// The next input if one waits; `Err(Disconnected)` once the input ended and every line was taken.
    pub fn try_recv(&self) -> Result<Input, TryRecvError> {
        self.receive.try_recv()
    }

    /// The next input, waiting for it; `Err` once the input ended and every line was taken.
    pub fn recv(&self) -> Result<Input, RecvError> {
        self.receive.recv()
    }

    /// Frees the room `input` took: the session has handled it.
    pub fn handled(&self, input: &Input) {
        self.queued.fetch_sub(input.cost(), Ordering::SeqCst);
    }

    /// The bytes of the inputs taken or waiting and not yet [`handled`](Self::handled).
    pub fn queued_bytes(&self) -> usize {
        self.queued.load(Ordering::SeqCst)
    }
}

/// The reader's side of a [`LineQueue`]: it refuses a line that would pass [`MAX_QUEUE_BYTES`], and counts the
/// lines refused in a row until one fits again.
struct Feeder {
    send: Sender<Input>,
    queued: Arc<AtomicUsize>,
    refused: (usize, usize),
}

impl Feeder {
    /// Queues `input` if it fits; `Ok(false)` when it was refused, `Err` when the session is gone.
    fn offer(&mut self, input: Input) -> Result<bool, ()> {
        let cost = input.cost();
        if self.queued.load(Ordering::SeqCst) + cost > MAX_QUEUE_BYTES {
            self.refused.0 += 1;
            self.refused.1 += match &input {
                Input::Line(line) => line.len(),
                Input::TooLong(n) => *n,
                Input::Refused { bytes, .. } => *bytes,
            };
            return Ok(false);
        }
        self.flush_refused()?;
        self.queued.fetch_add(cost, Ordering::SeqCst);
        self.send.send(input).map(|()| true).map_err(|_| ())
    }

    /// Queues the count of the lines refused since the last one queued, if any (one such mark per queued line at
    /// most, so that marks are bounded as lines are).
    fn flush_refused(&mut self) -> Result<(), ()> {
        let (lines, bytes) = std::mem::take(&mut self.refused);
        if lines == 0 {
            return Ok(());
        }
        let mark = Input::Refused { lines, bytes };
        self.queued.fetch_add(mark.cost(), Ordering::SeqCst);
        self.send.send(mark).map_err(|_| ())
    }
}

/// Starts a thread that reads `reader`'s lines into a [`LineQueue`] and raises `stop` (and `discard`, for a line
/// that makes the search's move moot) when a queued line must interrupt a search, as `arrival` judges each line;
/// at the end of the input (or a read error: the GUI is gone) it raises both.
pub fn spawn_reader(
    mut reader: impl BufRead + Send + 'static,
    stop: Arc<AtomicBool>,
    discard: Arc<AtomicBool>,
    mut arrival: impl FnMut(&str) -> Arrival + Send + 'static,
) -> LineQueue {
    let (send, receive) = std::sync::mpsc::channel();
    let queued = Arc::new(AtomicUsize::new(0));
    let mut feeder = Feeder {
        send,
        queued: queued.clone(),
        refused: (0, 0),
    };
    std::thread::spawn(move || {
        while let Ok(Some(input)) = read_input(&mut reader) {
            let interrupt = match &input {
                Input::Line(line) => match arrival(line) {
                    Arrival::Answered => continue,
                    Arrival::Queue => None,
                    Arrival::Interrupt { moot } => Some(moot),
                },
                Input::TooLong(_) | Input::Refused { .. } => None,
            };
            let queued = match feeder.offer(input) {
                Err(()) => break,
                Ok(queued) => queued,
            };
            if let Some(moot) = interrupt {
                // A refused command stops the search all the same, which then plays its move (as after `?`) and
                // the session catches up with the queue: a GUI that floods the engine and then asks it to stop
                // must not wait out the search. Its move is not moot: the command that would make it so is gone.
                discard.fetch_or(moot && queued, Ordering::SeqCst);
                stop.store(true, Ordering::SeqCst);
            }
        }
        let _ = feeder.flush_refused();
        discard.store(true, Ordering::SeqCst);
        stop.store(true, Ordering::SeqCst);
    });
    LineQueue { receive, queued }
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

    /// A feeder whose session never handles a line, as during a long search.
    fn stalled_feeder() -> (Feeder, LineQueue) {
        let (send, receive) = std::sync::mpsc::channel();
        let queued = Arc::new(AtomicUsize::new(0));
        let feeder = Feeder {
            send,
            queued: queued.clone(),
            refused: (0, 0),
        };
        (feeder, LineQueue { receive, queued })
    }

    #[test]
    fn lines_past_the_queue_bound_are_refused_and_counted_where_they_were() {
        let (mut feeder, queue) = stalled_feeder();
        let line = "name ".to_string() + &"x".repeat(MAX_LINE_BYTES - 5);
        let mut taken = 0;
        for _ in 0..40 {
            if feeder.offer(Input::Line(line.clone())) == Ok(true) {
                taken += 1;
            }
            assert!(queue.queued_bytes() <= MAX_QUEUE_BYTES);
        }
        assert_eq!(taken, MAX_QUEUE_BYTES / (MAX_LINE_BYTES + LINE_OVERHEAD));
        // The session handles one line; the next one fits, after the count of those refused.
        let first = queue.try_recv().unwrap();
        queue.handled(&first);
        assert_eq!(feeder.offer(Input::Line("ping 1".into())), Ok(true));
        for _ in 1..taken {
            queue.handled(&queue.try_recv().unwrap());
        }
        assert_eq!(
            queue.try_recv(),
            Ok(Input::Refused {
                lines: 40 - taken,
                bytes: (40 - taken) * MAX_LINE_BYTES
            })
        );
        assert_eq!(queue.try_recv(), Ok(Input::Line("ping 1".into())));
    }

    #[test]
    fn invalid_utf8_is_replaced_not_refused() {
        assert_eq!(
            all(b"usermove \xff\n"),
            [Input::Line("usermove \u{fffd}".into())]
        );
    }
}

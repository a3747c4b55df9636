//! The engine side of the Chess Engine Communication Protocol (CECP, version 2) as XBoard 4.9 expects it of an
//! engine that defines its own variants: the session (commands in, protocol lines out), the time control, how a
//! game is described to XBoard, XBoard's square notation, and the highlights of a picked-up piece.
mod clock;
mod highlight;
pub mod notation;
pub mod reply;
mod session;
mod setup;

pub use crate::protocol::input::{
    read_input, Input, LineQueue, LINE_OVERHEAD, MAX_LINE_BYTES, MAX_QUEUE_BYTES,
};
pub use crate::protocol::offer::Offer;
pub use clock::{seconds, MAX_SECONDS};
pub use session::{interrupts, Session};
pub use setup::xboard_name;

/// Starts the thread reading XBoard's lines: a line stops a search as [`interrupts`] says.
pub fn spawn_reader(
    reader: impl std::io::BufRead + Send + 'static,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    discard: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> LineQueue {
    crate::protocol::input::spawn_reader(reader, stop, discard, |line| match interrupts(line) {
        Some(moot) => crate::protocol::input::Arrival::Interrupt { moot },
        None => crate::protocol::input::Arrival::Queue,
    })
}

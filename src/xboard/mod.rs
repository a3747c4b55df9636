//! The engine side of the Chess Engine Communication Protocol (CECP, version 2) as XBoard 4.9 expects it of an
//! engine that defines its own variants: the session (commands in, protocol lines out), the time control, how a
//! game is described to XBoard, XBoard's square notation, and the highlights of a picked-up piece.
mod clock;
mod highlight;
mod input;
pub mod notation;
mod offer;
pub mod reply;
mod session;
mod setup;

pub use clock::{seconds, MAX_SECONDS};
pub use input::{
    read_input, spawn_reader, Input, LineQueue, LINE_OVERHEAD, MAX_LINE_BYTES, MAX_QUEUE_BYTES,
};
pub use offer::Offer;
pub use session::{interrupts, Session};
pub use setup::xboard_name;

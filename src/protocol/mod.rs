//! What the engine sides of the protocols (XBoard in [`crate::xboard`], UCI and USI in [`crate::uci`]) share: the
//! bounded queue of the GUI's lines read by a thread, and the games a session offers.
pub mod input;
pub mod offer;

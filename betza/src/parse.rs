//! The only file that touches pest.
use crate::{Betza, BetzaError};

/// Parses an XBetza string, returning every error found.
pub fn parse(input: &str) -> Result<Betza, Vec<BetzaError>> {
    let _ = input;
    unimplemented!("owned by the betza helper")
}

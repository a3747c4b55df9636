//! The board's squares: zones as square sets per side (pass 2), the start position, and the holes it leaves.

pub(super) mod holes;
pub(super) mod start;
pub(super) mod zones;

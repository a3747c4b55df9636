//! The betza crate's integration tests, one binary: the hand-worked corpus of destinations and errors, the
//! property tests, and the named rules of the notation.
mod bracket;
mod corpus;
mod fsf;
mod limits;
mod props;
mod rules;

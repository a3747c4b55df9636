//! Helpers shared by the integration tests.
pub mod binary;
#[path = "../../../fuzz/src/checks.rs"]
pub mod fuzz_checks;
pub mod mutation;
pub mod pyffish;
pub mod rules_facts;
pub mod scratch;
pub mod session;
pub mod variants;

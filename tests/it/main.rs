//! The integration tests, one binary: a module per area (the command line by subcommand, the engine rules, the
//! games of RULES.md, the invariants, the no-panic guarantees), sharing the helpers of `support/`.
mod betza_corpus;
mod cli;
mod compiler_never_panics;
mod diagnostics;
mod diff;
mod end_rules;
mod exotic_moves;
mod export_fsf;
mod export_sjaak;
mod friendly_capture;
mod fuzz_regressions;
mod games;
mod induction;
mod invariants;
mod language;
mod multi_leg;
mod no_panic;
mod perft;
mod reader_limits;
mod restrictions;
mod rule_tests;
mod setup;
mod support;
mod variants_valid;

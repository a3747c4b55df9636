//! The compiler reports, it never panics: arbitrary text and mutated bundled variants all come back as
//! `Ok` or as located diagnostics whose spans lie inside the source.
use proptest::prelude::*;

use crate::support::mutation;
use tatsu::compile::compile;
use tatsu::diag::{render_human, render_short};

fn check(source: &str) {
    match compile("fuzz.tatsu", source) {
        Ok(c) => {
            for d in &c.warnings {
                assert!(d.span.end <= source.len());
            }
        }
        Err(diags) => {
            assert!(!diags.is_empty());
            for d in &diags {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= source.len(),
                    "{d:?}"
                );
                render_human(d, source);
                render_short(d, source);
            }
        }
    }
}

fn edit() -> impl Strategy<Value = mutation::Edit> {
    let token = prop_oneof![
        Just("{".to_string()),
        Just("}".to_string()),
        Just("\"".to_string()),
        Just("zone".to_string()),
        Just(" piece +Q ".to_string()),
        Just(" 99 ".to_string()),
        Just("a0".to_string()),
        Just("..".to_string()),
        Just("é".to_string()),
        "[ -~]{0,6}",
    ];
    mutation::edit(token.boxed(), 20)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn compiler_never_panics_on_arbitrary_text(source in "\\PC{0,200}") {
        check(&source);
    }

    #[test]
    fn compiler_never_panics_on_mutated_variants(which in 0usize..7, edits in prop::collection::vec(edit(), 1..6)) {
        let (_, source) = tatsu::variants::bundled()[which];
        check(&mutation::apply(source, &edits));
    }
}

//! The compiler reports, it never panics: arbitrary text and mutated bundled variants all come back as
//! `Ok` or as located diagnostics whose spans lie inside the source.
use proptest::prelude::*;
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

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
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
    prop_oneof![
        (any::<usize>(), 1usize..20).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), token).prop_map(|(a, t)| Edit::Insert(a, t)),
        (any::<usize>(), any::<char>()).prop_map(|(a, c)| Edit::Replace(a, c)),
    ]
}

fn apply(source: &str, edits: &[Edit]) -> String {
    let mut s: Vec<char> = source.chars().collect();
    for e in edits {
        let len = s.len().max(1);
        match e {
            Edit::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(s.len());
                if at < end {
                    s.drain(at..end);
                }
            }
            Edit::Insert(at, t) => {
                let at = at % (s.len() + 1);
                s.splice(at..at, t.chars());
            }
            Edit::Replace(at, c) => {
                if !s.is_empty() {
                    let at = at % s.len();
                    s[at] = *c;
                }
            }
        }
    }
    s.into_iter().collect()
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
        check(&apply(source, &edits));
    }
}

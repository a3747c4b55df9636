//! Random edits of a text (delete a run, insert a token, replace a character), shared by the no-panic property
//! tests: each test brings the tokens that matter to its parser.
use proptest::prelude::*;

#[derive(Debug, Clone)]
pub enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
}

/// An edit at any position, inserting one of `tokens` or deleting up to `max_delete - 1` characters.
pub fn edit(tokens: BoxedStrategy<String>, max_delete: usize) -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..max_delete).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), tokens).prop_map(|(a, t)| Edit::Insert(a, t)),
        (any::<usize>(), any::<char>()).prop_map(|(a, c)| Edit::Replace(a, c)),
    ]
}

/// `text` with the edits applied in order (positions wrap around the current length).
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for e in edits {
        let len = s.len() + 1;
        match e {
            Edit::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(s.len());
                if at < end {
                    s.drain(at..end);
                }
            }
            Edit::Insert(at, t) => {
                let at = at % len;
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

//! Ray contents stored once: a ray's squares and step rules are the same whichever piece, side or move made it, so
//! the graph keeps one copy of each distinct content in [`super::graph::Built::ray_squares`] and its rules, and every
//! [`crate::rules::Ray`] with that content points at it. 100 queen types on 36x36 kept 100 copies of the queen's
//! rays per side (115 MiB); they now keep one, shared by both sides (docs/performance.md, "Tables at scale").
//!
//! Found by a hash at compile time; nothing of it is left at run time. What produced a ray (its source, its kind,
//! its flags) stays in the ray itself, which is per piece.
use crate::engine::attack_class::KeyIsHash;
use crate::rules::{Square, StepRule};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// The contents stored so far, by hash: where the first content of each hash starts.
#[derive(Default)]
pub struct RayStore {
    by_hash: HashMap<u64, u32, BuildHasherDefault<KeyIsHash>>,
}

impl RayStore {
    /// The content just appended to `squares` and `rules` from `first` on: if an equal one is stored, the new copy
    /// is taken off again and the old one's start returned; otherwise it stays and `first` is returned. (On the rare
    /// hash shared by two different contents, the second is kept as its own copy, unshared: never a wrong ray.)
    pub fn intern_tail(
        &mut self,
        squares: &mut Vec<Square>,
        rules: &mut Vec<StepRule>,
        first: usize,
    ) -> u32 {
        let len = squares.len() - first;
        let hash = content_hash(&squares[first..], &rules[first..]);
        match self.by_hash.entry(hash) {
            Entry::Occupied(stored) => {
                let at = *stored.get() as usize;
                let same = at + len <= first
                    && squares[at..at + len] == squares[first..]
                    && rules[at..at + len] == rules[first..];
                if same {
                    squares.truncate(first);
                    rules.truncate(first);
                    return at as u32;
                }
                first as u32
            }
            Entry::Vacant(slot) => {
                slot.insert(first as u32);
                first as u32
            }
        }
    }
}

/// A hash of a ray's content, its length included (FxHash's multiply-rotate: the contents are a few dozen small
/// numbers, hashed millions of times on the largest boards).
fn content_hash(squares: &[Square], rules: &[StepRule]) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(K);
    let mut h = mix(0, squares.len() as u64);
    for (sq, rule) in squares.iter().zip(rules) {
        h = mix(h, (sq.0 as u64) << 16 | rule.bits() as u64);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(list: &[u16]) -> Vec<Square> {
        list.iter().map(|&s| Square(s)).collect()
    }

    #[test]
    fn a_ray_of_the_same_squares_and_rules_is_stored_once() {
        let mut store = RayStore::default();
        let (mut sq, mut rules) = (squares(&[1, 2, 3]), vec![StepRule::DEST; 3]);
        assert_eq!(store.intern_tail(&mut sq, &mut rules, 0), 0);
        sq.extend(squares(&[1, 2, 3]));
        rules.extend([StepRule::DEST; 3]);
        assert_eq!(store.intern_tail(&mut sq, &mut rules, 3), 0);
        assert_eq!((sq.len(), rules.len()), (3, 3));
    }

    #[test]
    fn rays_that_differ_in_a_square_or_a_rule_are_kept_apart() {
        let mut store = RayStore::default();
        let (mut sq, mut rules) = (squares(&[1, 2]), vec![StepRule::DEST; 2]);
        store.intern_tail(&mut sq, &mut rules, 0);
        sq.extend(squares(&[1, 2]));
        rules.extend([StepRule::DEST, StepRule::PASS]);
        assert_eq!(store.intern_tail(&mut sq, &mut rules, 2), 2);
        sq.extend(squares(&[1, 3]));
        rules.extend([StepRule::DEST; 2]);
        assert_eq!(store.intern_tail(&mut sq, &mut rules, 4), 4);
        assert_eq!(sq.len(), 6);
    }
}

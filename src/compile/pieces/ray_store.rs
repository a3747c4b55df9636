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
///
/// The chains of one move from one square (a hook mover's 140 turns) are also stored as a group: the same group
/// comes back for every type with that move (Taikyoku's four `BmasB` and three `RmasR` types), and one lookup of
/// the group replaces one per chain. The per-chain lookups were random reads of a table of millions of entries,
/// two cache misses each: half of `tatsu check taikyoku-shogi` (docs/performance.md, "Tables at scale").
#[derive(Default)]
pub struct RayStore {
    by_hash: HashMap<u64, u32, BuildHasherDefault<KeyIsHash>>,
    /// Chain groups by the hash of their chains' hashes: where their starts are in `group_starts`, and how many.
    groups: HashMap<u64, (u32, u32), BuildHasherDefault<KeyIsHash>>,
    group_starts: Vec<u32>,
    /// Scratch: the hash of each chain of the group being stored, then the start of each.
    hashes: Vec<u64>,
    starts: Vec<u32>,
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
        let hash = content_hash(&squares[first..], &rules[first..]);
        self.intern_hashed(squares, rules, first, hash).0
    }

    /// Stores the chains `(squares, rules)` of one move from one square, as [`Self::intern_tail`] would one by one,
    /// and returns where each starts. A group equal to one stored before (checked square by square) takes that
    /// group's starts, which are the ones the chain-by-chain lookups would find: a group is only kept when each of
    /// its chains was found or stored under its own hash (none was an unshared copy after a shared hash).
    pub fn intern_chains<'c>(
        &mut self,
        squares: &mut Vec<Square>,
        rules: &mut Vec<StepRule>,
        chains: impl Iterator<Item = (&'c [Square], &'c [StepRule])> + Clone,
    ) -> &[u32] {
        self.hashes.clear();
        self.hashes
            .extend(chains.clone().map(|(sq, ru)| content_hash(sq, ru)));
        let group = self.hashes.iter().fold(0, |h, &c| mix(h, c));
        self.starts.clear();
        if let Some(&(at, count)) = self.groups.get(&group) {
            let stored = &self.group_starts[at as usize..(at + count) as usize];
            let same = count as usize == self.hashes.len()
                && chains.clone().zip(stored).all(|((sq, ru), &start)| {
                    let range = start as usize..start as usize + sq.len();
                    squares.get(range.clone()) == Some(sq) && rules.get(range) == Some(ru)
                });
            if same {
                self.starts.extend_from_slice(stored);
                return &self.starts;
            }
        }
        let mut shared = true;
        for (i, (sq, ru)) in chains.enumerate() {
            let first = squares.len();
            squares.extend_from_slice(sq);
            rules.extend_from_slice(ru);
            let (start, own_hash) = self.intern_hashed(squares, rules, first, self.hashes[i]);
            shared &= own_hash;
            self.starts.push(start);
        }
        if shared {
            if let Entry::Vacant(slot) = self.groups.entry(group) {
                slot.insert((self.group_starts.len() as u32, self.starts.len() as u32));
                self.group_starts.extend_from_slice(&self.starts);
            }
        }
        &self.starts
    }

    /// [`Self::intern_tail`] with the content's hash given; also whether the content is the one stored under its
    /// hash (false for the unshared copy of a content whose hash another has).
    fn intern_hashed(
        &mut self,
        squares: &mut Vec<Square>,
        rules: &mut Vec<StepRule>,
        first: usize,
        hash: u64,
    ) -> (u32, bool) {
        let len = squares.len() - first;
        match self.by_hash.entry(hash) {
            Entry::Occupied(stored) => {
                let at = *stored.get() as usize;
                let same = at + len <= first
                    && squares[at..at + len] == squares[first..]
                    && rules[at..at + len] == rules[first..];
                if same {
                    squares.truncate(first);
                    rules.truncate(first);
                    return (at as u32, true);
                }
                (first as u32, false)
            }
            Entry::Vacant(slot) => {
                slot.insert(first as u32);
                (first as u32, true)
            }
        }
    }
}

/// A hash of a ray's content, its length included (FxHash's multiply-rotate: the contents are a few dozen small
/// numbers, hashed millions of times on the largest boards).
fn content_hash(squares: &[Square], rules: &[StepRule]) -> u64 {
    let mut h = mix(0, squares.len() as u64);
    for (sq, rule) in squares.iter().zip(rules) {
        h = mix(h, (sq.0 as u64) << 16 | rule.bits() as u64);
    }
    h
}

fn mix(h: u64, word: u64) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    (h.rotate_left(5) ^ word).wrapping_mul(K)
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

    fn group(
        rays: &[(Vec<Square>, Vec<StepRule>)],
    ) -> impl Iterator<Item = (&[Square], &[StepRule])> + Clone {
        rays.iter().map(|(sq, ru)| (sq.as_slice(), ru.as_slice()))
    }

    #[test]
    fn a_group_of_chains_stored_again_takes_the_starts_each_chain_would_find() {
        let mut store = RayStore::default();
        let (mut sq, mut rules) = (Vec::new(), Vec::new());
        let chains = vec![
            (squares(&[1, 2]), vec![StepRule::PASS, StepRule::DEST]),
            (squares(&[1, 3]), vec![StepRule::PASS, StepRule::DEST]),
        ];
        let first = store
            .intern_chains(&mut sq, &mut rules, group(&chains))
            .to_vec();
        assert_eq!(first, [0, 2]);
        // The same group again: nothing appended, the same starts.
        assert_eq!(
            store.intern_chains(&mut sq, &mut rules, group(&chains)),
            [0, 2]
        );
        assert_eq!(sq.len(), 4);
        // The second chain alone, stored chain by chain, finds the same start as the group gave it.
        sq.extend(squares(&[1, 3]));
        rules.extend([StepRule::PASS, StepRule::DEST]);
        assert_eq!(store.intern_tail(&mut sq, &mut rules, 4), 2);
    }

    #[test]
    fn groups_that_differ_in_one_rule_are_kept_apart() {
        let mut store = RayStore::default();
        let (mut sq, mut rules) = (Vec::new(), Vec::new());
        let a = vec![(squares(&[1, 2]), vec![StepRule::PASS, StepRule::DEST])];
        let b = vec![(squares(&[1, 2]), vec![StepRule::DEST, StepRule::DEST])];
        assert_eq!(store.intern_chains(&mut sq, &mut rules, group(&a)), [0]);
        assert_eq!(store.intern_chains(&mut sq, &mut rules, group(&b)), [2]);
        assert_eq!(store.intern_chains(&mut sq, &mut rules, group(&a)), [0]);
        assert_eq!(sq.len(), 4);
    }
}

//! The rays of one expanded path from one square, remembered for every later type that has the same path.
//!
//! What a path gives from a square depends on the path (its legs), the square, the board and its holes, and the
//! zones that clip it (`confined to`, `within`), nothing else: not the piece, nor the move string it came from.
//! Taikyoku Shogi's 218 distinct move strings are made of far fewer distinct paths (a forward slide, a step to
//! the side, each of a few ranges), and a side's symmetric piece repeats the other side's paths in another order.
//! Building each such ray again and looking its content up in the ray store was most of `tatsu check
//! taikyoku-shogi`: the lookups are random reads of a table of millions of contents, two cache misses each. Here
//! a path is given a slot once per type, and its rays from a square are found at `slot * squares + square`, read
//! in square order as the types are built (docs/performance.md, "Paths remembered across types").
//!
//! What is remembered is where the ray store keeps each ray's content, so what comes out is what building and
//! interning gives: the same contents at the same places, the rays in the same order.
use super::super::rays::BuiltRay;
use crate::rules::{Side, ZoneId};
use betza::{Leg, Path};
use std::collections::HashMap;

/// A path from one square gives at most this many rays to be remembered (a hook mover gives about 140 chains from
/// a square of a 36x36 board): the universal leaper's one ray per square of the board is built each time instead,
/// rather than kept for every square (1.7 million on 36x36).
const MAX_REMEMBERED: usize = 1024;

/// The most the slots' per-square entries may take: 8 bytes per slot and square, so on 36x36 some 6,400 distinct
/// paths (Taikyoku has a few hundred). A file whose types have more (a thousand types of thousands of paths each)
/// builds the rest of its paths' rays each time, as before: this memory is the compiler's own, which the memory
/// guard does not count.
const MAX_ENTRY_BYTES: usize = 64 << 20;

/// And at most this many slots whatever the board, for the paths kept as keys: on a small board the entries
/// would allow millions.
const MAX_SLOTS: usize = 1 << 16;

/// What a path's rays from a square depend on besides the square.
#[derive(PartialEq, Eq, Hash)]
struct PathKey {
    legs: Vec<Leg>,
    universal: bool,
    /// The zone the piece is confined to and the zone the move set is `within`, each for the side whose zone it
    /// is (a zone's squares may differ by side).
    confined: Option<(ZoneId, Side)>,
    within: Option<(ZoneId, Side)>,
}

/// Where a remembered (slot, square)'s rays are in [`PathCache::pool`], and how many; `at == UNKNOWN` until built.
#[derive(Clone, Copy)]
struct Entry {
    at: u32,
    count: u32,
}

const UNKNOWN: u32 = u32::MAX;

/// The paths met so far and their rays from each square where they were built.
pub(in crate::compile::pieces) struct PathCache {
    slots: HashMap<PathKey, u32>,
    /// Squares of the board.
    squares: usize,
    /// Per slot and square, at `slot * squares + square`.
    entries: Vec<Entry>,
    /// Per slot: what its rays are (their kind and flags, or chains), the same from every square where it gives
    /// any; `None` until a square gives some.
    shapes: Vec<Option<BuiltRay>>,
    /// Each remembered ray: where its content starts in the ray store, and its length.
    pool: Vec<(u32, u16)>,
}

impl PathCache {
    pub fn new(squares: usize) -> PathCache {
        PathCache {
            slots: HashMap::new(),
            squares,
            entries: Vec::new(),
            shapes: Vec::new(),
            pool: Vec::new(),
        }
    }

    /// The slot of `path` under these clipping zones, made on its first use; `None` once the slots would take
    /// more than [`MAX_ENTRY_BYTES`] or number [`MAX_SLOTS`].
    pub fn slot(
        &mut self,
        path: &Path,
        confined: Option<(ZoneId, Side)>,
        within: Option<(ZoneId, Side)>,
    ) -> Option<u32> {
        let key = PathKey {
            legs: path.legs.clone(),
            universal: path.universal,
            confined,
            within,
        };
        if let Some(&slot) = self.slots.get(&key) {
            return Some(slot);
        }
        let full =
            (self.entries.len() + self.squares) * std::mem::size_of::<Entry>() > MAX_ENTRY_BYTES;
        if full || self.shapes.len() >= MAX_SLOTS {
            return None;
        }
        let slot = self.shapes.len() as u32;
        self.slots.insert(key, slot);
        self.shapes.push(None);
        let unknown = Entry {
            at: UNKNOWN,
            count: 0,
        };
        self.entries
            .extend(std::iter::repeat_n(unknown, self.squares));
        Some(slot)
    }

    /// The rays remembered for `slot` from square `sq`: their shape ([`BuiltRay::Empty`] when the path gives none
    /// there) and each one's start and length in the ray store; `None` when not built there yet.
    pub fn get(&self, slot: u32, sq: usize) -> Option<(BuiltRay, &[(u32, u16)])> {
        let entry = self.entries[slot as usize * self.squares + sq];
        if entry.at == UNKNOWN {
            return None;
        }
        let rays = &self.pool[entry.at as usize..(entry.at + entry.count) as usize];
        match self.shapes[slot as usize] {
            Some(shape) if !rays.is_empty() => Some((shape, rays)),
            _ => Some((BuiltRay::Empty, &[])),
        }
    }

    /// Remembers what `slot` gives from `sq`: `built` and the rays' (start, length) in the ray store. Not kept
    /// when the rays are too many, or of another shape than the slot's (never expected: the shape is the path's).
    pub fn put(
        &mut self,
        slot: u32,
        sq: usize,
        built: BuiltRay,
        rays: impl ExactSizeIterator<Item = (u32, u16)>,
    ) {
        let count = rays.len();
        let shape = &mut self.shapes[slot as usize];
        let keep = match built {
            BuiltRay::Empty => count == 0,
            BuiltRay::Rays { .. } | BuiltRay::Chains { .. } => {
                count > 0 && count <= MAX_REMEMBERED && shape.is_none_or(|s| s == built)
            }
            BuiltRay::Unsupported(_) => false,
        };
        if !keep || self.pool.len() + count >= UNKNOWN as usize {
            return;
        }
        if count > 0 {
            *shape = Some(built);
        }
        self.entries[slot as usize * self.squares + sq] = Entry {
            at: self.pool.len() as u32,
            count: count as u32,
        };
        self.pool.extend(rays);
    }
}

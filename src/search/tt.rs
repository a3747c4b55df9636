//! The transposition table: a fixed-size table of entries keyed by the executor's Zobrist hash, shared by every
//! search thread without locks. Each entry is two atomic words, the key stored XOR the data, so that a torn write
//! by another thread reads back as a miss instead of a wrong entry.
use crate::engine::{Move, MoveKind};
use std::sync::atomic::{AtomicU64, Ordering};

/// The smallest and largest table the user may ask for, in MiB.
pub const MIN_MB: usize = 1;
pub const MAX_MB: usize = 65_536;
const ENTRY_BYTES: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a fail high).
    Lower,
    /// The score is at most this (a fail low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// [`signature`] of the best move found, 0 if none.
    pub mv: u32,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// Why a table of the size asked for was not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableError {
    OutOfRange(usize),
    NoMemory(usize),
    /// More than the machine (or the process's control group) has free, in MiB: the allocator would promise it
    /// and the kernel kill the process as the table is filled.
    MoreThanFree {
        mb: usize,
        free: usize,
    },
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            TableError::OutOfRange(mb) => {
                write!(f, "{mb} MiB is outside {MIN_MB}..={MAX_MB} MiB")
            }
            TableError::NoMemory(mb) => write!(f, "{mb} MiB cannot be allocated"),
            TableError::MoreThanFree { mb, free } => {
                write!(f, "{mb} MiB is more than the {free} MiB of memory free")
            }
        }
    }
}

impl std::error::Error for TableError {}

pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

/// A move in 32 bits: origin and destination (11 bits each, enough for 36x36) and 10 bits of its kind, piece and
/// promotion. It only orders moves: a hash move is always looked up among the legal moves generated.
pub fn signature(mv: &Move) -> u32 {
    let kind: u32 = match mv.kind {
        MoveKind::Normal => 1,
        MoveKind::CreatesEp => 2,
        MoveKind::EnPassant { victim } => 3 + victim.0 as u32 * 7,
        MoveKind::Locust { victim } => 4 + victim.0 as u32 * 7,
        MoveKind::Castle { index } => 5 + index as u32 * 7,
        MoveKind::Drop => 6 + mv.piece.0 as u32 * 7,
        MoveKind::Pass => 7,
        MoveKind::Unload { square } => 8 + square.0 as u32 * 7,
    };
    let promo = mv.promotion.map_or(0, |p| p.0 as u32 + 1);
    let tag = (kind.wrapping_mul(31) ^ promo.wrapping_mul(0x9E37)) & 0x3FF;
    ((mv.from.0 as u32 & 0x7FF) << 21) | ((mv.to.0 as u32 & 0x7FF) << 10) | tag.max(1)
}

/// Can a table of `mb` MiB be made? In [`MIN_MB`]..=[`MAX_MB`], and (where the system says, on Linux) no more than
/// the memory free: Linux promises any allocation and kills the process when the pages are touched, so asking
/// the allocator is not enough. Allocates nothing.
pub fn check_size(mb: usize) -> Result<(), TableError> {
    check_size_against(mb, free_mib())
}

fn check_size_against(mb: usize, free: Option<usize>) -> Result<(), TableError> {
    if !(MIN_MB..=MAX_MB).contains(&mb) {
        return Err(TableError::OutOfRange(mb));
    }
    match free {
        Some(free) if mb > free => Err(TableError::MoreThanFree { mb, free }),
        _ => Ok(()),
    }
}

/// The memory free for this process in MiB: the machine's `MemAvailable`, and the room left under a control
/// group's `memory.max` (a container's limit), whichever is less. `None` where neither can be read.
fn free_mib() -> Option<usize> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let machine = read("/proc/meminfo").and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib / 1024)
    });
    let group = (|| {
        let max: usize = read("/sys/fs/cgroup/memory.max")?.trim().parse().ok()?;
        let used: usize = read("/sys/fs/cgroup/memory.current")?.trim().parse().ok()?;
        Some(max.saturating_sub(used) >> 20)
    })();
    match (machine, group) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl Table {
    /// A table of about `mb` MiB (clamped to [`MIN_MB`]..=[`MAX_MB`]), rounded down to a power of two entries.
    /// When the memory cannot be had, the largest smaller table that can (a table of [`MIN_MB`] always can).
    pub fn new(mb: usize) -> Table {
        let mut mb = mb.clamp(MIN_MB, MAX_MB);
        loop {
            match Table::try_new(mb) {
                Ok(table) => return table,
                Err(_) if mb > MIN_MB => mb /= 2,
                Err(e) => panic!("{e}"),
            }
        }
    }

    /// A table of about `mb` MiB, rounded down to a power of two entries, or an error when `mb` is outside
    /// [`MIN_MB`]..=[`MAX_MB`] or the allocator refuses it: asking never aborts the process.
    pub fn try_new(mb: usize) -> Result<Table, TableError> {
        check_size(mb)?;
        let bytes = mb * 1024 * 1024;
        let entries = ((bytes / ENTRY_BYTES).next_power_of_two() / 2).max(1024);
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(entries)
            .map_err(|_| TableError::NoMemory(mb))?;
        slots.extend((0..entries).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        Ok(Table {
            slots,
            mask: entries - 1,
        })
    }

    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        if data == 0 || slot[0].load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        Some(unpack(data))
    }

    /// Stores an entry, keeping a deeper one of the same position unless this one is exact.
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let old = slot[1].load(Ordering::Relaxed);
        let mut entry = entry;
        if old != 0 && slot[0].load(Ordering::Relaxed) ^ old == key {
            let previous = unpack(old);
            if previous.depth > entry.depth + 2 && entry.bound != Bound::Exact {
                return;
            }
            if entry.mv == 0 {
                entry.mv = previous.mv;
            }
        }
        let data = pack(entry);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots in use (XBoard and UCI's "hashfull").
    pub fn usage(&self) -> usize {
        let n = self.slots.len().min(1000);
        self.slots[..n]
            .iter()
            .filter(|s| s[1].load(Ordering::Relaxed) != 0)
            .count()
            * 1000
            / n
    }
}

fn pack(e: Entry) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    (e.mv as u64) << 32
        | ((e.score as i16 as u16) as u64) << 16
        | (e.depth.clamp(0, 255) as u64) << 8
        | bound
}

fn unpack(data: u64) -> Entry {
    Entry {
        mv: (data >> 32) as u32,
        score: (data >> 16) as u16 as i16 as i32,
        depth: (data >> 8 & 0xFF) as i32,
        bound: match data & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_table_is_refused_outside_the_range_or_beyond_the_memory_free() {
        assert_eq!(check_size_against(0, None), Err(TableError::OutOfRange(0)));
        assert_eq!(
            check_size_against(MAX_MB + 1, Some(usize::MAX)),
            Err(TableError::OutOfRange(MAX_MB + 1))
        );
        assert_eq!(
            check_size_against(4096, Some(1000)),
            Err(TableError::MoreThanFree {
                mb: 4096,
                free: 1000
            })
        );
        assert_eq!(check_size_against(1000, Some(1000)), Ok(()));
        // Where the system does not say, the allocator is the only judge.
        assert_eq!(check_size_against(MAX_MB, None), Ok(()));
    }

    use super::*;

    #[test]
    fn an_entry_reads_back_as_stored_and_another_key_misses() {
        let table = Table::new(1);
        let entry = Entry {
            mv: 0x1234_5678,
            score: -29_990,
            depth: 17,
            bound: Bound::Lower,
        };
        table.store(42, entry);
        let read = table.probe(42).expect("stored");
        assert_eq!(
            (read.mv, read.score, read.depth, read.bound),
            (0x1234_5678, -29_990, 17, Bound::Lower)
        );
        assert!(table.probe(42 + (1 << 40)).is_none());
    }
}

//! Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard test of a move generator.
//! Leaves are counted in bulk (the number of legal moves at depth 1, mostly counted without being stored), and
//! each ply reuses one move list.
use super::moves::{Move, MoveList};
use super::Position;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Counts the leaves of the legal move tree `depth` plies deep.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut lists = vec![MoveList::with_capacity(256); depth as usize + 1];
    count(pos, depth, &mut lists)
}

/// Perft split by the first move: one `(move, count)` per legal move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    divide_with(pos, depth, |_, _| {})
}

/// [`divide`], calling `progress(done, total)` after each first move (for progress bars).
pub fn divide_with(
    pos: &mut Position,
    depth: u32,
    mut progress: impl FnMut(usize, usize),
) -> Vec<(Move, u64)> {
    let moves = pos.legal_move_list();
    let mut lists = vec![MoveList::with_capacity(256); depth as usize + 1];
    let total = moves.len();
    moves
        .into_iter()
        .enumerate()
        .map(|(i, mv)| {
            let nodes = if depth <= 1 {
                1
            } else {
                pos.make(mv);
                let n = count(pos, depth - 1, &mut lists);
                pos.unmake();
                n
            };
            progress(i + 1, total);
            (mv, nodes)
        })
        .collect()
}

/// [`divide_with`] on `threads` threads: the first moves are handed out one at a time to whichever thread is free,
/// each thread counting on its own copy of the position. Same counts, same order; `progress` is called on the
/// calling thread.
pub fn divide_parallel(
    pos: &mut Position,
    depth: u32,
    threads: usize,
    mut progress: impl FnMut(usize, usize),
) -> Vec<(Move, u64)> {
    let threads = threads.max(1);
    if threads == 1 || depth <= 2 {
        return divide_with(pos, depth, progress);
    }
    let moves = pos.legal_move_list();
    let total = moves.len();
    // A thread without a first move to count would only be started and joined.
    let threads = threads.min(total);
    let next = AtomicUsize::new(0);
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    let work = |pos: &mut Position, mut done: Option<&mut dyn FnMut(usize)>| {
        let mut lists = vec![MoveList::with_capacity(256); depth as usize];
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(i) else { break };
            pos.make(mv);
            counts[i].store(count(pos, depth - 1, &mut lists), Ordering::Relaxed);
            pos.unmake();
            if let Some(done) = done.as_mut() {
                done(i);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let mut copy = pos.clone();
            let work = &work;
            scope.spawn(move || work(&mut copy, None));
        }
        work(pos, Some(&mut |i| progress((i + 1).min(total), total)));
    });
    progress(total, total);
    moves
        .into_iter()
        .zip(counts)
        .map(|(mv, n)| (mv, n.into_inner()))
        .collect()
}

fn count(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let (list, deeper) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves(list);
    let mut nodes = 0;
    for &mv in list.iter() {
        pos.make(mv);
        nodes += count(pos, depth - 1, deeper);
        pos.unmake();
    }
    nodes
}

//! Perft and move-generation benchmarks on the bundled games' start positions.
//!
//! `cargo bench --bench perft` (add `-- ryugi` to filter). Every benchmark first asserts the node count of what it
//! measures, so a faster but wrong executor cannot pass unnoticed; the timings themselves assert nothing.
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tatsu::engine::{perft::perft, Engine, MoveList, Position};

/// (game, depth, expected nodes from the start position); the counts are those of `tests/data/perft`.
const CASES: &[(&str, u32, u64)] = &[
    ("euroshogi", 4, 380_499),
    ("ryugi", 3, 43_878),
    ("ryugi", 4, 1_655_866),
    ("chess", 4, 197_281),
    ("shogi", 4, 719_731),
];

fn engine(game: &str) -> Engine {
    let compiled = tatsu::variants::load(game).unwrap_or_else(|e| panic!("{game}: {e}"));
    Engine::new(compiled.game)
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for &(game, depth, nodes) in CASES {
        let engine = engine(game);
        let mut pos = Position::start(&engine);
        assert_eq!(perft(&mut pos, depth), nodes, "{game} perft {depth}");
        group.bench_function(format!("{game}/{depth}"), |b| {
            b.iter(|| {
                let n = perft(&mut pos, black_box(depth));
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

fn bench_legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (game, count) in [
        ("euroshogi", 25),
        ("ryugi", 34),
        ("chess", 20),
        ("shogi", 30),
    ] {
        let engine = engine(game);
        let mut pos = Position::start(&engine);
        let mut list = MoveList::with_capacity(256);
        pos.legal_moves(&mut list);
        assert_eq!(list.len(), count, "{game} start moves");
        group.bench_function(game, |b| {
            b.iter(|| {
                pos.legal_moves(&mut list);
                black_box(list.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_legal_moves);
criterion_main!(benches);

//! `tatsu perft --threads N` counts what one thread counts: the oracle tables of `tests/data/perft/`, on two and
//! three threads (more threads than first moves must not matter either).
use crate::support::binary::tatsu;

/// Every row of an oracle table up to `max_nodes` leaves, as (FEN, depth, nodes).
fn rows(game: &str, max_nodes: u64) -> Vec<(String, u32, u64)> {
    let path = format!("{}/tests/data/perft/{game}.tsv", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .expect("the oracle table exists")
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let nodes: u64 = cols.get(3)?.parse().ok()?;
            let depth: u32 = cols.get(2)?.parse().ok()?;
            (nodes <= max_nodes).then(|| (cols[1].to_string(), depth, nodes))
        })
        .collect()
}

#[test]
fn parallel_perft_counts_the_oracle_tables() {
    for game in ["ryugi", "euroshogi", "chess", "heian-ryu-shogi"] {
        for (fen, depth, nodes) in rows(game, 2_000_000) {
            for threads in ["2", "3"] {
                let depth_text = depth.to_string();
                let run = tatsu(&[
                    "perft",
                    game,
                    "--fen",
                    &fen,
                    "--depth",
                    &depth_text,
                    "--threads",
                    threads,
                ]);
                assert_eq!(run.code, 0, "{}", run.stderr);
                assert_eq!(
                    run.stdout.trim(),
                    format!("Nodes searched: {nodes}"),
                    "{game} depth {depth} on {threads} threads"
                );
            }
        }
    }
}

//! Prints, for each variant file or bundled name given, the bytes each table of the game and of its engine takes
//! ([`tatsu::engine::Engine::table_sizes`]): the breakdown of docs/performance.md's "Tables at scale".
//!
//!     cargo run --release --example table_sizes -- chu-shogi /tmp/q100.tatsu
use tatsu::compile::{compile, table_bytes};
use tatsu::engine::Engine;

fn main() {
    for arg in std::env::args().skip(1) {
        let source = tatsu::variants::bundled()
            .iter()
            .find(|(name, _)| *name == arg)
            .map(|(_, source)| source.to_string())
            .unwrap_or_else(|| std::fs::read_to_string(&arg).expect("a readable variant file"));
        let Ok(compiled) = compile(&arg, &source) else {
            println!("{arg}: does not compile");
            continue;
        };
        let estimate = table_bytes(&compiled.game);
        let started = std::time::Instant::now();
        let engine = Engine::new(compiled.game);
        let built = started.elapsed();
        let sizes = engine.table_sizes();
        let total: usize = sizes.iter().map(|(_, bytes)| bytes).sum();
        println!(
            "{arg}: {:.1} MiB in all (the memory guard's estimate: {:.1} MiB); engine built in {:.2} s",
            mib(total),
            mib(estimate as usize),
            built.as_secs_f64()
        );
        for (name, bytes) in sizes {
            println!("  {name:<16} {:>9.1} MiB", mib(bytes));
        }
        // Games of over 64 types build the reverse attack tables on the first attack test only.
        let started = std::time::Instant::now();
        engine.build_attack_tables();
        let after = engine.table_sizes();
        let total: usize = after.iter().map(|(_, bytes)| bytes).sum();
        println!(
            "  with the reverse attack tables built: {:.1} MiB in all (built in {:.2} s)",
            mib(total),
            started.elapsed().as_secs_f64()
        );
    }
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / (1 << 20) as f64
}

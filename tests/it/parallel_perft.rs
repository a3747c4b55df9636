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

/// A chess depth-3 split at 1 ply (20 units, 8,902 leaves) written under `dir`, counted in two parts with
/// `--results`: the split's path and the two results files.
fn split_in_two_parts(dir: &std::path::Path) -> (String, String, String) {
    let split = tatsu(&["perft", "chess", "--depth", "3", "--split", "1"]);
    assert_eq!(split.code, 0, "{}", split.stderr);
    let lines: Vec<&str> = split.stdout.lines().collect();
    assert!(
        lines[0].starts_with("#tatsu-perft-split\tchess\t"),
        "{}",
        lines[0]
    );
    let path = |name: &str| dir.join(name).display().to_string();
    std::fs::write(path("split.txt"), &split.stdout).unwrap();
    std::fs::write(path("a.txt"), lines[..11].join("\n") + "\n").unwrap();
    std::fs::write(path("b.txt"), lines[11..].join("\n") + "\n").unwrap();
    for part in ["a", "b"] {
        let run = tatsu(&[
            "perft",
            "chess",
            "--units",
            &path(&format!("{part}.txt")),
            "--results",
            &path(&format!("r{part}.txt")),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains("not a whole split"), "{}", run.stdout);
    }
    (path("split.txt"), path("ra.txt"), path("rb.txt"))
}

/// `--total` adds the parts' results against the split's manifest, and refuses a gap, a unit counted twice with
/// two counts, and a unit of another split, naming each (before, a repeat was summed and a gap lowered the total).
#[test]
fn a_split_total_refuses_gaps_conflicting_repeats_and_foreign_units() {
    let dir = crate::support::scratch::scratch("perft-total");
    let (split, ra, rb) = split_in_two_parts(&dir);
    let total = tatsu(&["perft", "chess", "--total", &split, &ra, &rb]);
    assert_eq!(total.code, 0, "{}", total.stderr);
    assert_eq!(total.stdout, "Nodes searched: 8902\n");

    let gap = tatsu(&["perft", "chess", "--total", &split, &ra]);
    assert_eq!(gap.code, 1, "{}", gap.stdout);
    assert!(
        gap.stderr
            .contains("10 of the split's 20 units have no result: 10, 11, 12"),
        "{}",
        gap.stderr
    );

    let repeat = tatsu(&["perft", "chess", "--total", &split, &ra, &rb, &ra]);
    assert_eq!(repeat.stdout, "Nodes searched: 8902\n", "{}", repeat.stderr);
    assert!(
        repeat.stderr.contains("unit 0 repeats"),
        "{}",
        repeat.stderr
    );

    let first = std::fs::read_to_string(&ra).unwrap();
    let first = first.lines().next().unwrap();
    let forged = dir.join("forged.txt");
    std::fs::write(&forged, format!("1{first}\n")).unwrap();
    let forged = forged.display().to_string();
    let conflict = tatsu(&["perft", "chess", "--total", &split, &ra, &rb, &forged]);
    assert_eq!(conflict.code, 1);
    assert!(
        conflict.stderr.contains("forged.txt:1: unit 0 counts 1"),
        "{}",
        conflict.stderr
    );

    let other = tatsu(&["perft", "chess", "--depth", "2", "--split", "1"]).stdout;
    let foreign = dir.join("foreign.txt");
    std::fs::write(&foreign, format!("20\t{}\n", other.lines().nth(1).unwrap())).unwrap();
    let foreign = foreign.display().to_string();
    let run = tatsu(&["perft", "chess", "--total", &split, &ra, &rb, &foreign]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("foreign.txt:1: unit `"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("is not one of this split's"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--units` with `--results` counts only the units not already in the results file, so that a stopped run
/// resumes; a unit that repeats in a units file is refused.
#[test]
fn unit_results_let_a_later_run_resume_and_a_repeated_unit_is_refused() {
    let dir = crate::support::scratch::scratch("perft-resume");
    let (split, ra, _) = split_in_two_parts(&dir);
    let results = dir.join("all.txt").display().to_string();
    std::fs::copy(&ra, &results).unwrap();
    let run = tatsu(&["perft", "chess", "--units", &split, "--results", &results]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.ends_with("Nodes searched: 8902\n"),
        "{}",
        run.stdout
    );
    let kept = std::fs::read_to_string(&results).unwrap();
    assert_eq!(
        kept.lines().count(),
        20,
        "the ten counted before were not appended again"
    );

    let text = std::fs::read_to_string(&split).unwrap();
    let twice = dir.join("twice.txt");
    std::fs::write(&twice, format!("{text}{}\n", text.lines().nth(1).unwrap())).unwrap();
    let run = tatsu(&["perft", "chess", "--units", &twice.display().to_string()]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("twice.txt:22: unit 0 repeats"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

//! `tatsu export --to fsf`: what Fairy-Stockfish cannot say is listed and the export refused (or, lossy, named in
//! comments); what it can say is checked by the real engine: pyffish loads the exported definition and its perft,
//! counted by `scripts/fsf_perft.py`, equals tatsu's.
use crate::support::binary::tatsu;
use std::process::Command;
use tatsu::engine::{perft::perft, Engine, Position};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn game(name: &str) -> tatsu::rules::Game {
    tatsu::variants::load(name).expect("loads").game
}

#[test]
fn zone_dependent_moves_and_promotion_on_arrival_are_listed_and_refused() {
    let refusal = tatsu::export::to_fsf(
        &game(&format!("{ROOT}/docs/examples/mini-ryu.tatsu")),
        "x",
        false,
    )
    .unwrap_err();
    assert!(refusal.fatal.is_empty());
    assert_eq!(refusal.inexpressible.len(), 6, "{refusal}");
    assert!(refusal.inexpressible[0]
        .starts_with("the General moves by zone (\"WfF\" in camp, \"RfB\" in field)"));
}

#[test]
fn a_board_larger_than_fsfs_is_refused_even_when_lossy() {
    let refusal = tatsu::export::to_fsf(&game("ryu-shogi"), "x", true).unwrap_err();
    assert_eq!(refusal.fatal, ["the board is 7x12; FSF's largest is 12x10"]);
    assert!(
        refusal.inexpressible.len() >= 9,
        "the zone rules are listed too: {refusal}"
    );
}

#[test]
fn ryugis_two_castling_distances_are_named_and_the_export_refused() {
    let run = tatsu(&["export", "ryugi", "--to", "fsf"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("castling: 8 castling moves for 4 rights"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn a_lossy_export_names_every_dropped_rule_in_a_comment() {
    let run = tatsu(&["export", "ryugi", "--to", "fsf", "--lossy"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let dropped: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("# dropped (Fairy-Stockfish cannot say it): "))
        .collect();
    assert_eq!(dropped.len(), 2, "{}", run.stdout);
    assert_eq!(run.stderr.matches("warning: left out:").count(), 2);
}

#[test]
fn euroshogi_and_shogi_export_without_loss() {
    for name in ["euroshogi", "shogi"] {
        let e = tatsu::export::to_fsf(&game(name), "x", false).unwrap();
        assert!(e.dropped.is_empty(), "{name}: {:?}", e.dropped);
        assert!(e.text.contains("shogiPawnDropMateIllegal = true"));
        assert!(e.text.contains("dropNoDoubled = p"));
    }
}

/// `python3` with pyffish, or `None` (and a message) when it is missing outside CI; in CI its absence fails.
fn pyffish() -> Option<()> {
    let ok = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(());
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but python3 cannot import pyffish: the FSF export check must run in CI (pip install pyffish)"
    );
    eprintln!("SKIPPED: python3 with pyffish is not installed here (pip install pyffish); the FSF export is not checked");
    None
}

/// Perft of the exported definition, counted by Fairy-Stockfish.
fn fsf_perft(ini: &std::path::Path, variant: &str, depth: u32, fen: Option<&str>) -> u64 {
    let mut cmd = Command::new("python3");
    cmd.arg(format!("{ROOT}/scripts/fsf_perft.py"))
        .arg(ini)
        .arg(variant)
        .arg(depth.to_string());
    if let Some(fen) = fen {
        cmd.arg(fen);
    }
    let out = cmd.output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        !stderr.contains("already exists") && !stderr.contains("nvalid"),
        "pyffish did not take the definition: {stderr}"
    );
    stdout
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{stdout}{stderr}"))
}

/// A position (`None`: the start) and a perft depth.
type Perft = (Option<&'static str>, u32);

#[test]
fn fairy_stockfish_loads_each_export_and_counts_the_same_perft() {
    if pyffish().is_none() {
        return;
    }
    let dir = crate::support::scratch::scratch("fsf");
    // (game, lossy, positions: FEN or the start, depth). Chess is lossy only for its insufficient-material list,
    // which no perft sees.
    let placement = format!("{ROOT}/tests/data/variants/placement.tatsu");
    let seirawan = format!("{ROOT}/tests/data/variants/seirawan.tatsu");
    let cases: [(&str, bool, &[Perft]); 6] = [
        (
            "chess",
            true,
            &[
                (None, 3),
                (
                    Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                    2,
                ),
                (Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 3),
            ],
        ),
        (
            "shogi",
            false,
            &[
                (None, 3),
                (
                    Some(
                        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 3",
                    ),
                    2,
                ),
            ],
        ),
        (
            "euroshogi",
            false,
            &[
                (None, 3),
                (
                    Some("1nbgkgn1/1r4b1/2pppppp/Pp6/8/1PPPPPPP/1B4R1/1NGKGBN1[P] w - - 1 3"),
                    2,
                ),
                (Some("4k3/8/3B4/8/8/8/8/K7[Pg] w - - 0 1"), 2),
            ],
        ),
        (
            // Remembered promotions are FSF's own crazyhouse rule: a captured `Q~` is a pawn in hand there too.
            "crazyhouse",
            false,
            &[
                (None, 3),
                (Some("3Q~k3/8/8/8/8/8/8/4K3[] b - - 0 1"), 3),
                (Some("k7/3P4/8/8/8/8/8/4K3[] w - - 0 1"), 3),
            ],
        ),
        (
            // Lossy for the pawn's drop zone only: it is never held. A king in hand, the bishops' colours and
            // castling rights gained by drops are FSF's own placement switches.
            &placement,
            true,
            &[
                (None, 2),
                (Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1"), 3),
                (
                    Some("4k3/pppppppp/8/8/8/8/PPPPPPPP/RB1QK1NR[BN] w - - 0 1"),
                    3,
                ),
                (Some("4k3/8/8/8/8/8/P7/1r6[K] w - - 0 1"), 3),
            ],
        ),
        (
            // Gating is FSF's own `seirawanGating`; the gates come from the FEN's castling field.
            &seirawan,
            false,
            &[
                (None, 3),
                (Some("r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1"), 2),
                (Some("4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1"), 3),
            ],
        ),
    ];
    for (name, lossy, positions) in cases {
        let g = game(name);
        let short = std::path::Path::new(name)
            .file_stem()
            .unwrap()
            .to_string_lossy();
        let variant = format!("tatsu-{short}");
        let exported = tatsu::export::to_fsf(&g, &variant, lossy).unwrap();
        let ini = dir.join(format!("{short}.ini"));
        std::fs::write(&ini, &exported.text).unwrap();
        let engine = Engine::new(g);
        for &(fen, depth) in positions {
            let mut pos = match fen {
                Some(f) => Position::from_fen(&engine, f).unwrap(),
                None => Position::start(&engine),
            };
            assert_eq!(
                fsf_perft(&ini, &variant, depth, fen),
                perft(&mut pos, depth),
                "{name} {fen:?} depth {depth}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_documented_exports_are_what_the_binary_prints() {
    let doc = std::fs::read_to_string(format!("{ROOT}/docs/export.md")).unwrap();
    for (args, refused) in [
        (&["export", "euroshogi", "--to", "fsf"][..], false),
        (
            &["export", "docs/examples/mini-ryu.tatsu", "--to", "fsf"][..],
            true,
        ),
    ] {
        let command = format!("$ tatsu {}\n", args.join(" "));
        let start = doc.find(&command).expect("docs/export.md shows it") + command.len();
        let shown = &doc[start..start + doc[start..].find("```").unwrap()];
        let run = tatsu(args);
        let printed = if refused { run.stderr } else { run.stdout };
        assert_eq!(printed, shown, "{command}");
    }
}

//! Lists the bundled games for the binary: every `variants/*.tatsu`, by file stem, in name order. A game is
//! bundled by adding its file; nothing about a particular game is written in src/ (`src/variants.rs` includes the
//! list this writes).
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("variants");
    // A directory here is scanned whole: adding, removing or editing a file reruns this script.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut games: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "the bundled games' folder {} cannot be read: {e}",
                dir.display()
            )
        })
        .filter_map(|entry| {
            let path = entry.expect("a readable folder entry").path();
            let stem = path.file_stem()?.to_str()?.to_string();
            (path.extension()? == "tatsu").then(|| (stem, path.display().to_string()))
        })
        .collect();
    games.sort();
    let mut out = format!(
        "/// The bundled games, `(name, source)`, in name order (written by build.rs from variants/).\n\
         static BUNDLED: [(&str, &str); {}] = [\n",
        games.len()
    );
    for (name, path) in &games {
        writeln!(out, "    ({name:?}, include_str!({path:?})),").expect("writing to a String");
    }
    out += "];\n";
    let target =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    std::fs::write(&target, out)
        .unwrap_or_else(|e| panic!("{} cannot be written: {e}", target.display()));
}

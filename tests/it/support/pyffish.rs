//! pyffish (Fairy-Stockfish's Python binding), the oracle of the tests that load a game into the real engine.
use std::process::Command;

pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `python3` with pyffish, or `None` (and a message) when it is missing outside CI; in CI its absence fails.
pub fn pyffish() -> Option<()> {
    let ok = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(());
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but python3 cannot import pyffish: the Fairy-Stockfish checks must run in CI (pip install pyffish)"
    );
    eprintln!("SKIPPED: python3 with pyffish is not installed here (pip install pyffish); Fairy-Stockfish does not check this");
    None
}

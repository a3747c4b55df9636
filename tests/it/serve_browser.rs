//! `tatsu serve`'s page in a real browser: `scripts/browser_test.py` drives headless Chromium through chromedriver
//! (the W3C WebDriver protocol, standard-library Python) and plays by clicking: a move and a capture, a drop from
//! hand, a promotion choice, a Lion double move, the engine's reply, and a served file saved broken then fixed.
//! Ignored in the everyday loop (it needs a browser and takes a while); CI runs it with the ignored tests.
use std::path::Path;
use std::process::Command;

/// Whether `program` is on the PATH.
fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
#[ignore = "drives headless Chromium (apt-get install chromium chromium-driver): run with --include-ignored, as CI does"]
fn the_page_plays_by_clicks_and_shows_a_broken_file_in_a_real_browser() {
    let browser = installed("chromium") || installed("chromium-browser");
    if !(browser && installed("chromedriver")) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but chromium or chromedriver is missing: the browser test must run in CI \
             (apt-get install -y chromium chromium-driver)"
        );
        eprintln!("SKIPPED: chromium or chromedriver is not installed here (apt-get install -y chromium chromium-driver)");
        return;
    }
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/browser_test.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_tatsu"))
        .arg(&shots)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the browser test failed (screenshots in {}):\n{stdout}\n{stderr}",
        shots.display()
    );
}

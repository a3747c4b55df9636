//! A fresh folder of this test process in the system's temporary folder, for tests that write files.

/// `tatsu-NAME-PID` in the temporary folder, created (the caller removes it).
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tatsu-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

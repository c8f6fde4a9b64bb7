//! Test support: asks ffprobe, when it is installed, about a media file, so host tests can check
//! that what the core writes or cuts is a file a real demuxer reads (webm_tests, transcript_tests).

/// Writes `bytes` to a temporary file, runs ffprobe on it with `args` (what to show) and gives
/// the answer trimmed, or None when ffprobe is not installed. `name` keeps the files of tests
/// running at the same time apart.
pub fn ffprobe(bytes: &[u8], name: &str, args: &[&str]) -> Option<String> {
    let path = std::env::temp_dir().join(format!("lupa-{name}-{}.webm", std::process::id()));
    std::fs::write(&path, bytes).ok()?;
    let out = std::process::Command::new("ffprobe")
        .args(["-v", "error"])
        .args(args)
        .args(["-of", "csv=p=0"])
        .arg(&path)
        .output()
        .ok();
    let _ = std::fs::remove_file(&path);
    let out = out?;
    assert!(out.status.success(), "ffprobe failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

//! The recording formats we store: MediaRecorder's MP4 (Chromium, Safari) and WebM (Firefox). The
//! OpenAPI document states the same rule as `patterns::RECORDING_MIME` (tested there).

pub const UNSUPPORTED: &str = "Formato de grabación no admitido";
const ALLOWED: &[&str] = &["video/mp4", "video/webm"];

/// `video/mp4;codecs=…` → `video/mp4`, when it is a format we store.
pub fn base(mime: &str) -> Option<&'static str> {
    let base = mime.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    ALLOWED.iter().copied().find(|m| *m == base)
}

/// The file extension for a stored format.
pub fn extension(mime: &str) -> &'static str {
    if mime == "video/webm" {
        "webm"
    } else {
        "mp4"
    }
}

//! The upload API's paths and JSON bodies, built as plain strings so they are host-tested and the
//! WASM needs no JSON library.

use crate::steps::StepMark;

/// Largest part size we accept from the server (R2 allows 5 GiB; holding more than a few parts of
/// this size in a tab's memory would not work anyway).
pub const MAX_PART_SIZE: u64 = 100 * 1024 * 1024;

/// `{apiBase}/analysisEntry/{entryId}{suffix}`; the id is percent-encoded, a trailing slash on
/// the base is tolerated.
pub fn entry_url(api_base: &str, entry_id: &str, suffix: &str) -> String {
    format!("{}/analysisEntry/{}{suffix}", api_base.trim_end_matches('/'), encode_component(entry_id))
}

/// Body of `POST .../upload`.
pub fn start_body(mime: &str) -> String {
    format!("{{\"mimeType\":{}}}", json_string(mime))
}

/// Body of `POST .../complete`.
pub fn complete_body(duration_ms: u64, steps: &[StepMark]) -> String {
    let steps: Vec<String> = steps.iter().map(|s| format!("{{\"index\":{},\"atMs\":{}}}", s.index, s.at_ms)).collect();
    format!("{{\"durationMs\":{duration_ms},\"steps\":[{}]}}", steps.join(","))
}

/// Why an upload answer cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupError {
    BadPartSize,
    /// The server already holds parts of an earlier recording for this entry; a new recording
    /// would be mixed with them, so the entry must be abandoned and a new one started.
    StaleParts,
}

impl SetupError {
    pub fn describe(self) -> &'static str {
        match self {
            SetupError::BadPartSize => "Upload failed: the server sent an invalid part size",
            SetupError::StaleParts => "Upload failed: this entry already holds another recording",
        }
    }
}

/// Checks the `{partSize, parts}` answer of `POST .../upload` for a new recording.
pub fn check_setup(part_size: f64, existing_parts: u32) -> Result<usize, SetupError> {
    if !(part_size.is_finite() && part_size >= 1.0 && part_size <= MAX_PART_SIZE as f64 && part_size.fract() == 0.0) {
        return Err(SetupError::BadPartSize);
    }
    if existing_parts > 0 {
        return Err(SetupError::StaleParts);
    }
    Ok(part_size as usize)
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `encodeURIComponent`: everything but unreserved characters is percent-encoded.
fn encode_component(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_paths() {
        assert_eq!(entry_url("/api/v1", "e-1", "/upload"), "/api/v1/analysisEntry/e-1/upload");
        assert_eq!(entry_url("https://x.test/api/v1/", "a/b c", "/parts/3"), "https://x.test/api/v1/analysisEntry/a%2Fb%20c/parts/3");
        assert_eq!(entry_url("/api/v1", "ü", ""), "/api/v1/analysisEntry/%C3%BC");
    }

    #[test]
    fn builds_bodies() {
        assert_eq!(start_body("video/mp4;codecs=vp9,opus"), r#"{"mimeType":"video/mp4;codecs=vp9,opus"}"#);
        assert_eq!(start_body("a\"b\\\n"), r#"{"mimeType":"a\"b\\\u000a"}"#);
        let steps = [StepMark { index: 0, at_ms: 0 }, StepMark { index: 2, at_ms: 1500 }];
        assert_eq!(complete_body(61_000, &steps), r#"{"durationMs":61000,"steps":[{"index":0,"atMs":0},{"index":2,"atMs":1500}]}"#);
        assert_eq!(complete_body(5, &[]), r#"{"durationMs":5,"steps":[]}"#);
    }

    #[test]
    fn checks_the_setup_answer() {
        assert_eq!(check_setup(5_242_880.0, 0), Ok(5_242_880));
        for bad in [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY, 1e12] {
            assert_eq!(check_setup(bad, 0), Err(SetupError::BadPartSize), "{bad}");
        }
        assert_eq!(check_setup(5_242_880.0, 2), Err(SetupError::StaleParts));
    }
}

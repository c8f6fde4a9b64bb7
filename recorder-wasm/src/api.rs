//! The chunk API's paths and JSON bodies (ADR 0005), built as plain strings so they are
//! host-tested and the WASM needs no JSON library.

use crate::steps::StepMark;
use crate::upload::ChunkKey;

/// Which file of a segment a recorder fills (ADR 0008): the screen (video + microphone), the
/// participant's camera (its own small video-only stream, with the same segment numbers), or the
/// microphone alone for transcription (ADR 0018: a small audio-only WebM, same segment numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Track {
    #[default]
    Screen,
    Camera,
    Audio,
}

impl Track {
    /// `new Recorder(entryId, apiBase, track)`: 'camera', 'audio' or anything else (the screen).
    pub fn parse(value: Option<&str>) -> Track {
        match value {
            Some("camera") => Track::Camera,
            Some("audio") => Track::Audio,
            _ => Track::Screen,
        }
    }

    /// The key under which this track's chunks wait on the device: the entry id for the screen
    /// (as before cameras existed), `{entryId}#camera` for the camera, so the two never mix.
    pub fn device_key(self, entry_id: &str) -> String {
        match self {
            Track::Screen => entry_id.to_string(),
            Track::Camera => format!("{entry_id}#camera"),
            Track::Audio => format!("{entry_id}#audio"),
        }
    }
}

/// Largest chunk size we accept from the server (it says 4 MiB; a chunk this big is held in the
/// tab while it is written and sent, so a bogus answer must not make it huge).
pub const MAX_CHUNK_BYTES: u64 = 64 * 1024 * 1024;

/// `{apiBase}/analysisEntry/{entryId}{suffix}`; the id is percent-encoded, a trailing slash on
/// the base is tolerated.
pub fn entry_url(api_base: &str, entry_id: &str, suffix: &str) -> String {
    format!("{}/analysisEntry/{}{suffix}", api_base.trim_end_matches('/'), encode_component(entry_id))
}

/// `/segments/{segment}/chunks/{index}`, or `…/camera-chunks/{index}` for the camera.
pub fn chunk_suffix(key: ChunkKey, track: Track) -> String {
    let kind = match track {
        Track::Screen => "chunks",
        Track::Camera => "camera-chunks",
        Track::Audio => "audio-chunks",
    };
    format!("/segments/{}/{kind}/{}", key.segment, key.index)
}

/// Body of `POST .../segments`: the camera opens the camera track of the newest screen segment.
pub fn segment_body(mime: &str, track: Track) -> String {
    match track {
        Track::Screen => format!("{{\"mimeType\":{}}}", json_string(mime)),
        Track::Camera => format!("{{\"mimeType\":{},\"track\":\"camera\"}}", json_string(mime)),
        Track::Audio => format!("{{\"mimeType\":{},\"track\":\"audio\"}}", json_string(mime)),
    }
}

/// Body of `PUT .../steps`.
pub fn steps_body(steps: &[StepMark]) -> String {
    format!("{{\"steps\":{}}}", steps_json(steps))
}

/// Body of `POST .../complete`.
pub fn complete_body(duration_ms: u64, steps: &[StepMark]) -> String {
    format!("{{\"durationMs\":{duration_ms},\"steps\":{}}}", steps_json(steps))
}

fn steps_json(steps: &[StepMark]) -> String {
    let steps: Vec<String> = steps.iter().map(|s| format!("{{\"index\":{},\"atMs\":{}}}", s.index, s.at_ms)).collect();
    format!("[{}]", steps.join(","))
}

/// The answer of `POST .../segments`: where this capture's chunks go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SegmentInfo {
    /// The segment number (from 1) in the chunk URLs.
    pub segment: u32,
    /// Chunks larger than this are split.
    pub chunk_max_bytes: u64,
    /// Where this segment starts on the participation's timeline, as far as the server knows.
    pub recorded_ms: u64,
}

/// The segment answer is not usable (`UploadSetupError`).
pub const BAD_SEGMENT_ANSWER: &str = "Upload failed: the server sent an invalid segment";

/// Checks the `{segment, chunkMaxBytes, recordedMs}` answer (numbers as JSON gives them).
pub fn check_segment(segment: f64, chunk_max_bytes: f64, recorded_ms: f64) -> Result<SegmentInfo, &'static str> {
    let whole = |v: f64, min: f64, max: f64| v.is_finite() && v.fract() == 0.0 && (min..=max).contains(&v);
    if !whole(segment, 1.0, f64::from(u32::MAX))
        || !whole(chunk_max_bytes, 1.0, MAX_CHUNK_BYTES as f64)
        || !whole(recorded_ms, 0.0, 9e15)
    {
        return Err(BAD_SEGMENT_ANSWER);
    }
    Ok(SegmentInfo {
        segment: segment as u32,
        chunk_max_bytes: chunk_max_bytes as u64,
        recorded_ms: recorded_ms as u64,
    })
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
        assert_eq!(entry_url("/api/v1", "e-1", "/segments"), "/api/v1/analysisEntry/e-1/segments");
        let chunk = chunk_suffix(ChunkKey { segment: 2, index: 17 }, Track::Screen);
        assert_eq!(
            entry_url("https://x.test/api/v1/", "a/b c", &chunk),
            "https://x.test/api/v1/analysisEntry/a%2Fb%20c/segments/2/chunks/17"
        );
        assert_eq!(chunk_suffix(ChunkKey { segment: 3, index: 0 }, Track::Camera), "/segments/3/camera-chunks/0");
        assert_eq!(entry_url("/api/v1", "ü", ""), "/api/v1/analysisEntry/%C3%BC");
    }

    #[test]
    fn builds_bodies() {
        assert_eq!(
            segment_body("video/mp4;codecs=vp9,opus", Track::Screen),
            r#"{"mimeType":"video/mp4;codecs=vp9,opus"}"#
        );
        assert_eq!(segment_body("a\"b\\\n", Track::Screen), r#"{"mimeType":"a\"b\\\u000a"}"#);
        assert_eq!(
            segment_body("video/webm;codecs=vp8", Track::Camera),
            r#"{"mimeType":"video/webm;codecs=vp8","track":"camera"}"#
        );
        let steps = [StepMark { index: 0, at_ms: 0 }, StepMark { index: 2, at_ms: 1500 }];
        assert_eq!(
            complete_body(61_000, &steps),
            r#"{"durationMs":61000,"steps":[{"index":0,"atMs":0},{"index":2,"atMs":1500}]}"#
        );
        assert_eq!(complete_body(5, &[]), r#"{"durationMs":5,"steps":[]}"#);
        assert_eq!(steps_body(&steps[1..]), r#"{"steps":[{"index":2,"atMs":1500}]}"#);
    }

    #[test]
    fn tracks_keep_apart_on_the_device() {
        assert_eq!(Track::parse(Some("camera")), Track::Camera);
        assert_eq!(Track::parse(Some("audio")), Track::Audio);
        assert_eq!(chunk_suffix(ChunkKey { segment: 2, index: 5 }, Track::Audio), "/segments/2/audio-chunks/5");
        assert_eq!(Track::Audio.device_key("e1"), "e1#audio");
        assert_eq!(Track::parse(Some("screen")), Track::Screen);
        assert_eq!(Track::parse(None), Track::Screen);
        assert_eq!(Track::Screen.device_key("e1"), "e1");
        assert_eq!(Track::Camera.device_key("e1"), "e1#camera");
    }

    #[test]
    fn checks_the_segment_answer() {
        let four_mib = 4_194_304.0;
        assert_eq!(
            check_segment(1.0, four_mib, 0.0),
            Ok(SegmentInfo { segment: 1, chunk_max_bytes: 4_194_304, recorded_ms: 0 })
        );
        assert_eq!(check_segment(3.0, four_mib, 61_000.0).map(|s| s.recorded_ms), Ok(61_000));
        for (segment, max, recorded) in [
            (0.0, four_mib, 0.0),
            (1.5, four_mib, 0.0),
            (f64::NAN, four_mib, 0.0),
            (1.0, 0.0, 0.0),
            (1.0, 1e12, 0.0),
            (1.0, four_mib, -1.0),
            (1.0, four_mib, f64::INFINITY),
        ] {
            assert_eq!(check_segment(segment, max, recorded), Err(BAD_SEGMENT_ANSWER), "{segment} {max} {recorded}");
        }
    }
}

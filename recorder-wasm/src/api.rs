//! The chunk API's paths and JSON bodies (ADR 0005), from the types the server uses: the track
//! is `lupa_core::recording::Track`, the paths come from the participant's endpoints
//! (`lupa_core::routes::participant`, the route table's own declarations) and the bodies from
//! `lupa-api-types`' request types, which write their JSON without a JSON library in the wasm.

use lupa_api_types::{CompleteUploadRequest, OpenSegmentRequest, StepsRequest};
pub use lupa_core::recording::{ChunkId, Track};

use crate::steps::StepMark;

/// `new Recorder(entryId, apiBase, track)`: 'camera', 'audio' or anything else (the screen).
pub fn track_named(value: Option<&str>) -> Track {
    value.and_then(|v| v.parse().ok()).unwrap_or_default()
}

/// The key under which a track's chunks wait on the device: the entry id for the screen (as
/// before cameras existed), `{entryId}#camera` for the camera and `{entryId}#audio` for the
/// audio, so they never mix.
pub fn device_key(entry_id: &str, track: Track) -> String {
    let mut key = entry_id.to_string();
    if track != Track::Screen {
        key.push('#');
        key.push_str(track.as_str());
    }
    key
}

/// Largest chunk size we accept from the server (it says 4 MiB; a chunk this big is held in the
/// tab while it is written and sent, so a bogus answer must not make it huge).
pub const MAX_CHUNK_BYTES: u64 = 64 * 1024 * 1024;

/// Body of `POST .../segments`: the camera opens the camera track of the newest screen segment.
/// A quality tier above 0 is named (ADR 0023); a tier-0 body is what the recorder always sent.
pub fn segment_body(mime: &str, track: Track, tier: u8) -> String {
    let request = OpenSegmentRequest::for_track(mime, track);
    if tier == 0 { request } else { request.with_tier(tier) }.to_json()
}

/// Body of `PUT .../steps`.
pub fn steps_body(steps: &[StepMark]) -> String {
    StepsRequest { steps: marks(steps) }.to_json()
}

/// Body of `POST .../complete`.
pub fn complete_body(duration_ms: u64, steps: &[StepMark]) -> String {
    CompleteUploadRequest { durationMs: Some(duration_ms), steps: Some(marks(steps)) }.to_json()
}

fn marks(steps: &[StepMark]) -> Vec<lupa_api_types::StepMark> {
    steps.iter().map(|s| lupa_api_types::StepMark { index: s.index, atMs: s.at_ms }).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_bodies() {
        assert_eq!(
            segment_body("video/mp4;codecs=vp9,opus", Track::Screen, 0),
            r#"{"mimeType":"video/mp4;codecs=vp9,opus"}"#
        );
        assert_eq!(segment_body("a\"b\\\n", Track::Screen, 0), r#"{"mimeType":"a\"b\\\u000a"}"#);
        assert_eq!(
            segment_body("video/webm;codecs=vp8", Track::Camera, 0),
            r#"{"mimeType":"video/webm;codecs=vp8","track":"camera"}"#
        );
        assert_eq!(
            segment_body("video/webm;codecs=vp9,opus", Track::Screen, 3),
            r#"{"mimeType":"video/webm;codecs=vp9,opus","tier":3}"#
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
        assert_eq!(track_named(Some("camera")), Track::Camera);
        assert_eq!(track_named(Some("audio")), Track::Audio);
        assert_eq!(track_named(Some("screen")), Track::Screen);
        assert_eq!(track_named(Some("mic")), Track::Screen);
        assert_eq!(track_named(None), Track::Screen);
        assert_eq!(device_key("e1", Track::Screen), "e1");
        assert_eq!(device_key("e1", Track::Camera), "e1#camera");
        assert_eq!(device_key("e1", Track::Audio), "e1#audio");
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

//! The recorder's request bodies (recorder-wasm), written from this crate's request types.
//!
//! The recorder is size-budgeted wasm: `serde_json` would cost it about 2 KB gzipped, more than
//! the room its budget has. So these three types write their own JSON, and the tests hold it to
//! what serde makes of the same values, so a field renamed or added to a type fails here instead
//! of reaching the server spelled the old way.

use lupa_core::recording::Track;

use crate::{CompleteUploadRequest, OpenSegmentRequest, StepMark, StepsRequest};

impl OpenSegmentRequest {
    /// The body that opens a segment of `track` recorded as `mime`. The screen's names no track
    /// (the route's default), as the recorder always sent it.
    pub fn for_track(mime: &str, track: Track) -> OpenSegmentRequest {
        let track = (track != Track::Screen).then(|| track.as_str().to_string());
        OpenSegmentRequest { mimeType: Some(mime.to_string()), track, tier: None }
    }

    /// The same request recorded at quality `tier` (issue 48; 0 is product §9's rates, up to
    /// `lupa_core::recording::MAX_TIER`). Without it the body names no tier, which the server
    /// reads as 0, as every recorder before tiers sent it.
    pub fn with_tier(self, tier: u8) -> OpenSegmentRequest {
        OpenSegmentRequest { tier: Some(tier), ..self }
    }

    /// This request as JSON (absent fields are left out).
    pub fn to_json(&self) -> String {
        let mut json = Object::new();
        if let Some(mime) = &self.mimeType {
            json.string("mimeType", mime);
        }
        if let Some(track) = &self.track {
            json.string("track", track);
        }
        if let Some(tier) = self.tier {
            json.number("tier", u64::from(tier));
        }
        json.end()
    }
}

impl StepsRequest {
    /// This request as JSON.
    pub fn to_json(&self) -> String {
        let mut json = Object::new();
        json.steps("steps", &self.steps);
        json.end()
    }
}

impl CompleteUploadRequest {
    /// This request as JSON (absent fields are left out).
    pub fn to_json(&self) -> String {
        let mut json = Object::new();
        if let Some(duration) = self.durationMs {
            json.number("durationMs", duration);
        }
        if let Some(steps) = &self.steps {
            json.steps("steps", steps);
        }
        json.end()
    }
}

/// A JSON object written field by field into one string (no intermediate strings to join: this
/// runs in the recorder's wasm, whose size has a budget).
struct Object(String);

impl Object {
    fn new() -> Object {
        Object(String::from("{"))
    }

    fn key(&mut self, key: &str) {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        self.0.push('"');
        self.0.push_str(key);
        self.0.push_str("\":");
    }

    /// A number value.
    fn number(&mut self, key: &str, value: u64) {
        self.key(key);
        self.0.push_str(&value.to_string());
    }

    /// A string value: quotes, backslashes and control characters escaped.
    fn string(&mut self, key: &str, value: &str) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        self.key(key);
        self.0.push('"');
        for c in value.chars() {
            match c {
                '"' => self.0.push_str("\\\""),
                '\\' => self.0.push_str("\\\\"),
                c if u32::from(c) < 0x20 => {
                    self.0.push_str("\\u00");
                    self.0.push(char::from(HEX[usize::from(c as u8 >> 4)]));
                    self.0.push(char::from(HEX[usize::from(c as u8 & 15)]));
                }
                c => self.0.push(c),
            }
        }
        self.0.push('"');
    }

    fn steps(&mut self, key: &str, steps: &[StepMark]) {
        self.key(key);
        self.0.push('[');
        for (n, step) in steps.iter().enumerate() {
            if n > 0 {
                self.0.push(',');
            }
            let mut mark = Object::new();
            mark.number("index", u64::from(step.index));
            mark.number("atMs", step.atMs);
            self.0.push_str(&mark.end());
        }
        self.0.push(']');
    }

    fn end(mut self) -> String {
        self.0.push('}');
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// What serde writes for `value`, without the fields it writes as `null` (left out here).
    fn serde_json_of<T: serde::Serialize>(value: &T) -> Value {
        let mut json = serde_json::to_value(value).unwrap();
        if let Value::Object(map) = &mut json {
            map.retain(|_, v| !v.is_null());
        }
        json
    }

    fn same_as_serde<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T, written: &str) {
        let parsed: Value = serde_json::from_str(written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(parsed, serde_json_of(value), "{written}");
        assert!(serde_json::from_str::<T>(written).is_ok(), "the server reads {written}");
    }

    #[test]
    fn a_segment_request_is_what_serde_writes() {
        for track in Track::ALL {
            for mime in ["video/mp4;codecs=vp9,opus", "a\"b\\\n\u{1}é", ""] {
                let request = OpenSegmentRequest::for_track(mime, *track);
                same_as_serde(&request, &request.to_json());
            }
        }
        let empty = OpenSegmentRequest { mimeType: None, track: None, tier: None };
        same_as_serde(&empty, &empty.to_json());
        for tier in 0..=lupa_core::recording::MAX_TIER {
            for track in Track::ALL {
                let request = OpenSegmentRequest::for_track("video/webm;codecs=vp8,opus", *track).with_tier(tier);
                same_as_serde(&request, &request.to_json());
            }
        }
    }

    #[test]
    fn a_segment_request_with_a_tier_names_it_last() {
        let screen = OpenSegmentRequest::for_track("video/mp4;codecs=vp9,opus", Track::Screen).with_tier(2);
        assert_eq!(screen.to_json(), r#"{"mimeType":"video/mp4;codecs=vp9,opus","tier":2}"#);
        let camera = OpenSegmentRequest::for_track("video/webm;codecs=vp8", Track::Camera).with_tier(0);
        assert_eq!(camera.to_json(), r#"{"mimeType":"video/webm;codecs=vp8","track":"camera","tier":0}"#);
    }

    #[test]
    fn segment_requests_are_what_the_recorder_always_sent() {
        let screen = OpenSegmentRequest::for_track("video/mp4;codecs=vp9,opus", Track::Screen);
        assert_eq!(screen.to_json(), r#"{"mimeType":"video/mp4;codecs=vp9,opus"}"#);
        let odd = OpenSegmentRequest::for_track("a\"b\\\n", Track::Screen);
        assert_eq!(odd.to_json(), r#"{"mimeType":"a\"b\\\u000a"}"#);
        let camera = OpenSegmentRequest::for_track("video/webm;codecs=vp8", Track::Camera);
        assert_eq!(camera.to_json(), r#"{"mimeType":"video/webm;codecs=vp8","track":"camera"}"#);
        let audio = OpenSegmentRequest::for_track("audio/webm;codecs=opus", Track::Audio);
        assert_eq!(audio.to_json(), r#"{"mimeType":"audio/webm;codecs=opus","track":"audio"}"#);
    }

    #[test]
    fn steps_and_complete_are_what_serde_writes() {
        let steps = vec![StepMark { index: 0, atMs: 0 }, StepMark { index: 2, atMs: 1500 }];
        let request = StepsRequest { steps: steps.clone() };
        assert_eq!(request.to_json(), r#"{"steps":[{"index":0,"atMs":0},{"index":2,"atMs":1500}]}"#);
        same_as_serde(&request, &request.to_json());
        same_as_serde(&StepsRequest { steps: vec![] }, &StepsRequest { steps: vec![] }.to_json());
        let complete = CompleteUploadRequest { durationMs: Some(61_000), steps: Some(steps) };
        assert_eq!(
            complete.to_json(),
            r#"{"durationMs":61000,"steps":[{"index":0,"atMs":0},{"index":2,"atMs":1500}]}"#
        );
        same_as_serde(&complete, &complete.to_json());
        let bare = CompleteUploadRequest { durationMs: Some(u64::MAX), steps: None };
        same_as_serde(&bare, &bare.to_json());
        let none = CompleteUploadRequest { durationMs: None, steps: Some(vec![]) };
        assert_eq!(none.to_json(), r#"{"steps":[]}"#);
        same_as_serde(&none, &none.to_json());
    }
}

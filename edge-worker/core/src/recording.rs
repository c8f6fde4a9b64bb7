//! The recording protocol's vocabulary (ADR 0005, 0008, 0013, 0018): the tracks a participation
//! records, a chunk's name, the states of a participation's object and of its segments, and the
//! quality tier a segment was recorded at (issue 48). One type each, used by the worker, the
//! participation object and the recorder (recorder-wasm) alike.
//!
//! Each value keeps the string it has always had on the wire, in D1's and the object's SQLite
//! columns and in R2 keys (`serde` and [`as_str`](Track::as_str) give the same one, a test checks),
//! so nothing stored or sent changes; an unknown string is refused rather than read as a default.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// `track` of `POST …/segments` is none of the tracks that can be opened.
pub const TRACK_INVALID: &str = "Pista de grabación no válida: usa 'screen' o 'camera'";

/// A string that names no value of the type it was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownValue(pub &'static str);

impl fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {}", self.0)
    }
}

/// Gives a unit enum its strings: `as_str`, `ALL`, `FromStr` (exact, nothing else) and `Display`.
/// The serde names are declared on the enum itself and checked against these by the tests.
macro_rules! named_values {
    ($ty:ident, $kind:literal, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The value's string on the wire and in storage.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl FromStr for $ty {
            type Err = UnknownValue;

            fn from_str(value: &str) -> Result<Self, UnknownValue> {
                match value {
                    $($name => Ok($ty::$variant),)+
                    _ => Err(UnknownValue($kind)),
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// What a file of a segment records (ADR 0008, ADR 0018): the screen with the microphone, the
/// participant's camera (its own small video-only stream, same segment numbers), or the
/// microphone alone for transcription (a small audio-only WebM the object keeps, same numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Track {
    #[default]
    Screen,
    Camera,
    Audio,
}

named_values!(Track, "track", { Screen => "screen", Camera => "camera", Audio => "audio" });

impl Track {
    /// `track` of `POST …/segments`: missing means the screen; `'audio'` names the transcription
    /// track of the newest screen segment. Exactly one of the three, as the OpenAPI document's
    /// enum says (ADR 0020): a padded value is refused.
    pub fn requested(value: Option<&str>) -> Result<Track, &'static str> {
        match value {
            None => Ok(Track::Screen),
            Some(v) => v.parse().map_err(|_| TRACK_INVALID),
        }
    }
}

/// One chunk of a participation: its segment's number (from 1), its track, and its index within
/// that segment's track (from 0). What a chunk's upload, its reservation and its commit name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChunkId {
    pub seq: u32,
    pub track: Track,
    pub index: u32,
}

/// Where a participation's object is (ADR 0013): recording (or waiting to), left or deleted
/// (everything refused; its storage swept), or submitted (its ledger forgotten, the seek indexes
/// and the transcript finished on the alarm).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ParticipationState {
    #[default]
    Active,
    Deleted,
    Finished,
}

named_values!(ParticipationState, "participation state", {
    Active => "active",
    Deleted => "deleted",
    Finished => "finished",
});

/// Where a segment's file is (ADR 0005): still taking chunks, closed into a complete file, or
/// closed with nothing stored (no file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SegmentState {
    #[default]
    Open,
    Closed,
    Empty,
}

named_values!(SegmentState, "segment state", { Open => "open", Closed => "closed", Empty => "empty" });

/// The highest quality tier (issue 48): a segment is recorded at tier 0 (product §9's rates,
/// 1,000,000 bit/s of video and 96,000 of audio: the default and the best) or at one of the lower
/// tiers the recorder picks for a slow uplink, down to this one, the legibility floor. A recorder
/// changes tier by opening a new segment, so a tier is a segment's, for its whole file.
pub const MAX_TIER: u8 = 3;

/// `tier` of `POST …/segments` is not one of the tiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadTier;

/// `tier` of `POST …/segments` as the JSON body has it: absent (or `null`, as the optional field's
/// schema allows) is tier 0, as every recorder before issue 48 sent it; otherwise a whole number
/// from 0 to [`MAX_TIER`]. JSON has one kind of number, so `2.0` is 2 (as `json_body` reads every
/// integer field); a fraction, a negative number, a larger one or another type is refused. Read
/// from the body before its type is, so that a wrong type gets the tier's own error rather than
/// the generic one for a field of the wrong type.
pub fn requested_tier(value: Option<&serde_json::Value>) -> Result<u8, BadTier> {
    let number = match value {
        None | Some(serde_json::Value::Null) => return Ok(0),
        Some(serde_json::Value::Number(number)) => number,
        Some(_) => return Err(BadTier),
    };
    let whole = match number.as_u64() {
        Some(n) => n,
        None => {
            number.as_f64().filter(|f| f.fract() == 0.0 && (0.0..=f64::from(MAX_TIER)).contains(f)).ok_or(BadTier)?
                as u64
        }
    };
    u8::try_from(whole).ok().filter(|tier| *tier <= MAX_TIER).ok_or(BadTier)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value reads back from its string, serde writes the same string, and both refuse
    /// what is not one of them.
    fn round_trips<T>(all: &[T], as_str: fn(T) -> &'static str, refused: &[&str])
    where
        T: Copy + fmt::Debug + PartialEq + FromStr<Err = UnknownValue> + fmt::Display + Serialize,
        T: for<'de> Deserialize<'de>,
    {
        for &value in all {
            let name = as_str(value);
            assert_eq!(name.parse::<T>(), Ok(value), "{name}");
            assert_eq!(value.to_string(), name);
            let json = serde_json::to_string(&value).unwrap_or_default();
            assert_eq!(json, format!("\"{name}\""), "serde writes the stored string");
            assert_eq!(serde_json::from_str::<T>(&json).ok(), Some(value));
        }
        for bad in refused {
            assert!(bad.parse::<T>().is_err(), "{bad:?}");
            assert!(serde_json::from_str::<T>(&format!("\"{bad}\"")).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn tracks_keep_their_strings_and_refuse_others() {
        assert_eq!(Track::ALL, &[Track::Screen, Track::Camera, Track::Audio]);
        round_trips(Track::ALL, Track::as_str, &["", "Screen", " camera", "mic", "chunks", "screen-chunks"]);
        assert_eq!("mic".parse::<Track>(), Err(UnknownValue("track")));
        assert_eq!(UnknownValue("track").to_string(), "not a track");
    }

    #[test]
    fn a_segment_request_names_its_track_exactly() {
        assert_eq!(Track::requested(None), Ok(Track::Screen));
        assert_eq!(Track::requested(Some("screen")), Ok(Track::Screen));
        assert_eq!(Track::requested(Some("camera")), Ok(Track::Camera));
        assert_eq!(Track::requested(Some("audio")), Ok(Track::Audio));
        for bad in ["mic", "", " audio", "Camera", " camera ", "screen "] {
            assert_eq!(Track::requested(Some(bad)), Err(TRACK_INVALID), "{bad:?}");
        }
    }

    #[test]
    fn a_segment_request_names_a_tier_from_0_to_3_or_none() {
        use serde_json::json;
        assert_eq!(requested_tier(None), Ok(0), "absent: what every recorder before tiers sent");
        assert_eq!(requested_tier(Some(&json!(null))), Ok(0));
        for tier in 0..=MAX_TIER {
            assert_eq!(requested_tier(Some(&json!(tier))), Ok(tier));
            assert_eq!(requested_tier(Some(&json!(f64::from(tier)))), Ok(tier), "{tier}.0 is the integer {tier}");
        }
        for bad in
            [json!(-1), json!(4), json!(255), json!(256), json!(u64::MAX), json!(i64::MIN), json!(1.5), json!(-0.5)]
        {
            assert_eq!(requested_tier(Some(&bad)), Err(BadTier), "{bad}");
        }
        for bad in [json!("2"), json!(true), json!([1]), json!({ "tier": 1 }), json!(""), json!(3.000_001)] {
            assert_eq!(requested_tier(Some(&bad)), Err(BadTier), "{bad}");
        }
        // The refusal's fixed words name the range this rule takes.
        let wording = crate::error_code::Fixed::BadTier.wording();
        assert!(wording.ends_with(&format!("de 0 a {MAX_TIER}")), "{wording}");
    }

    #[test]
    fn participation_states_keep_their_strings_and_refuse_others() {
        round_trips(ParticipationState::ALL, ParticipationState::as_str, &["", "Active", "in_progress", "submitted"]);
        assert_eq!(ParticipationState::default(), ParticipationState::Active, "the column's default");
    }

    #[test]
    fn segment_states_keep_their_strings_and_refuse_others() {
        round_trips(SegmentState::ALL, SegmentState::as_str, &["", "OPEN", "complete", "aborted"]);
        assert_eq!(SegmentState::default(), SegmentState::Open, "the column's default");
    }

    #[test]
    fn a_chunk_id_is_three_fields_on_the_wire() {
        let id = ChunkId { seq: 2, track: Track::Camera, index: 17 };
        let json = serde_json::to_string(&id).unwrap_or_default();
        assert_eq!(json, r#"{"seq":2,"track":"camera","index":17}"#);
        assert_eq!(serde_json::from_str::<ChunkId>(&json).ok(), Some(id));
        assert!(serde_json::from_str::<ChunkId>(r#"{"seq":2,"track":"mic","index":17}"#).is_err());
        let mut ids = [id, ChunkId { seq: 1, ..id }, ChunkId { track: Track::Screen, ..id }];
        ids.sort();
        assert_eq!(ids.map(|c| (c.seq, c.track)), [(1, Track::Camera), (2, Track::Screen), (2, Track::Camera)]);
    }
}

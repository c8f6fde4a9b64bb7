//! The SFU calls a moderated session makes (Cloudflare's OpenAPI document, `calls-api-2024-05-21`):
//! one session per browser's `RTCPeerConnection`, publishing its tracks (`location: "local"`),
//! pulling another session's (`location: "remote"`), answering the SFU's offer (renegotiate) and
//! closing tracks. Rooms are ours: the SFU only knows sessions and track names.

use serde::{Deserialize, Serialize};

use super::{json_call, read_answer, segment, HttpCall, RealtimeError};

/// An SDP offer or answer, as `RTCSessionDescriptionInit` has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionDescription {
    pub sdp: String,
    #[serde(rename = "type")]
    pub kind: SdpKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SdpKind {
    Offer,
    Answer,
}

/// A track this session sends: its transceiver's `mid` in the offer, and the name others pull it by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalTrack {
    pub mid: String,
    pub track_name: String,
}

/// A track another session publishes, to receive on this one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteTrack {
    pub session_id: String,
    pub track_name: String,
}

/// `TrackObject` as a request names it.
#[derive(Serialize)]
#[serde(tag = "location", rename_all = "lowercase")]
enum TrackObject<'a> {
    #[serde(rename_all = "camelCase")]
    Local { mid: &'a str, track_name: &'a str },
    #[serde(rename_all = "camelCase")]
    Remote { session_id: &'a str, track_name: &'a str },
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TracksRequest<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    session_description: Option<&'a SessionDescription>,
    tracks: Vec<TrackObject<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DescriptionRequest<'a> {
    session_description: &'a SessionDescription,
}

#[derive(Serialize)]
struct Mid<'a> {
    mid: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CloseRequest<'a> {
    tracks: Vec<Mid<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    session_description: Option<&'a SessionDescription>,
    force: bool,
}

/// One Realtime application: where its API is, its id and its secret (the bearer token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct App<'a> {
    pub base: &'a str,
    pub app_id: &'a str,
    pub secret: &'a str,
}

impl App<'_> {
    fn call(&self, method: &'static str, path: &str, body: Option<String>) -> HttpCall {
        let path = format!("/apps/{}{path}", segment(self.app_id));
        json_call(method, self.base, &path, self.secret, body)
    }

    fn session_call(&self, method: &'static str, session_id: &str, rest: &str, body: String) -> HttpCall {
        self.call(method, &format!("/sessions/{}{rest}", segment(session_id)), Some(body))
    }

    /// `POST /apps/{appId}/sessions/new`: a session for one `RTCPeerConnection`, with no body (its
    /// tracks come with the first `tracks/new`).
    pub fn new_session(&self) -> HttpCall {
        self.call("POST", "/sessions/new", None)
    }

    /// `POST …/sessions/{sessionId}/tracks/new` publishing `tracks` with the browser's `offer`.
    pub fn publish_tracks(&self, session_id: &str, offer: &SessionDescription, tracks: &[LocalTrack]) -> HttpCall {
        let tracks = tracks.iter().map(|t| TrackObject::Local { mid: &t.mid, track_name: &t.track_name }).collect();
        self.session_call(
            "POST",
            session_id,
            "/tracks/new",
            to_json(&TracksRequest { session_description: Some(offer), tracks }),
        )
    }

    /// `POST …/sessions/{sessionId}/tracks/new` pulling other sessions' `tracks`, without an offer:
    /// the SFU answers with its own, which the browser answers through [`App::renegotiate`].
    pub fn pull_tracks(&self, session_id: &str, tracks: &[RemoteTrack]) -> HttpCall {
        let tracks = tracks
            .iter()
            .map(|t| TrackObject::Remote { session_id: &t.session_id, track_name: &t.track_name })
            .collect();
        self.session_call(
            "POST",
            session_id,
            "/tracks/new",
            to_json(&TracksRequest { session_description: None, tracks }),
        )
    }

    /// `PUT …/sessions/{sessionId}/renegotiate` with the browser's `answer` to the SFU's offer.
    pub fn renegotiate(&self, session_id: &str, answer: &SessionDescription) -> HttpCall {
        self.session_call(
            "PUT",
            session_id,
            "/renegotiate",
            to_json(&DescriptionRequest { session_description: answer }),
        )
    }

    /// `PUT …/sessions/{sessionId}/tracks/close` for the transceivers `mids`. With the browser's
    /// `offer` (transceivers stopped) the SFU renegotiates; without one the call is `force`: the
    /// media stops and the SDP stays as it is (a participant who left needs no new SDP).
    pub fn close_tracks(&self, session_id: &str, mids: &[&str], offer: Option<&SessionDescription>) -> HttpCall {
        let request = CloseRequest {
            tracks: mids.iter().map(|mid| Mid { mid }).collect(),
            session_description: offer,
            force: offer.is_none(),
        };
        self.session_call("PUT", session_id, "/tracks/close", to_json(&request))
    }
}

fn to_json(value: &impl Serialize) -> String {
    // Only strings and booleans: serialising cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

/// `NewSessionResponse`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewSession {
    pub session_id: String,
    #[serde(default)]
    pub session_description: Option<SessionDescription>,
}

/// `TracksResponse` (publish and pull) and `CloseTracksResponse`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TracksAnswer {
    /// The SFU sent an offer the browser must answer (`renegotiate`) before media flows.
    #[serde(default)]
    pub requires_immediate_renegotiation: bool,
    #[serde(default)]
    pub session_description: Option<SessionDescription>,
    #[serde(default)]
    pub tracks: Vec<TrackResult>,
}

/// One track of an answer: where it landed (`mid` on this session's connection).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrackResult {
    #[serde(default)]
    pub mid: Option<String>,
    #[serde(default)]
    pub track_name: Option<String>,
    #[serde(default)]
    pub session_id: Option<String>,
    #[serde(default)]
    error_code: Option<String>,
    #[serde(default)]
    error_description: Option<String>,
}

/// `RenegotiateResponse`: usually `{}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Renegotiated {
    #[serde(default)]
    pub session_description: Option<SessionDescription>,
}

/// Reads the answer to [`App::new_session`].
pub fn read_new_session(status: u16, body: &str) -> Result<NewSession, RealtimeError> {
    read_answer(status, body)
}

/// Reads the answer to [`App::publish_tracks`], [`App::pull_tracks`] or [`App::close_tracks`]; a
/// track refused on its own fails the call (`RealtimeError::Track`).
pub fn read_tracks(status: u16, body: &str) -> Result<TracksAnswer, RealtimeError> {
    let answer: TracksAnswer = read_answer(status, body)?;
    if let Some(refused) = answer.tracks.iter().find(|t| t.error_code.is_some()) {
        return Err(RealtimeError::Track {
            track: refused.track_name.clone().or_else(|| refused.mid.clone()).unwrap_or_default(),
            code: refused.error_code.clone().unwrap_or_default(),
            description: refused.error_description.clone().unwrap_or_default(),
        });
    }
    Ok(answer)
}

/// Reads the answer to [`App::renegotiate`].
pub fn read_renegotiated(status: u16, body: &str) -> Result<Renegotiated, RealtimeError> {
    read_answer(status, body)
}

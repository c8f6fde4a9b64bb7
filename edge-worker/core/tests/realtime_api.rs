//! `lupa_core::realtime` against the fixtures taken from Cloudflare's OpenAPI document and TURN page
//! (`fixtures/realtime/README.md`): every request we build is the document's request, every answer
//! of the document reads as what it says, and the documented error fields read as errors.

// The helpers below are test code too: a fixture that cannot be read is a failed test.
#![allow(clippy::unwrap_used, clippy::panic)]

use lupa_core::realtime::sfu::{self, LocalTrack, RemoteTrack, SdpKind, SessionDescription};
use lupa_core::realtime::turn;
use lupa_core::realtime::{HttpCall, RealtimeError, DEFAULT_API_BASE};
use serde_json::Value;

const APP_ID: &str = "lupa-fixture-app";
const SECRET: &str = "app-secret";
const SESSION: &str = "e017a2629c754fedc1f7d8587e06d126";
const PUBLISHER: &str = "2a45361d5fd7cc14eface0587c276c94";
const PULLED: &str = "2e037563-a35d-4bf6-a9ee-2d474cbb9a58";

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/realtime/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn app() -> sfu::App<'static> {
    sfu::App { base: DEFAULT_API_BASE, app_id: APP_ID, secret: SECRET }
}

/// The call is the fixture's request: method, path under the API base, JSON body (none when the
/// fixture's is null), and the bearer token.
fn assert_is_request(call: &HttpCall, fixture: &Value, token: &str) {
    let request = &fixture["request"];
    assert_eq!(call.method, request["method"].as_str().unwrap_or_default());
    assert_eq!(call.url, format!("{DEFAULT_API_BASE}{}", request["path"].as_str().unwrap_or_default()));
    let body: Value = if call.body.is_empty() { Value::Null } else { serde_json::from_str(&call.body).unwrap() };
    assert_eq!(body, request["body"]);
    let header = |name: &str| call.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    assert_eq!(header("Authorization"), Some(format!("Bearer {token}").as_str()));
    assert_eq!(header("Content-Type"), (!call.body.is_empty()).then_some("application/json"));
}

/// The fixture's answer as the worker would receive it.
fn answer(fixture: &Value) -> (u16, String) {
    let status = fixture["response"]["status"].as_u64().unwrap_or_default() as u16;
    (status, fixture["response"]["body"].to_string())
}

/// The fixture's answer with a field the document does not have, at the top and in each track.
fn answer_with_unknown_fields(fixture: &Value) -> (u16, String) {
    let (status, _) = answer(fixture);
    let mut body = fixture["response"]["body"].clone();
    body["addedLater"] = Value::from("ignored");
    if let Some(tracks) = body.get_mut("tracks").and_then(Value::as_array_mut) {
        for track in tracks {
            track["addedLater"] = Value::from(1);
        }
    }
    (status, body.to_string())
}

fn description(fixture: &Value, at: &str) -> SessionDescription {
    serde_json::from_value(fixture.pointer(at).cloned().unwrap_or_default()).unwrap()
}

#[test]
fn new_session() {
    let f = fixture("new-session.json");
    assert_is_request(&app().new_session(), &f, SECRET);
    let (status, body) = answer(&f);
    assert_eq!(status, 201);
    let session = sfu::read_new_session(status, &body).unwrap();
    assert_eq!(session.session_id, SESSION);
    assert_eq!(session.session_description, None);
    let (status, body) = answer_with_unknown_fields(&f);
    assert_eq!(sfu::read_new_session(status, &body).unwrap(), session);
}

#[test]
fn publish_tracks() {
    let f = fixture("publish-tracks.json");
    let offer = description(&f, "/request/body/sessionDescription");
    assert_eq!(offer.kind, SdpKind::Offer);
    let track = LocalTrack { mid: "4".into(), track_name: "1a037563-c35c-4bf6-a9ee-2b474cbb9a51".into() };
    assert_is_request(&app().publish_tracks(SESSION, &offer, std::slice::from_ref(&track)), &f, SECRET);
    let (status, body) = answer(&f);
    let answered = sfu::read_tracks(status, &body).unwrap();
    assert!(!answered.requires_immediate_renegotiation);
    assert_eq!(answered.session_description.as_ref().map(|d| d.kind), Some(SdpKind::Answer));
    assert!(answered.session_description.as_ref().is_some_and(|d| d.sdp.starts_with("v=0\n")));
    assert_eq!(answered.tracks.len(), 1);
    assert_eq!(answered.tracks[0].mid.as_deref(), Some("4"));
    assert_eq!(answered.tracks[0].track_name.as_deref(), Some(track.track_name.as_str()));
    let (status, body) = answer_with_unknown_fields(&f);
    assert_eq!(sfu::read_tracks(status, &body).unwrap(), answered);
}

#[test]
fn pull_tracks() {
    let f = fixture("pull-tracks.json");
    let track = RemoteTrack { session_id: PUBLISHER.into(), track_name: PULLED.into() };
    assert_is_request(&app().pull_tracks(SESSION, &[track]), &f, SECRET);
    let (status, body) = answer(&f);
    let answered = sfu::read_tracks(status, &body).unwrap();
    // The SFU offers; the browser must answer through renegotiate.
    assert!(answered.requires_immediate_renegotiation);
    assert_eq!(answered.session_description.as_ref().map(|d| d.kind), Some(SdpKind::Offer));
    assert_eq!(answered.tracks[0].mid.as_deref(), Some("7"));
    assert_eq!(answered.tracks[0].session_id.as_deref(), Some(PUBLISHER));
    assert_eq!(answered.tracks[0].track_name.as_deref(), Some(PULLED));
}

#[test]
fn renegotiate() {
    let f = fixture("renegotiate.json");
    let answer_sdp = description(&f, "/request/body/sessionDescription");
    assert_eq!(answer_sdp.kind, SdpKind::Answer);
    assert_is_request(&app().renegotiate(SESSION, &answer_sdp), &f, SECRET);
    let (status, body) = answer(&f);
    assert_eq!(sfu::read_renegotiated(status, &body).unwrap().session_description, None);
}

#[test]
fn close_tracks() {
    let f = fixture("close-tracks.json");
    let offer = description(&f, "/request/body/sessionDescription");
    assert_is_request(&app().close_tracks(SESSION, &["7"], Some(&offer)), &f, SECRET);
    let (status, body) = answer(&f);
    let closed = sfu::read_tracks(status, &body).unwrap();
    assert!(!closed.requires_immediate_renegotiation);
    assert_eq!(closed.session_description.map(|d| d.kind), Some(SdpKind::Answer));
    assert_eq!(closed.tracks[0].mid.as_deref(), Some("7"));
    // Without an offer the close is forced: no renegotiation, no SDP.
    let forced: Value = serde_json::from_str(&app().close_tracks(SESSION, &["7"], None).body).unwrap();
    assert_eq!(forced, serde_json::json!({"tracks": [{"mid": "7"}], "force": true}));
}

#[test]
fn turn_generate_ice_servers() {
    let f = fixture("turn-generate-ice-servers.json");
    let call = turn::generate_ice_servers(DEFAULT_API_BASE, "lupa-fixture-turn-key", "turn-token", 86_400);
    assert_is_request(&call, &f, "turn-token");
    let (status, body) = answer(&f);
    let servers = turn::read_ice_servers(status, &body).unwrap();
    assert_eq!(servers.len(), 1);
    assert_eq!(servers[0].urls.len(), 8);
    assert_eq!(servers[0].urls[0], "stun:stun.cloudflare.com:3478");
    assert_eq!(servers[0].urls[7], "turns:turn.cloudflare.com:443?transport=tcp");
    assert!(servers[0].username.as_deref().is_some_and(|u| u.starts_with("bc91b63e")));
    assert!(servers[0].credential.as_deref().is_some_and(|c| c.starts_with("ebd71f1d")));
    let (status, body) = answer_with_unknown_fields(&f);
    assert_eq!(turn::read_ice_servers(status, &body).unwrap(), servers);
    // `RTCIceServer.urls` may be one URL: a STUN entry without credentials.
    let one = turn::read_ice_servers(200, r#"{"iceServers":[{"urls":"stun:stun.cloudflare.com:3478"}]}"#).unwrap();
    assert_eq!(one[0].urls, ["stun:stun.cloudflare.com:3478"]);
    assert_eq!((one[0].username.clone(), one[0].credential.clone()), (None, None));
}

#[test]
fn an_error_in_a_200_body_is_an_error() {
    let (status, body) = answer(&fixture("tracks-error.json"));
    assert_eq!(status, 200);
    assert_eq!(
        sfu::read_tracks(status, &body),
        Err(RealtimeError::Refused {
            code: "lupa_fixture_session_error".into(),
            description: "Constructed by Lupa: a session-level error in a 200 body".into(),
        })
    );
}

#[test]
fn a_refused_track_fails_the_call_and_names_the_track() {
    let (status, body) = answer(&fixture("pull-tracks-track-error.json"));
    let err = sfu::read_tracks(status, &body).unwrap_err();
    assert_eq!(
        err,
        RealtimeError::Track {
            track: PULLED.into(),
            code: "lupa_fixture_track_error".into(),
            description: "Constructed by Lupa: a per-track error".into(),
        }
    );
    assert!(!err.is_retryable());
}

#[test]
fn error_statuses_keep_their_code_and_only_429_and_5xx_are_retried() {
    let err = sfu::read_new_session(401, r#"{"errorCode":"x","errorDescription":"y"}"#).unwrap_err();
    assert_eq!(err, RealtimeError::Status { status: 401, code: Some("x".into()), description: Some("y".into()) });
    assert!(!err.is_retryable());
    // A body that is not JSON (a proxy's page) still gives the status.
    let err = turn::read_ice_servers(503, "<html>busy</html>").unwrap_err();
    assert_eq!(err, RealtimeError::Status { status: 503, code: None, description: None });
    assert!(err.is_retryable());
    assert!(sfu::read_new_session(429, "").unwrap_err().is_retryable());
    // A 2xx that is not the documented answer.
    assert!(matches!(sfu::read_new_session(201, "{}"), Err(RealtimeError::Unexpected(_))));
    assert!(matches!(turn::read_ice_servers(200, "not json"), Err(RealtimeError::Unexpected(_))));
}

#[test]
fn the_base_may_point_elsewhere_and_ids_stay_in_their_segment() {
    let stand_in = sfu::App { base: "http://127.0.0.1:9999/v1/", app_id: "a/b", secret: SECRET };
    assert_eq!(stand_in.new_session().url, "http://127.0.0.1:9999/v1/apps/a%2Fb/sessions/new");
    let call = turn::generate_ice_servers("http://127.0.0.1:9999/v1", "k?x", "t", 60);
    assert_eq!(call.url, "http://127.0.0.1:9999/v1/turn/keys/k%3Fx/credentials/generate-ice-servers");
}

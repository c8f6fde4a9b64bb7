//! Cloudflare Realtime, the media transport of moderated sessions in production (issue 49,
//! ADR 0024): the SFU's HTTP calls (`sfu`), TURN credentials (`turn`) and what the SFU costs
//! (`cost`). Pure: each call is built as an [`HttpCall`] and each answer read from its status and
//! body, so `cargo test` checks both against fixtures taken from Cloudflare's OpenAPI document
//! (`tests/fixtures/realtime/README.md`); the worker only sends them (`media_transport.rs`).
//!
//! Locally there is no SFU to call (Cloudflare publishes no simulator): the browsers talk peer to
//! peer over loopback, which is [`Transport::P2p`].

pub mod cost;
pub mod sfu;
pub mod turn;

use serde::de::DeserializeOwned;
use serde::Deserialize;

pub use crate::mail::HttpCall;

/// The Realtime API's address (the OpenAPI document's `servers`); `REALTIME_API_BASE` overrides
/// it so tests can point the worker at a stand-in.
pub const DEFAULT_API_BASE: &str = "https://rtc.live.cloudflare.com/v1";

/// The secrets `MEDIA_TRANSPORT=realtime` needs: the SFU application's id and secret, and the TURN
/// key's id and API token. None of them ever reaches a browser.
pub const SECRETS: [&str; 4] = ["REALTIME_APP_ID", "REALTIME_APP_SECRET", "TURN_KEY_ID", "TURN_KEY_API_TOKEN"];

/// How the browsers of a moderated session exchange media (`MEDIA_TRANSPORT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// Browser to browser, with our own signalling and no ICE servers: loopback, locally.
    P2p,
    /// Through Cloudflare's SFU, with TURN credentials minted per call: production.
    Realtime,
}

impl Transport {
    /// `MEDIA_TRANSPORT` as configured: unset is `p2p` (the local default); `None` for a value
    /// that is neither, which production refuses (`deployment`) rather than guess.
    pub fn parse(value: Option<&str>) -> Option<Self> {
        match value.map(str::trim) {
            None | Some("") | Some("p2p") => Some(Self::P2p),
            Some("realtime") => Some(Self::Realtime),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::P2p => "p2p",
            Self::Realtime => "realtime",
        }
    }
}

/// Every way a Realtime call can fail, so the worker has one error to map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RealtimeError {
    /// A status other than 2xx, with the body's `errorCode`/`errorDescription` when it had them.
    Status { status: u16, code: Option<String>, description: Option<String> },
    /// A 2xx whose body names an error (`errorCode` beside the answer's fields, as the document's
    /// response schemas allow).
    Refused { code: String, description: String },
    /// A track the call named was refused (`tracks[].errorCode`). The whole call counts as failed:
    /// a session missing the participant's screen or the moderator's voice is not one to go on with.
    Track { track: String, code: String, description: String },
    /// A body that is not the documented answer.
    Unexpected(String),
    /// The call never got an answer (the worker's fetch failed).
    Unreachable(String),
}

impl RealtimeError {
    /// Whether the same call may succeed later: rate limits (50 calls/s per session), Cloudflare's
    /// own failures and the network. Anything else would be refused again.
    pub fn is_retryable(&self) -> bool {
        match self {
            Self::Status { status, .. } => *status == 429 || *status >= 500,
            Self::Unreachable(_) => true,
            _ => false,
        }
    }
}

impl std::fmt::Display for RealtimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Status { status, code, description } => write!(
                f,
                "cloudflare realtime answered {status} ({}: {})",
                code.as_deref().unwrap_or("no errorCode"),
                description.as_deref().unwrap_or("no errorDescription")
            ),
            Self::Refused { code, description } => {
                write!(f, "cloudflare realtime refused the call ({code}: {description})")
            }
            Self::Track { track, code, description } => {
                write!(f, "cloudflare realtime refused track {track} ({code}: {description})")
            }
            Self::Unexpected(what) => write!(f, "unexpected cloudflare realtime answer: {what}"),
            Self::Unreachable(why) => write!(f, "cloudflare realtime unreachable: {why}"),
        }
    }
}

impl std::error::Error for RealtimeError {}

/// The error fields every answer of the document may carry.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ErrorFields {
    error_code: Option<String>,
    error_description: Option<String>,
}

/// Reads an answer as `T`: a non-2xx status, or a body with `errorCode`, is an error; fields we do
/// not use are ignored, so a field Cloudflare adds later breaks nothing.
pub(crate) fn read_answer<T: DeserializeOwned>(status: u16, body: &str) -> Result<T, RealtimeError> {
    let fields = serde_json::from_str::<ErrorFields>(body).ok();
    if !(200..300).contains(&status) {
        let (code, description) = fields.map(|f| (f.error_code, f.error_description)).unwrap_or_default();
        return Err(RealtimeError::Status { status, code, description });
    }
    if let Some(ErrorFields { error_code: Some(code), error_description }) = fields {
        return Err(RealtimeError::Refused { code, description: error_description.unwrap_or_default() });
    }
    serde_json::from_str(body).map_err(|e| RealtimeError::Unexpected(e.to_string()))
}

/// A bearer-authenticated JSON call to `base` + `path`.
pub(crate) fn json_call(method: &'static str, base: &str, path: &str, token: &str, body: Option<String>) -> HttpCall {
    let mut headers = vec![("Authorization".to_string(), format!("Bearer {token}"))];
    if body.is_some() {
        headers.push(("Content-Type".to_string(), "application/json".to_string()));
    }
    HttpCall { method, url: format!("{}{path}", base.trim_end_matches('/')), headers, body: body.unwrap_or_default() }
}

/// A path segment as the API receives it: ids and names are ours or Cloudflare's, but an id with
/// a `/` or `?` must not reach another path.
pub(crate) fn segment(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_transport_is_p2p_unless_realtime_and_a_typo_is_no_transport() {
        assert_eq!(Transport::parse(None), Some(Transport::P2p));
        assert_eq!(Transport::parse(Some("p2p")), Some(Transport::P2p));
        assert_eq!(Transport::parse(Some(" realtime ")), Some(Transport::Realtime));
        for bad in ["sfu", "Realtime", "calls"] {
            assert_eq!(Transport::parse(Some(bad)), None, "{bad}");
        }
    }

    #[test]
    fn a_path_segment_cannot_escape_its_place() {
        assert_eq!(segment("e017a2629c754fedc1f7d8587e06d126"), "e017a2629c754fedc1f7d8587e06d126");
        assert_eq!(segment("../x?y"), "..%2Fx%3Fy");
    }

    #[test]
    fn only_rate_limits_server_errors_and_the_network_are_retried() {
        let status = |status| RealtimeError::Status { status, code: None, description: None };
        assert!(status(429).is_retryable());
        assert!(status(503).is_retryable());
        assert!(!status(400).is_retryable());
        assert!(RealtimeError::Unreachable("dns".into()).is_retryable());
        assert!(!RealtimeError::Refused { code: "x".into(), description: String::new() }.is_retryable());
    }
}

//! TURN credentials for a browser's `RTCPeerConnection` (Cloudflare's "Generate Credentials"):
//! minted per call from the TURN key, which stays on the server, and short-lived, so a leaked
//! credential expires on its own.

use serde::{Deserialize, Deserializer, Serialize};

use super::{json_call, read_answer, segment, HttpCall, RealtimeError};

/// How long minted credentials last: a moderated session's longest plausible run (a participation
/// is at most 2 hours, ADR 0005) with margin; Cloudflare's own example uses a day.
pub const CREDENTIAL_TTL_SECS: u64 = 4 * 60 * 60;

#[derive(Serialize)]
struct GenerateRequest {
    ttl: u64,
}

/// `POST /turn/keys/{keyId}/credentials/generate-ice-servers` with `{"ttl": ttl_secs}`,
/// authenticated with the key's API token.
pub fn generate_ice_servers(base: &str, key_id: &str, api_token: &str, ttl_secs: u64) -> HttpCall {
    let path = format!("/turn/keys/{}/credentials/generate-ice-servers", segment(key_id));
    let body = serde_json::to_string(&GenerateRequest { ttl: ttl_secs }).unwrap_or_default();
    json_call("POST", base, &path, api_token, Some(body))
}

/// One `RTCIceServer`: STUN entries have no credentials.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct IceServer {
    #[serde(deserialize_with = "one_or_many")]
    pub urls: Vec<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub credential: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GenerateAnswer {
    ice_servers: Vec<IceServer>,
}

/// Reads the answer to [`generate_ice_servers`]: its `iceServers`.
pub fn read_ice_servers(status: u16, body: &str) -> Result<Vec<IceServer>, RealtimeError> {
    read_answer::<GenerateAnswer>(status, body).map(|a| a.ice_servers)
}

/// `urls` as `RTCIceServer` allows it: one URL or a list.
fn one_or_many<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Urls {
        One(String),
        Many(Vec<String>),
    }
    Ok(match Urls::deserialize(deserializer)? {
        Urls::One(url) => vec![url],
        Urls::Many(urls) => urls,
    })
}

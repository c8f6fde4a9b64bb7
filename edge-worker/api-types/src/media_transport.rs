//! Shapes of a moderated session's media transport (ADR 0024): how a browser builds its
//! `RTCPeerConnection`. The credentials in it are minted per call and short-lived; the keys they
//! come from never leave the worker.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How the session's media travel (`MEDIA_TRANSPORT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[serde(rename_all = "lowercase")]
pub enum MediaTransportKind {
    /// Browser to browser, signalled by Lupa.
    P2p,
    /// Through Cloudflare Realtime's SFU.
    Realtime,
}

/// One `RTCIceServer`; STUN entries have no credentials.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct IceServerDto {
    pub urls: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub username: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub credential: Option<String>,
}

/// What a browser needs for its `RTCPeerConnection`: the transport, and `iceServers` as
/// `RTCConfiguration` takes them (empty peer to peer: loopback needs none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[serde(rename_all = "camelCase")]
pub struct IceConfigDto {
    pub transport: MediaTransportKind,
    pub ice_servers: Vec<IceServerDto>,
}

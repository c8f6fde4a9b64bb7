//! Moderated sessions (issue 49, ADR 0024): the sessions a member creates on an analysis
//! (`/api/v1/analysis/{id}/sessions`, `/api/v1/sessions/{id}`), what the participant's link shows
//! (`/api/v1/session-link/{token}`), the ICE configuration of a call, and the messages of a
//! session's room, the WebSocket that carries WebRTC signalling and the team's backchannel
//! (`lupa_core::moderated::room` says who may send what to whom).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/v1/analysis/{id}/sessions`. `plannedAt`: epoch ms, in the future and at most a year
/// ahead (400 otherwise); `participantEmail`: mailed the link (with a calendar event when planned).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(example = crate::examples::new_session())]
pub struct NewSessionRequest {
    /// When the session is planned (epoch ms): after now, at most a year ahead.
    #[ts(type = "number | null")]
    #[schemars(range(min = 0))]
    pub plannedAt: Option<i64>,
    #[schemars(length(max = lupa_core::auth::email::MAX_EMAIL_LEN), regex(pattern = lupa_core::patterns::EMAIL))]
    pub participantEmail: Option<String>,
}

/// The caller's part in a session: its creator moderates, any other member observes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum SessionRoleName {
    Moderator,
    Observer,
}

/// A moderated session as the team sees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ModeratedSessionDto {
    pub id: String,
    pub analysisId: String,
    pub moderatorId: String,
    /// The moderator's name, or e-mail when they have none.
    pub moderatorName: String,
    #[ts(type = "number | null")]
    pub plannedAt: Option<i64>,
    /// Whom the link was mailed to; only the moderator is told.
    pub participantEmail: Option<String>,
    /// The participant's link (`/participate/{analysisId}?session={token}`): only in the answer
    /// that created the session, as the server keeps only the token's hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub participantUrl: Option<String>,
    /// The web page of the session's room (`/session/{id}`).
    pub roomPath: String,
    #[ts(type = "number")]
    pub createdAt: i64,
    #[ts(type = "number | null")]
    pub endedAt: Option<i64>,
    /// The participation it records, once the participant began.
    pub entryId: Option<String>,
    pub myRole: SessionRoleName,
}

/// `GET /api/v1/analysis/{id}/sessions`: the analysis's sessions, newest first.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ModeratedSessionsResponse {
    pub sessions: Vec<ModeratedSessionDto>,
}

/// `GET /api/v1/session-link/{token}`: what the participant's link shows before joining.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SessionLinkResponse {
    pub sessionId: String,
    pub analysisId: String,
    #[ts(type = "number | null")]
    pub plannedAt: Option<i64>,
    pub moderatorName: String,
}

/// A peer's part in a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum RoomRoleName {
    Moderator,
    Observer,
    Participant,
}

/// Someone in the room, as another peer may be told of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct RoomPeerDto {
    pub peerId: String,
    pub role: RoomRoleName,
    /// The member's name (or e-mail); 'Participante' for the participant.
    pub name: String,
}

/// A backchannel message (moderator and observers only; the participant never gets one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct RoomChatDto {
    pub fromName: String,
    pub role: RoomRoleName,
    pub text: String,
    #[ts(type = "number")]
    pub atMs: i64,
}

/// What a peer sends to the room (JSON text frames of at most 65 KiB).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum RoomClientMessage {
    /// WebRTC signalling (an SDP offer or answer, an ICE candidate) for one peer, opaque to the
    /// room, at most 64 KiB: participant ↔ moderator and moderator ↔ observer only.
    Signal {
        to: String,
        #[ts(type = "unknown")]
        payload: serde_json::Value,
    },
    /// A backchannel message, 1–2000 characters (moderator and observers).
    Chat { text: String },
    /// The task the participant is moved to (the moderator only).
    Task { index: u32 },
    /// Keeps the connection alive; answered with `pong`.
    Ping,
}

/// What the room sends to a peer.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "camelCase")]
#[allow(non_snake_case)]
pub enum RoomServerMessage {
    /// The first message: who this peer is, whom it may know of, the backchannel so far (empty
    /// for the participant) and the current task.
    Welcome {
        peerId: String,
        role: RoomRoleName,
        peers: Vec<RoomPeerDto>,
        chat: Vec<RoomChatDto>,
        task: Option<u32>,
    },
    PeerJoined {
        peer: RoomPeerDto,
    },
    PeerLeft {
        peerId: String,
    },
    Signal {
        from: String,
        #[ts(type = "unknown")]
        payload: serde_json::Value,
    },
    Chat {
        message: RoomChatDto,
    },
    Task {
        index: u32,
    },
    Pong,
    /// A message refused (`lupa_core::moderated::room::RoomRefusal`); the socket stays open.
    Error {
        code: String,
        message: String,
    },
}

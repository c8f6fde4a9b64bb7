//! How a moderated session's media travel (issue 49, ADR 0024), chosen like the transcription
//! provider (ADR 0018) by configuration: `MEDIA_TRANSPORT = "p2p"` (local: browser to browser over
//! loopback, no ICE servers, nothing sent anywhere) or `"realtime"` (production: Cloudflare
//! Realtime's SFU, with TURN credentials minted per browser). The calls are built and read in
//! `lupa_core::realtime`; this module reads the configuration and sends them with `worker::Fetch`.
//! The app secret and the TURN key's token are bearer tokens of these calls only: no answer of
//! ours carries them.

use lupa_api_types::{IceConfigDto, IceServerDto, MediaTransportKind};
use lupa_core::realtime::sfu::{
    self, LocalTrack, NewSession, RemoteTrack, Renegotiated, SessionDescription, TracksAnswer,
};
use lupa_core::realtime::turn::{self, IceServer};
use lupa_core::realtime::{HttpCall, RealtimeError, Transport, DEFAULT_API_BASE, SECRETS};
use worker::Env;

use crate::error::{ApiError, ApiResult};
use crate::http::send_call;
use crate::platform::config::optional_secret;
use crate::App;

/// The configured transport.
pub enum MediaTransport {
    P2p,
    Realtime(RealtimeClient),
}

impl MediaTransport {
    /// Reads `MEDIA_TRANSPORT` and, for `realtime`, its four secrets. Production cannot get here
    /// with a secret missing or an unknown value (`lupa_core::deployment` answers 503 first), so
    /// that only happens locally, where it is `p2p`, logged, rather than a session whose every
    /// call fails (as `TRANSCRIBE=rest` without its token is off).
    pub fn from_env(env: &Env) -> MediaTransport {
        let configured = env.var("MEDIA_TRANSPORT").ok().map(|v| v.to_string());
        if Transport::parse(configured.as_deref()) != Some(Transport::Realtime) {
            return MediaTransport::P2p;
        }
        let [Some(app_id), Some(app_secret), Some(turn_key_id), Some(turn_token)] =
            SECRETS.map(|name| optional_secret(env, name))
        else {
            let problem = format!("MEDIA_TRANSPORT=realtime needs {}; media go peer to peer", SECRETS.join(", "));
            crate::platform::log::error("-", "(media-transport)", &problem);
            return MediaTransport::P2p;
        };
        let base = env
            .var("REALTIME_API_BASE")
            .ok()
            .map(|v| v.to_string())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| DEFAULT_API_BASE.to_string());
        MediaTransport::Realtime(RealtimeClient { base, app_id, app_secret, turn_key_id, turn_token })
    }

    pub fn kind(&self) -> MediaTransportKind {
        match self {
            MediaTransport::P2p => MediaTransportKind::P2p,
            MediaTransport::Realtime(_) => MediaTransportKind::Realtime,
        }
    }
}

/// What a browser needs for its `RTCPeerConnection`: no ICE servers peer to peer (loopback needs
/// none), Cloudflare's STUN and TURN with fresh credentials through the SFU.
pub async fn ice_config(app: &App) -> ApiResult<IceConfigDto> {
    let transport = MediaTransport::from_env(&app.env);
    let ice_servers = match &transport {
        MediaTransport::P2p => Vec::new(),
        MediaTransport::Realtime(client) => client.ice_servers().await?.into_iter().map(ice_server_dto).collect(),
    };
    Ok(IceConfigDto { transport: transport.kind(), ice_servers })
}

fn ice_server_dto(server: IceServer) -> IceServerDto {
    IceServerDto { urls: server.urls, username: server.username, credential: server.credential }
}

/// Cloudflare Realtime's SFU and TURN, as one application and one TURN key. Deliberately not
/// `Debug`: it holds the secrets.
pub struct RealtimeClient {
    base: String,
    app_id: String,
    app_secret: String,
    turn_key_id: String,
    turn_token: String,
}

impl RealtimeClient {
    /// Fresh TURN credentials (and Cloudflare's STUN) for one browser.
    pub async fn ice_servers(&self) -> Result<Vec<IceServer>, RealtimeError> {
        let call =
            turn::generate_ice_servers(&self.base, &self.turn_key_id, &self.turn_token, turn::CREDENTIAL_TTL_SECS);
        let (status, body) = send(&call).await?;
        turn::read_ice_servers(status, &body)
    }
}

// The SFU's calls: the browsers' call through Realtime (issue 49's web slice) is their first
// caller; until it lands, the requests they build and the answers they read are checked against
// Cloudflare's fixtures (`lupa_core::realtime`, `edge-worker/core/tests/realtime_api.rs`).
#[allow(dead_code)]
impl RealtimeClient {
    fn app(&self) -> sfu::App<'_> {
        sfu::App { base: &self.base, app_id: &self.app_id, secret: &self.app_secret }
    }

    /// A session for one browser's `RTCPeerConnection`.
    pub async fn new_session(&self) -> Result<NewSession, RealtimeError> {
        let (status, body) = send(&self.app().new_session()).await?;
        sfu::read_new_session(status, &body)
    }

    /// Publishes the browser's `tracks` with its `offer`; the answer carries the SFU's SDP answer.
    pub async fn publish_tracks(
        &self,
        session_id: &str,
        offer: &SessionDescription,
        tracks: &[LocalTrack],
    ) -> Result<TracksAnswer, RealtimeError> {
        let (status, body) = send(&self.app().publish_tracks(session_id, offer, tracks)).await?;
        sfu::read_tracks(status, &body)
    }

    /// Pulls other sessions' `tracks`; the answer carries the SFU's offer to renegotiate with.
    pub async fn pull_tracks(&self, session_id: &str, tracks: &[RemoteTrack]) -> Result<TracksAnswer, RealtimeError> {
        let (status, body) = send(&self.app().pull_tracks(session_id, tracks)).await?;
        sfu::read_tracks(status, &body)
    }

    /// Sends the browser's `answer` to the SFU's offer.
    pub async fn renegotiate(
        &self,
        session_id: &str,
        answer: &SessionDescription,
    ) -> Result<Renegotiated, RealtimeError> {
        let (status, body) = send(&self.app().renegotiate(session_id, answer)).await?;
        sfu::read_renegotiated(status, &body)
    }

    /// Closes the transceivers `mids`: renegotiated with the browser's `offer`, forced without one.
    pub async fn close_tracks(
        &self,
        session_id: &str,
        mids: &[&str],
        offer: Option<&SessionDescription>,
    ) -> Result<TracksAnswer, RealtimeError> {
        let (status, body) = send(&self.app().close_tracks(session_id, mids, offer)).await?;
        sfu::read_tracks(status, &body)
    }
}

/// Sends one call; a fetch that gets no answer is `Unreachable` (retryable).
async fn send(call: &HttpCall) -> Result<(u16, String), RealtimeError> {
    send_call(call).await.map_err(|err| RealtimeError::Unreachable(err.source.unwrap_or(err.message)))
}

/// A Realtime failure is ours to log, never the client's to read: Cloudflare's codes and
/// descriptions stay in the log, the answer is the generic internal error.
impl From<RealtimeError> for ApiError {
    fn from(err: RealtimeError) -> Self {
        ApiError::internal(err)
    }
}

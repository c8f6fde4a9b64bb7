//! The participation object's live viewers (ADR 0016): researchers watching a participation in
//! progress hold a hibernatable WebSocket to its object, which pushes them what it already knows
//! the moment it knows it (a chunk stored, a segment opened, the step marks, answers, Finish). An
//! idle viewer costs nothing (the hibernation API keeps the socket without the object in memory);
//! the participant's upload path only gains a synchronous send per viewer after a chunk is stored.

use lupa_api_types::{LiveChunkDto, LiveEvent, LiveRequest, LiveSegmentDto, StepMark, MAX_SIGN};
use lupa_core::participation::signed_query;
use lupa_core::recording::{ParticipationState, Track};
use lupa_core::routes as paths;
use worker::{Env, Response, State, WebSocket, WebSocketPair};

use crate::error::ApiResult;
use crate::ledger::store::{Chunk, Meta, Segment, Store};
use crate::platform::config::required_secret;

/// At most this many viewers per participation (product: live viewing); the next one is refused.
pub const MAX_VIEWERS: usize = 10;

/// A chunk's signed URL lives 10 minutes: long enough to fetch it now and to scrub back to it a
/// while later, short enough that a copied URL soon stops working (ASVS short-lived links). A
/// viewer whose URL expired asks for a fresh one ([`LiveRequest::Sign`]).
const CHUNK_URL_TTL_MS: i64 = 10 * 60 * 1000;

/// A snapshot signs the chunks a viewer fetches at once: the first ones (the file's header) and
/// the newest (the live edge). The others go unsigned, so a snapshot an hour in stays small and
/// costs no thousands of signatures; a viewer scrubbing back asks for them.
const SIGNED_HEAD: u32 = 4;
const SIGNED_TAIL: usize = 12;

/// Signs the same-origin paths of chunks with the key the playback URLs use.
pub struct Signer {
    key: String,
    entry_id: String,
}

impl Signer {
    pub fn new(env: &Env, entry_id: &str) -> ApiResult<Signer> {
        Ok(Signer { key: required_secret(env, "URL_SIGNING_KEY")?, entry_id: entry_id.to_string() })
    }

    pub fn chunk(&self, seq: u32, track: Track, chunk: &Chunk) -> LiveChunkDto {
        let path = paths::live_chunk(&self.entry_id, seq, track, chunk.idx);
        let query = signed_query(self.key.as_bytes(), &path, crate::platform::clock::system_now() + CHUNK_URL_TTL_MS);
        LiveChunkDto {
            seq,
            track: track.to_string(),
            index: chunk.idx,
            endMs: chunk.end_ms,
            url: Some(format!("{path}?{query}")),
        }
    }

    /// The chunk's place and end without a URL (a snapshot's older chunks).
    fn unsigned(seq: u32, track: Track, chunk: &Chunk) -> LiveChunkDto {
        LiveChunkDto { seq, track: track.to_string(), index: chunk.idx, endMs: chunk.end_ms, url: None }
    }
}

/// A segment's chunks for a snapshot: the head and the newest signed, the rest listed.
fn snapshot_chunks(signer: &Signer, seq: u32, track: Track, stored: &[Chunk]) -> Vec<LiveChunkDto> {
    let tail_from = stored.len().saturating_sub(SIGNED_TAIL);
    stored
        .iter()
        .enumerate()
        .map(|(at, c)| {
            if c.idx < SIGNED_HEAD || at >= tail_from {
                signer.chunk(seq, track, c)
            } else {
                Signer::unsigned(seq, track, c)
            }
        })
        .collect()
}

pub fn segment_dto(segment: &Segment, chunks: Vec<LiveChunkDto>) -> LiveSegmentDto {
    LiveSegmentDto {
        seq: segment.seq,
        track: segment.track.to_string(),
        mime: segment.mime.clone(),
        offsetMs: segment.offset_ms,
        openedAt: segment.opened_at,
        state: segment.state.to_string(),
        tier: (segment.tier > 0).then_some(segment.tier),
        chunks,
    }
}

/// The task a participant is on (1 = the first) from their step marks: the newest mark's, when it
/// is a task's (the same rule as time on task, `lupa_core::summary::task_at`).
pub fn current_task(steps_json: Option<&str>) -> Option<u32> {
    let marks: Vec<StepMark> = steps_json.and_then(|s| serde_json::from_str(s).ok())?;
    lupa_core::summary::task_at(&crate::playback::core_marks(&marks), u64::MAX)
}

pub fn steps_of(meta: &Meta) -> Vec<StepMark> {
    meta.steps_json.as_deref().and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default()
}

/// What a viewer gets first: every segment with its readable chunks, and the step marks.
fn snapshot(store: &Store, env: &Env, analysis_id: &str, task_count: u32) -> ApiResult<LiveEvent> {
    let Some(meta) = store.meta()? else {
        // A participation the object never saw (begun before the objects): nothing to show yet.
        return Ok(LiveEvent::Snapshot {
            analysisId: analysis_id.into(),
            taskCount: task_count,
            state: ParticipationState::Active.to_string(),
            segments: vec![],
            steps: vec![],
        });
    };
    let signer = Signer::new(env, &meta.entry_id)?;
    let mut segments = Vec::new();
    if meta.state == ParticipationState::Active {
        for segment in store.segments()? {
            let stored = store.stored_chunks(segment.seq, segment.track)?;
            segments.push(segment_dto(&segment, snapshot_chunks(&signer, segment.seq, segment.track, &stored)));
        }
    }
    Ok(LiveEvent::Snapshot {
        analysisId: meta.analysis_id.clone(),
        taskCount: task_count,
        state: meta.state.to_string(),
        segments,
        steps: steps_of(&meta),
    })
}

/// Who opened a socket: the hash of the session that proved it and its user, kept as the socket's
/// tags (they outlive hibernation), so that each `sign` and each [`WorkerCall::Recheck`] can ask
/// again whether that session still lasts and still has access.
///
/// [`WorkerCall::Recheck`]: crate::ledger::protocol::WorkerCall::Recheck
pub struct Viewer {
    pub session_hash: String,
    pub user_id: String,
}

const SESSION_TAG: &str = "session:";
const USER_TAG: &str = "user:";

impl Viewer {
    fn tags(&self) -> [String; 2] {
        [format!("{SESSION_TAG}{}", self.session_hash), format!("{USER_TAG}{}", self.user_id)]
    }

    /// The viewer a socket was opened by; `None` for a socket without tags.
    pub fn of(state: &State, socket: &WebSocket) -> Option<Viewer> {
        let tags = state.get_tags(socket);
        let find = |prefix: &str| tags.iter().find_map(|t| t.strip_prefix(prefix)).map(str::to_string);
        Some(Viewer { session_hash: find(SESSION_TAG)?, user_id: find(USER_TAG)? })
    }

    /// The sockets a recheck names: one session's, or every socket of a user.
    pub fn sockets(state: &State, session_hash: Option<&str>, user_id: Option<&str>) -> Vec<WebSocket> {
        match (session_hash, user_id) {
            (Some(hash), _) => state.get_websockets_with_tag(&format!("{SESSION_TAG}{hash}")),
            (None, Some(user)) => state.get_websockets_with_tag(&format!("{USER_TAG}{user}")),
            (None, None) => state.get_websockets(),
        }
    }
}

/// Takes a viewer's WebSocket (the worker checked who they are, ADR 0016): 429 past
/// [`MAX_VIEWERS`], else the socket, with the snapshot as its first message.
pub fn accept(
    state: &State,
    store: &Store,
    env: &Env,
    analysis_id: &str,
    task_count: u32,
    viewer: &Viewer,
) -> ApiResult<Response> {
    if state.get_websockets().len() >= MAX_VIEWERS {
        return Ok(Response::error("too many viewers", 429)?);
    }
    let pair = WebSocketPair::new()?;
    let tags = viewer.tags();
    state.accept_websocket_with_tags(&pair.server, &[tags[0].as_str(), tags[1].as_str()]);
    let first = serde_json::to_string(&snapshot(store, env, analysis_id, task_count)?)
        .map_err(crate::error::ApiError::internal)?;
    pair.server.send_with_str(first)?;
    Ok(Response::from_websocket(pair.client)?)
}

/// Answers what a viewer asked for over its socket: fresh URLs for a range of a segment's stored
/// chunks (at most [`MAX_SIGN`]). Anything else, or a participation no longer recording, gets
/// nothing: the viewer's own time-outs cover it.
pub fn answer(socket: &WebSocket, store: &Store, env: &Env, message: &str) -> ApiResult<()> {
    let Ok(LiveRequest::Sign { seq, track, from, to }) = serde_json::from_str::<LiveRequest>(message) else {
        return Ok(());
    };
    let Some(meta) = store.meta()? else { return Ok(()) };
    if meta.state != ParticipationState::Active || to < from {
        return Ok(());
    }
    let last = to.min(from.saturating_add(MAX_SIGN - 1));
    let signer = Signer::new(env, &meta.entry_id)?;
    // A track the ledger has no chunks of (none it knows) gets an empty list, as it always did.
    let chunks = match track.parse::<Track>() {
        Ok(track) => store
            .stored_chunks(seq, track)?
            .iter()
            .filter(|c| (from..=last).contains(&c.idx))
            .map(|c| signer.chunk(seq, track, c))
            .collect(),
        Err(_) => Vec::new(),
    };
    let text = serde_json::to_string(&LiveEvent::Signed { chunks }).map_err(crate::error::ApiError::internal)?;
    socket.send_with_str(text)?;
    Ok(())
}

/// Sends `event` to every viewer. Synchronous (a send queues the message), so whoever calls it
/// answers no later for it; a socket that fails is left to its close handler.
pub fn broadcast(state: &State, event: &LiveEvent) {
    let sockets = state.get_websockets();
    if sockets.is_empty() {
        return;
    }
    let Ok(text) = serde_json::to_string(event) else { return };
    for socket in sockets {
        let _ = socket.send_with_str(&text);
    }
}

/// The accounts with a live view open now, each once, in a stable order.
pub fn watching(state: &State) -> Vec<String> {
    let mut users: Vec<String> =
        state.get_websockets().iter().filter_map(|socket| Viewer::of(state, socket)).map(|v| v.user_id).collect();
    users.sort();
    users.dedup();
    users
}

/// Whether anyone watches (signing a chunk's URL is skipped otherwise).
pub fn watched(state: &State) -> bool {
    !state.get_websockets().is_empty()
}

/// Ends every viewer's socket (the participation was deleted).
pub fn close_all(state: &State) {
    for socket in state.get_websockets() {
        let _: Result<(), worker::Error> = socket.close(Some(1000), Some("deleted"));
    }
}

/// Ends a viewer's socket whose session ended or whose access went: it is told why first, so its
/// page says so instead of reconnecting.
pub fn revoke(socket: &WebSocket) {
    if let Ok(text) = serde_json::to_string(&LiveEvent::Revoked) {
        let _ = socket.send_with_str(text);
    }
    let _: Result<(), worker::Error> = socket.close(Some(4403), Some("revoked"));
}

/// A viewer's socket closed: close our side too (the hibernation API leaves that to us).
pub fn closed(socket: &WebSocket) {
    let _ = socket.close(Some(1000), Some("bye"));
}

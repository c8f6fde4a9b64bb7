//! The recording path's owner: one Durable Object per participation (ADR 0013), and the worker's
//! side of talking to it.
//!
//! `call` sends one [`Call`] to the participation's object and reads its [`Answer`]. A
//! participation that began before the objects existed is adopted on first use: its D1 ledger
//! (segments, chunks, parts) moves into the object once, and D1 stops being its ledger.

pub mod audio_files;
pub mod audio_store;
pub mod compose;
pub mod object;
pub mod protocol;
pub mod schema;
pub mod store;
pub mod transcribe;
pub mod viewers;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use worker::{Headers, Method, Request, RequestInit};

use crate::error::{ApiError, ApiResult};
use crate::platform::db::{db, text, Batch};
use crate::App;
use lupa_core::recording::{SegmentState, Track};
use protocol::{AdoptedChunk, AdoptedPart, AdoptedSegment, Answer, Call, Init, WorkerCall};

/// The binding in `wrangler.toml`.
const BINDING: &str = "PARTICIPATIONS";

/// Sends `call` to the object of `entry_id`.
async fn send<T: DeserializeOwned>(app: &App, entry_id: &str, call: &Call) -> ApiResult<Answer<T>> {
    send_with_fault(app, entry_id, call, None).await
}

/// Sends `call`, passing on a fault a test asked for (`faults.rs`; the object checks it is allowed).
async fn send_with_fault<T: DeserializeOwned>(
    app: &App,
    entry_id: &str,
    call: &Call,
    fault: Option<crate::platform::faults::Fault>,
) -> ApiResult<Answer<T>> {
    let stub = app.env.durable_object(BINDING)?.get_by_name(entry_id)?;
    let body = serde_json::to_string(call).map_err(ApiError::internal)?;
    let headers = Headers::new();
    headers.set("content-type", "application/json")?;
    if let Some(fault) = fault {
        headers.set(crate::platform::faults::HEADER, fault.name())?;
    }
    let mut init = RequestInit::new();
    init.with_method(Method::Post).with_headers(headers).with_body(Some(body.into()));
    let request = Request::new_with_init("https://participation.ledger/", &init)?;
    let mut response = stub.fetch_with_request(request).await?;
    if let Some(counter) = &app.usage {
        let header =
            |name: &str| response.headers().get(name).ok().flatten().and_then(|v| v.parse::<i64>().ok()).unwrap_or(0);
        counter.add("doRequests", 1);
        counter.add("doRowsRead", header("x-do-rows-read"));
        counter.add("doRowsWritten", header("x-do-rows-written"));
        counter.add("r2ClassA", header("x-do-r2-class-a"));
        counter.add("r2ClassB", header("x-do-r2-class-b"));
    }
    if response.status_code() != 200 {
        let text = response.text().await.unwrap_or_default();
        return Err(ApiError::internal(format!("participation object answered {}: {text}", response.status_code())));
    }
    response.json::<Answer<T>>().await.map_err(|e| ApiError::internal(format!("participation object answer: {e}")))
}

/// Sends `call`, adopting a participation from D1 first if its object has never seen it. A
/// refusal becomes the client's answer (same status, code and message as before the objects).
pub async fn call<T: DeserializeOwned>(app: &App, entry_id: &str, call: &Call) -> ApiResult<T> {
    call_or_refusal(app, entry_id, call).await?.map_err(refusal)
}

/// Like [`call`], but tells the ledger's refusal (it decided) from a failure (the call failed, or
/// the object did: what it did is unknown). The chunk path deletes what it wrote only on the first.
pub async fn call_or_refusal<T: DeserializeOwned>(
    app: &App,
    entry_id: &str,
    call: &Call,
) -> ApiResult<Result<T, lupa_core::ledger::Refusal>> {
    let answer = match send::<T>(app, entry_id, call).await? {
        Answer::Uninitialized => {
            if !adopt(app, entry_id).await? {
                return Ok(Err(lupa_core::ledger::Refusal::NotYours));
            }
            send::<T>(app, entry_id, call).await?
        }
        other => other,
    };
    match answer {
        Answer::Ok(value) => Ok(Ok(value)),
        Answer::Refused(r) => Ok(Err(r)),
        Answer::Uninitialized => Err(ApiError::internal("participation object still uninitialized after adoption")),
    }
}

pub fn refusal(r: lupa_core::ledger::Refusal) -> ApiError {
    ApiError::from(r.code())
}

/// Starts the object of a new participation.
/// `transcribe`: the language, when its recording is transcribed (ADR 0018).
pub async fn init(
    app: &App,
    entry_id: &str,
    analysis_id: &str,
    capability_hash: &str,
    camera: &str,
    transcribe: Option<&str>,
) -> ApiResult<()> {
    let init = WorkerCall::Init(Init {
        transcribe: transcribe.map(str::to_string),
        entry_id: entry_id.into(),
        analysis_id: analysis_id.into(),
        capability: capability_hash.into(),
        camera: camera.into(),
        now: app.now(),
        adopted: Vec::new(),
    });
    call::<()>(app, entry_id, &init.into()).await
}

/// Tells a participation's object that it was deleted (leave, expiry, entry, analysis or user
/// deletion): it refuses every chunk from now on and deletes every object, including any a chunk
/// already streaming stores later.
pub async fn delete(app: &App, entry_id: &str) -> ApiResult<()> {
    match send::<()>(app, entry_id, &WorkerCall::Delete { now: app.now() }.into()).await? {
        Answer::Refused(r) => Err(refusal(r)),
        _ => Ok(()),
    }
}

/// The participations of an analysis that are still recording, as their objects see them: how
/// much each recorded and when it was last active (the researcher's table, ADR 0013; D1 does not
/// hear of every chunk). One request per unsubmitted participation, all at once.
pub async fn live_status(app: &App, entry_ids: &[String]) -> Vec<Option<protocol::Status>> {
    let calls = entry_ids.iter().map(|id| async move {
        call::<protocol::Status>(app, id, &WorkerCall::Status { now: app.now() }.into()).await.ok()
    });
    futures_util::future::join_all(calls).await
}

/// Tells the object the participation was submitted: D1 has everything; it forgets its ledger and
/// builds the seek indexes of `files` on its alarm. False when the object did not take them (it
/// never saw the participation). `fault`: a test's (`faults.rs`).
pub async fn finish(
    app: &App,
    entry_id: &str,
    files: Vec<String>,
    fault: Option<crate::platform::faults::Fault>,
) -> ApiResult<bool> {
    match send_with_fault::<bool>(app, entry_id, &WorkerCall::Finish { index: files }.into(), fault).await? {
        Answer::Ok(taken) => Ok(taken),
        _ => Ok(false),
    }
}

/// Tells the participation's viewers of something D1 has just recorded (answers, ADR 0016). Run
/// after the answer: a failure is logged, never the participant's.
pub fn tell_viewers(app: &App, entry_id: &str, event: lupa_api_types::LiveEvent) {
    let (background, entry_id) = (app.detached(), entry_id.to_string());
    app.wait_until(async move {
        if let Err(err) = send::<()>(&background, &entry_id, &WorkerCall::Live { event }.into()).await {
            crate::platform::log::error("-", "(ledger-live)", err.source.as_deref().unwrap_or(&err.message));
        }
    });
}

/// Whose live sockets to check again ([`recheck_viewers`]).
pub enum Viewers<'a> {
    /// One session's: it just ended (logout).
    Session(&'a str),
    /// Every session of a user's: they all ended (a password change or reset) or the user's access
    /// changed (an admin demoted).
    User(&'a str),
}

const WATCHED_BY_SESSION: &str = "SELECT DISTINCT entry_id AS value FROM live_viewers WHERE session_hash = ?1";
const WATCHED_BY_USER: &str = "SELECT DISTINCT entry_id AS value FROM live_viewers WHERE user_id = ?1";

/// After the answer: asks the object of every participation `who` watched live, and the room of
/// every moderated session they joined, to check their sockets again (hardening 4). Each object asks D1 whether each such socket's session lasts and
/// still has access, and closes the others, so a logout or a lost access ends a live view at once.
/// A failure is logged; a socket missed here is still checked on its next request.
pub fn recheck_viewers(app: &App, who: Viewers<'_>) {
    let (sql, key, session, user) = match who {
        Viewers::Session(hash) => (WATCHED_BY_SESSION, hash.to_string(), Some(hash.to_string()), None),
        Viewers::User(id) => (WATCHED_BY_USER, id.to_string(), None, Some(id.to_string())),
    };
    let background = app.detached();
    app.wait_until(async move {
        let result = async {
            // Rows of the sessions that ended stay for the cron's sweep (`forget_ended_viewers`).
            let database = db(&background)?;
            let mut batch = Batch::new(&database);
            let watched = batch.add(sql, &[text(&key)])?;
            let entries = batch.run().await?.all::<crate::platform::db::Value<String>>(watched)?;
            // The moderated sessions' rooms the same account joined (ADR 0024) close the same way.
            let rooms = crate::moderated::room::recheck(&background, session.as_deref(), user.as_deref());
            let call = Call::from(WorkerCall::Recheck { session_hash: session.clone(), user_id: user.clone() });
            let calls = entries.iter().map(|e| send::<()>(&background, &e.value, &call));
            let (answers, rooms) = futures_util::future::join(futures_util::future::join_all(calls), rooms).await;
            for answer in answers {
                answer?;
            }
            rooms?;
            Ok::<(), ApiError>(())
        };
        if let Err(err) = result.await {
            crate::platform::log::error("-", "(live-recheck)", err.source.as_deref().unwrap_or(&err.message));
        }
    });
}

const SWEEP_ENDED: &str = "DELETE FROM live_viewers WHERE session_hash NOT IN (SELECT token_hash FROM sessions)";

/// The cron's sweep: rows of sessions that ended without a logout (expired, or deleted with their
/// user) are of no more use. Answers how many went.
pub async fn forget_ended_viewers(app: &App) -> ApiResult<usize> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let swept = batch.add(SWEEP_ENDED, &[])?;
    let results = batch.run().await?;
    results.changes(swept)
}

const LEGACY_ENTRY: &str = "SELECT e.analysis_id, e.status, e.capability_hash, a.camera FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE e.id = ?1";
const LEGACY_SEGMENTS: &str = "SELECT seq, track, mime, r2_key, upload_id, offset_ms, state, start_ms, created_at FROM entry_segments WHERE entry_id = ?1";
const LEGACY_CHUNKS: &str =
    "SELECT seq, track, idx, size, end_ms FROM entry_chunks WHERE entry_id = ?1 ORDER BY seq, track, idx";
const LEGACY_PARTS: &str = "SELECT seq, track, part_number, etag, size FROM segment_parts WHERE entry_id = ?1";
const MOVED: &[&str] = &[
    "DELETE FROM entry_chunks WHERE entry_id = ?1",
    "DELETE FROM segment_parts WHERE entry_id = ?1",
    "UPDATE entry_segments SET upload_id = NULL WHERE entry_id = ?1",
    "UPDATE analysis_entries SET ledger = 'object' WHERE id = ?1",
];

#[derive(Deserialize)]
struct LegacyEntry {
    analysis_id: String,
    status: String,
    capability_hash: Option<String>,
    camera: String,
}

#[derive(Deserialize)]
struct LegacySegment {
    seq: u32,
    track: Track,
    mime: String,
    r2_key: String,
    upload_id: Option<String>,
    offset_ms: i64,
    state: SegmentState,
    start_ms: i64,
    created_at: i64,
}

#[derive(Deserialize)]
struct LegacyChunk {
    seq: u32,
    track: Track,
    idx: u32,
    size: i64,
    end_ms: i64,
}

#[derive(Deserialize)]
struct LegacyPart {
    seq: u32,
    track: Track,
    part_number: u32,
    etag: String,
    size: i64,
}

/// Moves an in-progress participation's D1 ledger into its object (participations started
/// before the objects, ADR 0013). False when there is nothing to adopt.
async fn adopt(app: &App, entry_id: &str) -> ApiResult<bool> {
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let entry = reads.add(LEGACY_ENTRY, &[text(entry_id)])?;
    let segments = reads.add(LEGACY_SEGMENTS, &[text(entry_id)])?;
    let chunks = reads.add(LEGACY_CHUNKS, &[text(entry_id)])?;
    let parts = reads.add(LEGACY_PARTS, &[text(entry_id)])?;
    let results = reads.run().await?;
    let Some(entry) = results.first::<LegacyEntry>(entry)? else { return Ok(false) };
    let Some(capability) = entry.capability_hash.filter(|_| entry.status == "in_progress") else { return Ok(false) };
    let chunks = results.all::<LegacyChunk>(chunks)?;
    let parts = results.all::<LegacyPart>(parts)?;
    let adopted = results
        .all::<LegacySegment>(segments)?
        .into_iter()
        .map(|s| AdoptedSegment {
            chunks: chunks
                .iter()
                .filter(|c| c.seq == s.seq && c.track == s.track)
                .map(|c| AdoptedChunk { idx: c.idx, size: c.size, end_ms: c.end_ms })
                .collect(),
            parts: parts
                .iter()
                .filter(|p| p.seq == s.seq && p.track == s.track)
                .map(|p| AdoptedPart { part_number: p.part_number, etag: p.etag.clone(), size: p.size })
                .collect(),
            seq: s.seq,
            track: s.track,
            mime: s.mime,
            r2_key: s.r2_key,
            upload_id: s.upload_id,
            offset_ms: s.offset_ms,
            state: s.state,
            start_ms: s.start_ms,
            created_at: s.created_at,
        })
        .collect();
    let init = WorkerCall::Init(Init {
        entry_id: entry_id.into(),
        analysis_id: entry.analysis_id,
        capability,
        camera: entry.camera,
        now: app.now(),
        adopted,
        transcribe: None,
    });
    if let Answer::Refused(r) = send::<()>(app, entry_id, &init.into()).await? {
        return Err(refusal(r));
    }
    let mut moved = Batch::new(&database);
    for sql in MOVED {
        moved.add(sql, &[text(entry_id)])?;
    }
    moved.run().await?;
    Ok(true)
}

//! The participant's recording as it happens (ADR 0005, ADR 0013): open a segment per capture,
//! store every chunk durably the moment it arrives, and keep the step marks on the server so a
//! reloaded or crashed tab knows where the participant was.
//!
//! The participation's Durable Object owns the ledger. A chunk costs no D1 round trip: the object
//! reserves its bytes (capability, segment, limits), the body streams to R2, and the object
//! records it stored. Composing parts runs in the object after the answer.
//!
//! A segment remembers the quality tier it is recorded at (issue 48: `tier` of the opening, 0 by
//! default), in the object's ledger and in D1's copy, from which the researcher's player learns it
//! (`recordings::segments_of`). The tier is the screen segment's; its camera track takes it.

use lupa_api_types::{ChunkResponse, MessageResponse, OpenSegmentRequest, SegmentResponse, StepsRequest};
use lupa_core::chunks::{self, ChunkRequest, CHUNK_MAX_BYTES, MAX_SEGMENTS};
use lupa_core::ledger::Refusal;
use lupa_core::recording::{ChunkId, Track};
use worker::{Request, Response};

use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::{json, read_json, read_json_object, typed_json};
use crate::ledger::protocol::{
    Call, CommitChunk, Committed, OpenSegment, Opened, ParticipantOp, ReserveChunk, Reserved, WorkerCall,
};
use crate::participation::entries::{self, capability_hash_of};
use crate::participation::mime;
use crate::platform::db::{db, int, text, Batch};
use crate::platform::storage;
use crate::App;

/// D1's copy of a segment for the researcher's view: written when it opens, completed at Finish.
const RECORD_SEGMENT: &str = "INSERT INTO entry_segments (entry_id, seq, track, mime, r2_key, offset_ms, created_at, tier) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) \
     ON CONFLICT (entry_id, seq, track) DO NOTHING";
/// Opening a segment is activity; the place is held for the whole segment (`holds.rs`).
const TOUCH: &str =
    "UPDATE analysis_entries SET last_activity_at = ?2, held_until = MAX(COALESCE(held_until, 0), ?3) WHERE id = ?1";

/// `POST /api/v1/analysisEntry/{id}/segments {mimeType, track?, tier?}`: a new capture of this
/// participation, or the camera track of the newest one. `tier` is checked for every track, before
/// the rest of the body, so a wrong one is `bad_tier` whatever its type.
pub async fn open(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let capability = capability_hash_of(app, req)?;
    let body = read_json_object(req).await?;
    let tier = lupa_core::recording::requested_tier(body.get("tier")).map_err(|_| ApiError::from(Fixed::BadTier))?;
    let body: OpenSegmentRequest = typed_json(body)?;
    let track = Track::requested(body.track.as_deref());
    if track == Ok(Track::Audio) {
        return crate::transcripts::open_audio(app, capability, entry_id).await;
    }
    let track = track.map_err(|m| ApiError::composed(Composed::InvalidTrack, m))?;
    let mime = mime::base(body.mimeType.as_deref().unwrap_or_default())
        .ok_or_else(|| ApiError::from(Fixed::UnsupportedMime))?;
    if entry_id.is_empty() || capability.is_none() {
        return Err(crate::ledger::refusal(Refusal::NotYours));
    }
    let now = app.now();
    // The object checks the capability and where the segment's file goes (ADR 0013).
    let call = Call::participant(capability, ParticipantOp::Open(OpenSegment { track, mime: mime.into(), now, tier }));
    let opened: Opened = crate::ledger::call(app, entry_id, &call).await?;
    // One transaction: the researcher's copy of the segment, and the place held while it records.
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(
        RECORD_SEGMENT,
        &[
            text(entry_id),
            int(i64::from(opened.seq)),
            text(track.as_str()),
            text(mime),
            text(&opened.r2_key),
            int(opened.offset_ms),
            int(now),
            int(i64::from(opened.tier)),
        ],
    )?;
    batch.add(TOUCH, &[text(entry_id), int(now), int(opened.hold_until)])?;
    batch.run().await?;
    let resp = json(
        200,
        &SegmentResponse {
            segment: opened.seq,
            chunkMaxBytes: CHUNK_MAX_BYTES,
            recordedMs: opened.offset_ms.max(0) as u64,
        },
    )?;
    entries::refresh_capability_cookie(resp, req)
}

/// `PUT /api/v1/analysisEntry/{id}/segments/{seg}/chunks/{index}` (screen) and
/// `…/camera-chunks/{index}` (camera): one chunk, stored in R2 and in the participation's ledger
/// before the answer. A repeat of a stored chunk is answered without storing it again.
pub async fn put_chunk(
    app: &App,
    req: &mut Request,
    entry_id: &str,
    segment: &str,
    index: &str,
    track: Track,
) -> ApiResult<Response> {
    let presented = capability_hash_of(app, req)?;
    if presented.is_none() {
        return Err(crate::ledger::refusal(Refusal::NotYours));
    }
    let seq: u32 = segment
        .parse()
        .ok()
        .filter(|s| (1..=MAX_SEGMENTS).contains(s))
        .ok_or_else(|| ApiError::from(Fixed::NoSegment))?;
    let declared = entries::declared_length(req)?;
    // The request's own shape first (no state needed); the limits are the object's.
    let chunk = chunks::check_chunk(
        ChunkRequest {
            index,
            end_ms: req.headers().get("x-lupa-end-ms").ok().flatten().as_deref(),
            declared_len: declared,
            segment_offset_ms: 0,
            stored_bytes: 0,
        },
        lupa_core::chunks::Limits { max_duration_ms: i64::MAX, max_bytes: i64::MAX },
    )
    .map_err(|e| ApiError::from(e.code()))?;
    let start_ms = match track {
        Track::Camera => {
            let header = req.headers().get("x-lupa-start-ms").ok().flatten();
            let start = lupa_core::camera::start_ms(header.as_deref()).map_err(ApiError::from)?;
            header.map(|_| start)
        }
        Track::Screen | Track::Audio => None,
    };
    let (id, now) = (ChunkId { seq, track, index: chunk.index }, app.now());
    let reserve = Call::participant(
        presented,
        ParticipantOp::Reserve(ReserveChunk { chunk: id, end_ms: chunk.end_ms, len: declared, start_ms, now }),
    );
    let reserved: Reserved = crate::ledger::call(app, entry_id, &reserve).await?;
    if reserved.already_stored {
        return json(200, &ChunkResponse { stored: true, watched: false });
    }
    // The body goes to R2 as it arrives, never through the worker's memory (ADR 0011). HTTP
    // framing holds it to its Content-Length, which the object reserved; R2 confirms it.
    crate::platform::usage::mark_body_streaming(app);
    let bucket = storage::bucket(app)?;
    let put = match req.inner().body() {
        Some(body) => bucket
            .put(reserved.key.clone(), body)
            .execute()
            .await
            .map_err(|e| ApiError::internal(format!("R2 put chunk: {e}"))),
        None => Err(ApiError::from(Fixed::ChunkLength)),
    };
    // The ledger gets the size R2 reports and decides: it records that size, or gives the
    // reservation back when nothing, or not what it reserved, was stored.
    let r2_size = match &put {
        Ok(Some(object)) => Some(object.size()),
        _ => None,
    };
    let commit = Call::from(WorkerCall::Commit(CommitChunk {
        chunk: id,
        attempt: reserved.attempt,
        stored: r2_size.is_some(),
        size: r2_size.unwrap_or(0),
        now,
    }));
    // The R2 object is deleted only when the ledger says it isn't counted: it refused the commit
    // (the participation left or was deleted while the body streamed: the object swept the prefix
    // already, so this is the object that would outlive it) or rolled the reservation back. After
    // any other failure the ledger may have stored the chunk (say, D1 busy while the place was
    // taken again after it), and a retry gets `already_stored`: deleting it would make every
    // `complete` fail. An object nobody counts is swept at Finish or deletion.
    let committed = match crate::ledger::call_or_refusal::<Committed>(app, entry_id, &commit).await? {
        Ok(committed) => committed,
        Err(refused) => {
            let _ = bucket.delete(reserved.key).await;
            return Err(crate::ledger::refusal(refused));
        }
    };
    if committed.delete {
        let _ = bucket.delete(reserved.key.clone()).await;
    }
    put?;
    if committed.delete {
        return Err(ApiError::from(Fixed::ChunkLength));
    }
    if committed.compose {
        let (entry, worker_app) = (entry_id.to_string(), app.detached());
        app.wait_until(async move {
            let call = Call::from(WorkerCall::Compose { seq, track });
            if let Err(err) = crate::ledger::call::<()>(&worker_app, &entry, &call).await {
                crate::platform::log::error("-", "(compose)", err.source.as_deref().unwrap_or(&err.message));
            }
            worker_app.log_usage("(compose)");
        });
    }
    json(200, &ChunkResponse { stored: true, watched: committed.watched })
}

/// `PUT /api/v1/analysisEntry/{id}/steps {steps}`: the whole list of step marks so far.
/// The participation's object keeps them (no D1 write per step, ADR 0013); Finish writes them to D1.
pub async fn put_steps(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let capability = capability_hash_of(app, req)?;
    if entry_id.is_empty() {
        return Err(ApiError::from(Fixed::MissingEntryId));
    }
    if capability.is_none() {
        return Err(crate::ledger::refusal(Refusal::NotYours));
    }
    let body: StepsRequest = read_json(req).await?;
    if body.steps.len() > lupa_core::participation::MAX_STEP_MARKS {
        return Err(ApiError::from(Fixed::TooManySteps));
    }
    let steps_json = serde_json::to_string(&body.steps).map_err(ApiError::internal)?;
    let call = Call::participant(capability, ParticipantOp::Steps { steps_json, now: app.now() });
    crate::ledger::call::<()>(app, entry_id, &call).await?;
    json(200, &MessageResponse { message: "Pasos guardados".into() })
}

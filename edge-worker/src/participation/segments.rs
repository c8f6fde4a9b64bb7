//! The participant's recording as it happens (ADR 0005): open a segment per capture, store every
//! chunk durably the moment it arrives, and keep the step marks on the server so a reloaded or
//! crashed tab knows where the participant was.
//!
//! A chunk costs one D1 read (capability, entry, segment and an earlier copy of the chunk, joined)
//! before its body goes to R2, then one D1 batch. Composing parts runs after the answer.

use lupa_api_types::{ChunkResponse, MessageResponse, OpenSegmentRequest, SegmentResponse, StepsRequest};
use lupa_core::camera::{self, Track};
use lupa_core::chunks::{self, ChunkRequest, CHUNK_MAX_BYTES, HOLD_AFTER_MEDIA_MS, HOLD_WITHOUT_MEDIA_MS, MAX_SEGMENTS};
use lupa_core::participation::NOT_YOURS;
use serde::Deserialize;
use worker::{Request, Response};

use crate::db::{db, failed, int, stmt, text, Batch, Busy, BusyBatch};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::participation::entries::{self, capability_hash_of};
use crate::participation::{compose, mime};
use crate::recordings;
use crate::App;

/// The screen track; the camera gets its own segments with the same numbers (ADR 0008).
pub const SCREEN: &str = "screen";

const OPEN: &str = "INSERT INTO entry_segments (entry_id, seq, track, mime, r2_key, offset_ms, created_at) \
     SELECT ?1, COALESCE(MAX(seq), 0) + 1, 'screen', ?2, ?3 || (COALESCE(MAX(seq), 0) + 1) || ?4, COALESCE(SUM(duration_ms), 0), ?5 \
     FROM entry_segments WHERE entry_id = ?1 AND track = 'screen' HAVING COALESCE(MAX(seq), 0) < ?6 RETURNING seq, offset_ms";
/// The camera track of the newest screen segment: same number and place on the timeline. Opening
/// it again (a retried request) changes nothing; `CAMERA_SEGMENT` reads what there is.
const OPEN_CAMERA: &str = "INSERT INTO entry_segments (entry_id, seq, track, mime, r2_key, offset_ms, created_at) \
     SELECT s.entry_id, s.seq, 'camera', ?2, ?3 || s.seq || ?4, s.offset_ms, ?5 FROM entry_segments s \
     WHERE s.entry_id = ?1 AND s.track = 'screen' ORDER BY s.seq DESC LIMIT 1 \
     ON CONFLICT (entry_id, seq, track) DO NOTHING";
const CAMERA_SEGMENT: &str = "SELECT seq, offset_ms, state FROM entry_segments WHERE entry_id = ?1 AND track = 'camera' \
     AND seq = (SELECT MAX(seq) FROM entry_segments WHERE entry_id = ?1 AND track = 'screen')";
/// Where the camera file starts on its screen file (`x-lupa-start-ms` of its chunks).
const CAMERA_START: &str = "UPDATE entry_segments SET start_ms = ?3 WHERE entry_id = ?1 AND seq = ?2 AND track = 'camera'";
const TOUCH: &str = "UPDATE analysis_entries SET last_activity_at = ?2, held_until = MAX(COALESCE(held_until, 0), ?3) WHERE id = ?1";

/// Everything a chunk request needs, in one read.
const CHUNK_CONTEXT: &str = "SELECT e.analysis_id, e.status, e.capability_hash, e.recorded_bytes, \
     s.state AS segment_state, s.offset_ms, s.bytes AS segment_bytes, \
     (SELECT COUNT(*) FROM segment_parts p WHERE p.entry_id = e.id AND p.seq = ?2 AND p.track = ?3) AS composed_parts, \
     c.size AS existing_size \
     FROM analysis_entries e \
     LEFT JOIN entry_segments s ON s.entry_id = e.id AND s.seq = ?2 AND s.track = ?3 \
     LEFT JOIN entry_chunks c ON c.entry_id = e.id AND c.seq = ?2 AND c.track = ?3 AND c.idx = ?4 \
     WHERE e.id = ?1";
const STORE_CHUNK: &str = "INSERT INTO entry_chunks (entry_id, seq, track, idx, size, end_ms, stored_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
     ON CONFLICT (entry_id, seq, track, idx) DO NOTHING";
/// Media is activity: the place is held for another 30 minutes. An entry whose hold had lapsed
/// (offline for long) takes a place again only if one is free.
const MEDIA_ACTIVITY: &str = "UPDATE analysis_entries SET last_activity_at = ?2, updated_at = ?2, held_until = ?3 WHERE id = ?1 AND \
     (held_until > ?2 OR (SELECT COUNT(*) FROM analysis_entries o WHERE o.analysis_id = analysis_entries.analysis_id AND o.id != ?1 \
       AND (o.status = 'submitted' OR (o.status = 'in_progress' AND o.held_until > ?2))) \
     < (SELECT a.max_participants FROM analyses a WHERE a.id = analysis_entries.analysis_id))";
const SAVE_STEPS: &str = "UPDATE analysis_entries SET steps_json = ?2, last_activity_at = ?3 WHERE id = ?1";

const CHUNK_LENGTH_MISMATCH: &str = "El fragmento no tiene la longitud declarada";
const CHUNK_CONFLICT: &str = "Ese fragmento ya se recibió con otro tamaño";
const SEGMENT_CLOSED: &str = "Este tramo de la grabación ya está cerrado";
const NO_SEGMENT: &str = "Ese tramo de la grabación no existe";
const TOO_MANY_SEGMENTS: &str = "La participación se ha interrumpido demasiadas veces";
/// A step list longer than this is not a participant clicking through tasks.
const MAX_STEP_MARKS: usize = 2_000;

#[derive(Deserialize)]
struct Opened {
    seq: i64,
    offset_ms: i64,
}

#[derive(Deserialize)]
struct CameraOpened {
    seq: i64,
    offset_ms: i64,
    state: String,
}

/// `POST /api/v1/analysisEntry/{id}/segments {mimeType, track?}`: a new capture of this
/// participation, or the camera track of the newest one.
pub async fn open(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let body: OpenSegmentRequest = read_json(req).await?;
    let track = Track::parse(body.track.as_deref()).map_err(|m| ApiError::bad_request("invalid_track", m))?;
    let mime = mime::base(body.mimeType.as_deref().unwrap_or_default())
        .ok_or_else(|| ApiError::bad_request("unsupported_mime", mime::UNSUPPORTED))?;
    let prefix = format!("{}segments/", recordings::entry_prefix(&entry.analysis_id, &entry.id));
    let suffix = format!("/{}.{}", track.as_str(), mime::extension(mime));
    let database = db(app)?;
    let now = app.now();
    // One transaction: the segment, and the participation's hold renewed (when there was room).
    let opened = match track {
        Track::Screen => {
            let mut batch = Batch::new(&database);
            let opened = batch.add(OPEN, &[text(&entry.id), text(mime), text(&prefix), text(&suffix), int(now), int(i64::from(MAX_SEGMENTS))])?;
            batch.add(TOUCH, &[text(&entry.id), int(now), int(now + HOLD_WITHOUT_MEDIA_MS)])?;
            batch.run().await?.first::<Opened>(opened)?.ok_or_else(|| ApiError::bad_request("too_many_segments", TOO_MANY_SEGMENTS))?
        }
        Track::Camera => open_camera(app, &entry, mime, &prefix, &suffix).await?,
    };
    let resp = json(
        200,
        &SegmentResponse { segment: opened.seq.max(0) as u32, chunkMaxBytes: CHUNK_MAX_BYTES, recordedMs: opened.offset_ms.max(0) as u64 },
    )?;
    entries::refresh_capability_cookie(resp, req)
}

/// Opens (or finds again) the camera track of the newest screen segment, and renews the
/// participation's hold, in one transaction.
async fn open_camera(app: &App, entry: &entries::EntryRow, mime: &str, prefix: &str, suffix: &str) -> ApiResult<Opened> {
    if !camera::records_camera(&entry.analysis_camera) {
        return Err(ApiError::bad_request("camera_off", camera::CAMERA_OFF));
    }
    let database = db(app)?;
    let now = app.now();
    let mut batch = Batch::new(&database);
    batch.add(OPEN_CAMERA, &[text(&entry.id), text(mime), text(prefix), text(suffix), int(now)])?;
    let found = batch.add(CAMERA_SEGMENT, &[text(&entry.id)])?;
    batch.add(TOUCH, &[text(&entry.id), int(now), int(now + HOLD_WITHOUT_MEDIA_MS)])?;
    let segment = batch
        .run()
        .await?
        .first::<CameraOpened>(found)?
        .ok_or_else(|| ApiError::new(409, "no_screen_segment", camera::NO_SCREEN_SEGMENT))?;
    if segment.state != "open" {
        return Err(ApiError::new(409, "segment_closed", SEGMENT_CLOSED));
    }
    Ok(Opened { seq: segment.seq, offset_ms: segment.offset_ms })
}

#[derive(Deserialize)]
struct ChunkContext {
    analysis_id: String,
    status: String,
    capability_hash: Option<String>,
    recorded_bytes: i64,
    segment_state: Option<String>,
    offset_ms: Option<i64>,
    segment_bytes: Option<i64>,
    composed_parts: i64,
    existing_size: Option<i64>,
}

/// `PUT /api/v1/analysisEntry/{id}/segments/{seg}/chunks/{index}` (screen) and
/// `…/camera-chunks/{index}` (camera): one chunk, stored in R2 and recorded in D1 before the
/// answer. A repeat of a stored chunk is answered without storing it again.
pub async fn put_chunk(app: &App, req: &mut Request, entry_id: &str, segment: &str, index: &str, track: Track) -> ApiResult<Response> {
    let presented = capability_hash_of(app, req)?;
    let seq: u32 = segment.parse().ok().filter(|s| (1..=MAX_SEGMENTS).contains(s)).ok_or_else(|| ApiError::new(404, "no_segment", NO_SEGMENT))?;
    let database = db(app)?;
    let ctx = stmt(&database, CHUNK_CONTEXT, &[text(entry_id), int(i64::from(seq)), text(track.as_str()), text(index)])?
        .first_busy::<ChunkContext>(None)
        .await
        .map_err(failed(CHUNK_CONTEXT))?
        .ok_or_else(ApiError::not_found)?;
    if ctx.status != "in_progress" || presented.is_none() || ctx.capability_hash != presented {
        return Err(ApiError::forbidden("not_your_entry", NOT_YOURS));
    }
    match ctx.segment_state.as_deref() {
        Some("open") => {}
        Some(_) => return Err(ApiError::new(409, "segment_closed", SEGMENT_CLOSED)),
        None => return Err(ApiError::new(404, "no_segment", NO_SEGMENT)),
    }
    let declared = entries::declared_length(req)?;
    let chunk = chunks::check_chunk(
        ChunkRequest {
            index,
            end_ms: req.headers().get("x-lupa-end-ms").ok().flatten().as_deref(),
            declared_len: declared,
            segment_offset_ms: ctx.offset_ms.unwrap_or(0),
            stored_bytes: ctx.recorded_bytes,
        },
        app.config.limits,
    );
    // A retry of a chunk that is already stored is fine whatever the limits say now.
    if let Some(existing) = ctx.existing_size {
        return if existing as u64 == declared {
            json(200, &ChunkResponse { stored: true })
        } else {
            Err(ApiError::new(409, "chunk_conflict", CHUNK_CONFLICT))
        };
    }
    let chunk = chunk.map_err(|e| ApiError::new(e.status(), e.code(), e.message()))?;
    let key = chunk_key(&ctx.analysis_id, entry_id, seq, track.as_str(), chunk.index);
    // The body goes to R2 as it arrives, never through the worker's memory (ADR 0011: a chunk
    // copied into wasm and out again cost CPU and memory under load). HTTP framing holds the
    // body to its Content-Length, which was checked against the limits above; R2 confirms it.
    let body = req.inner().body().ok_or_else(|| ApiError::bad_request("chunk_length", CHUNK_LENGTH_MISMATCH))?;
    crate::usage::mark_body_streaming(app);
    let bucket = crate::recordings::bucket(app)?;
    let stored = bucket.put(key.clone(), body).execute().await.map_err(|e| ApiError::internal(format!("R2 put chunk: {e}")))?;
    if stored.map(|object| object.size()) != Some(declared) {
        let _ = bucket.delete(key).await;
        return Err(ApiError::bad_request("chunk_length", CHUNK_LENGTH_MISMATCH));
    }
    let now = app.now();
    let mut batch = vec![
        stmt(&database, STORE_CHUNK, &[text(entry_id), int(i64::from(seq)), text(track.as_str()), int(i64::from(chunk.index)), int(declared as i64), int(chunk.end_ms), int(now)])?,
        stmt(&database, MEDIA_ACTIVITY, &[text(entry_id), int(now), int(now + HOLD_AFTER_MEDIA_MS)])?,
    ];
    let start = req.headers().get("x-lupa-start-ms").ok().flatten();
    if let (Track::Camera, Some(start)) = (track, start) {
        batch.push(stmt(&database, CAMERA_START, &[text(entry_id), int(i64::from(seq)), int(camera::start_ms(Some(&start)))])?);
    }
    database.batch_busy(batch).await.map_err(failed(STORE_CHUNK))?;
    // Compose in the background once the stored bytes may fill a part after the first.
    let segment_bytes = ctx.segment_bytes.unwrap_or(0) as u64 + declared;
    if compose::may_have_ready_part(segment_bytes, ctx.composed_parts.max(0) as u64) {
        let (entry, worker_app) = (entry_id.to_string(), app.detached());
        app.wait_until(async move {
            if let Err(err) = compose::compose_ready(&worker_app, &entry, seq, track.as_str()).await {
                crate::log::error("-", "(compose)", err.source.as_deref().unwrap_or(&err.message));
            }
            worker_app.log_usage("(compose)");
        });
    }
    json(200, &ChunkResponse { stored: true })
}

/// `analyses/{a}/entries/{e}/segments/{seq}/{track}-chunks/{index}`, zero-padded so a listing is in order.
pub fn chunk_key(analysis_id: &str, entry_id: &str, seq: u32, track: &str, index: u32) -> String {
    format!("{}{index:06}", chunk_prefix(analysis_id, entry_id, seq, track))
}

pub fn chunk_prefix(analysis_id: &str, entry_id: &str, seq: u32, track: &str) -> String {
    format!("{}segments/{seq}/{track}-chunks/", recordings::entry_prefix(analysis_id, entry_id))
}

/// `PUT /api/v1/analysisEntry/{id}/steps {steps}`: the whole list of step marks so far.
pub async fn put_steps(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let body: StepsRequest = read_json(req).await?;
    if body.steps.len() > MAX_STEP_MARKS {
        return Err(ApiError::bad_request("too_many_steps", "Demasiadas marcas de paso"));
    }
    let steps = serde_json::to_string(&body.steps).map_err(ApiError::internal)?;
    stmt(&db(app)?, SAVE_STEPS, &[text(&entry.id), text(&steps), int(app.now())])?.run_busy().await.map_err(failed(SAVE_STEPS))?;
    json(200, &MessageResponse { message: "Pasos guardados".into() })
}

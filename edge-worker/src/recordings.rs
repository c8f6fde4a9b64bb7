//! Recordings in R2: their keys, signed playback URLs for researchers, streaming with `Range`,
//! and deletion. Keys: `analyses/{analysis}/entries/{entry}/recording.{mp4|webm}` (whole-file
//! upload) and `…/segments/{n}/screen.{mp4|webm}` plus its chunks (ADR 0005), so everything
//! of an analysis or an entry is one prefix.

use lupa_api_types::{EntryUrlResponse, SegmentDto};
use lupa_core::auth::Role;
use lupa_core::participation::{self as rules, ByteRange, SignedUrlError};
use worker::{Bucket, Range, Request, Response, ResponseBuilder};

use crate::auth::sessions::{self, SessionUser};
use crate::config::required_secret;
use crate::db::{db, int, now_ms, text, Batch, Results, Slot};
use crate::error::{ApiError, ApiResult};
use crate::http::json;
use crate::participation::entries::{self, EntryRow};
use crate::App;

/// Playback URLs live one hour (ASVS: short-lived, long enough to watch a session).
const PLAYBACK_TTL_MS: i64 = 60 * 60 * 1000;
const NOT_READY: &str = "La grabación aún no está disponible";

/// The recordings bucket (counted when the test server asks, `usage.rs`).
pub fn bucket(app: &App) -> ApiResult<Bucket> {
    let bucket = app.env.bucket("RECORDINGS")?;
    Ok(match &app.usage {
        Some(counter) => counter.r2(bucket),
        None => bucket,
    })
}

pub fn entry_prefix(analysis_id: &str, entry_id: &str) -> String {
    format!("analyses/{analysis_id}/entries/{entry_id}/")
}

pub fn recording_key(analysis_id: &str, entry_id: &str, mime: &str) -> String {
    let ext = if mime == "video/webm" { "webm" } else { "mp4" };
    format!("{}recording.{ext}", entry_prefix(analysis_id, entry_id))
}

/// Queues an analysis's recordings for deletion; goes in the same batch as the rows' deletion.
pub const QUEUE_ANALYSIS: &str = "INSERT INTO r2_deletions (prefix, created_at) VALUES ('analyses/' || ?1 || '/', ?2) ON CONFLICT (prefix) DO NOTHING";

/// Deletes every object under `prefix`, page by page.
pub async fn delete_prefix(app: &App, prefix: &str) -> ApiResult<()> {
    let bucket = bucket(app)?;
    loop {
        let page = bucket.list().prefix(prefix.to_string()).execute().await.map_err(|e| ApiError::internal(format!("R2 list: {e}")))?;
        let keys: Vec<String> = page.objects().iter().map(|o| o.key()).collect();
        if keys.is_empty() {
            return Ok(());
        }
        bucket.delete_multiple(keys).await.map_err(|e| ApiError::internal(format!("R2 delete: {e}")))?;
        if !page.truncated() {
            return Ok(());
        }
    }
}

/// Checks `?expires=&kid=&sig=` on a request for `path` against the current signing key or, while
/// rotating, the previous one; 403 when expired, tampered or signed with a retired key.
pub fn verify_signed_request(app: &App, req: &Request, path: &str) -> ApiResult<()> {
    let url = req.url()?;
    let param = |name: &str| url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned());
    let expires = param("expires").and_then(|v| v.parse::<i64>().ok());
    let (Some(expires), Some(sig)) = (expires, param("sig")) else {
        return Err(ApiError::forbidden("bad_signature", "Enlace no válido"));
    };
    let current = required_secret(&app.env, "URL_SIGNING_KEY")?;
    let previous = app.env.secret("URL_SIGNING_KEY_PREVIOUS").ok().map(|v| v.to_string()).filter(|v| !v.is_empty());
    let keys = rules::SigningKeys { current: current.as_bytes(), previous: previous.as_deref().map(str::as_bytes) };
    rules::verify_signed(&keys, path, expires, param("kid").as_deref(), &sig, now_ms()).map_err(|e| match e {
        SignedUrlError::Expired => ApiError::forbidden("expired_signature", "El enlace ha caducado"),
        SignedUrlError::BadSignature => ApiError::forbidden("bad_signature", "Enlace no válido"),
    })
}

/// The entry a batch read (`entries::add_find`) when the signed-in user owns its analysis or is
/// an admin; 404 otherwise. Whatever else the batch read about it is only used after this check.
pub fn owned_by(user: &SessionUser, entry: Option<EntryRow>) -> ApiResult<EntryRow> {
    let admin = Role::parse(&user.user.role) == Some(Role::Admin);
    entry.filter(|entry| entry.owner_id == user.user.id || admin).ok_or_else(ApiError::not_found)
}

/// The signed-in user, and the entry when they own its analysis or are an admin (404 otherwise);
/// `add` puts more reads about the entry in the same batch (two round trips in all).
pub async fn owned_entry_with<T>(
    app: &App,
    req: &Request,
    entry_id: &str,
    add: impl FnOnce(&mut Batch<'_>) -> ApiResult<T>,
) -> ApiResult<(SessionUser, EntryRow, Results, T)> {
    let user = sessions::require_user(app, req).await?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = entries::add_find(&mut batch, entry_id)?;
    let more = add(&mut batch)?;
    let results = batch.run().await?;
    let entry = owned_by(&user, results.first::<EntryRow>(found)?)?;
    Ok((user, entry, results, more))
}

/// The entry when the signed-in user owns its analysis or is an admin; 404 otherwise.
pub async fn owned_entry(app: &App, req: &Request, entry_id: &str) -> ApiResult<EntryRow> {
    Ok(owned_entry_with(app, req, entry_id, |_| Ok(())).await?.1)
}

/// A one-hour signed URL for `path`.
fn signed_url(app: &App, path: &str) -> ApiResult<String> {
    let query = rules::signed_query(required_secret(&app.env, "URL_SIGNING_KEY")?.as_bytes(), path, now_ms() + PLAYBACK_TTL_MS);
    Ok(format!("{}{path}?{query}", app.config.public_origin))
}

/// The signed URL of the recording's first file (the whole recording unless it was resumed).
pub fn playback_url(app: &App, entry: &EntryRow) -> ApiResult<String> {
    if entry.status != "submitted" || entry.recording_key.is_none() {
        return Err(ApiError::new(404, "recording_not_ready", NOT_READY));
    }
    signed_url(app, &format!("/api/v1/recordings/{}", entry.id))
}

const SEGMENTS: &str = "SELECT seq, r2_key, duration_ms FROM entry_segments WHERE entry_id = ?1 AND track = 'screen' AND state = 'closed' ORDER BY seq";

/// Adds reading an entry's closed segments to a batch (for `segments_of`).
pub fn add_segments(batch: &mut Batch<'_>, entry_id: &str) -> ApiResult<Slot> {
    batch.add(SEGMENTS, &[text(entry_id)])
}
const SEGMENT_KEY: &str = "SELECT r2_key FROM entry_segments WHERE entry_id = ?1 AND seq = ?2 AND track = 'screen' AND state = 'closed'";

#[derive(serde::Deserialize)]
struct SegmentKey {
    r2_key: String,
}

#[derive(serde::Deserialize)]
struct SegmentRow {
    seq: u32,
    duration_ms: i64,
}

/// The recording's files in order with signed URLs, from the segments a batch read
/// (`add_segments`); one for a recording uploaded whole.
pub fn segments_of(app: &App, entry: &EntryRow, results: &Results, slot: Slot) -> ApiResult<Vec<SegmentDto>> {
    let first = playback_url(app, entry)?;
    let rows = results.all::<SegmentRow>(slot)?;
    if rows.is_empty() {
        return Ok(vec![SegmentDto { url: first, durationMs: entry.duration_ms.unwrap_or(0).max(0) }]);
    }
    rows.into_iter()
        .map(|row| Ok(SegmentDto { url: signed_url(app, &format!("/api/v1/recordings/{}/{}", entry.id, row.seq))?, durationMs: row.duration_ms.max(0) }))
        .collect()
}

/// `GET /api/v1/analysisEntry/{id}`: signed URLs for the researcher, segment by segment.
pub async fn entry_url(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let (_, entry, results, slot) = owned_entry_with(app, req, entry_id, |batch| add_segments(batch, entry_id)).await?;
    let segments = segments_of(app, &entry, &results, slot)?;
    let first = segments.first().map(|s| s.url.clone()).ok_or_else(|| ApiError::new(404, "recording_not_ready", NOT_READY))?;
    let total = segments.iter().map(|s| s.durationMs).sum();
    json(200, &EntryUrlResponse { analysisEntryPresignedUrl: first, durationMs: total, segments })
}

/// `GET /api/v1/recordings/{id}[/{segment}]?expires=&sig=`: streams one file, honouring `Range`.
/// Without a segment number: the first file (or the spec's whole-file upload).
pub async fn stream(app: &App, req: &Request, entry_id: &str, segment: Option<&str>) -> ApiResult<Response> {
    let path = match segment {
        Some(seq) => format!("/api/v1/recordings/{entry_id}/{seq}"),
        None => format!("/api/v1/recordings/{entry_id}"),
    };
    verify_signed_request(app, req, &path)?;
    let seq = segment.map(|seq| seq.parse::<u32>().map_err(|_| ApiError::not_found())).transpose()?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = entries::add_find(&mut batch, entry_id)?;
    let segment_key = match seq {
        Some(seq) => Some(batch.add(SEGMENT_KEY, &[text(entry_id), int(i64::from(seq))])?),
        None => None,
    };
    let results = batch.run().await?;
    let entry = results.first::<EntryRow>(found)?.ok_or_else(ApiError::not_found)?;
    let key = match segment_key {
        None => entry.recording_key.clone(),
        Some(slot) => results.first::<SegmentKey>(slot)?.map(|row| row.r2_key),
    }
    .ok_or_else(|| ApiError::new(404, "recording_not_ready", NOT_READY))?;
    let bucket = bucket(app)?;
    let head = bucket.head(key.clone()).await?.ok_or_else(|| ApiError::new(404, "recording_not_ready", NOT_READY))?;
    let size = head.size();
    let content_type = head.http_metadata().content_type.unwrap_or_else(|| "video/mp4".into());
    let range_header = req.headers().get("range").ok().flatten();
    let range = rules::parse_range(range_header.as_deref(), size);
    let builder = ResponseBuilder::new()
        .with_header("content-type", &content_type)?
        .with_header("accept-ranges", "bytes")?
        .with_header("content-disposition", &format!("inline; filename=\"lupa-{}.{}\"", entry.id, key.rsplit('.').next().unwrap_or("mp4")))?;
    let (builder, r2_range, status) = match range {
        ByteRange::Unsatisfiable => {
            let resp = ResponseBuilder::new().with_status(416).with_header("content-range", &format!("bytes */{size}"))?.empty();
            return Ok(resp);
        }
        ByteRange::Full => (builder.with_header("content-length", &size.to_string())?, None, 200),
        ByteRange::Partial { start, end } => (
            builder
                .with_header("content-range", &format!("bytes {start}-{end}/{size}"))?
                .with_header("content-length", &(end - start + 1).to_string())?,
            Some(Range::OffsetWithLength { offset: start, length: end - start + 1 }),
            206,
        ),
    };
    let mut get = bucket.get(key);
    if let Some(r) = r2_range {
        get = get.range(r);
    }
    let object = get.execute().await?.ok_or_else(|| ApiError::new(404, "recording_not_ready", NOT_READY))?;
    let body = object.body().ok_or_else(|| ApiError::internal("R2 object without body"))?;
    Ok(builder.with_status(status).body(body.response_body()?))
}

//! Where recordings live in R2, and who may fetch them: the bucket, the key layout, short-lived
//! signed URLs, and deleting a prefix. One module for the handlers, the participation's object
//! (ADR 0013), the seek index and the thumbnails, so none of them import each other for it.
//!
//! Keys: `analyses/{analysis}/entries/{entry}/recording.{mp4|webm}` (whole-file upload),
//! `…/segments/{n}/screen.{mp4|webm}` and `…/segments/{n}/camera.{mp4|webm}` with their chunks
//! `…/segments/{n}/{track}-chunks/{index}` (ADR 0005, 0008), and `…/thumbnail.jpg`: everything of
//! an analysis or an entry is one prefix.

use lupa_core::participation::{self as rules, SignedUrlError};
use lupa_core::recording::{ChunkId, Track};
use worker::{Bucket, Request};

use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::platform::config::{optional_secret, required_secret};
use crate::App;

/// Playback URLs live one hour (ASVS: short-lived, long enough to watch a session).
pub const PLAYBACK_TTL_MS: i64 = 60 * 60 * 1000;

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

/// `analyses/{a}/entries/{e}/segments/{seq}/{track}.{webm|mp4}`: one segment's file of a track.
pub fn segment_key(analysis_id: &str, entry_id: &str, seq: u32, track: Track, mime: &str) -> String {
    let ext = crate::participation::mime::extension(mime);
    format!("{}segments/{seq}/{track}.{ext}", entry_prefix(analysis_id, entry_id))
}

/// `analyses/{a}/entries/{e}/segments/{seq}/{track}-chunks/{index}`, zero-padded so a listing is in order.
pub fn chunk_key(analysis_id: &str, entry_id: &str, chunk: ChunkId) -> String {
    format!("{}{:06}", chunk_prefix(analysis_id, entry_id, chunk.seq, chunk.track), chunk.index)
}

pub fn chunk_prefix(analysis_id: &str, entry_id: &str, seq: u32, track: Track) -> String {
    format!("{}segments/{seq}/{track}-chunks/", entry_prefix(analysis_id, entry_id))
}

/// Queues an analysis's recordings for deletion; goes in the same batch as the rows' deletion.
pub const QUEUE_ANALYSIS: &str = "INSERT INTO r2_deletions (prefix, created_at) VALUES ('analyses/' || ?1 || '/', ?2) ON CONFLICT (prefix) DO NOTHING";

/// Deletes every object under `prefix`, page by page.
pub async fn delete_prefix(app: &App, prefix: &str) -> ApiResult<()> {
    delete_under(&bucket(app)?, prefix).await
}

/// Deletes every object under `prefix` in `bucket` (the participation's object has no `App`).
pub async fn delete_under(bucket: &Bucket, prefix: &str) -> ApiResult<()> {
    loop {
        let page = bucket
            .list()
            .prefix(prefix.to_string())
            .execute()
            .await
            .map_err(|e| ApiError::internal(format!("R2 list: {e}")))?;
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

/// The chunk folders the sweep after Finish empties (other chunks, if any, have owners of their own).
const MEDIA_CHUNKS: [&str; 2] = ["/screen-chunks/", "/camera-chunks/"];

/// Deletes the screen and camera chunk objects of every segment under a participation's prefix
/// and leaves its composed files: the sweep after Finish (chunks stay readable for live viewers
/// until then, ADR 0016). Pages on with R2's cursor, since the composed files stay listed.
pub async fn delete_chunks(bucket: &Bucket, entry_prefix: &str) -> ApiResult<()> {
    let prefix = format!("{entry_prefix}segments/");
    let mut cursor: Option<String> = None;
    loop {
        let mut list = bucket.list().prefix(prefix.clone());
        if let Some(at) = cursor.take() {
            list = list.cursor(at);
        }
        let page = list.execute().await.map_err(|e| ApiError::internal(format!("R2 list: {e}")))?;
        let keys: Vec<String> = page
            .objects()
            .iter()
            .map(|o| o.key())
            .filter(|k| MEDIA_CHUNKS.iter().any(|kind| k.contains(kind)))
            .collect();
        if !keys.is_empty() {
            bucket.delete_multiple(keys).await.map_err(|e| ApiError::internal(format!("R2 delete: {e}")))?;
        }
        cursor = page.cursor();
        if !page.truncated() || cursor.is_none() {
            return Ok(());
        }
    }
}

/// Checks `?expires=&kid=&sig=` on a request for `path` against the current signing key or, while
/// rotating, the previous one; 403 when expired, tampered or signed with a retired key. Returns
/// the (now trusted) expiry.
pub fn verify_signed_request(app: &App, req: &Request, path: &str) -> ApiResult<i64> {
    let url = req.url()?;
    let param = |name: &str| url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned());
    let expires = param("expires").and_then(|v| v.parse::<i64>().ok());
    let (Some(expires), Some(sig)) = (expires, param("sig")) else {
        return Err(ApiError::composed(Composed::BadSignature, "Enlace no válido"));
    };
    let current = required_secret(&app.env, "URL_SIGNING_KEY")?;
    let previous = optional_secret(&app.env, "URL_SIGNING_KEY_PREVIOUS");
    let keys = rules::SigningKeys { current: current.as_bytes(), previous: previous.as_deref().map(str::as_bytes) };
    rules::verify_signed(&keys, path, expires, param("kid").as_deref(), &sig, app.now()).map_err(|e| match e {
        SignedUrlError::Expired => ApiError::from(Fixed::ExpiredSignature),
        SignedUrlError::BadSignature => ApiError::composed(Composed::BadSignature, "Enlace no válido"),
    })?;
    Ok(expires)
}

/// A one-hour signed URL for `path`.
pub fn signed_url(app: &App, path: &str) -> ApiResult<String> {
    let query = rules::signed_query(
        required_secret(&app.env, "URL_SIGNING_KEY")?.as_bytes(),
        path,
        app.now() + PLAYBACK_TTL_MS,
    );
    Ok(format!("{}{path}?{query}", app.config.public_origin))
}

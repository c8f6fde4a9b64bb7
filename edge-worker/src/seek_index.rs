//! Seek indexes for MP4 recordings (ADR 0009): built once a segment's file is complete, stored
//! beside it in R2, and spliced into what `GET /api/v1/recordings/…` serves, so a player starts and
//! seeks a long recording with a few small Range requests.
//!
//! Building reads the file once as a stream (`lupa_core::mp4_index::Scanner` keeps only the small
//! `moov`/`moof` boxes) after the answer to `complete`, so Finish does not wait for it. A URL keeps
//! the bytes it started with: the index is served only to URLs signed after it was stored (the
//! signature covers `expires`, and the object records when it was made), so a player that opened
//! the plain file a moment before never sees its bytes shift.
//!
//! Object `{file key}.sidx`: `LSX2`, the insert offset (u64), the creation time (i64 ms), then the
//! `sidx` boxes. Deleting the entry's prefix deletes it with the file (and a build that finishes
//! after a deletion removes what it wrote).
//!
//! `LSX1` objects were built before empty fragments got no decode time (2026-11-26, ADR 0009):
//! where a track had an empty fragment they overstate its length. They are not served; the first
//! read of the file from its start rebuilds them (`Stored::Outdated`).

use lupa_core::mp4_index::{build_sidx, Scanner};
use futures_util::StreamExt;
use worker::Bucket;

use crate::error::{ApiError, ApiResult};
use crate::App;

const MAGIC: &[u8; 4] = b"LSX2";
/// Indexes of an earlier build rule: rebuilt, never served.
const OUTDATED: &[&[u8; 4]] = &[b"LSX1"];
const HEADER: usize = 4 + 8 + 8;

/// What R2 holds beside a file.
pub enum Stored {
    Current(SeekIndex),
    /// An index by an earlier rule: serve the file plain and build it again.
    Outdated,
    /// No index, or one that cannot be read.
    Missing,
}

/// A stored index, as `stream` splices it.
pub struct SeekIndex {
    pub insert_at: u64,
    pub created_ms: i64,
    pub boxes: Vec<u8>,
}

pub fn index_key(file_key: &str) -> String {
    format!("{file_key}.sidx")
}

/// Whether `file_key` is a file an index can help (MediaRecorder's MP4; WebM has its own story).
pub fn indexable(file_key: &str) -> bool {
    file_key.ends_with(".mp4")
}

/// Reads `file_key` once and stores its index; a file that needs none, or cannot have one (a
/// WebM, an MP4 that is not fragmented, test bytes), is left alone and served as stored.
pub async fn build(app: &App, file_key: &str) -> ApiResult<()> {
    if !indexable(file_key) {
        return Ok(());
    }
    let bucket = crate::recordings::bucket(app)?;
    let object = bucket.get(file_key.to_string()).execute().await?.ok_or_else(|| ApiError::internal(format!("{file_key} is missing")))?;
    let body = object.body().ok_or_else(|| ApiError::internal("R2 object without body"))?;
    let mut stream = body.stream()?;
    let mut scanner = Scanner::new();
    while let Some(piece) = stream.next().await {
        scanner.feed(&piece?);
    }
    let Ok((insert_at, boxes)) = scanner.finish().and_then(|index| build_sidx(&index).map(|boxes| (index.insert_at, boxes))) else {
        return Ok(());
    };
    let mut stored = Vec::with_capacity(HEADER + boxes.len());
    stored.extend_from_slice(MAGIC);
    stored.extend_from_slice(&insert_at.to_be_bytes());
    stored.extend_from_slice(&crate::db::now_ms().to_be_bytes());
    stored.extend_from_slice(&boxes);
    bucket.put(index_key(file_key), stored).execute().await?;
    // The entry may have been deleted while this ran: its prefix was listed before the index
    // existed, so take the index away again rather than leave it behind.
    if bucket.head(file_key.to_string()).await?.is_none() {
        bucket.delete(index_key(file_key)).await?;
    }
    Ok(())
}

/// The stored index of `file_key` (a malformed object counts as missing).
pub async fn load(bucket: &Bucket, file_key: &str) -> ApiResult<Stored> {
    let Some(object) = bucket.get(index_key(file_key)).execute().await? else {
        return Ok(Stored::Missing);
    };
    let Some(body) = object.body() else { return Ok(Stored::Missing) };
    let bytes = body.bytes().await?;
    if OUTDATED.iter().any(|magic| bytes.get(..4) == Some(&magic[..])) {
        return Ok(Stored::Outdated);
    }
    Ok(parse(&bytes).map_or(Stored::Missing, Stored::Current))
}

fn parse(bytes: &[u8]) -> Option<SeekIndex> {
    if bytes.get(..4)? != MAGIC {
        return None;
    }
    let insert_at = u64::from_be_bytes(bytes.get(4..12)?.try_into().ok()?);
    let created_ms = i64::from_be_bytes(bytes.get(12..20)?.try_into().ok()?);
    let boxes = bytes.get(HEADER..)?.to_vec();
    (!boxes.is_empty()).then_some(SeekIndex { insert_at, created_ms, boxes })
}

/// Builds the index of a just-closed segment after the answer (best effort: playback works without).
pub fn build_later(app: &App, file_key: &str) {
    if !indexable(file_key) {
        return;
    }
    let (key, worker_app) = (file_key.to_string(), app.detached());
    app.wait_until(async move {
        if let Err(err) = build(&worker_app, &key).await {
            crate::log::error("-", "(seek-index)", err.source.as_deref().unwrap_or(&err.message));
        }
    });
}

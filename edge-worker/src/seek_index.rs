//! Seek indexes for MP4 recordings (ADR 0009): built once a segment's file is complete, stored
//! beside it in R2, and spliced into what `GET /api/v1/recordings/…` serves, so a player starts and
//! seeks a long recording with a few small Range requests.
//!
//! Building reads the file once as a stream (`lupa_core::mp4_index::Scanner` keeps only the small
//! `moov`/`moof` boxes), in the participation's object on its alarm after the submit (ADR 0013,
//! "Finish"): not in the isolate that answers the participant, whose answer it held up. A URL keeps
//! the bytes it started with: the index is served only to URLs signed after it was stored (the
//! signature covers `expires`, and the object records when it was made), so a player that opened
//! the plain file a moment before never sees its bytes shift.
//!
//! Object `{file key}.sidx`: `LSX2`, the insert offset (u64), the creation time (i64 ms), then the
//! `sidx` boxes. Deleting the entry's prefix deletes it with the file (and a build that finishes
//! after a deletion removes what it wrote).
//!
//! `LSX1` objects were built before empty fragments got no decode time (2026-11-26, ADR 0009):
//! where a track had an empty fragment they overstate its length. They are not served; an
//! opening of the file from its start asks for a rebuild (`Stored::Outdated`, [`rebuild_later`]).
//!
//! Anyone with a signed URL (a share link too) can open a file as often as they like, so a
//! rebuild first claims the marker `{file key}.sidx.build` (rule: `lupa_core::mp4_index::rebuild`)
//! with a conditional R2 write: one build per file at a time, a claim cut off with `waitUntil`
//! is taken over after a minute, and after three builds without an index the file is served
//! plain for good. The rebuilt index replaces exactly the outdated object it read (its etag), so
//! a newer index is never overwritten and a URL signed after it never sees its bytes change.
//!
//! A stored index is read on every request that serves its file: one larger than any recording's
//! ([`MAX_SIDX_BYTES`]) or not made of well-formed `sidx` boxes is treated as missing.

use futures_util::StreamExt;
use lupa_core::mp4_index::rebuild::{self, Decision, Marker};
use lupa_core::mp4_index::{build_sidx, check_sidx, IndexError, Scanner, MAX_SIDX_BYTES};
use worker::{Bucket, Conditional, Range};

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

/// The rebuild marker of `file_key` (under the entry's prefix, so deleted with it).
pub fn marker_key(file_key: &str) -> String {
    format!("{file_key}.sidx.build")
}

/// Whether `file_key` is a file an index can help (MediaRecorder's MP4; WebM has its own story).
pub fn indexable(file_key: &str) -> bool {
    file_key.ends_with(".mp4")
}

/// Reads the file once (stopping at the first refusal) and returns what to store, or why it
/// gets no index.
async fn scan(bucket: &Bucket, file_key: &str, now: i64) -> ApiResult<Result<Vec<u8>, IndexError>> {
    let object = bucket
        .get(file_key.to_string())
        .execute()
        .await?
        .ok_or_else(|| ApiError::internal(format!("{file_key} is missing")))?;
    let body = object.body().ok_or_else(|| ApiError::internal("R2 object without body"))?;
    let mut stream = body.stream()?;
    let mut scanner = Scanner::new();
    while let Some(piece) = stream.next().await {
        scanner.feed(&piece?);
        // A hostile file is refused from a header: no need to read the rest of it.
        if scanner.error().is_some() {
            break;
        }
    }
    Ok(scanner.finish().and_then(|index| {
        let boxes = build_sidx(&index)?;
        let mut stored = Vec::with_capacity(HEADER + boxes.len());
        stored.extend_from_slice(MAGIC);
        stored.extend_from_slice(&index.insert_at.to_be_bytes());
        stored.extend_from_slice(&now.to_be_bytes());
        stored.extend_from_slice(&boxes);
        Ok(stored)
    }))
}

/// Stores `stored` as the index only while the object there is `replaces` (its etag), or absent
/// when that is None; false when something else got there first (a newer index is never lost).
async fn store(bucket: &Bucket, file_key: &str, stored: Vec<u8>, replaces: Option<String>) -> ApiResult<bool> {
    let only_if = match replaces {
        Some(etag) => Conditional { etag_matches: Some(etag), ..Conditional::default() },
        None => Conditional { etag_does_not_match: Some("*".into()), ..Conditional::default() },
    };
    Ok(bucket.put(index_key(file_key), stored).only_if(only_if).execute().await?.is_some())
}

/// The entry may have been deleted while a build ran: its prefix was listed before these
/// objects existed, so take them away again rather than leave them behind.
async fn forget_if_deleted(bucket: &Bucket, file_key: &str, keys: Vec<String>) -> ApiResult<()> {
    if bucket.head(file_key.to_string()).await?.is_none() {
        bucket.delete_multiple(keys).await?;
    }
    Ok(())
}

/// Reads `file_key` once and stores its index; a file that needs none, or cannot have one (a
/// WebM, an MP4 that is not fragmented, test bytes), is left alone and served as stored. An
/// index already there is kept (this is the first build, after the segment closed).
pub async fn build(app: &App, file_key: &str) -> ApiResult<()> {
    if !indexable(file_key) {
        return Ok(());
    }
    let bucket = crate::platform::storage::bucket(app)?;
    let Ok(stored) = scan(&bucket, file_key, app.now()).await? else {
        return Ok(());
    };
    if store(&bucket, file_key, stored, None).await? {
        forget_if_deleted(&bucket, file_key, vec![index_key(file_key)]).await?;
    }
    Ok(())
}

/// Rebuilds an outdated index if this opening wins the file's marker (see the module comment).
pub async fn rebuild(app: &App, file_key: &str) -> ApiResult<()> {
    if !indexable(file_key) {
        return Ok(());
    }
    let bucket = crate::platform::storage::bucket(app)?;
    let key = marker_key(file_key);
    let (current, etag) = match bucket.get(key.clone()).execute().await? {
        None => (None, None),
        Some(object) => {
            let etag = object.etag();
            let bytes = match object.body() {
                Some(body) => body.bytes().await?,
                None => Vec::new(),
            };
            (Some(rebuild::parse(&bytes)), Some(etag))
        }
    };
    let claim = match rebuild::decide(current, app.now()) {
        Decision::Claim(claim) => claim,
        Decision::Busy | Decision::Done | Decision::GaveUp => return Ok(()),
    };
    // The claim: created if absent, or replacing exactly the marker read; one opening wins.
    let only_if = match etag {
        Some(etag) => Conditional { etag_matches: Some(etag), ..Conditional::default() },
        None => Conditional { etag_does_not_match: Some("*".into()), ..Conditional::default() },
    };
    if bucket.put(key.clone(), claim.encode()).only_if(only_if).execute().await?.is_none() {
        return Ok(());
    }
    let outcome = rebuild_claimed(&bucket, file_key, app.now()).await;
    let indexed = matches!(outcome, Ok(true));
    bucket.put(key.clone(), finished(claim, indexed)).execute().await?;
    forget_if_deleted(&bucket, file_key, vec![index_key(file_key), key]).await?;
    if let Ok(false) = outcome {
        crate::platform::log::warn(
            "-",
            "(seek-index)",
            &format!("{file_key}: rebuild {} of {} gave no index", claim.attempts, rebuild::MAX_ATTEMPTS),
        );
    }
    outcome.map(|_| ())
}

fn finished(claim: Marker, indexed: bool) -> Vec<u8> {
    claim.finished(indexed).encode()
}

/// The build under a claim: true when the file has a current index afterwards.
async fn rebuild_claimed(bucket: &Bucket, file_key: &str, now: i64) -> ApiResult<bool> {
    // The outdated object this rebuild replaces, by etag; if it is gone or already current,
    // there is nothing to do.
    let head =
        bucket.get(index_key(file_key)).range(Range::OffsetWithLength { offset: 0, length: 4 }).execute().await?;
    let Some(head) = head else { return Ok(false) };
    let etag = head.etag();
    let magic = match head.body() {
        Some(body) => body.bytes().await?,
        None => Vec::new(),
    };
    if magic == MAGIC {
        return Ok(true);
    }
    if !OUTDATED.iter().any(|old| magic == old[..]) {
        return Ok(false);
    }
    match scan(bucket, file_key, now).await? {
        // Written only over the object read above: if a newer index replaced it meanwhile, that
        // one stays (and a URL signed after it keeps its bytes).
        Ok(stored) => {
            store(bucket, file_key, stored, Some(etag)).await?;
            Ok(true)
        }
        Err(_) => Ok(false),
    }
}

/// The stored index of `file_key` (a malformed or oversized object counts as missing).
pub async fn load(bucket: &Bucket, file_key: &str) -> ApiResult<Stored> {
    let Some(object) = bucket.get(index_key(file_key)).execute().await? else {
        return Ok(Stored::Missing);
    };
    // Read on every request that serves the file: never more than a recording's index.
    if object.size() > (HEADER + MAX_SIDX_BYTES) as u64 {
        return Ok(Stored::Missing);
    }
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
    let boxes = bytes.get(HEADER..)?;
    check_sidx(boxes).ok()?;
    Some(SeekIndex { insert_at, created_ms, boxes: boxes.to_vec() })
}

/// Builds the index of a just-closed segment after the answer (best effort: playback works without).
pub fn build_later(app: &App, file_key: &str) {
    later(app, file_key, Job::Build);
}

/// Rebuilds an outdated index after the answer, if this opening wins the file's marker.
pub fn rebuild_later(app: &App, file_key: &str) {
    later(app, file_key, Job::Rebuild);
}

/// What `later` runs: [`build`] or [`rebuild`].
#[derive(Clone, Copy)]
enum Job {
    Build,
    Rebuild,
}

/// Runs `job` on an indexable file once the answer has gone; a failure is logged, since nobody
/// waits for it.
fn later(app: &App, file_key: &str, job: Job) {
    if !indexable(file_key) {
        return;
    }
    let (key, worker_app) = (file_key.to_string(), app.detached());
    app.wait_until(async move {
        let done = match job {
            Job::Build => build(&worker_app, &key).await,
            Job::Rebuild => rebuild(&worker_app, &key).await,
        };
        if let Err(err) = done {
            crate::platform::log::error("-", "(seek-index)", err.source.as_deref().unwrap_or(&err.message));
        }
    });
}

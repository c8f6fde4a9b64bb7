//! Turning stored chunks into the segment's file (ADR 0005).
//!
//! In the background, after a chunk is stored, every part from 2 on that the contiguous chunks
//! cover is composed: its bytes are read from the chunk objects (at most 5 MiB plus a chunk in
//! memory), uploaded as that part of the segment's R2 multipart upload, and the chunk objects it
//! used up are deleted. Closing a segment composes part 1 (with the WebM duration written into the
//! header) and the short last part, completes the upload and removes what is left of the chunks.
//! Composing the same part twice uploads the same bytes under the same number, so racing requests
//! are harmless; the plan itself lives in `lupa_core::chunks`.

use std::cell::RefCell;
use std::collections::HashSet;

use lupa_core::chunks::{self, Piece, StoredChunk};
use lupa_core::participation::PART_SIZE;
use lupa_core::webm;
use serde::Deserialize;
use worker::{Bucket, HttpMetadata, MultipartUpload, Range, UploadedPart};

use crate::db::{Busy, BusyBatch, db, failed, int, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::participation::segments::{chunk_key, chunk_prefix};
use crate::recordings;
use crate::App;

const SEGMENT: &str = "SELECT e.analysis_id, s.mime, s.r2_key, s.upload_id, s.state, s.duration_ms, s.size FROM entry_segments s \
     JOIN analysis_entries e ON e.id = s.entry_id WHERE s.entry_id = ?1 AND s.seq = ?2 AND s.track = ?3";
const CHUNKS: &str = "SELECT idx, size, end_ms FROM entry_chunks WHERE entry_id = ?1 AND seq = ?2 AND track = ?3 ORDER BY idx";
const PARTS: &str = "SELECT part_number, etag FROM segment_parts WHERE entry_id = ?1 AND seq = ?2 AND track = ?3 ORDER BY part_number";
const SAVE_PART: &str = "INSERT INTO segment_parts (entry_id, seq, track, part_number, etag, size) VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
     ON CONFLICT (entry_id, seq, track, part_number) DO UPDATE SET etag = excluded.etag, size = excluded.size";
/// Only one request may attach an upload to a segment; a loser aborts its own.
const SET_UPLOAD: &str = "UPDATE entry_segments SET upload_id = ?4 WHERE entry_id = ?1 AND seq = ?2 AND track = ?3 AND upload_id IS NULL AND state = 'open'";
const CLOSED: &str = "UPDATE entry_segments SET state = ?4, size = ?5, duration_ms = ?6, upload_id = NULL WHERE entry_id = ?1 AND seq = ?2 AND track = ?3";
const DROP_CHUNKS: &str = "DELETE FROM entry_chunks WHERE entry_id = ?1 AND seq = ?2 AND track = ?3";
const DROP_PARTS: &str = "DELETE FROM segment_parts WHERE entry_id = ?1 AND seq = ?2 AND track = ?3";

/// Whether a stored byte count may complete a part after the first that is not composed yet (a
/// cheap test before any D1 read: composed parts are 2..=n+1 in the usual order).
pub fn may_have_ready_part(segment_bytes: u64, composed_parts: u64) -> bool {
    segment_bytes >= (composed_parts + 2) * PART_SIZE
}

#[derive(Deserialize)]
struct SegmentRow {
    analysis_id: String,
    mime: String,
    r2_key: String,
    upload_id: Option<String>,
    state: String,
    duration_ms: i64,
    size: Option<i64>,
}

#[derive(Deserialize)]
struct ChunkRow {
    idx: u32,
    size: u64,
    end_ms: i64,
}

#[derive(Deserialize)]
struct PartRow {
    part_number: u16,
    etag: String,
}

/// A segment with its chunks and composed parts, as one plan step needs it.
struct Loaded {
    row: SegmentRow,
    chunks: Vec<ChunkRow>,
    parts: Vec<PartRow>,
}

/// Where one segment lives: `(entry, seq, track)`.
#[derive(Clone, Copy)]
pub struct SegmentId<'a> {
    pub entry_id: &'a str,
    pub seq: u32,
    pub track: &'a str,
}

impl SegmentId<'_> {
    fn binds(&self) -> [wasm_bindgen::JsValue; 3] {
        [text(self.entry_id), int(i64::from(self.seq)), text(self.track)]
    }
}

async fn load(app: &App, id: SegmentId<'_>) -> ApiResult<Option<Loaded>> {
    let database = db(app)?;
    let b = id.binds();
    let results = database
        .batch_busy(vec![stmt(&database, SEGMENT, &b)?, stmt(&database, CHUNKS, &b)?, stmt(&database, PARTS, &b)?])
        .await
        .map_err(failed(SEGMENT))?;
    let mut results = results.into_iter();
    let (Some(segment), Some(chunk_rows), Some(part_rows)) = (results.next(), results.next(), results.next()) else {
        return Err(ApiError::internal("D1 batch returned fewer results"));
    };
    let Some(row) = segment.results::<SegmentRow>().map_err(failed(SEGMENT))?.into_iter().next() else {
        return Ok(None);
    };
    Ok(Some(Loaded {
        row,
        chunks: chunk_rows.results::<ChunkRow>().map_err(failed(CHUNKS))?,
        parts: part_rows.results::<PartRow>().map_err(failed(PARTS))?,
    }))
}

fn stored(chunks: &[ChunkRow]) -> Vec<StoredChunk> {
    chunks.iter().map(|c| StoredChunk { index: c.idx, size: c.size }).collect()
}

/// The segment's multipart upload, created on first use.
async fn upload_of(app: &App, bucket: &Bucket, id: SegmentId<'_>, loaded: &Loaded) -> ApiResult<MultipartUpload> {
    if let Some(upload_id) = &loaded.row.upload_id {
        return Ok(bucket.resume_multipart_upload(loaded.row.r2_key.clone(), upload_id.clone())?);
    }
    let metadata = HttpMetadata { content_type: Some(loaded.row.mime.clone()), ..Default::default() };
    let upload = bucket
        .create_multipart_upload(loaded.row.r2_key.clone())
        .http_metadata(metadata)
        .execute()
        .await
        .map_err(|e| ApiError::internal(format!("R2 create multipart: {e}")))?;
    let upload_id = upload.upload_id().await;
    let [a, b, c] = id.binds();
    let result = stmt(&db(app)?, SET_UPLOAD, &[a, b, c, text(&upload_id)])?.run_busy().await.map_err(failed(SET_UPLOAD))?;
    if result.meta().ok().flatten().and_then(|m| m.changes).unwrap_or(0) == 1 {
        return Ok(upload);
    }
    // Another request attached its upload first (or the segment closed): use theirs.
    let _ = upload.abort().await;
    let again = load(app, id).await?.and_then(|l| l.row.upload_id.map(|u| (l.row.r2_key, u)));
    let (key, upload_id) = again.ok_or_else(|| ApiError::new(409, "segment_closed", "Este tramo de la grabación ya está cerrado"))?;
    Ok(bucket.resume_multipart_upload(key, upload_id)?)
}

/// Reads the bytes of `pieces` from the chunk objects, in order.
async fn read_pieces(bucket: &Bucket, analysis_id: &str, id: SegmentId<'_>, pieces: &[Piece]) -> ApiResult<Vec<u8>> {
    let mut out = Vec::with_capacity(pieces.iter().map(|p| p.length as usize).sum());
    for piece in pieces {
        let object = bucket
            .get(chunk_key(analysis_id, id.entry_id, id.seq, id.track, piece.index))
            .range(Range::OffsetWithLength { offset: piece.offset, length: piece.length })
            .execute()
            .await
            .map_err(|e| ApiError::internal(format!("R2 get chunk: {e}")))?
            .ok_or_else(|| ApiError::internal(format!("chunk {} of segment {} is missing", piece.index, id.seq)))?;
        let body = object.body().ok_or_else(|| ApiError::internal("R2 chunk without body"))?;
        let bytes = body.bytes().await.map_err(|e| ApiError::internal(format!("R2 read chunk: {e}")))?;
        if bytes.len() as u64 != piece.length {
            return Err(ApiError::internal(format!("chunk {} gave {} bytes, {} expected", piece.index, bytes.len(), piece.length)));
        }
        out.extend_from_slice(&bytes);
    }
    Ok(out)
}

/// Composes part `number` of a file of `total` bytes and records it; returns its etag.
async fn compose_part(app: &App, bucket: &Bucket, upload: &MultipartUpload, id: SegmentId<'_>, loaded: &Loaded, number: u32, total: u64) -> ApiResult<String> {
    let list = stored(&loaded.chunks);
    let (contiguous, _) = chunks::contiguous(&list);
    let (start, end) = chunks::part_range(number, total).ok_or_else(|| ApiError::internal(format!("part {number} is past the end")))?;
    let mut bytes = read_pieces(bucket, &loaded.row.analysis_id, id, &chunks::pieces(contiguous, start, end)).await?;
    if number == 1 && loaded.row.mime == "video/webm" {
        let duration = contiguous_end_ms(&loaded.chunks) as f64;
        // A header we cannot patch still plays, only without a duration: log it, keep going. A
        // file that is not WebM at all was mislabelled by its client, which is not a server fault.
        match webm::patch_webm_duration(&mut bytes, duration) {
            Ok(()) => {}
            Err(webm::WebmError::NotWebm) => crate::log::warn("-", "(compose)", "declared video/webm, is not WebM: duration not written"),
            Err(err) => crate::log::error("-", "(compose)", &format!("WebM duration not written: {err:?}")),
        }
    }
    let size = bytes.len() as i64;
    let number16 = u16::try_from(number).map_err(|_| ApiError::internal("part number over 65535"))?;
    let part = upload.upload_part(number16, bytes).await.map_err(|e| ApiError::internal(format!("R2 upload part: {e}")))?;
    let etag = part.etag();
    let [a, b, c] = id.binds();
    stmt(&db(app)?, SAVE_PART, &[a, b, c, int(i64::from(number)), text(&etag), int(size)])?.run_busy().await.map_err(failed(SAVE_PART))?;
    Ok(etag)
}

/// The end time of the contiguous chunks: the segment's playable length.
fn contiguous_end_ms(chunk_rows: &[ChunkRow]) -> i64 {
    chunk_rows.iter().enumerate().take_while(|(i, c)| c.idx as usize == *i).map(|(_, c)| c.end_ms).max().unwrap_or(0)
}

thread_local! {
    /// Segments this isolate is composing right now (`compose_ready`).
    static COMPOSING: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
}

/// A segment's place in `COMPOSING`, given up when the composition ends (however it ends).
struct Composing(String);

impl Composing {
    /// `None` when this isolate is composing the segment already.
    fn claim(id: SegmentId<'_>) -> Option<Composing> {
        let key = format!("{}/{}/{}", id.entry_id, id.seq, id.track);
        COMPOSING.with(|set| set.borrow_mut().insert(key.clone())).then_some(Composing(key))
    }
}

impl Drop for Composing {
    fn drop(&mut self) {
        COMPOSING.with(|set| set.borrow_mut().remove(&self.0));
    }
}

/// Background step after a chunk: compose every full part from 2 on that is not composed yet,
/// then delete the chunk objects those parts used up. A chunk that arrives while its segment is
/// being composed starts nothing (ADR 0011): under load, when composing is slower than chunks
/// arrive, every chunk past a part's end started the same composition again, each holding the
/// part's megabytes in memory. The next chunk after it, or the close, composes what is left.
pub async fn compose_ready(app: &App, entry_id: &str, seq: u32, track: &str) -> ApiResult<()> {
    let id = SegmentId { entry_id, seq, track };
    let Some(_composing) = Composing::claim(id) else { return Ok(()) };
    let Some(loaded) = load(app, id).await? else { return Ok(()) };
    if loaded.row.state != "open" {
        return Ok(());
    }
    let list = stored(&loaded.chunks);
    let (contiguous, total) = chunks::contiguous(&list);
    let mut composed: Vec<u32> = loaded.parts.iter().map(|p| u32::from(p.part_number)).collect();
    let ready = chunks::parts_ready(total, &composed);
    if ready.is_empty() {
        return Ok(());
    }
    let bucket = crate::recordings::bucket(app)?;
    let upload = upload_of(app, &bucket, id, &loaded).await?;
    for number in ready {
        compose_part(app, &bucket, &upload, id, &loaded, number, total).await?;
        composed.push(number);
    }
    let used: Vec<String> = chunks::disposable(contiguous, chunks::composed_end(&composed))
        .into_iter()
        .map(|index| chunk_key(&loaded.row.analysis_id, entry_id, seq, track, index))
        .collect();
    if !used.is_empty() {
        bucket.delete_multiple(used).await.map_err(|e| ApiError::internal(format!("R2 delete chunks: {e}")))?;
    }
    Ok(())
}

/// A closed segment: its size and playable length (0 and 0 when it had no media).
pub struct Closed {
    pub size: u64,
    pub duration_ms: i64,
}

/// Closes a segment: composes part 1 and the tail, completes the upload, removes the chunks.
/// Closing a closed segment reports it again.
pub async fn close(app: &App, entry_id: &str, seq: u32, track: &str) -> ApiResult<Closed> {
    let id = SegmentId { entry_id, seq, track };
    let loaded = load(app, id).await?.ok_or_else(ApiError::not_found)?;
    if loaded.row.state != "open" {
        return Ok(Closed { size: loaded.row.size.unwrap_or(0).max(0) as u64, duration_ms: loaded.row.duration_ms });
    }
    let bucket = crate::recordings::bucket(app)?;
    let list = stored(&loaded.chunks);
    let (_, total) = chunks::contiguous(&list);
    let duration_ms = contiguous_end_ms(&loaded.chunks);
    let [a, b, c] = id.binds();
    let database = db(app)?;
    let state = if total == 0 {
        if let Some(upload_id) = &loaded.row.upload_id {
            if let Ok(upload) = bucket.resume_multipart_upload(loaded.row.r2_key.clone(), upload_id.clone()) {
                let _ = upload.abort().await;
            }
        }
        "empty"
    } else {
        let upload = upload_of(app, &bucket, id, &loaded).await?;
        let composed: Vec<u32> = loaded.parts.iter().map(|p| u32::from(p.part_number)).collect();
        let mut etags: Vec<(u16, String)> = loaded.parts.iter().map(|p| (p.part_number, p.etag.clone())).collect();
        for number in chunks::parts_to_close(total, &composed) {
            let etag = compose_part(app, &bucket, &upload, id, &loaded, number, total).await?;
            let number16 = u16::try_from(number).map_err(|_| ApiError::internal("part number over 65535"))?;
            etags.retain(|(n, _)| *n != number16);
            etags.push((number16, etag));
        }
        let count = total.div_ceil(PART_SIZE) as u16;
        etags.retain(|(n, _)| *n <= count);
        etags.sort_by_key(|(n, _)| *n);
        upload
            .complete(etags.into_iter().map(|(n, etag)| UploadedPart::new(n, etag)))
            .await
            .map_err(|e| ApiError::internal(format!("R2 complete multipart: {e}")))?;
        "closed"
    };
    database
        .batch_busy(vec![
            stmt(&database, CLOSED, &[a.clone(), b.clone(), c.clone(), text(state), int(total as i64), int(duration_ms)])?,
            stmt(&database, DROP_CHUNKS, &[a.clone(), b.clone(), c.clone()])?,
            stmt(&database, DROP_PARTS, &[a, b, c])?,
        ])
        .await
        .map_err(failed(CLOSED))?;
    recordings::delete_prefix(app, &chunk_prefix(&loaded.row.analysis_id, entry_id, seq, track)).await?;
    if state == "closed" {
        // A seek index for long recordings, after the answer (ADR 0009).
        crate::seek_index::build_later(app, &loaded.row.r2_key);
    }
    Ok(Closed { size: total, duration_ms })
}

//! Turning a segment's stored chunks into its file, inside the participation's object (ADR 0005,
//! ADR 0013).
//!
//! After a chunk, every part from 2 on that the contiguous chunks cover is composed: its bytes are
//! read from the chunk objects (at most 5 MiB plus a chunk in memory) and uploaded as that part of
//! the segment's R2 multipart upload. Closing a segment composes part 1 (with the WebM duration
//! written into the header) and the short last part, and completes the upload. The chunk objects
//! stay until the sweep after Finish (`storage::delete_chunks`): a live viewer scrubs back over
//! them (ADR 0016). The object runs one composition per segment at a time, and the ledger it reads
//! is its own: no D1 read per part.

use lupa_core::chunks::{self, Piece, StoredChunk};
use lupa_core::participation::PART_SIZE;
use lupa_core::recording::SegmentState;
use lupa_core::webm;
use worker::{Bucket, HttpMetadata, MultipartUpload, Range, UploadedPart};

use crate::error::{ApiError, ApiResult};
use crate::ledger::store::{Chunk, Segment, Store};
use crate::platform::storage::chunk_key;

/// Whether a stored byte count may complete a part after the first that is not composed yet.
pub fn may_have_ready_part(segment_bytes: u64, composed_parts: u64) -> bool {
    segment_bytes >= (composed_parts + 2) * PART_SIZE
}

fn stored(chunks: &[Chunk]) -> Vec<StoredChunk> {
    chunks.iter().map(|c| StoredChunk { index: c.idx, size: c.size }).collect()
}

/// The end time of the contiguous chunks: the segment's playable length.
fn contiguous_end_ms(chunks: &[Chunk]) -> i64 {
    chunks.iter().enumerate().take_while(|(i, c)| c.idx as usize == *i).map(|(_, c)| c.end_ms).max().unwrap_or(0)
}

/// One segment being composed: where its chunks live and its upload.
struct Job<'a> {
    store: &'a Store,
    bucket: &'a Bucket,
    analysis_id: &'a str,
    entry_id: &'a str,
    segment: &'a Segment,
}

impl Job<'_> {
    /// The segment's multipart upload, created on first use.
    async fn upload(&self) -> ApiResult<MultipartUpload> {
        let key = self.segment.r2_key.clone();
        // Read again: another step of this object may have attached one while we waited.
        if let Some(upload_id) = self.store.segment(self.segment.seq, self.segment.track)?.and_then(|s| s.upload_id) {
            return Ok(self.bucket.resume_multipart_upload(key, upload_id)?);
        }
        let metadata = HttpMetadata { content_type: Some(self.segment.mime.clone()), ..Default::default() };
        let upload = self
            .bucket
            .create_multipart_upload(key.clone())
            .http_metadata(metadata)
            .execute()
            .await
            .map_err(|e| ApiError::internal(format!("R2 create multipart: {e}")))?;
        let upload_id = upload.upload_id().await;
        if let Some(theirs) = self.store.segment(self.segment.seq, self.segment.track)?.and_then(|s| s.upload_id) {
            let _ = upload.abort().await;
            return Ok(self.bucket.resume_multipart_upload(key, theirs)?);
        }
        self.store.set_upload(self.segment.seq, self.segment.track, &upload_id)?;
        Ok(upload)
    }

    async fn read_pieces(&self, pieces: &[Piece]) -> ApiResult<Vec<u8>> {
        let mut out = Vec::with_capacity(pieces.iter().map(|p| p.length as usize).sum());
        for piece in pieces {
            let key = chunk_key(self.analysis_id, self.entry_id, self.segment.chunk(piece.index));
            let object = self
                .bucket
                .get(key)
                .range(Range::OffsetWithLength { offset: piece.offset, length: piece.length })
                .execute()
                .await
                .map_err(|e| ApiError::internal(format!("R2 get chunk: {e}")))?
                .ok_or_else(|| {
                    ApiError::internal(format!("chunk {} of segment {} is missing", piece.index, self.segment.seq))
                })?;
            let body = object.body().ok_or_else(|| ApiError::internal("R2 chunk without body"))?;
            let bytes = body.bytes().await.map_err(|e| ApiError::internal(format!("R2 read chunk: {e}")))?;
            if bytes.len() as u64 != piece.length {
                return Err(ApiError::internal(format!(
                    "chunk {} gave {} bytes, {} expected",
                    piece.index,
                    bytes.len(),
                    piece.length
                )));
            }
            out.extend_from_slice(&bytes);
        }
        Ok(out)
    }

    /// Composes part `number` of a file of `total` bytes and records it; returns its etag.
    async fn part(&self, upload: &MultipartUpload, chunk_rows: &[Chunk], number: u32, total: u64) -> ApiResult<String> {
        let list = stored(chunk_rows);
        let (contiguous, _) = chunks::contiguous(&list);
        let (start, end) = chunks::part_range(number, total)
            .ok_or_else(|| ApiError::internal(format!("part {number} is past the end")))?;
        let mut bytes = self.read_pieces(&chunks::pieces(contiguous, start, end)).await?;
        if number == 1 && self.segment.mime == "video/webm" {
            let duration = contiguous_end_ms(chunk_rows) as f64;
            // A header we cannot patch still plays, only without a duration. A file that is not
            // WebM at all was mislabelled by its client, which is not a server fault.
            match webm::patch_webm_duration(&mut bytes, duration) {
                Ok(()) => {}
                Err(webm::WebmError::NotWebm) => crate::platform::log::warn(
                    "-",
                    "(compose)",
                    "declared video/webm, is not WebM: duration not written",
                ),
                Err(err) => {
                    crate::platform::log::error("-", "(compose)", &format!("WebM duration not written: {err:?}"))
                }
            }
        }
        let size = bytes.len() as i64;
        let number16 = u16::try_from(number).map_err(|_| ApiError::internal("part number over 65535"))?;
        let part = upload
            .upload_part(number16, bytes)
            .await
            .map_err(|e| ApiError::internal(format!("R2 upload part: {e}")))?;
        let etag = part.etag();
        self.store.save_part(self.segment.seq, self.segment.track, number, &etag, size)?;
        Ok(etag)
    }
}

/// Composes every full part from 2 on that is not composed yet. The chunks it used stay in R2
/// until the sweep after Finish: a live viewer scrubbing back reads them (ADR 0016), since an
/// upload's parts cannot be read before the upload is completed.
pub async fn compose_ready(
    store: &Store,
    bucket: &Bucket,
    analysis_id: &str,
    entry_id: &str,
    segment: &Segment,
) -> ApiResult<()> {
    let job = Job { store, bucket, analysis_id, entry_id, segment };
    let chunk_rows = store.stored_chunks(segment.seq, segment.track)?;
    let list = stored(&chunk_rows);
    let (_, total) = chunks::contiguous(&list);
    let composed: Vec<u32> = store.parts(segment.seq, segment.track)?.iter().map(|p| p.part_number).collect();
    let ready = chunks::parts_ready(total, &composed);
    if ready.is_empty() {
        return Ok(());
    }
    let upload = job.upload().await?;
    for number in ready {
        job.part(&upload, &chunk_rows, number, total).await?;
    }
    Ok(())
}

/// A closed segment: its state, size and playable length.
pub struct Closed {
    pub state: SegmentState,
    pub size: u64,
    pub duration_ms: i64,
}

/// Closes a segment: composes part 1 and the tail and completes the upload. Its chunks go in the
/// sweep after Finish (`storage::delete_chunks`), off the participant's path.
pub async fn close(
    store: &Store,
    bucket: &Bucket,
    analysis_id: &str,
    entry_id: &str,
    segment: &Segment,
) -> ApiResult<Closed> {
    let job = Job { store, bucket, analysis_id, entry_id, segment };
    let chunk_rows = store.stored_chunks(segment.seq, segment.track)?;
    let list = stored(&chunk_rows);
    let (_, total) = chunks::contiguous(&list);
    let duration_ms = contiguous_end_ms(&chunk_rows);
    let state = if total == 0 {
        if let Some(upload_id) = store.segment(segment.seq, segment.track)?.and_then(|s| s.upload_id) {
            if let Ok(upload) = bucket.resume_multipart_upload(segment.r2_key.clone(), upload_id) {
                let _ = upload.abort().await;
            }
        }
        SegmentState::Empty
    } else {
        let upload = job.upload().await?;
        let parts = store.parts(segment.seq, segment.track)?;
        let composed: Vec<u32> = parts.iter().map(|p| p.part_number).collect();
        let mut etags: Vec<(u16, String)> =
            parts.iter().filter_map(|p| u16::try_from(p.part_number).ok().map(|n| (n, p.etag.clone()))).collect();
        for number in chunks::parts_to_close(total, &composed) {
            let etag = job.part(&upload, &chunk_rows, number, total).await?;
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
        SegmentState::Closed
    };
    store.close_segment(segment.seq, segment.track, state, total, duration_ms)?;
    Ok(Closed { state, size: total, duration_ms })
}

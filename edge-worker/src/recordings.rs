//! Recordings for researchers: who may see an entry, its files as signed playback URLs, and
//! streaming them with `Range` (spliced with the seek index, ADR 0009). Where they live in R2 and
//! how URLs are signed is `storage.rs`.

use std::pin::Pin;

use futures_util::stream::{self, Stream, StreamExt};
use lupa_api_types::{EntryUrlResponse, SegmentDto};
use lupa_core::mp4_index::{spliced_pieces, Piece};
use lupa_core::participation::{self as rules, ByteRange};
use lupa_core::read_pieces::read_pieces;
use lupa_core::recording::Track;
use lupa_core::routes as paths;
use worker::{Bucket, Range, Request, Response, ResponseBuilder};

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::json;
use crate::participation::entries::{self, EntryRow};
use crate::platform::db::{db, int, text, Batch, Results, Slot};
use crate::platform::storage::{bucket, signed_url, verify_signed_request, PLAYBACK_TTL_MS};
use crate::seek_index::{self, SeekIndex, Stored};
use crate::App;

/// The entry a batch read (`entries::add_find`) when the signed-in user is a member of the
/// workspace that owns its analysis, or an admin; 404 otherwise. Whatever else the batch read
/// about it is only used after this check.
pub fn owned_by(user: &SessionUser, entry: Option<EntryRow>) -> ApiResult<EntryRow> {
    entry.filter(|entry| user.may_see_workspace(&entry.workspace_id)).ok_or_else(ApiError::not_found)
}

/// The entry when the signed-in user (checked by the router) owns its analysis or is an admin
/// (404 otherwise); `add` puts more reads about the entry in the same batch (two round trips in
/// all, with the session's).
pub async fn owned_entry_with<T>(
    app: &App,
    user: &SessionUser,
    entry_id: &str,
    add: impl FnOnce(&mut Batch<'_>) -> ApiResult<T>,
) -> ApiResult<(EntryRow, Results, T)> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = entries::add_find(&mut batch, entry_id)?;
    let more = add(&mut batch)?;
    let results = batch.run().await?;
    let entry = owned_by(user, results.first::<EntryRow>(found)?)?;
    Ok((entry, results, more))
}

/// The entry when the signed-in user owns its analysis or is an admin; 404 otherwise.
pub async fn owned_entry(app: &App, user: &SessionUser, entry_id: &str) -> ApiResult<EntryRow> {
    Ok(owned_entry_with(app, user, entry_id, |_| Ok(())).await?.0)
}

/// The signed URL of the recording's first file (the whole recording unless it was resumed).
pub fn playback_url(app: &App, entry: &EntryRow) -> ApiResult<String> {
    if entry.status != "submitted" || entry.recording_key.is_none() {
        return Err(ApiError::from(Fixed::RecordingNotReady));
    }
    signed_url(app, &paths::recording(&entry.id))
}

/// The screen files in order, each with its camera file when it has one (ADR 0008), and the
/// quality tier it was recorded at (issue 48).
const SEGMENTS: &str = "SELECT s.seq, s.duration_ms, s.tier, c.seq AS camera_seq, COALESCE(c.start_ms, 0) AS camera_start_ms FROM entry_segments s \
     LEFT JOIN entry_segments c ON c.entry_id = s.entry_id AND c.seq = s.seq AND c.track = 'camera' AND c.state = 'closed' \
     WHERE s.entry_id = ?1 AND s.track = 'screen' AND s.state = 'closed' ORDER BY s.seq";

/// Adds reading an entry's closed segments to a batch (for `segments_of`).
pub fn add_segments(batch: &mut Batch<'_>, entry_id: &str) -> ApiResult<Slot> {
    batch.add(SEGMENTS, &[text(entry_id)])
}
const SEGMENT_KEY: &str =
    "SELECT r2_key AS value FROM entry_segments WHERE entry_id = ?1 AND seq = ?2 AND track = ?3 AND state = 'closed'";

#[derive(serde::Deserialize)]
struct SegmentRow {
    seq: u32,
    duration_ms: i64,
    tier: i64,
    camera_seq: Option<u32>,
    camera_start_ms: i64,
}

/// The recording's files in order with signed URLs, from the segments a batch read
/// (`add_segments`); one for a recording uploaded whole.
pub fn segments_of(app: &App, entry: &EntryRow, results: &Results, slot: Slot) -> ApiResult<Vec<SegmentDto>> {
    let first = playback_url(app, entry)?;
    let rows = results.all::<SegmentRow>(slot)?;
    if rows.is_empty() {
        return Ok(vec![SegmentDto {
            url: first,
            durationMs: entry.duration_ms.unwrap_or(0).max(0),
            cameraUrl: None,
            cameraOffsetMs: 0,
            tier: 0,
        }]);
    }
    rows.into_iter()
        .map(|row| {
            let camera = row
                .camera_seq
                .map(|seq| signed_url(app, &paths::recording_segment_camera(&entry.id, seq)))
                .transpose()?;
            Ok(SegmentDto {
                url: signed_url(app, &paths::recording_segment(&entry.id, row.seq))?,
                durationMs: row.duration_ms.max(0),
                cameraOffsetMs: if camera.is_some() { row.camera_start_ms.max(0) } else { 0 },
                cameraUrl: camera,
                tier: row.tier.clamp(0, i64::from(lupa_core::recording::MAX_TIER)) as u8,
            })
        })
        .collect()
}

/// 'Participante N' of an entry (0 only for rows older than the numbering, which has none).
pub fn participant_number(entry: &EntryRow) -> u32 {
    entry.participant_number.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32
}

/// `GET /api/v1/analysisEntry/{id}`: signed URLs for the researcher, segment by segment.
pub async fn entry_url(app: &App, user: &SessionUser, entry_id: &str) -> ApiResult<Response> {
    let (entry, results, slot) = owned_entry_with(app, user, entry_id, |batch| {
        // 'Ver grabación': who watched which recording (ADR 0019), in the read's own batch.
        crate::team::activity::add_watched(batch, user, entry_id, app.now())?;
        add_segments(batch, entry_id)
    })
    .await?;
    let segments = segments_of(app, &entry, &results, slot)?;
    let first = segments.first().map(|s| s.url.clone()).ok_or_else(|| ApiError::from(Fixed::RecordingNotReady))?;
    let total = segments.iter().map(|s| s.durationMs).sum();
    json(
        200,
        &EntryUrlResponse {
            analysisEntryPresignedUrl: first,
            participantNumber: participant_number(&entry),
            thumbnailUrl: crate::thumbnails::url(app, &entry.id, entry.thumbnail_at)?,
            durationMs: total,
            segments,
        },
    )
}

/// `GET /api/v1/recordings/{id}[/{segment}[/camera]]?expires=&sig=`: streams one file, honouring
/// `Range`. Without a segment number: the first file (or product §7's whole-file upload). An MP4
/// with a seek index is served with the index spliced in (see `seek_index`), to URLs signed after
/// it existed.
pub async fn stream(
    app: &App,
    req: &Request,
    entry_id: &str,
    segment: Option<&str>,
    track: Track,
) -> ApiResult<Response> {
    let path = match (segment, track) {
        (Some(seq), Track::Screen) => paths::recording_segment(entry_id, seq),
        (Some(seq), Track::Camera) => paths::recording_segment_camera(entry_id, seq),
        // The audio track is the transcript's: it has no file of its own to play.
        (Some(_), Track::Audio) => return Err(ApiError::not_found()),
        (None, _) => paths::recording(entry_id),
    };
    let track_name = track.as_str();
    let expires = verify_signed_request(app, req, &path)?;
    let seq = segment.map(|seq| seq.parse::<u32>().map_err(|_| ApiError::not_found())).transpose()?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = entries::add_find(&mut batch, entry_id)?;
    let segment_key = match seq {
        Some(seq) => Some(batch.add(SEGMENT_KEY, &[text(entry_id), int(i64::from(seq)), text(track_name)])?),
        None => None,
    };
    let results = batch.run().await?;
    let entry = results.first::<EntryRow>(found)?.ok_or_else(ApiError::not_found)?;
    let key = match segment_key {
        None => entry.recording_key.clone(),
        Some(slot) => results.first_value::<String>(slot)?,
    }
    .ok_or_else(|| ApiError::from(Fixed::RecordingNotReady))?;
    serve_object(app, req, key, &format!("lupa-{}", entry.id), expires, None).await
}

/// Streams the R2 object `key` inline as `{filename}.{ext}`, honouring `Range`; `expires` is the
/// verified URL's, which decides whether a seek index is spliced in.
/// `max_bytes`: the most one answer carries (`clips::capped_range`), for media whose permission
/// can end while a player is still reading (share links).
pub async fn serve_object(
    app: &App,
    req: &Request,
    key: String,
    filename: &str,
    expires: i64,
    max_bytes: Option<u64>,
) -> ApiResult<Response> {
    let bucket = bucket(app)?;
    // The object's size and its seek index are independent reads: one wait, not two.
    let load_index = async {
        if seek_index::indexable(&key) {
            seek_index::load(&bucket, &key).await.unwrap_or(Stored::Missing)
        } else {
            Stored::Missing
        }
    };
    let (head, stored) = futures_util::join!(bucket.head(key.clone()), load_index);
    let head = head?.ok_or_else(|| ApiError::from(Fixed::RecordingNotReady))?;
    let size = head.size();
    let range_header = req.headers().get("range").ok().flatten();
    let index = match stored {
        Stored::Current(index) => Some(index),
        Stored::Outdated => {
            // Once per opening (a player's first read starts at 0), not once per Range; the
            // rebuild itself claims the file's marker, so a flood of openings builds once.
            if range_header.as_deref().is_none_or(|range| range.trim().starts_with("bytes=0-")) {
                seek_index::rebuild_later(app, &key);
            }
            None
        }
        Stored::Missing => None,
    };
    // A URL signed before the index existed keeps the plain file for its whole life.
    let index = index.filter(|ix| expires - PLAYBACK_TTL_MS >= ix.created_ms && ix.insert_at <= size);
    let served = size + index.as_ref().map_or(0, |ix| ix.boxes.len() as u64);
    let content_type = head.http_metadata().content_type.unwrap_or_else(|| "video/mp4".into());
    let builder = ResponseBuilder::new()
        .with_header("content-type", &content_type)?
        .with_header("accept-ranges", "bytes")?
        .with_header(
            "content-disposition",
            &format!("inline; filename=\"{filename}.{}\"", key.rsplit('.').next().unwrap_or("mp4")),
        )?;
    if served == 0 {
        return Ok(builder.with_header("content-length", "0")?.empty());
    }
    let range = rules::parse_range(range_header.as_deref(), served);
    let range = max_bytes.map_or(range, |max| lupa_core::clips::capped_range(range, served, max));
    let (start, end, status) = match range {
        ByteRange::Unsatisfiable => {
            let resp = ResponseBuilder::new()
                .with_status(416)
                .with_header("content-range", &format!("bytes */{served}"))?
                .empty();
            return Ok(resp);
        }
        ByteRange::Full => (0, served.saturating_sub(1), 200),
        ByteRange::Partial { start, end } => (start, end, 206),
    };
    let mut builder = builder.with_header("content-length", &(end - start + 1).to_string())?;
    if status == 206 {
        builder = builder.with_header("content-range", &format!("bytes {start}-{end}/{served}"))?;
    }
    let builder = builder.with_status(status);
    match index {
        Some(index) => spliced(builder, &bucket, &key, &index, start, end).await,
        None => Ok(builder.stream(fixed_length(file_pieces(bucket, key, start, end - start + 1), end - start + 1))),
    }
}

/// Bytes `offset..offset + length` of the file as a stream that reads R2 piece by piece
/// (`read_pieces`): each `get` starts when the previous piece has been taken, so the first byte
/// waits only for a small read and a cancelled request stops reading.
fn file_pieces(bucket: Bucket, key: String, offset: u64, length: u64) -> Bytes {
    let pieces = stream::iter(read_pieces(offset, length)).then(move |(offset, length)| {
        let (bucket, key) = (bucket.clone(), key.clone());
        async move {
            let object = bucket.get(key).range(Range::OffsetWithLength { offset, length }).execute().await?;
            let gone = || worker::Error::RustError("R2 object gone while read".into());
            let object = object.ok_or_else(gone)?;
            object.body().ok_or_else(gone)?.stream()
        }
    });
    Box::pin(pieces.flat_map(|piece| -> Bytes {
        match piece {
            Ok(bytes) => Box::pin(bytes),
            Err(err) => Box::pin(stream::once(async move { Err(err) })),
        }
    }))
}

/// A stream of known length as a response body: keeps Content-Length (a plain stream would be
/// sent chunked).
fn fixed_length(bytes: Bytes, length: u64) -> worker::worker_sys::web_sys::ReadableStream {
    let fixed: worker::worker_sys::FixedLengthStream = worker::FixedLengthStream::wrap(bytes, length).into();
    fixed.readable()
}

type Bytes = Pin<Box<dyn Stream<Item = worker::Result<Vec<u8>>>>>;

/// Bytes `start..=end` of the file with the index spliced in: the file's pieces streamed from R2,
/// the index's from memory.
async fn spliced(
    builder: ResponseBuilder,
    bucket: &Bucket,
    key: &str,
    index: &SeekIndex,
    start: u64,
    end: u64,
) -> ApiResult<Response> {
    let mut parts: Vec<Bytes> = Vec::with_capacity(3);
    for piece in spliced_pieces(index.insert_at, index.boxes.len() as u64, start, end) {
        match piece {
            Piece::File { offset, length } => parts.push(file_pieces(bucket.clone(), key.to_string(), offset, length)),
            Piece::Index { offset, length } => {
                let from = usize::try_from(offset).map_err(ApiError::internal)?;
                let to = usize::try_from(offset + length).map_err(ApiError::internal)?;
                let bytes = index.boxes.get(from..to).ok_or_else(|| ApiError::internal("index range"))?.to_vec();
                parts.push(Box::pin(stream::once(async move { Ok(bytes) })));
            }
        }
    }
    Ok(builder.stream(fixed_length(Box::pin(stream::iter(parts).flatten()), end - start + 1)))
}

//! Playlists of clips (ADR 0012): for each clip, its range and the recording's files that cover
//! it, with where each file starts on the entry's timeline, so a player can play the range across
//! segments. No video is cut or rendered: a reel is a playlist over the stored recordings.
//!
//! Researchers get the usual signed recording URLs. Share links get signed URLs of their own
//! (`/share-media/{share}/{source}/{segment}/{track}`), which check the link on every request, so
//! a revoked link stops playing at once and no entry id appears in what a stranger sees.

use lupa_api_types::PlaylistClipDto;
use lupa_api_types::PlaylistSegmentDto;
use lupa_core::clips::overlapping_segments;
use lupa_core::routes as paths;
use lupa_core::summary::task_at;
use serde::Deserialize;

use crate::error::{ApiError, ApiResult};
use crate::platform::db::{text, Batch, Results, Slot};
use crate::platform::storage::signed_url;
use crate::playback::notes::TagRow;
use crate::playback::{core_marks, marks_of};
use crate::App;

/// Clips by id, in the order of the JSON array `?1` (notes without an end are not clips).
const CLIPS: &str = "SELECT n.id, n.entry_id, n.at_ms, n.end_ms, n.title, n.text, e.analysis_id, e.status, e.recording_key, e.duration_ms, e.steps_json, e.participant_number \
     FROM json_each(?1) j JOIN entry_notes n ON n.id = j.value JOIN analysis_entries e ON e.id = n.entry_id \
     WHERE n.end_ms IS NOT NULL ORDER BY j.key";
const TAGS: &str =
    "SELECT note_id, tag FROM note_tags WHERE note_id IN (SELECT value FROM json_each(?1)) ORDER BY rowid";
/// The clips of reel `?1`, in the reel's order.
const CLIPS_OF_REEL: &str = "SELECT n.id, n.entry_id, n.at_ms, n.end_ms, n.title, n.text, e.analysis_id, e.status, e.recording_key, e.duration_ms, e.steps_json, e.participant_number \
     FROM reel_clips c JOIN entry_notes n ON n.id = c.note_id JOIN analysis_entries e ON e.id = n.entry_id \
     WHERE c.reel_id = ?1 AND n.end_ms IS NOT NULL ORDER BY c.position";
const TAGS_OF_REEL: &str = "SELECT note_id, tag FROM note_tags WHERE note_id IN (SELECT note_id FROM reel_clips WHERE reel_id = ?1) ORDER BY rowid";
/// Closed files of the recordings the clips in the JSON array `?1` are cut from.
const FILES_OF_CLIPS: &str = "SELECT entry_id, seq, track, duration_ms, COALESCE(start_ms, 0) AS start_ms FROM entry_segments \
     WHERE entry_id IN (SELECT n.entry_id FROM entry_notes n WHERE n.id IN (SELECT value FROM json_each(?1))) AND state = 'closed' \
     ORDER BY entry_id, track, seq";
/// Closed files of the recordings reel `?1`'s clips are cut from.
const FILES_OF_REEL: &str = "SELECT entry_id, seq, track, duration_ms, COALESCE(start_ms, 0) AS start_ms FROM entry_segments \
     WHERE entry_id IN (SELECT n.entry_id FROM reel_clips c JOIN entry_notes n ON n.id = c.note_id WHERE c.reel_id = ?1) AND state = 'closed' \
     ORDER BY entry_id, track, seq";
/// Closed files of the entries in the JSON array `?1`, screen and camera, in recording order.
const FILES: &str = "SELECT entry_id, seq, track, duration_ms, COALESCE(start_ms, 0) AS start_ms FROM entry_segments \
     WHERE entry_id IN (SELECT value FROM json_each(?1)) AND state = 'closed' ORDER BY entry_id, track, seq";

/// A clip with what its playlist item needs of its entry.
#[derive(Debug, Clone, Deserialize)]
pub struct ClipRow {
    pub id: String,
    pub entry_id: String,
    pub at_ms: i64,
    pub end_ms: i64,
    pub title: Option<String>,
    pub text: String,
    pub analysis_id: String,
    pub status: String,
    pub recording_key: Option<String>,
    pub duration_ms: Option<i64>,
    pub steps_json: Option<String>,
    /// 'Participante N' (null only for rows older than the numbering).
    pub participant_number: Option<i64>,
}

/// One closed file of a recording.
#[derive(Debug, Clone, Deserialize)]
pub struct FileRow {
    pub entry_id: String,
    pub seq: i64,
    pub track: String,
    pub duration_ms: i64,
    /// A camera file: where it starts on its screen file (ms).
    pub start_ms: i64,
}

/// Whose URLs a playlist carries.
#[derive(Debug, Clone, Copy)]
pub enum Media<'a> {
    /// The owner's signed recording URLs.
    Researcher,
    /// A share link's media URLs; `source` is the clip id, or `recording` for a whole recording.
    Share { share_id: &'a str, hide_camera: bool },
}

fn ids_json(ids: &[String]) -> ApiResult<String> {
    serde_json::to_string(ids).map_err(ApiError::internal)
}

/// Adds reading the clips among `ids` (in that order; ids that are not clips are left out) to a
/// batch.
pub fn add_clips(batch: &mut Batch<'_>, ids: &[String]) -> ApiResult<Slot> {
    batch.add(CLIPS, &[text(&ids_json(ids)?)])
}

/// Adds reading the closed files of `entry_ids` to a batch.
pub fn add_files(batch: &mut Batch<'_>, entry_ids: &[String]) -> ApiResult<Slot> {
    batch.add(FILES, &[text(&ids_json(entry_ids)?)])
}

/// Where a batch put what a playlist needs (`add_playlist`, `add_reel_playlist`).
#[derive(Clone, Copy)]
pub struct PlaylistSlots {
    clips: Slot,
    files: Slot,
    tags: Option<Slot>,
}

/// Adds reading the playlist of `ids` (the clips, their recordings' files and, `with_notes`,
/// their tags) to a batch: one round trip, whatever the number of clips.
pub fn add_playlist(batch: &mut Batch<'_>, ids: &[String], with_notes: bool) -> ApiResult<PlaylistSlots> {
    let ids = ids_json(ids)?;
    Ok(PlaylistSlots {
        clips: batch.add(CLIPS, &[text(&ids)])?,
        files: batch.add(FILES_OF_CLIPS, &[text(&ids)])?,
        tags: if with_notes { Some(batch.add(TAGS, &[text(&ids)])?) } else { None },
    })
}

/// Like `add_playlist`, for the clips of a reel in its order; after writes to the reel in the
/// same batch, it reads what they wrote.
pub fn add_reel_playlist(batch: &mut Batch<'_>, reel_id: &str, with_notes: bool) -> ApiResult<PlaylistSlots> {
    Ok(PlaylistSlots {
        clips: batch.add(CLIPS_OF_REEL, &[text(reel_id)])?,
        files: batch.add(FILES_OF_REEL, &[text(reel_id)])?,
        tags: if with_notes { Some(batch.add(TAGS_OF_REEL, &[text(reel_id)])?) } else { None },
    })
}

/// What a recording has to play: its screen files as (seq, length), in order. A recording
/// uploaded as one file (product §7's path) is file 0 with the entry's duration.
pub fn screen_files(
    files: &[FileRow],
    entry_id: &str,
    recording_key: Option<&str>,
    duration_ms: Option<i64>,
    submitted: bool,
) -> Vec<(i64, i64)> {
    if !submitted || recording_key.is_none() {
        return Vec::new();
    }
    let screen: Vec<(i64, i64)> = files
        .iter()
        .filter(|f| f.entry_id == entry_id && f.track == "screen")
        .map(|f| (f.seq, f.duration_ms.max(0)))
        .collect();
    if screen.is_empty() {
        vec![(0, duration_ms.unwrap_or(0).max(0))]
    } else {
        screen
    }
}

fn url(app: &App, media: Media, entry_id: &str, source: &str, seq: i64, track: &str) -> ApiResult<String> {
    match media {
        Media::Researcher if seq == 0 => signed_url(app, &paths::recording(entry_id)),
        Media::Researcher if track == "camera" => signed_url(app, &paths::recording_segment_camera(entry_id, seq)),
        Media::Researcher => signed_url(app, &paths::recording_segment(entry_id, seq)),
        Media::Share { share_id, .. } => signed_url(app, &paths::share_media(share_id, source, seq, track)),
    }
}

/// The files covering `start..end` of an entry's timeline, with signed URLs.
#[allow(clippy::too_many_arguments)]
pub fn segments(
    app: &App,
    media: Media,
    files: &[FileRow],
    screen: &[(i64, i64)],
    entry_id: &str,
    source: &str,
    start: i64,
    end: i64,
) -> ApiResult<Vec<PlaylistSegmentDto>> {
    let durations: Vec<i64> = screen.iter().map(|(_, d)| *d).collect();
    overlapping_segments(&durations, start, end)
        .into_iter()
        .map(|(i, offset)| {
            let (seq, duration) = screen[i];
            // The camera's file of the same capture, when there is one and the link shows it.
            let hidden = matches!(media, Media::Share { hide_camera: true, .. });
            let camera = files
                .iter()
                .find(|f| f.entry_id == entry_id && f.track == "camera" && f.seq == seq && seq > 0)
                .filter(|_| !hidden);
            Ok(PlaylistSegmentDto {
                url: url(app, media, entry_id, source, seq, "screen")?,
                offsetMs: offset,
                durationMs: duration,
                cameraUrl: camera.map(|_| url(app, media, entry_id, source, seq, "camera")).transpose()?,
                cameraOffsetMs: camera.map_or(0, |c| c.start_ms.max(0)),
            })
        })
        .collect()
}

/// The playlist a batch read (clips of analysis `analysis_id` only), in order. `Researcher` media
/// adds the entry ids; `with_notes` the clips' text and tags (a share link may leave them out).
pub fn playlist_of(
    app: &App,
    results: &Results,
    slots: PlaylistSlots,
    media: Media<'_>,
    analysis_id: &str,
    tasks: &[String],
) -> ApiResult<Vec<PlaylistClipDto>> {
    let rows: Vec<ClipRow> =
        results.all::<ClipRow>(slots.clips)?.into_iter().filter(|c| c.analysis_id == analysis_id).collect();
    let files = results.all::<FileRow>(slots.files)?;
    let with_notes = slots.tags.is_some();
    let tags = match slots.tags {
        Some(slot) => results.all::<TagRow>(slot)?,
        None => Vec::new(),
    };
    rows.iter()
        .map(|c| {
            let screen =
                screen_files(&files, &c.entry_id, c.recording_key.as_deref(), c.duration_ms, c.status == "submitted");
            let task = task_at(&core_marks(&marks_of(c.steps_json.as_deref())), c.at_ms.max(0) as u64);
            Ok(PlaylistClipDto {
                clipId: c.id.clone(),
                entryId: matches!(media, Media::Researcher).then(|| c.entry_id.clone()),
                participantNumber: c.participant_number.and_then(|n| u32::try_from(n).ok()),
                title: c.title.clone(),
                text: with_notes.then(|| c.text.clone()),
                tags: tags.iter().filter(|t| t.note_id == c.id).map(|t| t.tag.clone()).collect(),
                startMs: c.at_ms,
                endMs: c.end_ms,
                taskNumber: task,
                taskContent: task.and_then(|n| tasks.get(n as usize - 1).cloned()),
                segments: segments(app, media, &files, &screen, &c.entry_id, &c.id, c.at_ms, c.end_ms)?,
            })
        })
        .collect()
}

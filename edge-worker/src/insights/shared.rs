//! Share links, the stranger's side (ADR 0012): `GET /share/{token}` answers exactly what was
//! shared — no other entries, no entry or participant ids, notes only when the link includes them
//! — counts the view, and answers 404 'Este enlace ya no está disponible' for a link that was
//! revoked, has expired, or does not exist (one answer for all three, so the route tells nothing
//! about which tokens ever existed; the page `/s/{token}` says 410, ADR 0012 and 0020). Media goes through `/share-media/…` signed URLs that check
//! the link again on every request, and each answer carries at most 8 MiB, so a revoked link
//! also stops a player that is already reading. A recording or clip shared with captions (ADR
//! 0018) also gets a signed `…/0/captions` URL on the same route: its transcript as WebVTT.

use lupa_api_types::{SharedRecordingDto, SharedReelDto, SharedSummaryDto, SharedViewResponse};
use lupa_core::auth::rate_limit::Limit;
use lupa_core::auth::token;
use lupa_core::clips::SHARED_MEDIA_MAX_BYTES;
use lupa_core::transcript;
use serde::Deserialize;
use worker::{Request, Response, ResponseBuilder};

use crate::analysis::repo;
use crate::auth::rate;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{client_address, json};
use crate::insights::playlist::{self, Media, PlaylistSlots};
use crate::insights::shares::{self, share_columns, ShareRow};
use crate::insights::{answers, figures, reels};
use crate::participation::entries;
use crate::platform::db::{db, int, text, Batch, Results, Slot};
use crate::platform::storage::{signed_url, verify_signed_request};
use crate::playback::{answered_at, chapters, core_marks, marks_of, notes};
use crate::recordings::serve_object;
use crate::transcripts::{provider::Provider, stored_lines};
use crate::App;

/// Views from one client address: a page view is one request, so this only stops scraping.
const VIEWS_PER_CLIENT: Limit = Limit { name: "share-view-client", max: 120, window_ms: 10 * 60 * 1000 };
/// Loads of the page `/s/{token}` from one client address: the same limit, counted apart (every
/// view loads the page and then calls the API). The page's status (200 or 410) says whether a
/// token is live, so without a limit it would be an unthrottled way to try tokens.
const PAGES_PER_CLIENT: Limit = Limit { name: "share-page-client", ..VIEWS_PER_CLIENT };

/// The link, only while it is live.
const FIND: &str = concat!(
    "SELECT ",
    share_columns!(),
    " FROM shares s WHERE s.token_hash = ?1 AND s.revoked_at IS NULL AND s.expires_at > ?2"
);
/// Counts the view, in the batch that reads what the link shows.
const VIEW: &str = "UPDATE shares SET view_count = view_count + 1, last_viewed_at = ?2 WHERE id = ?1 AND revoked_at IS NULL AND expires_at > ?2";
const LIVE: &str = concat!(
    "SELECT ",
    share_columns!(),
    " FROM shares s WHERE s.id = ?1 AND s.revoked_at IS NULL AND s.expires_at > ?2"
);
/// The entry a media URL of link `?1` may play for `source` `?2` (`recording`, the link's clip, or
/// a clip of the link's reel), with file `?3` of track `?4`: one read, whatever the kind.
const SOURCE_FILE: &str = "SELECT e.status, e.recording_key, f.r2_key FROM shares s \
     JOIN analysis_entries e ON e.id = CASE \
       WHEN s.kind = 'recording' AND ?2 = 'recording' THEN s.entry_id \
       WHEN s.kind = 'clip' AND s.note_id = ?2 THEN s.entry_id \
       WHEN s.kind = 'reel' THEN (SELECT n.entry_id FROM reel_clips c JOIN entry_notes n ON n.id = c.note_id \
         WHERE c.reel_id = s.reel_id AND c.note_id = ?2 AND n.end_ms IS NOT NULL) END \
     LEFT JOIN entry_segments f ON f.entry_id = e.id AND f.seq = ?3 AND f.track = ?4 AND f.state = 'closed' \
     WHERE s.id = ?1";
/// A row when link `?1` has a line to caption: any line of its recording, or for a clip one said
/// during it (the overlap of `transcript::within`). Links to reels or summaries have no entry.
const CAPTIONED: &str = "SELECT 1 AS yes FROM shares s JOIN transcript_windows w ON w.entry_id = s.entry_id \
     LEFT JOIN entry_notes n ON n.id = s.note_id, json_each(w.lines_json) l WHERE s.id = ?1 \
     AND (s.note_id IS NULL OR (json_extract(l.value, '$.end_ms') > n.at_ms AND json_extract(l.value, '$.start_ms') < n.end_ms)) LIMIT 1";
/// The transcript windows of link `?1` with captions, when `?2` is its source ('recording' or
/// its clip's id), with the clip's range.
const CAPTION_WINDOWS: &str = "SELECT w.lines_json, n.at_ms, n.end_ms FROM shares s JOIN transcript_windows w ON w.entry_id = s.entry_id \
     LEFT JOIN entry_notes n ON n.id = s.note_id WHERE s.id = ?1 AND s.captions = 1 AND COALESCE(s.note_id, 'recording') = ?2";

#[derive(Deserialize)]
struct CaptionWindow {
    lines_json: String,
    at_ms: Option<i64>,
    end_ms: Option<i64>,
}

#[derive(Deserialize)]
struct SourceFile {
    status: String,
    recording_key: Option<String>,
    r2_key: Option<String>,
}

/// Where the second batch put what the link shows.
enum Content {
    Recording { entry: Slot, files: Slot, answers: answers::EntryAnswerSlots, notes: Option<notes::NotesSlots> },
    Clip(PlaylistSlots),
    Reel { reel: Slot, playlist: PlaylistSlots },
    Summary(figures::FigureSlots),
    Nothing,
}

fn add_content(batch: &mut Batch<'_>, share: &ShareRow) -> ApiResult<Content> {
    let with_notes = share.include_notes != 0;
    Ok(match (share.kind.as_str(), &share.entry_id, &share.note_id, &share.reel_id) {
        ("recording", Some(entry_id), _, _) => Content::Recording {
            entry: entries::add_find(batch, entry_id)?,
            files: playlist::add_files(batch, std::slice::from_ref(entry_id))?,
            answers: answers::add_of_entry(batch, entry_id)?,
            notes: if with_notes { Some(notes::add_of_entry(batch, entry_id)?) } else { None },
        },
        ("clip", _, Some(note_id), _) => {
            Content::Clip(playlist::add_playlist(batch, std::slice::from_ref(note_id), with_notes)?)
        }
        ("reel", _, _, Some(reel_id)) => Content::Reel {
            reel: reels::add_find(batch, reel_id)?,
            playlist: playlist::add_reel_playlist(batch, reel_id, with_notes)?,
        },
        ("summary", _, _, _) => Content::Summary(figures::add_load(batch, &share.analysis_id)?),
        _ => Content::Nothing,
    })
}

/// Whether the link of `/s/{token}` is live, for the page's own HTTP status (200 or 410, so a
/// revoked link is gone for crawlers and link checkers too, not only in the page's text); a 429
/// error past the client's limit. One round trip that counts the load and reads the link; no view
/// counted: the page's `GET /share/{token}` counts it.
pub async fn is_live(app: &App, req: &Request, raw: &str) -> ApiResult<bool> {
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let attempt = rate::add_hit(&mut reads, PAGES_PER_CLIENT, &client_address(req), app.now())?;
    let found = if token::is_well_formed(raw) {
        Some(reads.add(FIND, &[text(&shares::token_hash(app, raw)?), int(app.now())])?)
    } else {
        None
    };
    let results = reads.run().await?;
    rate::check(&results, attempt)?;
    Ok(found.map(|slot| results.first::<ShareRow>(slot)).transpose()?.flatten().is_some())
}

/// The API's answer for every link that cannot be shown, unknown, revoked or expired alike: 404,
/// so it tells nobody whether a token was ever a link (ADR 0020). The page `/s/{token}` answers
/// 410 for all three (ADR 0012), for crawlers and link checkers.
pub fn gone() -> ApiError {
    ApiError::from(Fixed::ShareUnavailable)
}

/// `GET /api/v1/share/{token}`: no account, no cookies; counts one view. Two round trips: the
/// attempt counted with the link read; then the view counted with everything the link shows.
pub async fn view(app: &App, req: &Request, raw: &str) -> ApiResult<Response> {
    let database = db(app)?;
    let now = app.now();
    let mut reads = Batch::new(&database);
    let attempt = rate::add_hit(&mut reads, VIEWS_PER_CLIENT, &client_address(req), app.now())?;
    let found = if token::is_well_formed(raw) {
        Some(reads.add(FIND, &[text(&shares::token_hash(app, raw)?), int(now)])?)
    } else {
        None
    };
    let results = reads.run().await?;
    rate::check(&results, attempt)?;
    let share = found.map(|slot| results.first::<ShareRow>(slot)).transpose()?.flatten().ok_or_else(gone)?;
    let mut batch = Batch::new(&database);
    let counted = batch.add(VIEW, &[text(&share.id), int(now)])?;
    let analysis = repo::add_find(&mut batch, &share.analysis_id)?;
    let task_slot = repo::add_tasks_of(&mut batch, &share.analysis_id)?;
    let content = add_content(&mut batch, &share)?;
    // No captions without a provider, as the researcher's transcript says 'unavailable' then.
    let captioned = if share.captions != 0 && Provider::from_env(&app.env).is_on() {
        Some(batch.add(CAPTIONED, &[text(&share.id)])?)
    } else {
        None
    };
    let results = batch.run().await?;
    if results.changes(counted)? == 0 {
        return Err(gone());
    }
    let analysis = results.first::<repo::AnalysisRow>(analysis)?.ok_or_else(gone)?;
    let tasks = repo::task_contents_of(&results, task_slot)?;
    let media = Media::Share { share_id: &share.id, hide_camera: share.hide_camera != 0 };
    let mut answer = SharedViewResponse {
        kind: share.kind.clone(),
        analysisName: analysis.name.clone(),
        title: analysis.name.clone(),
        expiresAt: share.expires_at,
        hideCamera: share.hide_camera != 0,
        recording: None,
        clip: None,
        reel: None,
        summary: None,
        captionsUrl: None,
        captionsLanguage: None,
    };
    if captioned.map(|slot| results.first::<serde_json::Value>(slot)).transpose()?.flatten().is_some() {
        let source = share.note_id.as_deref().unwrap_or("recording");
        answer.captionsUrl = Some(signed_url(app, &lupa_core::routes::share_media(&share.id, source, 0, "captions"))?);
        // The track's language, so a screen reader and the player's captions menu name it right.
        answer.captionsLanguage = Some(crate::transcripts::setting_dto(analysis.transcription()).language);
    }
    match content {
        Content::Recording { entry, files, answers, notes } => {
            answer.recording = Some(recording(app, &results, media, (entry, files, answers, notes), tasks.len())?);
        }
        Content::Clip(slots) => {
            let clip = playlist::playlist_of(app, &results, slots, media, &analysis.id, &tasks)?;
            let clip = clip.into_iter().next().ok_or_else(gone)?;
            answer.title = clip.title.clone().unwrap_or_else(|| analysis.name.clone());
            answer.clip = Some(clip);
        }
        Content::Reel { reel, playlist: slots } => {
            let reel = results.first::<reels::ReelRow>(reel)?.ok_or_else(gone)?;
            let clips = playlist::playlist_of(app, &results, slots, media, &analysis.id, &tasks)?;
            answer.title = reel.title.clone();
            answer.reel = Some(SharedReelDto {
                title: reel.title,
                durationMs: clips.iter().map(|c| c.endMs - c.startMs).sum(),
                clips,
            });
        }
        Content::Summary(slots) => {
            let detail = repo::detail_from(analysis, &results, task_slot)?;
            let data = figures::load_of(detail, &results, slots)?;
            answer.summary = Some(SharedSummaryDto {
                settings: data.settings.clone(),
                tasks: figures::task_summaries(&data),
                overall: figures::overall_summary(&data),
                sus: figures::sus_summary(&data),
                submitted: data.entries.len() as u32,
            });
        }
        Content::Nothing => return Err(gone()),
    }
    let mut resp = json(200, &answer)?;
    resp.headers_mut().set("x-robots-tag", "noindex, nofollow")?;
    Ok(resp)
}

/// A whole recording as a share link shows it, from what the batch read.
fn recording(
    app: &App,
    results: &Results,
    media: Media<'_>,
    (entry, files, answer_slots, note_slots): (Slot, Slot, answers::EntryAnswerSlots, Option<notes::NotesSlots>),
    task_count: usize,
) -> ApiResult<SharedRecordingDto> {
    let entry = results.first::<entries::EntryRow>(entry)?.ok_or_else(gone)?;
    let files = results.all::<playlist::FileRow>(files)?;
    let screen = playlist::screen_files(
        &files,
        &entry.id,
        entry.recording_key.as_deref(),
        entry.duration_ms,
        entry.status == "submitted",
    );
    let total: i64 = screen.iter().map(|(_, d)| d).sum();
    let duration = entry.duration_ms.unwrap_or(total).max(0);
    let segments = playlist::segments(app, media, &files, &screen, &entry.id, "recording", 0, total.max(1))?;
    let marks = core_marks(&marks_of(entry.steps_json.as_deref()));
    let answers = answers::of_entry_from(results, answer_slots)?;
    Ok(SharedRecordingDto {
        participantNumber: Some(crate::recordings::participant_number(&entry)),
        durationMs: duration,
        segments,
        chapters: chapters(&marks, duration as u64, &answered_at(&answers, task_count)),
        answers,
        // A stranger with the link never learns who on the team wrote a note (names, e-mails).
        notes: note_slots
            .map(|slots| notes::of_entry_from(results, slots))
            .transpose()?
            .map(|list| list.into_iter().map(|note| lupa_api_types::NoteDto { author: None, ..note }).collect()),
    })
}

/// `GET /api/v1/share-media/{share}/{source}/{segment}/{track}?expires=&kid=&sig=`: one file of a
/// shared recording, while the link is live. `source` is `recording` or the clip's id; segment 0
/// is a recording uploaded as one file; `track` is `screen` or `camera` (not when hidden), or
/// `captions` with segment 0 (ADR 0018).
pub async fn media(
    app: &App,
    req: &Request,
    share_id: &str,
    source: &str,
    segment: &str,
    track: &str,
) -> ApiResult<Response> {
    let expires = verify_signed_request(app, req, &lupa_core::routes::share_media(share_id, source, segment, track))?;
    let database = db(app)?;
    let seq = segment.parse::<i64>().map_err(|_| ApiError::not_found())?;
    if track == "captions" && seq == 0 {
        return captions(app, &database, share_id, source).await;
    }
    // The link and the file it may play, in one round trip.
    let mut batch = Batch::new(&database);
    let live = batch.add(LIVE, &[text(share_id), int(app.now())])?;
    let file = batch.add(SOURCE_FILE, &[text(share_id), text(source), int(seq), text(track)])?;
    let results = batch.run().await?;
    let share = results.first::<ShareRow>(live)?.ok_or_else(gone)?;
    if !matches!(track, "screen" | "camera") || (track == "camera" && (share.hide_camera != 0 || seq == 0)) {
        return Err(ApiError::not_found());
    }
    let file =
        results.first::<SourceFile>(file)?.filter(|f| f.status == "submitted").ok_or_else(ApiError::not_found)?;
    let key = if seq == 0 { file.recording_key } else { file.r2_key }.ok_or_else(ApiError::not_found)?;
    // Capped, so a player comes back for more and a revoked link stops it (`SHARED_MEDIA_MAX_BYTES`).
    serve_object(app, req, key, "lupa-compartido", expires, Some(SHARED_MEDIA_MAX_BYTES)).await
}

/// The captions of a live link made with them: the transcript as WebVTT, a clip's cut to the
/// lines said during it; the link and the windows in one round trip.
async fn captions(app: &App, database: &worker::D1Database, share_id: &str, source: &str) -> ApiResult<Response> {
    let mut batch = Batch::new(database);
    let live = batch.add(LIVE, &[text(share_id), int(app.now())])?;
    let windows = batch.add(CAPTION_WINDOWS, &[text(share_id), text(source)])?;
    let results = batch.run().await?;
    results.first::<ShareRow>(live)?.ok_or_else(gone)?;
    let windows = results.all::<CaptionWindow>(windows)?;
    let range = windows.first().and_then(|w| w.at_ms.zip(w.end_ms));
    let lines = stored_lines(windows.into_iter().map(|w| w.lines_json).collect());
    let lines = match range {
        Some((start, end)) => transcript::within(lines, start, end),
        None => lines,
    };
    if lines.is_empty() {
        return Err(ApiError::not_found());
    }
    Ok(ResponseBuilder::new()
        .with_header("content-type", "text/vtt; charset=utf-8")?
        .fixed(transcript::vtt(&lines).into_bytes()))
}

//! Share links, the stranger's side (ADR 0012): `GET /share/{token}` answers exactly what was
//! shared — no other entries, no entry or participant ids, notes only when the link includes them
//! — counts the view, and answers 410 'Este enlace ya no está disponible' for a link that was
//! revoked, has expired, or does not exist (one answer for all three, so the route tells nothing
//! about which tokens ever existed). Media goes through `/share-media/…` signed URLs that check
//! the link again on every request.

use lupa_api_types::{SharedRecordingDto, SharedReelDto, SharedSummaryDto, SharedViewResponse};
use lupa_core::auth::rate_limit::Limit;
use lupa_core::auth::token;
use lupa_core::clips::SHARE_GONE;
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::analysis::repo;
use crate::auth::rate;
use crate::db::{Busy, db, failed, int, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{client_address, json};
use crate::insights::playlist::{self, Media};
use crate::insights::{answers, figures, reels, shares};
use crate::participation::entries;
use crate::playback::{chapters, core_marks, marks_of, notes};
use crate::recordings::{serve_object, verify_signed_request};
use crate::App;

/// Views from one client address: a page view is one request, so this only stops scraping.
const VIEWS_PER_CLIENT: Limit = Limit { name: "share-view-client", max: 120, window_ms: 10 * 60 * 1000 };

/// Counts the view and returns the link, in one statement, only while it is live.
const VIEW: &str = "UPDATE shares SET view_count = view_count + 1, last_viewed_at = ?2 \
     WHERE token_hash = ?1 AND revoked_at IS NULL AND expires_at > ?2 \
     RETURNING id, kind, analysis_id, entry_id, note_id, reel_id, hide_camera, include_notes, expires_at";
const LIVE: &str = "SELECT id, kind, analysis_id, entry_id, note_id, reel_id, hide_camera, include_notes, expires_at FROM shares \
     WHERE id = ?1 AND revoked_at IS NULL AND expires_at > ?2";
const IN_REEL: &str = "SELECT n.entry_id FROM reel_clips c JOIN entry_notes n ON n.id = c.note_id WHERE c.reel_id = ?1 AND c.note_id = ?2 AND n.end_ms IS NOT NULL";
const FILE_KEY: &str = "SELECT r2_key FROM entry_segments WHERE entry_id = ?1 AND seq = ?2 AND track = ?3 AND state = 'closed'";

#[derive(Deserialize)]
struct Share {
    id: String,
    kind: String,
    analysis_id: String,
    entry_id: Option<String>,
    note_id: Option<String>,
    reel_id: Option<String>,
    hide_camera: i64,
    include_notes: i64,
    expires_at: i64,
}

#[derive(Deserialize)]
struct EntryOf {
    entry_id: String,
}

/// The answer for every link that cannot be shown.
pub fn gone() -> ApiError {
    ApiError::new(410, "share_unavailable", SHARE_GONE)
}

/// `GET /api/v1/share/{token}`: no account, no cookies; counts one view.
pub async fn view(app: &App, req: &Request, raw: &str) -> ApiResult<Response> {
    let database = db(app)?;
    rate::hit(&database, VIEWS_PER_CLIENT, &client_address(req)).await?;
    if !token::is_well_formed(raw) {
        return Err(gone());
    }
    let now = app.now();
    let share = stmt(&database, VIEW, &[text(&shares::token_hash(app, raw)?), int(now)])?.first_busy::<Share>(None).await.map_err(failed(VIEW))?.ok_or_else(gone)?;
    let analysis = repo::find(&database, &share.analysis_id).await?.ok_or_else(gone)?;
    let tasks = repo::task_contents(&database, &analysis.id).await?;
    let media = Media::Share { share_id: &share.id, hide_camera: share.hide_camera != 0 };
    let with_notes = share.include_notes != 0;
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
    };
    match (share.kind.as_str(), &share.entry_id, &share.note_id, &share.reel_id) {
        ("recording", Some(entry_id), _, _) => answer.recording = Some(recording(app, &database, media, entry_id, tasks.len(), with_notes).await?),
        ("clip", _, Some(note_id), _) => {
            let clip = playlist::playlist(app, &database, media, &analysis.id, std::slice::from_ref(note_id), &tasks, with_notes).await?;
            let clip = clip.into_iter().next().ok_or_else(gone)?;
            answer.title = clip.title.clone().unwrap_or_else(|| analysis.name.clone());
            answer.clip = Some(clip);
        }
        ("reel", _, _, Some(reel_id)) => {
            let reel = reels::find(&database, reel_id).await?.ok_or_else(gone)?;
            let ids = reels::clip_ids(&database, reel_id).await?;
            let clips = playlist::playlist(app, &database, media, &analysis.id, &ids, &tasks, with_notes).await?;
            answer.title = reel.title.clone();
            answer.reel = Some(SharedReelDto { title: reel.title, durationMs: clips.iter().map(|c| c.endMs - c.startMs).sum(), clips });
        }
        ("summary", _, _, _) => {
            let data = figures::load(&database, analysis).await?;
            answer.summary = Some(SharedSummaryDto {
                settings: data.settings.clone(),
                tasks: figures::task_summaries(&data),
                sus: figures::sus_summary(&data),
                submitted: data.entries.len() as u32,
            });
        }
        _ => return Err(gone()),
    }
    let mut resp = json(200, &answer)?;
    resp.headers_mut().set("x-robots-tag", "noindex, nofollow")?;
    Ok(resp)
}

/// A whole recording as a share link shows it.
async fn recording(app: &App, database: &D1Database, media: Media<'_>, entry_id: &str, task_count: usize, with_notes: bool) -> ApiResult<SharedRecordingDto> {
    let entry = entries::find(database, entry_id).await?.ok_or_else(gone)?;
    let files = playlist::files(database, std::slice::from_ref(&entry.id)).await?;
    let screen = playlist::screen_files(&files, &entry.id, entry.recording_key.as_deref(), entry.duration_ms, entry.status == "submitted");
    let total: i64 = screen.iter().map(|(_, d)| d).sum();
    let duration = entry.duration_ms.unwrap_or(total).max(0);
    let segments = playlist::segments(app, media, &files, &screen, &entry.id, "recording", 0, total.max(1))?;
    let marks = core_marks(&marks_of(entry.steps_json.as_deref()));
    Ok(SharedRecordingDto {
        participantNumber: Some(crate::recordings::participant_number(&entry)),
        durationMs: duration,
        segments,
        chapters: chapters(&marks, duration as u64, task_count),
        answers: answers::of_entry(database, &entry.id).await?,
        notes: if with_notes { Some(notes::of_entry(database, &entry.id).await?) } else { None },
    })
}

/// `GET /api/v1/share-media/{share}/{source}/{segment}/{track}?expires=&kid=&sig=`: one file of a
/// shared recording, while the link is live. `source` is `recording` or the clip's id; segment 0
/// is a recording uploaded as one file; `track` is `screen` or `camera` (not when hidden).
pub async fn media(app: &App, req: &Request, share_id: &str, source: &str, segment: &str, track: &str) -> ApiResult<Response> {
    let expires = verify_signed_request(app, req, &format!("/api/v1/share-media/{share_id}/{source}/{segment}/{track}"))?;
    let database = db(app)?;
    let share = stmt(&database, LIVE, &[text(share_id), int(app.now())])?.first_busy::<Share>(None).await.map_err(failed(LIVE))?.ok_or_else(gone)?;
    let seq = segment.parse::<i64>().map_err(|_| ApiError::not_found())?;
    if !matches!(track, "screen" | "camera") || (track == "camera" && (share.hide_camera != 0 || seq == 0)) {
        return Err(ApiError::not_found());
    }
    let entry_id = match (share.kind.as_str(), source) {
        ("recording", "recording") => share.entry_id.clone(),
        ("clip", clip) if share.note_id.as_deref() == Some(clip) => share.entry_id.clone(),
        ("reel", clip) => {
            let reel = share.reel_id.clone().unwrap_or_default();
            stmt(&database, IN_REEL, &[text(&reel), text(clip)])?.first_busy::<EntryOf>(None).await.map_err(failed(IN_REEL))?.map(|e| e.entry_id)
        }
        _ => None,
    }
    .ok_or_else(ApiError::not_found)?;
    let entry = entries::find(&database, &entry_id).await?.filter(|e| e.status == "submitted").ok_or_else(ApiError::not_found)?;
    let key = if seq == 0 {
        entry.recording_key.clone()
    } else {
        stmt(&database, FILE_KEY, &[text(&entry.id), int(seq), text(track)])?.first_busy::<String>(Some("r2_key")).await.map_err(failed(FILE_KEY))?
    }
    .ok_or_else(ApiError::not_found)?;
    serve_object(app, req, key, "lupa-compartido", expires).await
}

//! Highlight reels (ADR 0012): per analysis, an ordered list of clips that a player plays back to
//! back with a title card per clip. The analysis's workspace sees them (with who made each, ADR
//! 0019) and its researchers change them; anyone else gets 404. A reel's clip list is always written whole, in one batch.
//! Creating, renaming, reordering and adding need the owner's active subscription (402); taking a
//! clip out and deleting stay free (ADR 0012, "Lapsed customers").

use lupa_api_types::{MessageResponse, ReelClipRequest, ReelDto, ReelRequest, ReelSummaryDto, ReelsResponse};
use lupa_core::clips::{self, NOT_A_CLIP};
use serde::Deserialize;
use worker::{Request, Response};

use crate::analysis;
use crate::auth::sessions::SessionUser;
use crate::billing::gate;
use crate::error::{ApiError, ApiResult, Composed};
use crate::http::{json, read_json};
use crate::insights::cleanup;
use crate::insights::playlist::{self, Media, PlaylistSlots};
use crate::platform::db::{db, int, new_id, text, Batch, Results, Slot};
use crate::App;

const LIST: &str = concat!(
    "SELECT r.id, r.title, r.created_at, r.updated_at, COUNT(n.id) AS clip_count, COALESCE(SUM(n.end_ms - n.at_ms), 0) AS duration_ms, \
     r.author_id, ",
    crate::team::author_name_of!("r.author_id"),
    " AS author_name FROM reels r LEFT JOIN reel_clips c ON c.reel_id = r.id LEFT JOIN entry_notes n ON n.id = c.note_id AND n.end_ms IS NOT NULL \
     WHERE r.analysis_id = ?1 GROUP BY r.id ORDER BY r.created_at DESC, r.id"
);
const ONE: &str = concat!(
    "SELECT r.id, r.analysis_id, r.title, r.created_at, r.updated_at, a.workspace_id, r.author_id, ",
    crate::team::author_name_of!("r.author_id"),
    " AS author_name FROM reels r JOIN analyses a ON a.id = r.analysis_id WHERE r.id = ?1"
);
const CLIP_IDS: &str = "SELECT note_id AS value FROM reel_clips WHERE reel_id = ?1 ORDER BY position";
const INSERT: &str =
    "INSERT INTO reels (id, analysis_id, title, created_at, updated_at, author_id) VALUES (?1, ?2, ?3, ?4, ?4, ?5)";
const RENAME: &str = "UPDATE reels SET title = ?2, updated_at = ?3 WHERE id = ?1";
const CLEAR: &str = "DELETE FROM reel_clips WHERE reel_id = ?1";
const PLACE: &str = "INSERT INTO reel_clips (reel_id, note_id, position) VALUES (?1, ?2, ?3)";
const DELETE: &str = "DELETE FROM reels WHERE id = ?1";
const TOUCH: &str = "UPDATE reels SET updated_at = ?2 WHERE id = ?1";
/// The task texts of the reel's analysis, in order (for each clip's task).
const TASKS_OF_REEL: &str = "SELECT content AS value FROM analysis_tasks WHERE analysis_id = (SELECT analysis_id FROM reels WHERE id = ?1) ORDER BY position";
const DELETED: &str = "Reel eliminado";

#[derive(Deserialize)]
struct SummaryRow {
    id: String,
    title: String,
    created_at: i64,
    updated_at: i64,
    clip_count: i64,
    duration_ms: i64,
    author_id: Option<String>,
    author_name: Option<String>,
}

/// A reel row with its analysis's owner.
#[derive(Debug, Clone, Deserialize)]
pub struct ReelRow {
    pub id: String,
    pub analysis_id: String,
    pub title: String,
    pub created_at: i64,
    pub updated_at: i64,
    workspace_id: String,
    author_id: Option<String>,
    author_name: Option<String>,
}

fn bad(message: &'static str) -> ApiError {
    ApiError::composed(Composed::InvalidReel, message)
}

/// Adds reading a reel (with its analysis's owner), whoever owns it, to a batch.
pub fn add_find(batch: &mut Batch<'_>, reel_id: &str) -> ApiResult<Slot> {
    batch.add(ONE, &[text(reel_id)])
}

/// The reel when the signed-in user owns its analysis or is an admin, 404 otherwise; `add` puts
/// more reads in the same batch (two round trips in all), used only after the check.
async fn owned_with<T>(
    app: &App,
    user: &SessionUser,
    reel_id: &str,
    add: impl FnOnce(&mut Batch<'_>) -> ApiResult<T>,
) -> ApiResult<(ReelRow, Results, T)> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = add_find(&mut batch, reel_id)?;
    let more = add(&mut batch)?;
    let results = batch.run().await?;
    let reel = results
        .first::<ReelRow>(found)?
        .filter(|reel| user.may_see_workspace(&reel.workspace_id))
        .ok_or_else(ApiError::not_found)?;
    Ok((reel, results, more))
}

/// Adds reading a reel's clip ids in order to a batch.
pub fn add_clip_ids(batch: &mut Batch<'_>, reel_id: &str) -> ApiResult<Slot> {
    batch.add(CLIP_IDS, &[text(reel_id)])
}

fn clip_ids_of(results: &Results, slot: Slot) -> ApiResult<Vec<String>> {
    results.values::<String>(slot)
}

/// Checks a whole clip list against the clips a batch read for it (`playlist::add_clips`): at
/// most 100, each once, each a clip of `analysis_id`.
fn check_clips(results: &Results, found: Option<Slot>, analysis_id: &str, ids: &[String]) -> ApiResult<()> {
    clips::check_reel_clips(ids).map_err(bad)?;
    let found = match found {
        Some(slot) => results.all::<playlist::ClipRow>(slot)?,
        None => Vec::new(),
    };
    // Clips this analysis does not have: a well-formed list, not for this reel (409).
    if found.len() != ids.len() || found.iter().any(|c| c.analysis_id != analysis_id) {
        return Err(ApiError::composed(Composed::ReelConflict, NOT_A_CLIP));
    }
    Ok(())
}

/// Adds replacing the reel's clip list (checked) and touching it to a batch.
fn add_set_clips(batch: &mut Batch<'_>, reel_id: &str, ids: &[String], now: i64) -> ApiResult<()> {
    batch.add(CLEAR, &[text(reel_id)])?;
    for (position, id) in ids.iter().enumerate() {
        batch.add(PLACE, &[text(reel_id), text(id), int(position as i64)])?;
    }
    batch.add(TOUCH, &[text(reel_id), int(now)])?;
    Ok(())
}

/// Where a batch put a reel with its playlist (`add_dto`).
#[derive(Clone, Copy)]
struct DtoSlots {
    reel: Slot,
    tasks: Slot,
    playlist: PlaylistSlots,
}

/// Adds reading the reel with its playlist to a batch; after writes to the reel in the same
/// batch, it reads what they wrote.
fn add_dto(batch: &mut Batch<'_>, reel_id: &str) -> ApiResult<DtoSlots> {
    Ok(DtoSlots {
        reel: add_find(batch, reel_id)?,
        tasks: batch.add(TASKS_OF_REEL, &[text(reel_id)])?,
        playlist: playlist::add_reel_playlist(batch, reel_id, true)?,
    })
}

/// The reel with its playlist, for its owner, from what a batch read (`add_dto`).
fn dto_of(app: &App, results: &Results, slots: DtoSlots) -> ApiResult<ReelDto> {
    let reel = results.first::<ReelRow>(slots.reel)?.ok_or_else(ApiError::not_found)?;
    let tasks: Vec<String> = results.values(slots.tasks)?;
    let clips = playlist::playlist_of(app, results, slots.playlist, Media::Researcher, &reel.analysis_id, &tasks)?;
    Ok(ReelDto {
        durationMs: clips.iter().map(|c| c.endMs - c.startMs).sum(),
        id: reel.id,
        analysisId: reel.analysis_id,
        title: reel.title,
        createdAt: reel.created_at,
        updatedAt: reel.updated_at,
        author: crate::team::author(reel.author_id, reel.author_name),
        clips,
    })
}

/// Runs `batch` (writes to the reel, possibly none) and answers with the reel as they left it,
/// read in the same round trip.
pub(crate) async fn write_and_answer(
    app: &App,
    mut batch: Batch<'_>,
    reel_id: &str,
    status: u16,
) -> ApiResult<Response> {
    let slots = add_dto(&mut batch, reel_id)?;
    json(status, &dto_of(app, &batch.run().await?, slots)?)
}

/// `GET /api/v1/analysis/{id}/reels`.
pub async fn list(app: &App, user: &SessionUser, analysis_id: &str) -> ApiResult<Response> {
    let (_, results, rows) =
        analysis::owned_row_with(app, user, analysis_id, |batch| batch.add(LIST, &[text(analysis_id)])).await?;
    let reels = results
        .all::<SummaryRow>(rows)?
        .into_iter()
        .map(|r| ReelSummaryDto {
            id: r.id,
            title: r.title,
            clipCount: r.clip_count.max(0) as u32,
            durationMs: r.duration_ms,
            createdAt: r.created_at,
            updatedAt: r.updated_at,
            author: crate::team::author(r.author_id, r.author_name),
        })
        .collect();
    json(200, &ReelsResponse { reels })
}

/// `POST /api/v1/analysis/{id}/reels {title, clipIds?}`. Three round trips: the session; the
/// analysis with the clips named; the reel stored and read back. The body is read first so the
/// clips can join the analysis's batch; its problems are answered after the ownership check.
pub async fn create(app: &App, user: &SessionUser, req: &mut Request, analysis_id: &str) -> ApiResult<Response> {
    let body: ApiResult<ReelRequest> = read_json(req).await;
    let ids = body.as_ref().ok().and_then(|b| b.clipIds.clone()).unwrap_or_default();
    let (_, results, (found, subscribed)) = analysis::owned_row_with(app, user, analysis_id, |batch| {
        Ok((playlist::add_clips(batch, &ids)?, gate::add_active_for_analysis(batch, analysis_id, app.now())?))
    })
    .await?;
    let title = clips::reel_title(body?.title.as_deref()).map_err(bad)?;
    check_clips(&results, Some(found), analysis_id, &ids)?;
    gate::require_active(gate::is_active(&results, subscribed)?, gate::REQUIRED_FOR_REELS)?;
    let id = new_id();
    let now = app.now();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(INSERT, &[text(&id), text(analysis_id), text(&title), int(now), text(&user.user.id)])?;
    add_set_clips(&mut batch, &id, &ids, now)?;
    write_and_answer(app, batch, &id, 201).await
}

/// A new reel of `clip_ids` in that order, written with the batch (a theme's reel).
pub(crate) fn add_new(
    batch: &mut Batch<'_>,
    id: &str,
    analysis_id: &str,
    title: &str,
    author_id: &str,
    clip_ids: &[String],
    now: i64,
) -> ApiResult<()> {
    batch.add(INSERT, &[text(id), text(analysis_id), text(title), int(now), text(author_id)])?;
    add_set_clips(batch, id, clip_ids, now)
}

/// `GET /api/v1/reels/{id}`: the session, then the reel with its playlist.
pub async fn get(app: &App, user: &SessionUser, reel_id: &str) -> ApiResult<Response> {
    let (_, results, slots) = owned_with(app, user, reel_id, |batch| add_dto(batch, reel_id)).await?;
    json(200, &dto_of(app, &results, slots)?)
}

/// `PATCH /api/v1/reels/{id} {title?, clipIds?}`: rename, and/or set the whole ordered list.
pub async fn update(app: &App, user: &SessionUser, req: &mut Request, reel_id: &str) -> ApiResult<Response> {
    let body: ApiResult<ReelRequest> = read_json(req).await;
    let ids = body.as_ref().ok().and_then(|b| b.clipIds.clone());
    let (reel, results, (found, subscribed)) = owned_with(app, user, reel_id, |batch| {
        Ok((
            ids.as_deref().map(|ids| playlist::add_clips(batch, ids)).transpose()?,
            gate::add_active_for_reel(batch, reel_id, app.now())?,
        ))
    })
    .await?;
    let body = body?;
    let database = db(app)?;
    let now = app.now();
    let mut batch = Batch::new(&database);
    if body.title.is_some() {
        let title = clips::reel_title(body.title.as_deref()).map_err(bad)?;
        batch.add(RENAME, &[text(&reel.id), text(&title), int(now)])?;
    }
    if let Some(ids) = &ids {
        check_clips(&results, found, &reel.analysis_id, ids)?;
        add_set_clips(&mut batch, &reel.id, ids, now)?;
    }
    gate::require_active(gate::is_active(&results, subscribed)?, gate::REQUIRED_FOR_REELS)?;
    write_and_answer(app, batch, &reel.id, 200).await
}

/// `DELETE /api/v1/reels/{id}`: the reel and its share links; its clips stay.
pub async fn delete(app: &App, user: &SessionUser, reel_id: &str) -> ApiResult<Response> {
    let (reel, _, ()) = owned_with(app, user, reel_id, |_| Ok(())).await?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    for statement in cleanup::statements(&database, cleanup::Scope::Reel, &reel.id)? {
        batch.add_prepared(statement, "DELETE share links of a reel");
    }
    batch.add(DELETE, &[text(&reel.id)])?;
    batch.run().await?;
    json(200, &MessageResponse { message: DELETED.into() })
}

/// `POST /api/v1/reels/{id}/clips {clipId, position?}`: adds a clip (at the end by default). A clip
/// already in the reel stays where it is, so a repeated request changes nothing. The clips already
/// in the reel were checked when they joined it (a clip that stops being one leaves its reels).
pub async fn add_clip(app: &App, user: &SessionUser, req: &mut Request, reel_id: &str) -> ApiResult<Response> {
    let body: ApiResult<ReelClipRequest> = read_json(req).await;
    let clip = body.as_ref().ok().and_then(|b| b.clipId.clone()).filter(|c| !c.is_empty());
    let (reel, results, (current, found, subscribed)) = owned_with(app, user, reel_id, |batch| {
        Ok((
            add_clip_ids(batch, reel_id)?,
            clip.as_ref().map(|c| playlist::add_clips(batch, std::slice::from_ref(c))).transpose()?,
            gate::add_active_for_reel(batch, reel_id, app.now())?,
        ))
    })
    .await?;
    let body = body?;
    let clip = clip.ok_or_else(|| bad(NOT_A_CLIP))?;
    let too_many = |m| ApiError::composed(Composed::ReelConflict, m);
    let mut ids = clip_ids_of(&results, current)?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    if !ids.contains(&clip) {
        check_clips(&results, found, &reel.analysis_id, std::slice::from_ref(&clip))?;
        let at = body.position.map_or(ids.len(), |p| (p as usize).min(ids.len()));
        ids.insert(at, clip);
        // The reel is full: the clip is fine, the reel cannot take it.
        clips::check_reel_clips(&ids).map_err(too_many)?;
        gate::require_active(gate::is_active(&results, subscribed)?, gate::REQUIRED_FOR_REELS)?;
        add_set_clips(&mut batch, &reel.id, &ids, app.now())?;
    }
    write_and_answer(app, batch, &reel.id, 200).await
}

/// `DELETE /api/v1/reels/{id}/clips/{clipId}`: removes a clip from the reel (not the clip itself).
pub async fn remove_clip(app: &App, user: &SessionUser, reel_id: &str, clip_id: &str) -> ApiResult<Response> {
    let (reel, results, current) = owned_with(app, user, reel_id, |batch| add_clip_ids(batch, reel_id)).await?;
    let mut ids = clip_ids_of(&results, current)?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    if ids.iter().any(|id| id == clip_id) {
        ids.retain(|id| id != clip_id);
        add_set_clips(&mut batch, &reel.id, &ids, app.now())?;
    }
    write_and_answer(app, batch, &reel.id, 200).await
}

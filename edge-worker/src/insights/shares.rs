//! Share links, the owner's side (ADR 0012): create a read-only link to one recording, one clip,
//! one reel or the analysis summary; list the analysis's links with their views; revoke one.
//!
//! The token (256 random bits) is shown once, in the creation answer; D1 keeps only its keyed
//! hash under `SESSION_PEPPER`, with a `share:` prefix so a share token can never be mistaken for
//! a session or participant token even if one were presented as such.

use lupa_api_types::{ShareCreatedResponse, ShareDto, ShareRequest, SharesResponse};
use lupa_core::auth::token;
use lupa_core::clips::{self, ShareKind, BAD_SHARE_KIND, BAD_TARGET};
use lupa_core::team::ActivityKind;
use serde::Deserialize;
use worker::{Request, Response};

use crate::analysis;
use crate::auth::sessions::{self, SessionUser};
use crate::billing::gate;
use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::{json, read_json};
use crate::insights::{playlist, reels};
use crate::participation::entries;
use crate::platform::config::required_secret;
use crate::platform::db::{db, int, new_id, opt_text, text, Batch, Results, Slot};
use crate::App;

const INSERT: &str = "INSERT INTO shares (id, token_hash, owner_id, analysis_id, kind, entry_id, note_id, reel_id, hide_camera, include_notes, captions, created_at, expires_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)";

/// The columns `ShareRow` reads, from a query that names the table `s`: one list for the owner's
/// side and the stranger's (`shared.rs`). A macro, as `concat!` takes only literals.
macro_rules! share_columns {
    () => {
        "s.id, s.kind, s.analysis_id, s.entry_id, s.note_id, s.reel_id, s.hide_camera, s.include_notes, s.captions, s.created_at, \
         s.expires_at, s.revoked_at, s.view_count, s.last_viewed_at"
    };
}
pub(crate) use share_columns;

/// The links as `Listed` reads them, for a `WHERE` to follow.
macro_rules! select_listed {
    () => {
        concat!(
            "SELECT ",
            share_columns!(),
            ", a.workspace_id, a.name AS analysis_name, COALESCE(n.title, substr(n.text, 1, 80)) AS note_title, r.title AS reel_title, \
             s.owner_id AS author_id, ",
            crate::team::author_name_of!("s.owner_id"),
            " AS author_name FROM shares s JOIN analyses a ON a.id = s.analysis_id LEFT JOIN entry_notes n ON n.id = s.note_id LEFT JOIN reels r ON r.id = s.reel_id "
        )
    };
}

const LIST: &str = concat!(select_listed!(), "WHERE s.analysis_id = ?1 ORDER BY s.created_at DESC, s.id");
const ONE: &str = concat!(select_listed!(), "WHERE s.id = ?1");
const REVOKE: &str = "UPDATE shares SET revoked_at = COALESCE(revoked_at, ?2) WHERE id = ?1";

/// A row of `shares` (`share_columns!`).
#[derive(Deserialize)]
pub struct ShareRow {
    pub id: String,
    pub kind: String,
    pub analysis_id: String,
    pub entry_id: Option<String>,
    pub note_id: Option<String>,
    pub reel_id: Option<String>,
    pub hide_camera: i64,
    pub include_notes: i64,
    pub captions: i64,
    pub created_at: i64,
    pub expires_at: i64,
    pub revoked_at: Option<i64>,
    pub view_count: i64,
    pub last_viewed_at: Option<i64>,
}

/// A link as its owner's list shows it: the row, its analysis's owner and what it is titled by.
#[derive(Deserialize)]
struct Listed {
    #[serde(flatten)]
    share: ShareRow,
    /// The workspace of the link's analysis: its members may revoke it (ADR 0019).
    workspace_id: String,
    analysis_name: String,
    note_title: Option<String>,
    reel_title: Option<String>,
    /// Who made the link (`shares.owner_id`, its author; ADR 0019).
    author_id: Option<String>,
    author_name: Option<String>,
}

impl Listed {
    fn dto(self, now: i64) -> ShareDto {
        let share = self.share;
        let author = crate::team::author(self.author_id, self.author_name);
        let target_title = self.note_title.or(self.reel_title).unwrap_or(self.analysis_name);
        ShareDto {
            state: clips::share_state(now, share.expires_at, share.revoked_at).into(),
            targetId: share.note_id.or(share.reel_id).or(share.entry_id),
            id: share.id,
            kind: share.kind,
            targetTitle: target_title,
            hideCamera: share.hide_camera != 0,
            includeNotes: share.include_notes != 0,
            captions: share.captions != 0,
            createdAt: share.created_at,
            expiresAt: share.expires_at,
            revokedAt: share.revoked_at,
            viewCount: share.view_count,
            lastViewedAt: share.last_viewed_at,
            author,
        }
    }
}

/// The stored form of a share token.
pub fn token_hash(app: &App, raw: &str) -> ApiResult<String> {
    let pepper = required_secret(&app.env, "SESSION_PEPPER")?;
    Ok(token::storage_hash(pepper.as_bytes(), &format!("share:{raw}")))
}

fn add_one(batch: &mut Batch<'_>, id: &str) -> ApiResult<Slot> {
    batch.add(ONE, &[text(id)])
}

fn bad(message: &'static str) -> ApiError {
    ApiError::composed(Composed::InvalidShare, message)
}

/// Where a batch put what a link would point at (`add_target`).
enum TargetSlot {
    Summary,
    Recording(Slot),
    Clip(Slot),
    Reel(Slot),
    Invalid,
}

/// Adds reading what the link would point at to a batch, so it comes with the analysis.
fn add_target(batch: &mut Batch<'_>, kind: ShareKind, id: Option<&str>) -> ApiResult<TargetSlot> {
    let id = id.map(str::trim).filter(|i| !i.is_empty());
    Ok(match (kind, id) {
        (ShareKind::Summary, _) => TargetSlot::Summary,
        (ShareKind::Recording, Some(id)) => TargetSlot::Recording(entries::add_find(batch, id)?),
        (ShareKind::Clip, Some(id)) => TargetSlot::Clip(playlist::add_clips(batch, &[id.to_string()])?),
        (ShareKind::Reel, Some(id)) => TargetSlot::Reel(reels::add_find(batch, id)?),
        _ => TargetSlot::Invalid,
    })
}

/// What the link points at: (entry, note, reel), checked to belong to `analysis_id`.
fn target_of(
    results: &Results,
    analysis_id: &str,
    slot: TargetSlot,
) -> ApiResult<(Option<String>, Option<String>, Option<String>)> {
    match slot {
        TargetSlot::Summary => Ok((None, None, None)),
        TargetSlot::Recording(slot) => {
            let entry = results
                .first::<entries::EntryRow>(slot)?
                .filter(|e| e.analysis_id == analysis_id && e.status == "submitted");
            entry.map(|e| (Some(e.id), None, None)).ok_or_else(missing_target)
        }
        TargetSlot::Clip(slot) => {
            let clip = results.all::<playlist::ClipRow>(slot)?.into_iter().find(|c| c.analysis_id == analysis_id);
            clip.map(|c| (Some(c.entry_id), Some(c.id), None)).ok_or_else(missing_target)
        }
        TargetSlot::Reel(slot) => {
            let reel = results.first::<reels::ReelRow>(slot)?.filter(|r| r.analysis_id == analysis_id);
            reel.map(|r| (None, None, Some(r.id))).ok_or_else(missing_target)
        }
        TargetSlot::Invalid => Err(bad(BAD_TARGET)),
    }
}

/// A target this analysis does not have (or not submitted): a well-formed request it cannot take.
fn missing_target() -> ApiError {
    ApiError::from(Fixed::ShareTargetMissing)
}

fn flag(value: Option<bool>) -> wasm_bindgen::JsValue {
    int(i64::from(value.unwrap_or(false)))
}

/// `POST /api/v1/analysis/{id}/shares {kind, targetId?, expiresInDays, hideCamera?, includeNotes?, captions?}`.
/// Three round trips: the session; the analysis with the link's target and its owner's
/// subscription (402 without one); the link stored and read back. The body is read first so the target can join the analysis's batch; its problems are
/// answered only after the ownership check.
pub async fn create(app: &App, user: &SessionUser, req: &mut Request, analysis_id: &str) -> ApiResult<Response> {
    let body: ApiResult<ShareRequest> = read_json(req).await;
    let kind = body.as_ref().ok().and_then(|b| b.kind.as_deref()).and_then(ShareKind::parse);
    let target_id = body.as_ref().ok().and_then(|b| b.targetId.clone());
    let (_, results, (target, subscribed)) = analysis::owned_row_with(app, user, analysis_id, |batch| {
        let target = match kind {
            Some(kind) => Some(add_target(batch, kind, target_id.as_deref())?),
            None => None,
        };
        Ok((target, gate::add_active_for_analysis(batch, analysis_id, app.now())?))
    })
    .await?;
    let body = body?;
    let target = target.ok_or_else(|| bad(BAD_SHARE_KIND))?;
    let now = app.now();
    let expires = clips::share_expiry(now, body.expiresInDays).map_err(bad)?;
    let (entry, note, reel) = target_of(&results, analysis_id, target)?;
    // A lapsed customer's links keep working until they expire, but no new ones (ADR 0012).
    gate::require_active(gate::is_active(&results, subscribed)?, gate::REQUIRED_FOR_SHARES)?;
    let raw = sessions::new_token();
    let id = new_id();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(
        INSERT,
        &[
            text(&id),
            text(&token_hash(app, &raw)?),
            // The author: the link belongs to the workspace and outlives their membership.
            text(&user.user.id),
            text(analysis_id),
            text(kind.map_or("", ShareKind::as_str)),
            opt_text(entry.as_deref()),
            opt_text(note.as_deref()),
            opt_text(reel.as_deref()),
            flag(body.hideCamera),
            flag(body.includeNotes),
            // Captions are a recording's or a clip's (ADR 0018): a reel or summary keeps none.
            flag(body.captions.filter(|_| matches!(kind, Some(ShareKind::Recording | ShareKind::Clip)))),
            int(now),
            int(expires),
        ],
    )?;
    crate::team::activity::add_for_share(&mut batch, user, ActivityKind::ShareCreated, &id, now)?;
    let created = add_one(&mut batch, &id)?;
    let share = batch
        .run()
        .await?
        .first::<Listed>(created)?
        .ok_or_else(|| ApiError::internal("share vanished after insert"))?
        .dto(now);
    let url = format!("{}/s/{raw}", app.config.public_origin);
    json(201, &ShareCreatedResponse { share, token: raw, url })
}

/// `GET /api/v1/analysis/{id}/shares`: every link, newest first, with views and state.
pub async fn list(app: &App, user: &SessionUser, analysis_id: &str) -> ApiResult<Response> {
    let (_, results, rows) =
        analysis::owned_row_with(app, user, analysis_id, |batch| batch.add(LIST, &[text(analysis_id)])).await?;
    let now = app.now();
    json(200, &SharesResponse { shares: results.all::<Listed>(rows)?.into_iter().map(|r| r.dto(now)).collect() })
}

/// `POST /api/v1/shares/{id}/revoke`: the link answers 410 from now on; revoking twice is harmless.
pub async fn revoke(app: &App, user: &SessionUser, share_id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let found = add_one(&mut reads, share_id)?;
    let share = reads.run().await?.first::<Listed>(found)?.ok_or_else(ApiError::not_found)?;
    if !user.may_see_workspace(&share.workspace_id) {
        return Err(ApiError::not_found());
    }
    let now = app.now();
    let mut batch = Batch::new(&database);
    // Before the update: only the first revocation is logged (ADR 0019).
    crate::team::activity::add_for_share(&mut batch, user, ActivityKind::ShareRevoked, share_id, now)?;
    batch.add(REVOKE, &[text(share_id), int(now)])?;
    let revoked = add_one(&mut batch, share_id)?;
    let share = batch.run().await?.first::<Listed>(revoked)?.ok_or_else(ApiError::not_found)?;
    json(200, &share.dto(now))
}

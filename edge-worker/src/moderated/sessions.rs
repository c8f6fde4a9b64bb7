//! The team's side of moderated sessions (ADR 0024): `POST /analysis/{id}/sessions` (a
//! researcher or above; the caller moderates), the analysis's list, one session with the caller's
//! part in it, and deleting one (its moderator, an admin or the owner), which closes its room.
//!
//! The participant's link carries a 256-bit token of which D1 keeps only the keyed hash, so the
//! link is in the creation's answer and in the mail, nowhere else.

use lupa_api_types::{ModeratedSessionsResponse, NewSessionRequest};
use lupa_core::moderated::invitation::{session_invitation, Planned};
use lupa_core::moderated::plan::{plan, PlanError};
use lupa_core::team::TeamRole;
use worker::{console_log, Request, Response};

use super::{moderator_name, not_found, participant_url, session_columns, token_hash, SessionRow};
use crate::auth::sessions::{self as logins, SessionUser};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_json};
use crate::mail::Mailer;
use crate::platform::db::{db, int, new_id, opt_text, text, Batch};
use crate::App;

/// Only for an analysis of the caller's workspace: none is made (and 404 answered) otherwise.
const INSERT: &str = "INSERT INTO moderated_sessions \
     (id, analysis_id, workspace_id, moderator_id, planned_at, participant_email, participant_token_hash, created_at) \
     SELECT ?1, a.id, a.workspace_id, ?4, ?5, ?6, ?7, ?8 FROM analyses a WHERE a.id = ?2 AND a.workspace_id = ?3";
const ANALYSIS_IN_WORKSPACE: &str = "SELECT 1 AS value FROM analyses WHERE id = ?1 AND workspace_id = ?2";
const LIST: &str = concat!(
    "SELECT ",
    session_columns!(),
    " WHERE s.analysis_id = ?1 AND s.workspace_id = ?2 ORDER BY s.created_at DESC, s.id"
);
const FIND: &str = concat!("SELECT ", session_columns!(), " WHERE s.id = ?1 AND s.workspace_id = ?2");
/// Deletes only for its moderator (`?3`) or a manager (`?4` = 1).
const DELETE: &str =
    "DELETE FROM moderated_sessions WHERE id = ?1 AND workspace_id = ?2 AND (moderator_id = ?3 OR ?4 = 1)";
const FORGET_MEMBERS: &str = "DELETE FROM session_room_members WHERE session_id = ?1 \
     AND NOT EXISTS (SELECT 1 FROM moderated_sessions WHERE id = ?1)";

/// `POST /api/v1/analysis/{id}/sessions {plannedAt?, participantEmail?}`: 201 with the session and
/// its participant link; the invitation is mailed after the answer.
pub async fn create(app: &App, user: &SessionUser, req: &mut Request, analysis_id: &str) -> ApiResult<Response> {
    let body: NewSessionRequest = read_json(req).await?;
    let now = app.now();
    let planned = plan(body.plannedAt, body.participantEmail.as_deref(), now).map_err(|err| match err {
        PlanError::PlannedAt => ApiError::from(Fixed::BadPlannedAt),
        PlanError::Email => ApiError::from(Fixed::InvalidEmail),
    })?;
    let workspace = user.workspace_id()?;
    let (id, raw) = (new_id(), logins::new_token());
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let inserted = batch.add(
        INSERT,
        &[
            text(&id),
            text(analysis_id),
            text(workspace),
            text(&user.user.id),
            planned.planned_at.map_or(wasm_bindgen::JsValue::NULL, int),
            opt_text(planned.participant_email.as_deref()),
            text(&token_hash(app, &raw)?),
            int(now),
        ],
    )?;
    if batch.run().await?.changes(inserted)? == 0 {
        return Err(ApiError::from(Fixed::AnalysisNotFound));
    }
    let url = participant_url(app, analysis_id, &raw);
    if let Some(to) = &planned.participant_email {
        mail_after_answer(app, user, &id, to, &url, planned.planned_at);
    }
    let row = SessionRow {
        id,
        analysis_id: analysis_id.to_string(),
        workspace_id: workspace.to_string(),
        moderator_id: user.user.id.clone(),
        moderator_name: moderator_name(user),
        planned_at: planned.planned_at,
        participant_email: planned.participant_email,
        created_at: now,
        ended_at: None,
        entry_id: None,
    };
    let mut dto = row.dto(&user.user.id);
    dto.participantUrl = Some(url);
    json(201, &dto)
}

/// `GET /api/v1/analysis/{id}/sessions`: newest first; 404 for an analysis of another workspace.
pub async fn list(app: &App, user: &SessionUser, analysis_id: &str) -> ApiResult<Response> {
    let workspace = user.workspace_id()?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let analysis = batch.add(ANALYSIS_IN_WORKSPACE, &[text(analysis_id), text(workspace)])?;
    let rows = batch.add(LIST, &[text(analysis_id), text(workspace)])?;
    let results = batch.run().await?;
    if results.first_value::<i64>(analysis)?.is_none() {
        return Err(ApiError::from(Fixed::AnalysisNotFound));
    }
    let sessions = results.all::<SessionRow>(rows)?.into_iter().map(|row| row.dto(&user.user.id)).collect();
    json(200, &ModeratedSessionsResponse { sessions })
}

/// `GET /api/v1/sessions/{id}`: the session with `myRole`.
pub async fn get(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    json(200, &find(app, user, id).await?.dto(&user.user.id))
}

/// A session of the caller's current workspace; 404 `session_not_found` otherwise.
pub async fn find(app: &App, user: &SessionUser, id: &str) -> ApiResult<SessionRow> {
    let workspace = user.workspace_id()?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = batch.add(FIND, &[text(id), text(workspace)])?;
    batch.run().await?.first::<SessionRow>(found)?.ok_or_else(not_found)
}

/// `DELETE /api/v1/sessions/{id}`: 204; 403 for a member who neither moderates it nor manages
/// the team. Its room is told to close every socket before the answer.
pub async fn delete(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let workspace = user.workspace_id()?;
    let manager = user.workspace.as_ref().is_some_and(|m| m.role >= TeamRole::Admin);
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = batch.add(FIND, &[text(id), text(workspace)])?;
    let deleted = batch.add(DELETE, &[text(id), text(workspace), text(&user.user.id), int(i64::from(manager))])?;
    batch.add(FORGET_MEMBERS, &[text(id)])?;
    let results = batch.run().await?;
    if results.first::<SessionRow>(found)?.is_none() {
        return Err(not_found());
    }
    if results.changes(deleted)? == 0 {
        return Err(ApiError::from(Fixed::TeamRoleForbidden));
    }
    super::room::close(app, id).await?;
    Ok(Response::empty()?.with_status(204))
}

/// Mails the participant their link after the answer, with the calendar event when planned (a
/// failure is logged: the moderator has the link in the answer and can send it themselves).
fn mail_after_answer(app: &App, user: &SessionUser, id: &str, to: &str, link: &str, planned_at: Option<i64>) {
    let host = app.config.public_origin.split("://").nth(1).unwrap_or("lupa").to_string();
    let uid = format!("{id}@{host}");
    let planned = planned_at.map(|start_ms| Planned { start_ms, now_ms: app.now(), uid: &uid });
    let mail = session_invitation(to, &moderator_name(user), link, planned);
    let background = app.detached();
    app.wait_until(async move {
        if let Err(err) = Mailer::from_env(&background).send(&background, &mail).await {
            console_log!("{}", serde_json::json!({"level": "error", "msg": "session invitation mail", "source": err.source.unwrap_or(err.message)}));
        }
    });
}

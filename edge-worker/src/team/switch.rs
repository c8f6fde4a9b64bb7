//! The account's workspaces (ADR 0019): the list the header's switcher shows, switching the one
//! the account acts in (`users.workspace_id`, which product §7's routes read), and leaving one. Each
//! checks membership in its own statement, so a removed member can neither switch back in nor
//! leave what they are no longer in.

use lupa_api_types::{MessageResponse, WorkspaceDto, WorkspacesResponse};
use lupa_core::team::ActivityKind;
use serde::Deserialize;
use worker::Response;

use super::{activity_args, stored_role};
use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::json;
use crate::platform::db::{db, stmt, text, Batch, Busy};
use crate::App;

/// The current one first, then by name.
const MINE: &str = "SELECT w.id, w.name, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id \
     WHERE m.user_id = ?1 ORDER BY w.id = ?2 DESC, w.name COLLATE NOCASE, w.id";
const SWITCH: &str = "UPDATE users SET workspace_id = ?2 WHERE id = ?1 \
     AND EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?2 AND user_id = ?1)";
const ONE: &str = "SELECT w.id, w.name, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id \
     WHERE m.user_id = ?1 AND m.workspace_id = ?2";
const ROLE_IN: &str = "SELECT role AS value FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?2";
const ACTIVITY_LEFT: &str =
    "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) \
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 \
     WHERE EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?2 AND user_id = ?3 AND role <> 'owner')";
/// Leaving the current workspace makes the personal one current (or, when the account no longer
/// has one, the workspace it joined first).
const FALL_BACK: &str = "UPDATE users SET workspace_id = (SELECT workspace_id FROM workspace_members WHERE user_id = ?2 \
     ORDER BY workspace_id = 'w' || ?2 DESC, joined_at LIMIT 1) \
     WHERE id = ?2 AND workspace_id = ?1 AND NOT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?2)";

const LEFT: &str = "Has abandonado el equipo";

#[derive(Deserialize)]
struct WorkspaceRow {
    id: String,
    name: String,
    role: String,
}

impl WorkspaceRow {
    fn dto(self) -> ApiResult<WorkspaceDto> {
        Ok(WorkspaceDto { id: self.id, name: self.name, role: stored_role(&self.role)? })
    }
}

fn not_a_member() -> ApiError {
    ApiError::from(Fixed::NotAMember)
}

/// `GET /api/v1/workspaces`.
pub async fn list(app: &App, user: &SessionUser) -> ApiResult<Response> {
    let current = user.workspace.as_ref().map(|m| m.id.clone());
    let rows = stmt(&db(app)?, MINE, &[text(&user.user.id), text(current.as_deref().unwrap_or(""))])?
        .all_busy()
        .await
        .map_err(crate::platform::db::failed(MINE))?
        .results::<WorkspaceRow>()
        .map_err(crate::platform::db::failed(MINE))?;
    let workspaces = rows.into_iter().map(WorkspaceRow::dto).collect::<ApiResult<_>>()?;
    json(200, &WorkspacesResponse { workspaces, current })
}

/// `POST /api/v1/workspaces/{id}/switch`: 404 unless the account is a member.
pub async fn switch(app: &App, user: &SessionUser, workspace_id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let args = [text(&user.user.id), text(workspace_id)];
    batch.add(SWITCH, &args)?;
    let row = batch.add(ONE, &args)?;
    let row = batch.run().await?.first::<WorkspaceRow>(row)?.ok_or_else(not_a_member)?;
    json(200, &row.dto()?)
}

/// `POST /api/v1/workspaces/{id}/leave`: any member but the owner.
pub async fn leave(app: &App, user: &SessionUser, workspace_id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    let now = app.now();
    let me = user.user.id.as_str();
    let mut batch = Batch::new(&database);
    let role = batch.add(ROLE_IN, &[text(workspace_id), text(me)])?;
    let subject = user.user.email.clone();
    batch.add(ACTIVITY_LEFT, &activity_args(workspace_id, user, ActivityKind::MemberLeft, me, &subject, now))?;
    let removed = batch.add(super::members::REMOVE, &[text(workspace_id), text(me)])?;
    batch.add(FALL_BACK, &[text(workspace_id), text(me)])?;
    let results = batch.run().await?;
    if results.changes(removed)? == 0 {
        return Err(match results.first_value::<String>(role)? {
            Some(_) => ApiError::from(Fixed::OwnerCannotLeave),
            None => not_a_member(),
        });
    }
    crate::ledger::recheck_viewers(app, crate::ledger::Viewers::User(me));
    crate::billing::seats::sync_after_answer(app, workspace_id);
    json(200, &MessageResponse { message: LEFT.into() })
}

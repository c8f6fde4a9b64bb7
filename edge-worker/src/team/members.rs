//! The 'Equipo' page's members (ADR 0019): who is on the current workspace's team (every member
//! sees it; pending invitations only admins and the owner), changing a member's role and removing
//! a member (admins and the owner). The owner is never demoted or removed here: passing ownership
//! on is the owner's own step. A removed member's access ends at once: their next request is 404
//! 'Ya no tienes acceso a este equipo' and their live views are checked again now.

use lupa_api_types::{MemberDto, MemberUpdateRequest, MessageResponse, TeamResponse};
use lupa_core::team::{ActivityKind, Need};
use serde::Deserialize;
use worker::{Request, Response};

use super::invitations::PendingRow;
use super::{activity_args, grantable, stored_role};
use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_json};
use crate::platform::db::{db, text, Batch};
use crate::App;

const MEMBERS: &str = "SELECT m.user_id, u.name, u.email, m.role, m.joined_at \
     FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ?1 \
     ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'researcher' THEN 2 ELSE 3 END, m.joined_at, u.email";
pub(super) const MEMBER: &str = "SELECT m.user_id, u.name, u.email, m.role, m.joined_at \
     FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ?1 AND m.user_id = ?2";
const INVITATIONS: &str = "SELECT i.id, i.email, i.role, i.created_at, i.expires_at, \
     COALESCE(NULLIF(trim(u.name), ''), u.email) AS invited_by \
     FROM workspace_invitations i LEFT JOIN users u ON u.id = i.invited_by \
     WHERE i.workspace_id = ?1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL ORDER BY i.created_at DESC, i.id";
/// Before the change, so it sees the old role: the subject reads 'Ana (observer → researcher)'.
/// ?9: the new role.
const ACTIVITY_ROLE: &str = "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) \
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, COALESCE(NULLIF(trim(u.name), ''), u.email) || ' (' || m.role || ' → ' || ?9 || ')', ?8 \
     FROM workspace_members m JOIN users u ON u.id = m.user_id \
     WHERE m.workspace_id = ?2 AND m.user_id = ?6 AND m.role NOT IN ('owner', ?9)";
const SET_ROLE: &str =
    "UPDATE workspace_members SET role = ?3 WHERE workspace_id = ?1 AND user_id = ?2 AND role <> 'owner'";
/// Before the removal, while the member is there to be named.
const ACTIVITY_REMOVED: &str =
    "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) \
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, COALESCE(NULLIF(trim(u.name), ''), u.email), ?8 \
     FROM workspace_members m JOIN users u ON u.id = m.user_id \
     WHERE m.workspace_id = ?2 AND m.user_id = ?6 AND m.role <> 'owner'";
pub(super) const REMOVE: &str =
    "DELETE FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?2 AND role <> 'owner'";

const REMOVED: &str = "Miembro eliminado del equipo";

#[derive(Deserialize)]
pub(super) struct MemberRow {
    user_id: String,
    name: Option<String>,
    email: String,
    role: String,
    joined_at: i64,
}

impl MemberRow {
    pub(super) fn dto(self) -> ApiResult<MemberDto> {
        Ok(MemberDto {
            userId: self.user_id,
            name: self.name,
            email: self.email,
            role: stored_role(&self.role)?,
            joinedAt: self.joined_at,
        })
    }
}

/// `GET /api/v1/team`.
pub async fn list(app: &App, user: &SessionUser) -> ApiResult<Response> {
    user.workspace_id()?;
    let Some(workspace) = user.workspace.as_ref() else {
        return Err(ApiError::not_found());
    };
    let manages = workspace.role.allows(Need::Manage);
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let members = batch.add(MEMBERS, &[text(&workspace.id)])?;
    let invitations = if manages { Some(batch.add(INVITATIONS, &[text(&workspace.id)])?) } else { None };
    let results = batch.run().await?;
    let now = app.now();
    let members = results.all::<MemberRow>(members)?.into_iter().map(MemberRow::dto).collect::<ApiResult<_>>()?;
    let invitations = match invitations {
        Some(slot) => results.all::<PendingRow>(slot)?.iter().map(|row| row.dto(now)).collect::<ApiResult<_>>()?,
        None => Vec::new(),
    };
    json(200, &TeamResponse { workspace: workspace.dto(), members, invitations })
}

/// `PATCH /api/v1/team/members/{id} {role}`.
pub async fn update(app: &App, user: &SessionUser, req: &mut Request, member_id: &str) -> ApiResult<Response> {
    let body: MemberUpdateRequest = read_json(req).await?;
    let role = grantable(body.role.as_deref())?;
    let workspace = user.workspace_id()?;
    let database = db(app)?;
    let now = app.now();
    let mut batch = Batch::new(&database);
    let mut args = activity_args(workspace, user, ActivityKind::RoleChanged, member_id, "", now);
    args.push(text(role.as_str()));
    batch.add(ACTIVITY_ROLE, &args)?;
    batch.add(SET_ROLE, &[text(workspace), text(member_id), text(role.as_str())])?;
    let after = batch.add(MEMBER, &[text(workspace), text(member_id)])?;
    let row = batch.run().await?.first::<MemberRow>(after)?.ok_or_else(not_member)?;
    if row.role == "owner" {
        return Err(owner_protected());
    }
    // An observer takes no seat: a role change may move the count either way.
    crate::billing::seats::sync_after_answer(app, workspace);
    json(200, &row.dto()?)
}

/// `DELETE /api/v1/team/members/{id}`: their sessions stay (their own workspaces are theirs), but
/// this workspace's data is 404 for them from the next request on, and their live views close.
pub async fn remove(app: &App, user: &SessionUser, member_id: &str) -> ApiResult<Response> {
    let workspace = user.workspace_id()?;
    let database = db(app)?;
    let now = app.now();
    let mut batch = Batch::new(&database);
    batch.add(ACTIVITY_REMOVED, &activity_args(workspace, user, ActivityKind::MemberRemoved, member_id, "", now))?;
    let removed = batch.add(REMOVE, &[text(workspace), text(member_id)])?;
    let left = batch.add(MEMBER, &[text(workspace), text(member_id)])?;
    let results = batch.run().await?;
    if results.changes(removed)? == 0 {
        return Err(match results.first::<MemberRow>(left)? {
            Some(_) => owner_protected(),
            None => not_member(),
        });
    }
    crate::ledger::recheck_viewers(app, crate::ledger::Viewers::User(member_id));
    crate::billing::seats::sync_after_answer(app, workspace);
    json(200, &MessageResponse { message: REMOVED.into() })
}

pub(super) fn not_member() -> ApiError {
    ApiError::from(Fixed::MemberNotFound)
}

fn owner_protected() -> ApiError {
    ApiError::from(Fixed::OwnerProtected)
}

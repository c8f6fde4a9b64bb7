//! Passing ownership on (ADR 0019): the owner makes another member the owner and becomes an
//! admin. One batch, one transaction: the activity row, the owner stepping down only while the new
//! owner is a member, the member stepping up only once there is no owner, the new owner read back.
//! The partial unique index (one owner per workspace) holds throughout, so a workspace never has
//! two owners and, since stepping down needs the member to step up in the same transaction, never
//! none. A race with the member's removal or another transfer leaves everything as it was.

use lupa_api_types::OwnershipRequest;
use lupa_core::team::ActivityKind;
use worker::{Request, Response};

use super::activity_args;
use super::members::{not_member, MemberRow, MEMBER};
use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_json};
use crate::platform::db::{db, text, Batch};
use crate::App;

/// While the caller owns the workspace and the new owner is another member of it.
const ACTIVITY: &str =
    "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) \
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, COALESCE(NULLIF(trim(u.name), ''), u.email), ?8 \
     FROM workspace_members m JOIN users u ON u.id = m.user_id \
     WHERE m.workspace_id = ?2 AND m.user_id = ?6 AND m.role <> 'owner' \
     AND EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?2 AND user_id = ?3 AND role = 'owner')";
/// `?2`: the owner, `?3`: the new owner.
const STEP_DOWN: &str =
    "UPDATE workspace_members SET role = 'admin' WHERE workspace_id = ?1 AND user_id = ?2 AND role = 'owner' \
     AND EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?3 AND role <> 'owner')";
const STEP_UP: &str = "UPDATE workspace_members SET role = 'owner' WHERE workspace_id = ?1 AND user_id = ?3 \
     AND NOT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?1 AND role = 'owner')";

/// `POST /api/v1/team/owner {userId}` (the owner only, `Need::Own`).
pub async fn transfer(app: &App, user: &SessionUser, req: &mut Request) -> ApiResult<Response> {
    let body: OwnershipRequest = read_json(req).await?;
    let new_owner = body.userId.map(|id| id.trim().to_string()).filter(|id| !id.is_empty());
    let new_owner = new_owner.ok_or_else(|| ApiError::from(Fixed::MissingNewOwner))?;
    if new_owner == user.user.id {
        return Err(ApiError::from(Fixed::AlreadyOwner));
    }
    let workspace = user.workspace_id()?;
    let database = db(app)?;
    let now = app.now();
    let me = user.user.id.as_str();
    let mut batch = Batch::new(&database);
    batch.add(ACTIVITY, &activity_args(workspace, user, ActivityKind::OwnershipTransferred, &new_owner, "", now))?;
    batch.add(STEP_DOWN, &[text(workspace), text(me), text(&new_owner)])?;
    let stepped_up = batch.add(STEP_UP, &[text(workspace), text(me), text(&new_owner)])?;
    let after = batch.add(MEMBER, &[text(workspace), text(&new_owner)])?;
    let results = batch.run().await?;
    let row = results.first::<MemberRow>(after)?.ok_or_else(not_member)?;
    if results.changes(stepped_up)? == 0 {
        // The caller was no longer the owner (another transfer won the race).
        return Err(ApiError::from(Fixed::TeamRoleForbidden));
    }
    // An observer made owner now takes a seat.
    crate::billing::seats::sync_after_answer(app, workspace);
    json(200, &row.dto()?)
}

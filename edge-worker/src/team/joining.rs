//! Invitations, the invitee's side (ADR 0019): what a link shows (public, so someone without an
//! account sees who invites them before registering) and joining with it. Only an account with
//! the invited e-mail joins; the link works once, for 7 days; the team becomes the account's
//! current workspace.

use lupa_api_types::{InvitationViewResponse, WorkspaceDto};
use lupa_core::auth::token;
use lupa_core::team::{invitation_state, ActivityKind, InvitationState};
use serde::Deserialize;
use worker::Response;

use super::{actor_name, invitations::token_hash, stored_role};
use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::json;
use crate::platform::db::{db, int, new_id, stmt, text, Batch, Busy};
use crate::App;

const STATE: &str = "SELECT i.email, i.email_normalized, i.role, i.expires_at, i.accepted_at, i.revoked_at, \
     w.name AS workspace_name, COALESCE(NULLIF(trim(u.name), ''), u.email) AS invited_by \
     FROM workspace_invitations i JOIN workspaces w ON w.id = i.workspace_id LEFT JOIN users u ON u.id = i.invited_by \
     WHERE i.token_hash = ?1";
/// Of two uses racing, one claims it; only the invited address may.
const CLAIM: &str = "UPDATE workspace_invitations SET accepted_at = ?2, accepted_by = ?3 \
     WHERE token_hash = ?1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?2 AND email_normalized = ?4";
/// The statements after the claim act only when this batch claimed it (`accepted_by`/`_at` are
/// this account's and this moment's). A member already keeps their role.
const JOIN: &str = "INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) \
     SELECT workspace_id, ?2, role, ?3 FROM workspace_invitations WHERE token_hash = ?1 AND accepted_by = ?2 AND accepted_at = ?3 \
     ON CONFLICT (workspace_id, user_id) DO NOTHING";
const MAKE_CURRENT: &str = "UPDATE users SET workspace_id = \
     (SELECT workspace_id FROM workspace_invitations WHERE token_hash = ?1 AND accepted_by = ?2 AND accepted_at = ?3) \
     WHERE id = ?2 AND EXISTS (SELECT 1 FROM workspace_invitations WHERE token_hash = ?1 AND accepted_by = ?2 AND accepted_at = ?3)";
const ACTIVITY: &str =
    "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) \
     SELECT ?1, i.workspace_id, ?3, ?4, ?5, i.id, ?6, ?7 FROM workspace_invitations i \
     WHERE i.token_hash = ?2 AND i.accepted_by = ?3 AND i.accepted_at = ?7";
const JOINED: &str = "SELECT w.id, w.name, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id \
     WHERE m.user_id = ?2 AND m.workspace_id = \
     (SELECT workspace_id FROM workspace_invitations WHERE token_hash = ?1 AND accepted_by = ?2 AND accepted_at = ?3)";

#[derive(Deserialize)]
struct StateRow {
    email: String,
    email_normalized: String,
    role: String,
    expires_at: i64,
    accepted_at: Option<i64>,
    revoked_at: Option<i64>,
    workspace_name: String,
    invited_by: Option<String>,
}

impl StateRow {
    fn usable(&self, now: i64) -> bool {
        invitation_state(self.accepted_at, self.revoked_at, self.expires_at, now) == InvitationState::Pending
    }
}

#[derive(Deserialize)]
struct JoinedRow {
    id: String,
    name: String,
    role: String,
}

/// Every link that cannot be used, unknown, malformed, used, revoked or expired alike: 404, the
/// answer a client reads as "not there", one for all so it tells nobody which tokens were ever
/// links (ADR 0020, as a share link's).
fn invalid() -> ApiError {
    ApiError::from(Fixed::InvitationInvalid)
}

fn hash_of(app: &App, raw: &str) -> ApiResult<String> {
    if !token::is_well_formed(raw) {
        return Err(invalid());
    }
    token_hash(app, raw)
}

/// `GET /api/v1/invitations/{token}`: 404 once used, revoked or expired.
pub async fn view(app: &App, raw: &str) -> ApiResult<Response> {
    let hash = hash_of(app, raw)?;
    let row = stmt(&db(app)?, STATE, &[text(&hash)])?
        .first_busy::<StateRow>(None)
        .await
        .map_err(crate::platform::db::failed(STATE))?
        .filter(|row| row.usable(app.now()))
        .ok_or_else(invalid)?;
    json(
        200,
        &InvitationViewResponse {
            workspaceName: row.workspace_name,
            invitedBy: row.invited_by,
            email: row.email,
            role: stored_role(&row.role)?,
            expiresAt: row.expires_at,
        },
    )
}

/// `POST /api/v1/invitations/{token}/accept`: one batch reads the invitation, claims it, adds the
/// member, makes the team current and logs it; 403 for another account's e-mail, 404 when unusable.
pub async fn accept(app: &App, user: &SessionUser, raw: &str) -> ApiResult<Response> {
    let hash = hash_of(app, raw)?;
    let database = db(app)?;
    let now = app.now();
    let me = user.user.id.as_str();
    let own_email = lupa_core::auth::email::normalize(&user.user.email);
    let mut batch = Batch::new(&database);
    let state = batch.add(STATE, &[text(&hash)])?;
    let claim = batch.add(CLAIM, &[text(&hash), int(now), text(me), text(&own_email)])?;
    let after = [text(&hash), text(me), int(now)];
    batch.add(JOIN, &after)?;
    batch.add(MAKE_CURRENT, &after)?;
    batch.add(
        ACTIVITY,
        &[
            text(&new_id()),
            text(&hash),
            text(me),
            text(&actor_name(user)),
            text(ActivityKind::InvitationAccepted.as_str()),
            text(&user.user.email),
            int(now),
        ],
    )?;
    let joined = batch.add(JOINED, &after)?;
    let results = batch.run().await?;
    if results.changes(claim)? == 0 {
        return Err(match results.first::<StateRow>(state)? {
            Some(row) if row.usable(now) && row.email_normalized != own_email => {
                ApiError::from(Fixed::InvitationWrongAccount)
            }
            _ => invalid(),
        });
    }
    let row =
        results.first::<JoinedRow>(joined)?.ok_or_else(|| ApiError::internal("joined workspace not read back"))?;
    crate::billing::seats::sync_after_answer(app, &row.id);
    json(200, &WorkspaceDto { id: row.id, name: row.name, role: stored_role(&row.role)? })
}

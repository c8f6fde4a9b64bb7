//! Invitations, the manager's side (ADR 0019): invite an e-mail with a role, send a pending
//! invitation again, revoke one. Admins and the owner only (`Need::Manage`, checked by the router).
//!
//! The link's token is 256 random bits kept only as a keyed hash (the session pepper, with an
//! `invite:` prefix so it can never pass for another kind of token); it works once, for 7 days.
//! One pending invitation per e-mail and workspace: inviting again replaces the old link. Sending
//! (and sending again) counts against the workspace's limit, as each one mails a stranger.

use lupa_api_types::{InvitationDto, InvitationRequest, MessageResponse};
use lupa_core::auth::{email, rate_limit};
use lupa_core::team::{ActivityKind, TeamRole, INVITATION_TTL_MS};
use serde::Deserialize;
use worker::{console_log, Request, Response};

use super::{activity_args, actor_name, grantable, role_name, stored_role};
use crate::auth::rate;
use crate::auth::sessions::{self, SessionUser};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_json};
use crate::mail::Mailer;
use crate::platform::db::{db, int, new_id, text, Batch};
use crate::App;

const MEMBER_WITH_EMAIL: &str = "SELECT m.user_id AS value FROM workspace_members m JOIN users u ON u.id = m.user_id \
     WHERE m.workspace_id = ?1 AND u.email_normalized = ?2";
/// Inviting an address again replaces its pending invitation (the old link stops working).
const REPLACE_PENDING: &str = "UPDATE workspace_invitations SET revoked_at = ?3 \
     WHERE workspace_id = ?1 AND email_normalized = ?2 AND accepted_at IS NULL AND revoked_at IS NULL";
const INSERT: &str = "INSERT INTO workspace_invitations \
     (id, workspace_id, email, email_normalized, role, token_hash, invited_by, created_at, expires_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";
const ACTIVITY: &str =
    "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";
const PENDING: &str = "SELECT i.id, i.email, i.role, i.created_at, i.expires_at, \
     COALESCE(NULLIF(trim(u.name), ''), u.email) AS invited_by \
     FROM workspace_invitations i LEFT JOIN users u ON u.id = i.invited_by \
     WHERE i.id = ?1 AND i.workspace_id = ?2 AND i.accepted_at IS NULL AND i.revoked_at IS NULL";
const NEW_LINK: &str = "UPDATE workspace_invitations SET token_hash = ?3, expires_at = ?4 \
     WHERE id = ?1 AND workspace_id = ?2 AND accepted_at IS NULL AND revoked_at IS NULL";
/// The activity row of a resend, only when this batch's new link is the invitation's.
const ACTIVITY_RESENT: &str = "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) \
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE EXISTS (SELECT 1 FROM workspace_invitations WHERE id = ?6 AND token_hash = ?9)";
/// The activity row of a revocation, only while the invitation is pending (before the update).
const ACTIVITY_REVOKED: &str =
    "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) \
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, i.email, ?8 FROM workspace_invitations i \
     WHERE i.id = ?6 AND i.workspace_id = ?2 AND i.accepted_at IS NULL AND i.revoked_at IS NULL";
const REVOKE: &str = "UPDATE workspace_invitations SET revoked_at = ?3 \
     WHERE id = ?1 AND workspace_id = ?2 AND accepted_at IS NULL AND revoked_at IS NULL";

const REVOKED: &str = "Invitación revocada";

/// A pending invitation as `PENDING` reads it.
#[derive(Deserialize)]
pub(crate) struct PendingRow {
    pub id: String,
    pub email: String,
    pub role: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub invited_by: Option<String>,
}

impl PendingRow {
    pub fn dto(&self, now: i64) -> ApiResult<InvitationDto> {
        Ok(InvitationDto {
            id: self.id.clone(),
            email: self.email.clone(),
            role: stored_role(&self.role)?,
            invitedBy: self.invited_by.clone(),
            createdAt: self.created_at,
            expiresAt: self.expires_at,
            expired: self.expires_at <= now,
        })
    }
}

/// The storage hash of an invitation token.
pub(crate) fn token_hash(app: &App, raw: &str) -> ApiResult<String> {
    sessions::hash_token(app, &format!("invite:{raw}"))
}

/// `POST /api/v1/team/invitations {email, role}`.
pub async fn create(app: &App, user: &SessionUser, req: &mut Request) -> ApiResult<Response> {
    let body: InvitationRequest = read_json(req).await?;
    // Its length counts as sent, as the OpenAPI document's `maxLength` does (ADR 0020).
    let sent = body.email.unwrap_or_default();
    if !email::is_valid(&sent) {
        return Err(ApiError::from(Fixed::InvalidEmail));
    }
    let address = sent.trim().to_string();
    let role = grantable(body.role.as_deref())?;
    let workspace = user.workspace_id()?;
    let normalized = email::normalize(&address);
    let database = db(app)?;
    let now = app.now();
    let mut checks = Batch::new(&database);
    let counted = rate::add_hit(&mut checks, rate_limit::INVITE_PER_WORKSPACE, workspace, now)?;
    let member = checks.add(MEMBER_WITH_EMAIL, &[text(workspace), text(&normalized)])?;
    let results = checks.run().await?;
    rate::check(&results, counted)?;
    if results.first_value::<String>(member)?.is_some() {
        return Err(ApiError::from(Fixed::AlreadyMember));
    }
    let (id, raw) = (new_id(), sessions::new_token());
    let expires = now + INVITATION_TTL_MS;
    let mut write = Batch::new(&database);
    write.add(REPLACE_PENDING, &[text(workspace), text(&normalized), int(now)])?;
    write.add(
        INSERT,
        &[
            text(&id),
            text(workspace),
            text(&address),
            text(&normalized),
            text(role.as_str()),
            text(&token_hash(app, &raw)?),
            text(&user.user.id),
            int(now),
            int(expires),
        ],
    )?;
    write.add(ACTIVITY, &activity_args(workspace, user, ActivityKind::InvitationSent, &id, &address, now))?;
    write.run().await?;
    send_after_answer(app, user, &address, role, raw);
    let dto = InvitationDto {
        id,
        email: address,
        role: role_name(role),
        invitedBy: Some(actor_name(user)),
        createdAt: now,
        expiresAt: expires,
        expired: false,
    };
    json(201, &dto)
}

/// `POST /api/v1/team/invitations/{id}/resend`: a new link, valid 7 days from now; the old one
/// stops working.
pub async fn resend(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let workspace = user.workspace_id()?;
    let database = db(app)?;
    let now = app.now();
    let mut checks = Batch::new(&database);
    let counted = rate::add_hit(&mut checks, rate_limit::INVITE_PER_WORKSPACE, workspace, now)?;
    let pending = checks.add(PENDING, &[text(id), text(workspace)])?;
    let results = checks.run().await?;
    rate::check(&results, counted)?;
    let mut row = results.first::<PendingRow>(pending)?.ok_or_else(not_found)?;
    let role = TeamRole::parse(&row.role).ok_or_else(|| ApiError::internal("stored invitation role"))?;
    let raw = sessions::new_token();
    let hash = token_hash(app, &raw)?;
    row.expires_at = now + INVITATION_TTL_MS;
    let mut write = Batch::new(&database);
    let updated = write.add(NEW_LINK, &[text(id), text(workspace), text(&hash), int(row.expires_at)])?;
    let mut args = activity_args(workspace, user, ActivityKind::InvitationResent, id, &row.email, now);
    args.push(text(&hash));
    write.add(ACTIVITY_RESENT, &args)?;
    if write.run().await?.changes(updated)? == 0 {
        return Err(not_found());
    }
    send_after_answer(app, user, &row.email, role, raw);
    json(200, &row.dto(now)?)
}

/// `POST /api/v1/team/invitations/{id}/revoke`.
pub async fn revoke(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let workspace = user.workspace_id()?;
    let database = db(app)?;
    let now = app.now();
    let mut batch = Batch::new(&database);
    batch.add(ACTIVITY_REVOKED, &activity_args(workspace, user, ActivityKind::InvitationRevoked, id, "", now))?;
    let revoked = batch.add(REVOKE, &[text(id), text(workspace), int(now)])?;
    if batch.run().await?.changes(revoked)? == 0 {
        return Err(not_found());
    }
    json(200, &MessageResponse { message: REVOKED.into() })
}

fn not_found() -> ApiError {
    ApiError::from(Fixed::InvitationNotFound)
}

/// Mails the link after the answer (a failure is logged; 'Reenviar' sends it again).
fn send_after_answer(app: &App, user: &SessionUser, to: &str, role: TeamRole, raw: String) {
    let workspace = user.workspace.as_ref().map(|m| m.name.clone()).unwrap_or_default();
    let link = format!("{}/invite/{raw}", app.config.public_origin);
    let mail = lupa_core::mail::team_invitation(
        to,
        &actor_name(user),
        &workspace,
        role.label_es(),
        &link,
        INVITATION_TTL_MS / 86_400_000,
    );
    let background = app.detached();
    app.wait_until(async move {
        if let Err(err) = Mailer::from_env(&background).send(&background, &mail).await {
            console_log!("{}", serde_json::json!({"level": "error", "msg": "invitation mail", "source": err.source.unwrap_or(err.message)}));
        }
    });
}

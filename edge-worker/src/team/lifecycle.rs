//! Making and deleting a team (ADR 0019). Every account has its personal workspace; `POST
//! /workspaces` makes another, owned by the caller, which becomes current. Deleting one is its
//! owner's, with the name typed to confirm, never a personal workspace (the account's deletion
//! does that): the subscription is ended with the provider first (nothing is deleted while it
//! would go on charging), then one batch deletes the analyses with their media exactly as
//! deleting an analysis does (`purge::Scope::Workspace`, `cleanup::Scope::Workspace`, the R2
//! queue), moves every member whose current workspace it was to their personal one (or the
//! workspace they joined first), and deletes the workspace, whose members, invitations, activity
//! and billing rows go with it. Members' live views are checked again at once, and close.

use lupa_api_types::{MessageResponse, WorkspaceCreateRequest, WorkspaceDeleteRequest, WorkspaceDto};
use lupa_core::team::{confirms_deletion, personal_workspace_id, workspace_name, TeamRole};
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::auth::sessions::SessionUser;
use crate::billing::provider::Provider;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_json};
use crate::participation::purge::{self, Scope};
use crate::platform::db::{db, int, new_id, text, Batch};
use crate::App;

// D1 wants exactly as many bind values as the highest `?N`: each statement binds its own.
const CREATE: &str = "INSERT INTO workspaces (id, name, created_at) VALUES (?1, ?2, ?3)";
const CREATE_OWNER: &str =
    "INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES (?1, ?2, 'owner', ?3)";
const MAKE_CURRENT: &str = "UPDATE users SET workspace_id = ?1 WHERE id = ?2";

/// The workspace with the caller's role in it (`None` when not a member).
const FIND: &str = "SELECT w.name, m.role FROM workspaces w \
     LEFT JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = ?2 WHERE w.id = ?1";
/// The provider's subscriptions that may still charge.
const LIVE_SUBSCRIPTIONS: &str = "SELECT id AS value FROM subscriptions WHERE workspace_id = ?1 \
     AND status NOT IN ('canceled', 'incomplete_expired')";
const MEMBERS: &str = "SELECT user_id AS value FROM workspace_members WHERE workspace_id = ?1";

const QUEUE_R2: &str = "INSERT INTO r2_deletions (prefix, created_at) SELECT 'analyses/' || id || '/', ?2 FROM analyses WHERE workspace_id = ?1 \
     ON CONFLICT (prefix) DO NOTHING";
/// After the purge and insights statements, `?1` the workspace.
const DELETE: &[&str] = &[
    "DELETE FROM analysis_entries WHERE analysis_id IN (SELECT id FROM analyses WHERE workspace_id = ?1)",
    "DELETE FROM analysis_tasks WHERE analysis_id IN (SELECT id FROM analyses WHERE workspace_id = ?1)",
    "DELETE FROM analyses WHERE workspace_id = ?1",
    // Members acting in it fall back to their personal workspace, or the one they joined first.
    "UPDATE users SET workspace_id = (SELECT m.workspace_id FROM workspace_members m WHERE m.user_id = users.id \
     AND m.workspace_id <> ?1 ORDER BY m.workspace_id = 'w' || users.id DESC, m.joined_at LIMIT 1) WHERE workspace_id = ?1",
    "DELETE FROM workspaces WHERE id = ?1",
];

const DELETED: &str = "Equipo eliminado";

#[derive(Deserialize)]
struct Found {
    name: String,
    role: Option<String>,
}

/// `POST /api/v1/workspaces {name}`: one batch; 201 with the new workspace, now current.
pub async fn create(app: &App, user: &SessionUser, req: &mut Request) -> ApiResult<Response> {
    let body: WorkspaceCreateRequest = read_json(req).await?;
    let name =
        body.name.as_deref().and_then(workspace_name).ok_or_else(|| ApiError::from(Fixed::InvalidWorkspaceName))?;
    let id = new_id();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(CREATE, &[text(&id), text(&name), int(app.now())])?;
    batch.add(CREATE_OWNER, &[text(&id), text(&user.user.id), int(app.now())])?;
    batch.add(MAKE_CURRENT, &[text(&id), text(&user.user.id)])?;
    batch.run().await?;
    json(201, &WorkspaceDto { id, name, role: lupa_api_types::TeamRoleName::Owner })
}

/// Adds deleting workspace `id` with everything it owns to a batch (this route, and an account's
/// deletion for the workspaces it owns). The R2 queue is read and carried out by
/// `purge::delete_and_drain`, which runs the batch.
pub fn add_delete_workspace(batch: &mut Batch<'_>, database: &D1Database, id: &str, now: i64) -> ApiResult<()> {
    batch.add(QUEUE_R2, &[text(id), int(now)])?;
    for statement in purge::statements(database, Scope::Workspace, id, now)? {
        batch.add_prepared(statement, "DELETE segments of a workspace");
    }
    let insights = crate::insights::cleanup::Scope::Workspace;
    for statement in crate::insights::cleanup::statements(database, insights, id)? {
        batch.add_prepared(statement, "DELETE insights of a workspace");
    }
    for sql in DELETE {
        batch.add(sql, &[text(id)])?;
    }
    Ok(())
}

/// `POST /api/v1/workspaces/{id}/delete {name}`: the owner, the name typed; not a personal one.
pub async fn delete(app: &App, user: &SessionUser, req: &mut Request, id: &str) -> ApiResult<Response> {
    let body: WorkspaceDeleteRequest = read_json(req).await?;
    // No name at all is a malformed request (400); a name that isn't the team's is 409 below.
    let typed = body.name.ok_or_else(|| ApiError::from(Fixed::MissingWorkspaceName))?;
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let found = reads.add(FIND, &[text(id), text(&user.user.id)])?;
    let live = reads.add(LIVE_SUBSCRIPTIONS, &[text(id)])?;
    let members = reads.add(MEMBERS, &[text(id)])?;
    let rooms = reads.add(crate::moderated::room::ROOMS_OF_WORKSPACE, &[text(id)])?;
    let results = reads.run().await?;
    let found = results.first::<Found>(found)?;
    let Some(Found { name, role: Some(role) }) = found else {
        return Err(ApiError::from(Fixed::NotAMember));
    };
    if TeamRole::parse(&role) != Some(TeamRole::Owner) {
        return Err(ApiError::from(Fixed::OnlyOwner));
    }
    if id == personal_workspace_id(&user.user.id) {
        return Err(ApiError::from(Fixed::PersonalWorkspace));
    }
    if !confirms_deletion(&typed, &name) {
        // Well formed, but not this team's name: the state of the object decides (ADR 0020).
        return Err(ApiError::from(Fixed::WorkspaceNameMismatch));
    }
    // The provider first: should it fail, nothing is deleted and the owner can try again.
    let provider = Provider::from_env(app);
    for subscription in results.values::<String>(live)? {
        provider.cancel_subscription(&subscription).await?;
    }
    let members = results.values::<String>(members)?;
    let mut batch = Batch::new(&database);
    add_delete_workspace(&mut batch, &database, id, app.now())?;
    purge::delete_and_drain(app, batch).await?;
    // The team's moderated sessions went with it: their rooms close (ADR 0024).
    crate::moderated::room::close_after_answer(app, results.values::<String>(rooms)?);
    // Their live views of the team's participations end now (the entries are gone).
    for member in &members {
        crate::ledger::recheck_viewers(app, crate::ledger::Viewers::User(member));
    }
    json(200, &MessageResponse { message: DELETED.into() })
}

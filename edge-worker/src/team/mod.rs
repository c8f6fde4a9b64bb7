//! Research teams (ADR 0019): the access check every signed-in route passes before its handler
//! (the member's role, read with the session, against what the route needs), and the team's own
//! routes: invitations (`invitations.rs`, the manager's side; `joining.rs`, the invitee's),
//! members (`members.rs`) and the account's workspaces (`switch.rs`).

pub mod activity;
pub mod invitations;
pub mod joining;
pub mod lifecycle;
pub mod log;
pub mod members;
pub mod ownership;
pub mod switch;

use lupa_api_types::TeamRoleName;
use lupa_core::routes::RouteId;
use lupa_core::team::{need, Need, TeamRole};

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};

/// Whether `user` may call `route` in their current workspace: 404 'Ya no tienes acceso a este
/// equipo' once they are no longer a member, 403 when their role doesn't allow it. Product §6's
/// global admin passes, as they see every analysis.
pub fn check_access(user: &SessionUser, route: RouteId) -> ApiResult<()> {
    require(user, need(route))
}

/// The same check for a need that depends on the request, not only the route: a note route that
/// writes a clip needs a researcher (`lupa_core::team::note_write_need`).
pub fn require(user: &SessionUser, need: Need) -> ApiResult<()> {
    if need == Need::Account || user.is_global_admin() {
        return Ok(());
    }
    user.workspace_id()?;
    match &user.workspace {
        Some(member) if member.role.allows(need) => Ok(()),
        _ => Err(ApiError::from(Fixed::TeamRoleForbidden)),
    }
}

/// The SQL of an author's shown name (their name, or e-mail) for an id column, as a subquery so
/// each query keeps its own `FROM` (notes, reels, share links; ADR 0019). A macro, as `concat!`
/// takes only literals.
macro_rules! author_name_of {
    ($column:literal) => {
        concat!("(SELECT COALESCE(NULLIF(trim(au.name), ''), au.email) FROM users au WHERE au.id = ", $column, ")")
    };
}
pub(crate) use author_name_of;

/// Who wrote something, as the team sees it: `None` when the account is gone (the id column was
/// set to NULL, or the name subquery found no one).
pub fn author(id: Option<String>, name: Option<String>) -> Option<lupa_api_types::AuthorDto> {
    let (id, name) = (id?, name?);
    Some(lupa_api_types::AuthorDto { initials: lupa_core::team::initials(&name), id, name })
}

/// A role as the API names it.
pub fn role_name(role: TeamRole) -> TeamRoleName {
    match role {
        TeamRole::Owner => TeamRoleName::Owner,
        TeamRole::Admin => TeamRoleName::Admin,
        TeamRole::Researcher => TeamRoleName::Researcher,
        TeamRole::Observer => TeamRoleName::Observer,
    }
}

/// A role read from D1 (the column's CHECK allows only the four), as the API names it.
fn stored_role(value: &str) -> ApiResult<TeamRoleName> {
    TeamRole::parse(value).map(role_name).ok_or_else(|| ApiError::internal(format!("unknown team role {value:?}")))
}

/// 400 for a role that can't be given (anything but admin, researcher, observer).
fn grantable(value: Option<&str>) -> ApiResult<TeamRole> {
    value.and_then(lupa_core::team::grantable_role).ok_or_else(|| ApiError::from(Fixed::BadTeamRole))
}

/// The name an activity row keeps for whoever acted (it outlives the account).
fn actor_name(user: &SessionUser) -> String {
    match user.user.name.as_deref().map(str::trim) {
        Some(name) if !name.is_empty() => name.to_string(),
        _ => user.user.email.clone(),
    }
}

/// The arguments of an activity insert (`workspace_activity`, ?1–?8: id, workspace, actor id,
/// actor name, kind, subject id, subject, at). Every team change puts its row in the change's own
/// batch, so the log and the change are one transaction (ADR 0019).
fn activity_args(
    workspace_id: &str,
    actor: &SessionUser,
    kind: lupa_core::team::ActivityKind,
    subject_id: &str,
    subject: &str,
    now: i64,
) -> Vec<wasm_bindgen::JsValue> {
    use crate::platform::db::{int, new_id, text};
    vec![
        text(&new_id()),
        text(workspace_id),
        text(&actor.user.id),
        text(&actor_name(actor)),
        text(kind.as_str()),
        text(subject_id),
        text(subject),
        int(now),
    ]
}

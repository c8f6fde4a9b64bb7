//! Research teams (ADR 0019): the access check every signed-in route passes before its handler
//! (the member's role, read with the session, against what the route needs).

use lupa_core::routes::RouteId;
use lupa_core::team::{need, Need};

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, ErrorCode};

/// The 403 for a member whose role doesn't allow a route (an observer creating an analysis).
pub const ROLE_FORBIDDEN: &str = "Tu rol en este equipo no permite esta acción";

/// Whether `user` may call `route` in their current workspace: 404 'Ya no tienes acceso a este
/// equipo' once they are no longer a member, 403 when their role doesn't allow it. The spec's
/// global admin passes, as they see every analysis.
pub fn check_access(user: &SessionUser, route: RouteId) -> ApiResult<()> {
    let need = need(route);
    if need == Need::Account || user.is_global_admin() {
        return Ok(());
    }
    user.workspace_id()?;
    match &user.workspace {
        Some(member) if member.role.allows(need) => Ok(()),
        _ => Err(ApiError::forbidden(ErrorCode::TeamRoleForbidden, ROLE_FORBIDDEN)),
    }
}

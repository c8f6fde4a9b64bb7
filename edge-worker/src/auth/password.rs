//! `PATCH /api/v1/auth/update-user-password`: change the password while signed in. Every session
//! of the user ends; this browser gets a fresh one so the user stays signed in here.

use lupa_api_types::{MessageResponse, UpdatePasswordRequest};
use lupa_core::auth::{password, rate_limit};
use worker::{Request, Response};

use crate::auth::{hash_password, rate, sessions, users};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_json};
use crate::platform::db::{db, int, text, Batch};
use crate::App;

const CURRENT_REQUIRED: &str = "La contraseña actual es obligatoria";
const NEW_REQUIRED: &str = "La nueva contraseña es obligatoria";
const CHANGED: &str = "Contraseña actualizada correctamente";

/// The router checked the session (`current`).
pub async fn patch(app: &App, current: &sessions::SessionUser, req: &mut Request) -> ApiResult<Response> {
    let body: UpdatePasswordRequest = read_json(req).await?;
    let old = body.currentPassword.unwrap_or_default();
    let new = body.newPassword.unwrap_or_default();
    let mut problems = Vec::new();
    if old.is_empty() {
        problems.push(CURRENT_REQUIRED.to_string());
    }
    if new.is_empty() {
        problems.push(NEW_REQUIRED.to_string());
    } else if let Err(policy) = password::check_policy(&new) {
        problems.push(policy.message().to_string());
    }
    if !problems.is_empty() {
        return Err(ApiError::from(Fixed::InvalidPasswordChange).with_errors(problems));
    }
    let database = db(app)?;
    rate::hit(&database, rate_limit::PASSWORD_CHANGE_PER_USER, &current.user.id, app.now()).await?;
    if !password::verify(&old, &current.user.password_hash) {
        return Err(ApiError::from(Fixed::WrongCurrentPassword));
    }
    let hash = hash_password(&new)?;
    let user_id = current.user.id.as_str();
    // One transaction: the new password, every session ended, and this browser's new one.
    let session = sessions::prepare(app, &database, user_id)?;
    let mut writes = Batch::new(&database);
    writes.add(users::SET_PASSWORD, &[text(user_id), text(&hash), int(app.now())])?;
    writes.add(sessions::DELETE_ALL_FOR_USER, &[text(user_id)])?;
    for statement in session.statements {
        writes.add_prepared(statement, "INSERT INTO sessions");
    }
    writes.run().await?;
    // Every session ended: so do their live views (this browser opens its own again).
    crate::ledger::recheck_viewers(app, crate::ledger::Viewers::User(user_id));
    sessions::with_cookie(json(200, &MessageResponse { message: CHANGED.into() })?, &session.cookie)
}

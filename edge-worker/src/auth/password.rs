//! `PATCH /api/v1/auth/update-user-password`: change the password while signed in. Every session
//! of the user ends; this browser gets a fresh one so the user stays signed in here.

use lupa_api_types::{MessageResponse, UpdatePasswordRequest};
use lupa_core::auth::{password, rate_limit};
use worker::{Request, Response};

use crate::auth::{hash_password, rate, sessions, users};
use crate::db::{BusyBatch, db, failed, int, now_ms, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::App;

const WRONG_CURRENT: &str = "La contraseña actual no es correcta";
const INVALID: &str = "Revisa los campos del formulario";
const CURRENT_REQUIRED: &str = "La contraseña actual es obligatoria";
const NEW_REQUIRED: &str = "La nueva contraseña es obligatoria";
const CHANGED: &str = "Contraseña actualizada correctamente";

pub async fn patch(app: &App, req: &mut Request) -> ApiResult<Response> {
    let current = sessions::require_user(app, req).await?;
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
        return Err(ApiError::bad_request("invalid_password_change", INVALID).with_errors(problems));
    }
    let database = db(app)?;
    rate::hit(&database, rate_limit::PASSWORD_CHANGE_PER_USER, &current.user.id).await?;
    if !password::verify(&old, &current.user.password_hash) {
        return Err(ApiError::unauthorized(WRONG_CURRENT).with_code("wrong_current_password"));
    }
    let hash = hash_password(&new)?;
    let user_id = current.user.id.as_str();
    database
        .batch_busy(vec![
            stmt(&database, users::SET_PASSWORD, &[text(user_id), text(&hash), int(now_ms())])?,
            stmt(&database, sessions::DELETE_ALL_FOR_USER, &[text(user_id)])?,
        ])
        .await
        .map_err(failed(users::SET_PASSWORD))?;
    let cookie = sessions::create(app, &database, user_id).await?;
    sessions::with_cookie(json(200, &MessageResponse { message: CHANGED.into() })?, &cookie)
}

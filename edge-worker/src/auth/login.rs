//! `POST /api/v1/auth/login/local`: checks the pair, refuses participants (403), opens a session.

use lupa_api_types::{LoginRequest, UserResponse};
use lupa_core::auth::{email, password, rate_limit, Role};
use worker::{Request, Response};

use crate::auth::{rate, sessions, users};
use crate::db::{db, now_ms};
use crate::error::{ApiError, ApiResult};
use crate::http::{client_address, json, read_json};
use crate::App;

pub const WRONG_PAIR: &str = "La combinación de email y contraseña es incorrecta";
const PARTICIPANT: &str =
    "El inicio de sesión de participantes aún no está disponible. Si necesitas ayuda, contacta con soporte.";
const MISSING: &str = "Introduce tu email y tu contraseña";

pub async fn post(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: LoginRequest = read_json(req).await?;
    let (Some(username), Some(pass)) = (body.username.filter(|u| !u.trim().is_empty()), body.password.filter(|p| !p.is_empty())) else {
        return Err(ApiError::unprocessable("missing_fields", MISSING));
    };
    let database = db(app)?;
    rate::hit(&database, rate_limit::LOGIN_PER_CLIENT, &client_address(req)).await?;
    let normalized = email::normalize(&username);
    rate::ensure_below(&database, rate_limit::LOGIN_FAILURES_PER_ACCOUNT, &normalized).await?;

    let user = users::by_email(&database, &normalized).await?;
    // Verify against a dummy hash when there is no such user: same work, same timing.
    let hash = user.as_ref().map(|u| u.password_hash.as_str()).unwrap_or(password::DUMMY_HASH);
    let matches = password::verify(&pass, hash) && user.is_some();
    let Some(user) = user.filter(|_| matches) else {
        rate::hit(&database, rate_limit::LOGIN_FAILURES_PER_ACCOUNT, &normalized).await.ok();
        return Err(ApiError::unauthorized(WRONG_PAIR).with_code("invalid_credentials"));
    };
    if Role::parse(&user.role) == Some(Role::Participant) {
        return Err(ApiError::forbidden("participant_login", PARTICIPANT));
    }
    let now = now_ms();
    let cookie = sessions::create(app, &database, &user.id).await?;
    users::touch_login(&database, &user.id, now).await?;
    let mut dto = user.dto();
    dto.last_login_at = Some(now);
    sessions::with_cookie(json(200, &UserResponse { user: dto })?, &cookie)
}

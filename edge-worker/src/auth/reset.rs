//! Password reset by e-mail: request a link, check a token, set a new password.
//!
//! Tokens are 256-bit, stored as keyed hashes, single use and valid for 30 minutes. The request
//! answers the same whether or not the account exists; the mail itself is sent after the answer
//! (`wait_until`), so timing does not tell either.

use lupa_api_types::{PasswordResetEmailRequest, PasswordResetRequest, SuccessResponse};
use lupa_core::auth::{email, password, rate_limit, token, RESET_TOKEN_TTL_MS};
use lupa_core::mail;
use worker::{console_log, Request, Response};

use crate::auth::{hash_password, rate, sessions, users};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{client_address, json, read_json};
use crate::mail::Mailer;
use crate::platform::db::{db, failed, int, stmt, text, Busy, BusyBatch, Value};
use crate::App;

const SENT: &str = "Pronto recibirás un enlace para restablecer tu contraseña";
const VALID: &str = "El enlace es válido";
const UPDATED: &str = "Tu contraseña se ha actualizado. Ya puedes iniciar sesión con la nueva contraseña.";

const INSERT: &str =
    "INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)";
const CHECK: &str =
    "SELECT user_id AS value FROM password_resets WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2";
const CLAIM: &str =
    "UPDATE password_resets SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING user_id AS value";
const DROP_OTHERS: &str = "DELETE FROM password_resets WHERE user_id = ?1 AND used_at IS NULL";

/// `POST /api/v1/auth/password-reset {email}`.
pub async fn request(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: PasswordResetEmailRequest = read_json(req).await?;
    let address = body.email.unwrap_or_default();
    if !email::is_valid(&address) {
        return Err(ApiError::from(Fixed::InvalidEmail));
    }
    let database = db(app)?;
    rate::hit(&database, rate_limit::RESET_PER_CLIENT, &client_address(req), app.now()).await?;
    let normalized = email::normalize(&address);
    let (env, config) = (app.env.clone(), app.config.clone());
    app.wait_until(async move {
        let app = App::background(env, config);
        if let Err(err) = send_link(&app, &normalized).await {
            console_log!("{}", serde_json::json!({"level": "error", "msg": "password reset mail", "source": err.source.unwrap_or(err.message)}));
        }
    });
    json(200, &SuccessResponse { success: true, message: SENT.into() })
}

async fn send_link(app: &App, normalized: &str) -> ApiResult<()> {
    let database = db(app)?;
    // Too many mails to one account: silently send no more (the answer was already the same).
    if rate::hit(&database, rate_limit::RESET_PER_ACCOUNT, normalized, app.now()).await.is_err() {
        return Ok(());
    }
    let Some(user) = users::by_email(&database, normalized).await? else {
        return Ok(());
    };
    let raw = sessions::new_token();
    let now = app.now();
    stmt(
        &database,
        INSERT,
        &[text(&sessions::hash_token(app, &raw)?), text(&user.id), int(now), int(now + RESET_TOKEN_TTL_MS)],
    )?
    .run_busy()
    .await
    .map_err(failed(INSERT))?;
    let link = format!("{}/auth/password-reset?passwordResetToken={raw}", app.config.public_origin);
    let mail = mail::password_reset(&user.email, &link, RESET_TOKEN_TTL_MS / 60_000);
    Mailer::from_env(app).send(app, &mail).await
}

/// `GET /api/v1/auth/password-reset?passwordResetToken=`: is this link still good?
pub async fn check(app: &App, req: &Request) -> ApiResult<Response> {
    let url = req.url()?;
    let raw =
        url.query_pairs().find(|(k, _)| k == "passwordResetToken").map(|(_, v)| v.into_owned()).unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::from(Fixed::MissingResetToken));
    }
    if !token::is_well_formed(&raw) {
        return Err(invalid_token());
    }
    let database = db(app)?;
    let row = stmt(&database, CHECK, &[text(&sessions::hash_token(app, &raw)?), int(app.now())])?
        .first_busy::<Value<String>>(None)
        .await
        .map_err(failed(CHECK))?;
    match row {
        Some(_) => json(200, &SuccessResponse { success: true, message: VALID.into() }),
        None => Err(unknown_token()),
    }
}

/// `PATCH /api/v1/auth/password-reset`: sets the new password and ends every session.
pub async fn apply(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: PasswordResetRequest = read_json(req).await?;
    let raw = body.passwordResetToken.unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::from(Fixed::MissingResetToken));
    }
    let new_password = body.newPassword.unwrap_or_default();
    if Some(&new_password) != body.confirmNewPassword.as_ref() {
        return Err(ApiError::from(Fixed::PasswordMismatch));
    }
    if let Err(policy) = password::check_policy(&new_password) {
        return Err(ApiError::from(Fixed::WeakPassword).with_errors([policy.message().to_string()]));
    }
    if !token::is_well_formed(&raw) {
        return Err(invalid_token());
    }
    let database = db(app)?;
    let now = app.now();
    // Claim the token first: of two concurrent uses, exactly one gets the row back.
    let claimed = stmt(&database, CLAIM, &[text(&sessions::hash_token(app, &raw)?), int(now)])?
        .first_busy::<Value<String>>(None)
        .await
        .map_err(failed(CLAIM))?;
    let Some(Value { value: user_id }) = claimed else {
        return Err(unknown_token());
    };
    let hash = hash_password(&new_password)?;
    database
        .batch_busy(vec![
            stmt(&database, users::SET_PASSWORD, &[text(&user_id), text(&hash), int(now)])?,
            stmt(&database, sessions::DELETE_ALL_FOR_USER, &[text(&user_id)])?,
            stmt(&database, DROP_OTHERS, &[text(&user_id)])?,
        ])
        .await
        .map_err(failed(users::SET_PASSWORD))?;
    // Every session ended: so do their live views.
    crate::ledger::recheck_viewers(app, crate::ledger::Viewers::User(&user_id));
    json(200, &SuccessResponse { success: true, message: UPDATED.into() })
}

/// A token that is not one: 400 (the OpenAPI document's pattern).
fn invalid_token() -> ApiError {
    ApiError::from(Fixed::InvalidResetToken)
}

/// A well-formed token with no link behind it (never made, used or expired): 404, same message.
fn unknown_token() -> ApiError {
    ApiError::from(Fixed::UnknownResetToken)
}

//! `POST /api/v1/auth/login/local`: checks the pair, refuses participants (403), opens a session.
//!
//! Throttling without lockout (ASVS 2.2.1): attempts count per (account, client network), and a
//! network past its limit gets 429 for the window; the account-wide count of failures only slows
//! every attempt down (`rate_limit::account_delay_ms`) and mails the owner once per window, so
//! nobody can keep the owner out by failing on purpose.
//!
//! The (account, network) attempt is counted *before* the password is checked, by the same
//! upsert that returns the count: concurrent guesses each get their own count, so at most the
//! limit of them reach a password check. (Read before and written after the check, 40 concurrent
//! guesses once all saw the old count and 30 were checked.) A successful login gives its attempt
//! back, so the counter still counts failures, as ADR 0006 describes.
//!
//! Two D1 round trips (ADR 0011): one batch counts the attempts, reads the account's failures and
//! the user; another opens the session, notes the login and gives the attempt back (or, after a
//! failure, counts it for the account).

use std::time::Duration;

use lupa_api_types::{LoginRequest, UserResponse};
use lupa_core::auth::{email, password, rate_limit, Role};
use worker::{D1Database, Delay, Request, Response};

use crate::auth::{rate, sessions, users};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{client_address, json, read_json};
use crate::mail::Mailer;
use crate::platform::db::{db, Batch};
use crate::App;

pub async fn post(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: LoginRequest = read_json(req).await?;
    let (Some(username), Some(pass)) =
        (body.username.filter(|u| !u.trim().is_empty()), body.password.filter(|p| !p.is_empty()))
    else {
        return Err(ApiError::from(Fixed::MissingFields));
    };
    let database = db(app)?;
    let client = client_address(req);
    let normalized = email::normalize(&username);
    let network = rate_limit::account_network_subject(&normalized, &client);
    let mut reads = Batch::new(&database);
    let attempt = rate::add_hit(&mut reads, rate_limit::LOGIN_PER_CLIENT, &client, app.now())?;
    let network_attempt =
        rate::add_hit(&mut reads, rate_limit::LOGIN_FAILURES_PER_ACCOUNT_NETWORK, &network, app.now())?;
    let account_failures = rate::add_peek(&mut reads, rate_limit::LOGIN_FAILURES_PER_ACCOUNT, &normalized, app.now())?;
    let found = users::add_by_email(&mut reads, &normalized)?;
    let results = reads.run().await?;
    rate::check(&results, attempt)?;
    rate::check(&results, network_attempt)?;
    let delay = rate_limit::account_delay_ms(rate::count_of(&results, account_failures)?);
    if delay > 0 {
        Delay::from(Duration::from_millis(delay)).await;
    }

    let user = results.first::<users::UserRow>(found)?;
    // Verify against a dummy hash when there is no such user: same work, same timing.
    let hash = user.as_ref().map(|u| u.password_hash.as_str()).unwrap_or(password::DUMMY_HASH);
    let matches = password::verify(&pass, hash) && user.is_some();
    let user = match user {
        Some(user) if matches => user,
        other => {
            count_failure(app, &database, &normalized, other.as_ref()).await;
            return Err(ApiError::from(Fixed::InvalidCredentials));
        }
    };
    if Role::parse(&user.role) == Some(Role::Participant) {
        return Err(ApiError::from(Fixed::ParticipantLogin));
    }
    let now = app.now();
    let session = sessions::prepare(app, &database, &user.id)?;
    let mut writes = Batch::new(&database);
    for statement in session.statements {
        writes.add_prepared(statement, "INSERT INTO sessions");
    }
    users::add_touch_login(&mut writes, &user.id, now)?;
    // The right password is not a failure: give the network its attempt back.
    rate::add_give_back(&mut writes, rate_limit::LOGIN_FAILURES_PER_ACCOUNT_NETWORK, &network, app.now())?;
    writes.run().await?;
    let cookie = session.cookie;
    let mut dto = user.dto();
    dto.last_login_at = Some(now);
    sessions::with_cookie(json(200, &UserResponse { user: dto, workspace: None })?, &cookie)
}

/// Counts a failed login for the account (the network's attempt was counted before the check);
/// when the account reaches its limit (once per window) and exists, mails the owner. Best effort:
/// counting never fails the answer.
async fn count_failure(app: &App, database: &D1Database, normalized: &str, user: Option<&users::UserRow>) {
    let limit = rate_limit::LOGIN_FAILURES_PER_ACCOUNT;
    let mut batch = Batch::new(database);
    let Ok(account) = rate::add_hit(&mut batch, limit, normalized, app.now()) else { return };
    let Ok(failures) = batch.run().await.and_then(|results| rate::window_count_of(&results, account)) else { return };
    let Some(user) = user.filter(|_| failures == limit.max) else { return };
    let reset = format!("{}/auth/recover-password", app.config.public_origin);
    let mail = lupa_core::mail::login_failures(&user.email, failures, limit.window_ms / 60_000, &reset);
    if let Err(err) = Mailer::from_env(app).send(app, &mail).await {
        crate::platform::log::error("-", "/auth/login/local", err.source.as_deref().unwrap_or(&err.message));
    }
}

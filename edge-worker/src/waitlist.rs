//! `POST /api/v1/waitlist`: the landing page's sign-up. Repeat sign-ups answer 2xx without a new
//! row; a filled honeypot answers 2xx and stores nothing, so bots learn nothing.

use lupa_api_types::{MessageResponse, WaitlistRequest};
use lupa_core::auth::{email, rate_limit};
use worker::{Request, Response};

use crate::auth::rate;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{client_address, json, read_json};
use crate::platform::db::{db, failed, int, new_id, stmt, text, Busy};
use crate::App;

const JOINED: &str = "Te hemos apuntado. Te avisaremos cuando abramos acceso.";
const INSERT: &str = "INSERT INTO waitlist (id, email, email_normalized, consent, consent_at, created_at) \
     VALUES (?1, ?2, ?3, 1, ?4, ?4) ON CONFLICT (email_normalized) DO NOTHING";

pub async fn post(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: WaitlistRequest = read_json(req).await?;
    let database = db(app)?;
    rate::hit(&database, rate_limit::WAITLIST_PER_CLIENT, &client_address(req), app.now()).await?;
    let joined = MessageResponse { message: JOINED.into() };
    if body.website.as_deref().is_some_and(|w| !w.is_empty()) {
        return json(201, &joined);
    }
    let address = body.email.unwrap_or_default();
    if !email::looks_like_address(&address) {
        return Err(ApiError::from(Fixed::InvalidEmail));
    }
    if body.consent != Some(true) {
        return Err(ApiError::from(Fixed::ConsentRequired));
    }
    let now = app.now();
    stmt(&database, INSERT, &[text(&new_id()), text(address.trim()), text(&email::normalize(&address)), int(now)])?
        .run_busy()
        .await
        .map_err(failed(INSERT))?;
    json(201, &joined)
}

//! `POST /api/v1/billing/webhook`: Stripe's signed events. The raw body is verified (HMAC-SHA256,
//! 300 s tolerance, several `v1` signatures allowed) before it is parsed into async-stripe's typed
//! event (`lupa_core::stripe_events`). We keep our own verification rather than
//! `stripe_webhook::Webhook`: it reads the clock through chrono (no clock on wasm32 without extra
//! features), needs the body as `&str`, and cannot tell a missing header from a wrong signature.

use lupa_api_types::MessageResponse;
use lupa_core::stripe_events::parse_event;
use lupa_core::stripe_signature::{self, SignatureError, TOLERANCE_SECS};
use worker::{Request, Response};

use crate::billing::events;
use crate::error::{ApiError, ApiResult, Composed};
use crate::http::{json, read_body};
use crate::platform::config::required_secret;
use crate::platform::db::db;
use crate::App;

/// Stripe events are small; anything bigger is not one of them.
const MAX_EVENT_BYTES: usize = lupa_core::billing::MAX_EVENT_BYTES as usize;

pub async fn post(app: &App, req: &mut Request) -> ApiResult<Response> {
    let secret = required_secret(&app.env, "STRIPE_WEBHOOK_SECRET")?;
    let header = req.headers().get("stripe-signature").ok().flatten().unwrap_or_default();
    let body = read_body(req, MAX_EVENT_BYTES).await?;
    stripe_signature::verify(&body, &header, &secret, app.now() / 1000, TOLERANCE_SECS).map_err(|e| {
        let message = match e {
            SignatureError::Malformed => "Falta la firma del evento",
            SignatureError::Expired => "La firma del evento ha caducado",
            SignatureError::Mismatch => "La firma del evento no es válida",
        };
        // Like a signed URL's: the sender is not who it says (or too late), 403.
        ApiError::composed(Composed::BadSignature, message)
    })?;
    let envelope = parse_event(&body).map_err(|m| ApiError::composed(Composed::BadEvent, m))?;
    let applied = events::apply(&db(app)?, "stripe", &envelope, app.now()).await?;
    json(
        200,
        &MessageResponse { message: if applied { "Evento procesado".into() } else { "Evento ya procesado".into() } },
    )
}

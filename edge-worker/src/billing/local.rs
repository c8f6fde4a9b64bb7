//! The local (test-mode) payment provider: a checkout and a customer portal inside our own app,
//! used when no Stripe keys are configured. Paying or cancelling produces the same billing events
//! a Stripe webhook does (`checkout.session.completed`, `customer.subscription.*`), applied by the
//! same `events::apply`. They are built directly rather than as Stripe JSON: Stripe's typed event
//! objects need a few dozen fields each that mean nothing here (parsing is tested in
//! `lupa_core::stripe_events`).

use lupa_api_types::{InvoiceDto, LocalCheckoutDto, LocalPortalDto, MessageResponse};
use lupa_core::billing::{BillingEvent, Envelope, Seats, BASIC_MONTHLY};
use serde::Deserialize;
use worker::{D1Database, Response};

use crate::auth::sessions::SessionUser;
use crate::billing::provider::Provider;
use crate::billing::{events, gate};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::json;
use crate::platform::db::{db, failed, int, new_id, stmt, text, Batch, Busy};
use crate::App;

const MONTH_MS: i64 = 30 * 24 * 60 * 60 * 1000;
const SESSION: &str = "SELECT id, customer_id, plan, status FROM checkout_sessions WHERE id = ?1 AND workspace_id = ?2";
const CLOSE_SESSION: &str =
    "UPDATE checkout_sessions SET status = ?2, completed_at = ?3 WHERE id = ?1 AND status = 'open'";
const INSERT_INVOICE: &str = "INSERT INTO invoices (id, user_id, subscription_id, amount_cents, currency, status, period_start, period_end, created_at, workspace_id) \
     VALUES (?1, ?2, ?3, ?4, ?5, 'paid', ?6, ?7, ?6, ?8)";
const INVOICES: &str = "SELECT id, amount_cents, currency, status, period_start, period_end, created_at FROM invoices WHERE workspace_id = ?1 ORDER BY created_at DESC";

#[derive(Deserialize)]
struct SessionRow {
    id: String,
    customer_id: String,
    plan: String,
    status: String,
}

#[derive(Deserialize)]
struct InvoiceRow {
    id: String,
    amount_cents: i64,
    currency: String,
    status: String,
    period_start: i64,
    period_end: i64,
    created_at: i64,
}

/// Local pages exist only while the local provider is the one in use (the router checked the
/// session first, as before).
fn local_user<'u>(app: &App, user: &'u SessionUser) -> ApiResult<&'u SessionUser> {
    if !matches!(Provider::from_env(app), Provider::Local) {
        return Err(ApiError::not_found());
    }
    Ok(user)
}

async fn session_of(database: &D1Database, id: &str, workspace_id: &str) -> ApiResult<SessionRow> {
    stmt(database, SESSION, &[text(id), text(workspace_id)])?
        .first_busy::<SessionRow>(None)
        .await
        .map_err(failed(SESSION))?
        .ok_or_else(ApiError::not_found)
}

/// Adds an event, named as Stripe names its kind, to a batch through the shared event code. Its
/// time is whole seconds, as Stripe's are, so the ordering rules see what they would in
/// production. Its id is new and its user known, so nothing needs reading first.
fn emit(batch: &mut Batch<'_>, user_id: &str, kind: &str, event: BillingEvent, now: i64) -> ApiResult<()> {
    let envelope =
        Envelope { id: format!("evt_local_{}", new_id()), kind: kind.into(), created_ms: now / 1000 * 1000, event };
    events::add_event(batch, "local", &envelope, Some(user_id.to_string()), now)
}

/// `GET /api/v1/billing/local/checkout/{id}`.
pub async fn get_checkout(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let user = local_user(app, user)?;
    let session = session_of(&db(app)?, id, user.workspace_id()?).await?;
    json(
        200,
        &LocalCheckoutDto {
            id: session.id,
            status: session.status,
            planName: session.plan,
            planBillingCycle: BASIC_MONTHLY.cycle.into(),
            amountCents: BASIC_MONTHLY.amount_cents,
            currency: BASIC_MONTHLY.currency.into(),
        },
    )
}

/// `POST /api/v1/billing/local/checkout/{id}/pay`: the test-mode payment succeeds.
pub async fn pay(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let user = local_user(app, user)?;
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let workspace = user.workspace_id()?;
    let found = reads.add(SESSION, &[text(id), text(workspace)])?;
    let active = gate::add_active(&mut reads, workspace, app.now())?;
    let seats = crate::billing::seats::add_seats(&mut reads, workspace)?;
    let results = reads.run().await?;
    let seats = crate::billing::seats::seats_in(&results, seats)?;
    let session = results.first::<SessionRow>(found)?.ok_or_else(ApiError::not_found)?;
    if session.status != "open" {
        return Err(ApiError::from(Fixed::CheckoutClosed));
    }
    if gate::is_active(&results, active)? {
        return Err(ApiError::from(Fixed::CheckoutAlreadySubscribed));
    }
    let now = app.now();
    let subscription = format!("sub_local_{}", new_id());
    let claimed = stmt(&database, CLOSE_SESSION, &[text(&session.id), text("complete"), int(now)])?
        .run_busy()
        .await
        .map_err(failed(CLOSE_SESSION))?;
    if claimed.meta().ok().flatten().and_then(|m| m.changes).unwrap_or(0) == 0 {
        return Err(ApiError::from(Fixed::CheckoutClosed));
    }
    let period_end_secs = (now + MONTH_MS) / 1000;
    // The two events Stripe would send, and the invoice, in one transaction.
    let mut batch = Batch::new(&database);
    emit(
        &mut batch,
        &user.user.id,
        "checkout.session.completed",
        BillingEvent::CheckoutCompleted {
            customer: session.customer_id.clone(),
            subscription: Some(subscription.clone()),
            user_id: Some(user.user.id.clone()),
        },
        app.now(),
    )?;
    emit(
        &mut batch,
        &user.user.id,
        "customer.subscription.created",
        BillingEvent::Subscription {
            id: subscription.clone(),
            customer: session.customer_id,
            status: "active".into(),
            current_period_end_ms: Some(period_end_secs * 1000),
            cancel_at_period_end: false,
            user_id: Some(user.user.id.clone()),
            // The local provider's item: the seats the members take when paying (ADR 0019).
            seats: Some(Seats { item_id: format!("si_local_{}", new_id()), quantity: seats }),
        },
        app.now(),
    )?;
    batch.add(
        INSERT_INVOICE,
        &[
            text(&format!("in_local_{}", new_id())),
            text(&user.user.id),
            text(&subscription),
            // One seat's price per seat, as Stripe would invoice the item's quantity.
            int(BASIC_MONTHLY.amount_cents * i64::try_from(seats).unwrap_or(1)),
            text(BASIC_MONTHLY.currency),
            int(now),
            int(now + MONTH_MS),
            text(workspace),
        ],
    )?;
    batch.run().await?;
    json(200, &MessageResponse { message: "Pago completado (modo de prueba)".into() })
}

/// `POST /api/v1/billing/local/checkout/{id}/cancel`: the customer backs out.
pub async fn cancel_checkout(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let user = local_user(app, user)?;
    let database = db(app)?;
    let session = session_of(&database, id, user.workspace_id()?).await?;
    stmt(&database, CLOSE_SESSION, &[text(&session.id), text("canceled"), int(app.now())])?
        .run_busy()
        .await
        .map_err(failed(CLOSE_SESSION))?;
    json(200, &MessageResponse { message: "Pago cancelado".into() })
}

/// `GET /api/v1/billing/local/portal`.
pub async fn get_portal(app: &App, user: &SessionUser) -> ApiResult<Response> {
    let user = local_user(app, user)?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let workspace = user.workspace_id()?;
    let listed = crate::billing::add_subscriptions(&mut batch, workspace, app.now())?;
    let invoices = batch.add(INVOICES, &[text(workspace)])?;
    let results = batch.run().await?;
    let subscription = results.all::<crate::billing::SubscriptionRow>(listed)?.into_iter().next().map(|s| s.dto());
    let invoices = results
        .all::<InvoiceRow>(invoices)?
        .into_iter()
        .map(|r| InvoiceDto {
            id: r.id,
            amountCents: r.amount_cents,
            currency: r.currency,
            status: r.status,
            periodStart: r.period_start,
            periodEnd: r.period_end,
            createdAt: r.created_at,
        })
        .collect();
    json(200, &LocalPortalDto { subscription, invoices })
}

/// `POST /api/v1/billing/local/portal/cancel`: cancels the active subscription now.
pub async fn cancel_subscription(app: &App, user: &SessionUser) -> ApiResult<Response> {
    let user = local_user(app, user)?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let workspace = user.workspace_id()?;
    let listed = crate::billing::add_subscriptions(&mut batch, workspace, app.now())?;
    let customer = crate::billing::add_customer(&mut batch, workspace)?;
    let results = batch.run().await?;
    let active = results
        .all::<crate::billing::SubscriptionRow>(listed)?
        .into_iter()
        .find(|s| s.status == "active" || s.status == "trialing");
    let Some(active) = active else {
        return Err(ApiError::from(Fixed::NoSubscription));
    };
    let customer = crate::billing::customer_in(&results, customer)?.unwrap_or_default();
    let mut batch = Batch::new(&database);
    emit(
        &mut batch,
        &user.user.id,
        "customer.subscription.deleted",
        BillingEvent::Subscription {
            id: active.id,
            customer,
            status: "canceled".into(),
            current_period_end_ms: None,
            cancel_at_period_end: false,
            user_id: Some(user.user.id.clone()),
            seats: None,
        },
        app.now(),
    )?;
    batch.run().await?;
    json(200, &MessageResponse { message: "Suscripción cancelada".into() })
}

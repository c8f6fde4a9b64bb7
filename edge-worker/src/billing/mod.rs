//! Billing for researchers (spec §7 billing rows): state, customer, checkout, portal, webhooks,
//! and the local test-mode provider. The subscription gate lives in `gate`.

pub mod events;
pub mod gate;
pub mod local;
pub mod provider;
pub mod stripe_client;
pub mod webhook;

use lupa_api_types::{BillingData, BillingResponse, CheckoutRequest, CheckoutResponse, CustomerResponse, PortalResponse, SubscriptionDto};
use lupa_core::billing::{self as rules, ALREADY_SUBSCRIBED, UNKNOWN_PLAN};
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::auth::sessions::{self, SessionUser};
use crate::db::{Busy, db, failed, int, new_id, now_ms, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::App;
use provider::Provider;

const LIST: &str = "SELECT id, status, plan, current_period_end, cancel_at_period_end FROM subscriptions \
     WHERE user_id = ?1 ORDER BY (status IN ('active', 'trialing') AND (current_period_end IS NULL OR current_period_end > ?2)) DESC, updated_at DESC";
const CUSTOMER: &str = "SELECT customer_id FROM billing_customers WHERE user_id = ?1";
const INSERT_CUSTOMER: &str = "INSERT INTO billing_customers (user_id, customer_id, provider, created_at) VALUES (?1, ?2, ?3, ?4) \
     ON CONFLICT (user_id) DO NOTHING";
const OPEN_LOCAL_CHECKOUT: &str = "INSERT INTO checkout_sessions (id, user_id, customer_id, plan, status, created_at) VALUES (?1, ?2, ?3, ?4, 'open', ?5)";

#[derive(Deserialize)]
pub struct SubscriptionRow {
    pub id: String,
    pub status: String,
    pub plan: String,
    pub current_period_end: Option<i64>,
    pub cancel_at_period_end: i64,
}

impl SubscriptionRow {
    pub fn dto(self) -> SubscriptionDto {
        SubscriptionDto {
            id: self.id,
            status: self.status,
            plan: self.plan,
            current_period_end: self.current_period_end,
            cancel_at_period_end: self.cancel_at_period_end != 0,
        }
    }
}

#[derive(Deserialize)]
struct CustomerRow {
    customer_id: String,
}

pub async fn subscriptions_of(database: &D1Database, user_id: &str) -> ApiResult<Vec<SubscriptionRow>> {
    stmt(database, LIST, &[text(user_id), int(now_ms())])?.all_busy().await.map_err(failed(LIST))?.results::<SubscriptionRow>().map_err(failed(LIST))
}

pub async fn customer_of(database: &D1Database, user_id: &str) -> ApiResult<Option<String>> {
    Ok(stmt(database, CUSTOMER, &[text(user_id)])?.first_busy::<CustomerRow>(None).await.map_err(failed(CUSTOMER))?.map(|r| r.customer_id))
}

/// The user's provider customer, created once; concurrent calls end with the same one.
async fn ensure_customer(app: &App, database: &D1Database, user: &SessionUser) -> ApiResult<String> {
    if let Some(existing) = customer_of(database, &user.user.id).await? {
        return Ok(existing);
    }
    let provider = Provider::from_env(app);
    let created = provider.create_customer(&user.user.email, &user.user.id).await?;
    stmt(database, INSERT_CUSTOMER, &[text(&user.user.id), text(&created), text(provider.name()), int(now_ms())])?
        .run()
        .await
        .map_err(failed(INSERT_CUSTOMER))?;
    customer_of(database, &user.user.id).await?.ok_or_else(|| ApiError::internal("billing customer vanished"))
}

/// `GET /api/v1/billing`: the caller's subscriptions (active ones first) and customer id.
pub async fn get(app: &App, req: &Request) -> ApiResult<Response> {
    let current = sessions::require_user(app, req).await?;
    let database = db(app)?;
    let subscriptions: Vec<SubscriptionDto> = subscriptions_of(&database, &current.user.id).await?.into_iter().map(SubscriptionRow::dto).collect();
    let paid = gate::has_active_subscription(&database, &current.user.id).await?;
    let customer = customer_of(&database, &current.user.id).await?;
    json(200, &BillingResponse { billingData: BillingData { Subscription: subscriptions, stripe_customer_id: customer, paid } })
}

/// `POST /api/v1/billing`: creates the billing customer once (idempotent).
pub async fn create_customer(app: &App, req: &Request) -> ApiResult<Response> {
    let current = sessions::require_user(app, req).await?;
    let customer = ensure_customer(app, &db(app)?, &current).await?;
    json(200, &CustomerResponse { customerId: customer })
}

/// `POST /api/v1/billing/checkout-session`.
pub async fn checkout(app: &App, req: &mut Request) -> ApiResult<Response> {
    let current = sessions::require_user(app, req).await?;
    let body: CheckoutRequest = read_json(req).await?;
    let plan = rules::plan(body.planName.as_deref().unwrap_or(""), body.planBillingCycle.as_deref().unwrap_or(""))
        .ok_or_else(|| ApiError::bad_request("unknown_plan", UNKNOWN_PLAN))?;
    let database = db(app)?;
    if gate::has_active_subscription(&database, &current.user.id).await? {
        return Err(ApiError::bad_request("already_subscribed", ALREADY_SUBSCRIBED));
    }
    let customer = ensure_customer(app, &database, &current).await?;
    let provider = Provider::from_env(app);
    let session_id = format!("cs_local_{}", new_id());
    if matches!(provider, Provider::Local) {
        stmt(&database, OPEN_LOCAL_CHECKOUT, &[text(&session_id), text(&current.user.id), text(&customer), text(plan.name), int(now_ms())])?
            .run()
            .await
            .map_err(failed(OPEN_LOCAL_CHECKOUT))?;
    }
    let url = provider.checkout_url(app, &customer, &current.user.id, plan, &session_id).await?;
    json(200, &CheckoutResponse { checkoutSessionUrl: url })
}

/// `POST /api/v1/billing/customer-portal`.
pub async fn portal(app: &App, req: &Request) -> ApiResult<Response> {
    let current = sessions::require_user(app, req).await?;
    let customer = ensure_customer(app, &db(app)?, &current).await?;
    let url = Provider::from_env(app).portal_url(app, &customer).await?;
    json(200, &PortalResponse { customerPortalUrl: url })
}

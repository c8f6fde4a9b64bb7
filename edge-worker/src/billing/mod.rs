//! Billing for researchers (product §7 billing rows): state, customer, checkout, portal, webhooks,
//! and the local test-mode provider. The subscription gate lives in `gate`.

pub mod events;
pub mod gate;
pub mod local;
pub mod provider;
pub mod seats;
pub mod stripe_client;
pub mod webhook;

use lupa_api_types::{
    BillingData, BillingResponse, CheckoutRequest, CheckoutResponse, CustomerResponse, PortalResponse, SubscriptionDto,
};
use lupa_core::billing::{self as rules};
use serde::Deserialize;
use worker::{D1Database, Request, Response};

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_json};
use crate::platform::db::{db, failed, int, new_id, stmt, text, Batch, Busy, Results, Slot, Value};
use crate::App;
use provider::Provider;

const LIST: &str = concat!(
    "SELECT id, status, plan, current_period_end, cancel_at_period_end FROM subscriptions WHERE workspace_id = ?1 ORDER BY (",
    lupa_core::paid_subscription_sql!(""),
    ") DESC, updated_at DESC"
);
/// The workspace's customer (ADR 0019: billing belongs to the workspace, its owner manages it).
const CUSTOMER: &str = "SELECT customer_id AS value FROM billing_customers WHERE workspace_id = ?1";
const INSERT_CUSTOMER: &str =
    "INSERT INTO billing_customers (workspace_id, user_id, customer_id, provider, created_at) VALUES (?1, ?2, ?3, ?4, ?5) \
     ON CONFLICT (workspace_id) DO NOTHING";
/// Opens a local checkout for the workspace's stored customer (whichever of two concurrent calls
/// stored it), so it can go in the batch that stores the customer.
const OPEN_LOCAL_CHECKOUT: &str =
    "INSERT INTO checkout_sessions (id, user_id, customer_id, plan, status, created_at, workspace_id) \
     SELECT ?1, ?2, customer_id, ?3, 'open', ?4, ?5 FROM billing_customers WHERE workspace_id = ?5";

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

/// Adds reading the workspace's subscriptions (active ones first) to a batch.
pub fn add_subscriptions(batch: &mut Batch<'_>, workspace_id: &str, now: i64) -> ApiResult<Slot> {
    batch.add(LIST, &[text(workspace_id), int(now)])
}

pub async fn customer_of(database: &D1Database, workspace_id: &str) -> ApiResult<Option<String>> {
    Ok(stmt(database, CUSTOMER, &[text(workspace_id)])?
        .first_busy::<Value<String>>(None)
        .await
        .map_err(failed(CUSTOMER))?
        .map(|r| r.value))
}

pub fn add_customer(batch: &mut Batch<'_>, workspace_id: &str) -> ApiResult<Slot> {
    batch.add(CUSTOMER, &[text(workspace_id)])
}

pub fn customer_in(results: &Results, slot: Slot) -> ApiResult<Option<String>> {
    results.first_value::<String>(slot)
}

/// The workspace's provider customer, created once (`known`: the one a batch already read);
/// concurrent calls end with the same one. `then` adds writes that need the stored customer to
/// the same batch. One round trip when there was no customer yet, or when `then` adds something.
async fn ensure_customer(
    app: &App,
    database: &D1Database,
    user: &SessionUser,
    known: Option<String>,
    then: impl FnOnce(&mut Batch<'_>) -> ApiResult<()>,
) -> ApiResult<String> {
    let workspace = user.workspace_id()?;
    let mut batch = Batch::new(database);
    if known.is_none() {
        let provider = Provider::from_env(app);
        let created = provider.create_customer(&user.user.email, &user.user.id).await?;
        let row = [text(workspace), text(&user.user.id), text(&created), text(provider.name()), int(app.now())];
        batch.add(INSERT_CUSTOMER, &row)?;
    }
    then(&mut batch)?;
    if batch.is_empty() {
        return known.ok_or_else(|| ApiError::internal("billing customer vanished"));
    }
    let stored = add_customer(&mut batch, workspace)?;
    customer_in(&batch.run().await?, stored)?.ok_or_else(|| ApiError::internal("billing customer vanished"))
}

/// `GET /api/v1/billing`: the caller's subscriptions (active ones first) and customer id.
pub async fn get(app: &App, current: &SessionUser) -> ApiResult<Response> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let workspace = current.workspace_id()?;
    let listed = add_subscriptions(&mut batch, workspace, app.now())?;
    let active = gate::add_active(&mut batch, workspace, app.now())?;
    let customer = add_customer(&mut batch, workspace)?;
    let seat_reads = seats::add_reads(&mut batch, workspace, app.now())?;
    let results = batch.run().await?;
    let subscriptions: Vec<SubscriptionDto> =
        results.all::<SubscriptionRow>(listed)?.into_iter().map(SubscriptionRow::dto).collect();
    let paid = gate::is_active(&results, active)?;
    let customer = customer_in(&results, customer)?;
    let (seats, next_amount_cents) = seats::read(&results, &seat_reads)?;
    let data =
        BillingData { Subscription: subscriptions, stripe_customer_id: customer, paid, seats, next_amount_cents };
    json(200, &BillingResponse { billingData: data })
}

/// `POST /api/v1/billing`: creates the billing customer once (idempotent).
pub async fn create_customer(app: &App, current: &SessionUser) -> ApiResult<Response> {
    let database = db(app)?;
    let known = customer_of(&database, current.workspace_id()?).await?;
    let customer = ensure_customer(app, &database, current, known, |_| Ok(())).await?;
    json(200, &CustomerResponse { customerId: customer })
}

/// `POST /api/v1/billing/checkout-session`.
pub async fn checkout(app: &App, current: &SessionUser, req: &mut Request) -> ApiResult<Response> {
    let body: CheckoutRequest = read_json(req).await?;
    let plan = rules::plan(body.planName.as_deref().unwrap_or(""), body.planBillingCycle.as_deref().unwrap_or(""))
        .ok_or_else(|| ApiError::from(Fixed::UnknownPlan))?;
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let workspace = current.workspace_id()?;
    let active = gate::add_active(&mut reads, workspace, app.now())?;
    let customer = add_customer(&mut reads, workspace)?;
    let seat_count = seats::add_seats(&mut reads, workspace)?;
    let results = reads.run().await?;
    let seat_count = seats::seats_in(&results, seat_count)?;
    if gate::is_active(&results, active)? {
        return Err(ApiError::from(Fixed::AlreadySubscribed));
    }
    let provider = Provider::from_env(app);
    let session_id = format!("cs_local_{}", new_id());
    let customer = ensure_customer(app, &database, current, customer_in(&results, customer)?, |batch| {
        if matches!(provider, Provider::Local) {
            batch.add(
                OPEN_LOCAL_CHECKOUT,
                &[text(&session_id), text(&current.user.id), text(plan.name), int(app.now()), text(workspace)],
            )?;
        }
        Ok(())
    })
    .await?;
    let url = provider.checkout_url(app, &customer, &current.user.id, plan, seat_count, &session_id).await?;
    json(200, &CheckoutResponse { checkoutSessionUrl: url })
}

/// `POST /api/v1/billing/customer-portal`.
pub async fn portal(app: &App, current: &SessionUser) -> ApiResult<Response> {
    let database = db(app)?;
    let known = customer_of(&database, current.workspace_id()?).await?;
    let customer = ensure_customer(app, &database, current, known, |_| Ok(())).await?;
    let url = Provider::from_env(app).portal_url(app, &customer).await?;
    json(200, &PortalResponse { customerPortalUrl: url })
}

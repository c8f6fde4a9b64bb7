//! Billing state: the subscription gate every paid feature calls, and `GET /api/v1/billing`.

pub mod gate;

use lupa_api_types::{BillingData, BillingResponse, SubscriptionDto};
use serde::Deserialize;
use worker::{Request, Response};

use crate::auth::sessions;
use crate::db::{db, failed, int, now_ms, stmt, text};
use crate::error::ApiResult;
use crate::http::json;
use crate::App;

const LIST: &str = "SELECT id, status, plan, current_period_end, cancel_at_period_end FROM subscriptions \
     WHERE user_id = ?1 ORDER BY (status IN ('active', 'trialing') AND (current_period_end IS NULL OR current_period_end > ?2)) DESC, updated_at DESC";

#[derive(Deserialize)]
struct SubscriptionRow {
    id: String,
    status: String,
    plan: String,
    current_period_end: Option<i64>,
    cancel_at_period_end: i64,
}

/// `GET /api/v1/billing`: the caller's subscriptions, active ones first.
pub async fn get(app: &App, req: &Request) -> ApiResult<Response> {
    let current = sessions::require_user(app, req).await?;
    let database = db(app)?;
    let rows = stmt(&database, LIST, &[text(&current.user.id), int(now_ms())])?
        .all()
        .await
        .map_err(failed(LIST))?
        .results::<SubscriptionRow>()
        .map_err(failed(LIST))?;
    let paid = gate::has_active_subscription(&database, &current.user.id).await?;
    let subscriptions = rows
        .into_iter()
        .map(|r| SubscriptionDto {
            id: r.id,
            status: r.status,
            plan: r.plan,
            current_period_end: r.current_period_end,
            cancel_at_period_end: r.cancel_at_period_end != 0,
        })
        .collect();
    json(200, &BillingResponse { billingData: BillingData { Subscription: subscriptions, stripe_customer_id: None, paid } })
}

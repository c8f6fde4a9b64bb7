//! Billing (`/api/v1/billing/…`): the subscription and seats, Stripe's checkout and portal, and
//! their local test-mode pages.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::wire_enums::{PlanBillingCycle, PlanName};

/// A subscription as the billing screen shows it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct SubscriptionDto {
    pub id: String,
    pub status: String,
    pub plan: String,
    #[ts(type = "number | null")]
    pub current_period_end: Option<i64>,
    pub cancel_at_period_end: bool,
}

/// `billingData` of `GET /api/v1/billing`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct BillingData {
    /// Active subscriptions first; the client uses the first one.
    pub Subscription: Vec<SubscriptionDto>,
    pub stripe_customer_id: Option<String>,
    /// True when an active subscription exists (what the gate checks).
    pub paid: bool,
    /// Seats the workspace's members take: owner, admins and researchers (observers are free).
    #[ts(type = "number")]
    pub seats: i64,
    /// The next invoice in cents (seats billed × the plan's price), while a subscription is in
    /// force and renews; `null` otherwise.
    #[serde(rename = "nextAmountCents")]
    #[ts(type = "number | null")]
    pub next_amount_cents: Option<i64>,
}

/// `GET /api/v1/billing`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct BillingResponse {
    pub billingData: BillingData,
}

/// `POST /api/v1/billing`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct CustomerResponse {
    pub customerId: String,
}

/// `POST /api/v1/billing/checkout-session`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(example = crate::examples::checkout())]
pub struct CheckoutRequest {
    #[schemars(with = "PlanName")]
    pub planName: Option<String>,
    #[schemars(with = "PlanBillingCycle")]
    pub planBillingCycle: Option<String>,
}

/// `{checkoutSessionUrl}`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct CheckoutResponse {
    pub checkoutSessionUrl: String,
}

/// `{customerPortalUrl}`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct PortalResponse {
    pub customerPortalUrl: String,
}

/// The local (test-mode) checkout page's data.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct LocalCheckoutDto {
    pub id: String,
    pub status: String,
    pub planName: String,
    pub planBillingCycle: String,
    #[ts(type = "number")]
    pub amountCents: i64,
    pub currency: String,
}

/// An invoice in the local portal.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct InvoiceDto {
    pub id: String,
    #[ts(type = "number")]
    pub amountCents: i64,
    pub currency: String,
    pub status: String,
    #[ts(type = "number")]
    pub periodStart: i64,
    #[ts(type = "number")]
    pub periodEnd: i64,
    #[ts(type = "number")]
    pub createdAt: i64,
}

/// The local (test-mode) customer portal.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct LocalPortalDto {
    pub subscription: Option<SubscriptionDto>,
    pub invoices: Vec<InvoiceDto>,
}

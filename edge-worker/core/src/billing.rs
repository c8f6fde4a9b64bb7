//! Billing rules: the one plan and billing events as we understand them. Stripe's side of it, its
//! typed requests and webhook events, is in `stripe_api` and `stripe_events`.

/// The only plan (spec §9): €29 per month, VAT included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub name: &'static str,
    pub cycle: &'static str,
    pub amount_cents: i64,
    pub currency: &'static str,
}

pub const BASIC_MONTHLY: Plan = Plan { name: "basic", cycle: "monthly", amount_cents: 2900, currency: "eur" };

pub const UNKNOWN_PLAN: &str = "Plan no disponible";
pub const ALREADY_SUBSCRIBED: &str = "El usuario ya tiene una suscripción existente, gestiónala en el portal";

/// The plan for a `planName`/`planBillingCycle` pair, if we sell it.
pub fn plan(name: &str, cycle: &str) -> Option<Plan> {
    (name == BASIC_MONTHLY.name && cycle == BASIC_MONTHLY.cycle).then_some(BASIC_MONTHLY)
}

/// A billing event (a Stripe webhook, or the local provider's equivalent) reduced to what changes
/// our rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BillingEvent {
    /// Checkout finished: links the customer to our user and names the new subscription.
    CheckoutCompleted { customer: String, subscription: Option<String>, user_id: Option<String> },
    /// A subscription was created or changed (deleted ones arrive with status `canceled`).
    Subscription { id: String, customer: String, status: String, current_period_end_ms: Option<i64>, cancel_at_period_end: bool, user_id: Option<String> },
    /// An invoice payment failed: the subscription is past due until paid.
    PaymentFailed { subscription: String },
    /// Anything else: acknowledged and ignored.
    Ignored,
}

/// A parsed event with its identity, for idempotency and ordering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub id: String,
    pub kind: String,
    /// Event creation time in epoch ms: later events win, whatever order they arrive in.
    pub created_ms: i64,
    pub event: BillingEvent,
}

/// Statuses that count as paid (spec §4: a subscription exists and is in force).
pub fn is_paid_status(status: &str) -> bool {
    matches!(status, "active" | "trialing")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_monthly_basic_plan_is_sold() {
        assert_eq!(plan("basic", "monthly"), Some(BASIC_MONTHLY));
        assert_eq!(plan("basic", "yearly"), None);
        assert_eq!(plan("pro", "monthly"), None);
        assert_eq!(BASIC_MONTHLY.amount_cents, 2900);
    }
}

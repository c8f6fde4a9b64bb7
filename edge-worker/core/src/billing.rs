//! Billing rules: the one plan and billing events as we understand them. Stripe's side of it, its
//! typed requests and webhook events, is in `stripe_api` and `stripe_events`.

/// The only plan (product §9): €29 per month, VAT included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub name: &'static str,
    pub cycle: &'static str,
    pub amount_cents: i64,
    pub currency: &'static str,
}

pub const BASIC_MONTHLY: Plan = Plan { name: "basic", cycle: "monthly", amount_cents: 2900, currency: "eur" };

/// Stripe events are small; a webhook body bigger than this is not one of them (413). Here rather
/// than in `stripe_events` because the route table, which every build has, states it.
pub const MAX_EVENT_BYTES: u64 = 512 * 1024;

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
    Subscription {
        id: String,
        customer: String,
        status: String,
        current_period_end_ms: Option<i64>,
        cancel_at_period_end: bool,
        user_id: Option<String>,
        /// The subscription's item and its quantity: the paid seats (ADR 0019), whose quantity we
        /// update when members join or leave. `None` when the event names no item.
        seats: Option<Seats>,
    },
    /// An invoice payment failed: the subscription is past due until paid.
    PaymentFailed { subscription: String },
    /// Anything else: acknowledged and ignored.
    Ignored,
}

/// The subscription item that carries the seats, and how many it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seats {
    pub item_id: String,
    pub quantity: u64,
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

/// Statuses that count as paid (product §4: a subscription exists and is in force).
pub const PAID_STATUSES: [&str; 2] = ["active", "trialing"];

pub fn is_paid_status(status: &str) -> bool {
    PAID_STATUSES.contains(&status)
}

/// The paid rule as SQL, for queries that check it in the batch that needs it: a subscription row
/// (columns prefixed with the literal given, `""` or `"s."`) with a paid status whose period has
/// not ended at `?2` (now, ms). The one place the rule is written for D1; a test keeps its status
/// list equal to [`PAID_STATUSES`].
#[macro_export]
macro_rules! paid_subscription_sql {
    ($prefix:literal) => {
        concat!(
            $prefix,
            "status IN ('active', 'trialing') AND (",
            $prefix,
            "current_period_end IS NULL OR ",
            $prefix,
            "current_period_end > ?2)"
        )
    };
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

    #[test]
    fn the_sql_paid_rule_names_exactly_the_paid_statuses() {
        let sql = paid_subscription_sql!("s.");
        let list = PAID_STATUSES.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ");
        assert!(sql.starts_with(&format!("s.status IN ({list}) AND (")), "{sql}");
        assert!(sql.ends_with("s.current_period_end > ?2)"), "{sql}");
        assert!(is_paid_status("trialing") && !is_paid_status("past_due") && !is_paid_status("canceled"));
    }
}
